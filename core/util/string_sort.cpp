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
// How deep the radix passes go (bytes) before a group left is compared
// whole: each 8 bytes cost 9 frames of ~4 KB of stack.
inline constexpr size_t kRadixMaxDepth = 64;

// The bytes [depth, depth + 8) of a string, big-endian, zero-padded (the
// head at depth 0).
uint64_t HeadAt(std::string_view arena, const SortedString& s, size_t depth) {
  uint64_t head = 0;
  if (s.length > depth) {
    const size_t n = std::min<size_t>(s.length - depth, 8);
    const char* p = arena.data() + s.offset + depth;
    for (size_t i = 0; i < n; ++i) {
      head |= uint64_t{static_cast<uint8_t>(p[i])} << (56 - 8 * i);
    }
  }
  return head;
}

// Order of two strings that agree on their first `depth` bytes, whose heads
// hold bytes [depth, depth + 8).
bool Less(std::string_view arena, const SortedString& a, const SortedString& b,
          size_t depth) {
  if (a.head != b.head) return a.head < b.head;
  // Equal heads: strings of depth + 8 bytes or more agree on those.
  const size_t skip = a.length >= depth + 8 && b.length >= depth + 8
                          ? depth + 8
                          : std::min<size_t>({depth, a.length, b.length});
  const int c =
      Bytes(arena, a).substr(skip).compare(Bytes(arena, b).substr(skip));
  return c != 0 ? c < 0 : a.tag < b.tag;
}

// Most-significant-digit radix sort on byte `digit` (0..7) of the heads,
// which hold bytes [depth, depth + 8) of strings that agree on their first
// `depth` bytes, through `scratch` (as long as `strings`); a comparison sort
// for small groups. A large group whose heads are all equal (8 more bytes
// in common: a stem's inflections, 4 letters of Cyrillic) goes on with the
// next 8 bytes as heads rather than comparing in the arena at random places
// (uk_UA's 3.4 million forms: most of the sort's time went to memcmp), up
// to kRadixMaxDepth; its strings that end within the head (all equal but
// for the tag) come first.
// The heads are those of `depth` again when it returns.
void RadixSort(std::string_view arena, SortedString* strings,
               SortedString* scratch, size_t n, int digit, size_t depth) {
  if (n < kRadixMinStrings || (digit == 8 && depth + 8 >= kRadixMaxDepth)) {
    // Equal heads send the comparison to the arena, at random places.
    for (size_t i = 0; i < n; ++i) {
      __builtin_prefetch(arena.data() + strings[i].offset + depth + 8);
    }
    std::sort(strings, strings + n,
              [arena, depth](const SortedString& a, const SortedString& b) {
                return Less(arena, a, b, depth);
              });
    return;
  }
  if (digit == 8) {
    SortedString* const end = strings + n;
    SortedString* const longer =
        std::partition(strings, end, [depth](const SortedString& s) {
          return s.length <= depth + 8;
        });
    std::sort(strings, longer, [](const SortedString& a, const SortedString& b) {
      return a.length != b.length ? a.length < b.length : a.tag < b.tag;
    });
    const size_t rest = static_cast<size_t>(end - longer);
    if (rest > 1) {
      for (SortedString* s = longer; s != end; ++s) {
        s->head = HeadAt(arena, *s, depth + 8);
      }
      RadixSort(arena, longer, scratch + (longer - strings), rest, 0,
                depth + 8);
      for (SortedString* s = longer; s != end; ++s) {
        s->head = HeadAt(arena, *s, depth);
      }
    }
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
      RadixSort(arena, strings + start[d], scratch + start[d], size,
                digit + 1, depth);
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
  RadixSort(arena, strings.data(), scratch.data(), strings.size(), 0, 0);
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
