// What the candidate searches for one typed word share: the word (as
// typed, lower case, as letter indices), which of its suffixes can end a
// word, the work budget and its count (SuggestStats), and the cost bound.
// Filled by the Suggester before the searches run (Reset); each search
// reads the word and spends from the budget.
#ifndef SPELLFILTER_CORE_SUGGEST_SEARCH_CONTEXT_H_
#define SPELLFILTER_CORE_SUGGEST_SEARCH_CONTEXT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/filter/prefix_filter.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/suggester.h"
#include "core/text/letter_case.h"

namespace spellfilter {

// A cost no candidate reaches.
inline constexpr float kUnreached = 1e30f;

struct SearchContext {
  // Sets the word: `normalized` (NFC, UTF-8) decoded into typed, q, qi.
  // False (nothing to search) for invalid UTF-8, an empty or overlong word
  // or one without a letter of the alphabet. Also computes suffix_ok and
  // rev_state (stats.work counts their tests).
  [[nodiscard]] bool SetWord(const Lexicon& lex);

  // Whether the work budget is spent (then marks stats.budget_exhausted).
  [[nodiscard]] bool OutOfBudget() {
    if (stats.work <= work_limit) return false;
    stats.budget_exhausted = true;
    return true;
  }

  // The typed word: NFC, its code points, their case; in lower case
  // (q, n letters) and as letter indices (qi[i], -1 if not in the
  // alphabet).
  std::string normalized;
  std::u32string typed;
  WordCase typed_case = WordCase::kLower;
  std::u32string q;
  std::vector<int> qi;
  int n = 0;
  // suffix_ok[j]: q[j..n) ends some word (its reversal is a prefix in the
  // reversed trie); rev_state[j] its state. The last edit of a candidate
  // must leave such a suffix after it.
  std::vector<uint8_t> suffix_ok;
  std::vector<PrefixFilter::State> rev_state;
  // The first typed position whose suffix ends a word.
  int first_suffix = 0;

  SuggestStats stats;
  uint64_t work_limit = 0;  // stats.work beyond this is out of budget

  // Branch and bound (Candidates::Bound): the cost of the last suggestion,
  // at most, once max_suggestions candidates are known; the edit weight
  // the walks may still spend (options.max_cost, or less when bounded).
  bool bounded_search = true;
  float bound = kUnreached;
  float max_cost = 0;
};

// The states of the typed prefixes the prefix filter allows: [i] after
// q[0..i), as far as some word continues them (one work unit a letter).
[[nodiscard]] std::vector<PrefixFilter::State> TypedStates(const Lexicon& lex,
                                                           SearchContext& ctx);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_SEARCH_CONTEXT_H_
