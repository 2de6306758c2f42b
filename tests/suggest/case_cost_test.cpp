// The case cost (candidates.h, kCaseCost): a capital the typed word did
// not have, at its start (a lower-case typed word) or further in (a
// Capitalised one).
#include <gtest/gtest.h>

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
  ASSERT_GE(a.size(), 2u);
  EXPECT_EQ(a[0], "L'itération");
  EXPECT_EQ(a[1], "l'Itération");  // mixed case: listed as it is
  const std::vector<std::string> b = s.Suggest("Fiat");
  ASSERT_FALSE(b.empty());
  EXPECT_EQ(b[0], "Fait");
}

}  // namespace
}  // namespace spellfilter
