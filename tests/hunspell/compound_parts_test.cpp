#include "core/hunspell/compound_parts.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

#include "core/hunspell/encoding.h"

namespace spellfilter {
namespace {

AffixRules Parse(std::string_view aff) {
  StatusOr<AffixRules> r = ParseAffixFile(aff, "t.aff");
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? std::move(r).value() : AffixRules();
}

using Part = std::pair<CompoundRole, std::string>;

std::set<Part> Parts(const AffixRules& rules, std::u32string_view word,
                     std::string_view flags) {
  std::vector<AffixFlag> f;
  rules.DecodeFlags(flags, &f);
  std::set<Part> parts;
  CompoundPartGenerator g(rules);
  g.Generate(word, f, [&](CompoundRole role, std::u32string_view part) {
    std::string utf8;
    AppendUtf8(part, &utf8);
    parts.emplace(role, utf8);
  });
  return parts;
}

constexpr CompoundRole kB = CompoundRole::kBegin;
constexpr CompoundRole kM = CompoundRole::kMiddle;
constexpr CompoundRole kE = CompoundRole::kEnd;

// German's pattern (de_DE.aff): positions from stem flags or from affixes'
// continuation classes; the linking -s is ONLYINCOMPOUND with
// COMPOUNDPERMITFLAG.
constexpr std::string_view kPositions =
    "SET UTF-8\n"
    "COMPOUNDBEGIN B\nCOMPOUNDMIDDLE M\nCOMPOUNDEND E\n"
    "COMPOUNDPERMITFLAG P\nONLYINCOMPOUND O\nNEEDAFFIX h\nCOMPOUNDMIN 2\n"
    "COMPOUNDWORDMAX 3\nCHECKCOMPOUNDCASE\nCHECKCOMPOUNDREP\n"
    "SFX s Y 1\nSFX s 0 s/BMPO .\n"
    "SFX e Y 1\nSFX e 0 en .\n"
    "SFX j Y 1\nSFX j 0 0/BPO .\n"
    "PFX u Y 1\nPFX u 0 un .\n"
    "PFX v Y 1\nPFX v 0 ver/P .\n";

TEST(HunspellCompoundPartsTest, ReadsTheCompoundSettings) {
  const AffixRules r = Parse(kPositions);
  EXPECT_EQ(r.compound.begin, AffixFlag{'B'});
  EXPECT_EQ(r.compound.middle, AffixFlag{'M'});
  EXPECT_EQ(r.compound.end, AffixFlag{'E'});
  EXPECT_EQ(r.compound.permit, AffixFlag{'P'});
  EXPECT_EQ(r.compound.flag, AffixFlag{0});
  EXPECT_EQ(r.compound.min_part, 2u);
  EXPECT_EQ(r.compound.max_parts, 3u);
  EXPECT_TRUE(r.compound.check_case);
  EXPECT_FALSE(r.compound.check_dup);
  EXPECT_EQ(r.compound.unsupported, std::vector<std::string>{"CHECKCOMPOUNDREP"});
  const AffixRules d = Parse("COMPOUNDFLAG X\n");
  EXPECT_EQ(d.compound.min_part, 3u);  // Hunspell's default
  EXPECT_EQ(d.compound.max_parts, 0u);
  EXPECT_FALSE(Parse("COMPOUNDMIN 0\n").compound.any());
  EXPECT_EQ(Parse("COMPOUNDMIN 0\n").compound.min_part, 1u);
  EXPECT_FALSE(ParseAffixFile("COMPOUNDMIN x\n", "t.aff").ok());
}

TEST(HunspellCompoundPartsTest, StemFlagsGivePositions) {
  const AffixRules r = Parse(kPositions);
  // A begin stem whose linking -s makes a begin or middle part, never an
  // end; the suffix -en (no COMPOUNDPERMITFLAG) makes no inner part.
  EXPECT_EQ(Parts(r, U"Arbeit", "Bse"),
            (std::set<Part>{{kB, "Arbeit"}, {kB, "Arbeits"}, {kM, "Arbeits"}}));
  // An end stem takes suffixes on the last part.
  EXPECT_EQ(Parts(r, U"zeit", "EOe"),
            (std::set<Part>{{kE, "zeit"}, {kE, "zeiten"}}));
  // A prefix on the last part needs COMPOUNDPERMITFLAG.
  EXPECT_EQ(Parts(r, U"tür", "Euv"),
            (std::set<Part>{{kE, "tür"}, {kE, "vertür"}}));
  // Prefixes are fine on a first part.
  EXPECT_EQ(Parts(r, U"Haus", "Bu"),
            (std::set<Part>{{kB, "Haus"}, {kB, "unHaus"}}));
  // No compound flag: nothing.
  EXPECT_TRUE(Parts(r, U"Wort", "e").empty());
}

TEST(HunspellCompoundPartsTest, AffixContinuationGivesPositionToNeedAffixStem) {
  const AffixRules r = Parse(kPositions);
  // de_DE's "Konfigurations/hij": a NEEDAFFIX stem, a begin part only
  // through the empty suffix j that continues with B.
  EXPECT_EQ(Parts(r, U"Konfigurations", "hj"),
            (std::set<Part>{{kB, "Konfigurations"}}));
}

TEST(HunspellCompoundPartsTest, ForbiddenEntriesAndFlagsYieldNoParts) {
  const AffixRules r = Parse(
      "SET UTF-8\nCOMPOUNDFLAG Y\nFORBIDDENWORD X\nCOMPOUNDFORBIDFLAG F\n"
      "COMPOUNDPERMITFLAG P\n"
      "SFX T Y 1\nSFX T 0 ed/FP .\n"
      "PFX R Y 1\nPFX R 0 re/FP .\n");
  EXPECT_TRUE(Parts(r, U"foo", "YX").empty());
  // A suffix with COMPOUNDFORBIDFLAG: last part only (as Hunspell 1.7.1);
  // a prefix with it: no part.
  EXPECT_EQ(Parts(r, U"foo", "YTR"),
            (std::set<Part>{{kB, "foo"}, {kM, "foo"}, {kE, "foo"},
                            {kE, "fooed"}}));
  // A stem with COMPOUNDFORBIDFLAG is only a last part.
  EXPECT_EQ(Parts(r, U"bar", "YF"), (std::set<Part>{{kE, "bar"}}));
}

}  // namespace
}  // namespace spellfilter
