// Code-point level helpers for generating and presenting suggestions: UTF-8
// decoding, simple (one code point to one code point) case mapping, and the
// case class of a word. Case classes are those of word_forms.h; the mapping
// is ICU's simple mapping, with Turkish and Azeri dotted/dotless i. The
// suggester works on lower-case code points; the checker (word_forms.h) has
// the final say on whether a presented suggestion is accepted.
//
// A lower-case letter with no upper-case simple mapping (German ß, kra ĸ)
// counts as caseless, as Hunspell counts it: it neither makes an ALL UPPER
// word mixed ("STRAßE", "BLOCKGRÖßE") nor a lower-case word cased.
#ifndef SPELLFILTER_CORE_TEXT_LETTER_CASE_H_
#define SPELLFILTER_CORE_TEXT_LETTER_CASE_H_

#include <string>
#include <string_view>

namespace spellfilter {

enum class WordCase {
  kLower,        // no upper-case letter ("the", "don't")
  kCapitalised,  // only the first letter is upper case ("The")
  kAllUpper,     // two or more letters, none lower case ("THE", "STRAßE")
  kOther,  // anything else ("iPhone", "McDonald", "A" alone is kCapitalised)
};

// Decodes UTF-8 into *out; false (and *out unspecified) if invalid.
bool DecodeUtf8(std::string_view s, std::u32string* out);
void AppendUtf8(char32_t c, std::string* out);
std::string EncodeUtf8(std::u32string_view s);

// Whether case mapping follows Turkish rules (I <-> ı, İ <-> i) for this
// BCP 47 tag ("tr", "az", "tr-TR").
bool IsTurkic(std::string_view language);

char32_t LowerLetter(char32_t c, bool turkic);
char32_t UpperLetter(char32_t c, bool turkic);

WordCase CaseOf(std::u32string_view word);

// Whether a dictionary writes `word` in mixed case: not as its lower-case
// form, nor Capitalised, nor ALL UPPER (the PREFIXES section's "other"):
// a capital after the first code point, and a small letter (one with an
// upper-case mapping). "iPhone", "PhD", "McDonald's"; not "Paris", "NASA",
// "the", "STRAßE".
bool IsMixedCase(std::u32string_view word, bool turkic);
// The ALL UPPER form of a word (UTF-8) written in mixed case, "PhD" ->
// "PHD"; empty if it is not such a word, or not valid UTF-8. Hunspell and
// Aspell accept it, and the checker's case rules (word_forms.h) cannot
// derive it, so dictionaries and user word filters hold it as a key.
std::string MixedCaseUpperForm(std::string_view word, bool turkic);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_LETTER_CASE_H_
