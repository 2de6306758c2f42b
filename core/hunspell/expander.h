// Expands a Hunspell .dic into every word form Hunspell accepts without
// compounding, under the rules of its .aff (hunspell_affix.h).
//
// .dic format: the first line is the entry count (a byte-order mark before
// it is allowed); each further line is WORD[/FLAGS] [MORPHOLOGY]. Hunspell's
// rules for splitting a line are followed: the morphological fields start
// at the first TAB, or at the first "xx:" field preceded by a space or TAB;
// "\/" is a slash inside the word; a word containing a space is a multi-word
// entry. With an AF table FLAGS is an alias number. Lines with no word are
// ignored.
//
// What an entry yields is what Hunspell's affix check accepts (affixmgr.cxx,
// hunspell.cxx of 1.7), applied forwards:
//   - the stem itself, unless it has NEEDAFFIX;
//   - stem + suffix S (S's class among the stem's flags, condition met on
//     the stem, strip matched), unless S continues with NEEDAFFIX,
//     ONLYINCOMPOUND or CIRCUMFIX;
//   - twofold suffixes: stem + S1 + S2 where S2's class is a continuation
//     class of S1 (S1 without ONLYINCOMPOUND or CIRCUMFIX);
//   - prefix P + stem (P's class among the stem's flags), unless P continues
//     with NEEDAFFIX or ONLYINCOMPOUND;
//   - P + stem + S1 [+ S2] when both allow cross products, with a prefix's
//     continuation classes enabling suffixes and a suffix's enabling
//     prefixes, CIRCUMFIX on both or neither, and NEEDAFFIX satisfied by the
//     other affix. The prefix's condition is tested on the suffixed word.
//   - COMPLEXPREFIXES: the same with two prefixes and one suffix.
// An entry with FORBIDDENWORD (or WARN under FORBIDWARN) yields nothing,
// and a form equal to a word whose first .dic entry is forbidden is
// dropped. ONLYINCOMPOUND stems yield nothing (they only occur inside
// compounds, which are not expanded). IGNORE characters are removed from
// the words. For a stem in mixed case ("OpenOffice.org") or ALL UPPER with
// affixes ("CIA/S"), the ALL UPPER spelling of each form is added too, as
// Hunspell accepts it through a hidden capitalised entry and the checker's
// case rules (word_forms.h) would not (not for KEEPCASE stems, which
// Hunspell refuses in ALL UPPER, nor when the .dic already lists the
// capitalised spelling that hidden entry would have, "Pm" for "PM/D").
//
// Compounds are not expanded (they are open-ended); with a compound part
// sink set, each entry's compound parts (hunspell_compound_parts.h) go to
// it, ONLYINCOMPOUND stems included. With a keep-case sink set, the words
// Hunspell accepts only as written go to it after the expansion. Hunspell
// tests KEEPCASE on the entry it found, and finds a stem before affixed
// forms: so a stem spelling whose first homonym (that is a word by itself)
// has KEEPCASE is one ("bit" for "bit/S.()" and "bit/||" in fr, although
// the first yields "bit" with an empty suffix), and any other form of a
// KEEPCASE entry unless another entry yields it ("bits" from "bit/S.()"). ICONV is not applied (the checker already
// folds U+2019 and normalises to NFC).
//
// Bounds: a hostile .aff cannot make memory or time explode: each entry is
// limited in forms and in affix applications tried, and the whole .dic in
// forms; going past a limit is an error naming the entry.
#ifndef SPELLFILTER_CORE_HUNSPELL_EXPANDER_H_
#define SPELLFILTER_CORE_HUNSPELL_EXPANDER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/hunspell/affix.h"
#include "core/hunspell/compound_parts.h"
#include "core/util/status.h"

