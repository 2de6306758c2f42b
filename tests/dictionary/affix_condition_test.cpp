#include "core/dictionary/affix_condition.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

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

// The checker tests the patterns that fall on a suffix's strip string once
// (MatchesEndPart on the strip) and the others per word (on the word's
// rest): together they must answer as MatchesEnd on rest + strip, for
// every split of every stem, conditions longer and shorter than the strip.
TEST(HunspellConditionTest, PartsOfTheConditionAnswerAsTheWhole) {
  const std::u32string stems[] = {U"",     U"y",     U"try",  U"play",
                                  U"tray", U"ably",  U"fly",  U"xyz",
                                  U"ey",   U"quay",  U"yy",   U"mañy"};
  for (std::u32string_view text :
       {U".", U"y", U"[^aeiou]y", U"[aeiou]y", U"a.y", U"[^y][^y]",
        U"[ñn]y", U"..."}) {
    const AffixCondition c = Cond(text);
    for (const std::u32string& stem : stems) {
      for (size_t strip = 0; strip <= stem.size(); ++strip) {
        const std::u32string_view rest =
            std::u32string_view(stem).substr(0, stem.size() - strip);
        const std::u32string_view tail =
            std::u32string_view(stem).substr(stem.size() - strip);
        const size_t on_tail = std::min(c.size(), tail.size());
        const bool parts =
            c.MatchesEndPart(tail, c.size() - on_tail, on_tail) &&
            c.MatchesEndPart(rest, 0, c.size() - on_tail);
        EXPECT_EQ(parts, c.MatchesEnd(rest, tail))
            << "condition " << c.Text().size() << " stem size " << stem.size()
            << " strip " << strip;
        EXPECT_EQ(c.MatchesEnd(rest, tail), c.MatchesEnd(stem));
      }
    }
  }
  // Out of range: more patterns than the condition has.
  EXPECT_FALSE(Cond(U"y").MatchesEndPart(U"yy", 0, 2));
  EXPECT_TRUE(Cond(U"y").MatchesEndPart(U"", 1, 0));
}

}  // namespace
}  // namespace spellfilter
