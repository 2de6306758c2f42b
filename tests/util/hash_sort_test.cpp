// SortDistinctHashes (hash_sort.h): the distinct hashes in (lo, hi) order,
// as std::sort and std::unique give them, for lists sorted directly and
// for lists large enough to be distributed by their top bytes.
#include "core/util/hash_sort.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace spellfilter {
namespace {

bool Less(const WordHash& a, const WordHash& b) {
  return a.lo != b.lo ? a.lo < b.lo : a.hi < b.hi;
}
bool Same(const WordHash& a, const WordHash& b) {
  return a.lo == b.lo && a.hi == b.hi;
}

TEST(HashSortTest, MatchesSortAndUnique) {
  std::mt19937_64 rng(11);
  for (size_t size : {0, 1, 7, 4095, 4096, 50000}) {
    std::vector<WordHash> hashes;
    for (size_t i = 0; i < size; ++i) {
      // Repeats, hashes equal in lo only, and lo equal in its top bytes.
      if (i > 0 && rng() % 4 == 0) {
        hashes.push_back(hashes[rng() % i]);
      } else if (i > 0 && rng() % 8 == 0) {
        hashes.push_back(WordHash{hashes[rng() % i].lo, rng()});
      } else if (i > 0 && rng() % 8 == 0) {
        hashes.push_back(
            WordHash{(hashes[rng() % i].lo & ~0xFFFFull) | (rng() & 0xFFFF), rng()});
      } else {
        hashes.push_back(WordHash{rng(), rng()});
      }
    }
    std::vector<WordHash> expected = hashes;
    std::sort(expected.begin(), expected.end(), Less);
    expected.erase(std::unique(expected.begin(), expected.end(), Same),
                   expected.end());
    hashes.resize(SortDistinctHashes(hashes));
    ASSERT_EQ(hashes.size(), expected.size()) << size;
    EXPECT_TRUE(std::equal(hashes.begin(), hashes.end(), expected.begin(), Same))
        << size;
  }
}

// Hashes that share their top 40 bits (a list made to collide there) all
// fall in one run and one value of the second step: still sorted, and in
// time (the insertion pass gives way to std::sort).
TEST(HashSortTest, SortsHashesThatShareTheirTopBits) {
  std::mt19937_64 rng(12);
  std::vector<WordHash> hashes;
  for (int i = 0; i < 200000; ++i) {
    hashes.push_back(
        WordHash{0xABCDEF1234000000ull | (rng() & 0xFFFFFF), rng()});
  }
  for (int i = 0; i < 5000; ++i) hashes.push_back(WordHash{rng(), rng()});
  std::vector<WordHash> expected = hashes;
  std::sort(expected.begin(), expected.end(), Less);
  expected.erase(std::unique(expected.begin(), expected.end(), Same),
                 expected.end());
  hashes.resize(SortDistinctHashes(hashes));
  ASSERT_EQ(hashes.size(), expected.size());
  EXPECT_TRUE(std::equal(hashes.begin(), hashes.end(), expected.begin(), Same));
}

}  // namespace
}  // namespace spellfilter
