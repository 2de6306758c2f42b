#include "core/suggest/edit_walk.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "tests/suggest/search_fixture.h"

namespace spellfilter {
namespace {

class EditWalkTest : public ::testing::Test {
 protected:
  EditWalkTest()
      : f_({"the\t10", "then\t10", "separate\t20", "accommodate\t35",
            "until\t10", "receive\t20", "phone\t20", "don't\t10", "naïve\t50",
            "beginning\t20"}),
        walk_(f_.lex, f_.ctx, f_.candidates) {}
  // What a walk within `edits` finds for `typed`.
  std::vector<std::string> Found(std::string_view typed, int edits,
                                 bool sound_alike = false) {
    if (!f_.Type(typed)) return {};
    walk_.Prepare();
    walk_.ClearVisited();
    walk_.Search(edits, sound_alike);
    f_.candidates.Resolve();
    return f_.Texts();
  }
  bool Finds(std::string_view typed, std::string_view word, int edits,
             bool sound_alike = false) {
    const std::vector<std::string> s = Found(typed, edits, sound_alike);
    return std::find(s.begin(), s.end(), word) != s.end();
  }
  SearchFixture f_;
  EditWalk walk_;
};

TEST_F(EditWalkTest, EachKindOfSingleEdit) {
  EXPECT_TRUE(Finds("seperate", "separate", 1));   // substitution
  EXPECT_TRUE(Finds("untill", "until", 1));        // a letter too many
  EXPECT_TRUE(Finds("begining", "beginning", 1));  // a letter left out
  EXPECT_TRUE(Finds("recieve", "receive", 1));     // two swapped
  EXPECT_TRUE(Finds("dont", "don't", 1));          // the apostrophe
  EXPECT_TRUE(Finds("naive", "naïve", 1));         // an accent
  EXPECT_EQ(Found("teh", 1)[0], "the");
}

TEST_F(EditWalkTest, TwoEditsAndAThirdLightOne) {
  EXPECT_FALSE(Finds("acomodate", "accommodate", 1));
  EXPECT_TRUE(Finds("acomodate", "accommodate", 2));
  // Three light slips (a doubled letter, two vowels).
  EXPECT_FALSE(Finds("sepperete", "separate", 2));
  EXPECT_TRUE(Finds("sepperete", "separate", 3));
  // Three slips, two of them heavy: never.
  EXPECT_FALSE(Finds("xzparatq", "separate", 3));
}

TEST_F(EditWalkTest, SoundAlikeSpellingsAsOneEdit) {
  EXPECT_FALSE(Finds("fone", "phone", 1));
  EXPECT_TRUE(Finds("fone", "phone", 1, true));  // "f" for "ph"
}

TEST_F(EditWalkTest, CostsAreTheEditWeights) {
  ASSERT_TRUE(f_.Type("untill"));
  walk_.Prepare();
  walk_.ClearVisited();
  walk_.Search(1, false);
  f_.candidates.Resolve();
  const std::vector<Suggestion> s = f_.candidates.Rank({});
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s[0].text, "until");
  EXPECT_EQ(s[0].edits, 1);
  EXPECT_GE(s[0].cost, EditWeights::kExtraDoubled);
}

TEST_F(EditWalkTest, NothingPastTheCostBound) {
  ASSERT_TRUE(f_.Type("acomodate"));
  f_.ctx.max_cost = EditWeights::kLightest;  // no two edits fit
  walk_.Prepare();
  walk_.ClearVisited();
  walk_.Search(2, false);
  f_.candidates.Resolve();
  EXPECT_TRUE(f_.Texts().empty());
}

TEST_F(EditWalkTest, StopsWhenTheBudgetIsSpent) {
  ASSERT_TRUE(f_.Type("acomodate"));
  f_.ctx.work_limit = f_.ctx.stats.work;
  walk_.Prepare();
  walk_.ClearVisited();
  walk_.Search(2, false);
  f_.candidates.Resolve();
  EXPECT_TRUE(f_.Texts().empty());
  EXPECT_TRUE(f_.ctx.stats.budget_exhausted);
}

TEST_F(EditWalkTest, TailFollowsTheTypedLetters) {
  ASSERT_TRUE(f_.Type("then"));
  walk_.Prepare();
  walk_.Tail(f_.lex.Root(), 0, 0, 0.0f);      // the typed word itself
  walk_.Tail(f_.StateOf(U"th"), 3, 1, 1.0f);  // "th" + "n": no word
  f_.candidates.Resolve();
  EXPECT_EQ(f_.Texts(), (std::vector<std::string>{"then"}));
}

TEST_F(EditWalkTest, LettersThatCanPrecedeATypedSuffix) {
  ASSERT_TRUE(f_.Type("xhen"));
  walk_.Prepare();
  // "hen" ends "then" after a t; after "t", "h" (the typed letter) fits.
  EXPECT_TRUE(walk_.Between(1, -1).Test(f_.lex.LetterIndex(U't')));
  EXPECT_FALSE(walk_.Between(1, -1).Test(f_.lex.LetterIndex(U'u')));
  const Mask& after_t = walk_.Between(2, f_.lex.LetterIndex(U't'));
  EXPECT_TRUE(after_t.Test(f_.lex.LetterIndex(U'h')));
  EXPECT_FALSE(after_t.Test(f_.lex.LetterIndex(U'n')));
}

}  // namespace
}  // namespace spellfilter
