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
    "COMPOUNDWORDMAX 3\nCHECKCOMPOUNDCASE\nCOMPOUNDSYLLABLE 6 aeiou\n"
    "SFX s Y 1\nSFX s 0 s/BMPO .\n"
    "SFX e Y 1\nSFX e 0 en .\n"
    "SFX j Y 1\nSFX j 0 0/BPO .\n"
    "PFX u Y 1\nPFX u 0 un .\n"
    "PFX v Y 1\nPFX v 0 ver/P .\n";

// The compound directives of hunspell(5) with their own examples:
// COMPOUNDRULE (en_US's ordinals; Note II's parenthesised numeric flags),
// CHECKCOMPOUNDPATTERN (with flags, "0", a replacement), CHECKCOMPOUNDREP
// with the REP table, SIMPLIFIEDTRIPLE, FORCEUCASE.
TEST(HunspellCompoundPartsTest, ReadsTheCompoundDirectives) {
  const AffixRules en = Parse(
      "COMPOUNDMIN 1\nONLYINCOMPOUND c\nCOMPOUNDRULE 2\n"
      "COMPOUNDRULE n*1t\nCOMPOUNDRULE n*mp\n");
  ASSERT_EQ(en.compound.rules.size(), 2u);  // the count line is no rule
  const auto& r0 = en.compound.rules[0];
  ASSERT_EQ(r0.size(), 3u);
  EXPECT_EQ(r0[0].flag, AffixFlag{'n'});
  EXPECT_EQ(r0[0].quantifier, '*');
  EXPECT_EQ(r0[1].flag, AffixFlag{'1'});
  EXPECT_EQ(r0[1].quantifier, 0);
  EXPECT_EQ(r0[2].flag, AffixFlag{'t'});
  EXPECT_TRUE(en.compounding);
  EXPECT_FALSE(en.compound.any());
  EXPECT_TRUE(en.compound.any_or_rules());
  EXPECT_TRUE(en.compound.unsupported.empty());
  // Swedish's "0*" starts with a digit: still a pattern, not a count.
  const AffixRules sv = Parse("COMPOUNDRULE 2\nCOMPOUNDRULE 0*\nCOMPOUNDRULE 1*-6\n");
  ASSERT_EQ(sv.compound.rules.size(), 2u);
  EXPECT_EQ(sv.compound.rules[0][0].flag, AffixFlag{'0'});
  EXPECT_EQ(sv.compound.rules[1].size(), 3u);
  EXPECT_EQ(sv.compound.rules[1][1].flag, AffixFlag{'-'});

  const AffixRules num = Parse(
      "FLAG num\nCOMPOUNDRULE 1\nCOMPOUNDRULE (1500)*(2000)?\n");
  ASSERT_EQ(num.compound.rules.size(), 1u);
  ASSERT_EQ(num.compound.rules[0].size(), 2u);
  EXPECT_EQ(num.compound.rules[0][0].flag, num.DecodeFlag("1500"));
  EXPECT_EQ(num.compound.rules[0][0].quantifier, '*');
  EXPECT_EQ(num.compound.rules[0][1].flag, num.DecodeFlag("2000"));
  EXPECT_EQ(num.compound.rules[0][1].quantifier, '?');

  const AffixRules pat = Parse(
      "SET UTF-8\nCOMPOUNDFLAG A\nCHECKCOMPOUNDPATTERN 3\n"
      "CHECKCOMPOUNDPATTERN nny ny\nCHECKCOMPOUNDPATTERN 0/x /y\n"
      "CHECKCOMPOUNDPATTERN o b z\n"
      "CHECKCOMPOUNDREP\nREP 3\nREP í i\nREP ^alma ALMA\nREP a_b ab\n"
      "SIMPLIFIEDTRIPLE\nFORCEUCASE U\n");
  ASSERT_EQ(pat.compound.patterns.size(), 3u);
  EXPECT_EQ(pat.compound.patterns[0].end, U"nny");
  EXPECT_EQ(pat.compound.patterns[0].begin, U"ny");
  EXPECT_FALSE(pat.compound.patterns[0].has_replacement);
  EXPECT_TRUE(pat.compound.patterns[1].stems_only);
  EXPECT_EQ(pat.compound.patterns[1].end, U"");
  EXPECT_EQ(pat.compound.patterns[1].end_flag, AffixFlag{'x'});
  EXPECT_EQ(pat.compound.patterns[1].begin, U"");
  EXPECT_EQ(pat.compound.patterns[1].begin_flag, AffixFlag{'y'});
  EXPECT_TRUE(pat.compound.patterns[2].has_replacement);
  EXPECT_EQ(pat.compound.patterns[2].replacement, U"z");
  EXPECT_TRUE(pat.compound.check_rep);
  // Anchored REP patterns are the suggester's; '_' is a space.
  const std::vector<std::pair<std::string, std::string>> rep = {
      {"í", "i"}, {"a b", "ab"}};
  EXPECT_EQ(pat.compound.rep, rep);
  EXPECT_TRUE(pat.compound.simplified_triple);
  EXPECT_EQ(pat.compound.force_ucase, AffixFlag{'U'});
  EXPECT_TRUE(pat.compound.unsupported.empty());

  // What the COMPOUND_RULES section gets: flags by role, rules by index.
  const CompoundRuleSet set = MakeCompoundRuleSet(en);
  EXPECT_EQ(set.flags,
            (std::vector<uint32_t>{'1', 'm', 'n', 'p', 't'}));
  ASSERT_EQ(set.rules.size(), 2u);
  EXPECT_EQ(set.rules[0][0].flag_index, 2u);  // n
  EXPECT_EQ(set.rules[1][1].flag_index, 1u);  // m
  const CompoundRuleSet pset = MakeCompoundRuleSet(pat);
  EXPECT_EQ(pset.flags, (std::vector<uint32_t>{'U', 'x', 'y'}));
  EXPECT_EQ(pset.patterns[1].end_flag, 2u);  // index of x, plus one
  EXPECT_EQ(pset.patterns[1].begin_flag, 3u);
  EXPECT_EQ(pset.force_ucase, 1u);
  EXPECT_TRUE(pset.check_rep);
}

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
  // COMPOUNDSYLLABLE is applied now; SYLLABLENUM is read, not applied.
  EXPECT_EQ(r.compound.max_syllables, 6u);
  EXPECT_EQ(r.compound.vowels, U"aeiou");
  EXPECT_TRUE(r.compound.unsupported.empty());
  const AffixRules hu = Parse(
      "LANG hu_HU\nCOMPOUNDFLAG Y\nCOMPOUNDWORDMAX 2 y\nCOMPOUNDROOT y\n"
      "COMPOUNDSYLLABLE 6\nSYLLABLENUM klmc\n");
  EXPECT_EQ(hu.compound.root, AffixFlag{'y'});
  EXPECT_EQ(hu.compound.vowels, U"AEIOUaeiou");  // Hunspell's default
  EXPECT_EQ(hu.compound.unsupported, std::vector<std::string>{"SYLLABLENUM"});
  const CompoundRuleSet set = MakeCompoundRuleSet(hu);
  EXPECT_EQ(set.flags, std::vector<uint32_t>{'y'});
  EXPECT_EQ(set.compound_root, 1u);
  EXPECT_EQ(set.max_syllables, 6u);
  EXPECT_EQ(set.vowels, "AEIOUaeiou");
  EXPECT_TRUE(set.hungarian);
  // Outside Hungarian the rule is kept but not counted as Hunspell's
  // Hungarian count (compound_rules.h).
  EXPECT_FALSE(MakeCompoundRuleSet(r).hungarian);
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
