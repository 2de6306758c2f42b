// Splits an identifier into the words a programmer wrote it from, as cspell
// does: getUserName -> get, User, Name; XMLHttpRequest -> XML, Http,
// Request; HTTPServer -> HTTP, Server; parseJSON -> parse, JSON.
//
// The input is one token as the Tokenizer reports it (letters, marks and
// inner apostrophes; snake_case, kebab-case and digits are already word
// breaks there once CodeFilter has blanked '_' and digits). A part ends
//   - before an uppercase letter that follows a lowercase one (camelCase);
//   - before the last uppercase letter of a run of two or more that is
//     followed by a lowercase one (an acronym, then a capitalised word).
// Other characters (apostrophes, marks, caseless letters) join the part
// they are in. Letter case is ICU's (Unicode's Uppercase/Lowercase).
#ifndef SPELLFILTER_CORE_TEXT_IDENTIFIER_SPLITTER_H_
#define SPELLFILTER_CORE_TEXT_IDENTIFIER_SPLITTER_H_

#include <string_view>
#include <vector>

#include "core/text/tokenizer.h"

namespace spellfilter {

// Appends to *out the parts of `word`, as byte ranges relative to `word`'s
// start plus `base`, in order; a word with no case break is one part.
// Well-formed UTF-8 expected (what the Tokenizer yields); an ill-formed
// byte counts as a caseless character.
void SplitIdentifier(std::string_view word, size_t base,
                     std::vector<Token>* out);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_IDENTIFIER_SPLITTER_H_
