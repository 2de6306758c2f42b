#include "app/lsp/utf16.h"

namespace spellfilter::lsp {
namespace {

// UTF-16 units of the code point whose lead byte is b; 0 for continuation
// bytes.
size_t UnitsOfByte(unsigned char b) {
  if ((b & 0xC0) == 0x80) return 0;
  return b >= 0xF0 ? 2 : 1;
}

}  // namespace

size_t Utf16Length(std::string_view line, size_t byte_offset) {
  size_t units = 0;
  const size_t end = byte_offset < line.size() ? byte_offset : line.size();
  for (size_t i = 0; i < end; ++i) {
    units += UnitsOfByte(static_cast<unsigned char>(line[i]));
  }
  return units;
}

size_t Utf16Cursor::UnitsAt(size_t byte_offset) {
  const size_t end = byte_offset < line_.size() ? byte_offset : line_.size();
  if (end < byte_) {
    byte_ = 0;
    units_ = 0;
  }
  for (; byte_ < end; ++byte_) {
    units_ += UnitsOfByte(static_cast<unsigned char>(line_[byte_]));
  }
  return units_;
}

size_t ByteOffsetOfUtf16(std::string_view line, size_t units) {
  size_t counted = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    const size_t u = UnitsOfByte(static_cast<unsigned char>(line[i]));
    if (u == 0) continue;
    if (counted + u > units) return i;
    counted += u;
  }
  return line.size();
}

}  // namespace spellfilter::lsp
