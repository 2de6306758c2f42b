#include "core/suggest/inflections.h"

#include <string>
#include <vector>

#include "core/suggest/edit_weights.h"

namespace spellfilter {

void FindInflections(const Lexicon& lex, SearchContext& ctx, Candidates& out) {
  static constexpr std::u32string_view kEndings[] = {U"ed", U"ing"};
  const std::u32string_view typed(ctx.q);
  const int n = ctx.n;
  const std::vector<PrefixFilter::State> state = TypedStates(lex, ctx);
  const int e_index = lex.LetterIndex(U'e');
  for (std::u32string_view ending : kEndings) {
    const int base = n - static_cast<int>(ending.size());
    if (base < kMinInflectedBase || !typed.ends_with(ending) ||
        static_cast<int>(state.size()) <= base) {
      continue;
    }
    // Word-final: each is a leaf of the typed prefix (or of that prefix
    // and an e), found by its end markers and confirmed like any other.
    auto leaf_at = [&](int length, bool add_e) {
      PrefixFilter::State h = state[length];
      if (add_e) {
        ++ctx.stats.work;
        if (e_index < 0 || !lex.Continues(h, e_index)) return;
        h = PrefixFilter::Next(h, U'e');
      }
      std::u32string word(typed.substr(0, length));
      if (add_e) word.push_back(U'e');
      if (TakesEnding(lex, ctx, word, ending)) return;
      out.Leaf(h, 2, lex.options.inflection_cost,
               [&word](std::u32string* spelled) { *spelled = word; });
    };
    leaf_at(base, false);
    // (The typed prefix's letters are all in the alphabet: state has them.)
    if (typed[base - 1] == typed[base - 2] &&
        !EditWeights::VowelForRuns(typed[base - 1])) {
      leaf_at(base - 1, false);
    }
    if (typed[base - 1] != U'e') leaf_at(base, true);
  }
  out.Resolve();
}

bool TakesEnding(const Lexicon& lex, SearchContext& ctx,
                 std::u32string_view word, std::u32string_view ending) {
  std::u32string forms[4];
  int count = 0;
  forms[count++] = std::u32string(word);
  forms[count++] = std::u32string(word) + word.back();
  if (word.ends_with(U'e') || word.ends_with(U'y')) {
    forms[count++] = std::u32string(word.substr(0, word.size() - 1));
  }
  if (word.ends_with(U'y')) {
    forms[count++] = std::u32string(word.substr(0, word.size() - 1)) + U'i';
  }
  for (int f = 0; f < count; ++f) {
    ++ctx.stats.work;
    ++ctx.stats.word_probes;
    if (lex.dict.Contains(EncodeUtf8(forms[f] + std::u32string(ending)))) {
      return true;
    }
  }
  return false;
}

}  // namespace spellfilter
