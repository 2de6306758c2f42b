// Decodes the text of a Hunspell .aff/.dic pair, in the encoding its SET
// line names, into code points.
//
// Hunspell's names are mapped to ICU converters: "UTF-8"; "ISO8859-1" to
// "ISO8859-15" (also spelled "ISO-8859-N"); "KOI8-R", "KOI8-U";
// "microsoft-cp1251" (windows-1251); "TIS620-2533" (TIS-620);
// "ISCII-DEVANAGARI". Any other name is tried as an ICU converter name as
// it stands. A .aff without SET is ISO8859-1, as in Hunspell.
//
// Only text is decoded (words, strip and affix strings, conditions); flags
// are read from the raw bytes (hunspell_affix.h), as Hunspell does.
#ifndef SPELLFILTER_CORE_HUNSPELL_ENCODING_H_
#define SPELLFILTER_CORE_HUNSPELL_ENCODING_H_

#include <memory>
#include <string>
#include <string_view>

#include "core/util/status.h"

namespace spellfilter {

class HunspellDecoder {
 public:
  // `set_name` is the argument of SET ("UTF-8", "ISO8859-1", ...); an
  // unknown name is kUnsupported.
  static StatusOr<HunspellDecoder> Open(std::string_view set_name);

  HunspellDecoder(HunspellDecoder&&) noexcept;
  HunspellDecoder& operator=(HunspellDecoder&&) noexcept;
  ~HunspellDecoder();

  bool utf8() const { return utf8_; }

  // Replaces *out with the code points of `raw`. False for invalid UTF-8
  // (UTF-8 dictionaries) or bytes the encoding does not map.
  bool Decode(std::string_view raw, std::u32string* out);

 private:
  struct Converter;
  HunspellDecoder(bool utf8, std::unique_ptr<Converter> converter);

  bool utf8_;
  std::unique_ptr<Converter> converter_;
};

// UTF-8 of a code point string (appended to *out).
void AppendUtf8(std::u32string_view s, std::string* out);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_HUNSPELL_ENCODING_H_
