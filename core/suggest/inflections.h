// English verb endings put on a word that does not take them: the typed
// word without an -ed or -ing ending ("stucked" -> "stuck"), also with its
// doubled last consonant undone ("splitted" -> "split") or its silent e
// restored ("beforing" -> "before"). A base that takes the ending by the
// regular spelling rules ("voteing": "vote" makes "voting") is left out:
// the word was more likely meant with the ending, spelled wrong, which the
// edit search finds; the bare word would only push it down.
//
// Cost: SuggestOptions::inflection_cost, counted as two edits (instead of
// the two or three letters it is). Work: the typed prefix's letters, and
// up to four dictionary probes per base tried (at most three bases).
// Only for bases of kMinInflectedBase letters or more, and only where the
// prefix filter has the base's prefix.
#ifndef SPELLFILTER_CORE_SUGGEST_INFLECTIONS_H_
#define SPELLFILTER_CORE_SUGGEST_INFLECTIONS_H_

#include <string_view>

#include "core/suggest/candidates.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/search_context.h"

namespace spellfilter {

inline constexpr int kMinInflectedBase = 3;

// Adds the bases of the typed word to `out` as leaves (resolved).
void FindInflections(const Lexicon& lex, SearchContext& ctx, Candidates& out);

// Whether the dictionary has `word` with `ending` put on by English
// spelling rules ("vote", "ing": "voting"), or a few more spellings (as
// is, the last letter doubled, a final e or y dropped, a final y as i: a
// superset only leaves out more bases). One word probe each.
[[nodiscard]] bool TakesEnding(const Lexicon& lex, SearchContext& ctx,
                               std::u32string_view word,
                               std::u32string_view ending);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_INFLECTIONS_H_
