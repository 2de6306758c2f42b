// The AFFIX_RULES section of an affix-aware dictionary (docs/
// affix_dictionaries.md): the prefix and suffix rules of a Hunspell .aff,
// the flags with a role, and the input conversions (ICONV), as the check
// needs them; and the keys the stems and their flags are stored under in
// the main filter.
//
// Section grammar (little-endian):
//
//   section   := version:u32 flags:u32 word_fp:f64 probes_per_word:f64
//                need_affix:u32 only_in_compound:u32 circumfix:u32
//                forbidden:u32 keep_case:u32
//                compound_flag:u32 compound_begin:u32 compound_middle:u32
//                compound_end:u32 compound_permit:u32 compound_forbid:u32
//                prefix_count:u32 rule{prefix_count}
//                suffix_count:u32 rule{suffix_count}
//                iconv_count:u32 (string string){iconv_count}
//                ignore:string
//   rule      := flag:u32 cross:u8 strip:string append:string
//                condition:string continuation_count:u32 u32{count}
//   string    := bytes:u32 UTF-8{bytes}
//   flags     := bit 0 FULLSTRIP, bit 1 COMPLEXPREFIXES (rules mirrored)
//
// A dictionary with ICONV but no affix rules (an expanded one) has the
// section too, with no rules; it is then optional.
#ifndef SPELLFILTER_CORE_DICTIONARY_AFFIX_TABLE_H_
#define SPELLFILTER_CORE_DICTIONARY_AFFIX_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/dictionary/affix_condition.h"
#include "core/util/status.h"

namespace spellfilter {

inline constexpr uint32_t kAffixTableVersion = 1;
// Bounds a hostile file cannot pass: rules, conversions, string bytes.
inline constexpr uint32_t kMaxAffixRules = 1u << 20;
inline constexpr uint32_t kMaxAffixStringBytes = 1u << 12;

struct AffixRule {
  uint32_t flag = 0;
  bool cross_product = false;
  std::u32string strip;
  std::u32string append;
  AffixCondition condition;
  std::vector<uint32_t> continuation;  // sorted

  bool Continues(uint32_t f) const;
};

struct AffixTable {
  // Flags with a role; 0 is none.
  uint32_t need_affix = 0;
  uint32_t only_in_compound = 0;
  uint32_t circumfix = 0;
  uint32_t forbidden = 0;
  uint32_t keep_case = 0;
  // COMPOUNDFLAG, COMPOUNDBEGIN/MIDDLE/END, COMPOUNDPERMITFLAG,
  // COMPOUNDFORBIDFLAG: affixed compound parts (AffixLookup::AcceptsPart).
  uint32_t compound_flag = 0;
  uint32_t compound_begin = 0;
  uint32_t compound_middle = 0;
  uint32_t compound_end = 0;
  uint32_t compound_permit = 0;
  uint32_t compound_forbid = 0;
  bool fullstrip = false;
  bool complex_prefixes = false;  // rules stored mirrored
  // The per-word false-positive rate the filter was sized for and the mean
  // number of accepting probes per misspelling measured at build time.
  double word_fp = 0;
  double probes_per_word = 1;
  std::vector<AffixRule> prefixes;
  std::vector<AffixRule> suffixes;
  // ICONV: (typed, dictionary form), UTF-8, in file order.
  std::vector<std::pair<std::string, std::string>> iconv;
  std::u32string ignore;  // IGNORE: removed from checked words

  bool has_rules() const { return !prefixes.empty() || !suffixes.empty(); }

  std::string Encode() const;
  // Verifies the structure; `name` prefixes errors.
  static StatusOr<AffixTable> Parse(std::span<const std::byte> bytes,
                                    std::string_view name);
};

// Keys of the main filter (docs/affix_dictionaries.md). `stem` is NFC
// UTF-8; words never contain the separator bytes.
inline constexpr uint32_t kHomonymKeyFlag = 0xFFFFFFFFu;
// Set in the flag of an ONLYINCOMPOUND entry's keys, so that only the
// compound part lookup finds them (flags are below 2^21).
inline constexpr uint32_t kOnlyInCompoundKeyBit = 0x80000000u;
inline constexpr size_t kMaxHomonyms = 255;
void AppendFlagKey(std::string_view stem, uint8_t homonym, uint32_t flag,
                   std::string* out);
void AppendForbiddenKey(std::string_view stem, std::string* out);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_AFFIX_TABLE_H_
