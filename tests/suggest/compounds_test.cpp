#include "core/suggest/compounds.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/check/checker.h"
#include "core/suggest/suggester.h"
#include "tests/support/test_dictionary.h"

namespace spellfilter {
namespace {

// A dictionary that compounds as German does: begin parts (Capitalised
// nouns and lower-case stems), middle and end parts in lower case.
class CompoundsTest : public ::testing::Test {
 protected:
  CompoundsTest()
      : dict_(MakeDictionaryWithParts(
            {"Projekt", "Verzeichnis", "Datei", "Haus", "Kranken", "suchen",
             "Begriff", "Liste", "Fahrrad"},
            {"Projekt\tb", "projekt\tm", "verzeichnis\tme", "datei\te",
             "Kranken\tb", "haus\te", "Such\tb", "begriff\te", "liste\te",
             "Fahrrad\tb", "fahrrad\te"},
            "de-DE")) {}

  std::vector<std::string> Suggest(std::string_view word,
                                   bool compounds = true) {
    SuggestOptions options;
    options.compounds = compounds;
    Suggester s(*dict_, options);
    return s.Suggest(word);
  }
  std::string First(std::string_view word) {
    const std::vector<std::string> s = Suggest(word);
    return s.empty() ? "" : s[0];
  }

  std::unique_ptr<Dictionary> dict_;
};

// The misspelled part after a known head ("Projekt" + "verzichnis"), before
// a known tail ("Porjekt" + "verzeichnis"), between the two (a middle
// part), and an edit across the boundary.
TEST_F(CompoundsTest, EachPartCorrectedAndRejoined) {
  EXPECT_EQ(First("Projektverzichnis"), "Projektverzeichnis");  // omission
  EXPECT_EQ(First("Projektverzeuchnis"), "Projektverzeichnis");  // substitution
  EXPECT_EQ(First("Prjektverzeichnis"), "Projektverzeichnis");   // in the head
  EXPECT_EQ(First("Porjektverzeichnis"), "Projektverzeichnis");  // swap
  EXPECT_EQ(First("Projekvterzeichnis"), "Projektverzeichnis");  // across
  EXPECT_EQ(First("Projektverzeichniss"), "Projektverzeichnis");  // extra
  EXPECT_EQ(First("Projektverzichnisdatei"), "Projektverzeichnisdatei");
  EXPECT_EQ(First("Suchbegrff"), "Suchbegriff");
  EXPECT_EQ(First("Krankenhuas"), "Krankenhaus");
}

// Without the search the compounds are out of reach: the test above is the
// search's.
TEST_F(CompoundsTest, OffNothingFound) {
  const std::vector<std::string> off = Suggest("Projektverzichnis", false);
  EXPECT_EQ(std::find(off.begin(), off.end(), "Projektverzeichnis"), off.end());
}

// A lower-case typed noun compound gets its Capitalised spelling, and an
// ALL UPPER one the ALL UPPER spelling.
TEST_F(CompoundsTest, Case) {
  EXPECT_EQ(First("projektverzichnis"), "Projektverzeichnis");
  EXPECT_EQ(First("PROJEKTVERZICHNIS"), "PROJEKTVERZEICHNIS");
}

// A correct compound is its own first suggestion; a listed word one edit
// away ranks before a compound one edit away.
TEST_F(CompoundsTest, RankedAgainstWords) {
  EXPECT_EQ(First("Projektdatei"), "Projektdatei");
  EXPECT_EQ(First("Fahrrd"), "Fahrrad");
}

// Every compound offered is one the checker accepts; none is offered that
// breaks the roles (an end part first, a begin part last).
TEST_F(CompoundsTest, EverySuggestionIsAcceptedByTheChecker) {
  Checker checker(*dict_);
  for (const char* typed :
       {"Projektverzichnis", "Dateiprojekt", "Verzeichnisprojkt",
        "Hausdateii", "Krankenhuas", "Suchbegrff", "Projektverzichnisdatei",
        "datieprojekt"}) {
    for (const std::string& s : Suggest(typed)) {
      EXPECT_TRUE(checker.IsCorrect(s)) << typed << " -> " << s;
    }
  }
  const std::vector<std::string> s = Suggest("Verzeichnisprojekd");
  EXPECT_EQ(std::find(s.begin(), s.end(), "Verzeichnisprojekt"), s.end());
}

// The search spends from the word's budget and stops with it.
TEST_F(CompoundsTest, BoundedByTheBudget) {
  SuggestOptions options;
  options.work_budget = 300;
  Suggester s(*dict_, options);
  (void)s.Suggest("Projektverzichnisdateiliste");
  EXPECT_LE(s.stats().work, 300u + 2000u);
}

}  // namespace
}  // namespace spellfilter
