// What is not words in source code, blanked as cspell ignores it (in place:
// each byte becomes a space except line breaks and UTF-8 continuation
// bytes, so words keep their offsets and columns):
//
//   https://x.org/a  www.x.org      URLs (any run of non-space characters
//                                   holding "://", or starting "www.")
//   user@example.com                e-mail addresses (a run with an '@'
//                                   between two letters or digits)
//   0x1F  deadbeef42  3f2a9c1       hex numbers and hashes: "0x" + hex
//                                   digits, or 7 or more hex digits with
//                                   at least one decimal digit among them
//   123e4567-e89b-12d3-a456-426614174000   UUIDs (8-4-4-4-12 hex digits)
//   /usr/lib/x  ./a  ~/x  a/b/c     paths: a run starting "/", "./",
//                                   "../" or "~/", or
//                                   holding two or more '/'
//   QUJDRE...==                     base64-like runs: 40 or more of
//                                   [A-Za-z0-9+/] with a digit, or 16 or
//                                   more ending in '='
//   \n \t \x41 \u00e9 \U0001F600 \0 escape sequences (in raw strings a
//                                   backslash is only itself: r'a\Path')
//   \brief \endcode @param        in comments, a backslash or '@' and the
//                                   letters after it (Doxygen, Javadoc and
//                                   TeX commands)
//   &amp; &curren;                  HTML character entities
//   %s %-5.2f %lu %%  {0} {} {:>8}  printf and format-string specifiers
//                                   (not followed by a letter)
//   U+DFFF  U+10ffff  U+0041-005A   Unicode code points (cspell's
//                                   UnicodeRef: 4 to 6 hex digits, or a
//                                   range of two)
//   xxxx  ZZZZ  Zzzz  MMMMM         a word of one letter written 4 or more
//                                   times (cspell's regExRepeatedChar):
//                                   placeholders and date patterns
//
// Then, what remains of identifiers is cut into words: '_' and ASCII
// digits become spaces (snake_case, SCREAMING_CASE, utf8, x86_64); hyphens,
// '.' and ':' already break words in the Tokenizer, and case changes are
// split by SplitIdentifier (identifier_splitter.h).
#ifndef SPELLFILTER_CORE_TEXT_CODE_NOISE_H_
#define SPELLFILTER_CORE_TEXT_CODE_NOISE_H_

namespace spellfilter {

// Blanks the noise above in [begin, end) and turns '_' and digits into
// spaces. A run of non-space characters must not be cut by `begin` or `end`
// (pass whole lines, or stretches bounded by white space or by the quotes
// and comment marks of code_filter.h). `context` says what the stretch is.
enum class NoiseContext { kCode, kString, kRawString, kComment };
void BlankCodeNoise(char* begin, char* end,
                    NoiseContext context = NoiseContext::kCode);

// Replaces one byte as blanking does: spaces for all but '\n' and UTF-8
// continuation bytes.
inline void BlankByte(char* c) {
  if (*c != '\n' && (static_cast<unsigned char>(*c) & 0xC0) != 0x80) *c = ' ';
}

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_CODE_NOISE_H_
