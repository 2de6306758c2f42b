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
}

size_t LanguageChecker::Score(size_t l, std::string_view sentence,
                              size_t limit) {
  Checker& c = *checkers_[l];
  if (!code_.empty()) {
    // In code a word's verdict depends on where it is (run-on words):
    // the whole sentence as Check sees it.
    const size_t begin = static_cast<size_t>(sentence.data() - text_.data());
    CheckSentence(l, text_, begin, begin + sentence.size(), &scratch_flagged_,
                  &scratch_unchecked_);
    return scratch_flagged_.size() + scratch_unchecked_.size();
  }
  std::unordered_set<uint64_t>& rejected = rejected_[l];
  size_t errors = 0;
  for (const Token& t : tokens_) {
    const std::string_view w = sentence.substr(t.offset, t.length);
    if (!c.IsCheckable(w)) {
      ++errors;
    } else {
      const uint64_t h = std::hash<std::string_view>()(w);
      if (rejected.count(h) != 0) {
        ++errors;
      } else if (!c.IsCorrect(w)) {
        ++errors;
        if (rejected.size() >= kMaxRejectedWords) rejected.clear();
        rejected.insert(h);
      }
    }
    if (errors > limit) break;
  }
  return errors;
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
    if (current != first) {
      CheckSentence(current, text, r.begin, r.end, &flagged_, &unchecked_);
    }
    if (!flagged_.empty() || !unchecked_.empty()) {
      // Score every language, the recent ones first; the current one wins
      // ties, then tie_order_.
      const std::string_view sentence = text.substr(r.begin, r.end - r.begin);
      tokenizer_.Tokenize(sentence, &tokens_);
      size_t best = current;
      size_t best_errors = Score(current, sentence, tokens_.size());
      for (size_t l : recent_) {
        if (l == current || best_errors == 0) continue;
        const size_t errors = Score(l, sentence, best_errors);
        if (errors < best_errors || (errors == best_errors && best != current &&
                                     rank_[l] < rank_[best])) {
          best = l;
          best_errors = errors;
        }
      }
      if (best != current) {
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
