// The keyboard of a language whose letters QWERTY does not have, for a
// dictionary whose .aff has no KEY line (ru_RU, uk_UA, be_BY have none).
// The substitution and extra-letter weights (edit_weights.h) know a
// neighbouring key only from a keyboard; with QWERTY's, no Cyrillic letter
// had a neighbour, so every substitution in a Russian word weighed 1.0 and
// ties were broken by byte order (`чоль` listed боль, голь, золь, коль,
// моль, ноль, роль before соль, ч being с's neighbour on ЙЦУКЕН). Latin
// alphabets keep QWERTY unless KEY says otherwise: their national layouts
// differ from it in a few keys only.
#ifndef SPELLFILTER_CORE_SUGGEST_KEYBOARDS_H_
#define SPELLFILTER_CORE_SUGGEST_KEYBOARDS_H_

#include <string_view>

namespace spellfilter {

// The standard layout of `language` (a tag: "ru", "ru_RU", "uk-UA") in the
// form of a KEY line (its letter rows, top to bottom, separated by "|";
// EditWeights::SetKeyboard staggers them), or "" when QWERTY's letters
// are the language's: Russian ЙЦУКЕН (GOST 6431), Ukrainian and
// Belarusian ЙЦУКЕН with their own letters (і, ї, є, ў) where those stand.
[[nodiscard]] std::string_view StandardKeyboard(std::string_view language);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_KEYBOARDS_H_
