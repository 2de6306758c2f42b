#include "core/suggest/replacements.h"

#include <string>

namespace spellfilter {

void FindReplacements(const Lexicon& lex, SearchContext& ctx, Candidates& out) {
  if (lex.replacements.empty() || lex.prefixes.empty()) return;
  const std::u32string& q = ctx.q;
  const size_t n = q.size();
  std::u32string word;
  static const EditWeights accents;  // for Base: its letters' accents
  for (const Lexicon::Replacement& r : lex.replacements) {
    const size_t len = r.from.size();
    if (len > n) continue;
    for (size_t i = r.from.size() <= n ? q.find(r.from) : std::u32string::npos;
         i != std::u32string::npos; i = q.find(r.from, i + 1)) {
      if ((r.at_start && i != 0) || (r.at_end && i + len != n)) continue;
      if (ctx.OutOfBudget()) return;
      word.assign(q, 0, i);
      word.append(r.to);
      word.append(q, i + len, std::u32string::npos);
      // Spelled over the prefix filter: given up where no word continues.
      PrefixFilter::State h = lex.Root();
      bool ok = !word.empty();
      for (char32_t c : word) {
        ++ctx.stats.work;
        const int letter = lex.LetterIndex(c);
        if (letter < 0 || !lex.Continues(h, letter)) {
          ok = false;
          break;
        }
        h = PrefixFilter::Next(h, c);
      }
      if (!ok) continue;
      const float first = i == 0 ? EditWeights::kFirstLetter : 0.0f;
      // One letter of a MAP group for the same letter with another accent
      // (not MAP's other relations, "wx"): cheaper.
      const bool accent = r.map && r.from.size() == 1 && r.to.size() == 1 &&
                          accents.Base(r.from[0]) == accents.Base(r.to[0]);
      out.Leaf(h, 1, (accent ? kMapAccentCost : kReplacementCost) + first,
               [&](std::u32string* w) { w->assign(word); });
    }
  }
}

}  // namespace spellfilter
