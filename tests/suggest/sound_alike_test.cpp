#include "core/suggest/sound_alike.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/suggest/edit_weights.h"
#include "tests/suggest/search_fixture.h"

namespace spellfilter {
namespace {

class SoundAlikeTest : public ::testing::Test {
 protected:
  SoundAlikeTest()
      : f_({"physics\t35", "beautiful\t20", "yellow\t20", "quick\t20",
            "fox\t20", "why\t10", "jump\t10", "over\t10", "lazy\t10",
            "dog\t10"}),
        t_(f_.lex) {
    for (char32_t c : f_.lex.letters) {
      if (EditWeights::VowelForRuns(c)) vowels_.Set(f_.lex.LetterIndex(c));
    }
  }
  void Find(std::string_view typed) {
    ASSERT_TRUE(f_.Type(typed));
    t_.Find(f_.ctx.q, f_.ctx.qi, vowels_);
  }
  // The typed sides of the respellings found at i.
  std::vector<std::u32string> At(int i) const {
    std::vector<std::u32string> out;
    for (uint32_t k = t_.respelling_first[i]; k < t_.respelling_first[i + 1];
         ++k) {
      out.push_back(t_.respellings[t_.respelling_at[k]].from);
    }
    return out;
  }
  SearchFixture f_;
  SoundAlikeSpellings t_;
  Mask vowels_;
};

TEST_F(SoundAlikeTest, PairsGoBothWays) {
  ASSERT_FALSE(t_.respellings.empty());
  for (const SoundAlikeSpellings::Respelling& r : t_.respellings) {
    std::u32string to;
    for (uint8_t j : r.to) to.push_back(f_.lex.letters[j]);
    bool reverse = false;
    for (const SoundAlikeSpellings::Respelling& s : t_.respellings) {
      std::u32string back;
      for (uint8_t j : s.to) back.push_back(f_.lex.letters[j]);
      reverse |= s.from == to && back == r.from;
    }
    EXPECT_TRUE(reverse);
  }
}

TEST_F(SoundAlikeTest, FindsWhereEachIsTyped) {
  Find("phisiks");
  const std::vector<std::u32string> at0 = At(0);
  EXPECT_NE(std::find(at0.begin(), at0.end(), U"ph"), at0.end());
  for (int i = 1; i <= f_.ctx.n; ++i) {
    for (const std::u32string& from : At(i)) {
      EXPECT_EQ(std::u32string_view(f_.ctx.q).substr(i, from.size()), from);
    }
  }
  EXPECT_TRUE(At(f_.ctx.n).empty());
}

TEST_F(SoundAlikeTest, VowelRuns) {
  Find("beautiful");
  EXPECT_EQ(t_.vowel_run[0], 0);
  EXPECT_EQ(t_.vowel_run[1], 3);  // "eau"
  EXPECT_EQ(t_.vowel_run[2], 0);  // inside the run
  EXPECT_EQ(t_.vowel_run[5], 1);  // "i"
  EXPECT_EQ(t_.longest_from, 3u);
  Find("yellow");
  EXPECT_EQ(t_.vowel_run[0], 0);  // a first y is a consonant
  EXPECT_EQ(t_.vowel_run[1], 1);
  Find("why");
  EXPECT_EQ(t_.vowel_run[2], 1);  // a later one a vowel
}

TEST_F(SoundAlikeTest, ATranspositionIsTheShortestReach) {
  Find("dog");
  EXPECT_EQ(t_.longest_from, 2u);
}

}  // namespace
}  // namespace spellfilter
