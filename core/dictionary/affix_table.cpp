#include "core/dictionary/affix_table.h"

#include <algorithm>
#include <cstring>

#include "core/text/letter_case.h"
#include "core/util/byte_order.h"

namespace spellfilter {
namespace {

constexpr uint32_t kFullstripBit = 1;
constexpr uint32_t kComplexPrefixesBit = 2;

void PutString(std::string* out, std::string_view s) {
  PutFixed<uint32_t>(out, static_cast<uint32_t>(s.size()));
  out->append(s);
}

void PutRule(std::string* out, const AffixRule& r) {
  PutFixed<uint32_t>(out, r.flag);
  out->push_back(r.cross_product ? 1 : 0);
  PutString(out, EncodeUtf8(r.strip));
  PutString(out, EncodeUtf8(r.append));
  PutString(out, EncodeUtf8(r.condition.Text()));
  PutFixed<uint32_t>(out, static_cast<uint32_t>(r.continuation.size()));
  for (uint32_t f : r.continuation) PutFixed<uint32_t>(out, f);
}

// Reads the section front to back; every read checks the bytes left.
class Reader {
 public:
  Reader(std::span<const std::byte> bytes, std::string_view name)
      : p_(bytes.data()), left_(bytes.size()), name_(name) {}

  template <typename T>
  bool Fixed(T* v) {
    if (left_ < sizeof(T)) return Fail("truncated");
    *v = GetFixed<T>(p_);
    p_ += sizeof(T);
    left_ -= sizeof(T);
    return true;
  }
  bool String(std::string* s) {
    uint32_t n = 0;
    if (!Fixed(&n)) return false;
    if (n > kMaxAffixStringBytes) return Fail("a string is too long");
    if (left_ < n) return Fail("truncated");
    s->assign(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    left_ -= n;
    return true;
  }
  bool Utf32(std::u32string* s) {
    std::string utf8;
    if (!String(&utf8)) return false;
    if (!DecodeUtf8(utf8, s)) return Fail("invalid UTF-8");
    return true;
  }
  // A count of entries of at least `each` bytes: no more than the bytes
  // left can hold (a damaged count must not make a huge allocation).
  bool Count(uint32_t* n, size_t each = 4) {
    if (!Fixed(n)) return false;
    if (*n > kMaxAffixRules || uint64_t{*n} * each > left_) {
      return Fail("too many entries");
    }
    return true;
  }
  bool Rule(AffixRule* r) {
    uint8_t cross = 0;
    std::u32string condition;
    uint32_t conts = 0;
    if (!Fixed(&r->flag) || !Fixed(&cross) || !Utf32(&r->strip) ||
        !Utf32(&r->append) || !Utf32(&condition) || !Count(&conts)) {
      return false;
    }
    if (cross > 1) return Fail("bad cross-product byte");
    r->cross_product = cross == 1;
    StatusOr<AffixCondition> c = AffixCondition::Parse(condition);
    if (!c.ok()) return Fail("bad condition: " + c.status().message());
    r->condition = std::move(c).value();
    if (uint64_t{conts} * 4 > left_) return Fail("truncated");
    r->continuation.resize(conts);
    for (uint32_t& f : r->continuation) Fixed(&f);
    if (!std::is_sorted(r->continuation.begin(), r->continuation.end())) {
      return Fail("continuation classes not sorted");
    }
    return true;
  }
  bool done() const { return left_ == 0; }
  Status status() const { return status_; }
  bool Fail(std::string what) {
    if (status_.ok()) {
      status_ = Status::Corruption(std::string(name_) +
                                   ": AFFIX_RULES section: " + what);
    }
    return false;
  }

 private:
  const std::byte* p_;
  size_t left_;
  std::string_view name_;
  Status status_;
};

void AppendStemKey(std::string_view stem, char kind, std::string* out) {
  out->append(stem);
  out->push_back(kind);
}

}  // namespace

bool AffixRule::Continues(uint32_t f) const {
  return f != 0 &&
         std::binary_search(continuation.begin(), continuation.end(), f);
}

std::string AffixTable::Encode() const {
  std::string out;
  PutFixed<uint32_t>(&out, kAffixTableVersion);
  PutFixed<uint32_t>(&out, (fullstrip ? kFullstripBit : 0) |
                               (complex_prefixes ? kComplexPrefixesBit : 0));
  PutFixed<double>(&out, word_fp);
  PutFixed<double>(&out, probes_per_word);
  for (uint32_t f : {need_affix, only_in_compound, circumfix, forbidden,
                     keep_case, compound_flag, compound_begin, compound_middle,
                     compound_end, compound_permit, compound_forbid}) {
    PutFixed<uint32_t>(&out, f);
  }
  for (const std::vector<AffixRule>* rules : {&prefixes, &suffixes}) {
    PutFixed<uint32_t>(&out, static_cast<uint32_t>(rules->size()));
    for (const AffixRule& r : *rules) PutRule(&out, r);
  }
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(iconv.size()));
  for (const auto& [from, to] : iconv) {
    PutString(&out, from);
    PutString(&out, to);
  }
  PutString(&out, EncodeUtf8(ignore));
  return out;
}

StatusOr<AffixTable> AffixTable::Parse(std::span<const std::byte> bytes,
                                       std::string_view name) {
  Reader in(bytes, name);
  AffixTable t;
  uint32_t version = 0;
  uint32_t flags = 0;
  if (!in.Fixed(&version)) return in.status();
  if (version != kAffixTableVersion) {
    in.Fail("version " + std::to_string(version) +
            " (needs a newer spellfilter)");
    return in.status();
  }
  if (!in.Fixed(&flags) || !in.Fixed(&t.word_fp) ||
      !in.Fixed(&t.probes_per_word) || !in.Fixed(&t.need_affix) ||
      !in.Fixed(&t.only_in_compound) || !in.Fixed(&t.circumfix) ||
      !in.Fixed(&t.forbidden) || !in.Fixed(&t.keep_case) ||
      !in.Fixed(&t.compound_flag) || !in.Fixed(&t.compound_begin) ||
      !in.Fixed(&t.compound_middle) || !in.Fixed(&t.compound_end) ||
      !in.Fixed(&t.compound_permit) || !in.Fixed(&t.compound_forbid)) {
    return in.status();
  }
  if ((flags & ~(kFullstripBit | kComplexPrefixesBit)) != 0) {
    in.Fail("unknown flags");
    return in.status();
  }
  t.fullstrip = (flags & kFullstripBit) != 0;
  t.complex_prefixes = (flags & kComplexPrefixesBit) != 0;
  if (!(t.probes_per_word >= 1 && t.probes_per_word < 1e9)) {
    in.Fail("bad probes per word");
    return in.status();
  }
  for (std::vector<AffixRule>* rules : {&t.prefixes, &t.suffixes}) {
    uint32_t n = 0;
    if (!in.Count(&n, 21)) return in.status();  // the smallest rule's bytes
    rules->resize(n);
    for (AffixRule& r : *rules) {
      if (!in.Rule(&r)) return in.status();
    }
  }
  uint32_t n = 0;
  if (!in.Count(&n, 8)) return in.status();  // two empty strings' bytes
  t.iconv.resize(n);
  for (auto& [from, to] : t.iconv) {
    if (!in.String(&from) || !in.String(&to)) return in.status();
    if (from.empty()) {
      in.Fail("an empty ICONV pattern");
      return in.status();
    }
  }
  if (!in.Utf32(&t.ignore)) return in.status();
  if (!in.done()) {
    in.Fail("bytes after the end");
    return in.status();
  }
  return t;
}

void AppendFlagKey(std::string_view stem, uint8_t homonym, uint32_t flag,
                   std::string* out) {
  AppendStemKey(stem, '\x01', out);
  out->push_back(static_cast<char>(homonym));
  PutFixed<uint32_t>(out, flag);
}

void AppendForbiddenKey(std::string_view stem, std::string* out) {
  AppendStemKey(stem, '\x02', out);
}

}  // namespace spellfilter
