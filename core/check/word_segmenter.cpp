#include "core/check/word_segmenter.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <limits>

namespace spellfilter {
namespace {

bool IsComplex(UChar32 c) {
  return c >= 0 &&
         u_getIntPropertyValue(c, UCHAR_LINE_BREAK) == U_LB_COMPLEX_CONTEXT;
}

bool IsMark(UChar32 c) {
  return c >= 0 && (U_GET_GC_MASK(c) & U_GC_M_MASK) != 0;
}

}  // namespace

bool StartsComplexRun(std::string_view text, size_t offset) {
  const auto* p = reinterpret_cast<const uint8_t*>(text.data());
  int32_t i = static_cast<int32_t>(offset);
  UChar32 c;
  U8_NEXT(p, i, static_cast<int32_t>(text.size()), c);
  return IsComplex(c);
}

Token FindComplexRun(std::string_view text, size_t offset, size_t length) {
  const auto* p = reinterpret_cast<const uint8_t*>(text.data());
  const int32_t n = static_cast<int32_t>(text.size());
  const int32_t half = static_cast<int32_t>(kMaxRunBytes / 2);
  const int32_t token_begin = static_cast<int32_t>(offset);
  const int32_t token_end = static_cast<int32_t>(offset + length);
  // Left: over SA characters and marks, then forward over leading marks.
  int32_t begin = token_begin;
  while (begin > 0 && token_begin - begin < half) {
    int32_t i = begin;
    UChar32 c;
    U8_PREV(p, 0, i, c);
    if (!IsComplex(c) && !IsMark(c)) break;
    begin = i;
  }
  while (begin < token_begin) {
    int32_t i = begin;
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (!IsMark(c)) break;
    begin = i;
  }
  int32_t end = token_end;
  while (end < n && end - token_end < half) {
    int32_t i = end;
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (!IsComplex(c) && !IsMark(c)) break;
    end = i;
  }
  return Token{static_cast<size_t>(begin), static_cast<size_t>(end - begin)};
}

void WordSegmenter::Segment(std::string_view run,
                            const std::function<bool(std::string_view)>& known,
                            std::vector<Token>* unknown) {
  unknown->clear();
  const auto* p = reinterpret_cast<const uint8_t*>(run.data());
  const int32_t n = static_cast<int32_t>(run.size());
  offsets_.clear();
  cut_.clear();
  for (int32_t i = 0; i < n;) {
    offsets_.push_back(static_cast<uint32_t>(i));
    UChar32 c;
    U8_NEXT(p, i, n, c);
    // A combining mark belongs to the character before it.
    cut_.push_back(offsets_.size() == 1 || !IsMark(c));
  }
  const size_t points = offsets_.size();
  offsets_.push_back(static_cast<uint32_t>(n));
  cut_.push_back(true);
  constexpr uint32_t kInf = std::numeric_limits<uint32_t>::max();
  best_.assign(points + 1, Cost{kInf, kInf});
  from_.assign(points + 1, 0);
  from_word_.assign(points + 1, false);
  best_[0] = Cost{0, 0};
  for (size_t i = 0; i < points; ++i) {
    if (!cut_[i] || best_[i].unknown == kInf) continue;
    // One unknown cluster: to the next cut.
    size_t next = i + 1;
    while (!cut_[next]) ++next;
    const Cost skip{best_[i].unknown + static_cast<uint32_t>(next - i),
                    best_[i].words};
    if (skip < best_[next]) {
      best_[next] = skip;
      from_[next] = static_cast<uint32_t>(i);
      from_word_[next] = false;
    }
    // Known words starting here, up to kMaxWordCodePoints long.
    const Cost word{best_[i].unknown, best_[i].words + 1};
    for (size_t j = i + 1; j <= points && j - i <= kMaxWordCodePoints; ++j) {
      if (!cut_[j] || !(word < best_[j])) continue;
      if (known(run.substr(offsets_[i], offsets_[j] - offsets_[i]))) {
        best_[j] = word;
        from_[j] = static_cast<uint32_t>(i);
        from_word_[j] = true;
      }
    }
  }
  // Back from the end: the unknown pieces, merged, in reverse order.
  for (size_t j = points; j > 0;) {
    const size_t i = from_[j];
    if (!from_word_[j]) {
      if (!unknown->empty() && unknown->back().offset == offsets_[j]) {
        unknown->back().length += unknown->back().offset - offsets_[i];
        unknown->back().offset = offsets_[i];
      } else {
        unknown->push_back(Token{offsets_[i], offsets_[j] - offsets_[i]});
      }
    }
    j = i;
  }
  std::reverse(unknown->begin(), unknown->end());
}

}  // namespace spellfilter
