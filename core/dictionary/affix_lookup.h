// Checks a word against an affix-aware dictionary the way Hunspell's
// affix_check does (affixmgr.cxx), with the stems' entries replaced by
// probes of the main filter: strip each prefix and suffix whose append
// string and condition fit, and probe for the stem with the affix's flag
// (docs/affix_dictionaries.md has the algorithm and its false-positive
// math).
//
// Covered: single prefixes and suffixes, twofold suffixes (a suffix whose
// class is a continuation class of the inner one), with or without a
// prefix (which the outer suffix may enable), cross products of a
// prefix and a suffix (each may be enabled by the other's continuation
// classes), CIRCUMFIX (both affixes or neither), NEEDAFFIX on affixes
// (satisfied by the other affix) and on stems (the stem alone is no word:
// the builder leaves its word key out), ONLYINCOMPOUND affixes (never
// outside compounds), FULLSTRIP, COMPLEXPREFIXES (mirrored rules), IGNORE
// and ICONV on the checked word, and forbidden words.
//
// Thread-safe: the lookup keeps no state between calls (its scratch
// buffers are thread-local), so one Dictionary serves every Checker.
//
// Speed (docs/affix_dictionaries.md, "Speed"): what each rule's checks
// ask of it (NEEDAFFIX, CIRCUMFIX, ONLYINCOMPOUND, outer suffix of a
// twofold one) is precomputed into bits, and its strip string into
// UTF-8; a stem is built in UTF-8 from the word's own bytes, and the
// stems of one call are remembered with the STEMS section's answer and
// whether they have a second homonym, so a stem that several rules yield
// (Italian's 35 suffixes "i") costs one probe of each. The inner suffixes
// of a twofold suffix are walked in a trie of their own per outer class,
// not as every suffix of the stem tested for the class.
#ifndef SPELLFILTER_CORE_DICTIONARY_AFFIX_LOOKUP_H_
#define SPELLFILTER_CORE_DICTIONARY_AFFIX_LOOKUP_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/dictionary/affix_index.h"
#include "core/dictionary/affix_table.h"
#include "core/filter/bloom_filter.h"
#include "core/filter/stem_filter.h"

namespace spellfilter {

// At most this many affix entries are tried per checked form and affix
// kind: a crafted .aff with thousands of matching entries is capped.
inline constexpr size_t kMaxAffixCandidates = 4096;

// An empty STEMS section: every stem is probed in the main filter.
inline const StemFilter kNoStemFilter;

class AffixLookup {
 public:
  // `table`, `filter` and `stems` must outlive the lookup. `stems` (the
  // STEMS section; empty for files without it) is asked before the filter
  // for each candidate stem.
  AffixLookup(const AffixTable& table, const BloomFilter& filter,
              const StemFilter& stems = kNoStemFilter);

  // Whether `word` (NFC UTF-8, as the checker looks words up) is correct
  // through the affix rules or the input conversions, given that its own
  // word key was not found. May answer true falsely (the probes' false
  // positives), never false falsely for a form Hunspell accepts without
  // compounding, within the cases covered above.
  bool Accepts(std::string_view word) const;

  // Whether `word` (NFC UTF-8), the Capitalised form of a word typed in
  // ALL UPPER, is an affixed form of an ALL UPPER stem: each stem is
  // probed in upper case. Hunspell gives an ALL UPPER entry with flags a
  // hidden Capitalised homonym (hashmgr.cxx, add_hidden_capitalized_word:
  // CIA/S also as "Cia", only for ALL UPPER words), through which it
  // accepts CIAS as Cias, an_ES's INS (IN/BF) as Ins. Mixed-case stems'
  // hidden homonyms (OpenOffice/S) are not covered. Not for words typed
  // Capitalised (Hunspell refuses the hidden homonym there: Cias).
  bool AcceptsUpperStem(std::string_view word) const;

  // Whether `part` (NFC UTF-8) is an affixed compound part in `role`
  // (0 begin, 1 middle, 2 end, as CompoundRole): a stem with the role's
  // flag or COMPOUNDFLAG, or an affix that continues with one, with a
  // prefix only before the last part and a suffix only on the last, unless
  // the affix has COMPOUNDPERMITFLAG; no COMPOUNDFORBIDFLAG affix inside;
  // a prefix with a suffix (cross product) under the same rules, the
  // role's flag on the stem or the suffix.
  // ONLYINCOMPOUND affixes (linking elements) are allowed; the last part
  // may also have twofold suffixes (the inner one as outside compounds).
  // Bare stems are the COMPOUND_PARTS section's, not this.
  bool AcceptsPart(std::string_view part, uint32_t role) const;

