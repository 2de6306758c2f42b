#include "core/suggest/case_forms.h"

namespace spellfilter {

void FindCaseForms(const Lexicon& lex, std::u32string_view lower,
                   PrefixFilter::State h, uint64_t* work,
                   std::vector<CaseForm>* out) {
  bool has[4] = {true, true, true, false};
  if (!lex.prefixes.empty()) {
    const uint64_t* block = lex.prefixes.Block(h);
    for (int f = 0; f < 3; ++f) {
      has[f] = lex.prefixes.Has(block, h, lex.end_key[f]);
    }
    *work += 3;
    if (!lex.mixed_case.empty()) {
      has[3] = lex.prefixes.Has(block, h, lex.end_key[3]);
    }
  }
  // Mixed-case spellings cannot be made from the letters: the MIXED_CASE
  // table lists them.
  if (has[3]) {
    const std::string key = EncodeUtf8(lower);
    const auto [first, last] = lex.mixed_case.Find(key);
    for (size_t i = first; i < last; ++i) {
      out->push_back(
          CaseForm{std::string(lex.mixed_case.Written(i)), kMixedForm});
    }
  }
  if (has[0]) out->push_back(CaseForm{EncodeUtf8(lower), kLowerForm});
  const char32_t first_upper = UpperLetter(lower[0], lex.turkic);
  if (first_upper == lower[0] || (!has[1] && !has[2])) return;
  std::string title;
  AppendUtf8(first_upper, &title);
  title += EncodeUtf8(lower.substr(1));
  if (has[1]) out->push_back(CaseForm{std::move(title), kTitleForm});
  if (!has[2]) return;
  std::string upper;
  bool differs = false;
  for (size_t k = 0; k < lower.size(); ++k) {
    const char32_t u = UpperLetter(lower[k], lex.turkic);
    differs |= k > 0 && u != lower[k];
    AppendUtf8(u, &upper);
  }
  if (differs) out->push_back(CaseForm{std::move(upper), kUpperForm});
}

std::string PresentAs(const std::string& entry, WordCase typed_case,
                      bool turkic) {
  std::u32string e;
  if (!DecodeUtf8(entry, &e) || e.empty()) return entry;
  switch (typed_case) {
    case WordCase::kCapitalised:
      if (CaseOf(e) != WordCase::kLower) return entry;
      e[0] = UpperLetter(e[0], turkic);
      return EncodeUtf8(e);
    case WordCase::kAllUpper:
      for (char32_t& c : e) c = UpperLetter(c, turkic);
      return EncodeUtf8(e);
    case WordCase::kLower:
    case WordCase::kOther:
      break;
  }
  return entry;
}

}  // namespace spellfilter
