#include "core/suggest/banded_edit_distance.h"

#include <gtest/gtest.h>

namespace spellfilter {
namespace {

TEST(BandedEditDistanceTest, CountsEachKindOfEditOnce) {
  EXPECT_EQ(BandedEditDistance(U"the", U"the", 2), 0);
  EXPECT_EQ(BandedEditDistance(U"the", U"thy", 2), 1);   // substitution
  EXPECT_EQ(BandedEditDistance(U"the", U"then", 2), 1);  // insertion
  EXPECT_EQ(BandedEditDistance(U"then", U"the", 2), 1);  // deletion
  EXPECT_EQ(BandedEditDistance(U"teh", U"the", 2), 1);   // swap
  EXPECT_EQ(BandedEditDistance(U"recieve", U"receive", 2), 1);
  EXPECT_EQ(BandedEditDistance(U"acomodate", U"accommodate", 2), 2);
  EXPECT_EQ(BandedEditDistance(U"", U"ab", 2), 2);
}

TEST(BandedEditDistanceTest, AnythingBeyondTheLimitIsLimitPlusOne) {
  EXPECT_EQ(BandedEditDistance(U"cat", U"dog", 2), 3);
  EXPECT_EQ(BandedEditDistance(U"cat", U"dog", 3), 3);
  EXPECT_EQ(BandedEditDistance(U"a", U"abcdef", 2), 3);  // lengths alone
  EXPECT_EQ(BandedEditDistance(U"abcdef", U"badcfe", 2), 3);
  EXPECT_EQ(BandedEditDistance(U"abcdef", U"badcfe", 3), 3);
  EXPECT_EQ(BandedEditDistance(U"cat", U"act", 0), 1);
}

// Optimal string alignment, not Damerau: "ca" -> "abc" is 3 (no edit of
// a swapped pair), where the unrestricted distance is 2.
TEST(BandedEditDistanceTest, IsOptimalStringAlignment) {
  EXPECT_EQ(BandedEditDistance(U"ca", U"abc", 3), 3);
}

}  // namespace
}  // namespace spellfilter
