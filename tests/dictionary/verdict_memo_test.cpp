#include "core/dictionary/verdict_memo.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

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

// Slots are allocated as the stores come (kFirstSlots, then four times as
// many): the store that makes the memo grow moves every verdict it held
// (one may then lose its slot to the new word), and the memo holds more
// verdicts after growing than it could before.
TEST(VerdictMemoTest, GrowsAsStoresComeAndKeepsWhatItHeld) {
  VerdictMemo memo(VerdictMemo::kFirstSlots * 16);
  const auto word = [](size_t i) { return "w" + std::to_string(i); };
  // kFirstSlots stores fill the first allocation without growing it.
  for (size_t i = 0; i < VerdictMemo::kFirstSlots; ++i) {
    memo.Store(4, word(i), i % 2 == 0);
  }
  std::vector<size_t> held;
  for (size_t i = 0; i < VerdictMemo::kFirstSlots; ++i) {
    if (memo.Find(4, word(i))) held.push_back(i);
  }
  EXPECT_LE(held.size(), VerdictMemo::kFirstSlots);
  // The next store grows the memo first.
  memo.Store(4, word(VerdictMemo::kFirstSlots), true);
  size_t lost = 0;
  for (size_t i : held) {
    const std::optional<bool> v = memo.Find(4, word(i));
    if (!v) {
      ++lost;
      continue;
    }
    EXPECT_EQ(*v, i % 2 == 0) << i;
  }
  EXPECT_LE(lost, 1u);
  EXPECT_EQ(memo.Find(4, word(VerdictMemo::kFirstSlots)), true);
  // 4x the first slots, once grown twice: more words than 512 slots hold.
  for (size_t i = 0; i < VerdictMemo::kFirstSlots * 4; ++i) {
    memo.Store(4, word(i), i % 2 == 0);
  }
  size_t found = 0;
  for (size_t i = 0; i < VerdictMemo::kFirstSlots * 4; ++i) {
    if (const std::optional<bool> v = memo.Find(4, word(i))) {
      EXPECT_EQ(*v, i % 2 == 0) << i;
      ++found;
    }
  }
  EXPECT_GT(found, VerdictMemo::kFirstSlots);
}

// A caller that hashed the word already (the checker: the filter probe's
// hash) passes that hash; the same word under it finds its verdict, and a
// word is exact whatever the hash says.
TEST(VerdictMemoTest, ACallersOwnHashServesTheSlot) {
  VerdictMemo memo;
  memo.Store(2, "parlavamo", 0x1234, true);
  memo.Store(2, "parlavate", 0x9876, false);
  EXPECT_EQ(memo.Find(2, "parlavamo", 0x1234), std::optional<bool>(true));
  EXPECT_EQ(memo.Find(2, "parlavate", 0x9876), std::optional<bool>(false));
  // Another word given the same hash is not the stored one.
  EXPECT_FALSE(memo.Find(2, "parlavano", 0x1234).has_value());
  EXPECT_FALSE(memo.Find(2, "parlavam", 0x1234).has_value());
  // Nor is the word under another tag.
  EXPECT_FALSE(memo.Find(4, "parlavamo", 0x1234).has_value());
}

TEST(VerdictMemoTest, KeepsWordsUpToItsLimit) {
  VerdictMemo memo;
  const std::string longest(VerdictMemo::kMaxWordBytes, 'b');
  memo.Store(2, longest, true);
  EXPECT_EQ(memo.Find(2, longest), std::optional<bool>(true));
  EXPECT_FALSE(memo.Find(2, longest.substr(1)).has_value());
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
