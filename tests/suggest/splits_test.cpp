#include "core/suggest/splits.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/suggest/search_fixture.h"

namespace spellfilter {
namespace {

class SplitsTest : public ::testing::Test {
 protected:
  SplitsTest()
      : f_({"a\t10", "lot\t10", "in\t10", "fact\t20", "t\t40", "cat\t10",
            "I\t10", "am\t10", "Paris\t20"}) {}
  std::vector<std::string> Splits(std::string_view typed) {
    if (!f_.Type(typed)) return {};
    FindSplits(f_.lex, f_.ctx, f_.candidates);
    return f_.Texts();
  }
  SearchFixture f_;
};

TEST_F(SplitsTest, TwoWordsTypedTogether) {
  EXPECT_EQ(Splits("alot"), (std::vector<std::string>{"a lot"}));
  EXPECT_EQ(Splits("infact"), (std::vector<std::string>{"in fact"}));
  EXPECT_EQ(Splits("lotcat"), (std::vector<std::string>{"lot cat"}));
  EXPECT_TRUE(Splits("alto").empty());
  EXPECT_TRUE(Splits("a").empty());
}

TEST_F(SplitsTest, CostIsTheSpaceAndTheRarity) {
  ASSERT_TRUE(f_.Type("alot"));
  FindSplits(f_.lex, f_.ctx, f_.candidates);
  const std::vector<Suggestion> s = f_.candidates.Rank({});
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].edits, 1);
  // Both of the commonest class: rarity 0 each, plus the second word's.
  EXPECT_FLOAT_EQ(s[0].cost, kSplitCost + 0.5f * f_.lex.second_word);
}

// A single letter other than "a" and "I" is a letter's name, not a word.
TEST_F(SplitsTest, SingleLettersOnlyOfTheCommonestClass) {
  EXPECT_TRUE(Splits("tcat").empty());
  EXPECT_EQ(Splits("acat"), (std::vector<std::string>{"a cat"}));
}

TEST_F(SplitsTest, KeepsTheTypedCase) {
  EXPECT_EQ(Splits("Alot"), (std::vector<std::string>{"A lot"}));
  EXPECT_EQ(Splits("ALOT"), (std::vector<std::string>{"A LOT"}));
  // Lower-case typed: no capital may appear ("paris" is not "Paris").
  EXPECT_TRUE(Splits("parisin").empty());
  EXPECT_EQ(Splits("Parisin"), (std::vector<std::string>{"Paris in"}));
  EXPECT_TRUE(Splits("aLot").empty());  // mixed case: none
}

TEST_F(SplitsTest, StopsWhenTheBudgetIsSpent) {
  ASSERT_TRUE(f_.Type("alot"));
  f_.ctx.work_limit = 0;
  FindSplits(f_.lex, f_.ctx, f_.candidates);
  EXPECT_TRUE(f_.Texts().empty());
  EXPECT_TRUE(f_.ctx.stats.budget_exhausted);
}

}  // namespace
}  // namespace spellfilter
