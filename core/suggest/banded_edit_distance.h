// Optimal string alignment distance (substitutions, insertions, deletions
// and swaps of adjacent letters count one each; no substring is edited
// twice) between two short words, computed only in the band of width
// 2 * limit + 1 around the diagonal: O(|a| * limit) time, O(|b|) space.
// Used where a plain count of edits is wanted, not the typist's weighted
// slips: the user's words (kMaxUserEdits) and the sounds of a word found by
// ear against the typed word's.
#ifndef SPELLFILTER_CORE_SUGGEST_BANDED_EDIT_DISTANCE_H_
#define SPELLFILTER_CORE_SUGGEST_BANDED_EDIT_DISTANCE_H_

#include <string_view>

namespace spellfilter {

// The distance between a and b if it is at most `limit` (>= 0), else
// limit + 1.
[[nodiscard]] int BandedEditDistance(std::u32string_view a,
                                     std::u32string_view b, int limit);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_BANDED_EDIT_DISTANCE_H_
