// Two words typed together ("alot" -> "a lot", "infact" -> "in fact"):
// every place the typed word can be cut where the left part is a word's
// prefix and the right part ends some word (SearchContext::suffix_ok),
// both parts looked up in each case form (case_forms.h).
//
// A split must not change case beyond what the checker allows, or it
// would be two corrections: a lower-case word splits into lower-case
// words; a Capitalised one into a lower-case or Capitalised word and a
// lower-case one; an ALL UPPER one into anything. Each half is read in its
// most common such form. Both halves must be words of two letters or
// more, or single letters the dictionary has as words (Lexicon::ranked,
// letter_names: "a lot", "y luego", not "Fehler r" from de_DE's letter
// names). A split ranks below a one-word suggestion of the same cost
// (Candidates::Rank).
//
// Cost: kSplitCost (the space left out, 5 % of slips: -ln 0.05 / 7.6
// nats per edit) + a rarity between the two words' independent one and the
// rarer word's (the mean of the two bounds). Work: a unit a letter of the
// typed prefix, plus each part's lookups (at most n - 1 cuts, both halves
// looked up only where the left one is a word); stops when the budget is
// spent. Words with a letter outside the alphabet or in mixed case have no
// splits.
#ifndef SPELLFILTER_CORE_SUGGEST_SPLITS_H_
#define SPELLFILTER_CORE_SUGGEST_SPLITS_H_

#include "core/suggest/candidates.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/search_context.h"

namespace spellfilter {

inline constexpr float kSplitCost = 0.4f;

// Adds the splits of the typed word to `out` (Candidates::AddSplit).
void FindSplits(const Lexicon& lex, SearchContext& ctx, Candidates& out);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_SPLITS_H_
