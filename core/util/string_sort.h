// Sorting many short strings that live back to back in one arena, as the
// dictionary builder does with its words (docs/benchmarks.md, build).
//
// Each string is referred to by a 24-byte SortedString that carries its first
// eight bytes as a big-endian integer (zero-padded), so most comparisons are
// one integer comparison on data that sits in the array being sorted,
// without touching the arena; only strings whose first eight bytes agree
// compare the rest with memcmp. The order is plain byte order (that of
// std::string's operator<, i.e. code point order for UTF-8), then the tag.
#ifndef SPELLFILTER_CORE_UTIL_STRING_SORT_H_
#define SPELLFILTER_CORE_UTIL_STRING_SORT_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace spellfilter {

struct SortedString {
  uint64_t head;    // bytes 0..7, big-endian, zero-padded
  uint32_t offset;  // in the arena
  uint32_t length;
  uint32_t tag;     // the caller's; orders equal strings
};

// The reference to arena[offset, offset + length).
SortedString MakeSortedString(std::string_view arena, uint32_t offset,
                              uint32_t length, uint32_t tag);

inline std::string_view Bytes(std::string_view arena, const SortedString& s) {
  return arena.substr(s.offset, s.length);
}

// Sorts by (bytes, tag).
void SortStrings(std::string_view arena, std::span<SortedString> strings);

// Length of the longest common prefix of a and b, in bytes.
size_t CommonPrefix(std::string_view a, std::string_view b);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_UTIL_STRING_SORT_H_
