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

// A split never ranks above one word of the same cost, whatever the
// byte order ("a lot" < "allot") or edit counts say.
TEST(CandidatesTest, OneWordBeforeASplitOfTheSameCost) {
  SearchFixture f = Sample();
  ASSERT_TRUE(f.Type("alot"));
  f.AddLeaf(U"allot", 0.5f);
  f.candidates.Resolve();
  const float allot = f.candidates.BestCost();
  f.candidates.AddSplit("a lot", allot, 1);
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"allot", "a lot"}));
  // A cheaper split still comes first.
  ASSERT_TRUE(f.Type("alot"));
  f.AddLeaf(U"allot", 0.5f);
  f.candidates.Resolve();
  f.candidates.AddSplit("a lot", allot - 0.01f, 1);
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"a lot", "allot"}));
}

// One case form per word: "Bright" is not listed after "bright" (nor the
// other way), but an ALL UPPER spelling is a word of its own ("US", "us").
TEST(CandidatesTest, OneCaseFormPerWord) {
  SearchFixture f({"bright\t10", "Bright\t10", "us\t10", "US\t10",
                   "Brit\t20", "brit\t40"});
  ASSERT_TRUE(f.Type("brigth"));
  f.AddLeaf(U"bright", 0.5f);
  f.AddLeaf(U"brit", 0.6f);
  f.candidates.Resolve();
  // (brit's rarer class outweighs Brit's capital: the cheaper form stays.)
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"bright", "brit"}));
  ASSERT_TRUE(f.Type("uss"));
  f.AddLeaf(U"us", 0.5f);
  f.candidates.Resolve();
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"us", "US"}));
}

// Compound pieces with a hyphen at an end ("-datei", "Mädchen-", which
// German's affixes make for hyphenated compounds) are no suggestions,
// unless the typed word has the hyphen there.
TEST(CandidatesTest, NoCompoundPieces) {
  SearchFixture f({"Fehler", "Fehler-", "-fehler", "fehler-", "Fehlern"});
  ASSERT_TRUE(f.Type("Fehlerr"));
  f.AddLeaf(U"fehler", 0.5f);
  f.AddLeaf(U"fehler-", 0.5f);
  f.AddLeaf(U"-fehler", 0.5f);
  f.AddLeaf(U"fehlern", 0.6f);
  f.candidates.Resolve();
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"Fehler", "Fehlern"}));
  ASSERT_TRUE(f.Type("Fehlr-"));
  f.AddLeaf(U"fehler-", 0.5f);
  f.AddLeaf(U"-fehler", 0.5f);
  f.candidates.Resolve();
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"Fehler-"}));
  ASSERT_TRUE(f.Type("-fehlr"));
  f.AddLeaf(U"fehler-", 0.5f);
  f.AddLeaf(U"-fehler", 0.5f);
  f.candidates.Resolve();
  EXPECT_EQ(f.Texts(), (std::vector<std::string>{"-fehler"}));
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
