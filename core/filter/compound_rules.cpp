#include "core/filter/compound_rules.h"

#include "core/util/byte_order.h"

namespace spellfilter {
namespace {

// Layout (little-endian; docs/dictionary_format.md):
//   version u32 (1), flags u32, flag_count u32, force_ucase u32,
//   flag u32 [flag_count],
//   rule_count u32, then per rule: atom_count u32, atom u32 [atom_count]
//     (flag index | quantifier << 16),
//   rep_count u32, then per pair: string from, string to,
//   pattern_count u32, then per pattern: string end, string begin,
//     string replacement, end_flag u32, begin_flag u32, bits u32
//     (bit 0 has_replacement, bit 1 stems_only),
// where string = length u32 + bytes. Version 2 (written only when the
// .aff has COMPOUNDSYLLABLE or COMPOUNDROOT, so other files keep version
// 1's bytes) then has:
//   max_syllables u32, string vowels, compound_root u32 (flag index plus
//   one), bits u32 (bit 0 hungarian).
// Nothing follows.
constexpr uint32_t kVersion = 1;
constexpr uint32_t kVersionSyllables = 2;
constexpr uint32_t kHungarian = 1;
constexpr uint32_t kCheckRep = 1;
constexpr uint32_t kSimplifiedTriple = 2;
constexpr uint32_t kPatternHasReplacement = 1;
constexpr uint32_t kPatternStemsOnly = 2;
// No compound string is longer than a word.
constexpr uint32_t kMaxStringBytes = 1024;

void PutString(std::string* out, const std::string& s) {
  PutFixed<uint32_t>(out, static_cast<uint32_t>(s.size()));
  out->append(s);
}

// A bounds-checked reader; any failure sticks.
class Reader {
 public:
  explicit Reader(std::span<const std::byte> b) : b_(b) {}
  bool U32(uint32_t* v) {
    if (b_.size() - at_ < 4) return false;
    *v = GetFixed<uint32_t>(b_.data() + at_);
    at_ += 4;
    return true;
  }
  bool String(std::string* s) {
    uint32_t n = 0;
    if (!U32(&n) || n > kMaxStringBytes || b_.size() - at_ < n) return false;
    s->assign(reinterpret_cast<const char*>(b_.data() + at_), n);
    at_ += n;
    return true;
  }
  // Whether `count` items of at least `min_bytes` each can still follow.
  bool Fits(uint32_t count, size_t min_bytes) const {
    return count <= (b_.size() - at_) / min_bytes;
  }
  bool done() const { return at_ == b_.size(); }

 private:
  std::span<const std::byte> b_;
  size_t at_ = 0;
};

}  // namespace

size_t CompoundRuleSet::atoms() const {
  size_t n = 0;
  for (const CompoundRule& r : rules) n += r.size();
  return n;
}

std::string CompoundRuleSet::Encode() const {
  std::string out;
  const bool syllables = max_syllables != 0 || compound_root != 0;
  PutFixed<uint32_t>(&out, syllables ? kVersionSyllables : kVersion);
  uint32_t bits = 0;
  if (check_rep) bits |= kCheckRep;
  if (simplified_triple) bits |= kSimplifiedTriple;
  PutFixed<uint32_t>(&out, bits);
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(flags.size()));
  PutFixed<uint32_t>(&out, force_ucase);
  for (uint32_t f : flags) PutFixed<uint32_t>(&out, f);
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(rules.size()));
  for (const CompoundRule& r : rules) {
    PutFixed<uint32_t>(&out, static_cast<uint32_t>(r.size()));
    for (const CompoundRuleAtom& a : r) {
      PutFixed<uint32_t>(&out, a.flag_index |
                                   static_cast<uint32_t>(static_cast<unsigned char>(
                                       a.quantifier))
                                       << 16);
    }
  }
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(rep.size()));
  for (const auto& [from, to] : rep) {
    PutString(&out, from);
    PutString(&out, to);
  }
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(patterns.size()));
  for (const CompoundPatternRule& p : patterns) {
    PutString(&out, p.end);
    PutString(&out, p.begin);
    PutString(&out, p.replacement);
    PutFixed<uint32_t>(&out, p.end_flag);
    PutFixed<uint32_t>(&out, p.begin_flag);
    PutFixed<uint32_t>(&out, (p.has_replacement ? kPatternHasReplacement : 0) |
                                 (p.stems_only ? kPatternStemsOnly : 0));
  }
  if (syllables) {
    PutFixed<uint32_t>(&out, max_syllables);
    PutString(&out, vowels);
    PutFixed<uint32_t>(&out, compound_root);
    PutFixed<uint32_t>(&out, hungarian ? kHungarian : 0);
  }
  return out;
}

