#include "core/dictionary/mixed_case_table.h"

#include <algorithm>

#include "core/util/byte_order.h"
#include "core/text/letter_case.h"

namespace spellfilter {

const char* MixedCaseTable::Parse(std::span<const std::byte> section,
                                  MixedCaseTable* out) {
  if (section.size() < kMixedCaseHeaderBytes) {
    return "mixed-case table truncated";
  }
  const uint64_t count = GetFixed<uint32_t>(section.data());
  const uint64_t offset_bytes = (count + 1) * 4;
  if (offset_bytes > section.size() - kMixedCaseHeaderBytes) {
    return "mixed-case table truncated";
  }
  MixedCaseTable t;
  t.count_ = static_cast<uint32_t>(count);
  t.offsets_ = section.data() + kMixedCaseHeaderBytes;
  const size_t text_start = kMixedCaseHeaderBytes + offset_bytes;
  t.text_ = std::string_view(
      reinterpret_cast<const char*>(section.data()) + text_start,
      section.size() - text_start);
  auto offset = [&t](size_t i) {
    return GetFixed<uint32_t>(t.offsets_ + 4 * i);
  };
  if (offset(0) != 0 || offset(count) != t.text_.size()) {
    return "mixed-case table offsets do not match its text";
  }
  std::u32string decoded;
  std::string_view previous;
  for (size_t i = 0; i < count; ++i) {
    if (offset(i + 1) <= offset(i) || offset(i + 1) > t.text_.size()) {
      return "mixed-case table offsets out of order";
    }
    const std::string_view e = t.Entry(i);
    const size_t tab = e.find('\t');
    if (tab == 0 || tab == std::string_view::npos || tab + 1 == e.size() ||
        e.find('\t', tab + 1) != std::string_view::npos ||
        e.find('\n') != std::string_view::npos || !DecodeUtf8(e, &decoded)) {
      return "bad mixed-case table entry";
    }
    // The entries distinct and in order, and their lower-case forms in
    // order too, for Find's binary search (a TAB sorts below any letter, so
    // sorting the entries sorts those).
    if (i > 0 && (!(previous < e) || t.Lower(i) < t.Lower(i - 1))) {
      return "mixed-case table not sorted";
    }
    previous = e;
  }
  *out = t;
  return nullptr;
}

std::string_view MixedCaseTable::Entry(size_t i) const {
  const uint32_t begin = GetFixed<uint32_t>(offsets_ + 4 * i);
  const uint32_t end = GetFixed<uint32_t>(offsets_ + 4 * (i + 1));
  return text_.substr(begin, end - begin);
}

std::string_view MixedCaseTable::Lower(size_t i) const {
  const std::string_view e = Entry(i);
  return e.substr(0, e.find('\t'));
}

std::string_view MixedCaseTable::Written(size_t i) const {
  const std::string_view e = Entry(i);
  return e.substr(e.find('\t') + 1);
}

std::pair<size_t, size_t> MixedCaseTable::Find(std::string_view lower) const {
  // Parse checked that the lower-case forms are in order too.
  size_t lo = 0;
  size_t hi = count_;
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    if (Lower(mid) < lower) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  size_t last = lo;
  while (last < count_ && Lower(last) == lower) ++last;
  return {lo, last};
}

void MixedCaseTableBuilder::Add(std::string_view lower,
                                std::string_view written) {
  std::string e;
  e.reserve(lower.size() + 1 + written.size());
  e.append(lower);
  e.push_back('\t');
  e.append(written);
  entries_.push_back(std::move(e));
}

std::string MixedCaseTableBuilder::Encode() {
  std::sort(entries_.begin(), entries_.end());
  entries_.erase(std::unique(entries_.begin(), entries_.end()), entries_.end());
  if (entries_.empty()) return std::string();
  std::string out;
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(entries_.size()));
  PutFixed<uint32_t>(&out, 0);
  uint32_t at = 0;
  PutFixed<uint32_t>(&out, at);
  for (const std::string& e : entries_) {
    at += static_cast<uint32_t>(e.size());
    PutFixed<uint32_t>(&out, at);
  }
  for (const std::string& e : entries_) out += e;
  return out;
}

}  // namespace spellfilter
