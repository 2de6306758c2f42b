// What a slip costs, for ranking suggestions: each single edit between the
// typed word and a candidate weighs -ln P(that exact slip) / kNatsPerUnit,
// a noisy-channel reading (Kernighan, Church & Gale 1990) in units where an
// arbitrary substitution weighs 1. Word rarity (suggester.cpp) is converted
// with the same kNatsPerUnit, so the two add up.
//
// P(slip) for a word of L = 8 letters, from round shares by kind
// (substitution 0.4, omission 0.3, extra letter 0.2, transposition 0.1:
// the order reported for single-error misspellings since Damerau 1964) and
// by mechanism within a kind. What matters is the number of alternatives: an
// omission at a given place can only drop the letter that is there, while a
// substitution there has ~25 possible wrong letters, so a specific
// substitution is less likely than a specific omission. A priori, not
// fitted to any list of misspellings; docs/suggestions.md has the table.
//
//   substitution, 0.4 / L at a place, times    weight
//     accent only (e/é), share 0.1 / 1          0.70
//     sound-alike consonants, 0.15 / 1.5        0.70
//     vowel for vowel, 0.3 / 4                  0.73
//     QWERTY neighbour, 0.25 / 5                0.79
//     any other letter, 0.2 / 20                1.00
//   omission (the typo lacks a letter), 0.3 times
//     one of a double letter, 0.3               0.32
//     an apostrophe, 0.1                        0.46
//     a vowel, 0.3 / 3 vowel places             0.46
//     a consonant, 0.3 / 5 consonant places     0.53
//   extra letter, 0.2 / (L + 1) places, times
//     a letter doubled, 0.35                    0.64
//     an apostrophe, 0.1                        0.80
//     a QWERTY neighbour of a letter beside it,
//       0.3 / 4                                 0.84
//     a vowel, 0.15 / 5                         0.96
//     any other, 0.2 / 26                       1.14
//   transposition, 0.1 / (L - 1)                0.56
//   a sound-alike spelling (one edit, heavy:
//     at most one other edit with it)
//     consonant spelling for another (ph/f,
//       ck/k, tion/sion, dge/j, ...; the
//       SoundAlikeSpellings table)            0.80
//     a run of vowels for another run of 1-3
//       vowels (ea/ee/ie/i, ou/u, ai/ay/ei):
//       more alternatives, and the cheap
//       cases are single edits already        1.10
//   an edit that changes the first letter:
//     x 0.3 (first letters are wrong in 1-8 %
//     of misspellings, not 1/L; Pollock &
//     Zamora 1983)                             +0.16
//
// Letters are lower-case code points; the keyboard, vowel and sound-alike
// tables cover the Latin letters a-z (and their accented forms, by their
// base letter). Other scripts get the generic weights.
#ifndef SPELLFILTER_CORE_SUGGEST_EDIT_WEIGHTS_H_
#define SPELLFILTER_CORE_SUGGEST_EDIT_WEIGHTS_H_

#include <array>
#include <bitset>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace spellfilter {

class EditWeights {
 public:
  // ln(1 / P(an arbitrary substitution at a given place of an 8-letter
  // word)) = ln(8 / 0.4 * 20 / 0.2) ~ 7.6.
  static constexpr float kNatsPerUnit = 7.6f;

  static constexpr float kSubAccent = 0.70f;
  static constexpr float kSubSoundAlike = 0.70f;
  static constexpr float kSubVowel = 0.73f;
  static constexpr float kSubKeyboard = 0.79f;
  static constexpr float kSubGeneric = 1.00f;
  static constexpr float kOmitDoubled = 0.32f;
  static constexpr float kOmitApostrophe = 0.46f;
  static constexpr float kOmitVowel = 0.46f;
  static constexpr float kOmitConsonant = 0.53f;
  static constexpr float kExtraDoubled = 0.64f;
  static constexpr float kExtraApostrophe = 0.80f;
  static constexpr float kExtraKeyboard = 0.84f;
  static constexpr float kExtraVowel = 0.96f;
  static constexpr float kExtraGeneric = 1.14f;
  static constexpr float kTransposition = 0.56f;
  static constexpr float kFirstLetter = 0.16f;
  static constexpr float kSoundAlikeSpelling = 0.80f;
  static constexpr float kVowelRun = 1.10f;
  // The lightest edit of all; an edit needs at least this much room.
  static constexpr float kLightest = kOmitDoubled;

  EditWeights();

  // The keyboard of a Hunspell .aff's KEY ("qwertzuiop|asdfghjkl|yxcvbnm",
  // suggest_rules.h): characters next to each other in a group separated
  // by "|" are neighbours (Hunspell's reading), and the leading groups of
  // 7 keys or more are rows staggered as QWERTY's are (key i touches keys
  // i - 1 and i of the next row). Replaces the QWERTY default; an empty
  // `key` keeps it.
  void SetKeyboard(std::string_view key);

  // `typed` was typed where `intended` belongs.
  float Substitution(char32_t typed, char32_t intended) const;
  // The typed word lacks `intended`, which belongs between `before` and
  // `after` (0 at either end of the word).
  float Omission(char32_t intended, char32_t before, char32_t after) const;
  // The typed word has an extra `typed` between `before` and `after`.
  float Addition(char32_t typed, char32_t before, char32_t after) const;
  // `first` `second` was typed for `second` `first`.
  float Transposition(char32_t first, char32_t second) const;

  // The letter without its accents ('é' -> 'e'); itself if none.
  char32_t Base(char32_t c) const;

  // Pairs of English spellings of the same consonant sound, either of which
  // may be typed for the other ("ph" "f": "fysics", "ck" "k"), each one
  // edit of weight kSoundAlikeSpelling. Written down from English
  // orthography (the usual grapheme alternatives of each consonant
  // phoneme), not from any list of misspellings. Vowel sounds are covered
  // by the generic vowel-run replacement (kVowelRun) instead of a table.
  struct SpellingPair {
    std::string_view a;
    std::string_view b;
  };
  static std::span<const SpellingPair> SoundAlikeSpellings();
  // a, e, i, o, u, y (y only after the word's first letter).
  static bool VowelForRuns(char32_t c) {
    return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y';
  }

 private:
  bool Vowel(char32_t base) const;
  bool Neighbours(char32_t a, char32_t b) const;  // on a QWERTY keyboard
  bool SoundAlike(char32_t a, char32_t b) const;

  static constexpr char32_t kBaseTableSize = 0x250;  // Latin up to Extended-B
  std::array<char32_t, kBaseTableSize> base_;
  std::array<std::bitset<26>, 26> keyboard_;
  // KEY neighbours beyond a-z ("ù", "й"), both orders, sorted.
  std::vector<std::pair<char32_t, char32_t>> other_keys_;
  std::array<std::bitset<26>, 26> sound_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_EDIT_WEIGHTS_H_
