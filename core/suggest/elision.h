// Elided words in languages that elide before a vowel (French l'école,
// d'abord, qu'il; Italian l'anno, dell'arte; Catalan l'home, d'aigua):
// an apostrophe after the elided word stands only before a vowel or an h.
// Hunspell's fr_FR accepts "l'" before any word, so the walks, for which
// an apostrophe the typed word lacks is a cheap omission (0.46), offered
// "l'manta" for "lanta" and "d'vers" for "dvers" before "manta" and
// "divers". Such a candidate pays kImpossibleElision more (Candidates::
// Rank): an apostrophe the typed word lacks, before a letter that is no
// vowel and no h, in one of these languages.
#ifndef SPELLFILTER_CORE_SUGGEST_ELISION_H_
#define SPELLFILTER_CORE_SUGGEST_ELISION_H_

#include <string_view>

namespace spellfilter {

// As much as a generic substitution: what no slip of the writer explains.
inline constexpr float kImpossibleElision = 1.0f;

// Whether `language` (a tag: fr, fr_FR, it_IT, ca-ES) elides before vowels.
[[nodiscard]] bool ElidesBeforeVowels(std::string_view language);

// Whether `candidate` (UTF-8) has an apostrophe (' or ’) that `typed` lacks,
// after its first letter, before a letter that is no vowel and no h.
[[nodiscard]] bool HasImpossibleElision(std::u32string_view candidate,
                                        std::u32string_view typed);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_ELISION_H_
