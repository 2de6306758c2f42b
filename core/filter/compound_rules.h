// The COMPOUND_RULES section of a dictionary (type 15,
// docs/dictionary_format.md): what the compound check needs from a
// Hunspell .aff beyond the parts and the settings of COMPOUND_PARTS
// (compound_filter.h):
//
// - COMPOUNDRULE patterns: a word is a compound when it splits into parts
//   whose flags match a pattern, a regular expression over flags with `*`
//   (zero or more parts with the flag) and `?` (zero or one). A part's
//   flags are keys of the COMPOUND_PARTS filter in the flag roles below.
// - CHECKCOMPOUNDREP: the REP pairs; a compound is refused when one REP
//   replacement inside it gives a dictionary word.
// - CHECKCOMPOUNDPATTERN: boundaries a compound may not have (the first
//   part ends with `end`, the next begins with `begin`, optionally with
//   flags), and with a replacement the simplified spelling they may have.
// - SIMPLIFIEDTRIPLE: under CHECKCOMPOUNDTRIPLE, "Schiff|fahrt" may be
//   written "Schiffahrt".
// - FORCEUCASE: a compound whose last part has this flag is accepted only
//   when written capitalised or in upper case.
// - COMPOUNDSYLLABLE (Hungarian): a compound of more words than
//   COMPOUNDWORDMAX allows is still accepted when its syllables, its
//   letters among `vowels`, are at most `max_syllables`.
// - COMPOUNDROOT: a part whose root has the flag (a root that is itself a
//   compound) counts as two words toward COMPOUNDWORDMAX.
//
// Flag roles: every flag the above test on a part has an index i into
// `flags`; a root with flag i is the COMPOUND_PARTS key of role
// kFlagRoleBase + i; a root with any COMPOUNDRULE flag is also the key of
// role kAnyRuleFlagRole (one probe rules out a part that no pattern can
// use). Those keys live in the COMPOUND_PARTS filter, so they share its
// per-probe false-positive rate.
//
// The section is optional: a reader that does not know it checks without
// these refinements (fewer compounds through COMPOUNDRULE, more through the
// CHECKCOMPOUND* options it ignores), as before the section existed.
#ifndef SPELLFILTER_CORE_FILTER_COMPOUND_RULES_H_
#define SPELLFILTER_CORE_FILTER_COMPOUND_RULES_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace spellfilter {

// COMPOUND_PARTS key roles beyond begin/middle/end (0-2).
inline constexpr uint32_t kAnyRuleFlagRole = 3;
inline constexpr uint32_t kFlagRoleBase = 4;
// A key's role is one byte (CompoundFilterBuilder).
inline constexpr uint32_t kMaxFlagRoles = 250;
// A spelling whose first .dic entry is FORBIDDENWORD: no compound, in any
// case form the checker tries (Hunspell refuses a forbidden spelling
// before it tries compounds). Written by the Hunspell import with the
// positions; an older reader never probes it.
inline constexpr uint32_t kForbiddenRole = 254;
// The role of an affixed form of a root with flag role i (of `flags`
// roles in all) that may end a COMPOUNDRULE compound: after the flag roles,
// kFlagRoleBase + flags + i; 0 (none) when that is not below
// kForbiddenRole. An older reader never probes these roles.
inline constexpr uint32_t AffixedRuleEndRole(uint32_t i, size_t flags) {
  const size_t role = kFlagRoleBase + flags + i;
  return role < kForbiddenRole ? static_cast<uint32_t>(role) : 0;
}
// Atoms of all COMPOUNDRULE patterns together (the matcher's state set).
inline constexpr uint32_t kMaxRuleAtoms = 256;

struct CompoundRuleAtom {
  uint32_t flag_index = 0;  // into CompoundRuleSet::flags
  char quantifier = 0;      // 0 (exactly one part), '*' or '?'
};
using CompoundRule = std::vector<CompoundRuleAtom>;

struct CompoundPatternRule {
  std::string end;    // UTF-8; the first part ends with it (may be empty)
  std::string begin;  // the next part begins with it (may be empty)
  // Flag indexes plus one; 0: no flag condition.
  uint32_t end_flag = 0;
  uint32_t begin_flag = 0;
  // The spelling `end` + `begin` may have in the compound instead; empty:
  // none (the pattern only forbids).
  std::string replacement;
  bool has_replacement = false;
  // Hunspell's endchars "0": the first part is an unmodified stem.
  bool stems_only = false;
};

struct CompoundRuleSet {
  // The flags a part is tested for, as decoded from the .aff (only their
  // count matters to the checker; kept for `stats` and tests).
  std::vector<uint32_t> flags;
  std::vector<CompoundRule> rules;  // COMPOUNDRULE
  bool check_rep = false;           // CHECKCOMPOUNDREP
  // REP pairs (UTF-8, "_" already turned into a space), for check_rep.
  std::vector<std::pair<std::string, std::string>> rep;
  std::vector<CompoundPatternRule> patterns;  // CHECKCOMPOUNDPATTERN
  bool simplified_triple = false;             // SIMPLIFIEDTRIPLE
  // FORCEUCASE's flag index plus one; 0: none.
  uint32_t force_ucase = 0;
  // COMPOUNDSYLLABLE's maximum; 0: none. Applied as Hunspell does for
  // LANG hu_HU (`hungarian`: the syllables of the whole word); Hunspell's
  // count for other languages is not applied (no dictionary uses it).
  uint32_t max_syllables = 0;
  std::string vowels;  // UTF-8, COMPOUNDSYLLABLE's vowels
  bool hungarian = false;
  // COMPOUNDROOT's flag index plus one; 0: none.
  uint32_t compound_root = 0;

  bool empty() const {
    return rules.empty() && !check_rep && patterns.empty() &&
           !simplified_triple && force_ucase == 0 && max_syllables == 0 &&
           compound_root == 0;
  }
  size_t atoms() const;

  // The section's bytes.
  std::string Encode() const;
  // Checks and reads a section; nullptr when usable, else a short
  // description of the problem (a count beyond the bytes left, an index
  // beyond `flags`, unknown flag bits, trailing bytes).
  static const char* Parse(std::span<const std::byte> section,
                           CompoundRuleSet* out);
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILTER_COMPOUND_RULES_H_
