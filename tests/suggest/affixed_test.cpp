#include "core/suggest/affixed.h"

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
               std::u32string condition, bool cross = true) {
  return TestAffixRule(flag, std::move(strip), std::move(append),
                       std::move(condition), cross);
}

// A small Italian-like affix-aware dictionary: stems as words, their
// flags as keys (affix_table.h), as the Hunspell import writes them.
AffixTable ItalianLikeTable() {
  AffixTable t;
  t.need_affix = 'N';
  t.prefixes.push_back(Rule('R', U"", U"ri", U"."));
  t.suffixes.push_back(Rule('V', U"are", U"avamo", U"are"));
  t.suffixes.push_back(Rule('V', U"are", U"ato", U"are"));
  t.suffixes.push_back(Rule('V', U"are", U"iamo", U"are"));
  t.suffixes.push_back(Rule('P', U"a", U"e", U"a"));
  // Not a cross product: no prefix with it ("rilentamente").
  t.suffixes.push_back(Rule('M', U"", U"mente", U"a", /*cross=*/false));
  // Twofold: the plural continues with the inessive ("házakban").
  AffixRule plural = Rule('H', U"", U"ak", U".");
  plural.continuation = {'K'};
  t.suffixes.push_back(plural);
  t.suffixes.push_back(Rule('K', U"", U"ban", U"."));
  // A form that needs another affix is no suggestion by itself.
  AffixRule needs = Rule('Q', U"", U"issimo", U".");
  needs.continuation = {'N'};
  t.suffixes.push_back(needs);
  return t;
}

std::unique_ptr<Dictionary> Build(
    const AffixTable& table, const std::vector<std::string>& words,
    const std::vector<std::pair<std::string, uint32_t>>& flags) {
  return MakeAffixDictionary(table, words, flags, "it", /*stems=*/true);
}

class AffixSearchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dict_ =
        Build(ItalianLikeTable(),
              {"parlare", "fare", "casa", "lenta", "bello", "cantare", "ház"},
              {{"parlare", 'V'},
               {"parlare", 'R'},
               {"lenta", 'R'},
               {"cantare", 'V'},
               {"fare", 'R'},
               {"casa", 'P'},
               {"lenta", 'M'},
               {"bello", 'Q'},
               {"ház", 'H'}});
  }
  std::vector<std::string> Suggest(const std::string& word,
                                   bool affixed = true) {
    SuggestOptions o;
    o.affixed = affixed;
    // This search alone, without the checker's net (checked_edits_test.cpp).
    o.checked_edits = false;
    Suggester s(*dict_, o);
    return s.Suggest(word);
  }
  static bool Has(const std::vector<std::string>& list, const std::string& w) {
    return std::find(list.begin(), list.end(), w) != list.end();
  }
  std::unique_ptr<Dictionary> dict_;
};

TEST_F(AffixSearchTest, TheDictionaryAcceptsTheForms) {
  for (const char* w :
       {"parlavamo", "parlato", "cantiamo", "rifare", "case", "lentamente"}) {
    EXPECT_TRUE(dict_->Contains(w)) << w;
  }
  EXPECT_FALSE(dict_->Contains("casavamo"));
  EXPECT_FALSE(dict_->Contains("bellissimo"));  // needs another affix
}

TEST_F(AffixSearchTest, CorrectsTheStemPartOfASuffixedForm) {
  // The append string typed right, a letter of the stem wrong.
  EXPECT_EQ(Suggest("pralavamo").at(0), "parlavamo");
  EXPECT_EQ(Suggest("parlsvamo").at(0), "parlavamo");
  EXPECT_EQ(Suggest("cantaimo").front(), "cantiamo");
}

TEST_F(AffixSearchTest, CorrectsTheSuffix) {
  // The stem's part typed right, the append string one edit off.
  EXPECT_EQ(Suggest("parlavmo").at(0), "parlavamo");
  EXPECT_EQ(Suggest("parlatp").at(0), "parlato");
  EXPECT_EQ(Suggest("lentamenet").at(0), "lentamente");
}

TEST_F(AffixSearchTest, CorrectsPrefixedForms) {
  EXPECT_EQ(Suggest("rifrae"),
            std::vector<std::string>{"rifare"});  // the stem's part
  EXPECT_EQ(Suggest("rjfare"),
            std::vector<std::string>{"rifare"});  // the prefix
}

TEST_F(AffixSearchTest, CorrectsTwofoldSuffixes) {
  EXPECT_TRUE(dict_->Contains("házakban"));
  EXPECT_EQ(Suggest("hazakban").at(0), "házakban");  // in the stem
  EXPECT_EQ(Suggest("házkaban").at(0), "házakban");  // in the inner suffix
  // The inner suffix must continue with the outer one: no "házban".
  EXPECT_FALSE(dict_->Contains("házban"));
  EXPECT_FALSE(Has(Suggest("hazban"), "házban"));
}

TEST_F(AffixSearchTest, CorrectsTheOuterSuffixOfATwofoldSuffix) {
  EXPECT_EQ(Suggest("házakbam").at(0), "házakban");  // substitution
  EXPECT_EQ(Suggest("házakbn").at(0), "házakban");   // omission
  EXPECT_EQ(Suggest("házakbna").at(0), "házakban");  // swap
}

