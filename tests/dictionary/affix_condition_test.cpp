#include "core/dictionary/affix_condition.h"

#include <gtest/gtest.h>

namespace spellfilter {
namespace {

AffixCondition Cond(std::u32string_view text) {
  StatusOr<AffixCondition> c = AffixCondition::Parse(text);
  EXPECT_TRUE(c.ok()) << c.status().message();
  return c.ok() ? *c : AffixCondition();
}

TEST(HunspellConditionTest, DotAloneIsEmpty) {
  const AffixCondition c = Cond(U".");
  EXPECT_EQ(c.size(), 0u);
  EXPECT_TRUE(c.MatchesEnd(U""));
  EXPECT_TRUE(c.MatchesStart(U"x"));
}

TEST(HunspellConditionTest, CharactersClassesAndDots) {
  const AffixCondition c = Cond(U"[^aeiou]y");
  EXPECT_EQ(c.size(), 2u);
  EXPECT_TRUE(c.MatchesEnd(U"try"));
  EXPECT_FALSE(c.MatchesEnd(U"play"));
  EXPECT_FALSE(c.MatchesEnd(U"tray!"));
  EXPECT_FALSE(c.MatchesEnd(U"y"));  // shorter than the condition

  const AffixCondition d = Cond(U"[sxz]");
  EXPECT_TRUE(d.MatchesEnd(U"box"));
  EXPECT_FALSE(d.MatchesEnd(U"boy"));

  const AffixCondition any = Cond(U"a.c");
  EXPECT_TRUE(any.MatchesStart(U"abcd"));
  EXPECT_TRUE(any.MatchesStart(U"axc"));
  EXPECT_FALSE(any.MatchesStart(U"abd"));
  EXPECT_TRUE(any.MatchesEnd(U"xxaqc"));
}

TEST(HunspellConditionTest, DotInBracketsIsLiteral) {
  const AffixCondition c = Cond(U"[.]");
  EXPECT_TRUE(c.MatchesEnd(U"a."));
  EXPECT_FALSE(c.MatchesEnd(U"ab"));
}

TEST(HunspellConditionTest, NonAsciiCharacters) {
  const AffixCondition c = Cond(U"[^ий]ть");
  EXPECT_TRUE(c.MatchesEnd(U"стать"));
  EXPECT_FALSE(c.MatchesEnd(U"бить"));
  EXPECT_TRUE(Cond(U"[äöü]").MatchesStart(U"über"));
}

TEST(HunspellConditionTest, Reverse) {
  AffixCondition c = Cond(U"[ab]c");
  c.Reverse();
  EXPECT_TRUE(c.MatchesStart(U"ca"));
  EXPECT_FALSE(c.MatchesStart(U"ac"));
}

TEST(HunspellConditionTest, BadConditions) {
  for (std::u32string_view bad : {U"[ab", U"[]", U"[^]", U"a]"}) {
    EXPECT_FALSE(AffixCondition::Parse(bad).ok());
  }
}

// The checker tests a condition on the word's rest and the strip string
// without joining them: the same answers as on the joined stem.
TEST(AffixConditionTest, TwoPiecesMatchAsTheirJoin) {
  const AffixCondition c = AffixCondition::Parse(U"[^aeiou]y").value();
  for (std::u32string_view head : {U"", U"t", U"tr", U"tra", U"pl", U"a"}) {
    for (std::u32string_view tail : {U"", U"y", U"ry", U"ay", U"x"}) {
      const std::u32string joined = std::u32string(head) + std::u32string(tail);
      EXPECT_EQ(c.MatchesEnd(head, tail), c.MatchesEnd(joined))
          << std::string(head.begin(), head.end()) << "+"
          << std::string(tail.begin(), tail.end());
      EXPECT_EQ(c.MatchesStart(head, tail), c.MatchesStart(joined));
    }
  }
  const AffixCondition empty = AffixCondition::Parse(U".").value();
  EXPECT_TRUE(empty.MatchesEnd(U"", U""));
}

}  // namespace
}  // namespace spellfilter
