// A Lexicon, SearchContext and Candidates over a small dictionary, for
// the tests of the candidate searches one by one.
#ifndef SPELLFILTER_TESTS_SUGGEST_SEARCH_FIXTURE_H_
#define SPELLFILTER_TESTS_SUGGEST_SEARCH_FIXTURE_H_

#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/suggest/candidates.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/search_context.h"
#include "core/text/letter_case.h"
#include "tests/support/test_dictionary.h"

namespace spellfilter {

struct SearchFixture {
  explicit SearchFixture(std::initializer_list<std::string_view> words,
                         const SuggestOptions& options = SuggestOptions())
      : dict(MakeDictionary(words)), lex(*dict, options) {}

  // Sets the typed word (already NFC) as the Suggester does, with the
  // default budget and cost bound; false if there is nothing to search.
  bool Type(std::string_view word) {
    ctx = SearchContext();
    ctx.max_cost = lex.options.max_cost;
    ctx.work_limit = lex.options.work_budget;
    ctx.normalized = std::string(word);
    candidates.Clear();
    return ctx.SetWord(lex);
  }
  // The prefix filter's state after the lower-case `word`.
  PrefixFilter::State StateOf(std::u32string_view word) const {
    PrefixFilter::State h = lex.Root();
    for (char32_t c : word) h = PrefixFilter::Next(h, c);
    return h;
  }
  // `word` (lower case) as a leaf of the given cost.
  void AddLeaf(std::u32string_view word, float cost, int edits = 1) {
    candidates.Leaf(StateOf(word), edits, cost,
                    [&](std::u32string* w) { w->assign(word); });
  }
  std::vector<std::string> Texts() {
    std::vector<std::string> out;
    for (Suggestion& s : candidates.Rank({})) out.push_back(std::move(s.text));
    return out;
  }

  std::unique_ptr<Dictionary> dict;
  Lexicon lex;
  SearchContext ctx;
  Candidates candidates{lex, ctx};
};

}  // namespace spellfilter

#endif  // SPELLFILTER_TESTS_SUGGEST_SEARCH_FIXTURE_H_
