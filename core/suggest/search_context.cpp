#include "core/suggest/search_context.h"

#include <algorithm>

#include "core/text/letter_case.h"

namespace spellfilter {

bool SearchContext::SetWord(const Lexicon& lex) {
  if (!DecodeUtf8(normalized, &typed) || typed.empty() ||
      typed.size() > kMaxSuggestLetters) {
    return false;
  }
  typed_case = CaseOf(typed);
  q.resize(typed.size());
  qi.resize(typed.size());
  for (size_t k = 0; k < typed.size(); ++k) {
    q[k] = LowerLetter(typed[k], lex.turkic);
    qi[k] = lex.LetterIndex(q[k]);
  }
  n = static_cast<int>(q.size());
  // Nothing to correct from in a word of another script ("中国").
  if (std::all_of(qi.begin(), qi.end(), [](int j) { return j < 0; })) {
    return false;
  }
  suffix_ok.assign(n + 2, 0);
  rev_state.assign(n + 2, 0);
  suffix_ok[n] = 1;
  rev_state[n] = lex.prefixes.empty() ? PrefixFilter::ReverseRoot(0)
                                      : lex.prefixes.reverse_root();
  for (int k = n - 1; k >= 0 && suffix_ok[k + 1] && qi[k] >= 0; --k) {
    rev_state[k] = PrefixFilter::Next(rev_state[k + 1], q[k]);
    ++stats.work;
    suffix_ok[k] = lex.Continues(rev_state[k + 1], qi[k]);
  }
  first_suffix = n;
  while (first_suffix > 0 && suffix_ok[first_suffix - 1]) --first_suffix;
  return true;
}

std::vector<PrefixFilter::State> TypedStates(const Lexicon& lex,
                                             SearchContext& ctx) {
  std::vector<PrefixFilter::State> state(1, lex.prefixes.root());
  for (int i = 0; i < ctx.n && ctx.qi[i] >= 0; ++i) {
    ++ctx.stats.work;
    if (!lex.Continues(state.back(), ctx.qi[i])) break;
    state.push_back(PrefixFilter::Next(state.back(), ctx.q[i]));
  }
  return state;
}

}  // namespace spellfilter
