#include "core/suggest/banded_edit_distance.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace spellfilter {

int BandedEditDistance(std::u32string_view a, std::u32string_view b,
                       int limit) {
  const int n = static_cast<int>(a.size());
  const int m = static_cast<int>(b.size());
  if (std::abs(n - m) > limit) return limit + 1;
  const int inf = limit + 1;
  std::vector<int> prev2(m + 1, inf), prev(m + 1, inf), cur(m + 1, inf);
  for (int j = 0; j <= std::min(m, limit); ++j) prev[j] = j;
  for (int i = 1; i <= n; ++i) {
    std::fill(cur.begin(), cur.end(), inf);
    if (i <= limit) cur[0] = i;
    int row_min = cur[0];
    for (int j = std::max(1, i - limit); j <= std::min(m, i + limit); ++j) {
      const int sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      int v = std::min({sub, prev[j] + 1, cur[j - 1] + 1});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        v = std::min(v, prev2[j - 2] + 1);
      }
      cur[j] = std::min(v, inf);
      row_min = std::min(row_min, cur[j]);
    }
    if (row_min > limit) return inf;
    prev2.swap(prev);
    prev.swap(cur);
  }
  return std::min(prev[m], inf);
}

}  // namespace spellfilter
