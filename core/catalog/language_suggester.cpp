#include "core/catalog/language_suggester.h"

#include <algorithm>
#include <unordered_set>

namespace spellfilter {

LanguageSuggester::LanguageSuggester(const LanguageSet& set,
                                     const SuggestOptions& options)
    : LanguageSuggester(set.dictionaries(), set.preferred(), options) {}

LanguageSuggester::LanguageSuggester(
    std::span<const Dictionary* const> dictionaries, size_t preferred,
    const SuggestOptions& options)
    : dictionaries_(dictionaries.begin(), dictionaries.end()),
      preferred_(preferred < dictionaries.size() ? preferred : 0),
      options_(options),
      suggesters_(dictionaries.size()) {}

LanguageSuggester::~LanguageSuggester() = default;

Suggester& LanguageSuggester::suggester(size_t language) {
  std::unique_ptr<Suggester>& s = suggesters_[language];
  if (!s) s = std::make_unique<Suggester>(*dictionaries_[language], options_);
  return *s;
}

std::vector<std::string> LanguageSuggester::Suggest(std::string_view word,
                                                    size_t language) {
  return suggester(language).Suggest(word);
}

void LanguageSuggester::SetUserWords(size_t language,
                                     const std::vector<std::string>& words) {
  suggester(language).SetUserWords(words);
}

std::vector<std::string> LanguageSuggester::SuggestAny(std::string_view word) {
  if (dictionaries_.size() == 1) return Suggest(word, 0);
  struct Ranked {
    Suggestion s;
    size_t order;  // the preferred language first, then as listed
  };
  std::vector<Ranked> all;
  size_t order = 0;
  auto add = [&](size_t l) {
    for (Suggestion& s : suggester(l).SuggestScored(word)) {
      all.push_back(Ranked{std::move(s), order++});
    }
  };
  add(preferred_);
  for (size_t l = 0; l < dictionaries_.size(); ++l) {
    if (l != preferred_) add(l);
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const Ranked& a, const Ranked& b) {
                     if (a.s.cost != b.s.cost) return a.s.cost < b.s.cost;
                     return a.order < b.order;
                   });
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  for (Ranked& r : all) {
    if (out.size() >= options_.max_suggestions) break;
    if (seen.insert(r.s.text).second) out.push_back(std::move(r.s.text));
  }
  return out;
}

}  // namespace spellfilter
