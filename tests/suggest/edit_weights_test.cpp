#include "core/suggest/edit_weights.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

namespace spellfilter {
namespace {

using W = EditWeights;

TEST(EditWeightsTest, SubstitutionKinds) {
  const EditWeights w;
  EXPECT_EQ(w.Substitution(U'e', U'é'), W::kSubAccent);
  EXPECT_EQ(w.Substitution(U'c', U'k'), W::kSubSoundAlike);
  EXPECT_EQ(w.Substitution(U's', U'z'), W::kSubSoundAlike);
  EXPECT_EQ(w.Substitution(U'e', U'a'), W::kSubVowel);
  EXPECT_EQ(w.Substitution(U'q', U'w'), W::kSubKeyboard);
  EXPECT_EQ(w.Substitution(U'a', U'z'), W::kSubKeyboard);  // staggered rows
  EXPECT_EQ(w.Substitution(U'g', U'b'), W::kSubKeyboard);
  EXPECT_EQ(w.Substitution(U'q', U'p'), W::kSubGeneric);
  EXPECT_EQ(w.Substitution(U'a', U'm'), W::kSubGeneric);
  // A vowel for another, accented vowel is two slips.
  EXPECT_EQ(w.Substitution(U'a', U'é'), W::kSubGeneric);
}

// A .aff's KEY replaces QWERTY: on AZERTY "q" is beside "z" and "a" is
// not beside "s"; a key outside a-z ("ù", "й") has its neighbours too.
TEST(EditWeightsTest, KeyboardFromTheDictionary) {
  EditWeights w;
  EXPECT_EQ(w.Substitution('a', 's'), W::kSubKeyboard);
  EXPECT_EQ(w.Substitution('q', 'z'), W::kSubGeneric);
  w.SetKeyboard("azertyuiop|qsdfghjklm\u00F9|wxcvbn|aqz");
  EXPECT_EQ(w.Substitution('a', 'z'), W::kSubKeyboard);
  EXPECT_EQ(w.Substitution('q', 'z'), W::kSubKeyboard);
  EXPECT_EQ(w.Substitution('a', 's'), W::kSubGeneric);
  EXPECT_EQ(w.Substitution(U'\u00F9', 'm'), W::kSubKeyboard);
  EXPECT_EQ(w.Substitution(U'\u00F9', 'n'), W::kSubGeneric);
  EditWeights ru;
  ru.SetKeyboard("\u0439\u0446\u0443\u043A\u0435\u043D");  // йцукен
  EXPECT_EQ(ru.Substitution(U'\u0446', U'\u0443'), W::kSubKeyboard);
  EXPECT_EQ(ru.Substitution(U'\u0439', U'\u0443'), W::kSubGeneric);
  EditWeights same;
  same.SetKeyboard("");  // none: QWERTY stays
  EXPECT_EQ(same.Substitution('a', 's'), W::kSubKeyboard);
  // Bare rows are staggered rows: QWERTY's "s" above "x" stays a neighbour,
  // QWERTZ's "y" is beside "x" and below "a", no longer beside "t".
  EditWeights rows;
  rows.SetKeyboard("qwertyuiop|asdfghjkl|zxcvbnm");
  for (char32_t a = 'a'; a <= 'z'; ++a) {
    for (char32_t b = 'a'; b <= 'z'; ++b) {
      EXPECT_EQ(rows.Substitution(a, b), EditWeights().Substitution(a, b));
    }
  }
  EditWeights qwertz;
  qwertz.SetKeyboard("qwertzuiop|asdfghjkl|yxcvbnm");
  EXPECT_EQ(qwertz.Substitution('y', 'x'), W::kSubKeyboard);
  EXPECT_EQ(qwertz.Substitution('y', 's'), W::kSubKeyboard);
  EXPECT_EQ(qwertz.Substitution('y', 't'), W::kSubGeneric);
}

TEST(EditWeightsTest, OmissionsAndAdditions) {
  const EditWeights w;
  // "begining": the second n of a double n left out.
  EXPECT_EQ(w.Omission(U'n', U'n', U'i'), W::kOmitDoubled);
  EXPECT_EQ(w.Omission(U'\'', U'n', U't'), W::kOmitApostrophe);
  EXPECT_EQ(w.Omission(U'e', U'r', U't'), W::kOmitVowel);
  EXPECT_EQ(w.Omission(U'h', U'c', U'p'), W::kOmitConsonant);
  // "untill": an l doubled.
  EXPECT_EQ(w.Addition(U'l', U'l', 0), W::kExtraDoubled);
  EXPECT_EQ(w.Addition(U'r', U't', U'e'), W::kExtraKeyboard);
  EXPECT_EQ(w.Addition(U'o', U'm', U'n'), W::kExtraVowel);
  EXPECT_EQ(w.Addition(U'z', U'm', U'n'), W::kExtraGeneric);
  EXPECT_EQ(w.Transposition(U'e', U'i'), W::kTransposition);
}

TEST(EditWeightsTest, AnAccentedLetterBesideItsBaseIsNoDoubleLetter) {
  const EditWeights w;
  // "téeint" for "teint": an "é" too many beside an "e" is another key,
  // a vowel too many, not a letter typed twice (it ranked "teint" over
  // "éteint", a swap); nor is "cree" for "créée" a double "e" left out.
  EXPECT_EQ(w.Addition(U'é', U't', U'e'), W::kExtraVowel);
  EXPECT_EQ(w.Omission(U'é', U'r', U'e'), W::kOmitVowel);
  // The same accented letter twice is a double letter.
  EXPECT_EQ(w.Addition(U'é', U'é', 0), W::kExtraDoubled);
  EXPECT_EQ(w.Omission(U'é', U'é', U'e'), W::kOmitDoubled);
}

TEST(EditWeightsTest, SpecificSlipsAreLikelierThanArbitraryOnes) {
  // The ordering the noisy-channel derivation gives (edit_weights.h).
  EXPECT_LT(W::kOmitDoubled, W::kOmitConsonant);
  EXPECT_LT(W::kOmitConsonant, W::kSubVowel);
  EXPECT_LT(W::kTransposition, W::kSubKeyboard);
  EXPECT_LT(W::kSubKeyboard, W::kSubGeneric);
  EXPECT_LT(W::kExtraDoubled, W::kExtraGeneric);
  EXPECT_LE(W::kLightest, W::kOmitDoubled);
}

// The sound-alike table: distinct lower-case a-z spellings, each pair once
// (it is used in both directions), and the pairs the docs name are there.
TEST(EditWeightsTest, SoundAlikeSpellingsAreWellFormed) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const EditWeights::SpellingPair& p : W::SoundAlikeSpellings()) {
    EXPECT_NE(p.a, p.b);
    for (std::string_view side : {p.a, p.b}) {
      EXPECT_FALSE(side.empty());
      for (char c : side) EXPECT_TRUE(c >= 'a' && c <= 'z') << side;
    }
    const std::string a(p.a), b(p.b);
    EXPECT_TRUE(seen.insert(std::minmax(a, b)).second) << a << " " << b;
  }
  for (auto [a, b] : {std::pair{"f", "ph"}, {"shun", "tion"}, {"j", "dge"}}) {
    EXPECT_TRUE(seen.count(std::minmax(std::string(a), std::string(b))))
        << a << " " << b;
  }
  // A sound-alike respelling is likelier than an arbitrary extra letter,
  // less likely than a sound-alike letter; a vowel run sits between one
  // arbitrary substitution and two edits.
  EXPECT_LT(W::kSoundAlikeSpelling, W::kExtraGeneric);
  EXPECT_GT(W::kSoundAlikeSpelling, W::kSubSoundAlike);
  EXPECT_GT(W::kVowelRun, W::kSubGeneric);
  EXPECT_LT(W::kVowelRun, 2 * W::kSubVowel);
}

TEST(EditWeightsTest, BaseLetters) {
  const EditWeights w;
  EXPECT_EQ(w.Base(U'é'), U'e');
  EXPECT_EQ(w.Base(U'ñ'), U'n');
  EXPECT_EQ(w.Base(U'x'), U'x');
  EXPECT_EQ(w.Base(U'\u4E2D'), U'\u4E2D');
}

}  // namespace
}  // namespace spellfilter
