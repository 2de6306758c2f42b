#include "core/dictionary/mixed_case_table.h"

#include <algorithm>

#include "core/util/byte_order.h"
#include "core/text/letter_case.h"

namespace spellfilter {
namespace {

void PutVarint(std::string* out, uint32_t v) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>(v | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

// A varint of up to 32 bits from data[*at, end); false if it runs past the
// end or is longer than five bytes.
bool GetVarint(std::string_view data, size_t* at, uint32_t* v) {
  uint64_t x = 0;
  for (int shift = 0; shift <= 28; shift += 7) {
    if (*at >= data.size()) return false;
    const auto b = static_cast<uint8_t>(data[(*at)++]);
    x |= uint64_t{b & 0x7Fu} << shift;
    if (b < 0x80) {
      if (x > UINT32_MAX) return false;
      *v = static_cast<uint32_t>(x);
      return true;
    }
  }
  return false;
}

// The positions of the code points of `lower` that `written` upper-cases,
// if `written` is `lower` with some letters upper-cased (UpperLetter, not
// Turkic) and nothing else changed.
bool CapitalPositions(std::string_view lower, std::string_view written,
                      std::vector<uint32_t>* positions) {
  std::u32string l;
  std::u32string w;
  if (!DecodeUtf8(lower, &l) || !DecodeUtf8(written, &w) ||
      l.size() != w.size()) {
    return false;
  }
  positions->clear();
  for (size_t k = 0; k < l.size(); ++k) {
    if (w[k] == l[k]) continue;
    if (w[k] != UpperLetter(l[k], false)) return false;
    positions->push_back(static_cast<uint32_t>(k));
  }
  return true;
}

}  // namespace

// Decodes the entries of one front-coded block in order.
class MixedCaseTable::Cursor {
 public:
  explicit Cursor(std::string_view block) : block_(block) {}
  bool done() const { return at_ == block_.size(); }
  // The next entry's lower-case form into lower(); its written form is
  // decoded only if `written` is not null. False on malformed data.
  bool Next(std::string* written) {
    uint32_t shared;
    uint32_t unshared;
    if (!GetVarint(block_, &at_, &shared) ||
        !GetVarint(block_, &at_, &unshared) || shared > lower_.size() ||
        (first_ && shared != 0) || unshared > block_.size() - at_) {
      return false;
    }
    first_ = false;
    lower_.resize(shared);
    lower_.append(block_.substr(at_, unshared));
    at_ += unshared;
    uint32_t c;
    if (!GetVarint(block_, &at_, &c)) return false;
    if (c == 0) {
      uint32_t n;
      if (!GetVarint(block_, &at_, &n) || n > block_.size() - at_) return false;
      if (written != nullptr) written->assign(block_.substr(at_, n));
      at_ += n;
      return true;
    }
    // Capital positions, as gaps.
    if (written != nullptr) {
      if (!DecodeUtf8(lower_, &decoded_)) return false;
      written->clear();
    }
    uint64_t next = 0;  // the first position the next gap counts from
    size_t copied = 0;  // code points of decoded_ already in *written
    for (uint32_t k = 1; k < c; ++k) {
      uint32_t gap;
      if (!GetVarint(block_, &at_, &gap)) return false;
      const uint64_t pos = next + gap;
      next = pos + 1;
      if (written == nullptr) continue;
      if (pos >= decoded_.size()) return false;
      for (; copied < pos; ++copied) AppendUtf8(decoded_[copied], written);
      AppendUtf8(UpperLetter(decoded_[pos], false), written);
      copied = pos + 1;
    }
    if (written != nullptr) {
      for (; copied < decoded_.size(); ++copied) {
        AppendUtf8(decoded_[copied], written);
      }
    }
    return true;
  }
  const std::string& lower() const { return lower_; }

