#include "core/suggest/compounds.h"

#include <algorithm>
#include <span>

#include "core/suggest/case_forms.h"
#include "core/text/letter_case.h"

namespace spellfilter {

CompoundSearch::CompoundSearch(const Lexicon& lex, SearchContext& ctx,
                               Candidates& out)
    : lex_(lex),
      ctx_(ctx),
      out_(out),
      parts_(lex.dict.compound_parts()),
      splitter_(lex.dict.compound_parts(), lex.dict.affixes()) {
  weights_.SetKeyboard(lex.keyboard);
}

bool CompoundSearch::Part(CompoundRole role, std::u32string_view part) {
  ++ctx_.stats.work;
  utf8_.clear();
  for (char32_t c : part) AppendUtf8(c, &utf8_);
  const AffixLookup* affixes = lex_.dict.affixes();
  return parts_.MayContain(role, utf8_) ||
         (affixes != nullptr &&
          affixes->AcceptsPart(utf8_, static_cast<uint32_t>(role)));
}

void CompoundSearch::Offer(const std::u32string& word, float cost) {
  // Keyed by the text as presented: both readings of a Capitalised typed
  // word present "Projektverzeichnis", checked once.
  std::string presented =
      PresentAs(EncodeUtf8(word), ctx_.typed_case, lex_.turkic);
  auto [it, created] = offered_.try_emplace(std::move(presented), cost);
  if (!created) {
    if (it->second >= 0 && cost < it->second) it->second = cost;
    return;
  }
  // (A listed word one edit away is the edit walks' to find, ranked by its
  // class.)
  if (!IsCompound(it->first)) it->second = -1.0f;
}

bool CompoundSearch::IsCompound(const std::string& presented) {
  // As Checker::Known decides on a word the filter does not list: one of
  // its lookup forms is a compound.
  const std::span<const std::string> forms = lex_.forms.LookupForms(presented);
  for (const std::string& form : forms) {
    uint32_t probes = 0;
    const bool ok = splitter_.IsCompound(form, &probes);
    ctx_.stats.work += probes + 1;
    if (ok) return true;
  }
  return false;
}

void CompoundSearch::Rejoin(int a, int b, std::u32string_view part,
                            float cost) {
  whole_.assign(s_, 0, static_cast<size_t>(a));
  whole_.append(part);
  whole_.append(s_, static_cast<size_t>(b));
  Offer(whole_, cost);
}

void CompoundSearch::Keep(int a, int b, float cost) {
  if (a > 0) found_.push_back(Found{a, b, part_, cost});
  Rejoin(a, b, part_, cost);
}

void CompoundSearch::CorrectSegment(int a, int b, CompoundRole role) {
  // Past the first letter both readings have the same letters: the parts
  // found for [a, b) in the first are rejoined, not searched again.
  if (a > 0) {
    for (const Found& f : found_) {
      if (f.a == a && f.b == b) Rejoin(a, b, f.part, f.cost);
    }
    for (const std::pair<int, int>& done : searched_) {
      if (done.first == a && done.second == b) return;
    }
    searched_.emplace_back(a, b);
  }
  const int len = b - a;
  const int min_part = static_cast<int>(parts_.settings().min_part);
  const std::u32string_view seg(s_.data() + a, static_cast<size_t>(len));
  const std::u32string_view typed(ctx_.q);
  // The letters around position i of the whole typed word (0 outside).
  const auto at = [&](int i) {
    return i >= 0 && i < ctx_.n ? typed[static_cast<size_t>(i)] : U'\0';
  };
  const bool capital_first = title_ && a == 0;
  const auto first = [&](int i) {
    return a + i == 0 ? EditWeights::kFirstLetter : 0.0f;
  };
  // Substitutions: len * A probes.
  if (len >= min_part) {
    for (int i = 0; i < len; ++i) {
      const char32_t was = typed[static_cast<size_t>(a + i)];
      for (char32_t c : lex_.letters) {
        if (c == was) continue;
        part_.assign(seg);
        part_[static_cast<size_t>(i)] =
            capital_first && i == 0 ? UpperLetter(c, lex_.turkic) : c;
        if (!Part(role, part_)) continue;
        Keep(a, b, weights_.Substitution(was, c) + first(i));
      }
      if (ctx_.OutOfBudget()) return;
    }
  }
  // Insertions (the typed word lacks a letter): (len + 1) * A probes.
  if (len + 1 >= min_part) {
    for (int i = 0; i <= len; ++i) {
      for (char32_t c : lex_.letters) {
        part_.assign(seg);
        if (capital_first && i == 0) {
          part_[0] = LowerLetter(part_[0], lex_.turkic);
          part_.insert(part_.begin(), UpperLetter(c, lex_.turkic));
        } else {
          part_.insert(part_.begin() + i, c);
        }
        if (!Part(role, part_)) continue;
        Keep(a, b, weights_.Omission(c, at(a + i - 1), at(a + i)) + first(i));
      }
      if (ctx_.OutOfBudget()) return;
    }
  }
}

void CompoundSearch::SearchReading() {
  const int n = ctx_.n;
  const int m = static_cast<int>(parts_.settings().min_part);
  const std::u32string_view s(s_);
  // Deletions and swaps of the whole word: each checked as a compound.
  for (int i = 0; i < n; ++i) {
    whole_.assign(s_);
    whole_.erase(static_cast<size_t>(i), 1);
    if (title_ && i == 0 && !whole_.empty()) {
      whole_[0] = UpperLetter(whole_[0], lex_.turkic);
    }
    Offer(whole_, weights_.Addition(ctx_.q[static_cast<size_t>(i)],
                                    i > 0 ? ctx_.q[static_cast<size_t>(i - 1)]
                                          : U'\0',
                                    i + 1 < n ? ctx_.q[static_cast<size_t>(i + 1)]
                                              : U'\0') +
                      (i == 0 ? EditWeights::kFirstLetter : 0.0f));
    if (i + 1 < n && ctx_.q[static_cast<size_t>(i)] !=
                         ctx_.q[static_cast<size_t>(i + 1)]) {
      whole_.assign(ctx_.q);
      std::swap(whole_[static_cast<size_t>(i)],
                whole_[static_cast<size_t>(i + 1)]);
      if (title_) whole_[0] = UpperLetter(whole_[0], lex_.turkic);
      Offer(whole_, weights_.Transposition(ctx_.q[static_cast<size_t>(i)],
                                           ctx_.q[static_cast<size_t>(i + 1)]) +
                        (i == 0 ? EditWeights::kFirstLetter : 0.0f));
    }
    if (ctx_.OutOfBudget()) return;
  }
  // The known heads: begin, or begin + middle. A corrected part after a
  // head may be one letter shorter than the typed one (an insertion makes
  // it whole), so heads leave at least m - 1 letters.
  std::vector<int> heads;
  for (int a = m; a + m - 1 <= n; ++a) {
    if (Part(CompoundRole::kBegin, s.substr(0, static_cast<size_t>(a)))) {
      heads.push_back(a);
    }
  }
  const size_t begins = heads.size();
  for (size_t h = 0; h < begins; ++h) {
    for (int a = heads[h] + m; a + m - 1 <= n; ++a) {
      if (Part(CompoundRole::kMiddle,
               s.substr(static_cast<size_t>(heads[h]),
                        static_cast<size_t>(a - heads[h])))) {
        heads.push_back(a);
      }
    }
  }
  // The known tails: end, or middle + end.
  std::vector<int> tails;
  for (int b = m - 1; b + m <= n; ++b) {
    if (b > 0 && Part(CompoundRole::kEnd, s.substr(static_cast<size_t>(b)))) {
      tails.push_back(b);
    }
  }
  const size_t ends = tails.size();
  for (size_t t = 0; t < ends; ++t) {
    for (int b = tails[t] - m; b >= m - 1 && b > 0; --b) {
      if (Part(CompoundRole::kMiddle,
               s.substr(static_cast<size_t>(b),
                        static_cast<size_t>(tails[t] - b)))) {
        tails.push_back(b);
      }
    }
  }
  if (ctx_.OutOfBudget()) return;
  std::sort(heads.begin(), heads.end());
  heads.erase(std::unique(heads.begin(), heads.end()), heads.end());
  std::sort(tails.begin(), tails.end());
  tails.erase(std::unique(tails.begin(), tails.end()), tails.end());
  // The misspelled part between a head (or the start) and a tail (or the
  // end), not the whole word.
  heads.insert(heads.begin(), 0);
  tails.push_back(n);
  for (int a : heads) {
    for (int b : tails) {
      if (b - a < std::max(1, m - 1) || (a == 0 && b == n)) continue;
      const CompoundRole role = a == 0   ? CompoundRole::kBegin
                                : b == n ? CompoundRole::kEnd
                                         : CompoundRole::kMiddle;
      CorrectSegment(a, b, role);
      if (ctx_.OutOfBudget()) return;
    }
  }
}

void CompoundSearch::Run() {
  offered_.clear();
  found_.clear();
  searched_.clear();
  const int n = ctx_.n;
  const int m = static_cast<int>(parts_.settings().min_part);
  if (!active() || n < 2 * m - 1 ||
      n > static_cast<int>(CompoundSplitter::kMaxLetters) ||
      ctx_.typed_case == WordCase::kOther) {
    return;
  }
  for (int i = 0; i < n; ++i) {
    if (ctx_.qi[static_cast<size_t>(i)] < 0) return;
  }
  // A correct compound is its own first suggestion, as a correct word is.
  if (IsCompound(ctx_.normalized)) {
    out_.AddCompound(ctx_.normalized, -1.0f, 0);
  }
  // Lower case; then with a capital first letter, if it has one. For a
  // word typed in lower case, only if the lower-case reading found no
  // compound: such a word is meant as a lower-case compound unless none
  // is near, and one that is near ranks above the capitalised ones, which
  // pay the case cost (Hungarian: a fifth of the search's time, the same
  // lists; German nouns are typed Capitalised, and a Capitalised typed
  // word is read both ways).
  title_ = false;
  s_ = ctx_.q;
  SearchReading();
  const bool found = std::any_of(offered_.begin(), offered_.end(),
                                 [](const auto& o) { return o.second >= 0; });
  const char32_t upper = UpperLetter(ctx_.q[0], lex_.turkic);
  if (upper != ctx_.q[0] && !(found && ctx_.typed_case == WordCase::kLower) &&
      !ctx_.OutOfBudget()) {
    title_ = true;
    s_[0] = upper;
    SearchReading();
  }
  // Half a split's second word: two words written as one.
  const float rarity = 0.5f * lex_.second_word;
  for (const auto& [text, cost] : offered_) {
    if (cost < 0) continue;
    out_.AddCompound(text, cost + rarity);
  }
}

}  // namespace spellfilter
