#include "core/filter/prefix_graph.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/filter/prefix_filter.h"
#include "tests/support/aligned_bytes.h"

namespace spellfilter {
namespace {

using Written = PrefixFilter::Written;

// A word list with its written forms, and what the automaton must answer:
// the set of the words' prefixes (and of the reversed words' prefixes),
// and each word's end mask.
struct Expected {
  std::set<std::u32string> prefixes;
  std::set<std::u32string> reversed_prefixes;
  std::map<std::u32string, uint32_t> masks;
};

class PrefixGraphTest : public ::testing::Test {
 protected:
  // Builds from (word, written) pairs through PrefixFilterBuilder's sorted
  // lists, the builder's own path.
  void Build(const std::vector<std::pair<std::u32string, Written>>& words) {
    PrefixFilterBuilder filter(7);
    expected_.prefixes.insert(U"");  // the roots
    expected_.reversed_prefixes.insert(U"");
    for (const auto& [w, how] : words) {
      filter.AddWord(w, how);
      expected_.masks[w] |= 1u << static_cast<uint32_t>(how);
      for (size_t n = 0; n <= w.size(); ++n) {
        expected_.prefixes.insert(w.substr(0, n));
        expected_.reversed_prefixes.insert(
            std::u32string(w.rbegin(), w.rbegin() + n));
      }
    }
    PrefixGraphBuilder graph;
    filter.FeedGraph(&graph);
    const uint64_t predicted = graph.EncodedBytes();
    section_ = std::make_unique<Aligned>(graph.Encode());
    EXPECT_EQ(section_->span.size(), predicted);
    ASSERT_EQ(PrefixGraph::Parse(section_->span, &graph_), nullptr);
    nodes_ = graph.nodes();
    edges_ = graph.edges();
  }

  // Every string the automaton spells from `root`, with its end mask.
  std::map<std::u32string, uint32_t> Spelled(PrefixGraph::State root) const {
    std::map<std::u32string, uint32_t> out;
    std::vector<std::pair<std::u32string, PrefixGraph::State>> stack = {
        {U"", root}};
    while (!stack.empty()) {
      auto [s, state] = stack.back();
      stack.pop_back();
      EXPECT_TRUE(out.emplace(s, graph_.EndMask(state)).second);
      graph_.ForEachChild(state, [&](int label, PrefixGraph::State child) {
        stack.emplace_back(s + graph_.labels()[label], child);
      });
    }
    return out;
  }

  // The automaton spells exactly the prefixes, forward and reversed, with
  // the words' masks; and Next agrees with ForEachChild for every prefix
  // and every letter (plus letters no word has).
  void ExpectExact() {
    const auto forward = Spelled(graph_.root());
    std::set<std::u32string> spelled;
    for (const auto& [s, mask] : forward) {
      spelled.insert(s);
      const auto it = expected_.masks.find(s);
      EXPECT_EQ(mask, it == expected_.masks.end() ? 0u : it->second);
    }
    EXPECT_EQ(spelled, expected_.prefixes);
    std::set<std::u32string> reversed;
    for (const auto& [s, mask] : Spelled(graph_.reverse_root())) {
      reversed.insert(s);
      EXPECT_EQ(mask, 0u);
    }
    EXPECT_EQ(reversed, expected_.reversed_prefixes);

    std::set<char32_t> letters(graph_.labels().begin(), graph_.labels().end());
    letters.insert({U'a', U'z', U'é', U'\u0430', U'\u4e2d', U'\U0001F600',
                    U'\u024F', U'\u0250'});
    for (const std::u32string& p : expected_.prefixes) {
      PrefixGraph::State s = graph_.root();
      for (char32_t c : p) ASSERT_TRUE(graph_.NextLetter(s, c, &s));
      for (char32_t c : letters) {
        PrefixGraph::State next = 0;
        EXPECT_EQ(graph_.NextLetter(s, c, &next),
                  expected_.prefixes.contains(p + c));
      }
    }
  }

