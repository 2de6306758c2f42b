#include "core/suggest/elision.h"

#include <algorithm>

#include "core/text/letter_case.h"

namespace spellfilter {
namespace {

bool IsApostrophe(char32_t c) { return c == U'\'' || c == U'\u2019'; }

// Vowels of the eliding languages (and y, æ, œ), and h, in lower case.
bool VowelOrH(char32_t c) {
  static constexpr std::u32string_view kLetters =
      U"aàâäáeéèêëiîïíìoôöóòuùûüúyÿæœh";
  return kLetters.find(c) != std::u32string_view::npos;
}

}  // namespace

bool ElidesBeforeVowels(std::string_view language) {
  const std::string_view code =
      language.substr(0, language.find_first_of("_-"));
  return code == "fr" || code == "it" || code == "ca" || code == "oc";
}

bool HasImpossibleElision(std::u32string_view candidate,
                          std::u32string_view typed) {
  if (std::any_of(typed.begin(), typed.end(), IsApostrophe)) return false;
  for (size_t i = 1; i + 1 < candidate.size(); ++i) {
    if (!IsApostrophe(candidate[i])) continue;
    const char32_t next = LowerLetter(candidate[i + 1], false);
    const bool letter = next != UpperLetter(next, false);  // a cased letter
    if (letter && !VowelOrH(next)) return true;
  }
  return false;
}

}  // namespace spellfilter
