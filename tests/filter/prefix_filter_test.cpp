#include "core/filter/prefix_filter.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tests/support/aligned_bytes.h"

namespace spellfilter {
namespace {

std::vector<std::u32string> RandomWords(int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::u32string> out;
  for (int i = 0; i < n; ++i) {
    std::u32string w;
    const int len = 2 + rng() % 10;
    for (int k = 0; k < len; ++k) w.push_back(U'a' + rng() % 26);
    out.push_back(w);
  }
  return out;
}

// Every test runs for the scheme `build` writes (kSum) and for the one of
// older files (kXor), which still read.
class PrefixFilterTest : public ::testing::TestWithParam<ProbeScheme> {
 protected:
  void Build(const std::vector<std::u32string>& words, double fp) {
    PrefixFilterBuilder b(99);
    b.set_scheme(GetParam());
    for (const auto& w : words) b.AddWord(w, PrefixFilter::Written::kLower);
    edges_ = b.edges();
    section_ = std::make_unique<Aligned>(b.Encode(fp));
    ASSERT_EQ(PrefixFilter::Parse(section_->span, &filter_), nullptr);
    ASSERT_EQ(filter_.scheme(), GetParam());
  }
  bool HasPrefix(std::u32string_view p) const {
    PrefixFilter::State s = filter_.root();
    for (char32_t c : p) {
      if (!filter_.MayContinue(s, c)) return false;
      s = PrefixFilter::Next(s, c);
    }
    return true;
  }
  bool HasSuffix(std::u32string_view p) const {
    PrefixFilter::State s = filter_.reverse_root();
    for (auto it = p.rbegin(); it != p.rend(); ++it) {
      if (!filter_.MayContinue(s, *it)) return false;
      s = PrefixFilter::Next(s, *it);
    }
    return true;
  }
  bool Ends(std::u32string_view w, PrefixFilter::Written how) const {
    PrefixFilter::State s = filter_.root();
    for (char32_t c : w) s = PrefixFilter::Next(s, c);
    return filter_.MayContinue(s, PrefixFilter::EndMarker(how));
  }

