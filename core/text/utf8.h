// Strict UTF-8 (RFC 3629): shortest forms only, no surrogates, nothing
// above U+10FFFF. One validator for every front-end: the C API's
// arguments, the CLI's escaping of file names, the editor's decoding.
#ifndef SPELLFILTER_CORE_TEXT_UTF8_H_
#define SPELLFILTER_CORE_TEXT_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace spellfilter {

// The length of the well-formed UTF-8 sequence at s[i] (1-4), or 0 if the
// bytes there are not one (a stray continuation byte, an overlong form, a
// surrogate, beyond U+10FFFF, cut short).
[[nodiscard]] size_t Utf8SequenceLength(std::string_view s, size_t i);

// The offset of the first byte that does not start a valid sequence, or
// std::string_view::npos if all of `s` is valid UTF-8: the general case of
// FirstInvalidUtf8, out of line. ASCII runs are skipped eight bytes at a
// time.
[[nodiscard]] size_t FirstInvalidUtf8Scan(std::string_view s);

// Whether the n <= 16 bytes at p are all ASCII: two loads that overlap in
// the middle cover any length without a loop (a byte loop's exit, at
// another length each word, was mispredicted about once a word).
[[nodiscard]] inline bool ShortIsAscii(const unsigned char* p, size_t n) {
  uint64_t any = 0;
  if (n >= 8) {
    uint64_t a, b;
    std::memcpy(&a, p, 8);
    std::memcpy(&b, p + n - 8, 8);
    any = a | b;
  } else if (n >= 4) {
    uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, p + n - 4, 4);
    any = a | b;
  } else if (n > 0) {
    any = p[0] | p[n / 2] | p[n - 1];
  }
  return (any & 0x8080808080808080ULL) == 0;
}

// The offset of the first byte that does not start a valid sequence, or
// std::string_view::npos if all of `s` is valid UTF-8.
// Inline for short ASCII words, most of what the C API validates (every
// word it is given, one at a time); the rest is FirstInvalidUtf8Scan.
[[nodiscard]] inline size_t FirstInvalidUtf8(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  if (s.size() <= 16 && ShortIsAscii(p, s.size())) {
    return std::string_view::npos;
  }
  return FirstInvalidUtf8Scan(s);
}

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_UTF8_H_
