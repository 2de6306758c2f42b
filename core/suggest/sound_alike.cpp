#include "core/suggest/sound_alike.h"

#include <algorithm>
#include <utility>

#include "core/suggest/edit_weights.h"

namespace spellfilter {

SoundAlikeSpellings::SoundAlikeSpellings(const Lexicon& lex) {
  for (const EditWeights::SpellingPair& p :
       EditWeights::SoundAlikeSpellings()) {
    for (int d = 0; d < 2; ++d) {
      const std::string_view from = d == 0 ? p.a : p.b;
      const std::string_view to = d == 0 ? p.b : p.a;
      Respelling r;
      bool ok = true;
      for (char c : from) r.from.push_back(static_cast<char32_t>(c));
      for (char c : to) {
        const int j =
            c >= 0 ? lex.ascii_letter[static_cast<unsigned char>(c)] : -1;
        ok &= j >= 0;
        r.to.push_back(static_cast<uint8_t>(std::max(j, 0)));
      }
      ok &= !r.from.empty() && r.from[0] < 128;
      if (ok) {
        respellings_by_first[r.from[0]].push_back(
            static_cast<uint16_t>(respellings.size()));
        respellings.push_back(std::move(r));
      }
    }
  }
}

void SoundAlikeSpellings::Find(std::u32string_view q,
                               const std::vector<int>& qi, const Mask& vowels) {
  const int n = static_cast<int>(q.size());
  vowel_run.assign(n + 1, 0);
  respelling_first.assign(n + 2, 0);
  respelling_at.clear();
  longest_from = 2;  // a transposition spans two letters
  for (int k = 0; k < n; ++k) {
    respelling_first[k] = static_cast<uint32_t>(respelling_at.size());
    // (Every `from` starts with an ASCII letter.)
    for (size_t x = 0; q[k] < 128 && x < respellings_by_first[q[k]].size();
         ++x) {
      const uint16_t r = respellings_by_first[q[k]][x];
      const std::u32string& from = respellings[r].from;
      if (q.substr(k, from.size()) == from) {
        respelling_at.push_back(r);
        longest_from = std::max(longest_from, from.size());
      }
    }
    const auto vowel = [&](int at) {
      return qi[at] >= 0 && vowels.Test(qi[at]) && (at > 0 || q[at] != U'y');
    };
    if (vowel(k) && (k == 0 || !vowel(k - 1))) {
      int end = k;
      while (end < n && vowel(end)) ++end;
      vowel_run[k] = static_cast<uint8_t>(std::min(end - k, 255));
      longest_from = std::max(longest_from, static_cast<size_t>(end - k));
    }
  }
  respelling_first[n] = respelling_first[n + 1] =
      static_cast<uint32_t>(respelling_at.size());
}

}  // namespace spellfilter