  // The root Hunspell finds first for `part` (NFC UTF-8) as the last part
  // of a COMPOUNDRULE compound (affixmgr.cxx, compound_check:
  // affix_check(part, no needed flag, IN_CPD_END), whose root's flags must
  // then finish the rule; Hunspell tests that one root only, not the
  // others the part could come from). Tried in affix_check's order: a
  // prefix with COMPOUNDPERMITFLAG, then a suffix (not NEEDAFFIX nor
  // CIRCUMFIX, nor ONLYINCOMPOUND unless its append string is empty;
  // ONLYINCOMPOUND stems included), then twofold suffixes (the inner one
  // as outside compounds); the entries of each in Hunspell's order
  // (shortest append string first, entries with the same append string in
  // reverse file order: its sorted affix lists) and, for each, the first
  // homonym with the affix's flag. After ICONV/IGNORE as Accepts. Sets
  // *stem (NFC UTF-8) and returns true when a root is found (or a false
  // positive of the probes). Not covered: a permitted prefix with a
  // suffix. The table must keep the .aff's file order (import.cpp).
  bool FirstCompoundEndStem(std::string_view part, std::string* stem) const;

  // The affixes through which Hunspell's compound_check first reads
  // `part` (NFC UTF-8) as an affixed last part of a compound by position:
  // affix_check(part, COMPOUNDFLAG, IN_CPD_END), then with COMPOUNDEND,
  // each trying a prefix with COMPOUNDPERMITFLAG, then a suffix, then
  // twofold suffixes, then a prefix with twofold suffixes, in Hunspell's
  // order as FirstCompoundEndStem (the last kind in the index's order),
  // the needed flag on the stem or the (inner) suffix. For the Hungarian
  // syllable count (compound_splitter.h, COMPOUNDSYLLABLE), which asks
  // what Hunspell remembers of that call: `suffix` its sfx (a single
  // suffix, or the inner one of a twofold pair), `outer` the outer suffix
  // of a pair (its sfxappnd when it has no continuation class, its
  // sfxflag), `prefix` its pfx. False when nothing is found (or the part
  // is not decodable).
  struct CompoundEndAffixes {
    const AffixRule* suffix = nullptr;
    const AffixRule* outer = nullptr;
    const AffixRule* prefix = nullptr;
  };
  bool CompoundEndSuffix(std::string_view part, CompoundEndAffixes* found) const;

  // The number of accepting probes Accepts makes for `word` when every
  // probe misses: the A(w) of the false-positive math, for the builder's
  // sizing and `stats`.
  size_t CountProbes(std::string_view word) const;

  // ICONV and IGNORE applied to `word` into *out (not normalised); false
  // when they change nothing.
  bool Convert(std::string_view word, std::string* out) const;

  const AffixTable& table() const { return table_; }

 private:
  struct StrHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const {
      return std::hash<std::string_view>()(s);
    }
  };
  struct Probe;
  // What the checks ask of a rule, precomputed (bits of RuleFacts::bits).
  enum : uint8_t {
    kNeed = 1,     // continues with NEEDAFFIX
    kCirc = 2,     // continues with CIRCUMFIX
    kOic = 4,      // continues with ONLYINCOMPOUND
    kOuter = 8,    // a suffix some suffix continues with (twofold's outer)
  };
  struct RuleFacts {
    std::string strip8;  // the strip string in UTF-8 (unused when mirrored)
    uint32_t strip_id = 0;  // equal strip strings, equal ids
    uint8_t bits = 0;
    // Suffixes: the condition's patterns that fall on the strip string
    // (the stem's end), tested once here: whether they match, and how
    // many patterns are left to test on the word's rest.
    bool strip_fits = true;
    uint32_t rest_patterns = 0;
  };

