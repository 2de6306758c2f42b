// A stretch of a chunk that is code (not a comment or a string literal,
// or a name joined by '_' quoted in one): byte offsets [begin, end) in the
// chunk CodeFilter::Blank was given. The
// Checker reads identifiers' run-on words only there (checker.h).
#ifndef SPELLFILTER_CORE_TEXT_CODE_SPAN_H_
#define SPELLFILTER_CORE_TEXT_CODE_SPAN_H_

#include <cstddef>

namespace spellfilter {

struct CodeSpan {
  size_t begin;
  size_t end;

  friend bool operator==(const CodeSpan&, const CodeSpan&) = default;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_CODE_SPAN_H_