  uint64_t edges_ = 0;
  std::unique_ptr<Aligned> section_;
  PrefixFilter filter_;
};

TEST_P(PrefixFilterTest, EveryPrefixAndSuffixOfEveryWordIsThere) {
  const std::vector<std::u32string> words = RandomWords(3000, 1);
  Build(words, 0.01);
  for (const auto& w : words) {
    for (size_t k = 0; k <= w.size(); ++k) {
      ASSERT_TRUE(HasPrefix(w.substr(0, k)));
      ASSERT_TRUE(HasSuffix(w.substr(k)));
    }
    ASSERT_TRUE(Ends(w, PrefixFilter::Written::kLower));
  }
}

TEST_P(PrefixFilterTest, CountsDistinctEdgesOfBothTries) {
  // Forward: a, ab, abc, abd; end markers of abc, abd; backward: c, cb,
  // cba, d, db, dba.
  Build({U"abc", U"abd", U"abc"}, 0.01);
  EXPECT_EQ(edges_, 12u);
  EXPECT_EQ(filter_.edges(), 12u);
  EXPECT_EQ(filter_.probes(), PrefixFilter::kEdgeProbes);
}

TEST_P(PrefixFilterTest, FalseEdgesNearTheTargetRate) {
  const std::vector<std::u32string> words = RandomWords(20000, 2);
  Build(words, 0.01);
  std::set<std::u32string> prefixes;
  for (const auto& w : words) {
    for (size_t k = 1; k <= w.size(); ++k) prefixes.insert(w.substr(0, k));
  }
  // Absent one-letter continuations of present prefixes: what the suggester
  // asks most.
  int trials = 0;
  int false_edges = 0;
  for (const auto& p : prefixes) {
    if (trials >= 200000) break;
    PrefixFilter::State s = filter_.root();
    for (char32_t c : p) s = PrefixFilter::Next(s, c);
    for (char32_t c = U'A'; c <= U'Z'; ++c) {  // never in a word
      ++trials;
      false_edges += filter_.MayContinue(s, c);
    }
  }
  const double rate = double(false_edges) / trials;
  std::printf("false edges: %d of %d = %.4f (target 0.01)\n", false_edges,
              trials, rate);
  // Blocked by prefix, the load varies a little more than for independent
  // items; the measured rate stays within a factor 2 of the target.
  EXPECT_LT(rate, 0.02) << rate;
  EXPECT_GT(rate, 0.002) << rate;
}

// HasAmong answers as Has letter by letter, for any set of letters, on
// true and false edges, on every vector path this processor has for the
// scheme (AVX-512; AVX2 for kSum) and letter by letter.
TEST_P(PrefixFilterTest, HasAmongAgreesWithHas) {
  const std::vector<std::u32string> words = RandomWords(5000, 3);
  Build(words, 0.05);  // a fuller filter: more false edges to agree on
  // Letters 0..63 are a..., 64..127 other code points; words use a-z.
  PrefixFilter::LetterKeys keys;
  for (size_t j = 0; j < PrefixFilter::kMaxKeys; ++j) {
    keys.Set(j, j < 64 ? U'a' + j : U'\u0400' + j);
  }
  std::vector<PrefixFilter::Simd> levels;
  for (const PrefixFilter::Simd level :
       {PrefixFilter::Simd::kNone, PrefixFilter::Simd::kAvx2,
        PrefixFilter::Simd::kAvx512}) {
    if (filter_.UseSimd(level)) levels.push_back(level);
  }
  std::printf("vector paths tested: %zu of 3\n", levels.size());
  std::mt19937_64 rng(4);
  int present = 0;
  for (const auto& w : words) {
    PrefixFilter::State s = filter_.root();
    for (size_t k = 0; k < w.size(); ++k) {
      const uint64_t* block = filter_.Block(s);
      for (uint64_t wanted :
           {~uint64_t{0}, uint64_t{0}, uint64_t{1} << (rng() % 64),
            rng() & rng(), rng(), (uint64_t{1} << 26) - 1}) {
        for (size_t first : {size_t{0}, size_t{64}}) {
          uint64_t expected = 0;
          for (int j = 0; j < 64; ++j) {
            if ((wanted >> j) & 1) {
              expected |= uint64_t{filter_.Has(block, s, keys.raw[first + j])}
                          << j;
            }
          }
          for (const PrefixFilter::Simd level : levels) {
            ASSERT_TRUE(filter_.UseSimd(level));
            ASSERT_EQ(filter_.HasAmong(block, s, keys, first, wanted), expected)
                << static_cast<int>(level);
          }
          ASSERT_EQ(filter_.HasAmongScalar(block, s, keys, first, wanted),
                    expected);
          present += std::popcount(expected);
        }
      }
      s = PrefixFilter::Next(s, w[k]);
    }
  }
  EXPECT_GT(present, 0);
}

TEST_P(PrefixFilterTest, ParseRejectsDamagedSections) {
  Build({U"word"}, 0.01);
  PrefixFilter f;
  const std::string whole(reinterpret_cast<const char*>(section_->span.data()),
                          section_->span.size());
  {
    Aligned a(whole.substr(0, kPrefixHeaderBytes - 1));
    EXPECT_NE(PrefixFilter::Parse(a.span, &f), nullptr);
  }
  {
    Aligned a(whole.substr(0, whole.size() - 8));
    EXPECT_NE(PrefixFilter::Parse(a.span, &f), nullptr);
  }
  {
    std::string bad = whole;
    bad[16] = 0;  // no probes
    Aligned a(bad);
    EXPECT_NE(PrefixFilter::Parse(a.span, &f), nullptr);
  }
  {
    std::string bad = whole;
    bad[20] = 2;  // a probe scheme this version does not know
    Aligned a(bad);
    EXPECT_STREQ(PrefixFilter::Parse(a.span, &f),
                 "unsupported prefix filter probe scheme");
  }
  EXPECT_TRUE(f.empty());
}

INSTANTIATE_TEST_SUITE_P(Schemes, PrefixFilterTest,
                         ::testing::Values(ProbeScheme::kSum,
                                           ProbeScheme::kXor),
                         [](const ::testing::TestParamInfo<ProbeScheme>& info) {
                           return info.param == ProbeScheme::kSum ? "Sum"
                                                                  : "Xor";
                         });

// The section is the documented format (docs/dictionary_format.md,
// PREFIXES) built from the set of distinct (state, letter key) pairs, which
// is computed here the plain way, by walking every word from its root: the
// builder's sorted-list walk must count and insert exactly these. Words
// share long prefixes and suffixes, repeat with another Written, and use
// two-, three- and four-byte letters.
void CheckSectionFormat(ProbeScheme scheme) {
  const char32_t letters[] = {U'a', U'b', U'\u00E9', U'\u0436', U'\u4E2D',
                              U'\U0001D51E'};
  std::mt19937 rng(5);
  std::vector<std::pair<std::u32string, PrefixFilter::Written>> words;
  for (int i = 0; i < 4000; ++i) {
    std::u32string w;
    const int len = 1 + rng() % 9;
    for (int k = 0; k < len; ++k) w.push_back(letters[rng() % 6]);
    words.emplace_back(w, static_cast<PrefixFilter::Written>(rng() % 4));
    if (rng() % 4 == 0) words.push_back(words.back());  // a repeat
  }
  const uint64_t seed = 1234;
  PrefixFilterBuilder b(seed);
  b.set_scheme(scheme);
  std::set<std::pair<uint64_t, uint64_t>> edges;
  for (const auto& [w, how] : words) {
    b.AddWord(w, how);
    PrefixFilter::State s = PrefixFilter::Root(seed);
    for (char32_t c : w) {
      edges.emplace(s, PrefixFilter::LetterKey(c));
      s = PrefixFilter::Next(s, c);
    }
    edges.emplace(s, PrefixFilter::LetterKey(PrefixFilter::EndMarker(how)));
    s = PrefixFilter::ReverseRoot(seed);
    for (auto it = w.rbegin(); it != w.rend(); ++it) {
      edges.emplace(s, PrefixFilter::LetterKey(*it));
      s = PrefixFilter::Next(s, *it);
    }
  }
  EXPECT_EQ(b.edges(), edges.size());
  const std::string section = b.Encode(0.01);
  Aligned a(section);
  PrefixFilter f;
  ASSERT_EQ(PrefixFilter::Parse(a.span, &f), nullptr);
  EXPECT_EQ(f.edges(), edges.size());
  uint32_t scheme_field;
  std::memcpy(&scheme_field, section.data() + 20, 4);  // little-endian host
  EXPECT_EQ(scheme_field, static_cast<uint32_t>(scheme));
  std::vector<uint64_t> expected(f.bits() / 64, 0);
  const uint64_t blocks = f.bits() / 512;
  for (const auto& [parent, key] : edges) {
    const uint64_t block = static_cast<uint64_t>(
        (static_cast<unsigned __int128>(parent) * blocks) >> 64);
    // m_i = 0xBF58476D1CE4E5B9 * phi^i; kSum: the top 9 bits of
    // (high half of the state + low half of the key) * (low half of m_i),
    // mod 2^32; kXor: of (state xor key) * m_i, mod 2^64.
    uint64_t m = 0xBF58476D1CE4E5B9ull;
    for (uint32_t i = 0; i < PrefixFilter::kEdgeProbes; ++i) {
      const uint32_t sum = static_cast<uint32_t>(parent >> 32) +
                           static_cast<uint32_t>(key);
      const uint64_t at = scheme == ProbeScheme::kSum
                              ? (sum * static_cast<uint32_t>(m)) >> 23
                              : ((parent ^ key) * m) >> 55;
      const uint64_t bit = block * 512 + at;
      expected[bit / 64] |= uint64_t{1} << (bit % 64);
      m *= 0x9E3779B97F4A7C15ull;
    }
  }
  ASSERT_EQ(section.size(), kPrefixHeaderBytes + expected.size() * 8);
  EXPECT_EQ(std::memcmp(section.data() + kPrefixHeaderBytes, expected.data(),
                        expected.size() * 8),
            0);
  // The order of the words does not matter.
  PrefixFilterBuilder reversed(seed);
  reversed.set_scheme(scheme);
  for (auto it = words.rbegin(); it != words.rend(); ++it) {
    reversed.AddWord(it->first, it->second);
  }
  EXPECT_EQ(reversed.Encode(0.01), section);
  // Nor the threads: with two, the reversed words' edges are set on a
  // second thread into an array of their own and OR-ed in.
  PrefixFilterBuilder threaded(seed);
  threaded.set_scheme(scheme);
  threaded.set_threads(2);
  for (const auto& [w, how] : words) threaded.AddWord(w, how);
  EXPECT_EQ(threaded.Encode(0.01), section);
}

// For the scheme `build` writes and for the older one.
TEST(PrefixFilterBuilderTest, SectionIsTheFormatOfTheDistinctEdges) {
  for (const ProbeScheme scheme : {ProbeScheme::kSum, ProbeScheme::kXor}) {
    SCOPED_TRACE(static_cast<int>(scheme));
    CheckSectionFormat(scheme);
  }
}


// A size cap (Encode's max_bytes): the section fits it when max_fp allows,
// is never sparser than max_fp, records the rate its size gives, and still
// has every edge of every word (empty, one letter, long, non-ASCII).
class PrefixFilterCapTest : public ::testing::Test {
 protected:
  static std::vector<std::u32string> Words() {
    std::vector<std::u32string> words = RandomWords(4000, 7);
    words.push_back(U"");
    words.push_back(U"x");
    words.push_back(std::u32string(300, U'\u0436') + U"\u00e9\U0001F600");
    words.push_back(U"\u00e9l\u00e8ve");
    words.push_back(U"\u043f\u0440\u0438\u0432\u0435\u0442");
    return words;
  }
  static std::string Encode(const std::vector<std::u32string>& words,
                            uint64_t max_bytes, double max_fp = 0.03,
                            uint64_t* uncapped = nullptr) {
    PrefixFilterBuilder b(5);
    for (const auto& w : words) b.AddWord(w, PrefixFilter::Written::kLower);
    if (uncapped != nullptr) *uncapped = b.EncodedBytes(0.01);
    return b.Encode(0.01, max_bytes, max_fp);
  }
  static void ExpectEveryEdge(const std::vector<std::u32string>& words,
                              const PrefixFilter& f) {
    for (const auto& w : words) {
      PrefixFilter::State s = f.root();
      for (char32_t c : w) {
        ASSERT_TRUE(f.MayContinue(s, c));
        s = PrefixFilter::Next(s, c);
      }
      ASSERT_TRUE(f.MayContinue(s, PrefixFilter::EndMarker(
                                           PrefixFilter::Written::kLower)));
      s = f.reverse_root();
      for (auto it = w.rbegin(); it != w.rend(); ++it) {
        ASSERT_TRUE(f.MayContinue(s, *it));
        s = PrefixFilter::Next(s, *it);
      }
    }
  }
};

TEST_F(PrefixFilterCapTest, NoCapOrARoomyOneChangesNothing) {
  const std::vector<std::u32string> words = Words();
  uint64_t uncapped = 0;
  const std::string plain = Encode(words, 0, 0.05, &uncapped);
  EXPECT_EQ(plain.size(), uncapped);
  EXPECT_EQ(Encode(words, plain.size()), plain);
  EXPECT_EQ(Encode(words, plain.size() * 3), plain);
}

TEST_F(PrefixFilterCapTest, FitsTheCapWithEveryEdge) {
  const std::vector<std::u32string> words = Words();
  const std::string plain = Encode(words, 0);
  const uint64_t cap = plain.size() * 3 / 4;
  const std::string capped = Encode(words, cap);
  EXPECT_LE(capped.size(), cap);
  EXPECT_GT(capped.size() + 64, cap);  // the most blocks that fit
  Aligned section(capped);
  PrefixFilter f;
  ASSERT_EQ(PrefixFilter::Parse(section.span, &f), nullptr);
  EXPECT_GT(f.target_fp(), 0.01);
  EXPECT_LE(f.target_fp(), 0.03);
  ExpectEveryEdge(words, f);
}

// A cap that max_fp cannot reach is not pursued: the section is as without
// it. Just within reach: the fewest blocks that meet max_fp.
TEST_F(PrefixFilterCapTest, ACapOutOfReachChangesNothing) {
  const std::vector<std::u32string> words = Words();
  const std::string plain = Encode(words, 0);
  EXPECT_EQ(Encode(words, 1), plain);  // no room at all
  PrefixFilterBuilder sizing(5);
  for (const auto& w : words) sizing.AddWord(w, PrefixFilter::Written::kLower);
  const uint64_t floor_bytes = sizing.EncodedBytes(0.03);
  ASSERT_LT(floor_bytes, plain.size());
  EXPECT_EQ(Encode(words, floor_bytes - 64), plain);
  const std::string thinnest = Encode(words, floor_bytes);
  EXPECT_EQ(thinnest.size(), floor_bytes);
  Aligned section(thinnest);
  PrefixFilter f;
  ASSERT_EQ(PrefixFilter::Parse(section.span, &f), nullptr);
  EXPECT_LE(f.target_fp(), 0.03);
  EXPECT_GT(f.target_fp(), 0.02);
  ExpectEveryEdge(words, f);
  // A stricter maximum: out of reach.
  EXPECT_EQ(Encode(words, floor_bytes, 0.02), plain);
  // One word, and none: still valid sections.
  for (const auto& few : {std::vector<std::u32string>{U"\u00e9"},
                          std::vector<std::u32string>{}}) {
    Aligned one(Encode(few, 1));
    PrefixFilter g;
    ASSERT_EQ(PrefixFilter::Parse(one.span, &g), nullptr);
    ExpectEveryEdge(few, g);
  }
}

}  // namespace
}  // namespace spellfilter
