// Positions as the Language Server Protocol counts them: a character offset
// in a line is in UTF-16 code units (a code point above U+FFFF, such as
// most emoji, counts two), while spellfilter counts bytes of UTF-8.
#ifndef SPELLFILTER_APP_LSP_UTF16_H_
#define SPELLFILTER_APP_LSP_UTF16_H_

#include <cstddef>
#include <string_view>

namespace spellfilter::lsp {

// UTF-16 code units in line[0, byte_offset). A lead byte of four bytes
// counts two, any other byte that is not a continuation byte one.
size_t Utf16Length(std::string_view line, size_t byte_offset);

// The byte offset in `line` of UTF-16 offset `units`; past the line's end,
// its size; inside a surrogate pair, the pair's code point start.
size_t ByteOffsetOfUtf16(std::string_view line, size_t units);

// UTF-16 offsets of increasing byte offsets in one line, each counted from
// the one before: the findings of a line cost one pass over it, not one
// pass each. A byte offset below the previous one starts over.
class Utf16Cursor {
 public:
  Utf16Cursor() = default;
  // `line` must outlive the cursor's use.
  explicit Utf16Cursor(std::string_view line) : line_(line) {}
  // Utf16Length(line, byte_offset).
  size_t UnitsAt(size_t byte_offset);

 private:
  std::string_view line_;
  size_t byte_ = 0;
  size_t units_ = 0;
};

}  // namespace spellfilter::lsp

#endif  // SPELLFILTER_APP_LSP_UTF16_H_
