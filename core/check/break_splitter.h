// Hunspell's BREAK (hunspell(5)): a word not found whole is correct when it
// splits at a break pattern (word_breaks.h) into parts that are correct, as
// Hunspell_spell decides it (Hunspell 1.7, HunspellImpl::spell_internal):
//
//  1. A word with kMaxBreaks or more occurrences of the patterns (each
//     pattern searched as written, so "^-" never occurs) is not broken: it
//     is misspelled.
//  2. A pattern anchored with '^' (or '$') that begins (ends) the word:
//     the word is correct when the rest is.
//  3. Each pattern inside the word (not at its first or last byte): split
//     at its second occurrence if there is one inside, else at its first;
//     correct when both sides are. The second occurrence comes first so
//     that a word listed with the pattern ("E-Mail") can be the left part
//     of "E-Mail-Adresse".
//  4. Then each pattern at its first occurrence, likewise.
//
// `correct` decides a part (and may itself break it, with its own limit).
// With the default table ("-", "^-", "-$") "foo-bar" is correct when "foo"
// and "bar" are, "-foo" and "foo-" when "foo" is; with "BREAK 0" (no
// pattern) nothing is broken.
#ifndef SPELLFILTER_CORE_CHECK_BREAK_SPLITTER_H_
#define SPELLFILTER_CORE_CHECK_BREAK_SPLITTER_H_

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace spellfilter {

// Hunspell's limit on break points per word.
inline constexpr size_t kMaxBreaks = 10;

bool CorrectThroughBreaks(std::string_view word,
                          std::span<const std::string> patterns,
                          const std::function<bool(std::string_view)>& correct);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_CHECK_BREAK_SPLITTER_H_
