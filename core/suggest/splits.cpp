#include "core/suggest/splits.h"

#include <algorithm>
#include <string>
#include <vector>

namespace spellfilter {
namespace {

struct Reading {
  std::string word;  // as in the dictionary
  uint32_t code;
  EntryForm form;
};

// Appends the forms of `lower` (prefix state h) that the dictionary has.
void ReadingsOf(const Lexicon& lex, SearchContext& ctx, Candidates& out,
                std::u32string_view lower, PrefixFilter::State h,
                std::vector<CaseForm>* forms, std::vector<Reading>* readings) {
  forms->clear();
  FindCaseForms(lex, lower, h, &ctx.stats.work, forms);
  for (CaseForm& f : *forms) {
    uint32_t code = 0;
    if (out.Confirm(f.text, &code)) {
      readings->push_back(Reading{std::move(f.text), code, f.how});
    }
  }
}

}  // namespace

void FindSplits(const Lexicon& lex, SearchContext& ctx, Candidates& out) {
  const int n = ctx.n;
  const WordCase typed_case = ctx.typed_case;
  if (n < 2 || typed_case == WordCase::kOther) return;
  for (int i = 0; i < n; ++i) {
    if (ctx.qi[i] < 0) return;
  }
  const std::u32string_view qv(ctx.q);
  std::vector<CaseForm> forms;
  std::vector<Reading> readings;
  PrefixFilter::State s = lex.Root();
  for (int k = 1; k < n; ++k) {
    if (ctx.OutOfBudget()) return;
    ++ctx.stats.work;
    if (!lex.Continues(s, ctx.qi[k - 1])) return;  // no longer a prefix
    s = PrefixFilter::Next(s, qv[k - 1]);
    if (!ctx.suffix_ok[k]) continue;  // the rest ends no word
    readings.clear();
    ReadingsOf(lex, ctx, out, qv.substr(0, k), s, &forms, &readings);
    const size_t right_first = readings.size();
    if (right_first == 0) continue;
    PrefixFilter::State rest = lex.Root();
    for (int j = k; j < n; ++j) rest = PrefixFilter::Next(rest, qv[j]);
    ctx.stats.work += n - k;
    ReadingsOf(lex, ctx, out, qv.substr(k), rest, &forms, &readings);
    const size_t right_end = readings.size();
    if (right_end == right_first) continue;
    // The most common reading of each half that keeps the case.
    const bool upper = typed_case == WordCase::kAllUpper;
    const EntryForm left_limit = upper ? kUpperForm
                                 : typed_case == WordCase::kCapitalised
                                     ? kTitleForm
                                     : kLowerForm;
    const EntryForm right_limit = upper ? kUpperForm : kLowerForm;
    const auto prior = [&](size_t a) { return lex.prior[readings[a].code]; };
    size_t l = right_first;
    for (size_t a = 0; a < right_first; ++a) {
      if (readings[a].form <= left_limit &&
          (l == right_first || prior(a) < prior(l))) {
        l = a;
      }
    }
    size_t r = right_end;
    for (size_t a = right_first; a < right_end; ++a) {
      if (readings[a].form <= right_limit &&
          (r == right_end || prior(a) < prior(r))) {
        r = a;
      }
    }
    // A single letter is a word only where the dictionary says so: in the
    // commonest class of a ranked dictionary ("a", "I"); without ranking,
    // if the dictionary does not list the letters' names in that case
    // (Lexicon::letter_names: es "y", fr "à", ru "в" are words; de_DE's
    // a..z are names).
    const auto word_like = [&](size_t e, int letters) {
      if (letters > 1) return true;
      if (lex.ranked) return readings[e].code <= 1;
      return !lex.letter_names[readings[e].form == kLowerForm ? 0 : 1];
    };
    if (l == right_first || r == right_end || !word_like(l, k) ||
        !word_like(r, n - k)) {
      continue;
    }
    std::string right = readings[r].word;
    if (upper) right = PresentAs(right, typed_case, lex.turkic);
    // P(w1 w2) lies between P(w1) P(w2) (independence; too low for the
    // run-ons people write, which join common words: "a lot", "in fact")
    // and min(P(w1), P(w2)); the rarity used is the mean of the two
    // bounds' (a geometric mean of the probabilities).
    const float a = prior(l);
    const float b = prior(r);
    const float independent = a + b + lex.second_word;
    const float bound = std::max(a, b);
    out.AddSplit(
        PresentAs(readings[l].word, typed_case, lex.turkic) + " " + right,
        kSplitCost + 0.5f * (independent + bound),
        std::max(readings[l].code, readings[r].code));
  }
}

}  // namespace spellfilter
