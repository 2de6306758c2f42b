// The compound search's directives (compound_splitter.h) over hand-made
// COMPOUND_PARTS and COMPOUND_RULES sections: COMPOUNDRULE patterns,
// CHECKCOMPOUNDPATTERN, SIMPLIFIEDTRIPLE, FORCEUCASE and CHECKCOMPOUNDREP,
// each with hunspell(5)'s own examples, and the probe bound of the pattern
// search. The position search's basics are in
// tests/filter/compound_filter_test.cpp; the same directives through a
// real .aff/.dic import, in both dictionary modes, in
// tests/hunspell/import_test.cpp (the compound* fixtures).
#include "core/check/compound_splitter.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/aligned_bytes.h"

namespace spellfilter {
namespace {

constexpr CompoundRole kB = CompoundRole::kBegin;
constexpr CompoundRole kM = CompoundRole::kMiddle;
constexpr CompoundRole kE = CompoundRole::kEnd;

CompoundRole FlagRole(uint32_t i) {
  return static_cast<CompoundRole>(kFlagRoleBase + i);
}
constexpr auto kAnyRule = static_cast<CompoundRole>(kAnyRuleFlagRole);

// A COMPOUND_PARTS section with its rules attached, and a word list for
// CHECKCOMPOUNDREP's word test.
struct Sections {
  Sections(const std::vector<std::pair<CompoundRole, std::string>>& parts,
        const CompoundSettings& settings, CompoundRuleSet rule_set,
        std::set<std::string> word_list = {})
      : rules(std::move(rule_set)), words(std::move(word_list)) {
    CompoundFilterBuilder b(7, settings);
    for (const auto& [role, part] : parts) b.Add(role, part);
    bytes.emplace_back(b.Encode(kDefaultCompoundFalsePositiveRate));
    const char* problem = CompoundFilter::Parse(bytes.back().span, &filter);
    EXPECT_EQ(problem, nullptr) << problem;
    filter.Attach(
        &rules,
        [](const void* self, std::string_view w) {
          return static_cast<const Sections*>(self)->words.contains(
              std::string(w));
        },
        this);
  }
  std::vector<Aligned> bytes;
  CompoundRuleSet rules;
  std::set<std::string> words;
  CompoundFilter filter;
};

// en_US.aff's ordinals, as hunspell(5) describes them: COMPOUNDRULE n*1t
// and n*mp over 0/nm 1/n1 1st/p 1th/tc 2/nm 2nd/p 2th/tc 3/nm 3rd/p 4th/pt
// (flags: 0 '1', 1 m, 2 n, 3 p, 4 t).
Sections Ordinals(uint32_t max_parts = 0) {
  CompoundRuleSet r;
  r.flags = {'1', 'm', 'n', 'p', 't'};
  r.rules = {{{2, '*'}, {0, 0}, {4, 0}}, {{2, '*'}, {1, 0}, {3, 0}}};
  std::vector<std::pair<CompoundRole, std::string>> parts;
  auto root = [&](const std::string& w, std::vector<uint32_t> flags) {
    for (uint32_t f : flags) parts.emplace_back(FlagRole(f), w);
    parts.emplace_back(kAnyRule, w);
  };
  root("0", {2, 1});
  root("1", {2, 0});
  root("1st", {3});
  root("1th", {4});
  root("0th", {3, 4});
  root("2", {2, 1});
  root("2nd", {3});
  root("2th", {4});
  root("3", {2, 1});
  root("3rd", {3});
  root("4", {2, 1});
  root("4th", {3, 4});
  CompoundSettings s;
  s.min_part = 1;
  s.max_parts = max_parts;
  return Sections(parts, s, r);
}

TEST(CompoundRuleTest, OrdinalNumbersOfTheManual) {
  Sections o = Ordinals();
  CompoundSplitter split(o.filter);
  // hunspell(5): 1st, 2nd, 11th, 12th, 22nd, 112th, 1000122nd.
  for (const char* w : {"11th", "12th", "22nd", "112th", "1000122nd", "101st",
                        "10th", "44th", "1234th", "21st"}) {
    EXPECT_TRUE(split.IsCompound(w)) << w;
  }
  // One part is no compound (1st is a word of its own, not of the search);
  // the wrong suffixes; a suffix that is not last.
  for (const char* w : {"1st", "1th", "11st", "12nd", "22th", "21th", "2st",
                        "1st1", "2nd2", "22", "111", "x1st", "1stx",
                        "3rd1st"}) {
    EXPECT_FALSE(split.IsCompound(w)) << w;
  }
}

TEST(CompoundRuleTest, WordMaxLimitsThePatternsParts) {
  Sections o = Ordinals(3);
  CompoundSplitter split(o.filter);
  EXPECT_TRUE(split.IsCompound("22nd"));
  EXPECT_TRUE(split.IsCompound("122nd"));
  EXPECT_FALSE(split.IsCompound("1122nd"));  // 4 parts > COMPOUNDWORDMAX 3
}

// (1500)*(2000)? (hunspell(5)'s Note II): any number of parts with flag
// 1500, then at most one with 2000.
TEST(CompoundRuleTest, StarAndQuestionMark) {
  CompoundRuleSet r;
  r.flags = {1500, 2000};
  r.rules = {{{0, '*'}, {1, '?'}}};
  CompoundSettings s;
  s.min_part = 1;
  Sections st({{FlagRole(0), "ab"}, {kAnyRule, "ab"}, {FlagRole(0), "cd"},
            {kAnyRule, "cd"}, {FlagRole(1), "xyz"}, {kAnyRule, "xyz"}},
           s, r);
  CompoundSplitter split(st.filter);
  for (const char* w : {"abcd", "cdab", "ababab", "abxyz", "abcdabxyz"}) {
    EXPECT_TRUE(split.IsCompound(w)) << w;
  }
  for (const char* w : {"xyzab", "xyzxyz", "abxyzcd", "abc", "ab"}) {
    EXPECT_FALSE(split.IsCompound(w)) << w;
  }
}

// The pattern search on Korean's worst case: COMPOUNDMIN 1, every letter a
// part, (a)*(a): a word of one letter no part has at the end explores
// every split and stays within the bound; a word of 60 parts is found
// (every split point starts a part: about n^2 / 2 probes, so at 100
// letters the bound gives up first, and the word is refused).
TEST(CompoundRuleTest, ProbesStayWithinTheBound) {
  CompoundRuleSet r;
  r.flags = {12};
  r.rules = {{{0, '*'}, {0, 0}}};
  CompoundSettings s;
  s.min_part = 1;
  Sections st({{FlagRole(0), "a"}, {kAnyRule, "a"}}, s, r);
  CompoundSplitter split(st.filter);
  uint32_t probes = 0;
  EXPECT_TRUE(split.IsCompound(std::string(60, 'a'), &probes));
  EXPECT_LE(probes, CompoundSplitter::kMaxProbes);
  for (uint32_t n : {10u, 40u, 100u}) {
    EXPECT_FALSE(split.IsCompound(std::string(n - 1, 'a') + "x", &probes));
    EXPECT_LE(probes, CompoundSplitter::kMaxProbes) << n;
  }
}

// CHECKCOMPOUNDPATTERN nny ny, ssz sz (Hungarian), and 0/x /y.
TEST(CompoundPatternTest, RefusesTheBoundaries) {
  CompoundRuleSet r;
  r.flags = {'x', 'y'};
  CompoundPatternRule p1;
  p1.end = "nny";
  p1.begin = "ny";
  CompoundPatternRule p2;
  p2.end = "ssz";
  p2.begin = "sz";
  CompoundPatternRule p3;
  p3.stems_only = true;
  p3.end_flag = 1;
  p3.begin_flag = 2;
  r.patterns = {p1, p2, p3};
  CompoundSettings s;
  s.min_part = 1;
  std::vector<std::pair<CompoundRole, std::string>> parts;
  for (const char* w : {"könny", "nyelv", "rossz", "szív", "foo", "bar",
                        "baz"}) {
    for (CompoundRole role : {kB, kM, kE}) parts.emplace_back(role, w);
  }
  parts.emplace_back(FlagRole(0), "foo");
  parts.emplace_back(FlagRole(1), "bar");
  Sections st(parts, s, r);
  CompoundSplitter split(st.filter);
  for (const char* w : {"könnyszív", "rossznyelv", "foobaz", "bazbar",
                        "barfoo", "bazfoobaz", "foobazbar"}) {
    EXPECT_TRUE(split.IsCompound(w)) << w;
  }
  for (const char* w : {"könnynyelv", "rosszszív", "foobar", "bazfoobar",
                        "könnynyelvszív", "foobarbaz"}) {
    EXPECT_FALSE(split.IsCompound(w)) << w;
  }
}

// SIMPLIFIEDTRIPLE: Schiff|fahrt -> Schiffahrt (hunspell(5)).
TEST(SimplifiedTripleTest, SharesTheDoubledLetter) {
  CompoundSettings s;
  s.min_part = 2;
  s.check_triple = true;
  std::vector<std::pair<CompoundRole, std::string>> parts;
  for (const char* w : {"schiff", "fahrt", "glass", "sko"}) {
    for (CompoundRole role : {kB, kM, kE}) parts.emplace_back(role, w);
  }
  CompoundRuleSet off;
  Sections plain(parts, s, off);
  CompoundSplitter no(plain.filter);
  EXPECT_FALSE(no.IsCompound("schiffahrt"));
  EXPECT_FALSE(no.IsCompound("schifffahrt"));  // CHECKCOMPOUNDTRIPLE
  CompoundRuleSet on;
  on.simplified_triple = true;
  Sections simplified(parts, s, on);
  CompoundSplitter yes(simplified.filter);
  EXPECT_TRUE(yes.IsCompound("schiffahrt"));
  EXPECT_TRUE(yes.IsCompound("glassko"));
  EXPECT_TRUE(yes.IsCompound("glasskoschiffahrt"));  // and as a middle part
  EXPECT_FALSE(yes.IsCompound("schifffahrt"));
  EXPECT_FALSE(yes.IsCompound("schifahrt"));
  EXPECT_FALSE(yes.IsCompound("glasko"));
}

// FORCEUCASE: Dutch "straat" last makes the compound a name.
TEST(ForceUcaseTest, LastPartNeedsACapital) {
  CompoundRuleSet r;
  r.flags = {'A'};
  r.force_ucase = 1;
  CompoundSettings s;
  std::vector<std::pair<CompoundRole, std::string>> parts;
  for (const char* w : {"foo", "bar", "straat"}) {
    for (CompoundRole role : {kB, kM, kE}) parts.emplace_back(role, w);
  }
  parts.emplace_back(FlagRole(0), "straat");
  Sections st(parts, s, r);
  CompoundSplitter split(st.filter);
  EXPECT_FALSE(split.IsCompound("foostraat"));
  EXPECT_FALSE(split.IsCompound("barfoostraat"));
  EXPECT_TRUE(split.IsCompound("Foostraat"));
  EXPECT_TRUE(split.IsCompound("FOOSTRAAT"));
  EXPECT_TRUE(split.IsCompound("Barfoostraat"));
  EXPECT_TRUE(split.IsCompound("foobar"));
  EXPECT_TRUE(split.IsCompound("straatfoo"));  // not last: no matter
  EXPECT_FALSE(split.IsCompound("Foofoox"));
}

// CHECKCOMPOUNDREP with REP í i: "szervíz" is the word "szerviz" with a
// REP fault, so no compound, alone or inside a longer one.
TEST(CompoundRepTest, RefusesACompoundOneRepFaultFromAWord) {
  CompoundSettings s;
  s.min_part = 2;
  std::vector<std::pair<CompoundRole, std::string>> parts;
  for (const char* w : {"szer", "víz", "kocsi"}) {
    for (CompoundRole role : {kB, kM, kE}) parts.emplace_back(role, w);
  }
  CompoundRuleSet r;
  r.check_rep = true;
  r.rep = {{"í", "i"}};
  Sections st(parts, s, r, {"szerviz", "szer", "víz", "kocsi"});
  CompoundSplitter split(st.filter);
  EXPECT_FALSE(split.IsCompound("szervíz"));
  EXPECT_FALSE(split.IsCompound("szervízkocsi"));  // the first two parts
  EXPECT_FALSE(split.IsCompound("kocsiszervíz"));  // the last two
  EXPECT_TRUE(split.IsCompound("vízszer"));
  EXPECT_TRUE(split.IsCompound("kocsiszer"));
  EXPECT_TRUE(split.IsCompound("vízkocsiszer"));
  // Without the option the same parts make the compounds.
  CompoundRuleSet off;
  Sections plain(parts, s, off, {"szerviz"});
  CompoundSplitter no(plain.filter);
  EXPECT_TRUE(no.IsCompound("szervíz"));
  EXPECT_TRUE(no.IsCompound("szervízkocsi"));
}

// FORBIDDENWORD: a forbidden spelling is no compound, though its parts
// would make it one (de_DE's Abendmal: Abend + mal).
TEST(CompoundForbiddenTest, AForbiddenSpellingIsNoCompound) {
  CompoundSettings s;
  std::vector<std::pair<CompoundRole, std::string>> parts;
  for (const char* w : {"Abend", "mal", "Bei", "tag"}) {
    for (CompoundRole role : {kB, kM, kE}) parts.emplace_back(role, w);
  }
  parts.emplace_back(static_cast<CompoundRole>(kForbiddenRole), "Abendmal");
  Sections st(parts, s, CompoundRuleSet());
  CompoundSplitter split(st.filter);
  EXPECT_FALSE(split.IsCompound("Abendmal"));
  EXPECT_TRUE(split.IsCompound("Abendtag"));
  EXPECT_TRUE(split.IsCompound("Beitag"));
}

}  // namespace
}  // namespace spellfilter
