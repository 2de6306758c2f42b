// The case cost (candidates.h, kCaseCost): a capital the typed word did
// not have, at its start (a lower-case typed word) or further in (a
// Capitalised one).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/dictionary/dictionary.h"
#include "core/suggest/suggester.h"
#include "tests/support/affix_dictionary.h"

namespace spellfilter {
namespace {

TEST(CaseCostTest, ACapitalFurtherInThanTheTypedWordHadCostsMore) {
  // French lists a title "l'Itération" beside "l'itération".
  const auto dict = MakeAffixDictionary(
      AffixTable(), {"l'itération", "l'Itération", "fait", "FAIT"}, {}, "fr",
      /*stems=*/false);
  Suggester s(*dict, SuggestOptions());
  const std::vector<std::string> a = s.Suggest("L'itértion");
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(a[0], "L'itération");
  // The title is the same word in another case: listed once
  // (OneCaseFormOfAnElidedWord).
  EXPECT_EQ(std::find(a.begin(), a.end(), "l'Itération"), a.end());
  const std::vector<std::string> b = s.Suggest("Fiat");
  ASSERT_FALSE(b.empty());
  EXPECT_EQ(b[0], "Fait");
}

TEST(CaseCostTest, OneCaseFormOfAnElidedWord) {
  // French lists titles beside the word: one word in three case forms.
  const auto dict = MakeAffixDictionary(
      AffixTable(), {"l'opérande", "L'Opérande", "l'Opérande", "l'opérante"},
      {}, "fr", /*stems=*/false);
  Suggester s(*dict, SuggestOptions());
  const std::vector<std::string> a = s.Suggest("l'opéranfe");
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(a[0], "l'opérande");
  for (const std::string& x : a) {
    EXPECT_NE(x, "L'Opérande");
    EXPECT_NE(x, "l'Opérande");
  }
  EXPECT_NE(std::find(a.begin(), a.end(), "l'opérante"), a.end());
}

}  // namespace
}  // namespace spellfilter
