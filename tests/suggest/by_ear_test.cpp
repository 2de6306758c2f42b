#include "core/suggest/by_ear.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/suggest/search_fixture.h"

namespace spellfilter {
namespace {

std::initializer_list<std::string_view> Words() {
  static const std::initializer_list<std::string_view> words = {
      "physics\t35", "separate\t20",   "nation\t10",    "beautiful\t20",
      "cat\t10",     "tea\t10",        "necessary\t20", "saccharin\t60",
      "torque\t50",  "definitely\t20", "the\t10"};
  return words;
}

class ByEarTest : public ::testing::Test {
 protected:
  std::vector<Suggestion> Heard(std::string_view typed,
                                const SuggestOptions& o = SuggestOptions()) {
    f_ = std::make_unique<SearchFixture>(Words(), o);
    ear_ = std::make_unique<EarSearch>(f_->lex, f_->ctx, f_->candidates);
    if (!f_->Type(typed)) return {};
    ear_->Run();
    return f_->candidates.Rank({});
  }
  static bool Has(const std::vector<Suggestion>& s, std::string_view w) {
    return std::any_of(s.begin(), s.end(),
                       [&](const Suggestion& x) { return x.text == w; });
  }
  std::unique_ptr<SearchFixture> f_;
  std::unique_ptr<EarSearch> ear_;
};

TEST_F(ByEarTest, FindsWordsThatSoundTheSame) {
  const std::vector<Suggestion> s = Heard("bewtifull");
  ASSERT_TRUE(Has(s, "beautiful"));
  for (const Suggestion& x : s) {
    EXPECT_EQ(x.edits, 3);
    EXPECT_GE(x.cost, kByEar + 3 * kByEarPerEdit);  // 3+ edits away
  }
  EXPECT_TRUE(Has(Heard("sacrin"), "saccharin"));  // a vowel left out
  EXPECT_TRUE(Has(Heard("tork"), "torque"));       // two letters after
  EXPECT_TRUE(Has(Heard("nesesarie"), "necessary"));
}

TEST_F(ByEarTest, NotWordsWithinTwoEditsNorOneSound) {
  EXPECT_FALSE(Has(Heard("fysics"), "physics"));  // the edit search's
  EXPECT_TRUE(Heard("tee").empty());              // "T": too many words
}

TEST_F(ByEarTest, SoundEditsOnlyWhenAsked) {
  SuggestOptions same;
  same.by_ear_edit = 0;
  // A sound changed or added (S P R T K for S P R T).
  EXPECT_FALSE(Has(Heard("xzparatq", same), "separate"));
  EXPECT_TRUE(Has(Heard("xzparatq"), "separate"));
  // A typed sound too many (D F N R T L for D F N T L).
  EXPECT_FALSE(Has(Heard("definartly", same), "definitely"));
  EXPECT_TRUE(Has(Heard("definartly"), "definitely"));
}

TEST_F(ByEarTest, StaysWithinTheBudget) {
  f_ = std::make_unique<SearchFixture>(Words());
  ear_ = std::make_unique<EarSearch>(f_->lex, f_->ctx, f_->candidates);
  ASSERT_TRUE(f_->Type("bewtifull"));
  f_->ctx.work_limit = f_->ctx.stats.work;
  ear_->Run();
  EXPECT_TRUE(f_->candidates.Rank({}).empty());
  EXPECT_TRUE(f_->ctx.stats.budget_exhausted);
}

TEST_F(ByEarTest, ReadsTheSoundSections) {
  f_ = std::make_unique<SearchFixture>(Words());
  EXPECT_TRUE(EarSearch(f_->lex, f_->ctx, f_->candidates).has_sound_prefixes());
  SuggestOptions o;
  o.sound_prefixes = false;
  f_ = std::make_unique<SearchFixture>(Words(), o);
  EXPECT_FALSE(
      EarSearch(f_->lex, f_->ctx, f_->candidates).has_sound_prefixes());
}

}  // namespace
}  // namespace spellfilter
