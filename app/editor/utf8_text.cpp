#include "app/editor/utf8_text.h"

#include <QStringEncoder>

namespace spellfilter::editor {

void Utf8Text::assign(QStringView text) {
  QStringEncoder encoder(QStringEncoder::Utf8,
                         QStringConverter::Flag::Stateless);
  bytes_.resize(static_cast<size_t>(encoder.requiredSpace(text.size())));
  char* end = encoder.appendToBuffer(bytes_.data(), text);
  bytes_.resize(static_cast<size_t>(end - bytes_.data()));
}

int Utf8Text::Walker::advanceTo(size_t byte_offset) {
  while (byte_ < byte_offset && byte_ < bytes_.size()) {
    const auto lead = static_cast<unsigned char>(bytes_[byte_]);
    // The encoder wrote well-formed UTF-8: the lead byte gives the length.
    // Four-byte sequences are the supplementary planes: two UTF-16 units.
    if (lead < 0x80) {
      byte_ += 1;
      utf16_ += 1;
    } else if (lead < 0xE0) {
      byte_ += 2;
      utf16_ += 1;
    } else if (lead < 0xF0) {
      byte_ += 3;
      utf16_ += 1;
    } else {
      byte_ += 4;
      utf16_ += 2;
    }
  }
  return utf16_;
}

}  // namespace spellfilter::editor
