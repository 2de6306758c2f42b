// The COMPOUND_EDGES pre-test (compound_edges.h): format round trip and
// validation, that it never refuses a compound the split search accepts
// (random parts and words, the search with and without it), that it spares
// the search's probes for the words it refuses, and that the dictionary
// builder writes it and the reader attaches it.
#include "core/filter/compound_edges.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/check/compound_splitter.h"
#include "core/dictionary/builder.h"
#include "core/dictionary/dictionary.h"
#include "core/filter/compound_filter.h"
#include "core/util/byte_order.h"
#include "core/util/hash.h"
#include "tests/support/aligned_bytes.h"

namespace spellfilter {
namespace {

constexpr CompoundRole kB = CompoundRole::kBegin;
constexpr CompoundRole kM = CompoundRole::kMiddle;
constexpr CompoundRole kE = CompoundRole::kEnd;
constexpr auto kAnyRule = static_cast<CompoundRole>(kAnyRuleFlagRole);

std::u32string Letters(const std::string& utf8) {
  std::u32string out;
  for (size_t i = 0; i < utf8.size();) {
    const auto c = static_cast<unsigned char>(utf8[i]);
    const size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t v = len == 1 ? c : c & (0x7F >> len);
    for (size_t k = 1; k < len; ++k) {
      v = v << 6 | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    }
    out.push_back(v);
    i += len;
  }
  return out;
}

// Both forms of the test, which must agree.
bool May(const CompoundEdges& e, const std::string& word) {
  const std::u32string l = Letters(word);
  const bool may =
      e.MayBeCompound(std::span<const char32_t>(l.data(), l.size()));
  EXPECT_EQ(e.MayBeCompoundUtf8(word), may) << word;
  return may;
}

struct Edges {
  explicit Edges(const std::string& section) : bytes(section) {
    problem = CompoundEdges::Parse(bytes.span, &edges);
  }
  Aligned bytes;
  CompoundEdges edges;
  const char* problem = nullptr;
};

TEST(CompoundEdgesTest, FirstAndLastLettersOfThePartKeys) {
  CompoundFilterBuilder b(1, CompoundSettings{});
  b.Add(kB, "haus");
  b.Add(kB, "ö");      // a part of one letter
  b.Add(kM, "mitte");  // middles neither start nor end a compound
  b.Add(kE, "tür");
  b.Add(kAnyRule, "1st");  // a rule part may be first and last
  Edges e(b.EncodeEdges());
  ASSERT_EQ(e.problem, nullptr) << e.problem;
  EXPECT_FALSE(e.edges.empty());
  EXPECT_TRUE(May(e.edges, "haustür"));
  EXPECT_TRUE(May(e.edges, "hamitteür"));  // the edges only: ha…ür
  EXPECT_TRUE(May(e.edges, "öxyzür"));     // "ö" alone starts one
  EXPECT_TRUE(May(e.edges, "1s9st"));
  EXPECT_TRUE(May(e.edges, "haus1st"));
  EXPECT_FALSE(May(e.edges, "mittetür"));   // no first part starts "mi"
  EXPECT_FALSE(May(e.edges, "hbustür"));    // nor "hb"
  EXPECT_FALSE(May(e.edges, "hausmitte"));  // no last part ends "te"
  EXPECT_FALSE(May(e.edges, "haustüx"));
  EXPECT_FALSE(May(e.edges, "h"));               // shorter than two letters
  EXPECT_FALSE(e.edges.MayBeCompoundUtf8("ö"));  // one letter, two bytes
  EXPECT_FALSE(e.edges.MayBeCompoundUtf8("\xc3ür"));  // not UTF-8 at an edge
  EXPECT_FALSE(e.edges.MayBeCompoundUtf8("ha\xbc"));
}

TEST(CompoundEdgesTest, DamagedSectionIsRefused) {
  CompoundEdgesBuilder b;
  ASSERT_TRUE(b.Add("ab", true, true));
  ASSERT_TRUE(b.Add("c", true, false));
  const std::string good = b.Encode();
  EXPECT_EQ(Edges(good).problem, nullptr);
  EXPECT_STREQ(Edges(good.substr(0, 4)).problem,
               "compound edges: truncated header");
  EXPECT_STREQ(Edges(good.substr(0, good.size() - 8)).problem,
               "compound edges: size does not match its counts");
  std::string swapped = good;  // the two starts: ('a','b') ('c',0)
  std::memcpy(swapped.data() + 8, good.data() + 16, 8);
  std::memcpy(swapped.data() + 16, good.data() + 8, 8);
  EXPECT_STREQ(Edges(swapped).problem, "compound edges: entries out of order");
  std::string beyond = good;
  const uint64_t v = uint64_t{0x110000} << 32;
  std::memcpy(beyond.data() + 16, &v, 8);
  EXPECT_STREQ(Edges(beyond).problem, "compound edges: not a code point");
  // Not valid UTF-8: no entry, and no section from the keys.
  EXPECT_FALSE(b.Add("a\xff", true, true));
  CompoundFilterBuilder keys(1, CompoundSettings{});
  keys.Add(kB, "a\xff");
  EXPECT_TRUE(keys.EncodeEdges().empty());
}

// The pre-test never changes the search's answer: random parts over a
// small alphabet (so that many words are compounds), every role, words of
// 2-9 letters, the search with and without the edges attached.
TEST(CompoundEdgesTest, NeverRefusesACompoundTheSearchAccepts) {
  std::mt19937 rng(32);
  const std::vector<std::string> alphabet = {"a", "b", "c", "€", "é", "𝔸"};
  auto random_string = [&](size_t min, size_t max) {
    std::string s;
    const size_t n = min + rng() % (max - min + 1);
    for (size_t i = 0; i < n; ++i) s += alphabet[rng() % alphabet.size()];
    return s;
  };
  for (uint32_t min_part : {1u, 2u}) {
    CompoundSettings settings;
    settings.min_part = min_part;
    CompoundFilterBuilder b(5, settings);
    for (int i = 0; i < 90; ++i) {
      b.Add(static_cast<CompoundRole>(rng() % 3), random_string(min_part, 4));
    }
    Aligned parts_bytes(b.Encode(kDefaultCompoundFalsePositiveRate));
    CompoundFilter plain;
    ASSERT_EQ(CompoundFilter::Parse(parts_bytes.span, &plain), nullptr);
    CompoundFilter tested = plain;
    Edges e(b.EncodeEdges());
    ASSERT_EQ(e.problem, nullptr);
    tested.AttachEdges(&e.edges);
    CompoundSplitter without(plain);
    CompoundSplitter with(tested);
    int compounds = 0;
    int refused_early = 0;
    for (int i = 0; i < 4000; ++i) {
      const std::string w = random_string(2 * min_part, 9);
      uint32_t probes = 0;
      const bool expected = without.IsCompound(w);
      EXPECT_EQ(with.IsCompound(w, &probes), expected) << w;
      compounds += expected;
      if (!May(e.edges, w)) {
        EXPECT_FALSE(expected) << w;
        EXPECT_EQ(probes, 0u) << w;  // refused before any probe
        ++refused_early;
      }
    }
    // Both kinds occur, or the test tests nothing.
    EXPECT_GT(compounds, 50) << min_part;
    EXPECT_GT(refused_early, 50) << min_part;
  }
}

// Builds a dictionary image with the words and compound parts given.
std::string Image(
    const std::vector<std::pair<CompoundRole, std::string>>& parts) {
  BuildOptions o;
  o.language = "de";
  DictionaryBuilder b(o);
  EXPECT_TRUE(b.AddLine("Haus", "t").ok());
  b.EnableCompounds(CompoundSettings{});
  for (const auto& [role, part] : parts) {
    EXPECT_TRUE(b.AddCompoundPart(role, part, "t").ok());
  }
  StatusOr<std::string> image = b.Finish(nullptr);
  EXPECT_TRUE(image.ok());
  return image.ok() ? *image : std::string();
}

TEST(CompoundEdgesTest, DictionaryFileCarriesAndAttachesTheSection) {
  const std::string image = Image({{kB, "haus"}, {kE, "tür"}});
  auto d = Dictionary::FromBytes(image, "t.sfd");
  ASSERT_TRUE(d.ok()) << d.status().message();
  const CompoundEdges* edges = (*d)->compound_parts().edges();
  ASSERT_NE(edges, nullptr);
  EXPECT_TRUE(May(*edges, "haustür"));
  EXPECT_FALSE(May(*edges, "türhaus"));
  CompoundSplitter split((*d)->compound_parts());
  EXPECT_TRUE(split.IsCompound("haustür"));
  uint32_t probes = 1;
  EXPECT_FALSE(split.IsCompound("türhaus", &probes));
  EXPECT_EQ(probes, 0u);

  // An old reader skips the section (an unknown optional type): renamed,
  // the file loads, searches every word and answers the same.
  std::string renamed = image;
  const uint32_t count = GetFixed<uint32_t>(renamed.data() + 24);
  bool found = false;
  for (uint32_t i = 0; i < count; ++i) {
    char* e = renamed.data() + kHeaderBytes + i * kSectionEntryBytes;
    if (GetFixed<uint32_t>(e) != kSectionCompoundEdges) continue;
    const uint32_t unknown = 99;
    std::memcpy(e, &unknown, 4);
    found = true;
  }
  ASSERT_TRUE(found);
  // Reseal the table and header checksums.
  const uint64_t table =
      Checksum(renamed.data() + kHeaderBytes, count * kSectionEntryBytes);
  std::memcpy(renamed.data() + 32, &table, 8);
  const uint64_t head = Checksum(renamed.data(), 56);
  std::memcpy(renamed.data() + 56, &head, 8);
  auto r = Dictionary::FromBytes(renamed, "r.sfd");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ((*r)->compound_parts().edges(), nullptr);
  CompoundSplitter old((*r)->compound_parts());
  EXPECT_TRUE(old.IsCompound("haustür"));
  EXPECT_FALSE(old.IsCompound("türhaus", &probes));
  EXPECT_GT(probes, 0u);
}

}  // namespace
}  // namespace spellfilter
