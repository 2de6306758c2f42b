// Suggestions in a LanguageSet (language_set.h): from the language of the
// misspelling's sentence (LanguageChecker::languages()), or, for a word
// alone (`spellfilter suggest`, the C library's spellfilter_suggest), from
// every language merged by cost (suggester.h: edit weights plus rarity, in
// the same units in every dictionary), each word once. A word correct in one
// of the languages is its own first suggestion.
//
// One Suggester per language, made on first use. Not thread-safe: one per
// thread; the set (or the dictionaries) must outlive it.
#ifndef SPELLFILTER_CORE_CATALOG_LANGUAGE_SUGGESTER_H_
#define SPELLFILTER_CORE_CATALOG_LANGUAGE_SUGGESTER_H_

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog/language_set.h"
#include "core/suggest/suggester.h"

namespace spellfilter {

class LanguageSuggester {
 public:
  LanguageSuggester(const LanguageSet& set,
                    const SuggestOptions& options = SuggestOptions());
  // The same over dictionaries open elsewhere (not owned; they must outlive
  // it); `preferred` wins ties (LanguageSet::preferred).
  LanguageSuggester(std::span<const Dictionary* const> dictionaries,
                    size_t preferred,
                    const SuggestOptions& options = SuggestOptions());
  ~LanguageSuggester();
  LanguageSuggester(const LanguageSuggester&) = delete;
  LanguageSuggester& operator=(const LanguageSuggester&) = delete;

  // Up to options.max_suggestions corrections of `word` in `language`.
  std::vector<std::string> Suggest(std::string_view word, size_t language);
  // The same from every language, merged by cost.
  std::vector<std::string> SuggestAny(std::string_view word);
  // The user's words of `language` (UserDictionary::Words()).
  void SetUserWords(size_t language, const std::vector<std::string>& words);

  Suggester& suggester(size_t language);

 private:
  std::vector<const Dictionary*> dictionaries_;
  size_t preferred_;
  SuggestOptions options_;
  std::vector<std::unique_ptr<Suggester>> suggesters_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_CATALOG_LANGUAGE_SUGGESTER_H_
