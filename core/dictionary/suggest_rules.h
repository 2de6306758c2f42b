// The SUGGEST_RULES section of a dictionary (section type 14): what a
// Hunspell .aff says about suggestions, kept for the suggester
// (core/suggest): TRY (the letters to try, commonest first), REP (pairs of
// spellings one is typed for, "ss" "ß", "ie" "ei"), MAP (groups of
// related characters, "aáàâ", with "(ss)" for a group member of several
// characters), KEY (the keyboard's rows and neighbour groups, "|"
// between them: "qwertzuiop|asdfghjkl|yxcvbnm" for QWERTZ) and PHONE
// (the phonetic transcription rules, pattern and replacement, as written).
// All text is UTF-8, as the .aff says it after SET decoding.
//
// Layout (little-endian): version u32 (1), record count u32, then the
// records, each kind u8 (kTry, kRep, kMap, kKey, kPhone), first u32
// length + bytes, second u32 length + bytes (empty for TRY, MAP, KEY).
// The container checksums the section (format.h). Parse refuses a
// truncated record, an unknown kind, invalid UTF-8, bytes after the last
// record, and more than kMaxSuggestRules records.
#ifndef SPELLFILTER_CORE_DICTIONARY_SUGGEST_RULES_H_
#define SPELLFILTER_CORE_DICTIONARY_SUGGEST_RULES_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace spellfilter {

inline constexpr uint32_t kSuggestRulesVersion = 1;
// More than any .aff in Debian has (ko_KR: none; de_DE: 28 REP; the
// largest PHONE tables a few hundred lines).
inline constexpr uint32_t kMaxSuggestRules = 100000;

struct SuggestRules {
  enum Kind : uint8_t { kTry = 1, kRep = 2, kMap = 3, kKey = 4, kPhone = 5 };

  std::string try_letters;                               // TRY
  std::vector<std::pair<std::string, std::string>> rep;  // REP from to
  std::vector<std::string> map;                          // MAP groups
  std::string key;                                       // KEY
  std::vector<std::pair<std::string, std::string>> phone;  // PHONE

  bool empty() const {
    return try_letters.empty() && rep.empty() && map.empty() && key.empty() &&
           phone.empty();
  }

  // The section's bytes.
  std::string Encode() const;
  // Checks and reads a SUGGEST_RULES section into *out. Returns nullptr
  // when usable, else a short description of the problem.
  static const char* Parse(std::span<const std::byte> section,
                           SuggestRules* out);
  // A MAP group's members: single characters, or the text between "(" and
  // ")" ("a(ae)ä" -> "a", "ae", "ä"); invalid UTF-8 yields nothing.
  static std::vector<std::string> MapMembers(const std::string& group);
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_SUGGEST_RULES_H_
