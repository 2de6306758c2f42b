#include "core/suggest/inflections.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/suggest/search_fixture.h"

namespace spellfilter {
namespace {

class InflectionsTest : public ::testing::Test {
 protected:
  InflectionsTest()
      : f_({"split\t20", "splitter\t30", "stuck\t20", "before\t10", "vote\t20",
            "voting\t20", "voted\t20", "study\t20", "studied\t20", "sing\t20",
            "red\t20"}) {}
  std::vector<std::string> Bases(std::string_view typed) {
    if (!f_.Type(typed)) return {};
    FindInflections(f_.lex, f_.ctx, f_.candidates);
    return f_.Texts();
  }
  SearchFixture f_;
};

TEST_F(InflectionsTest, TakesOffAnEndingTheWordDoesNotTake) {
  EXPECT_EQ(Bases("stucked"), (std::vector<std::string>{"stuck"}));
  EXPECT_EQ(Bases("stucking"), (std::vector<std::string>{"stuck"}));
  // The doubled consonant undone (where some word goes on so: "splitter"),
  // the silent e restored.
  EXPECT_EQ(Bases("splitted"), (std::vector<std::string>{"split"}));
  EXPECT_EQ(Bases("beforing"), (std::vector<std::string>{"before"}));
}

TEST_F(InflectionsTest, NotForWordsThatTakeTheEnding) {
  // "voteing" is "voting" misspelled (the edit search's), not "vote".
  EXPECT_TRUE(Bases("voteing").empty());
  EXPECT_TRUE(Bases("voteed").empty());
  EXPECT_TRUE(Bases("studyed").empty());
}

TEST_F(InflectionsTest, NotForShortBasesOrOtherEndings) {
  EXPECT_TRUE(Bases("reed").empty());  // a base of 3 letters at least
  EXPECT_EQ(Bases("reded"), (std::vector<std::string>{"red"}));
  EXPECT_TRUE(Bases("stucks").empty());
  EXPECT_TRUE(Bases("stuckedx").empty());
}

TEST_F(InflectionsTest, CostsTheInflectionCostAsTwoEdits) {
  ASSERT_TRUE(f_.Type("stucked"));
  FindInflections(f_.lex, f_.ctx, f_.candidates);
  const std::vector<Suggestion> s = f_.candidates.Rank({});
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].edits, 2);
  EXPECT_GE(s[0].cost, f_.lex.options.inflection_cost + f_.lex.min_prior);
}

TEST_F(InflectionsTest, TakesEndingFollowsTheSpellingRules) {
  ASSERT_TRUE(f_.Type("vote"));
  EXPECT_TRUE(TakesEnding(f_.lex, f_.ctx, U"vote", U"ing"));  // e dropped
  EXPECT_TRUE(TakesEnding(f_.lex, f_.ctx, U"vote", U"d"));    // as is
  EXPECT_TRUE(TakesEnding(f_.lex, f_.ctx, U"study", U"ed"));  // y as i
  EXPECT_FALSE(TakesEnding(f_.lex, f_.ctx, U"split", U"ing"));
  EXPECT_FALSE(TakesEnding(f_.lex, f_.ctx, U"stuck", U"ed"));
}

}  // namespace
}  // namespace spellfilter
