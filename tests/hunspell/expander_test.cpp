#include "core/hunspell/expander.h"

#include <gtest/gtest.h>

#include <set>

namespace spellfilter {
namespace {

using Forms = std::set<std::string>;

struct Expansion {
  Status status;
  Forms forms;
  ExpandStats stats;
};

Expansion ExpandAll(std::string_view aff, std::string_view dic,
              ExpandLimits limits = {}) {
  Expansion x;
  StatusOr<AffixRules> rules = ParseAffixFile(aff, "t.aff");
  EXPECT_TRUE(rules.ok()) << rules.status().message();
  if (!rules.ok()) return x;
  HunspellExpander expander(*rules, "en", limits);
  x.status = expander.Expand(
      dic, "t.dic",
      [&](std::string_view form, std::string_view where) {
        EXPECT_TRUE(where.starts_with("t.dic:")) << where;
        x.forms.emplace(form);
      },
      &x.stats);
  return x;
}

Forms Expand(std::string_view aff, std::string_view dic) {
  Expansion x = ExpandAll(aff, dic);
  EXPECT_TRUE(x.status.ok()) << x.status.message();
  return x.forms;
}

TEST(HunspellExpanderTest, SuffixesWithStripAndConditions) {
  const char* aff =
      "SFX D Y 4\n"
      "SFX D 0 d e\n"
      "SFX D y ied [^aeiou]y\n"
      "SFX D 0 ed [^ey]\n"
      "SFX D 0 ed [aeiou]y\n";
  EXPECT_EQ(Expand(aff, "4\ntry/D\nplay/D\nbake/D\nwalk/D\n"),
            (Forms{"bake", "baked", "play", "played", "tried", "try", "walk",
                   "walked"}));
}

TEST(HunspellExpanderTest, PrefixesWithStripAndConditions) {
  const char* aff =
      "PFX I Y 3\n"
      "PFX I 0 il l\n"
      "PFX I 0 im [bmp]\n"
      "PFX I 0 in [^blmp]\n"
      "PFX E Y 1\n"
      "PFX E e a e.\n";  // strip "e", only before a second character
  EXPECT_EQ(Expand(aff, "3\nlegal/I\npossible/I\nactive/I\n"),
            (Forms{"active", "illegal", "impossible", "inactive", "legal",
                   "possible"}));
  EXPECT_EQ(Expand(aff, "2\nego/E\ne/E\n"), (Forms{"ago", "e", "ego"}));
}

TEST(HunspellExpanderTest, CrossProductOnlyWhenBothAllowIt) {
  const char* aff =
      "PFX U Y 1\nPFX U 0 un .\n"
      "PFX R N 1\nPFX R 0 re .\n"
      "SFX S Y 1\nSFX S 0 s .\n"
      "SFX N N 1\nSFX N 0 ness .\n";
  EXPECT_EQ(Expand(aff, "1\nkind/URSN\n"),
            (Forms{"kind", "kindness", "kinds", "rekind", "unkind", "unkinds",
                   "rekind"}));
}

TEST(HunspellExpanderTest, TwofoldSuffixes) {
  const char* aff =
      "SFX A Y 1\nSFX A 0 able/S .\n"
      "SFX S Y 1\nSFX S 0 s .\n"
      "PFX U Y 1\nPFX U 0 un .\n";
  EXPECT_EQ(Expand(aff, "1\ndrink/AU\n"),
            (Forms{"drink", "drinkable", "drinkables", "undrink",
                   "undrinkable", "undrinkables"}));
}

TEST(HunspellExpanderTest, ContinuationClassesEnableTheOtherSide) {
  const char* aff =
      "PFX V Y 1\nPFX V 0 re/S .\n"    // the prefix enables S
      "SFX S Y 1\nSFX S 0 s .\n"
      "SFX E Y 1\nSFX E 0 er/P .\n"    // the suffix enables P
      "PFX P Y 1\nPFX P 0 over .\n"
      "SFX H Y 1\nSFX H 0 ing/J .\n"   // the outer suffix J enables W
      "SFX J Y 1\nSFX J 0 s/W .\n"
      "PFX W Y 1\nPFX W 0 mis .\n";
  EXPECT_EQ(Expand(aff, "3\ndo/V\nload/E\nlead/H\n"),
            (Forms{"do", "redo", "redos", "load", "loader", "overloader",
                   "lead", "leading", "leadings", "misleadings"}));
}

TEST(HunspellExpanderTest, NeedAffix) {
  const char* aff =
      "NEEDAFFIX X\n"
      "SFX A Y 1\nSFX A 0 s .\n"
      "SFX B Y 1\nSFX B 0 ing/XC .\n"
      "SFX C Y 1\nSFX C 0 ly .\n"
      "PFX Q Y 1\nPFX Q 0 over/X .\n";
  // A stem with NEEDAFFIX is no word; a suffix with it needs another affix.
  EXPECT_EQ(Expand(aff, "1\nfoo/XA\n"), (Forms{"foos"}));
  EXPECT_EQ(Expand(aff, "1\nbar/B\n"), (Forms{"bar", "baringly"}));
  // A prefix with it needs a suffix.
  EXPECT_EQ(Expand(aff, "1\nqux/QA\n"), (Forms{"overquxs", "qux", "quxs"}));
}

TEST(HunspellExpanderTest, Circumfix) {
  const char* aff =
      "CIRCUMFIX X\n"
      "PFX G Y 1\nPFX G 0 ge/X .\n"
      "SFX T Y 2\nSFX T 0 t/GX .\nSFX T 0 en .\n";
  EXPECT_EQ(Expand(aff, "1\nlach/T\n"), (Forms{"gelacht", "lach", "lachen"}));
}

TEST(HunspellExpanderTest, OnlyInCompound) {
  const char* aff =
      "ONLYINCOMPOUND O\nCOMPOUNDFLAG Y\n"
      "SFX S Y 1\nSFX S 0 s .\n"
      "SFX F Y 1\nSFX F 0 s/O .\n";  // a linking element
  Expansion x = ExpandAll(aff, "3\nfoo/YS\nbar/OYS\nbaz/F\n");
  ASSERT_TRUE(x.status.ok());
  EXPECT_EQ(x.forms, (Forms{"baz", "foo", "foos"}));
  EXPECT_EQ(x.stats.compound_only_entries, 1u);
  EXPECT_EQ(x.stats.compound_entries, 1u);  // foo
}

TEST(HunspellExpanderTest, ForbiddenWords) {
  const char* aff = "FORBIDDENWORD !\nSFX S Y 1\nSFX S 0 s .\n";
  Expansion x = ExpandAll(aff, "4\nfoo/S\nbar/S\nbars/!\nbad/!S\n");
  ASSERT_TRUE(x.status.ok());
  EXPECT_EQ(x.forms, (Forms{"bar", "foo", "foos"}));
  EXPECT_EQ(x.stats.forbidden_entries, 2u);
  EXPECT_EQ(x.stats.forbidden_forms, 1u);
  // Only the first homonym counts, as in Hunspell's lookup.
  EXPECT_EQ(Expand(aff, "2\nfoo/S\nfoo/!\n"), (Forms{"foo", "foos"}));
  EXPECT_EQ(Expand(aff, "2\nfoo/!\nfoo/S\n"), (Forms{"foos"}));
  // WARN words are words, unless FORBIDWARN.
  EXPECT_EQ(Expand("WARN W\n", "1\nfoo/W\n"), (Forms{"foo"}));
  EXPECT_EQ(Expand("WARN W\nFORBIDWARN\n", "1\nfoo/W\n"), (Forms{}));
}

TEST(HunspellExpanderTest, ComplexPrefixes) {
  const char* aff =
      "COMPLEXPREFIXES\n"
      "PFX A Y 1\nPFX A 0 tek .\n"
      "PFX B Y 1\nPFX B 0 met/A .\n"
      "SFX C Y 1\nSFX C 0 ing .\n";
  EXPECT_EQ(Expand(aff, "1\nouro/BC\n"),
            (Forms{"metouro", "metouroing", "ouro", "ouroing", "tekmetouro",
                   "tekmetouroing"}));
}

TEST(HunspellExpanderTest, FullStrip) {
  const char* rules = "SFX A Y 1\nSFX A andare vado andare\n";
  EXPECT_EQ(Expand(rules, "1\nandare/A\n"), (Forms{"andare"}));
  EXPECT_EQ(Expand(std::string("FULLSTRIP\n") + rules, "1\nandare/A\n"),
            (Forms{"andare", "vado"}));
}

TEST(HunspellExpanderTest, DicLineFormat) {
  const char* aff = "SFX S Y 1\nSFX S 0 s .\n";
  Expansion x = ExpandAll(aff,
                    "\xEF\xBB\xBF" "7\r\n"
                    "foo/S po:noun is:plural\r\n"
                    "bar\tdescription: with spaces/S\n"
                    "a\\/b/S\n"
                    "New York\n"
                    "\n"
                    "\tcomment\n"
                    "baz/S st:baz\n"
                    "x:y\n");
  ASSERT_TRUE(x.status.ok()) << x.status.message();
  EXPECT_EQ(x.forms, (Forms{"a/b", "a/bs", "bar", "baz", "bazs", "foo",
                            "foos", "x:y"}));
  EXPECT_EQ(x.stats.entries, 6u);
  EXPECT_EQ(x.stats.multiword_entries, 1u);
}

TEST(HunspellExpanderTest, TheFirstLineIsTheCount) {
  for (std::string_view dic : {"foo\nbar\n", "", "\n12\nfoo\n"}) {
    Expansion x = ExpandAll("", dic);
    EXPECT_FALSE(x.status.ok()) << dic;
    EXPECT_NE(x.status.message().find("number of entries"), std::string::npos)
        << x.status.message();
  }
}

TEST(HunspellExpanderTest, IgnoredCharactersAreRemoved) {
  EXPECT_EQ(Expand("SET UTF-8\nIGNORE -\nSFX S Y 1\nSFX S 0 -s .\n",
                   "1\nfo-o/S\n"),
            (Forms{"foo", "foos"}));
}

TEST(HunspellExpanderTest, Latin1Words) {
  EXPECT_EQ(Expand("SET ISO8859-1\nSFX \xE9 Y 1\nSFX \xE9 e \xE9s e\n",
                   "1\nf\xEAte/\xE9\n"),
            (Forms{"f\xC3\xAA" "te", "f\xC3\xAAt\xC3\xA9s"}));
}

TEST(HunspellExpanderTest, AllUpperFormsOfMixedCaseStems) {
  const char* aff = "KEEPCASE K\nSFX S Y 1\nSFX S 0 s .\n";
  Expansion x = ExpandAll(aff, "4\nOpenOffice.org\nCIA/S\nNATO\npH/K\n");
  ASSERT_TRUE(x.status.ok());
  EXPECT_EQ(x.forms, (Forms{"CIA", "CIAS", "CIAs", "NATO", "OPENOFFICE.ORG",
                            "OpenOffice.org", "pH"}));
  EXPECT_EQ(x.stats.upper_forms, 2u);
  // Hunspell makes no hidden "Pm" entry when the .dic has one.
  EXPECT_EQ(Expand("SFX D Y 1\nSFX D 0 ed .\n", "2\nPM/D\nPm\n"),
            (Forms{"PM", "PMed", "Pm"}));
  EXPECT_EQ(Expand("SFX D Y 1\nSFX D 0 ed .\n", "1\nPM/D\n"),
            (Forms{"PM", "PMED", "PMed"}));
}

TEST(HunspellExpanderTest, BadFlagAliasIsAWarning) {
  Expansion x = ExpandAll("AF 1\nAF S\nSFX S Y 1\nSFX S 0 s .\n",
                    "2\nfoo/1\nbar/7\n");
  ASSERT_TRUE(x.status.ok());
  EXPECT_EQ(x.forms, (Forms{"bar", "foo", "foos"}));
  EXPECT_EQ(x.stats.warning_count, 1u);
  ASSERT_EQ(x.stats.warnings.size(), 1u);
  EXPECT_EQ(x.stats.warnings[0], "t.dic:3: bad flags \"7\"");
}

// A hostile .aff: 300 suffixes, each continuing with 300 more, would give
// 90,000 forms per stem.
std::string Explosive() {
  std::string aff = "SFX A Y 300\n";
  for (int i = 0; i < 300; ++i) aff += "SFX A 0 a" + std::to_string(i) + "/B .\n";
  aff += "SFX B Y 300\n";
  for (int i = 0; i < 300; ++i) aff += "SFX B 0 b" + std::to_string(i) + " .\n";
  return aff;
}

TEST(HunspellExpanderTest, FormsPerEntryAreBounded) {
  ExpandLimits limits;
  limits.max_forms_per_entry = 10000;
  Expansion x = ExpandAll(Explosive(), "2\nok\nboom/A\n", limits);
  ASSERT_FALSE(x.status.ok());
  EXPECT_EQ(x.status.message(),
            "t.dic:3: \"boom\" expands to more than 10000 forms, the limit "
            "for one entry: too many affix combinations to list "
            "(docs/hunspell_dictionaries.md)");
}

TEST(HunspellExpanderTest, WorkPerEntryIsBounded) {
  // Conditions no stem meets: no forms, but work.
  std::string aff = "SFX A Y 2000\n";
  for (int i = 0; i < 2000; ++i) aff += "SFX A 0 a/B q\n";
  ExpandLimits limits;
  limits.max_steps_per_entry = 1000;
  Expansion x = ExpandAll(aff, "1\nboom/A\n", limits);
  ASSERT_FALSE(x.status.ok());
  EXPECT_NE(x.status.message().find("more than 1000 affix applications"),
            std::string::npos)
      << x.status.message();
}

TEST(HunspellExpanderTest, WorkPerDictionaryIsBounded) {
  // A crafted .aff: 2,000 suffixes no stem meets, on every entry. Each
  // entry is within its own limit; the dictionary is not.
  std::string aff = "SFX A Y 2000\n";
  for (int i = 0; i < 2000; ++i) aff += "SFX A 0 a q\n";
  std::string dic = "100\n";
  for (int i = 0; i < 100; ++i) dic += "w" + std::to_string(i) + "/A\n";
  ExpandLimits limits;
  limits.max_steps = 50'000;
  Expansion x = ExpandAll(aff, dic, limits);
  ASSERT_FALSE(x.status.ok());
  EXPECT_TRUE(x.stats.over_limit);
  // 2,000 steps an entry: after 26 entries 52,000, so the 27th (line 28)
  // stops.
  EXPECT_EQ(x.status.message(),
            "t.dic:28: more than 50000 affix applications tried for the "
            "whole dictionary, the limit: too many affixes for its entries "
            "(docs/affix_dictionaries.md)");
  // Within the limit: the same dictionary expands, and its steps counted.
  limits.max_steps = 200'000;
  Expansion ok = ExpandAll(aff, dic, limits);
  ASSERT_TRUE(ok.status.ok()) << ok.status.message();
  EXPECT_EQ(ok.stats.steps, 200'000u);
  EXPECT_EQ(ok.forms.size(), 100u);
}

TEST(HunspellExpanderTest, EstimateScalesASampleOfEntries) {
  StatusOr<AffixRules> rules = ParseAffixFile(
      "SFX A Y 3\nSFX A 0 s .\nSFX A 0 ed .\nSFX A 0 ing .\n", "t.aff");
  ASSERT_TRUE(rules.ok()) << rules.status().message();
  // 64 entries of 4 forms, 32 of 1 (no flags), alternating in pairs.
  std::string dic = "96\n";
  for (int i = 0; i < 96; ++i) {
    dic += "w" + std::to_string(i) + (i % 3 == 2 ? "\n" : "/A\n");
  }
  HunspellExpander expander(*rules, "en");
  EXPECT_EQ(expander.EstimateForms(dic, 1), 64u * 4 + 32u);
  // Every 3rd entry from the first: all with flags.
  EXPECT_EQ(expander.EstimateForms(dic, 3), 32u * 4 * 3);
  // Stopped once past 20: the first 6 entries give 4+4+1+4+4+1 = 18, the
  // 7th 22.
  EXPECT_EQ(expander.EstimateForms(dic, 1, 20), 22u);
  // Not a .dic: 0, as Expand refuses it.
  EXPECT_EQ(expander.EstimateForms("w/A\n", 1), 0u);
  // An entry over its own limit: Expand would fail on it.
  ExpandLimits limits;
  limits.max_forms_per_entry = 2;
  HunspellExpander small(*rules, "en", limits);
  EXPECT_EQ(small.EstimateForms(dic, 1), UINT64_MAX);
  // Affix applications past the file's limit once scaled: every 12th
  // entry has flags, 3 applications each; with a limit of 96, the sample's
  // share, 96 / 12 = 8, is passed at the 3rd entry sampled.
  ExpandLimits steps;
  steps.max_steps = 96;
  HunspellExpander busy(*rules, "en", steps);
  EXPECT_EQ(busy.EstimateForms(dic, 12), UINT64_MAX);
  steps.max_steps = 10'000;
  HunspellExpander calm(*rules, "en", steps);
  EXPECT_EQ(calm.EstimateForms(dic, 12), 8u * 4 * 12);
}

TEST(HunspellExpanderTest, TotalFormsAreBounded) {
  ExpandLimits limits;
  limits.max_forms = 100000;
  Expansion x = ExpandAll(Explosive(), "3\na/A\nb/A\nc/A\n", limits);
  ASSERT_FALSE(x.status.ok());
  EXPECT_NE(x.status.message().find("more than 100000 forms, the limit"),
            std::string::npos)
      << x.status.message();
  EXPECT_TRUE(x.status.message().starts_with("t.dic:3:"))
      << x.status.message();
}

}  // namespace
}  // namespace spellfilter
