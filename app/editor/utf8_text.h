// One piece of editor text as core sees it. The editor holds UTF-16
// (QString); core's Checker and Tokenizer take UTF-8 and answer in byte
// offsets. Utf8Text encodes once into a reused buffer and maps byte spans
// back to UTF-16 positions by walking the UTF-8 lead bytes, so no offset
// table is built.
#ifndef SPELLFILTER_APP_EDITOR_UTF8_TEXT_H_
#define SPELLFILTER_APP_EDITOR_UTF8_TEXT_H_

#include <QList>
#include <QStringView>
#include <string>
#include <string_view>

namespace spellfilter::editor {

// A range of UTF-16 code units in a QString.
struct TextSpan {
  int start = 0;
  int length = 0;

  int end() const { return start + length; }
  friend bool operator==(const TextSpan&, const TextSpan&) = default;
};

class Utf8Text {
 public:
  // Encodes `text`. An unpaired surrogate becomes U+FFFD (3 bytes), as in
  // QString::toUtf8, so each code point of the result maps back to exactly
  // one code point of `text`.
  void assign(QStringView text);

  std::string_view bytes() const { return bytes_; }

  // Appends to *out the UTF-16 spans of `spans`: byte ranges into bytes()
  // (anything with `offset` and `length`, such as core's Misspelling and
  // Token), ascending, starting and ending at code point boundaries.
  template <typename ByteSpans>
  void mapToUtf16(const ByteSpans& spans, QList<TextSpan>* out) const {
    Walker walk(bytes_);
    for (const auto& s : spans) {
      const int start = walk.advanceTo(s.offset);
      const int end = walk.advanceTo(s.offset + s.length);
      out->append(TextSpan{start, end - start});
    }
  }

 private:
  // Converts ascending byte offsets to UTF-16 offsets in one pass.
  class Walker {
   public:
    explicit Walker(std::string_view bytes) : bytes_(bytes) {}
    int advanceTo(size_t byte_offset);

   private:
    std::string_view bytes_;
    size_t byte_ = 0;
    int utf16_ = 0;
  };

  std::string bytes_;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_UTF8_TEXT_H_