  bool Analyze(std::u32string_view word, Probe& probe) const;
  // A form's forbidden probe, then Analyze.
  bool AnalyzeForm(std::string_view word, Probe& probe) const;
  bool SuffixOnly(std::u32string_view word, Probe& probe) const;
  bool TwofoldSuffix(std::u32string_view word, Probe& probe) const;
  // Calls visit(inner rule) for each twofold suffix pair of `word` whose
  // inner stem fits, with the probe's stem set (suffix_check_twosfx).
  template <typename Visit>
  bool ForTwofoldSuffixes(std::u32string_view word, Probe& probe,
                          Visit visit) const;
  bool PrefixAndCross(std::u32string_view word, Probe& probe) const;
  bool PrefixTwofold(std::u32string_view word, Probe& probe) const;
  // Which flags of the stem a prefix with a twofold suffix still needs:
  // the inner suffix's (unless the prefix's continuation classes hold it)
  // and the prefix's (unless the inner suffix's hold it, or the outer
  // suffix enables the prefix).
  struct PrefixTwofoldNeeds {
    bool inner;
    bool prefix;
  };
  // Calls visit(prefix, outer suffix, inner suffix, needs) for each prefix with a
  // twofold suffix of `word` whose stem fits (Hunspell's
  // prefix_check_twosfx: cross products, the outer suffix possibly
  // enabling the prefix), with the probe's stem set. ONLYINCOMPOUND
  // prefixes only if `only_in_compound_prefixes`.
  template <typename Visit>
  bool ForPrefixTwofolds(std::u32string_view word, Probe& probe,
                         bool only_in_compound_prefixes, Visit visit) const;
  // Calls visit(rule index) for the suffixes (prefixes) whose append
  // string ends (starts) `word`, at most kMaxAffixCandidates.
  // visit(rule, facts); `index` is suffixes_ or an inner_ index.
  template <typename Visit>
  bool ForSuffixes(const AffixIndex& index, std::u32string_view word,
                   Visit visit) const;
  template <typename Visit>
  bool ForPrefixes(std::u32string_view word, Visit visit) const;
  // Whether the stem of `word` without suffix `s` fits s's condition
  // (StripSuffix without building the stem); `f` is s's facts.
  bool FitsSuffix(const AffixRule& s, const RuleFacts& f,
                  std::u32string_view word) const;
  bool StripSuffix(const AffixRule& s, const RuleFacts& f,
                   std::u32string_view word, std::u32string* stem) const;
  bool StripPrefix(const AffixRule& p, std::u32string_view word,
                   std::u32string* stem) const;

  // FirstCompoundEndStem on one decoded form.
  bool CompoundEndStem(std::u32string_view word, Probe& probe,
                       std::string* stem) const;
  // The entries of `index` (over `rules`) whose append string ends
  // (starts) `word`, into *out in the order Hunspell tries them: the
  // index's order (shortest first) with each run of equal append strings
  // reversed; at most kMaxAffixCandidates.
  static void InHunspellOrder(const AffixIndex& index,
                              const std::vector<AffixRule>& rules,
                              std::u32string_view word,
                              std::vector<uint32_t>* out);

  static bool Circ(const RuleFacts& f) { return f.bits & kCirc; }
  static bool Need(const RuleFacts& f) { return f.bits & kNeed; }
  static bool Oic(const RuleFacts& f) { return f.bits & kOic; }

  const AffixTable& table_;
  const BloomFilter& filter_;
  const StemFilter& stems_;
  AffixIndex suffixes_;  // by append string
  AffixIndex prefixes_;
  std::vector<RuleFacts> suffix_facts_;  // parallel to table_.suffixes
  std::vector<RuleFacts> prefix_facts_;
  // ICONV patterns -> their index in the table; distinct lengths, longest
  // first.
  std::unordered_map<std::string, uint32_t, StrHash, std::equal_to<>>
      iconv_;
  std::vector<size_t> iconv_lengths_;
  // Whether an ICONV pattern starts with this byte: Convert tries the
  // patterns only where one may start (most words: nowhere).
  std::array<bool, 256> iconv_first_{};
  // Suffix flag -> the suffixes whose continuation classes hold it (the
  // inner suffixes of a twofold suffix), indexed by append string like
  // suffixes_ and visited in the same order. Only flags that are suffix
  // classes.
  std::unordered_map<uint32_t, AffixIndex> inner_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_AFFIX_LOOKUP_H_
