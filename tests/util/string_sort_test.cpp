#include "core/util/string_sort.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace spellfilter {
namespace {

// Random strings over a few byte values, including 0x00 and 0xFF, many
// sharing their first eight bytes or more.
std::vector<std::string> RandomStrings(int n, uint32_t seed) {
  const char bytes[] = {'\0', 'a', 'b', '\x7F', '\x80', '\xFF'};
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) {
    std::string s = rng() % 2 ? "prefixes" : "";
    const int len = rng() % 12;
    for (int k = 0; k < len; ++k) s.push_back(bytes[rng() % 6]);
    out.push_back(s);
  }
  return out;
}

TEST(StringSortTest, SortsLikeStdStringThenTag) {
  const std::vector<std::string> strings = RandomStrings(5000, 1);
  std::string arena;
  std::vector<SortedString> sorted;
  std::vector<std::pair<std::string, uint32_t>> expected;
  std::mt19937 rng(2);
  for (const std::string& s : strings) {
    const uint32_t tag = rng() % 3;
    const auto offset = static_cast<uint32_t>(arena.size());
    arena += s;
    sorted.push_back(MakeSortedString(arena, offset, s.size(), tag));
    expected.emplace_back(s, tag);
  }
  SortStrings(arena, sorted);
  std::sort(expected.begin(), expected.end());
  ASSERT_EQ(sorted.size(), expected.size());
  for (size_t i = 0; i < sorted.size(); ++i) {
    ASSERT_EQ(Bytes(arena, sorted[i]), expected[i].first) << i;
    ASSERT_EQ(sorted[i].tag, expected[i].second) << i;
  }
}

// Groups of hundreds of strings sharing 8, 16, ... 80 bytes (past the radix
// passes' depth limit): the radix passes go on past the first eight bytes,
// with strings that end inside a head, trailing zero bytes, repeats and
// tags; the order is std::string's, and every head is the string's first
// eight bytes again.
TEST(StringSortTest, LongSharedPrefixesSortLikeStdString) {
  const char bytes[] = {'\0', 'a', 'b', '\x7F', '\x80', '\xFF'};
  std::mt19937 rng(3);
  std::string arena;
  std::vector<SortedString> sorted;
  std::vector<std::pair<std::string, uint32_t>> expected;
  for (int i = 0; i < 20000; ++i) {
    std::string s(8 * (rng() % 11), 'p');
    if (rng() % 4 == 0 && !s.empty()) s[rng() % s.size()] = '\0';
    const int len = rng() % 19;
    for (int k = 0; k < len; ++k) s.push_back(bytes[rng() % 6]);
    const uint32_t tag = rng() % 3;
    const auto offset = static_cast<uint32_t>(arena.size());
    arena += s;
    sorted.push_back(MakeSortedString(arena, offset, s.size(), tag));
    expected.emplace_back(s, tag);
  }
  SortStrings(arena, sorted);
  std::sort(expected.begin(), expected.end());
  ASSERT_EQ(sorted.size(), expected.size());
  for (size_t i = 0; i < sorted.size(); ++i) {
    ASSERT_EQ(Bytes(arena, sorted[i]), expected[i].first) << i;
    ASSERT_EQ(sorted[i].tag, expected[i].second) << i;
    ASSERT_EQ(sorted[i].head,
              MakeSortedString(arena, sorted[i].offset, sorted[i].length, 0)
                  .head)
        << i;
  }
}

TEST(StringSortTest, CommonPrefix) {
  const std::vector<std::string> strings = RandomStrings(300, 3);
  for (const std::string& a : strings) {
    for (const std::string& b : strings) {
      const size_t n = std::mismatch(a.begin(), a.begin() + std::min(a.size(), b.size()),
                                     b.begin()).first - a.begin();
      ASSERT_EQ(CommonPrefix(a, b), n);
    }
  }
}

}  // namespace
}  // namespace spellfilter
