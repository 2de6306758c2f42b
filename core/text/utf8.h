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
// std::string_view::npos if all of `s` is valid UTF-8. ASCII runs are
// skipped eight bytes at a time.
// Inline: the C API validates every word it is given.
[[nodiscard]] inline size_t FirstInvalidUtf8(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  // Short ASCII words, most of what is checked one at a time: one pass.
  if (n < 16) {
    unsigned char any = 0;
    for (size_t k = 0; k < n; ++k) any |= p[k];
    if (any < 0x80) return std::string_view::npos;
  }
  size_t i = 0;
  while (i < n) {
    if (i + 8 <= n) {
      uint64_t chunk;
      std::memcpy(&chunk, p + i, 8);
      if ((chunk & 0x8080808080808080ULL) == 0) {
        i += 8;
        continue;
      }
    }
    const unsigned char c = p[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF;  // bounds of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;  // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return i;
    }
    if (i + len > n || p[i + 1] < lo || p[i + 1] > hi) return i;
    for (size_t k = 2; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return i;
    }
    i += len;
  }
  return std::string_view::npos;
}

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_UTF8_H_
