#include "core/suggest/elision.h"

#include <gtest/gtest.h>

namespace spellfilter {
namespace {

TEST(ElisionTest, LanguagesThatElide) {
  EXPECT_TRUE(ElidesBeforeVowels("fr"));
  EXPECT_TRUE(ElidesBeforeVowels("fr_FR"));
  EXPECT_TRUE(ElidesBeforeVowels("it_IT"));
  EXPECT_TRUE(ElidesBeforeVowels("ca-ES"));
  EXPECT_FALSE(ElidesBeforeVowels("en_US"));  // I'm, don't
  EXPECT_FALSE(ElidesBeforeVowels("frr"));
}

TEST(ElisionTest, AnApostropheBeforeAConsonantTheTypedWordLacks) {
  EXPECT_TRUE(HasImpossibleElision(U"l'manta", U"lanta"));
  EXPECT_TRUE(HasImpossibleElision(U"D’vers", U"Dvers"));
  // Before a vowel or h: an elision.
  EXPECT_FALSE(HasImpossibleElision(U"d'éclaté", U"déclaté"));
  EXPECT_FALSE(HasImpossibleElision(U"l'hexadécimal", U"lhexadécimal"));
  EXPECT_FALSE(HasImpossibleElision(U"L'Œuvre", U"Lœuvre"));
  // Typed with an apostrophe: the writer put it there.
  EXPECT_FALSE(HasImpossibleElision(U"qu'bol", U"qu'ol"));
  // No apostrophe, or none after a letter.
  EXPECT_FALSE(HasImpossibleElision(U"manta", U"lanta"));
  EXPECT_FALSE(HasImpossibleElision(U"'tis", U"tis"));
}

}  // namespace
}  // namespace spellfilter
