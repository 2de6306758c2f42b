// What a word's lookup forms need to know about it, read from a table
// instead of asking ICU: whether the word is already in NFC, and whether
// it has an upper- or title-case letter (without one, a word is its only
// lookup form, word_forms.h). Speed (issue 32): most words of a running
// text in a script without letter case (Devanagari, Malayalam, Arabic,
// Hebrew, Thai...) and most lower-case words anywhere need neither ICU's
// normaliser nor its case functions, which cost about 100 instructions a
// code point; the table costs a load.
//
// The facts of a code point are ICU's own, computed once per block of 256
// code points the first time a word uses one (256 ICU calls, a few
// microseconds) and shared by every thread: its canonical combining
// class, whether its NFC quick-check value is YES (UCHAR_NFC_QUICK_CHECK),
// and whether it is upper case or title case (u_isUUppercase,
// u_istitle: letter_case.h's CaseOf counts those as upper).
//
// The NFC answer is Unicode's quick check (UAX #15, "Detecting Normalization
// Forms"): no code point's value is NO and the combining classes of each
// run of marks never decrease; a MAYBE starter (class 0: Malayalam's
// vowel sign AA, Hangul vowels) passes when the code point just before it
// is not a starter (which blocks it) or ICU knows no composite of the
// two (Normalizer2::composePair), as NFC would then leave it alone. A
// "yes" is therefore definitive; a MAYBE mark and anything else is left
// to ICU.
#ifndef SPELLFILTER_CORE_TEXT_QUICK_WORD_FACTS_H_
#define SPELLFILTER_CORE_TEXT_QUICK_WORD_FACTS_H_

#include <string_view>

namespace spellfilter {

struct WordFacts {
  bool nfc = false;       // the word is its own NFC form, with no U+2019
  bool has_upper = false;  // some code point is upper or title case
};

// The facts of `utf8`; false when the table cannot tell and ICU must be
// asked: invalid UTF-8, a code point outside the Basic Multilingual Plane,
// or a typographic apostrophe U+2019 (folded to ' by the normalisation).
bool QuickWordFacts(std::string_view utf8, WordFacts* facts);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_QUICK_WORD_FACTS_H_
