#include "core/dictionary/affix_lookup.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "core/dictionary/builder.h"
#include "core/dictionary/dictionary.h"
#include "tests/support/affix_dictionary.h"

namespace spellfilter {
namespace {

AffixRule Rule(uint32_t flag, std::u32string strip, std::u32string append,
               std::u32string condition, bool cross = true) {
  return TestAffixRule(flag, std::move(strip), std::move(append),
                       std::move(condition), cross);
}

// hunspell(5)'s first example: "SFX A Y 1 / SFX A 0 s ." ... and a prefix
// "PFX B Y 1 / PFX B 0 re .", with stems as keys.
AffixTable ExampleTable() {
  AffixTable t;
  t.prefixes.push_back(Rule('B', U"", U"re", U"."));
  t.suffixes.push_back(Rule('A', U"", U"s", U"."));
  t.suffixes.push_back(Rule('C', U"y", U"ies", U"[^aeiou]y"));
  t.suffixes.push_back(Rule('D', U"", U"ed", U"."));
  // Twofold: D continues with A... not used; E (ful) continues with S2.
  AffixRule ful = Rule('E', U"", U"ful", U".");
  ful.continuation = {'F'};
  t.suffixes.push_back(ful);
  t.suffixes.push_back(Rule('F', U"", U"ly", U"."));
  t.iconv = {{"ſ", "s"}};
  return t;
}

std::unique_ptr<Dictionary> BuildWith(
    const AffixTable& table, const std::vector<std::string>& words,
    const std::vector<std::pair<std::string, uint32_t>>& flags,
    bool stems = false) {
  return MakeAffixDictionary(table, words, flags, "en", stems);
}

TEST(AffixTableTest, EncodeParseRoundTrip) {
  AffixTable t = ExampleTable();
  t.need_affix = 'N';
  t.fullstrip = true;
  t.probes_per_word = 7.5;
  t.word_fp = 1e-6;
  t.ignore = U"\u0651";
  const std::string bytes = t.Encode();
  StatusOr<AffixTable> back =
      AffixTable::Parse(std::as_bytes(std::span(bytes)), "t");
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(back->Encode(), bytes);
  EXPECT_EQ(back->need_affix, uint32_t{'N'});
  EXPECT_TRUE(back->fullstrip);
  EXPECT_EQ(back->suffixes.size(), 5u);
  EXPECT_EQ(back->suffixes[1].condition.Text(), U"[^aeiou]y");
  EXPECT_TRUE(back->suffixes[3].Continues('F'));
}

TEST(AffixTableTest, DamagedSectionsAreCorruptionNamingTheFile) {
  const std::string bytes = ExampleTable().Encode();
  for (size_t cut : {size_t{0}, size_t{3}, bytes.size() / 2, bytes.size() - 1}) {
    StatusOr<AffixTable> t = AffixTable::Parse(
        std::as_bytes(std::span(bytes.data(), cut)), "x.sfd");
    ASSERT_FALSE(t.ok()) << cut;
    EXPECT_NE(t.status().message().find("x.sfd: AFFIX_RULES"), std::string::npos)
        << t.status().message();
  }
  std::string longer = bytes + "x";
  EXPECT_FALSE(AffixTable::Parse(std::as_bytes(std::span(longer)), "x").ok());
}

// A damaged count is refused before anything is allocated for it.
TEST(AffixTableTest, ACountLargerThanTheBytesLeftIsCorruption) {
  AffixTable t;
  std::string bytes = t.Encode();
  // The prefix count follows the fixed fields: version, flags, two
  // doubles, eleven flags.
  const size_t at = 4 + 4 + 8 + 8 + 11 * 4;
  const uint32_t huge = 900000;
  std::memcpy(bytes.data() + at, &huge, 4);
  StatusOr<AffixTable> r = AffixTable::Parse(std::as_bytes(std::span(bytes)), "x");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("too many entries"), std::string::npos)
      << r.status().message();
}

TEST(AffixLookupTest, StripsAffixesAndProbesTheStemWithTheFlag) {
  auto d = BuildWith(ExampleTable(), {"work", "try", "hope"},
                     {{"work", 'A'}, {"work", 'B'}, {"work", 'D'},
                      {"try", 'C'}, {"hope", 'E'}});
  EXPECT_TRUE(d->Contains("work"));
  EXPECT_TRUE(d->Contains("works"));
  EXPECT_TRUE(d->Contains("worked"));
  EXPECT_TRUE(d->Contains("rework"));
  EXPECT_TRUE(d->Contains("reworks"));  // cross product
  EXPECT_TRUE(d->Contains("tries"));    // strip y, condition [^aeiou]y
  EXPECT_TRUE(d->Contains("hopeful"));
  EXPECT_TRUE(d->Contains("hopefully"));  // twofold: ful continues with ly
  EXPECT_FALSE(d->Contains("hopely"));    // ly only after ful
  EXPECT_FALSE(d->Contains("trys"));      // try has C, not A
  EXPECT_FALSE(d->Contains("retry"));     // no B on try
  EXPECT_FALSE(d->Contains("workful"));
  EXPECT_FALSE(d->Contains("s"));         // nothing left of the stem
  EXPECT_FALSE(d->Contains("ſtart"));
  EXPECT_TRUE(d->Contains("workſ"));      // ICONV ſ -> s, then the suffix
}

// The STEMS section changes no answer: it only spares the main filter the
// candidates that are no stem.
TEST(AffixLookupTest, TheStemsSectionGivesTheSameAnswers) {
  const std::vector<std::pair<std::string, uint32_t>> flags = {
      {"work", 'A'}, {"work", 'B'}, {"work", 'D'}, {"try", 'C'},
      {"hope", 'E'}};
  auto with = BuildWith(ExampleTable(), {"work", "try", "hope"}, flags, true);
  auto without = BuildWith(ExampleTable(), {"work", "try", "hope"}, flags);
  ASSERT_FALSE(with->contents().stems.empty());
  ASSERT_TRUE(without->contents().stems.empty());
  for (const char* w : {"works", "worked", "rework", "reworks", "tries",
                        "hopeful", "hopefully", "hopely", "trys", "retry",
                        "workful", "workſ", "xyzs", "rexyzed"}) {
    EXPECT_EQ(with->Contains(w), without->Contains(w)) << w;
  }
  EXPECT_TRUE(with->Contains("hopefully"));
}

// And it is asked first: a stem it does not hold is not probed.
TEST(AffixLookupTest, AStemTheStemsSectionLacksIsNotProbed) {
  auto d = BuildWith(ExampleTable(), {"work", "try"},
                     {{"work", 'A'}, {"try", 'C'}});
  StemFilterBuilder only_try(7);
  only_try.Add("try");
  const std::string bytes = only_try.Encode(0.02);
  std::vector<uint64_t> aligned((bytes.size() + 7) / 8);
  std::memcpy(aligned.data(), bytes.data(), bytes.size());
  StemFilter stems;
  ASSERT_EQ(StemFilter::Parse(std::as_bytes(std::span(aligned)).first(
                                  bytes.size()),
                              &stems),
            nullptr);
  ASSERT_NE(d->affixes(), nullptr);
  const AffixTable& table = d->affixes()->table();
  AffixLookup lookup(table, d->filter(), stems);
  EXPECT_TRUE(lookup.Accepts("tries"));
  EXPECT_FALSE(lookup.Accepts("works"));
  EXPECT_TRUE(AffixLookup(table, d->filter()).Accepts("works"));
}

TEST(AffixLookupTest, CountProbesCountsEachFittingAffix) {
  AffixTable t = ExampleTable();
  BloomFilter none;
  AffixLookup lookup(t, none);
  EXPECT_EQ(lookup.CountProbes("xyz"), 1u);       // the word probe only
  EXPECT_EQ(lookup.CountProbes("xyzs"), 2u);      // + suffix A
  EXPECT_EQ(lookup.CountProbes("rexyz"), 2u);     // + prefix B
  EXPECT_EQ(lookup.CountProbes("rexyzs"), 4u);    // A, B, and B x A
}

TEST(AffixLookupTest, ConvertAppliesIconvLongestFirstAndIgnore) {
  AffixTable t;
  t.iconv = {{"a", "b"}, {"aa", "c"}};
  t.ignore = U"-";
  BloomFilter none;
  AffixLookup lookup(t, none);
  std::string out;
  EXPECT_TRUE(lookup.Convert("aaa-x", &out));
  EXPECT_EQ(out, "cbx");
  EXPECT_FALSE(lookup.Convert("xyz", &out));
}

}  // namespace
}  // namespace spellfilter
