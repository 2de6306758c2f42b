#include "core/suggest/composed_letters.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/dictionary/dictionary.h"
#include "core/suggest/suggester.h"
#include "tests/support/affix_dictionary.h"

namespace spellfilter {
namespace {

// A Dutch-like expanded dictionary: words with the ĳ ligature, ICONV
// joining the typed ij (and ’ -> ', which keeps its length).
std::unique_ptr<Dictionary> DutchLike() {
  AffixTable t;
  // fr_FR's decomposed-to-composed pairs only normalise: not joined.
  t.iconv = {{"’", "'"}, {"ij", "ĳ"}, {"IJ", "Ĳ"}, {"e\u0301", "é"}};
  return MakeAffixDictionary(
      t, {"cĳfers", "toegankelĳk", "keuzelĳst", "ciders", "huis", "d'r"}, {},
      "nl", /*stems=*/false);
}

TEST(ComposedLettersTest, JoinsOnlyPairsThatJoinLetters) {
  const auto dict = DutchLike();
  ComposedLetters c(*dict);
  ASSERT_FALSE(c.empty());
  std::string out;
  ASSERT_TRUE(c.Compose("toegankelijk", &out));
  EXPECT_EQ(out, "toegankelĳk");
  ASSERT_TRUE(c.Compose("IJsland", &out));
  EXPECT_EQ(out, "Ĳsland");
  // ’ -> ' keeps the length: not a composed letter.
  EXPECT_FALSE(c.Compose("d’r", &out));
  EXPECT_FALSE(c.Compose("huis", &out));
  std::string text = "keuzelĳst Ĳs é";
  c.Decompose(&text);
  EXPECT_EQ(text, "keuzelijst IJs é");
}

TEST(ComposedLettersTest, NoneWithoutIconv) {
  const auto dict = MakeAffixDictionary(AffixTable(), {"huis"}, {}, "nl",
                                        /*stems=*/false);
  EXPECT_TRUE(ComposedLetters(*dict).empty());
}

TEST(ComposedLettersTest, SuggestionsOfWordsWithTheLigature) {
  const auto dict = DutchLike();
  ASSERT_TRUE(dict->Contains("toegankelijk"));
  Suggester s(*dict, SuggestOptions());
  // One edit from the listed toegankelĳk once ij is one letter; shown as
  // typed, without the ligature.
  const std::vector<std::string> a = s.Suggest("toegankmelijk");
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(a.front(), "toegankelijk");
  const std::vector<std::string> b = s.Suggest("cjfers");
  ASSERT_FALSE(b.empty());
  EXPECT_EQ(b.front(), "cijfers");
  for (const std::string& w : s.Suggest("keuzeljst")) {
    EXPECT_EQ(w.find("ĳ"), std::string::npos) << w;
  }
}

}  // namespace
}  // namespace spellfilter