TEST_F(AffixSearchTest, CorrectsAPrefixWithASuffix) {
  // Cross products: both rules allow it and the stem has both flags.
  EXPECT_TRUE(dict_->Contains("riparlavamo"));
  EXPECT_EQ(Suggest("riparlavmo").at(0), "riparlavamo");   // in the suffix
  EXPECT_EQ(Suggest("riprlavamo").at(0), "riparlavamo");   // in the stem
  EXPECT_EQ(Suggest("roparlavamo").at(0), "riparlavamo");  // in the prefix
  // Not where the suffix rule is no cross product, nor where the stem
  // lacks the prefix's flag.
  EXPECT_FALSE(dict_->Contains("rilentamente"));
  EXPECT_FALSE(Has(Suggest("rilentamenet"), "rilentamente"));
  EXPECT_FALSE(dict_->Contains("ricantavamo"));
  EXPECT_FALSE(Has(Suggest("ricantavmo"), "ricantavamo"));
  EXPECT_TRUE(Has(Suggest("cantavmo"), "cantavamo"));
}

TEST_F(AffixSearchTest, KeepsTheTypedCase) {
  EXPECT_EQ(Suggest("Parlavmo").at(0), "Parlavamo");
  EXPECT_EQ(Suggest("PARLAVMO").at(0), "PARLAVAMO");
}

TEST_F(AffixSearchTest, OnlyRulesWhoseFlagTheStemHas) {
  // casa has P, not M: no "casamente"; lenta has M.
  EXPECT_FALSE(Has(Suggest("casamenet"), "casamente"));
  // A rule that needs another affix makes no suggestion alone.
  EXPECT_FALSE(Has(Suggest("bellisimo"), "bellissimo"));
}

TEST_F(AffixSearchTest, EverySuggestionIsAccepted) {
  for (const char* typo :
       {"pralavamo", "parlavmo", "rjfare", "cese", "lentamenet", "cantaimo",
        "parlatp", "riparlavmo", "roparlavamo", "házakbam", "rilentamenet"}) {
    for (const std::string& s : Suggest(typo)) {
      EXPECT_TRUE(dict_->Contains(s)) << typo << " -> " << s;
    }
  }
}

TEST_F(AffixSearchTest, SwitchedOffTheStemsAloneAreSearched) {
  // The stems' edit walk never reaches the affixed forms.
  EXPECT_FALSE(Has(Suggest("parlavmo", false), "parlavamo"));
  EXPECT_FALSE(Has(Suggest("rjfare", false), "rifare"));
  EXPECT_TRUE(Has(Suggest("parlavmo", true), "parlavamo"));
}

// A Basque-like dictionary: its stems all need an affix, so they are no
// words and the PREFIXES section does not spell them (it holds one word,
// which gives the alphabet); case 1 asks the STEMS section for each
// variant's stem instead.
TEST(AffixSearchStemsTest, StemsThatAreNoWordsAreAskedOfTheStemsSection) {
  std::vector<std::pair<std::string, uint32_t>> flags;
  for (const char* stem : {"parlare", "cantare", "amare", "tornare", "pensare",
                           "trovare", "restare", "volare"}) {
    flags.emplace_back(stem, 'V');
    flags.emplace_back(stem, 'N');
  }
  const auto dict = MakeAffixDictionary(ItalianLikeTable(), {"vocalimpert"},
                                        flags, "eu", /*stems=*/true);
  ASSERT_TRUE(dict->Contains("parlavamo"));
  ASSERT_FALSE(dict->Contains("parlare"));
  SuggestOptions o;
  Suggester s(*dict, o);
  EXPECT_EQ(s.Suggest("pralavamo").at(0), "parlavamo");  // the stem's part
  EXPECT_EQ(s.Suggest("cantaimo").at(0), "cantiamo");
  EXPECT_EQ(s.Suggest("parlavmo").at(0), "parlavamo");  // the suffix
}

TEST(WeightedEditDistanceTest, WeighsOneEditAsTheWalksDo) {
  EditWeights w;
  const float limit = 3.0f;
  EXPECT_FLOAT_EQ(WeightedEditDistance(w, U"parlato", U"parlato", limit), 0);
  EXPECT_FLOAT_EQ(WeightedEditDistance(w, U"parlsto", U"parlato", limit),
                  w.Substitution(U's', U'a'));
  EXPECT_FLOAT_EQ(WeightedEditDistance(w, U"parlto", U"parlato", limit),
                  w.Omission(U'a', U'l', U't'));
  EXPECT_FLOAT_EQ(WeightedEditDistance(w, U"paralto", U"parlato", limit),
                  w.Transposition(U'a', U'l'));
  EXPECT_FLOAT_EQ(WeightedEditDistance(w, U"parlatoo", U"parlato", limit),
                  w.Addition(U'o', U'o', 0));
  // The first letter costs more.
  EXPECT_FLOAT_EQ(WeightedEditDistance(w, U"barlato", U"parlato", limit),
                  w.Substitution(U'b', U'p') + EditWeights::kFirstLetter);
  // Past the limit: a value above it.
  EXPECT_GT(WeightedEditDistance(w, U"xyzxyzq", U"parlato", 1.0f), 1.0f);
}

}  // namespace
}  // namespace spellfilter