  Expected expected_;
  std::unique_ptr<Aligned> section_;
  PrefixGraph graph_;
  uint64_t nodes_ = 0;
  uint64_t edges_ = 0;
};

TEST_F(PrefixGraphTest, Empty) {
  Build({});
  EXPECT_EQ(edges_, 0u);
  PrefixGraph::State s = 0;
  EXPECT_FALSE(graph_.NextLetter(graph_.root(), U'a', &s));
  EXPECT_FALSE(graph_.NextLetter(graph_.reverse_root(), U'a', &s));
  ExpectExact();
}

TEST_F(PrefixGraphTest, OneWord) {
  Build({{U"word", Written::kLower}});
  ExpectExact();
}

TEST_F(PrefixGraphTest, OneLetterWritten) {
  Build({{U"a", Written::kLower}, {U"a", Written::kAllUpper}});
  ExpectExact();
}

TEST_F(PrefixGraphTest, LongWords) {
  std::u32string a(300, U'a');
  std::u32string b = a + U"b";
  std::u32string c(1000, U'é');
  Build({{a, Written::kLower}, {b, Written::kOther}, {c, Written::kLower}});
  ExpectExact();
}

TEST_F(PrefixGraphTest, NonAscii) {
  Build({{U"straße", Written::kLower},
         {U"ärger", Written::kCapitalised},
         {U"москва", Written::kCapitalised},
         {U"москвы", Written::kCapitalised},
         {U"中国", Written::kLower},
         {U"\U0001F600x", Written::kOther},
         {U"ɐɐ", Written::kLower}});  // U+0250: past the lookup table
  ExpectExact();
}

// Inflections share their endings: the automaton has one path for the
// shared endings (fewer edges than the trie), and still spells exactly the
// words, with each word's own end mask.
TEST_F(PrefixGraphTest, SharedSuffixes) {
  std::vector<std::pair<std::u32string, Written>> words;
  const std::u32string stems[] = {U"parl", U"chant", U"mang",  U"aim",
                                  U"donn", U"pens",  U"trouv", U"arriv"};
  const std::u32string endings[] = {
      U"er",   U"e",   U"es",    U"ons", U"ez", U"ent", U"ais", U"ait",
      U"ions", U"iez", U"aient", U"é",   U"ée", U"és",  U"ées", U"ant"};
  for (const auto& s : stems) {
    for (const auto& e : endings) words.emplace_back(s + e, Written::kLower);
  }
  words.emplace_back(U"parle", Written::kCapitalised);  // a different mask
  Build(words);
  ExpectExact();
  size_t trie_edges =
      expected_.prefixes.size() - 1 + expected_.reversed_prefixes.size() - 1;
  EXPECT_LT(edges_ * 3, trie_edges);
}

TEST_F(PrefixGraphTest, RandomWordsWithRepeats) {
  std::mt19937 rng(5);
  std::vector<std::pair<std::u32string, Written>> words;
  for (int i = 0; i < 3000; ++i) {
    std::u32string w;
    const int len = 1 + rng() % 9;
    for (int k = 0; k < len; ++k) w.push_back(U"abcdeéßж"[rng() % 8]);
    words.emplace_back(w, static_cast<Written>(rng() % 4));
    if (i % 7 == 0) words.push_back(words.back());
  }
  Build(words);
  ExpectExact();
}

TEST_F(PrefixGraphTest, RefusesDamage) {
  Build({{U"abc", Written::kLower}, {U"abd", Written::kLower}});
  const std::string good(reinterpret_cast<const char*>(section_->span.data()),
                         section_->span.size());
  PrefixGraph g;
  {
    Aligned short_one(good.substr(0, good.size() - 8));
    EXPECT_NE(PrefixGraph::Parse(short_one.span, &g), nullptr);
  }
  {
    std::string bad = good;
    bad[0] ^= 1;
    Aligned a(bad);
    EXPECT_NE(PrefixGraph::Parse(a.span, &g), nullptr);
  }
  // Every slot's bits flipped in turn: either refused, or a walk from the
  // roots stays in range (checked under ASan in CI).
  const size_t header =
      good.size() - ((graph_.slots() * graph_.slot_bits() + 63) / 64 + 1) * 8;
  for (size_t byte = header; byte < good.size(); ++byte) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string bad = good;
      bad[byte] ^= static_cast<char>(1 << bit);
      Aligned a(bad);
      if (PrefixGraph::Parse(a.span, &g) != nullptr) continue;
      // A target changed may make a cycle: counted, never looped over.
      uint64_t count = 0;
      (void)g.CountTrieEdges(&count);
      std::vector<PrefixGraph::State> stack = {g.root(), g.reverse_root()};
      int steps = 0;
      while (!stack.empty() && ++steps < 1000) {
        const PrefixGraph::State s = stack.back();
        stack.pop_back();
        g.ForEachChild(s, [&](int label, PrefixGraph::State child) {
          EXPECT_LT(static_cast<size_t>(label), g.labels().size());
          stack.push_back(child);
        });
      }
    }
  }
}

// The filter made again from the graph is the filter the builder writes,
// byte for byte (the suggester's walks then cannot tell them apart).
TEST(PrefixGraphRebuildTest, SameBytesAsTheFilter) {
  std::mt19937 rng(9);
  PrefixFilterBuilder filter(31);
  PrefixFilterBuilder same(31);
  for (int i = 0; i < 5000; ++i) {
    std::u32string w;
    const int len = 1 + rng() % 12;
    for (int k = 0; k < len; ++k) w.push_back(U"abcdeéßжx"[rng() % 9]);
    const auto how = static_cast<Written>(rng() % 4);
    filter.AddWord(w, how);
    same.AddWord(w, how);
  }
  PrefixGraphBuilder graph;
  same.FeedGraph(&graph);
  const std::string header = same.Header(0.01);
  Aligned g(graph.Encode());
  PrefixGraph view;
  ASSERT_EQ(PrefixGraph::Parse(g.span, &view), nullptr);
  std::vector<uint64_t> rebuilt;
  ASSERT_EQ(view.RebuildFilter(std::as_bytes(std::span<const char>(header)),
                               &rebuilt),
            nullptr);
  const std::string expected = filter.Encode(0.01);
  ASSERT_EQ(rebuilt.size() * 8, expected.size());
  EXPECT_EQ(std::memcmp(rebuilt.data(), expected.data(), expected.size()), 0);
  EXPECT_EQ(header, expected.substr(0, kPrefixHeaderBytes));
  uint64_t counted = 0;
  ASSERT_TRUE(view.CountTrieEdges(&counted));
  EXPECT_EQ(counted, same.edges());
  // A header that is not the graph's is refused: another edge count, or a
  // bit count that is no multiple of 512.
  std::string other = header;
  other[24] ^= 1;
  EXPECT_NE(
      view.RebuildFilter(std::as_bytes(std::span<const char>(other)), &rebuilt),
      nullptr);
  std::string bad = header;
  bad[8] ^= 1;  // the bit count, no longer a multiple of 512
  EXPECT_NE(
      view.RebuildFilter(std::as_bytes(std::span<const char>(bad)), &rebuilt),
      nullptr);
}

}  // namespace
}  // namespace spellfilter
