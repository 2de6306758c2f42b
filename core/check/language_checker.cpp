#include "core/check/language_checker.h"

#include <algorithm>
#include <functional>
#include <utility>

namespace spellfilter {

LanguageChecker::LanguageChecker(
    std::span<const Dictionary* const> dictionaries, LanguageMode mode,
    size_t preferred)
    : mode_(mode), preferred_(preferred < dictionaries.size() ? preferred : 0) {
  checkers_.reserve(dictionaries.size());
  for (const Dictionary* d : dictionaries) {
    checkers_.push_back(std::make_unique<Checker>(*d));
  }
  if (!checkers_.empty()) tie_order_.push_back(preferred_);
  for (size_t i = 0; i < checkers_.size(); ++i) {
    if (i != preferred_) tie_order_.push_back(i);
  }
  rank_.resize(checkers_.size());
  for (size_t r = 0; r < tie_order_.size(); ++r) rank_[tie_order_[r]] = r;
  recent_ = tie_order_;
  rejected_.resize(checkers_.size());
  guess_.resize(checkers_.size());
}

bool LanguageChecker::Rejected(size_t l, uint64_t h) const {
  const std::vector<uint64_t>& r = rejected_[l];
  return !r.empty() && r[h & (kRejectedSlots - 1)] == h;
}

void LanguageChecker::Reject(size_t l, uint64_t h) {
  std::vector<uint64_t>& r = rejected_[l];
  if (r.empty()) r.assign(kRejectedSlots, 0);
  r[h & (kRejectedSlots - 1)] = h;
}

size_t LanguageChecker::Score(size_t l, std::string_view sentence,
                              size_t limit, size_t begin, size_t end,
                              size_t errors) {
  Checker& c = *checkers_[l];
  if (!code_.empty()) {
    // In code a word's verdict depends on where it is (run-on words):
    // the whole sentence as Check sees it, whatever the token range.
    if (begin != 0) return errors;
    const size_t at = static_cast<size_t>(sentence.data() - text_.data());
    CheckSentence(l, text_, at, at + sentence.size(), &scratch_flagged_,
                  &scratch_unchecked_);
    return scratch_flagged_.size() + scratch_unchecked_.size();
  }
  for (size_t i = begin; i < end && errors <= limit; ++i) {
    const Token& t = tokens_[i];
    const std::string_view w = sentence.substr(t.offset, t.length);
    if (!c.IsCheckable(w)) {
      ++errors;
      continue;
    }
    // 0 marks an empty slot, so no word's hash is 0.
    const uint64_t h = std::hash<std::string_view>()(w) | 1;
    if (Rejected(l, h)) {
      ++errors;
    } else if (!c.IsCorrect(w)) {
      ++errors;
      Reject(l, h);
    }
  }
  return errors;
}

size_t LanguageChecker::ChooseLanguage(std::string_view sentence,
                                         size_t current) {
  const size_t n = tokens_.size();
  const size_t k = code_.empty() ? std::min(n, kGuessTokens) : 0;
  // The guess: every language's errors on the sentence's first k words.
  // It only orders the exact scoring below, which then finds the best
  // language first and stops the others at their first errors past it;
  // the choice itself does not depend on the order.
  order_.clear();
  for (size_t l : recent_) {
    guess_[l] = k == 0 ? 0 : Score(l, sentence, k, 0, k, 0);
    order_.push_back(l);
  }
  std::stable_sort(order_.begin(), order_.end(), [&](size_t a, size_t b) {
    if (guess_[a] != guess_[b]) return guess_[a] < guess_[b];
    return a == current && b != current;
  });
  // Lowest errors wins; ties go to `current`, then to tie_order_.
  auto better = [&](size_t l, size_t errors, size_t best, size_t best_errors) {
    if (errors != best_errors) return errors < best_errors;
    if (best == current) return false;
    return l == current || rank_[l] < rank_[best];
  };
  size_t best = order_[0];
  size_t best_errors = Score(best, sentence, n, k, n, guess_[best]);
  for (size_t i = 1; i < order_.size(); ++i) {
    const size_t l = order_[i];
    // A language already past the best on the first words cannot win.
    if (guess_[l] > best_errors) continue;
    const size_t errors = Score(l, sentence, best_errors, k, n, guess_[l]);
    if (errors <= best_errors && better(l, errors, best, best_errors)) {
      best = l;
      best_errors = errors;
    }
  }
  return best;
}

LanguageChecker::~LanguageChecker() = default;

bool LanguageChecker::IsCorrect(std::string_view word) {
  if (checkers_.size() == 1) return checkers_[0]->IsCorrect(word);
  bool checked = false;
  for (size_t l : tie_order_) {
    Checker& c = *checkers_[l];
    if (!c.IsCheckable(word)) continue;
    checked = true;
    if (c.IsCorrect(word)) return true;
  }
  return !checked;
}

size_t LanguageChecker::AcceptingLanguage(std::string_view word) {
  for (size_t l : tie_order_) {
    Checker& c = *checkers_[l];
    if (c.IsCheckable(word) && c.IsCorrect(word)) return l;
  }
  return checkers_.size();
}

bool LanguageChecker::OtherAccepts(size_t except, std::string_view word,
                                   bool* checked) {
  for (size_t l : tie_order_) {
    if (l == except) continue;
    Checker& c = *checkers_[l];
    if (!c.IsCheckable(word)) continue;
    *checked = true;
    if (c.IsCorrect(word)) return true;
  }
  return false;
}

void LanguageChecker::CheckSentence(size_t l, std::string_view text,
                                    size_t begin, size_t end,
                                    std::vector<Misspelling>* flagged,
                                    std::vector<Misspelling>* unchecked) {
  const std::string_view sentence = text.substr(begin, end - begin);
  sentence_code_.clear();
  for (const CodeSpan& s : code_) {
    const size_t b = std::max(s.begin, begin);
    const size_t e = std::min(s.end, end);
    if (b < e) sentence_code_.push_back(CodeSpan{b - begin, e - begin});
  }
  Checker& c = *checkers_[l];
  c.Check(sentence, &scratch_, sentence_code_);
  flagged->clear();
  for (const Misspelling& m : scratch_) {
    flagged->push_back(Misspelling{m.offset + begin, m.length});
  }
  c.FindUnchecked(sentence, &scratch_);
  unchecked->clear();
  for (const Misspelling& m : scratch_) {
    unchecked->push_back(Misspelling{m.offset + begin, m.length});
  }
}

void LanguageChecker::Check(std::string_view text,
                            std::vector<Misspelling>* out,
                            std::span<const CodeSpan> code) {
  out->clear();
  languages_.clear();
  sentences_.clear();
  if (checkers_.size() == 1) {
    checkers_[0]->Check(text, out, code);
    languages_.assign(out->size(), 0);
    if (!text.empty())
      sentences_.push_back(SentenceLanguage{0, text.size(), 0});
    return;
  }
  code_ = code;
  text_ = text;
  SplitSentences(text, &ranges_);
  // The whole text in the preferred language first: in most texts most
  // sentences are in it, and they then cost nothing more.
  const size_t first = preferred_;
  checkers_[first]->Check(text, &first_flagged_, code);
  checkers_[first]->FindUnchecked(text, &first_unchecked_);
  size_t fi = 0;
  size_t ui = 0;
  size_t current = first;
  for (const TextRange& r : ranges_) {
    flagged_.clear();
    unchecked_.clear();
    for (; fi < first_flagged_.size() && first_flagged_[fi].offset < r.end;
         ++fi) {
      if (current == first) flagged_.push_back(first_flagged_[fi]);
    }
    for (; ui < first_unchecked_.size() && first_unchecked_[ui].offset < r.end;
         ++ui) {
      if (current == first) unchecked_.push_back(first_unchecked_[ui]);
    }
    const std::string_view sentence = text.substr(r.begin, r.end - r.begin);
    bool tokenized = false;
    bool fits = true;
    if (current != first) {
      // A word the current language rejects means a choice, and the
      // sentence is checked in the language chosen; only a sentence it
      // seems to accept whole is checked in it first.
      if (code_.empty()) {
        tokenizer_.Tokenize(sentence, &tokens_);
        tokenized = true;
        fits = Score(current, sentence, 0, 0, tokens_.size(), 0) == 0;
      }
      if (fits) {
        CheckSentence(current, text, r.begin, r.end, &flagged_, &unchecked_);
      }
    }
    if (!fits || !flagged_.empty() || !unchecked_.empty()) {
      // Score every language; the current one wins ties, then tie_order_.
      if (!tokenized) tokenizer_.Tokenize(sentence, &tokens_);
      const size_t best = ChooseLanguage(sentence, current);
      if (best != current || !fits) {
        CheckSentence(best, text, r.begin, r.end, &flagged_, &unchecked_);
        current = best;
        const auto it = std::find(recent_.begin(), recent_.end(), best);
        std::rotate(recent_.begin(), it, it + 1);
      }
      std::swap(best_flagged_, flagged_);
      std::swap(best_unchecked_, unchecked_);
      const size_t before = out->size();
      if (mode_ == LanguageMode::kAuto) {
        out->insert(out->end(), best_flagged_.begin(), best_flagged_.end());
      } else {
        // The union: a word is wrong when a language checks it and none
        // accepts it. Flagged by `best` means checked by it.
        for (const Misspelling& m : best_flagged_) {
          bool checked = true;
          if (!OtherAccepts(best, text.substr(m.offset, m.length), &checked)) {
            out->push_back(m);
          }
        }
        for (const Misspelling& m : best_unchecked_) {
          bool checked = false;
          if (!OtherAccepts(best, text.substr(m.offset, m.length), &checked) &&
              checked) {
            out->push_back(m);
          }
        }
        std::sort(out->begin() + static_cast<std::ptrdiff_t>(before),
                  out->end(), [](const Misspelling& a, const Misspelling& b) {
                    return a.offset < b.offset;
                  });
      }
      languages_.resize(out->size(), current);
    }
    sentences_.push_back(SentenceLanguage{r.begin, r.end - r.begin, current});
  }
  code_ = {};
  text_ = {};
}

void LanguageChecker::SetUserWords(size_t language,
                                   const UserDictionary* user) {
  checkers_[language]->SetUserWords(user);
}

void LanguageChecker::SetCodeWords(size_t min_length) {
  for (auto& c : checkers_) c->SetCodeWords(min_length);
}

void LanguageChecker::SetExtraDictionary(const Dictionary* extra,
                                         const Dictionary* second) {
  for (auto& c : checkers_) c->SetExtraDictionary(extra, second);
}

}  // namespace spellfilter
