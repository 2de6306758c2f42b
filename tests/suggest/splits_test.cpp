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

// Without commonness classes the dictionary itself says which single
// letters are words: one that lists the letters' names (de_DE has a..z)
// has none; one that lists a few (es "y", "a") has those.
TEST(SplitsUnrankedTest, LetterNamesAreNotWords) {
  SearchFixture names({"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k",
                       "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v",
                       "w", "x", "y", "z", "lot", "fehler", "rot", "al"});
  EXPECT_FALSE(names.lex.ranked);
  EXPECT_TRUE(names.lex.letter_names[0]);
  ASSERT_TRUE(names.Type("alot"));
  FindSplits(names.lex, names.ctx, names.candidates);
  EXPECT_TRUE(names.Texts().empty());
  ASSERT_TRUE(names.Type("fehlerr"));
  FindSplits(names.lex, names.ctx, names.candidates);
  EXPECT_TRUE(names.Texts().empty());
  // Two letters or more on both sides: a split.
  ASSERT_TRUE(names.Type("rotal"));
  FindSplits(names.lex, names.ctx, names.candidates);
  EXPECT_EQ(names.Texts(), (std::vector<std::string>{"rot al"}));

  SearchFixture words({"y", "a", "luego", "lot", "casa", "bonita"});
  EXPECT_FALSE(words.lex.letter_names[0]);
  ASSERT_TRUE(words.Type("yluego"));
  FindSplits(words.lex, words.ctx, words.candidates);
  EXPECT_EQ(words.Texts(), (std::vector<std::string>{"y luego"}));
  ASSERT_TRUE(words.Type("casab"));  // "b" is not listed
  FindSplits(words.lex, words.ctx, words.candidates);
  EXPECT_TRUE(words.Texts().empty());
}

// Without ranking a split still pays for its second word (a word of
// unknown rank in the list), so it does not undercut one-word edits.
TEST(SplitsUnrankedTest, SecondWordIsAWordOfUnknownRank) {
  SearchFixture f({"rot", "al", "total", "royal"});
  EXPECT_FALSE(f.lex.ranked);
  EXPECT_GT(f.lex.second_word, 0.0f);
  ASSERT_TRUE(f.Type("rotal"));
  FindSplits(f.lex, f.ctx, f.candidates);
  const std::vector<Suggestion> s = f.candidates.Rank({});
  ASSERT_EQ(s.size(), 1u);
  EXPECT_FLOAT_EQ(s[0].cost, kSplitCost + 0.5f * f.lex.second_word);
}

// Upper-case letter names (fr lists A..Z) do not make "B on" of "Bon".
TEST(SplitsUnrankedTest, UpperCaseLetterNames) {
  SearchFixture f({"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L",
                   "M", "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X",
                   "Y", "Z", "a", "y", "on", "va"});
  EXPECT_FALSE(f.lex.letter_names[0]);
  EXPECT_TRUE(f.lex.letter_names[1]);
  ASSERT_TRUE(f.Type("Bon"));
  FindSplits(f.lex, f.ctx, f.candidates);
  EXPECT_TRUE(f.Texts().empty());
  ASSERT_TRUE(f.Type("Ava"));
  FindSplits(f.lex, f.ctx, f.candidates);
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"A va"}));
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
