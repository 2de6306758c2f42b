// The dictionary's own misspellings: a Hunspell .aff's REP pairs (German
// "ss" for "ß", "ie" for "ei"; French "au" for "eau"; Spanish "b" for "v")
// and MAP groups of related characters ("aàâä", "(ss)ß"), read from the
// SUGGEST_RULES section (suggest_rules.h, Lexicon::replacements). Each
// place of the typed word (lower case) where a rule's "from" stands (at
// the start only for "^from", at the end only for "from$") gives the
// candidate with "to" there, in both directions for MAP, not for REP (the
// file lists both directions where it means them).
//
// A replacement is one edit of weight kReplacementCost, whatever its
// length: the language's own sound-alike spelling, weighed like the
// sound-alike substitutions of edit_weights.h (kSubSoundAlike), so "ss"
// for "ß" (a substitution and an extra letter, 1.78, out of the light
// searches) costs 0.70, and a one-letter rule costs no more than the
// substitution it replaces. REP entries with "_" (a space) are left to the
// splits. The candidate is spelled over the PREFIXES section and dropped
// as soon as no word continues it; the rest is the walks' (Candidates::Leaf,
// Resolve).
//
// Work: a unit per letter spelled, plus a leaf's lookups. With R rules and
// a word of n letters, at most R * n matches are tried (de_DE: 28 REP;
// nl_NL: 886, most of them matching nowhere).
#ifndef SPELLFILTER_CORE_SUGGEST_REPLACEMENTS_H_
#define SPELLFILTER_CORE_SUGGEST_REPLACEMENTS_H_

#include "core/suggest/candidates.h"
#include "core/suggest/edit_weights.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/search_context.h"

namespace spellfilter {

inline constexpr float kReplacementCost = EditWeights::kSubSoundAlike;
// One letter of a MAP group for the same letter with another accent (é
// for e, ç for c; not "w" for "x" of a group "wx"): a language
// whose .aff groups its accented letters is one where dropping or
// mistaking an accent is common; taken as half of all substitutions there
// (the walks' kSubAccent takes a tenth): 0.70 - ln(5) / kNatsPerUnit.
// Below a doubled letter typed (0.64) and a consonant left out (0.53),
// above a vowel left out (0.46).
inline constexpr float kMapAccentCost = 0.49f;

// Adds the candidates the dictionary's REP and MAP rules make of the typed
// word to `out` (queued; the caller Resolves).
void FindReplacements(const Lexicon& lex, SearchContext& ctx, Candidates& out);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_REPLACEMENTS_H_
