// The compound parts a Hunspell .dic entry allows, by position, under the
// compounding rules of its .aff (CompoundRules in hunspell_affix.h): what
// Hunspell's compound_check (affixmgr.cxx of 1.7) accepts as a first,
// middle or last part, generated forwards, so that a Bloom filter of them
// (compound_filter.h) can answer at check time.
//
// Candidates: the stem, prefix + stem, stem + suffix, and prefix + stem +
// suffix (both cross products), with the affix rules of the expander
// (conditions, strip, FULLSTRIP, CIRCUMFIX on both or neither, an affix
// with NEEDAFFIX only together with another, a NEEDAFFIX stem only with an
// affix). ONLYINCOMPOUND stems and affixes (German's linking "s") are
// allowed: this is where they belong. FORBIDDENWORD entries (and WARN under
// FORBIDWARN) yield nothing. A candidate's compound flags are the stem's
// plus its affixes' continuation classes, as Hunspell tests the needed flag
// on either. Then:
//
//   begin:  COMPOUNDFLAG or COMPOUNDBEGIN; a suffix only with
//           COMPOUNDPERMITFLAG; through COMPOUNDFLAG alone, not with a
//           suffix continuing with COMPOUNDEND
//   middle: COMPOUNDFLAG or COMPOUNDMIDDLE; the same affix rules
//   end:    COMPOUNDFLAG or COMPOUNDEND; a prefix only with
//           COMPOUNDPERMITFLAG
//
// and nowhere with a prefix continuing with COMPOUNDFORBIDFLAG, nor first
// or middle with such a suffix (Hunspell 1.7.1 accepts it on the last
// part); a stem with COMPOUNDFORBIDFLAG is no begin or middle part.
//
// Last parts with twofold suffixes are generated as Hunspell's affix_check
// finds them there (the inner suffix as outside compounds; COMPOUNDFLAG or
// COMPOUNDEND on the root or the inner suffix): Danish "afsnittet" (afsnit
// + t + et) ends "manualafsnittet". Not generated: under COMPLEXPREFIXES
// only bare stems (docs/hunspell_dictionaries.md).
//
// Flag roles (compound_rules.h): a stem (not NEEDAFFIX, not forbidden;
// ONLYINCOMPOUND ones too) that carries a flag a COMPOUNDRULE pattern, a
// CHECKCOMPOUNDPATTERN or FORCEUCASE names is also a part of role
// kFlagRoleBase + i for each such flag i of CompoundFlagRoles, and of
// kAnyRuleFlagRole when one of them is a COMPOUNDRULE flag. Hunspell's
// COMPOUNDRULE compounds are made of roots (affixmgr.cxx, defcpd_check on
// the looked-up roots), so only the bare stem gets these roles; but the
// last part may be affixed (compound_check takes it through affix_check and
// tests its root's flags): a root's affixed forms (a suffix, ONLYINCOMPOUND
// ones included; twofold suffixes, not on ONLYINCOMPOUND roots; a prefix
// with COMPOUNDPERMITFLAG) are parts of kAnyRuleFlagRole and of
// AffixedRuleEndRole(i) for each COMPOUNDRULE flag i of the root
// (compound_rules.h).
#ifndef SPELLFILTER_CORE_HUNSPELL_COMPOUND_PARTS_H_
#define SPELLFILTER_CORE_HUNSPELL_COMPOUND_PARTS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/filter/compound_filter.h"
#include "core/filter/compound_rules.h"
#include "core/hunspell/affix.h"

namespace spellfilter {

// The flags parts are tested for (COMPOUNDRULE's, CHECKCOMPOUNDPATTERN's,
// FORCEUCASE), sorted, at most kMaxFlagRoles: role kFlagRoleBase + i is
// the i-th.
std::vector<AffixFlag> CompoundFlagRoles(const AffixRules& rules);

// The COMPOUND_RULES section's contents for `rules` (empty() when the
// .aff has none of its options).
CompoundRuleSet MakeCompoundRuleSet(const AffixRules& rules);

// Receives a part (code points, IGNORE characters removed) and its role.
using CompoundPartSink =
    std::function<void(CompoundRole role, std::u32string_view part)>;

class CompoundPartGenerator {
 public:
  // `rules` must outlive the generator.
  explicit CompoundPartGenerator(const AffixRules& rules);

  // Only the stems themselves, not their affixed forms: an affix-aware
  // import (docs/affix_dictionaries.md), where listing every affixed part
  // of an agglutinative language (hu) would be as large as listing forms.
  void set_bare_stems_only(bool on) { bare_stems_only_ = on; }

  // The parts of the entry `word` with `flags` (sorted, as DecodeFlags
  // gives them). Returns the number handed to `sink` (with repeats).
  uint64_t Generate(std::u32string_view word,
                    const std::vector<AffixFlag>& flags,
                    const CompoundPartSink& sink);

 private:
  struct Candidate;
  uint64_t Emit(const Candidate& c, const std::vector<AffixFlag>& stem_flags,
                const CompoundPartSink& sink) const;
  // The affixed forms of a root with COMPOUNDRULE flags that may end a
  // rule compound, in kAnyRuleFlagRole and AffixedRuleEndRole.
  uint64_t EmitAffixedRuleEnds(std::u32string_view word,
                               const std::vector<AffixFlag>& flags,
                               const CompoundPartSink& sink);

  const AffixRules& rules_;
  std::vector<AffixFlag> flag_roles_;  // CompoundFlagRoles
  std::vector<bool> rule_flag_;        // by flag role: a COMPOUNDRULE flag
  bool bare_stems_only_ = false;
  std::u32string scratch_;
  std::u32string scratch2_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_HUNSPELL_COMPOUND_PARTS_H_
