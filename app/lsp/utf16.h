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

}  // namespace spellfilter::lsp

#endif  // SPELLFILTER_APP_LSP_UTF16_H_
