#include "core/filter/compound_edges.h"

#include <unicode/utf8.h>

#include <algorithm>

#include "core/util/byte_order.h"

namespace spellfilter {
namespace {

constexpr uint64_t Entry(char32_t first, char32_t second) {
  return static_cast<uint64_t>(first) << 32 | second;
}

// Sorts and removes duplicates.
void Tidy(std::vector<uint64_t>* list) {
  std::sort(list->begin(), list->end());
  list->erase(std::unique(list->begin(), list->end()), list->end());
}

bool ValidEntry(uint64_t e) {
  return (e >> 32) != 0 && (e >> 32) <= 0x10FFFF &&
         (e & 0xFFFFFFFFu) <= 0x10FFFF;
}

}  // namespace

bool CompoundEdges::Has(const std::vector<uint64_t>& list, char32_t first,
                        char32_t second) {
  // A key of one letter, or of two or more beginning (ending) with the
  // pair; both entries share the upper half, so they are neighbours.
  const auto it = std::lower_bound(list.begin(), list.end(), Entry(first, 0));
  if (it == list.end() || (*it >> 32) != first) return false;
  if (*it == Entry(first, 0)) return true;
  return std::binary_search(it, list.end(), Entry(first, second));
}

bool CompoundEdges::MayBeCompoundUtf8(std::string_view word) const {
  const auto* p = reinterpret_cast<const uint8_t*>(word.data());
  const int32_t n = static_cast<int32_t>(word.size());
  if (n < 2 || static_cast<size_t>(n) != word.size()) return false;
  UChar32 first, second, last, before_last;
  int32_t i = 0;
  U8_NEXT(p, i, n, first);
  if (first < 0 || i >= n) return false;  // invalid, or one code point
  U8_NEXT(p, i, n, second);
  if (second < 0) return false;
  int32_t j = n;
  U8_PREV(p, 0, j, last);
  if (last < 0) return false;
  U8_PREV(p, 0, j, before_last);
  if (before_last < 0) return false;
  return Has(starts_, static_cast<char32_t>(first),
             static_cast<char32_t>(second)) &&
         Has(ends_, static_cast<char32_t>(last),
             static_cast<char32_t>(before_last));
}

const char* CompoundEdges::Parse(std::span<const std::byte> section,
                                 CompoundEdges* out) {
  if (section.size() < 8) return "compound edges: truncated header";
  const std::byte* p = section.data();
  const uint64_t starts = GetFixed<uint32_t>(p);
  const uint64_t ends = GetFixed<uint32_t>(p + 4);
  if (section.size() != 8 + 8 * (starts + ends)) {
    return "compound edges: size does not match its counts";
  }
  CompoundEdges e;
  e.starts_.reserve(starts);
  e.ends_.reserve(ends);
  p += 8;
  for (uint64_t i = 0; i < starts + ends; ++i, p += 8) {
    const uint64_t v = GetFixed<uint64_t>(p);
    std::vector<uint64_t>& list = i < starts ? e.starts_ : e.ends_;
    if (!ValidEntry(v)) return "compound edges: not a code point";
    if (!list.empty() && list.back() >= v) {
      return "compound edges: entries out of order";
    }
    list.push_back(v);
  }
  *out = std::move(e);
  return nullptr;
}

bool CompoundEdgesBuilder::Add(std::string_view key, bool first, bool last) {
  const auto* p = reinterpret_cast<const uint8_t*>(key.data());
  const int32_t size = static_cast<int32_t>(key.size());
  if (size == 0 || static_cast<size_t>(size) != key.size()) return false;
  // The first two and last two code points.
  UChar32 head[2] = {0, 0};
  UChar32 tail[2] = {0, 0};  // last, the one before
  int32_t count = 0;
  for (int32_t i = 0; i < size;) {
    UChar32 c;
    U8_NEXT(p, i, size, c);
    if (c <= 0) return false;  // invalid, or NUL (an entry's "none")
    if (count < 2) head[count] = c;
    tail[1] = tail[0];
    tail[0] = c;
    ++count;
  }
  if (count == 1) tail[1] = 0;
  if (first) {
    starts_.push_back(
        Entry(static_cast<char32_t>(head[0]), static_cast<char32_t>(head[1])));
  }
  if (last) {
    ends_.push_back(
        Entry(static_cast<char32_t>(tail[0]), static_cast<char32_t>(tail[1])));
  }
  return true;
}

std::string CompoundEdgesBuilder::Encode() const {
  std::vector<uint64_t> starts = starts_;
  std::vector<uint64_t> ends = ends_;
  Tidy(&starts);
  Tidy(&ends);
  std::string out;
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(starts.size()));
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(ends.size()));
  for (const uint64_t v : starts) PutFixed<uint64_t>(&out, v);
  for (const uint64_t v : ends) PutFixed<uint64_t>(&out, v);
  return out;
}

}  // namespace spellfilter
