// Every one-edit variant of the typed word, asked of the checker: Hunspell's
// own way of finding suggestions, kept here as the completeness net of an
// affix-aware dictionary (docs/affix_dictionaries.md).
//
// In such a dictionary the PREFIXES section holds the stems, not the
// forms, so the edit walks never reach an affixed form, and the affix
// search (affixed.h) finds only the forms of one affix, a twofold suffix
// or a prefix with a suffix. Forms of three affixes (Hungarian's
// `le+tilt+ás+ához`, Basque's stacked endings `ikuspegi+ra+ko`, Galician
// verbs with two enclitics) are accepted by the checker but reached by
// none of those searches: Basque got no suggestion at all for a sixth of
// its one-edit typos (seed 7, 300 words), Hungarian for 2.3 %.
//
// The variants are the n deletions, n - 1 swaps of adjacent letters, and
// the substitutions and insertions of each letter of the dictionary's
// alphabet (Lexicon::letters) at each place: about 2 (A + 1) n for an
// alphabet of A letters. Each is presented in the typed word's case and
// accepted as the checker accepts a word: one of its lookup forms
// (word_forms.h) in the dictionary, the filter first, then the affix rules
// (AffixLookup::Accepts), as Candidates::Rank checks every suggestion.
// Accepted variants are candidates at the weight of their edit
// (edit_weights.h, the walks' weights with the KEY keyboard, kFirstLetter
// for the first letter), through Candidates::AddForm; a word another
// search found too is listed once, at the cheaper cost. Compounds are
// left to the compound search (compounds.h), whose parts are checked
// through the affix rules too: offered here at the cost of one edit they
// ranked above listed words (Hungarian, seed 7: 78.0 / 98.0 without them,
// 72.7 / 94.0 with them) and took half the time.
//
// The Suggester runs it only when the searches before it (the .aff's
// replacements, the affix search, the walks' distance 1) found nothing
// within one edit (SuggestOptions::checked_edits_above): a variant costs
// an affix analysis, microseconds, not a probe, and most typos have their
// word among the cheap candidates already.
//
// Work: one unit per lookup form checked (the analysis behind it, bounded
// by the word's length, is not counted apart); the budget is checked after
// each place of the word.
//
// Not thread-safe (scratch); one per Suggester.
#ifndef SPELLFILTER_CORE_SUGGEST_CHECKED_EDITS_H_
#define SPELLFILTER_CORE_SUGGEST_CHECKED_EDITS_H_

#include <string>
#include <unordered_set>

#include "core/suggest/candidates.h"
#include "core/suggest/edit_weights.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/search_context.h"

namespace spellfilter {

class CheckedEdits {
 public:
  // `lex`, `ctx` and `out` must outlive this.
  CheckedEdits(const Lexicon& lex, SearchContext& ctx, Candidates& out);
  CheckedEdits(const CheckedEdits&) = delete;
  CheckedEdits& operator=(const CheckedEdits&) = delete;

  // Whether the dictionary is affix-aware (the search has work to do).
  [[nodiscard]] bool active() const { return active_; }

  // Offers every accepted one-edit variant of ctx.q to the candidates.
  // Stops at the work budget.
  void Run();

 private:
  // Checks `variant` (lower case) once per typed word and offers it at
  // `cost` if the checker accepts it.
  void Try(const std::u32string& variant, float cost);
  // Whether the checker accepts `presented` as one (non-compound) word.
  bool Accepted(const std::string& presented);

  const Lexicon& lex_;
  SearchContext& ctx_;
  Candidates& out_;
  bool active_ = false;
  EditWeights weights_;
  std::u32string variant_;
  std::unordered_set<std::u32string> seen_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_CHECKED_EDITS_H_
