#include "core/check/language_checker.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tests/support/test_dictionary.h"

namespace spellfilter {
namespace {

class LanguageCheckerTest : public ::testing::Test {
 protected:
  LanguageCheckerTest()
      : en_(MakeDictionary(
            {"the", "cat", "sat", "on", "mat", "hotel", "is", "good"},
            "en-US")),
        de_(MakeDictionary({"der", "hund", "bellt", "laut", "hotel", "ist",
                            "gut", "die", "katze"},
                           "de-DE")),
        ru_(MakeDictionary({"кошка", "сидит", "тут"}, "ru-RU")) {}

  std::vector<std::string> Words(LanguageChecker& c, std::string_view text) {
    std::vector<Misspelling> found;
    c.Check(text, &found);
    EXPECT_EQ(c.languages().size(), found.size());
    std::vector<std::string> out;
    for (const Misspelling& m : found) {
      out.emplace_back(text.substr(m.offset, m.length));
    }
    return out;
  }
  std::vector<size_t> SentenceLanguages(const LanguageChecker& c) {
    std::vector<size_t> out;
    for (const SentenceLanguage& s : c.sentences()) out.push_back(s.language);
    return out;
  }

  std::unique_ptr<Dictionary> en_, de_, ru_;
};

using WordList = std::vector<std::string>;
using Langs = std::vector<size_t>;

TEST_F(LanguageCheckerTest, AnyLanguageAcceptsAWord) {
  const Dictionary* dicts[] = {en_.get(), de_.get()};
  LanguageChecker c(dicts, LanguageMode::kAny);
  EXPECT_EQ(Words(c, "The cat sat on the mat. Der Hund bellt laut."),
            WordList{});
  EXPECT_EQ(SentenceLanguages(c), (Langs{0, 1}));
  // A German word in an English sentence is right in a list of both.
  EXPECT_EQ(Words(c, "The cat bellt on the mat."), WordList{});
  EXPECT_EQ(Words(c, "The catt sat. Der Hund bellt lautt."),
            (WordList{"catt", "lautt"}));
  EXPECT_EQ(c.languages(), (Langs{0, 1}))
      << "each misspelling has its sentence's language, for suggestions";
  EXPECT_TRUE(c.IsCorrect("Hund"));
  EXPECT_TRUE(c.IsCorrect("cat"));
  EXPECT_FALSE(c.IsCorrect("catt"));
  EXPECT_EQ(c.AcceptingLanguage("bellt"), 1u);
  EXPECT_EQ(c.AcceptingLanguage("catt"), 2u);
}

TEST_F(LanguageCheckerTest, AutoChecksEachSentenceInItsLanguageOnly) {
  const Dictionary* dicts[] = {en_.get(), de_.get()};
  LanguageChecker c(dicts, LanguageMode::kAuto);
  EXPECT_EQ(Words(c, "The cat sat on the mat. Der Hund bellt laut."),
            WordList{});
  EXPECT_EQ(SentenceLanguages(c), (Langs{0, 1}));
  // The German word is wrong in an English sentence.
  EXPECT_EQ(Words(c, "The cat bellt on the mat. Die Katze sat."),
            (WordList{"bellt", "sat"}));
  EXPECT_EQ(SentenceLanguages(c), (Langs{0, 1}));
  EXPECT_EQ(c.languages(), (Langs{0, 1}));
}

TEST_F(LanguageCheckerTest, ScriptsAreCheckedByTheLanguagesThatHaveThem) {
  const Dictionary* dicts[] = {en_.get(), ru_.get()};
  LanguageChecker any(dicts, LanguageMode::kAny);
  EXPECT_EQ(Words(any, "The cat sat. Кошка сидит тут."), WordList{});
  EXPECT_EQ(SentenceLanguages(any), (Langs{0, 1}));
  // A Cyrillic typo is flagged by Russian, which checks it, though English
  // leaves it unchecked; a Latin one in a Russian sentence by English.
  EXPECT_EQ(Words(any, "The cat sat. Кошка сидт тут teh."),
            (WordList{"сидт", "teh"}));
  // One language alone leaves the other script unchecked.
  const Dictionary* en_only[] = {en_.get()};
  LanguageChecker one(en_only, LanguageMode::kAny);
  EXPECT_EQ(Words(one, "The cat sat. Кошка сидт тут."), WordList{});
  EXPECT_TRUE(any.IsCorrect("Кошка"));
  EXPECT_FALSE(any.IsCorrect("Кшка"));
  EXPECT_FALSE(any.IsCorrect("teh"));
}

TEST_F(LanguageCheckerTest, TiesKeepThePreviousSentencesLanguageThenPreferred) {
  const Dictionary* dicts[] = {en_.get(), de_.get()};
  // "Hotel." is in both: it stays in the language before it.
  LanguageChecker c(dicts, LanguageMode::kAuto);
  Words(c, "Der Hund bellt. Hotel. Xyzzy qwrt.");
  EXPECT_EQ(SentenceLanguages(c), (Langs{1, 1, 1}));
  // At the start, the preferred language (the locale's) wins the tie.
  EXPECT_EQ(Words(c, "Hotel. The cat."), WordList{});
  EXPECT_EQ(SentenceLanguages(c), (Langs{0, 0}));
  LanguageChecker german(dicts, LanguageMode::kAuto, /*preferred=*/1);
  EXPECT_EQ(Words(german, "Hotel. The cat."), WordList{});
  EXPECT_EQ(SentenceLanguages(german), (Langs{1, 0}));
  // Words unknown to both: a tie, the first sentence's language stays.
  EXPECT_EQ(Words(german, "Xyzzy qwrt."), (WordList{"Xyzzy", "qwrt"}));
  EXPECT_EQ(SentenceLanguages(german), (Langs{1}));
}

// The first words only order the languages tried: a sentence that starts
// in one language and is mostly in another gets the other.
TEST_F(LanguageCheckerTest, TheFirstWordsDoNotDecideTheLanguage) {
  const Dictionary* dicts[] = {en_.get(), de_.get(), ru_.get()};
  LanguageChecker c(dicts, LanguageMode::kAuto);
  EXPECT_EQ(Words(c, "Кошка сидит тут. The cat sat der hund bellt laut ist "
                     "gut die katze."),
            (WordList{"The", "cat", "sat"}));
  EXPECT_EQ(SentenceLanguages(c), (Langs{2, 1}));
}

// Two languages other than the previous sentence's fit equally: the tie
// order (preferred, then as listed) decides, not which was used last.
TEST_F(LanguageCheckerTest, TiesBetweenOtherLanguagesGoByTheListedOrder) {
  std::unique_ptr<Dictionary> nl =
      MakeDictionary({"de", "hond", "blaft", "hotel"}, "nl-NL");
  const Dictionary* dicts[] = {en_.get(), de_.get(), nl.get(), ru_.get()};
  LanguageChecker c(dicts, LanguageMode::kAuto, /*preferred=*/3);
  // nl is used last before the Russian sentence; "Hotel." fits en, de
  // and nl equally, and en is listed first.
  EXPECT_EQ(Words(c, "De hond blaft. Кошка сидит тут. Hotel."), WordList{});
  EXPECT_EQ(SentenceLanguages(c), (Langs{2, 3, 0}));
}

TEST_F(LanguageCheckerTest, SentencesCoverTheText) {
  const Dictionary* dicts[] = {en_.get(), de_.get()};
  LanguageChecker c(dicts, LanguageMode::kAuto);
  const std::string text = "The cat.\n\n- der Hund\n- the mat\n";
  Words(c, text);
  size_t end = 0;
  for (const SentenceLanguage& s : c.sentences()) {
    EXPECT_EQ(s.offset, end);
    end = s.offset + s.length;
  }
  EXPECT_EQ(end, text.size());
  EXPECT_EQ(SentenceLanguages(c), (Langs{0, 1, 0}));
}

TEST_F(LanguageCheckerTest, OneLanguageIsAPlainChecker) {
  const Dictionary* dicts[] = {en_.get()};
  LanguageChecker c(dicts, LanguageMode::kAny);
  Checker plain(*en_);
  const std::string text = "The catt sat. Der Hund.";
  std::vector<Misspelling> a, b;
  c.Check(text, &a);
  plain.Check(text, &b);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].offset, b[i].offset);
  EXPECT_EQ(c.languages(), Langs(a.size(), 0));
}

TEST_F(LanguageCheckerTest, CodeSpansAreShiftedIntoSentences) {
  const Dictionary* dicts[] = {en_.get(), de_.get()};
  LanguageChecker c(dicts, LanguageMode::kAuto);
  c.SetCodeWords(3);
  // In code, "catmat" is two words run together (run_on_words.h), so the
  // span must reach the second sentence's checker at its own offset.
  const std::string text = "Der Hund bellt. catmat hotel.";
  const CodeSpan code[] = {CodeSpan{16, 22}};
  std::vector<Misspelling> found;
  c.Check(text, &found, code);
  EXPECT_TRUE(found.empty()) << text.substr(found[0].offset, found[0].length);
  c.Check(text, &found);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(text.substr(found[0].offset, found[0].length), "catmat");
}

}  // namespace
}  // namespace spellfilter
