#include "core/dictionary/verdict_memo.h"

#include <gtest/gtest.h>

#include <string>

namespace spellfilter {
namespace {

TEST(VerdictMemoTest, RemembersBothVerdictsPerTag) {
  VerdictMemo memo;
  EXPECT_FALSE(memo.Find(2, "parlavamo").has_value());
  memo.Store(2, "parlavamo", true);
  memo.Store(2, "parlavanno", false);
  EXPECT_EQ(memo.Find(2, "parlavamo"), std::optional<bool>(true));
  EXPECT_EQ(memo.Find(2, "parlavanno"), std::optional<bool>(false));
  // Another dictionary's (or question's) answers are not these.
  EXPECT_FALSE(memo.Find(4, "parlavamo").has_value());
  EXPECT_FALSE(memo.Find(3, "parlavamo").has_value());
}

TEST(VerdictMemoTest, AHitIsExactNeverAnotherWordsAnswer) {
  // Two slots: most of these words share a slot with another; each answer
  // found must be the word's own.
  VerdictMemo memo(2);
  for (int i = 0; i < 100; ++i) {
    memo.Store(2, "w" + std::to_string(i), i % 3 == 0);
  }
  int found = 0;
  for (int i = 0; i < 100; ++i) {
    const std::optional<bool> v = memo.Find(2, "w" + std::to_string(i));
    if (v) {
      ++found;
      EXPECT_EQ(*v, i % 3 == 0) << i;
    }
  }
  EXPECT_LE(found, 2);  // bounded: never more than its slots
  EXPECT_GE(found, 1);
}

TEST(VerdictMemoTest, LongWordsAreNotKeptAndClearForgets) {
  VerdictMemo memo;
  const std::string long_word(VerdictMemo::kMaxWordBytes + 1, 'a');
  memo.Store(2, long_word, true);
  EXPECT_FALSE(memo.Find(2, long_word).has_value());
  memo.Store(2, "kurz", true);
  memo.Clear();
  EXPECT_FALSE(memo.Find(2, "kurz").has_value());
}

}  // namespace
}  // namespace spellfilter
