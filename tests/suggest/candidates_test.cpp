#include "core/suggest/candidates.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/suggest/search_fixture.h"

namespace spellfilter {
namespace {

SearchFixture Sample(const SuggestOptions& options = SuggestOptions()) {
  return SearchFixture({"the\t10", "then\t10", "a\t10", "lot\t10", "allot\t35",
                        "lotto\t60", "Paris\t20", "NASA\t40"},
                       options);
}

TEST(CandidatesTest, RanksByEditCostPlusRarity) {
  SearchFixture f = Sample();
  ASSERT_TRUE(f.Type("alot"));
  f.AddLeaf(U"allot", 0.5f);
  f.AddLeaf(U"lot", 0.5f);
  f.AddLeaf(U"lotto", 1.0f);
  f.candidates.Resolve();
  // The same edits: the commoner word first.
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"lot", "allot", "lotto"}));
}

TEST(CandidatesTest, LeavesThatAreNoWordGiveNothing) {
  SearchFixture f = Sample();
  ASSERT_TRUE(f.Type("lotz"));
  f.AddLeaf(U"lotz", 0.1f);
  f.AddLeaf(U"lo", 0.1f);
  f.AddLeaf(U"lot", 0.5f);
  f.candidates.Resolve();
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"lot"}));
  EXPECT_LT(f.candidates.BestCost(), kUnreached);
}

TEST(CandidatesTest, AStateReachedTwiceKeepsTheCheaperCost) {
  SearchFixture f = Sample();
  ASSERT_TRUE(f.Type("lit"));
  f.AddLeaf(U"lot", 1.0f);
  f.candidates.Resolve();
  const std::vector<Suggestion> once = f.candidates.Rank({});
  ASSERT_EQ(once.size(), 1u);
  ASSERT_TRUE(f.Type("lit"));
  f.AddLeaf(U"lot", 1.0f);
  f.AddLeaf(U"lot", 0.5f, 2);
  f.AddLeaf(U"lot", 0.75f);
  f.candidates.Resolve();
  const std::vector<Suggestion> twice = f.candidates.Rank({});
  ASSERT_EQ(twice.size(), 1u);
  EXPECT_FLOAT_EQ(twice[0].cost, once[0].cost - 0.5f);
  EXPECT_EQ(twice[0].edits, 2);
}

TEST(CandidatesTest, PresentsInTheTypedCase) {
  SearchFixture f = Sample();
  ASSERT_TRUE(f.Type("Teh"));
  f.AddLeaf(U"the", 0.5f);
  f.candidates.Resolve();
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"The"}));
  ASSERT_TRUE(f.Type("TEH"));
  f.AddLeaf(U"the", 0.5f);
  f.candidates.Resolve();
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"THE"}));
  // A capital the lower-case typed word lacked costs kCaseCost.
  ASSERT_TRUE(f.Type("parls"));
  f.AddLeaf(U"paris", 0.5f);
  f.candidates.Resolve();
  const std::vector<Suggestion> paris = f.candidates.Rank({});
  ASSERT_EQ(paris.size(), 1u);
  EXPECT_EQ(paris[0].text, "Paris");
  ASSERT_TRUE(f.Type("Parls"));
  f.AddLeaf(U"paris", 0.5f);
  f.candidates.Resolve();
  const std::vector<Suggestion> capital = f.candidates.Rank({});
  ASSERT_EQ(capital.size(), 1u);
  EXPECT_FLOAT_EQ(paris[0].cost, capital[0].cost + kCaseCost);
}

TEST(CandidatesTest, TheTypedWordComesFirstIfCorrect) {
  SearchFixture f = Sample();
  ASSERT_TRUE(f.Type("lotto"));
  f.AddLeaf(U"lot", 0.3f);
  f.AddLeaf(U"lotto", 0.0f, 0);
  f.candidates.Resolve();
  const std::vector<Suggestion> s = f.candidates.Rank({});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].text, "lotto");
  EXPECT_EQ(s[0].cost, -1.0f);
}

TEST(CandidatesTest, SplitsPassTheCheckerWordByWord) {
  SearchFixture f = Sample();
  ASSERT_TRUE(f.Type("alot"));
  f.candidates.AddSplit("a lot", 0.5f, 1);
  f.candidates.AddSplit("a lotz", 0.4f, 1);  // not a word: guarded
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"a lot"}));
}

TEST(CandidatesTest, UserWordsWithinTwoEdits) {
  SearchFixture f = Sample();
  ASSERT_TRUE(f.Type("spellfiltr"));
  const std::vector<Suggestion> s =
      f.candidates.Rank({{"spellfilter", U"spellfilter"}, {"spell", U"spell"}});
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].text, "spellfilter");
  EXPECT_EQ(s[0].edits, 1);
}

TEST(CandidatesTest, ListsAtMostMaxSuggestionsDistinctTexts) {
  SuggestOptions o;
  o.max_suggestions = 2;
  SearchFixture f = Sample(o);
  ASSERT_TRUE(f.Type("lat"));
  f.AddLeaf(U"lot", 0.5f);
  f.AddLeaf(U"a", 0.6f);
  f.AddLeaf(U"the", 0.7f);
  f.candidates.Resolve();
  f.candidates.AddSplit("lot", 0.55f, 1);  // the same text again
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"lot", "a"}));
}

TEST(CandidatesTest, BoundLowersTheCostTheWalksMaySpend) {
  SuggestOptions o;
  o.max_suggestions = 2;
  SearchFixture f = Sample(o);
  ASSERT_TRUE(f.Type("lat"));
  f.AddLeaf(U"lot", 0.5f);
  f.candidates.Resolve();
  f.candidates.Bound();  // one candidate of two: no bound yet
  EXPECT_EQ(f.ctx.bound, kUnreached);
  EXPECT_EQ(f.ctx.max_cost, o.max_cost);
  f.AddLeaf(U"a", 0.6f);
  f.AddLeaf(U"then", 1.5f);
  f.candidates.Resolve();
  f.ctx.bounded_search = false;
  f.candidates.Bound();
  EXPECT_EQ(f.ctx.bound, kUnreached);
  f.ctx.bounded_search = true;
  f.candidates.Bound();
  const std::vector<Suggestion> s = f.candidates.Rank({});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_FLOAT_EQ(f.ctx.bound, s[1].cost);
  EXPECT_FLOAT_EQ(f.ctx.max_cost, s[1].cost - f.lex.min_prior + 1e-4f);
}

TEST(CandidatesTest, ConfirmProbesTheFilterAndFingerprints) {
  SearchFixture f = Sample();
  ASSERT_TRUE(f.Type("lo"));
  uint32_t code = 99;
  EXPECT_TRUE(f.candidates.Confirm("allot", &code));
  EXPECT_NE(code, 99u);
  uint32_t common = 99;
  EXPECT_TRUE(f.candidates.Confirm("lot", &common));
  EXPECT_LT(common, code);  // class 10 before class 35
  EXPECT_FALSE(f.candidates.Confirm("lotz", &code));
  EXPECT_EQ(f.ctx.stats.word_probes, 3u);
}

}  // namespace
}  // namespace spellfilter
