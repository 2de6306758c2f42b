#include "core/suggest/checked_edits.h"

#include <span>

#include "core/suggest/case_forms.h"
#include "core/text/letter_case.h"

namespace spellfilter {

CheckedEdits::CheckedEdits(const Lexicon& lex, SearchContext& ctx,
                           Candidates& out)
    : lex_(lex), ctx_(ctx), out_(out), active_(lex.dict.affixes() != nullptr) {
  weights_.SetKeyboard(lex.keyboard);
}

bool CheckedEdits::Accepted(const std::string& presented) {
  // As Candidates::Accepted and Checker::Known decide on one word: a
  // lookup form the dictionary has (the filter, then the affix rules) and
  // the keep-case rule allows.
  const std::span<const std::string> keys = lex_.forms.LookupForms(presented);
  for (size_t i = 0; i < keys.size(); ++i) {
    ++ctx_.stats.work;
    if (lex_.dict.Contains(keys[i]) &&
        !lex_.dict.keep_case().Refuses(lex_.forms, keys, i)) {
      return true;
    }
  }
  return false;
}

void CheckedEdits::Try(const std::u32string& variant, float cost) {
  if (variant.empty() || !seen_.insert(variant).second) return;
  std::string word = EncodeUtf8(variant);
  if (Accepted(PresentAs(word, ctx_.typed_case, lex_.turkic))) {
    out_.AddForm(std::move(word), cost, 1);
  }
}

void CheckedEdits::Run() {
  seen_.clear();
  const std::u32string& q = ctx_.q;
  const int n = ctx_.n;
  const auto at = [&](int i) {
    return i >= 0 && i < n ? q[static_cast<size_t>(i)] : U'\0';
  };
  const auto first = [](int i) {
    return i == 0 ? EditWeights::kFirstLetter : 0.0f;
  };
  // Deletions (the typed word has a letter too many) and swaps.
  for (int i = 0; i < n; ++i) {
    variant_.assign(q);
    variant_.erase(static_cast<size_t>(i), 1);
    Try(variant_, weights_.Addition(at(i), at(i - 1), at(i + 1)) + first(i));
    if (i + 1 < n && at(i) != at(i + 1)) {
      variant_.assign(q);
      std::swap(variant_[static_cast<size_t>(i)],
                variant_[static_cast<size_t>(i + 1)]);
      Try(variant_, weights_.Transposition(at(i), at(i + 1)) + first(i));
    }
    if (ctx_.OutOfBudget()) return;
  }
  // Substitutions and insertions over the alphabet.
  for (int i = 0; i <= n; ++i) {
    for (const char32_t c : lex_.letters) {
      if (i < n && c != at(i)) {
        variant_.assign(q);
        variant_[static_cast<size_t>(i)] = c;
        Try(variant_, weights_.Substitution(at(i), c) + first(i));
      }
      variant_.assign(q);
      variant_.insert(variant_.begin() + i, c);
      Try(variant_, weights_.Omission(c, at(i - 1), at(i)) + first(i));
    }
    if (ctx_.OutOfBudget()) return;
  }
}

}  // namespace spellfilter
