#include "core/text/identifier_splitter.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

namespace spellfilter {
namespace {

enum class Case { kUpper, kLower, kOther };

Case CaseOf(UChar32 c) {
  if (c < 0x80) {
    if (c >= 'A' && c <= 'Z') return Case::kUpper;
    if (c >= 'a' && c <= 'z') return Case::kLower;
    return Case::kOther;
  }
  if (c < 0) return Case::kOther;
  if (u_isUUppercase(c) || u_istitle(c)) return Case::kUpper;
  if (u_isULowercase(c)) return Case::kLower;
  return Case::kOther;
}

}  // namespace

void SplitIdentifier(std::string_view word, size_t base,
                     std::vector<Token>* out) {
  const auto* p = reinterpret_cast<const uint8_t*>(word.data());
  const int32_t n = static_cast<int32_t>(word.size());
  // The previous two code points' cases and where the previous one began.
  Case before_previous = Case::kOther;
  Case previous = Case::kOther;
  int32_t previous_start = 0;
  int32_t part_start = 0;
  for (int32_t i = 0; i < n;) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(p, i, n, c);
    const Case now = CaseOf(c);
    int32_t cut = -1;
    if (now == Case::kUpper && previous == Case::kLower) {
      cut = start;  // getUser: before U
    } else if (now == Case::kLower && previous == Case::kUpper &&
               before_previous == Case::kUpper) {
      cut = previous_start;  // XMLHttp: before H
    }
    if (cut > part_start) {
      out->push_back(Token{base + static_cast<size_t>(part_start),
                           static_cast<size_t>(cut - part_start)});
      part_start = cut;
    }
    before_previous = previous;
    previous = now;
    previous_start = start;
  }
  if (n > part_start) {
    out->push_back(Token{base + static_cast<size_t>(part_start),
                         static_cast<size_t>(n - part_start)});
  }
}

}  // namespace spellfilter
