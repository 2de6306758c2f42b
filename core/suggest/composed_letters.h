// Letters a dictionary stores as one character that people type as
// several: the ICONV pairs (affix_table.h) whose dictionary form has fewer
// code points than the typed form and whose typed form has no combining
// mark (a decomposed accent: that pair only normalises), as Dutch's
// `ICONV ij ĳ` (nl_NL keeps
// "cĳfers" and "keuzelĳst" with the ligature; its OCONV writes ij again).
//
// The suggester searches the typed word with them joined (Compose), so
// "toegankmelijk" is one edit from the listed "toegankelĳk", not three,
// and presents every suggestion with them split again (Decompose), as
// Hunspell's OCONV does: no one types the ligature. Pairs that keep or add
// code points (’ -> ', Korean syllables -> Jamo) are not these: the search
// reads such words as typed, as before.
#ifndef SPELLFILTER_CORE_SUGGEST_COMPOSED_LETTERS_H_
#define SPELLFILTER_CORE_SUGGEST_COMPOSED_LETTERS_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/dictionary/dictionary.h"

namespace spellfilter {

class ComposedLetters {
 public:
  // `dictionary` need not outlive this (the pairs are copied).
  explicit ComposedLetters(const Dictionary& dictionary);

  [[nodiscard]] bool empty() const { return pairs_.empty(); }
  // `typed` with each typed form joined to its dictionary form, longest
  // typed form first, left to right; false (and *out untouched) when none
  // occurs.
  bool Compose(std::string_view typed, std::string* out) const;
  // Each dictionary form in *text written as its typed form again.
  void Decompose(std::string* text) const;

 private:
  // (typed form, dictionary form), UTF-8, longest typed form first.
  std::vector<std::pair<std::string, std::string>> pairs_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_COMPOSED_LETTERS_H_
