// Where the sentences of a text begin and end, for choosing a language per
// sentence (core/check/language_checker.h). The rules are few and fast (a
// byte scan, no dictionary), and err on the side of longer sentences:
//
//   - a sentence ends after a run of '.', '!', '?' or '…' (with any closing
//     quotes or brackets after it) that whitespace or the end of the text
//     follows: "Hello. Bonjour !" is two;
//   - after the CJK full stops '。', '！', '？' (no space follows them);
//   - at a line feed followed by a blank line (a paragraph), or by a line
//     that starts a list item, heading or quotation ('-', '*', '+', '#',
//     '>', '|', or digits and '.' or ')'): each item of a list is its own
//     sentence even without a full stop;
//   - a single line feed inside a paragraph does not end one (wrapped text).
//
// An abbreviation's period ("e.g. this") ends a sentence too: the pieces
// are then judged apart, which costs only a shorter sample.
//
// The ranges cover the whole text, in order, without gaps: a sentence runs
// from the first byte after the previous one's end (its leading whitespace
// included) to its own end, trailing whitespace included. ICU's sentence
// break iterator was not used: it works in UTF-16 per locale and costs a
// pass as long as the checking itself, where this is a scan for a few bytes.
#ifndef SPELLFILTER_CORE_TEXT_SENTENCES_H_
#define SPELLFILTER_CORE_TEXT_SENTENCES_H_

#include <cstddef>
#include <string_view>
#include <vector>

namespace spellfilter {

struct TextRange {
  size_t begin;  // bytes
  size_t end;

  friend bool operator==(const TextRange&, const TextRange&) = default;
};

// Appends to *out (cleared first) the sentences of `text`; none for an
// empty text.
void SplitSentences(std::string_view text, std::vector<TextRange>* out);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_SENTENCES_H_
