// The sound-alike spellings typed in a word: where the typed word has one
// side of a pair of EditWeights::SoundAlikeSpellings ("ph" for "f", "ck"
// for "k", in both directions) and where it has a run of vowels (a run for
// another: "ea" for "ee"). The edit walk (edit_walk.h) replaces each, at
// its place, by the other side or by another run the prefix filter allows,
// as one heavy edit (EditWeights::kSoundAlikeSpelling, kVowelRun); its
// steps stay in the walk, which they recurse into.
//
// Cost: Find is one pass over the typed word, matching at each place only
// the pairs whose typed side starts with its letter; no work units.
#ifndef SPELLFILTER_CORE_SUGGEST_SOUND_ALIKE_H_
#define SPELLFILTER_CORE_SUGGEST_SOUND_ALIKE_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/suggest/letter_path.h"
#include "core/suggest/lexicon.h"

namespace spellfilter {

struct SoundAlikeSpellings {
  // The pairs with both sides in lex's alphabet (ASCII), both directions.
  explicit SoundAlikeSpellings(const Lexicon& lex);

  // For the typed word q (lower case; qi its letter indices, -1 outside
  // the alphabet): fills respelling_at, respelling_first, vowel_run and
  // longest_from. `vowels`: the letters of a vowel run (a y is one only
  // after the first letter).
  void Find(std::u32string_view q, const std::vector<int>& qi,
            const Mask& vowels);

  // A spelling pair, one way: typed `from`, meant `to` (letter indices).
  struct Respelling {
    std::u32string from;
    std::vector<uint8_t> to;
  };
  std::vector<Respelling> respellings;
  // Their indices, ascending, by the first letter of `from` (all ASCII),
  // so that the typed word is matched against the few that can match.
  std::array<std::vector<uint16_t>, 128> respellings_by_first;

  // Per typed word: respelling_at[respelling_first[i] ..
  // respelling_first[i + 1]) are the respellings whose `from` is typed at
  // i (i <= n + 1).
  std::vector<uint16_t> respelling_at;
  std::vector<uint32_t> respelling_first;
  // The length of the vowel run starting at i, 0 if none starts there.
  std::vector<uint8_t> vowel_run;
  // The longest typed text one edit replaces: 2 (a transposition), or a
  // longer `from` or vowel run typed.
  size_t longest_from = 2;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_SOUND_ALIKE_H_
