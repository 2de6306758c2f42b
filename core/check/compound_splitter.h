// Whether a word is a compound of parts in a dictionary's COMPOUND_PARTS
// section (compound_filter.h), as Hunspell's compound check decides it
// (affixmgr.cxx of 1.7, compound_check). Two searches:
//
// By position (COMPOUNDFLAG / COMPOUNDBEGIN / COMPOUNDMIDDLE /
// COMPOUNDEND): the word splits into
//
//   begin middle* end
//
// with every part at least settings().min_part characters long, at most
// max_parts parts (when limited), and every boundary passing the checks the
// section asks for (CHECKCOMPOUNDCASE: neither letter at the boundary is
// upper case or caseless; CHECKCOMPOUNDTRIPLE: no three equal letters
// across it; CHECKCOMPOUNDDUP: a two-part compound's parts differ).
//
// By pattern (COMPOUNDRULE): the word splits into parts, each a root of the
// dictionary, whose flags match one of the patterns (a regular expression
// over flags: a flag is one part with it, `*` any number, `?` zero or one),
// under the same length, count and boundary limits. Patterns are matched
// as an NFA over the parts, so the search is one pass over the split
// points, whatever the patterns.
//
// With a COMPOUND_RULES section (compound_rules.h), also:
// - CHECKCOMPOUNDPATTERN: a boundary where the first part ends with the
//   pattern's end string and the next begins with its begin string (and
//   the parts have the pattern's flags, when it names them) is refused.
// - SIMPLIFIEDTRIPLE: a part ending in a doubled letter may share its last
//   letter with the next part ("Schiffahrt" = "Schiff" + "fahrt").
// - FORCEUCASE: a compound whose last part has the flag is refused unless
//   written capitalised or in upper case; the splitter then looks at the
//   lower-cased word itself (Hunspell's SPELL_ORIGCAP).
// - CHECKCOMPOUNDREP: a compound is refused when one REP replacement
//   inside it gives a word of the dictionary (CompoundFilter::IsWord).
// - COMPOUNDROOT: a part that is a root with the flag counts as two words
//   toward max_parts (Hunspell's `wordnum++`); an affixed part counts one,
//   whatever its root (the flag is a key of bare roots only).
// - COMPOUNDSYLLABLE, for LANG hu_HU: a compound refused for its words is
//   searched again with any number of words, its last part within the
//   syllables (SyllablesOk): the vowels of the whole word, less those of
//   the last part's suffix when it has no continuation class (1 for some
//   that end in "i"), plus SYLLABLENUM's hard-coded suffix flags, as
//   Hunspell counts them. The suffix is the one Hunspell's affix_check
//   finds first (AffixLookup::CompoundEndSuffix; affix-aware dictionaries
//   only: an expanded one counts the whole word). Not counted: a last
//   root with Hunspell's hard-coded flags I and J.
//
// A word the dictionary forbids (a kForbiddenRole key: FORBIDDENWORD) is no
// compound, whatever its parts.
//
// The word is otherwise taken as given: case variants are the caller's
// (checker.cpp tries each lookup form of word_forms.h, as Hunspell tries
// the case forms).
//
// Cost: a search over split points, memoised per position, so each part
// candidate is probed at most once per role. With n characters and minimum
// part m: at most n - 2m + 1 begin probes, n end probes and (n - m)^2 / 2
// middle probes, and in any case at most kMaxProbes (a search that would
// need more gives up and answers false); words over kMaxLetters characters
// are not split (Hunspell's limit too). A COMPOUNDRULE part costs one probe
// (its "has a rule flag" key) plus one per flag the patterns could take
// next when it has one. Middle probes only start from positions a begin or
// middle part reached, so a misspelling usually costs about n - 2m + 1
// probes: a few hundred nanoseconds.
//
// Affix-aware dictionaries (docs/affix_dictionaries.md): the section holds
// the stems only, and an affixed part is found through the affix rules
// (AffixLookup::AcceptsPart), several probes a part. A COMPOUNDRULE
// compound's parts are roots, except the last, which Hunspell also takes
// affixed (its root's flags finishing the rule: Korean 들어있는 is 들어 +
// 있 + 는); that is asked of the affix rules too, only when the bare part
// does not finish a rule, and, as Hunspell does, only of the first root
// its affix_check finds (AffixLookup::FirstCompoundEndStem: 보여줍니다 is
// refused, its 줍니다 read as 줄다's before 주다's). An expanded dictionary has them as keys of their own roles
// (AffixedRuleEndRole, compound_parts.h).
//
// Not thread-safe (scratch buffers); one per Checker.
#ifndef SPELLFILTER_CORE_CHECK_COMPOUND_SPLITTER_H_
#define SPELLFILTER_CORE_CHECK_COMPOUND_SPLITTER_H_

#include <bitset>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/dictionary/affix_lookup.h"
#include "core/filter/compound_filter.h"

namespace spellfilter {

class CompoundSplitter {
 public:
  static constexpr uint32_t kMaxLetters = 100;
  static constexpr uint32_t kMaxProbes = 3000;

  // `parts` must outlive the splitter; it may be empty (no compounds).
  explicit CompoundSplitter(const CompoundFilter& parts,
                            const AffixLookup* affixes = nullptr);

  // Whether the normalised UTF-8 `word` is a compound. *probes (may be
  // null) receives the number of filter probes made.
  bool IsCompound(std::string_view word, uint32_t* probes = nullptr);

  const CompoundFilter& parts() const { return parts_; }

