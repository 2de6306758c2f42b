// Checking in several languages at once: one Checker per language over a
// shared list of dictionaries, and the language of each sentence
// (sentences.h) chosen by how many of its words each language accepts.
// core/catalog/language_set.h opens the dictionaries from `--lang
// en_US,de_DE` or `--lang auto`; this class only needs them open.
//
// Two modes:
//   - kAny (a list, "en_US,de_DE"): a word is correct when a language that
//     checks it (its script is in that language's alphabet, checker.h)
//     accepts it, misspelled when some language checks it and none accepts
//     it, and unchecked when none checks it. The sentence's language is
//     the one to ask for suggestions.
//   - kAuto (auto): each sentence is checked in its language only; a
//     German word in an English sentence is flagged.
//
// The sentence's language: the language of the previous sentence (at the
// start of each Check call, the preferred one: the user's locale) keeps it
// when it accepts every word of the sentence and leaves none unchecked.
// Otherwise each language is scored by the sentence's words (tokens) it
// rejects plus those it leaves unchecked, and the lowest wins; ties go to
// the previous sentence's language, then to the preferred one, then to the
// first listed. The first pass checks the whole text in the preferred
// language at once, so text in that language costs one Checker::Check plus
// the sentence scan. Scoring stops counting a language once it is worse
// than the best so far, tries first the languages that accept most of the
// sentence's first words (so the best is found early; then the recent
// ones), and remembers per language the words it rejected: a wrong
// language's lookups, which go all the way through case forms, affixes
// and compounds, are the cost.
//
// Like a Checker, not thread-safe: one per thread over shared dictionaries,
// which must outlive it.
#ifndef SPELLFILTER_CORE_CHECK_LANGUAGE_CHECKER_H_
#define SPELLFILTER_CORE_CHECK_LANGUAGE_CHECKER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "core/check/checker.h"
#include "core/dictionary/dictionary.h"
#include "core/text/code_span.h"
#include "core/text/sentences.h"
#include "core/text/tokenizer.h"

namespace spellfilter {

class UserDictionary;

enum class LanguageMode { kAny, kAuto };

// A sentence of the last checked text and the index of its language.
struct SentenceLanguage {
  size_t offset;  // bytes
  size_t length;
  size_t language;
};

class LanguageChecker {
 public:
  // `dictionaries`: at least one, in the order listed; `preferred` indexes
  // the one that wins ties after the previous sentence's (the user's
  // locale's). Not owned.
  LanguageChecker(std::span<const Dictionary* const> dictionaries,
                  LanguageMode mode, size_t preferred = 0);
  ~LanguageChecker();
  LanguageChecker(const LanguageChecker&) = delete;
  LanguageChecker& operator=(const LanguageChecker&) = delete;

  size_t size() const { return checkers_.size(); }
  LanguageMode mode() const { return mode_; }
  size_t preferred() const { return preferred_; }

  // Whether `word` alone is correct: some language that checks it accepts
  // it, or none checks it (in both modes: a lone word has no sentence).
  bool IsCorrect(std::string_view word);
  // Which language accepts `word` first (in the tie order), or size() if
  // none does.
  size_t AcceptingLanguage(std::string_view word);

  // Appends to *out (cleared first) the misspelled words of `text`, in
  // order; languages() then holds the language of each (its sentence's)
  // and sentences() the sentences with theirs.
  void Check(std::string_view text, std::vector<Misspelling>* out,
             std::span<const CodeSpan> code = {});
  const std::vector<size_t>& languages() const { return languages_; }
  const std::vector<SentenceLanguage>& sentences() const { return sentences_; }

  // Forwarded to each language's Checker (checker.h).
  void SetUserWords(size_t language, const UserDictionary* user);
  void SetCodeWords(size_t min_length);
  void SetExtraDictionary(const Dictionary* extra,
                          const Dictionary* second = nullptr);
  Checker& checker(size_t language) { return *checkers_[language]; }
  // Frees the buffers a long text grew, in each language's Checker
  // (Checker::ReleaseBuffers).
  void ReleaseBuffers() {
    for (const std::unique_ptr<Checker>& c : checkers_) c->ReleaseBuffers();
  }

 private:
  // The words of sentence [begin, end) that language `l` flags (*flagged)
  // and leaves unchecked (*unchecked), as offsets into the whole text.
  void CheckSentence(size_t l, std::string_view text, size_t begin, size_t end,
                     std::vector<Misspelling>* flagged,
                     std::vector<Misspelling>* unchecked);
  // Whether a language other than `except` checks `word` (*checked) and
  // accepts it (returned).
  bool OtherAccepts(size_t except, std::string_view word, bool* checked);

  // Words per language whose rejection is remembered (a direct-mapped
  // table of their hashes, allocated when the language first rejects one).
  static constexpr size_t kRejectedSlots = size_t{1} << 14;
  // Words of a sentence that order the languages before scoring.
  static constexpr size_t kGuessTokens = 3;

  bool Rejected(size_t l, uint64_t hash) const;
  void Reject(size_t l, uint64_t hash);

  // `errors` plus the words tokens_[begin, end) of `sentence` that
  // language `l` rejects or leaves unchecked; stops counting above `limit`.
  size_t Score(size_t l, std::string_view sentence, size_t limit,
               size_t begin, size_t end, size_t errors);
  // The language of `sentence` (its words in tokens_), which the previous
  // sentence's language `current` does not fit.
  size_t ChooseLanguage(std::string_view sentence, size_t current);

  std::vector<std::unique_ptr<Checker>> checkers_;
  Tokenizer tokenizer_;
  std::vector<Token> tokens_;
  // Per language: hashes of the words it rejected (for scoring only).
  std::vector<std::vector<uint64_t>> rejected_;
  std::vector<size_t> guess_;  // per language, during SentenceLanguage
  std::vector<size_t> order_;
  std::vector<size_t> recent_;     // languages, the most recently chosen first
  std::vector<size_t> rank_;       // each language's place in tie_order_
  std::vector<size_t> tie_order_;  // preferred first, then as listed
  LanguageMode mode_;
  size_t preferred_;
  std::span<const CodeSpan> code_;  // during Check only
  std::string_view text_;           // during Check only
  std::vector<Misspelling> scratch_flagged_, scratch_unchecked_;
  std::vector<CodeSpan> sentence_code_;
  std::vector<TextRange> ranges_;
  std::vector<Misspelling> first_flagged_, first_unchecked_;
  std::vector<Misspelling> flagged_, unchecked_, best_flagged_, best_unchecked_,
      scratch_;
  std::vector<size_t> languages_;
  std::vector<SentenceLanguage> sentences_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_CHECK_LANGUAGE_CHECKER_H_
