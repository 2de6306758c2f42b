// What may be a word in a word list: the rules `spellfilter build` applies to
// a dictionary's list, shared here so that the user word list (and its
// imports) refuse exactly the same input with the same messages.
//
// A word is non-empty valid UTF-8 of at most kMaxWordBytes bytes with no
// white space (ASCII or Unicode separators, U+00A0, U+FEFF) and no control
// character (C0, DEL, C1). Normalisation (NFC, apostrophe folding) is not
// part of this check; see word_forms.h.
#ifndef SPELLFILTER_CORE_TEXT_WORD_SYNTAX_H_
#define SPELLFILTER_CORE_TEXT_WORD_SYNTAX_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "core/util/status.h"

namespace spellfilter {

// The same limit as dictionary_builder.h's kMaxWordBytes.
inline constexpr size_t kMaxWordSyntaxBytes = 128;

// Ok, or InvalidArgument "WHERE: 'WORD': PROBLEM" where PROBLEM is one of
// "empty word", "longer than 128 bytes", "invalid UTF-8 at byte N",
// "contains white space (U+0020)", "contains a control character (U+0009)".
// The word is quoted with non-printable bytes escaped, so the message is
// safe to print on a terminal. `where` may be empty.
Status CheckWordSyntax(std::string_view word, std::string_view where);

// `word` with bytes outside printable ASCII and valid UTF-8 shown as \xNN
// and controls as \n, \t, \xNN: for messages.
std::string PrintableWord(std::string_view word);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_WORD_SYNTAX_H_
