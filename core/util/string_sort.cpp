#include "core/util/string_sort.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <vector>

#include "core/util/huge_pages.h"

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

namespace {

// Below this many strings a comparison sort is faster than another pass.
inline constexpr size_t kRadixMinStrings = 64;

bool Less(std::string_view arena, const SortedString& a,
          const SortedString& b) {
  if (a.head != b.head) return a.head < b.head;
  // Equal heads: strings of 8 bytes or more agree on their first 8.
  const size_t skip = a.length >= 8 && b.length >= 8 ? 8 : 0;
  const int c =
      Bytes(arena, a).substr(skip).compare(Bytes(arena, b).substr(skip));
  return c != 0 ? c < 0 : a.tag < b.tag;
}

// Most-significant-digit radix sort on byte `digit` (0..7) of the heads,
// through `scratch` (as long as `strings`); a comparison sort for small
// groups and for groups whose heads are equal.
void RadixSort(std::string_view arena, SortedString* strings,
               SortedString* scratch, size_t n, int digit) {
  if (n < kRadixMinStrings || digit == 8) {
    // Equal heads send the comparison to the arena, at random places.
    for (size_t i = 0; i < n; ++i) {
      __builtin_prefetch(arena.data() + strings[i].offset + 8);
    }
    std::sort(strings, strings + n,
              [arena](const SortedString& a, const SortedString& b) {
                return Less(arena, a, b);
              });
    return;
  }
  const int shift = 56 - 8 * digit;
  size_t start[257] = {};
  for (size_t i = 0; i < n; ++i) ++start[((strings[i].head >> shift) & 0xFF) + 1];
  for (int d = 0; d < 256; ++d) start[d + 1] += start[d];
  size_t next[256];
  std::copy(start, start + 256, next);
  for (size_t i = 0; i < n; ++i) {
    scratch[next[(strings[i].head >> shift) & 0xFF]++] = strings[i];
  }
  std::copy(scratch, scratch + n, strings);
  for (int d = 0; d < 256; ++d) {
    const size_t size = start[d + 1] - start[d];
    if (size > 1) {
      RadixSort(arena, strings + start[d], scratch + start[d], size, digit + 1);
    }
  }
}

}  // namespace

void SortStrings(std::string_view arena, std::span<SortedString> strings) {
  // Zero padding keeps the heads' order consistent with the strings' (a
  // proper prefix pads with bytes no greater than the longer string's), so
  // the heads can be sorted on alone and equal heads only need the full
  // comparison.
  HugeVector<SortedString> scratch(strings.size());
  RadixSort(arena, strings.data(), scratch.data(), strings.size(), 0);
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
