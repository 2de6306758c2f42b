#include "core/string_sort.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace spellfilter {

SortedString MakeSortedString(std::string_view arena, uint32_t offset,
                              uint32_t length, uint32_t tag) {
  uint64_t head = 0;
  const size_t n = std::min<size_t>(length, 8);
  for (size_t i = 0; i < n; ++i) {
    head |= uint64_t{static_cast<uint8_t>(arena[offset + i])} << (56 - 8 * i);
  }
  return SortedString{head, offset, length, tag};
}

void SortStrings(std::string_view arena, std::span<SortedString> strings) {
  // Zero padding keeps the heads' order consistent with the strings' (a
  // proper prefix pads with bytes no greater than the longer string's), so
  // equal heads only need the full comparison.
  std::sort(strings.begin(), strings.end(),
            [arena](const SortedString& a, const SortedString& b) {
              if (a.head != b.head) return a.head < b.head;
              const int c = Bytes(arena, a).compare(Bytes(arena, b));
              return c != 0 ? c < 0 : a.tag < b.tag;
            });
}

size_t CommonPrefix(std::string_view a, std::string_view b) {
  const size_t n = std::min(a.size(), b.size());
  size_t i = 0;
  while (i + 8 <= n) {
    uint64_t x, y;
    std::memcpy(&x, a.data() + i, 8);
    std::memcpy(&y, b.data() + i, 8);
    if (x != y) return i + std::countr_zero(x ^ y) / 8;  // little-endian
    i += 8;
  }
  while (i < n && a[i] == b[i]) ++i;
  return i;
}

}  // namespace spellfilter