const char* CompoundRuleSet::Parse(std::span<const std::byte> section,
                                   CompoundRuleSet* out) {
  constexpr const char* kTruncated = "compound rules truncated";
  Reader r(section);
  CompoundRuleSet s;
  uint32_t version = 0;
  uint32_t bits = 0;
  uint32_t flag_count = 0;
  if (!r.U32(&version) || !r.U32(&bits) || !r.U32(&flag_count) ||
      !r.U32(&s.force_ucase)) {
    return kTruncated;
  }
  if (version != kVersion && version != kVersionSyllables) {
    return "unknown compound rules version";
  }
  if ((bits & ~(kCheckRep | kSimplifiedTriple)) != 0) {
    return "bad compound rules flags";
  }
  s.check_rep = bits & kCheckRep;
  s.simplified_triple = bits & kSimplifiedTriple;
  if (flag_count > kMaxFlagRoles) return "too many compound rule flags";
  if (!r.Fits(flag_count, 4)) return kTruncated;
  s.flags.resize(flag_count);
  for (uint32_t& f : s.flags) r.U32(&f);
  if (s.force_ucase > flag_count) return "bad FORCEUCASE flag index";
  uint32_t rule_count = 0;
  if (!r.U32(&rule_count) || !r.Fits(rule_count, 4)) return kTruncated;
  size_t atoms = 0;
  s.rules.resize(rule_count);
  for (CompoundRule& rule : s.rules) {
    uint32_t n = 0;
    if (!r.U32(&n) || !r.Fits(n, 4)) return kTruncated;
    atoms += n;
    if (n == 0 || atoms > kMaxRuleAtoms) return "bad compound rule length";
    rule.resize(n);
    for (CompoundRuleAtom& a : rule) {
      uint32_t v = 0;
      r.U32(&v);
      a.flag_index = v & 0xFFFF;
      a.quantifier = static_cast<char>(v >> 16);
      if (a.flag_index >= flag_count || (v >> 24) != 0 ||
          (a.quantifier != 0 && a.quantifier != '*' && a.quantifier != '?')) {
        return "bad compound rule atom";
      }
    }
  }
  uint32_t rep_count = 0;
  if (!r.U32(&rep_count) || !r.Fits(rep_count, 8)) return kTruncated;
  s.rep.resize(rep_count);
  for (auto& [from, to] : s.rep) {
    if (!r.String(&from) || !r.String(&to)) return kTruncated;
    if (from.empty()) return "empty REP pattern";
  }
  uint32_t pattern_count = 0;
  if (!r.U32(&pattern_count) || !r.Fits(pattern_count, 24)) return kTruncated;
  s.patterns.resize(pattern_count);
  for (CompoundPatternRule& p : s.patterns) {
    uint32_t pbits = 0;
    if (!r.String(&p.end) || !r.String(&p.begin) ||
        !r.String(&p.replacement) || !r.U32(&p.end_flag) ||
        !r.U32(&p.begin_flag) || !r.U32(&pbits)) {
      return kTruncated;
    }
    if (p.end_flag > flag_count || p.begin_flag > flag_count ||
        (pbits & ~(kPatternHasReplacement | kPatternStemsOnly)) != 0) {
      return "bad compound pattern";
    }
    p.has_replacement = pbits & kPatternHasReplacement;
    p.stems_only = pbits & kPatternStemsOnly;
  }
  if (version == kVersionSyllables) {
    uint32_t sbits = 0;
    if (!r.U32(&s.max_syllables) || !r.String(&s.vowels) ||
        !r.U32(&s.compound_root) || !r.U32(&sbits)) {
      return kTruncated;
    }
    if (s.compound_root > flag_count || (sbits & ~kHungarian) != 0) {
      return "bad compound syllable rules";
    }
    s.hungarian = sbits & kHungarian;
  }
  if (!r.done()) return "trailing bytes after the compound rules";
  *out = std::move(s);
  return nullptr;
}

}  // namespace spellfilter
