#include "core/suggest/keyboards.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/dictionary/dictionary.h"
#include "core/suggest/edit_weights.h"
#include "core/suggest/suggester.h"
#include "tests/support/affix_dictionary.h"

namespace spellfilter {
namespace {

TEST(KeyboardsTest, CyrillicLanguagesHaveTheirOwnLatinOnesNone) {
  EXPECT_FALSE(StandardKeyboard("ru").empty());
  EXPECT_EQ(StandardKeyboard("ru_RU"), StandardKeyboard("ru-RU"));
  EXPECT_FALSE(StandardKeyboard("uk_UA").empty());
  EXPECT_FALSE(StandardKeyboard("be").empty());
  EXPECT_TRUE(StandardKeyboard("de_DE").empty());
  EXPECT_TRUE(StandardKeyboard("en").empty());
  EXPECT_TRUE(StandardKeyboard("").empty());
}

TEST(KeyboardsTest, JcukenNeighboursWeighAsNeighbours) {
  EditWeights qwerty;
  EditWeights jcuken;
  jcuken.SetKeyboard(StandardKeyboard("ru"));
  // ч and с share a row; у and к too; ы sits below ц (staggered rows).
  EXPECT_EQ(qwerty.Substitution(U'ч', U'с'), qwerty.Substitution(U'ч', U'б'));
  EXPECT_LT(jcuken.Substitution(U'ч', U'с'), jcuken.Substitution(U'ч', U'б'));
  EXPECT_LT(jcuken.Substitution(U'к', U'у'), jcuken.Substitution(U'к', U'б'));
  EXPECT_LT(jcuken.Substitution(U'ц', U'ы'), jcuken.Substitution(U'ц', U'б'));
}

TEST(KeyboardsTest, ARussianDictionaryWithoutKeyUsesJcuken) {
  // ("чай": the typed letter is in the alphabet, as in a real dictionary.)
  const std::vector<std::string> words = {
      "боль", "голь", "золь", "коль", "моль", "ноль", "роль", "соль", "чай"};
  const auto ru = MakeAffixDictionary(AffixTable(), words, {}, "ru_RU",
                                      /*stems=*/false);
  const std::vector<std::string> a =
      Suggester(*ru, SuggestOptions()).Suggest("чоль");
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(a[0], "соль");
  // The same words as another language's: QWERTY, a tie in byte order.
  const auto xx = MakeAffixDictionary(AffixTable(), words, {}, "xx",
                                      /*stems=*/false);
  const std::vector<std::string> b =
      Suggester(*xx, SuggestOptions()).Suggest("чоль");
  ASSERT_FALSE(b.empty());
  EXPECT_EQ(b[0], "боль");
}

}  // namespace
}  // namespace spellfilter
