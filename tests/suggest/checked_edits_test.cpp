#include "core/suggest/checked_edits.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/dictionary/builder.h"
#include "core/dictionary/dictionary.h"
#include "core/suggest/suggester.h"
#include "tests/support/affix_dictionary.h"

namespace spellfilter {
namespace {

AffixRule Rule(uint32_t flag, std::u32string strip, std::u32string append,
               std::u32string condition) {
  return TestAffixRule(flag, std::move(strip), std::move(append),
                       std::move(condition), /*cross=*/true);
}

// A Hungarian-like table: a verbal prefix, a derivational suffix that
// continues with a case ending ("le" + "tilt" + "ás" + "hoz"), and a plural
// that continues with another case ending.
AffixTable HungarianLikeTable() {
  AffixTable t;
  t.prefixes.push_back(Rule('L', U"", U"le", U"."));
  AffixRule noun = Rule('A', U"", U"ás", U".");
  noun.continuation = {'K'};
  t.suffixes.push_back(noun);
  AffixRule plural = Rule('H', U"", U"ak", U".");
  plural.continuation = {'K'};
  t.suffixes.push_back(plural);
  t.suffixes.push_back(Rule('K', U"", U"hoz", U"."));
  t.suffixes.push_back(Rule('K', U"", U"ban", U"."));
  return t;
}

class CheckedEditsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // ("bor", "nap": the alphabet, which the dictionary takes from its
    // words, must have the affixes' letters.)
    dict_ = MakeAffixDictionary(
        HungarianLikeTable(), {"tilt", "ház", "kert", "bor", "nap"},
        {{"tilt", 'L'}, {"tilt", 'A'}, {"ház", 'H'}, {"kert", 'H'}}, "hu",
        /*stems=*/true);
  }
  std::vector<std::string> Suggest(const std::string& word, bool checked,
                                   bool affixed = true) {
    SuggestOptions o;
    o.checked_edits = checked;
    o.affixed = affixed;
    Suggester s(*dict_, o);
    return s.Suggest(word);
  }
  static bool Has(const std::vector<std::string>& list, const std::string& w) {
    return std::find(list.begin(), list.end(), w) != list.end();
  }
  std::unique_ptr<Dictionary> dict_;
};

TEST_F(CheckedEditsTest, TheDictionaryAcceptsThreeAffixes) {
  EXPECT_TRUE(dict_->Contains("tiltás"));
  EXPECT_TRUE(dict_->Contains("tiltáshoz"));
  EXPECT_TRUE(dict_->Contains("letiltás"));
  EXPECT_TRUE(dict_->Contains("letiltáshoz"));
  EXPECT_TRUE(dict_->Contains("házakban"));
}

TEST_F(CheckedEditsTest, FindsAPrefixWithATwofoldSuffix) {
  // One edit in each place of the three-affix form; the affix search
  // (one affix, a twofold suffix, or a prefix with one suffix) finds none.
  for (const char* typo : {"letiptáshoz", "lettiltáshoz", "letiltáshz",
                           "ketiltáshoz", "letiltáhsoz"}) {
    EXPECT_FALSE(Has(Suggest(typo, false), "letiltáshoz")) << typo;
    const std::vector<std::string> list = Suggest(typo, true);
    ASSERT_FALSE(list.empty()) << typo;
    EXPECT_EQ(list.front(), "letiltáshoz") << typo;
  }
}

TEST_F(CheckedEditsTest, FindsWhatTheAffixSearchFindsWithoutIt) {
  // The net alone (the affix search off) still reaches one-affix and
  // twofold forms, each edit at its weight.
  EXPECT_EQ(Suggest("hazakban", true, /*affixed=*/false).at(0), "házakban");
  EXPECT_EQ(Suggest("házakbam", true, /*affixed=*/false).at(0), "házakban");
  EXPECT_EQ(Suggest("tiltsá", true, /*affixed=*/false).at(0), "tiltás");
  EXPECT_FALSE(Has(Suggest("hazakban", false, /*affixed=*/false), "házakban"));
}

TEST_F(CheckedEditsTest, KeepsTheTypedCase) {
  EXPECT_EQ(Suggest("Letiptáshoz", true).at(0), "Letiltáshoz");
  EXPECT_EQ(Suggest("LETIPTÁSHOZ", true).at(0), "LETILTÁSHOZ");
}

TEST_F(CheckedEditsTest, EverySuggestionIsAccepted) {
  for (const char* typo : {"letiptáshoz", "kertakbam", "hazakbn", "tilr"}) {
    for (const std::string& s : Suggest(typo, true)) {
      EXPECT_TRUE(dict_->Contains(s)) << typo << " -> " << s;
    }
  }
}

TEST(CheckedEditsInactiveTest, NotForDictionariesWithoutAffixRules) {
  BuildOptions options;
  options.language = "en";
  DictionaryBuilder builder(options);
  for (const char* w : {"letter", "better", "setter"}) {
    ASSERT_TRUE(builder.AddLine(w, "t").ok());
  }
  StatusOr<std::string> image = builder.Finish(nullptr);
  ASSERT_TRUE(image.ok());
  auto d = Dictionary::FromBytes(*image, "t.sfd");
  ASSERT_TRUE(d.ok());
  SuggestOptions o;
  Suggester on(**d, o);
  o.checked_edits = false;
  Suggester off(**d, o);
  for (const char* typo : {"lettr", "bettre", "sxetter"}) {
    EXPECT_EQ(on.Suggest(typo), off.Suggest(typo)) << typo;
  }
}

}  // namespace
}  // namespace spellfilter
