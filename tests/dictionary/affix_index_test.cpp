#include "core/dictionary/affix_index.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace spellfilter {
namespace {

std::vector<uint32_t> Matches(const AffixIndex& index, std::u32string_view w) {
  std::vector<uint32_t> seen;
  index.ForEach(w, [&](uint32_t e) {
    seen.push_back(e);
    return false;
  });
  return seen;
}

TEST(AffixIndexTest, SuffixesShortestFirstThenInTheOrderAdded) {
  const std::vector<std::u32string_view> appends = {U"s", U"es", U"", U"s",
                                                    U"ies", U"ed"};
  const AffixIndex index(appends, AffixIndex::From::kEnd);
  EXPECT_EQ(Matches(index, U"tries"), (std::vector<uint32_t>{2, 0, 3, 1, 4}));
  EXPECT_EQ(Matches(index, U"worked"), (std::vector<uint32_t>{2, 5}));
  EXPECT_EQ(Matches(index, U"work"), (std::vector<uint32_t>{2}));
  EXPECT_EQ(Matches(index, U""), (std::vector<uint32_t>{2}));
  // An append string longer than the word never matches.
  EXPECT_EQ(Matches(index, U"es"), (std::vector<uint32_t>{2, 0, 3, 1}));
}

TEST(AffixIndexTest, PrefixesFromTheStartAndTheWalkStopsWhenAsked) {
  const std::vector<std::u32string_view> appends = {U"re", U"un", U"r",
                                                    U"рас"};
  const AffixIndex index(appends, AffixIndex::From::kStart);
  EXPECT_EQ(Matches(index, U"rework"), (std::vector<uint32_t>{2, 0}));
  EXPECT_EQ(Matches(index, U"undo"), (std::vector<uint32_t>{1}));
  EXPECT_EQ(Matches(index, U"раскол"), (std::vector<uint32_t>{3}));
  EXPECT_TRUE(Matches(index, U"work").empty());
  int calls = 0;
  EXPECT_TRUE(index.ForEach(U"rework", [&](uint32_t) {
    ++calls;
    return true;
  }));
  EXPECT_EQ(calls, 1);
  EXPECT_FALSE(AffixIndex().ForEach(U"rework", [](uint32_t) { return true; }));
}

}  // namespace
}  // namespace spellfilter
