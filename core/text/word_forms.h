// What a word is looked up as. Dictionary words and checked words go through
// the same normalisation (NFC; the typographic apostrophe U+2019 folded to
// U+0027), and a checked word is correct when one of its case forms is in
// the dictionary:
//
//   as written          always        ("Paris", "iPhone", "the")
//   lower-case          Capitalised   ("The" -> "the")
//   lower-case,         ALL UPPER     ("THE" -> "the", "PARIS" -> "Paris",
//   Capitalised                        "QT" -> "Qt")
//
// so a lower-case dictionary word accepts every case form, a Capitalised one
// (a name) requires the capital, and a mixed-case one ("iPhone") is only
// accepted as written. Case mapping is ICU's, in the dictionary's language:
// Greek final sigma is handled ("ΟΔΟΣ" -> "οδος" with ς), Turkish and Azeri
// map I/ı and İ/i, and when the dictionary's alphabet has ß an ALL UPPER
// "SS" is also tried as "ß" (STRASSE -> straße, GRÖSSE -> Größe; at most
// the first four "SS"), as Hunspell's CHECKSHARPS does. ß has no upper-case
// letter of its own, so it counts as caseless (letter_case.h): an ALL UPPER
// word written with ß is ALL UPPER (BLOCKGRÖßE -> blockgröße, Blockgröße),
// as for Hunspell.
// Limits: an ALL UPPER form is never matched against a mixed-case entry
// ("IPHONE" is not "iPhone"): a dictionary built by DictionaryBuilder, and
// the user words' filter, hold the ALL UPPER form of each mixed-case word
// as a key of its own, so "IPHONE" is found as written. Greek capitals
// without accents do not match accented lower-case entries.
#ifndef SPELLFILTER_CORE_TEXT_WORD_FORMS_H_
#define SPELLFILTER_CORE_TEXT_WORD_FORMS_H_

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace spellfilter {

class WordForms {
 public:
  // `language` is a BCP 47 tag ("en-US", "tr"); `has_sharp_s` whether the
  // dictionary's alphabet contains ß.
  WordForms(std::string_view language, bool has_sharp_s);
  ~WordForms();
  WordForms(const WordForms&) = delete;
  WordForms& operator=(const WordForms&) = delete;

  // NFC with U+2019 folded to '. Returns false for invalid UTF-8.
  bool Normalize(std::string_view word, std::string* out);

  // The lookup keys of `word` as typed, the as-written form first; empty
  // for invalid UTF-8. Valid until the next call.
  std::span<const std::string> LookupForms(std::string_view word);

  // Of the last LookupForms word: whether it was ALL UPPER, and the index
  // of its first "SS" -> ß form (those come last; past the end when none).
  bool all_upper() const { return all_upper_; }
  size_t sharp_s_from() const { return sharp_s_from_; }

 private:
  struct Icu;
  std::span<const std::string> Finish(size_t count);
  std::string& Next(size_t* count);

  bool turkic_;
  bool has_sharp_s_;
  bool all_upper_ = false;
  size_t sharp_s_from_ = 0;
  std::unique_ptr<Icu> icu_;
  std::vector<std::string> forms_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_WORD_FORMS_H_