 private:
  // The NFA's state: one bit per position in a pattern (kMaxRuleAtoms
  // atoms plus one final position per pattern).
  using RuleState = std::bitset<2 * kMaxRuleAtoms>;

  // Splits letters_ (both searches) and applies CHECKCOMPOUNDREP.
  bool Search();
  bool SearchByPosition();
  bool SearchByRule();

  // Whether [from, n) is an end part; memoised in end_.
  bool End(uint32_t from);
  // Fewest words (parts; a COMPOUNDROOT part counts two) covering
  // [from, n) as middle* end, kNone if impossible;
  // `avoid` is a flag role plus one the part at `from` must not have (a
  // CHECKCOMPOUNDPATTERN's begin flag), 0 for none; `pair_from` is where
  // the part before it starts (CHECKCOMPOUNDREP tests the pair), kNone at
  // the start.
  uint32_t Best(uint32_t from, uint32_t avoid, uint32_t pair_from);
  // Fewest words covering [from, n) as middle+ end; memoised in best_mid_
  // when `avoid` is 0.
  uint32_t BestWithMiddle(uint32_t from, uint32_t avoid, uint32_t pair_from);
  // Calls next(start, avoid) for each start of the part after [from, to)
  // that the boundary checks allow: `to`, and `to - 1` under
  // SIMPLIFIEDTRIPLE after a doubled letter.
  template <typename Next>
  void ForEachNext(uint32_t from, uint32_t to, Next next);
  bool Probe(CompoundRole role, uint32_t from, uint32_t to);
  bool ProbeRole(uint32_t role, uint32_t from, uint32_t to);
  bool BoundaryOk(uint32_t at) const;
  // The words the part [from, to) counts for: 2 when it is a root with
  // COMPOUNDROOT, else 1.
  uint32_t Weight(uint32_t from, uint32_t to);
  // COMPOUNDSYLLABLE (Hungarian): the vowels among `letters`; whether a
  // compound whose last part is [from, n) is within the syllables, as
  // Hunspell counts them (the syllable pass's test of each last part).
  uint32_t Syllables(std::u32string_view letters) const;
  bool SyllablesOk(uint32_t from);
  // CHECKCOMPOUNDPATTERN at the boundary between [from, at) and the part
  // starting at `next`: kRefused, or a flag role plus one that part must
  // not have, or 0.
  uint32_t PatternCheck(uint32_t from, uint32_t at, uint32_t next,
                        bool flags);
  // FORCEUCASE on the last part [from, n) without the original capital.
  bool ForceUcaseRefuses(uint32_t from);
  // CHECKCOMPOUNDREP: whether one REP replacement in `word` gives a word
  // of the dictionary; RepFault memoises it for [from, to) of word_.
  bool RepMakesWord(std::string_view word);
  bool RepFault(uint32_t from, uint32_t to);

  bool Decode(std::string_view word);
  RuleState Closure(RuleState s) const;
  // The NFA's states after a part whose flag roles has_role(role) tells,
  // from `cur` (closed).
  template <typename HasRole>
  RuleState Advance(const RuleState& cur, HasRole has_role) const;
  bool Accepting(const RuleState& s) const;
  // Whether [from, n) is an affixed last part whose root's flags take
  // `cur` to a final state (AffixLookup::FirstCompoundEndStem, or the
  // expanded dictionary's AffixedRuleEndRole keys).
  bool AffixedRuleEnd(const RuleState& cur, uint32_t from);

  static constexpr uint32_t kNone = 0xFFFF;
  static constexpr uint32_t kUnknown = 0xFFFE;
  static constexpr uint32_t kRefused = 0xFFFFFFFF;

  const CompoundFilter& parts_;
  // An affix-aware dictionary's rules: affixed parts (AcceptsPart); may
  // be null. The section holds the bare stems.
  const AffixLookup* affixes_;
  const CompoundRuleSet* rules_;  // parts_.rules(); may be null
  // COMPOUNDRULE patterns flattened: atom k of pattern r is position
  // first_[r] + k; the pattern's final position is first_[r] + size.
  std::vector<CompoundRuleAtom> atoms_;  // by position (final: unused)
  std::vector<bool> final_;              // by position
  RuleState start_;
  std::string end_stem_;          // AffixedRuleEnd's root
  uint32_t root_role_ = 0;        // COMPOUNDROOT's flag role; 0: none
  bool syllable_pass_ = false;    // Search: the COMPOUNDSYLLABLE pass
  std::vector<char32_t> vowels_;  // COMPOUNDSYLLABLE's, sorted; Hungarian

  std::string_view word_;
  std::string lowered_;             // FORCEUCASE's lower-cased word
  bool original_capital_ = false;   // FORCEUCASE: word_ was lowered
  std::vector<uint32_t> offsets_;   // byte offset of character i; [n] = size
  std::vector<char32_t> letters_;
  std::vector<uint32_t> end_;       // by position: 0, 1 or kUnknown
  // By position; with CHECKCOMPOUNDREP by position and the previous
  // part's start plus one (0: none).
  std::vector<uint32_t> best_mid_;
  std::unordered_map<uint32_t, bool> rep_faults_;  // (from, to)
  std::vector<RuleState> reach_;    // SearchByRule, by position (and parts)
  std::unordered_map<uint32_t, bool> part_flags_;  // (from, to, role) probes
  std::string candidate_;           // RepMakesWord
  uint32_t n_ = 0;
  uint32_t probes_ = 0;
  bool exhausted_ = false;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_CHECK_COMPOUND_SPLITTER_H_