namespace spellfilter {

struct ExpandLimits {
  uint64_t max_forms_per_entry = 100'000;
  uint64_t max_steps_per_entry = 50'000'000;  // affix applications tried
  // The whole .dic. DictionaryBuilder needs about 0.6-0.8 KB per word
  // while building (2.5 GB for fr's 3 million forms).
  uint64_t max_forms = 20'000'000;
  // Affix applications tried over the whole .dic, forms or not: a crafted
  // .aff of thousands of affixes no stem meets yields nothing but would
  // keep every entry busy up to max_steps_per_entry, for hours. About 10 s
  // of expansion on a loaded 2-core machine (a crafted .aff: 1e9 took 92 s
  // there); Debian's 79 dictionaries need at most a fraction of it
  // (docs/affix_dictionaries.md, "Conversion time and memory").
  uint64_t max_steps = 250'000'000;
};

struct ExpandStats {
  uint64_t entries = 0;              // .dic lines with a word
  uint64_t forms = 0;                // forms handed out (distinct per entry)
  uint64_t forbidden_entries = 0;    // FORBIDDENWORD, or WARN + FORBIDWARN
  uint64_t forbidden_forms = 0;      // forms dropped as forbidden words
  uint64_t compound_only_entries = 0;  // ONLYINCOMPOUND stems
  uint64_t compound_entries = 0;     // entries with a compounding flag
  uint64_t upper_forms = 0;          // ALL UPPER forms added (see above)
  uint64_t compound_parts = 0;       // (role, part) pairs handed out
  uint64_t keep_case_forms = 0;      // keep-case forms handed out
  uint64_t multiword_entries = 0;    // entries with a space (not words)
  uint64_t stems = 0;                // entries handed to a stem sink
  uint64_t steps = 0;                // affix applications tried, all entries
  // Expand stopped at a limit on forms or affix applications (not a
  // fault of the files).
  bool over_limit = false;
  uint64_t max_entry_forms = 0;      // the largest expansion of one entry
  std::string max_entry_word;
  // "FILE:LINE: problem" for lines Hunspell also tolerates (bad flag
  // aliases, undecodable text); the first kMaxWarnings are kept.
  static constexpr size_t kMaxWarnings = 20;
  std::vector<std::string> warnings;
  uint64_t warning_count = 0;
};

// Receives each form (UTF-8, not normalised) and the "FILE:LINE" of the
// entry it came from.
using FormSink =
    std::function<void(std::string_view form, std::string_view where)>;
// Receives each keep-case form (UTF-8, not normalised).
using KeepCaseSink = std::function<void(std::string_view form)>;

// An entry as an affix-aware import stores it (docs/
// affix_dictionaries.md) instead of its forms.
struct StemEntry {
  std::u32string_view word;  // as in the .dic, IGNORE removed
  const std::vector<AffixFlag>* flags;  // sorted
  // The stem alone is a word: no NEEDAFFIX, and the spelling's first entry
  // is not forbidden.
  bool word_by_itself = false;
  // ONLYINCOMPOUND: a stem only for compound parts (its keys are kept
  // apart, affix_table.h's kOnlyInCompoundKeyBit).
  bool only_in_compound = false;
  // Not an entry: a spelling whose first entry is forbidden (reported
  // once, with word and where set only).
  bool forbidden = false;
  std::string_view where;  // "FILE:LINE"
};
using StemSink = std::function<void(const StemEntry& entry)>;

class HunspellExpander {
 public:
  // `rules` must outlive the expander. `language` (BCP 47) is used for the
  // ALL UPPER forms.
  HunspellExpander(const AffixRules& rules, std::string_view language,
                   ExpandLimits limits = {});
  ~HunspellExpander();
  HunspellExpander(const HunspellExpander&) = delete;
  HunspellExpander& operator=(const HunspellExpander&) = delete;

  // Also hand each entry's compound parts to `sink` (when the .aff sets up
  // compounding with flags).
  void SetCompoundPartSink(CompoundPartSink sink);
  // Also hand the keep-case forms to `sink` (when the .aff has KEEPCASE),
  // at the end of Expand.
  void SetKeepCaseSink(KeepCaseSink sink);

  // Stems instead of forms: each entry that yields words is handed to
  // `sink` rather than expanded, except KEEPCASE entries, whose forms still
  // go to the form sink (and the keep-case sink); forbidden spellings are
  // handed to `sink` too. Compound parts are the stems themselves only
  // (compound_parts.h).
  void SetStemSink(StemSink sink);

  // Expands the .dic text `bytes`; `name` prefixes messages. Stats are
  // added to *stats (may be null). Past limits.max_steps affix
  // applications in all (ExpandStats::steps) it stops with an error naming
  // the entry and sets over_limit.
  Status Expand(std::string_view bytes, std::string_view name,
                const FormSink& sink, ExpandStats* stats);

  // An estimate of the forms Expand would hand out, for choosing between
  // expanding and keeping stems before paying for either: every `every`th
  // entry (the 1st, the every+1st, ...) is expanded, not handed out, and
  // the sum scaled by `every`, an entry with ALL UPPER forms counted
  // twice (forbidden forms are not subtracted). It stops as soon as the
  // scaled sum passes `stop_at`, returning it; a sampled entry over its own
  // limits (max_forms_per_entry, max_steps_per_entry), on which Expand
  // would fail, gives UINT64_MAX, and so do affix applications that,
  // scaled, pass max_steps (the sample stops there: its work is bounded by
  // max_steps / every). A .dic Expand would refuse gives 0.
  // Deterministic; costs at most about 1/every of an expansion without the
  // sinks.
  uint64_t EstimateForms(std::string_view bytes, uint32_t every,
                         uint64_t stop_at = UINT64_MAX);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_HUNSPELL_EXPANDER_H_
