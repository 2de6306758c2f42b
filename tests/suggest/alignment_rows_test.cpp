// AlignmentRows (alignment_rows.h): every row it fills, on the vector path
// (typed words of up to 15 letters) and the cell-by-cell one, agrees with
// the optimal string alignment distance computed from scratch, including
// when a candidate backs up and grows another way, as the by-ear walk's
// candidates do.
#include "core/suggest/alignment_rows.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace spellfilter {
namespace {

using Letters = std::vector<uint8_t>;

// The whole table of a against b (optimal string alignment: adjacent
// transpositions count one), [i][j] for a's first i letters and b's first j.
std::vector<std::vector<int>> Table(const Letters& a, const Letters& b) {
  std::vector<std::vector<int>> t(a.size() + 1,
                                  std::vector<int>(b.size() + 1, 0));
  for (size_t i = 0; i <= a.size(); ++i) {
    for (size_t j = 0; j <= b.size(); ++j) {
      if (i == 0 || j == 0) {
        t[i][j] = static_cast<int>(i + j);
        continue;
      }
      int v = std::min(t[i - 1][j], t[i][j - 1]) + 1;
      v = std::min(v, t[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        v = std::min(v, t[i - 2][j - 2] + 1);
      }
      t[i][j] = v;
    }
  }
  return t;
}

// Fills rows `from`..candidate.size() and checks each against the table.
void FillAndCheck(AlignmentRows& rows, const Letters& typed,
                  const Letters& candidate, size_t from, int limit) {
  const auto t = Table(candidate, typed);
  for (size_t d = from; d <= candidate.size(); ++d) {
    const bool within = rows.Fill(d, candidate[d - 1],
                                  d > 1 ? candidate[d - 2] : 0);
    const int best = *std::min_element(t[d].begin(), t[d].end());
    ASSERT_EQ(within, best <= limit) << "depth " << d << " limit " << limit;
    ASSERT_EQ(rows.Distance(d), std::min(t[d][typed.size()], limit + 1))
        << "depth " << d << " limit " << limit;
  }
}

void RandomRows(bool vector) {
  std::mt19937 rng(7);
  // Four letters (many matches and swaps) and now and then a typed one
  // outside the alphabet.
  std::uniform_int_distribution<int> letter(0, 3);
  int vectorized = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const size_t n = 1 + rng() % 24;
    Letters typed(n);
    for (uint8_t& c : typed) {
      c = rng() % 20 == 0 ? AlignmentRows::kNotALetter
                          : static_cast<uint8_t>(letter(rng));
    }
    const int limit = 1 + static_cast<int>(rng() % 9);
    const size_t max_depth = n + 6;
    AlignmentRows rows(vector);
    rows.Reset(typed, limit, max_depth);
    vectorized += rows.vectorized();
    Letters candidate(1 + rng() % max_depth);
    for (uint8_t& c : candidate) c = static_cast<uint8_t>(letter(rng));
    FillAndCheck(rows, typed, candidate, 1, limit);
    // Back up to a random depth and grow another way.
    const size_t keep = rng() % candidate.size();
    candidate.resize(keep + 1 + rng() % (max_depth - keep));
    for (size_t d = keep; d < candidate.size(); ++d) {
      candidate[d] = static_cast<uint8_t>(letter(rng));
    }
    FillAndCheck(rows, typed, candidate, keep + 1, limit);
  }
#if defined(__SSE2__)
  EXPECT_EQ(vectorized > 0, vector);
#endif
}

TEST(AlignmentRowsTest, VectorRowsMatchTheTable) { RandomRows(true); }

TEST(AlignmentRowsTest, CellByCellRowsMatchTheTable) { RandomRows(false); }

TEST(AlignmentRowsTest, TranspositionCountsOne) {
  const Letters typed = {0, 1, 2, 3};  // "abcd"
  for (bool vector : {true, false}) {
    AlignmentRows rows(vector);
    rows.Reset(typed, 3, 8);
    const Letters candidate = {0, 2, 1, 3};  // "acbd"
    for (size_t d = 1; d <= candidate.size(); ++d) {
      EXPECT_TRUE(rows.Fill(d, candidate[d - 1], d > 1 ? candidate[d - 2] : 0));
    }
    EXPECT_EQ(rows.Distance(4), 1);
  }
}

TEST(AlignmentRowsTest, FarCandidatesAreGivenUp) {
  const Letters typed = {0, 0, 0, 0, 0};
  for (bool vector : {true, false}) {
    AlignmentRows rows(vector);
    rows.Reset(typed, 2, 10);
    EXPECT_TRUE(rows.Fill(1, 1, 0));
    EXPECT_TRUE(rows.Fill(2, 1, 1));
    EXPECT_FALSE(rows.Fill(3, 1, 1));  // "bbb" is 3 from every prefix
    EXPECT_EQ(rows.Distance(3), 3);    // capped at limit + 1
  }
}

}  // namespace
}  // namespace spellfilter