 private:
  std::string_view block_;
  size_t at_ = 0;
  bool first_ = true;
  std::string lower_;
  std::u32string decoded_;
};

const char* MixedCaseTable::Parse(std::span<const std::byte> section,
                                  MixedCaseTable* out) {
  if (section.size() < kMixedCaseHeaderBytes) {
    return "mixed-case table truncated";
  }
  const uint64_t count = GetFixed<uint32_t>(section.data());
  const uint32_t layout = GetFixed<uint32_t>(section.data() + 4);
  if (layout == 1) {
    if (section.size() < kMixedCaseFrontCodedHeaderBytes) {
      return "mixed-case table truncated";
    }
    const uint64_t blocks = GetFixed<uint32_t>(section.data() + 8);
    if (blocks !=
            (count + kMixedCaseBlockEntries - 1) / kMixedCaseBlockEntries ||
        GetFixed<uint32_t>(section.data() + 12) != 0) {
      return "bad mixed-case table header";
    }
    const uint64_t start_bytes = (blocks + 1) * 4;
    if (start_bytes > section.size() - kMixedCaseFrontCodedHeaderBytes) {
      return "mixed-case table truncated";
    }
    MixedCaseTable t;
    t.count_ = static_cast<uint32_t>(count);
    t.front_coded_ = true;
    t.blocks_ = static_cast<uint32_t>(blocks);
    t.offsets_ = section.data() + kMixedCaseFrontCodedHeaderBytes;
    const size_t data_start = kMixedCaseFrontCodedHeaderBytes + start_bytes;
    t.text_ = std::string_view(
        reinterpret_cast<const char*>(section.data()) + data_start,
        section.size() - data_start);
    auto start = [&t](size_t b) {
      return GetFixed<uint32_t>(t.offsets_ + 4 * b);
    };
    if (start(0) != 0 || start(blocks) != t.text_.size()) {
      return "mixed-case table offsets do not match its data";
    }
    // Every entry decoded once: well formed, valid UTF-8 without TAB or
    // newline, and in order (as the plain layout's "lower TAB written").
    std::string previous;
    std::string entry;
    std::string written;
    std::u32string decoded;
    size_t seen = 0;
    for (size_t b = 0; b < blocks; ++b) {
      if (start(b + 1) <= start(b) || start(b + 1) > t.text_.size()) {
        return "mixed-case table offsets out of order";
      }
      Cursor cursor(t.text_.substr(start(b), start(b + 1) - start(b)));
      size_t in_block = 0;
      while (!cursor.done()) {
        if (in_block == kMixedCaseBlockEntries || !cursor.Next(&written)) {
          return "bad mixed-case table entry";
        }
        ++in_block;
        const std::string& lower = cursor.lower();
        if (lower.empty() || written.empty() ||
            lower.find_first_of("\t\n") != std::string::npos ||
            written.find_first_of("\t\n") != std::string::npos ||
            !DecodeUtf8(lower, &decoded) || !DecodeUtf8(written, &decoded)) {
          return "bad mixed-case table entry";
        }
        entry.assign(lower);
        entry.push_back('\t');
        entry.append(written);
        // The lower-case forms in order too, for Find's binary search.
        if (seen > 0 &&
            (!(previous < entry) ||
             std::string_view(lower) <
                 std::string_view(previous).substr(0, previous.find('\t')))) {
          return "mixed-case table not sorted";
        }
        previous.swap(entry);
        ++seen;
      }
      if (in_block != std::min<size_t>(kMixedCaseBlockEntries,
                                       count - b * kMixedCaseBlockEntries)) {
        return "mixed-case table block has the wrong number of entries";
      }
    }
    *out = t;
    return nullptr;
  }
  if (layout != 0) return "unknown mixed-case table layout";
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

void MixedCaseTable::Decode(size_t i, std::string* lower,
                            std::string* written) const {
  const size_t b = i / kMixedCaseBlockEntries;
  const uint32_t begin = GetFixed<uint32_t>(offsets_ + 4 * b);
  const uint32_t end = GetFixed<uint32_t>(offsets_ + 4 * (b + 1));
  Cursor cursor(text_.substr(begin, end - begin));
  // Parse checked every entry: Next does not fail here.
  for (size_t k = b * kMixedCaseBlockEntries; k < i; ++k) {
    (void)cursor.Next(nullptr);
  }
  (void)cursor.Next(written);
  if (lower != nullptr) *lower = cursor.lower();
}

std::string MixedCaseTable::Lower(size_t i) const {
  if (!front_coded_) {
    const std::string_view e = Entry(i);
    return std::string(e.substr(0, e.find('\t')));
  }
  std::string lower;
  Decode(i, &lower, nullptr);
  return lower;
}

std::string MixedCaseTable::Written(size_t i) const {
  if (!front_coded_) {
    const std::string_view e = Entry(i);
    return std::string(e.substr(e.find('\t') + 1));
  }
  std::string written;
  Decode(i, nullptr, &written);
  return written;
}

std::pair<size_t, size_t> MixedCaseTable::Find(std::string_view lower) const {
  if (!front_coded_) {
    // Parse checked that the lower-case forms are in order too.
    auto lower_of = [this](size_t i) {
      const std::string_view e = Entry(i);
      return e.substr(0, e.find('\t'));
    };
    size_t lo = 0;
    size_t hi = count_;
    while (lo < hi) {
      const size_t mid = lo + (hi - lo) / 2;
      if (lower_of(mid) < lower) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    size_t last = lo;
    while (last < count_ && lower_of(last) == lower) ++last;
    return {lo, last};
  }
  // The first block whose first lower-case form is not below `lower`: the
  // entries of `lower` start in the block before it at the earliest. A
  // block's first entry shares nothing, so its form is read in place.
  auto first_lower = [this](size_t b) {
    const uint32_t begin = GetFixed<uint32_t>(offsets_ + 4 * b);
    std::string_view block = text_.substr(begin);
    size_t at = 0;
    uint32_t shared = 0;
    uint32_t unshared = 0;
    (void)GetVarint(block, &at, &shared);
    (void)GetVarint(block, &at, &unshared);
    return block.substr(at, unshared);
  };
  size_t lo = 0;
  size_t hi = blocks_;
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    if (first_lower(mid) < lower) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  size_t b = lo == 0 ? 0 : lo - 1;
  size_t first = count_;
  for (size_t i = b * kMixedCaseBlockEntries; b < blocks_; ++b) {
    const uint32_t begin = GetFixed<uint32_t>(offsets_ + 4 * b);
    const uint32_t end = GetFixed<uint32_t>(offsets_ + 4 * (b + 1));
    Cursor cursor(text_.substr(begin, end - begin));
    while (!cursor.done()) {
      (void)cursor.Next(nullptr);
      const int order = std::string_view(cursor.lower()).compare(lower);
      if (order > 0) {
        if (first == count_) first = i;
        return {first, i};
      }
      if (order == 0 && first == count_) first = i;
      ++i;
    }
  }
  if (first == count_) return {count_, count_};
  return {first, count_};
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

std::string MixedCaseTableBuilder::EncodePlain() {
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

std::string MixedCaseTableBuilder::Encode() {
  std::sort(entries_.begin(), entries_.end());
  entries_.erase(std::unique(entries_.begin(), entries_.end()), entries_.end());
  if (entries_.empty()) return std::string();
  const size_t count = entries_.size();
  const size_t blocks =
      (count + kMixedCaseBlockEntries - 1) / kMixedCaseBlockEntries;
  std::string data;
  std::vector<uint32_t> starts;
  std::string_view previous;
  std::vector<uint32_t> positions;
  for (size_t i = 0; i < count; ++i) {
    const std::string_view e = entries_[i];
    const size_t tab = e.find('\t');
    const std::string_view lower = e.substr(0, tab);
    const std::string_view written = e.substr(tab + 1);
    size_t shared = 0;
    if (i % kMixedCaseBlockEntries == 0) {
      starts.push_back(static_cast<uint32_t>(data.size()));
    } else {
      const size_t most = std::min(previous.size(), lower.size());
      while (shared < most && previous[shared] == lower[shared]) ++shared;
    }
    PutVarint(&data, static_cast<uint32_t>(shared));
    PutVarint(&data, static_cast<uint32_t>(lower.size() - shared));
    data.append(lower.substr(shared));
    if (CapitalPositions(lower, written, &positions)) {
      PutVarint(&data, static_cast<uint32_t>(positions.size() + 1));
      uint32_t next = 0;
      for (uint32_t p : positions) {
        PutVarint(&data, p - next);
        next = p + 1;
      }
    } else {
      PutVarint(&data, 0);
      PutVarint(&data, static_cast<uint32_t>(written.size()));
      data.append(written);
    }
    previous = lower;
  }
  starts.push_back(static_cast<uint32_t>(data.size()));
  std::string out;
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(count));
  PutFixed<uint32_t>(&out, 1);  // front-coded
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(blocks));
  PutFixed<uint32_t>(&out, 0);
  for (uint32_t s : starts) PutFixed<uint32_t>(&out, s);
  out += data;
  return out;
}

}  // namespace spellfilter
