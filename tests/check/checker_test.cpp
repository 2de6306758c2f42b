#include "core/check/checker.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/dictionary/builder.h"
#include "core/dictionary/compound_parts_list.h"
#include "tests/support/test_dictionary.h"

namespace spellfilter {
namespace {

std::vector<std::string> Misspelled(Checker& checker, std::string_view text) {
  std::vector<Misspelling> found;
  checker.Check(text, &found);
  std::vector<std::string> words;
  for (const Misspelling& m : found) {
    words.emplace_back(text.substr(m.offset, m.length));
  }
  return words;
}

using V = std::vector<std::string>;

TEST(CheckerTest, FlagsUnknownWordsInOrder) {
  auto dict = MakeDictionary({"the", "cat", "sat", "on", "mat"});
  Checker checker(*dict);
  EXPECT_EQ(Misspelled(checker, "The cat sta on teh mat."), V({"sta", "teh"}));
  EXPECT_EQ(Misspelled(checker, ""), V());
}

// Check cuts long texts into slices at line feeds (about 16 KiB each; a
// longer line is one slice): every word is still found whole, at its
// offset, whatever the lines' lengths, as if each line were checked alone.
TEST(CheckerTest, SlicesOfLongAndShortLinesFindEveryWordWhole) {
  auto dict = MakeDictionary({"the", "cat", "sat", "on", "mat"});
  Checker checker(*dict);
  std::string text;
  std::vector<std::pair<size_t, std::string>> expected;
  const auto line = [&](int words, int misspelled_every) {
    for (int i = 0; i < words; ++i) {
      if (i > 0) text += ' ';
      if (i % misspelled_every == misspelled_every - 1) {
        const std::string typo =
            "tac" + std::string(1, static_cast<char>('a' + i % 7));
        expected.emplace_back(text.size(), typo);
        text += typo;
      } else {
        // (Words of two lengths, so slices of 2^k bytes cut some.)
        static constexpr const char* kWords[] = {"the", "cat", "on", "mat",
                                                 "sat"};
        text += kWords[i % 5];
      }
    }
    text += '\n';
  };
  line(10, 3);
  line(20000, 997);  // ~80 KiB without a line feed
  for (int i = 0; i < 3000; ++i) line(5, i % 2 ? 5 : 2);
  line(9000, 501);
  line(3, 2);
  ASSERT_GT(text.size(), 150000u);
  std::vector<Misspelling> found;
  checker.Check(text, &found);
  ASSERT_EQ(found.size(), expected.size());
  for (size_t k = 0; k < found.size(); ++k) {
    EXPECT_EQ(found[k].offset, expected[k].first) << k;
    EXPECT_EQ(text.substr(found[k].offset, found[k].length), expected[k].second)
        << k;
  }
}

TEST(CheckerTest, CaseRules) {
  auto dict = MakeDictionary({"paris", "Paris", "London", "iPhone", "Qt", "foo"});
  Checker checker(*dict);
  // A word written in mixed case also in ALL UPPER ("IPHONE" in a
  // heading), as Hunspell and Aspell accept it; not Capitalised.
  for (std::string_view ok :
       {"foo", "Foo", "FOO", "London", "LONDON", "iPhone", "IPHONE", "Qt", "QT",
        "paris", "Paris", "PARIS"}) {
    EXPECT_TRUE(checker.IsCorrect(ok)) << ok;
  }
  for (std::string_view bad :
       {"london", "qt", "fOO", "Iphone", "iphone", "qT"}) {
    EXPECT_FALSE(checker.IsCorrect(bad)) << bad;
  }
}

TEST(CheckerTest, ComposedAndDecomposedAgree) {
  auto dict = MakeDictionary({"caf\xC3\xA9"});
  Checker checker(*dict);
  EXPECT_TRUE(checker.IsCorrect("caf\xC3\xA9"));
  EXPECT_TRUE(checker.IsCorrect("cafe\xCC\x81"));
  EXPECT_TRUE(checker.IsCorrect("CAFE\xCC\x81"));
  EXPECT_EQ(Misspelled(checker, "un cafe\xCC\x81"), V({"un"}));
}

TEST(CheckerTest, TypographicApostrophe) {
  auto dict = MakeDictionary({"don't", "O'Neill"});
  Checker checker(*dict);
  EXPECT_EQ(Misspelled(checker, "don\xE2\x80\x99t O\xE2\x80\x99Neill don't"),
            V());
}

// Check answers repeated short words from its cache (known_word_cache.h);
// on a long text of repeats in every case it must flag exactly the words
// IsCorrect rejects, in order, however often the checker is reused.
TEST(CheckerTest, RepeatedWordsAgreeWithIsCorrect) {
  auto dict = MakeDictionary({"the", "cat", "sat", "on", "mat", "Paris",
                              "caf\xC3\xA9", "extraordinarily"});
  Checker checker(*dict);
  Checker reference(*dict);
  const std::vector<std::string> vocabulary = {
      "the", "The", "THE", "tHe", "teh", "cat", "Cat", "cta", "paris",
      "Paris", "PARIS", "caf\xC3\xA9", "Caf\xC3\xA9", "cafe\xCC\x81",
      "extraordinarily", "Extraordinarily", "extraordinarly", "mat", "mta",
      "on", "On", "no"};
  std::string text;
  std::vector<std::string> expected;
  uint64_t x = 12345;
  for (int i = 0; i < 20000; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const std::string& w = vocabulary[(x >> 33) % vocabulary.size()];
    text += w;
    text += (i % 13 == 12) ? "\n" : " ";
    if (!reference.IsCorrect(w)) expected.push_back(w);
  }
  ASSERT_FALSE(expected.empty());
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(Misspelled(checker, text), expected) << "round " << round;
  }
}

TEST(CheckerTest, AbbreviationsWithTheirPeriod) {
  auto dict = MakeDictionary({"etc.", "and"});
  Checker checker(*dict);
  EXPECT_EQ(Misspelled(checker, "and etc. and etc"), V({"etc"}));
}

TEST(CheckerTest, UncoveredScriptsAreNotFlagged) {
  auto dict = MakeDictionary({"hello", "world"});
  Checker checker(*dict);
  EXPECT_EQ(Misspelled(checker,
                       "hello \xE4\xBD\xA0\xE5\xA5\xBD world "  // 你好
                       "\xD0\xBF\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82 "  // привет
                       "helo"),
            V({"helo"}));
  EXPECT_TRUE(checker.IsCorrect("\xD0\xBF\xD1\x80\xD0\xB8"));
}

// The script rule looks at the first letter: a word the word API is given
// with digits or ASCII signs before it (Hunspell_spell refuses te_IN's
// 0కు100కు, el_GR's 2ης, bg_BG's @ФАЙЛ) is in the letter's script, and
// checked, not skipped as Latin under a dictionary without Latin letters.
TEST(CheckerTest, DigitsBeforeLettersDoNotMakeAWordLatin) {
  auto greek = MakeDictionary({"\xCE\xB7\xCF\x82"}, "el");  // ης
  Checker checker(*greek);
  EXPECT_TRUE(checker.IsCorrect("\xCE\xB7\xCF\x82"));
  EXPECT_FALSE(checker.IsCorrect("2\xCE\xB7\xCF\x82"));        // 2ης
  EXPECT_FALSE(checker.IsCorrect("@\xCE\xB7\xCF\x82"));        // @ης
  EXPECT_FALSE(checker.IsCorrect("0\xCE\xB7\xCF\x82" "100"));  // 0ης100
  EXPECT_TRUE(checker.IsCheckable("2\xCE\xB7\xCF\x82"));
  // Latin after the digits is still another script, unchecked.
  EXPECT_TRUE(checker.IsCorrect("2nd"));
  EXPECT_FALSE(checker.IsCheckable("2nd"));
  // Numbers are still numbers.
  EXPECT_TRUE(checker.IsCorrect("1,234.5"));
}

// What the script rule skips can be counted (the editor shows it).
TEST(CheckerTest, UncheckedWordsAreCounted) {
  auto dict = MakeDictionary({"hello", "world", "caf\xC3\xA9"});
  Checker checker(*dict);
  EXPECT_EQ(checker.CountUnchecked("hello world helo\nplain ascii\n"), 0u);
  EXPECT_EQ(checker.CountUnchecked(
                "hello \xE4\xBD\xA0\xE5\xA5\xBD world\n"  // 你好
                "caf\xC3\xA9 \xD0\xBF\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82 "
                "\xD0\xBC\xD0\xB8\xD1\x80"),  // привет мир, no final newline
            3u);
  EXPECT_FALSE(checker.IsCheckable("\xD0\xBC\xD0\xB8\xD1\x80"));
  EXPECT_TRUE(checker.IsCheckable("caf\xC3\xA9"));
  EXPECT_TRUE(checker.IsCheckable("helo"));
  // A Cyrillic dictionary counts the Latin words instead.
  auto russian = MakeDictionary({"\xD0\xBC\xD0\xB8\xD1\x80"}, "ru");
  Checker r(*russian);
  EXPECT_EQ(r.CountUnchecked("\xD0\xBC\xD0\xB8\xD1\x80 hello world\n"), 2u);
}

TEST(CheckerTest, UncheckedWordsAreFoundAsSpans) {
  auto dict = MakeDictionary({"hello", "world", "caf\xC3\xA9"});
  Checker checker(*dict);
  std::vector<Misspelling> spans{{1, 1}};
  checker.FindUnchecked("hello world helo\nplain ascii caf\xC3\xA9\n", &spans);
  EXPECT_TRUE(spans.empty());
  // "hello привет\nмир café 你好": offsets in bytes, across lines.
  const std::string text =
      "hello \xD0\xBF\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82\n"
      "\xD0\xBC\xD0\xB8\xD1\x80 caf\xC3\xA9 \xE4\xBD\xA0\xE5\xA5\xBD";
  checker.FindUnchecked(text, &spans);
  ASSERT_EQ(spans.size(), 3u);
  EXPECT_EQ(text.substr(spans[0].offset, spans[0].length),
            "\xD0\xBF\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82");
  EXPECT_EQ(text.substr(spans[1].offset, spans[1].length),
            "\xD0\xBC\xD0\xB8\xD1\x80");
  EXPECT_EQ(text.substr(spans[2].offset, spans[2].length),
            "\xE4\xBD\xA0\xE5\xA5\xBD");
  EXPECT_EQ(spans.size(), checker.CountUnchecked(text));
  // A Cyrillic dictionary finds the Latin words instead.
  auto russian = MakeDictionary({"\xD0\xBC\xD0\xB8\xD1\x80"}, "ru");
  Checker r(*russian);
  r.FindUnchecked("\xD0\xBC\xD0\xB8\xD1\x80 hello", &spans);
  ASSERT_EQ(spans.size(), 1u);
  EXPECT_EQ(spans[0].offset, 7u);
  EXPECT_EQ(spans[0].length, 5u);
}

TEST(CheckerTest, NumbersUrlsAndEmailsAreNotWords) {
  auto dict = MakeDictionary({"see", "at", "or", "mail"});
  Checker checker(*dict);
  EXPECT_EQ(Misspelled(checker,
                       "see 3.14 or 1,000 at https://exampel.org/pth or mail "
                       "someone@exampel.org or www.exampel.com"),
            V());
}

TEST(CheckerTest, GreekAndTurkishDictionaries) {
  auto greek = MakeDictionary({"\xCE\xBF\xCE\xB4\xCF\x8C\xCF\x82",   // οδός
                               "\xCE\xBF\xCE\xB4\xCE\xBF\xCF\x82"},  // οδος
                              "el");
  Checker g(*greek);
  EXPECT_TRUE(g.IsCorrect("\xCE\x9F\xCE\x94\xCE\x9F\xCE\xA3"));  // ΟΔΟΣ
  auto turkish = MakeDictionary({"istanbul", "\xC4\xB1sparta"}, "tr");
  Checker t(*turkish);
  EXPECT_TRUE(t.IsCorrect("\xC4\xB0STANBUL"));  // İSTANBUL
  EXPECT_TRUE(t.IsCorrect("ISPARTA"));
  EXPECT_FALSE(t.IsCorrect("ISTANBUL"));  // dotless I is another letter
}

TEST(CheckerTest, GermanSharpS) {
  auto dict = MakeDictionary({"stra\xC3\x9F" "e", "gro\xC3\x9F", "Gr\xC3\xB6\xC3\x9F" "e"}, "de");
  Checker checker(*dict);
  EXPECT_TRUE(checker.IsCorrect("STRASSE"));
  EXPECT_TRUE(checker.IsCorrect("Stra\xC3\x9F" "e"));
  EXPECT_TRUE(checker.IsCorrect("GROSS"));
  EXPECT_TRUE(checker.IsCorrect("GR\xC3\x96SSE"));  // GRÖSSE -> Größe
  EXPECT_FALSE(checker.IsCorrect("strasse"));
}

// ALL UPPER with ß, as Hunspell (de_DE) accepts them: STRAßE, GRÖßE; not
// when the lower-case word is not in the dictionary (FLUß for "Fluss"),
// nor mixed or wrongly capitalised forms.
TEST(CheckerTest, GermanAllUpperWithSharpS) {
  auto dict = MakeDictionary(
      {"stra\xC3\x9F" "e", "Gr\xC3\xB6\xC3\x9F" "e", "Fluss", "Fu\xC3\x9F" "ball"}, "de");
  Checker checker(*dict);
  EXPECT_TRUE(checker.IsCorrect("STRA\xC3\x9F" "E"));
  EXPECT_TRUE(checker.IsCorrect("GR\xC3\x96\xC3\x9F" "E"));
  EXPECT_TRUE(checker.IsCorrect("FU\xC3\x9F" "BALL"));
  EXPECT_TRUE(checker.IsCorrect("FLUSS"));
  EXPECT_FALSE(checker.IsCorrect("FLU\xC3\x9F"));
  EXPECT_FALSE(checker.IsCorrect("gr\xC3\xB6\xC3\x9F" "e"));
  EXPECT_FALSE(checker.IsCorrect("Gr\xC3\xB6sse"));
  EXPECT_FALSE(checker.IsCorrect("StRA\xC3\x9F" "E"));
  EXPECT_EQ(Misspelled(checker, "STRA\xC3\x9F" "E FLU\xC3\x9F GR\xC3\x96SSE"),
            V({"FLU\xC3\x9F"}));
}

TEST(CheckerTest, InvalidUtf8AndNulNeverCrash) {
  auto dict = MakeDictionary({"good", "word"});
  Checker checker(*dict);
  const char kText[] = "good\xFFword\0good\xC3 wrod\xE2\x82";
  const std::string text(kText, sizeof(kText) - 1);
  EXPECT_EQ(Misspelled(checker, text), V({"wrod"}));
}

}  // namespace
}  // namespace spellfilter

namespace spellfilter {
namespace {

std::vector<std::pair<size_t, std::string>> Found(Checker& checker,
                                                  std::string_view text) {
  std::vector<Misspelling> found;
  checker.Check(text, &found);
  std::vector<std::pair<size_t, std::string>> out;
  for (const Misspelling& m : found) {
    out.emplace_back(m.offset, std::string(text.substr(m.offset, m.length)));
  }
  return out;
}

TEST(CheckerCodeWordsTest, IdentifierPartsAreCheckedAndReportedAtTheirOffset) {
  auto dict = MakeDictionary({"get", "user", "name", "parse", "response",
                              "request", "server"});
  Checker checker(*dict);
  const std::string_view text = "getUserNmae parseHttpRespnse HTTPServer";
  // Without code words: whole identifiers are flagged.
  EXPECT_EQ(Misspelled(checker, text),
            V({"getUserNmae", "parseHttpRespnse", "HTTPServer"}));
  checker.SetCodeWords(4);
  // "Http" and "HTTP" are 4 letters and unknown here: flagged as parts.
  using F = std::vector<std::pair<size_t, std::string>>;
  EXPECT_EQ(Found(checker, text),
            F({{7, "Nmae"}, {17, "Http"}, {21, "Respnse"}, {29, "HTTP"}}));
}

TEST(CheckerCodeWordsTest, ShortPartsAreNotFlagged) {
  auto dict = MakeDictionary({"value"});
  Checker checker(*dict);
  checker.SetCodeWords(4);
  EXPECT_EQ(Misspelled(checker, "xyzValue abc qwer"), V({"qwer"}));
  checker.SetCodeWords(5);
  EXPECT_EQ(Misspelled(checker, "xyzValue abc qwer"), V());
}

// Run-on words (run_on_words.h): right in the code stretches given to
// Check, wrong in comments and strings, wrong when one edit from a word.
TEST(CheckerCodeWordsTest, RunOnWordsAreRightInCodeOnly) {
  auto dict = MakeDictionary({"err", "msg", "cmd", "class", "data", "stream",
                              "separators", "each", "other"});
  Checker checker(*dict);
  checker.SetCodeWords(4);
  //                            0         1         2         3
  //                            0123456789012345678901234567890123456789
  const std::string_view text = "errmsg cmdclass // eachother errmsg\n"
                                "DATASTREAM seperators cmdclas Errmsg\n";
  // Code: [0, 16) and the second line; the comment [16, 36) is not.
  const std::vector<CodeSpan> code = {{0, 16}, {36, text.size()}};
  std::vector<Misspelling> found;
  checker.Check(text, &found, code);
  std::vector<std::string> words;
  for (const Misspelling& m : found) {
    words.emplace_back(text.substr(m.offset, m.length));
  }
  // seperators is separators misspelled (sep + era + tors is three pieces,
  // and it is one edit from a word); cmdclas has no known second piece.
  // In capitals or capitalised (getErrmsg's part), run-ons are right too.
  EXPECT_EQ(words, V({"eachother", "errmsg", "seperators", "cmdclas"}));
  // The same text without code stretches: every run-on is flagged, also
  // after being accepted in code (the verdict is not cached).
  EXPECT_EQ(Misspelled(checker, text),
            V({"errmsg", "cmdclass", "eachother", "errmsg", "DATASTREAM",
               "seperators", "cmdclas", "Errmsg"}));
  // Outside code mode, no run-ons either.
  checker.SetCodeWords(0);
  checker.Check(text, &found, code);
  EXPECT_EQ(found.size(), 8u);
}

// The possessive of an extra dictionary's word is right (they do not list
// possessives); not that of a word no dictionary has, nor without extras.
TEST(CheckerCodeWordsTest, PossessiveOfAnExtraDictionarysWord) {
  auto dict = MakeDictionary({"the", "data"});
  auto code = MakeDictionary({"ICU", "formatter"});
  Checker checker(*dict);
  const std::string_view text =
      "ICU's formatter's formatter\u2019s ICUs formattr's";
  EXPECT_EQ(Misspelled(checker, text),
            V({"ICU's", "formatter's", "formatter\u2019s", "ICUs",
               "formattr's"}));
  checker.SetExtraDictionary(nullptr, code.get());
  EXPECT_EQ(Misspelled(checker, text), V({"ICUs", "formattr's"}));
}

TEST(CheckerCodeWordsTest, AKnownWholeIsNotSplit) {
  auto dict = MakeDictionary({"GitLab", "lab", "git"});
  Checker checker(*dict);
  checker.SetCodeWords(3);
  EXPECT_EQ(Misspelled(checker, "GitLab GitLabb"), V({"Labb"}));
}

TEST(CheckerCodeWordsTest, ExtraDictionaryAcceptsItsWords) {
  auto dict = MakeDictionary({"the", "data"});
  auto code = MakeDictionary({"printf", "config"});
  Checker checker(*dict);
  EXPECT_EQ(Misspelled(checker, "printf the config data"),
            V({"printf", "config"}));
  checker.SetExtraDictionary(code.get());
  EXPECT_EQ(Misspelled(checker, "printf the config data"), V());
  // Unset: the cache forgets what the extra dictionary accepted.
  checker.SetExtraDictionary(nullptr);
  EXPECT_EQ(Misspelled(checker, "printf the config data"),
            V({"printf", "config"}));
}

TEST(CheckerCodeWordsTest, SecondExtraDictionaryAcceptsItsWordsToo) {
  auto dict = MakeDictionary({"the", "data"});
  auto code = MakeDictionary({"printf"});
  auto c_family = MakeDictionary({"cplusplus"});
  Checker checker(*dict);
  checker.SetExtraDictionary(code.get(), c_family.get());
  // Case forms as for the others: CPLUSPLUS for cplusplus.
  EXPECT_EQ(Misspelled(checker, "printf the CPLUSPLUS data recieve"),
            V({"recieve"}));
  // Without the second, its words are wrong again (the cache forgets them).
  checker.SetExtraDictionary(code.get());
  EXPECT_EQ(Misspelled(checker, "printf the CPLUSPLUS data recieve"),
            V({"CPLUSPLUS", "recieve"}));
}

// A C-family list with cspell's compound parts (cpp_compounds.txt): a word
// made of them is right in any case form, begin (middle*) end; not a part
// in a role it does not have, and not a compound one edit from a word of
// the language (iput: input), nor without the list.
TEST(CheckerCodeWordsTest, CompoundsOfAnExtraDictionarysParts) {
  auto dict = MakeDictionary({"the", "title", "case", "data", "input", "put"});
  auto code = MakeDictionary({"printf"});
  auto c_family = MakeDictionaryWithParts(
      {"cplusplus"}, {"u\tb", "i\tb", "c\tb", "title\tb", "case\te", "loc\tbme",
                      "data\te", "put\te", "set\tb"});
  Checker checker(*dict);
  const std::string_view text =
      "titlecase Titlecase ULOCDATA ulocdata uloc casetitle iput printf "
      "ucase settitle ccase";
  EXPECT_EQ(Misspelled(checker, text),
            V({"titlecase", "Titlecase", "ULOCDATA", "ulocdata", "uloc",
               "casetitle", "iput", "printf", "ucase", "settitle", "ccase"}));
  checker.SetExtraDictionary(code.get(), c_family.get());
  // casetitle: case only ends and title only begins; settitle: title
  // cannot end; iput is one edit from input; ccase is case with its
  // first letter doubled.
  EXPECT_EQ(Misspelled(checker, text),
            V({"casetitle", "iput", "settitle", "ccase"}));
  // The list's own words still count, and without it compounds are wrong.
  EXPECT_EQ(Misspelled(checker, "cplusplus titlecase"), V());
  checker.SetExtraDictionary(code.get());
  EXPECT_EQ(Misspelled(checker, "cplusplus titlecase"),
            V({"cplusplus", "titlecase"}));
}

// Thai is written without spaces; ICU's word breaks come from ICU's own
// word list, which cuts แพกเกจ (package) into แพ + ก + เกจ. The flagged ก
// is covered by the dictionary's segmentation of its run, so raw text
// agrees with text cut into the dictionary's words.
TEST(CheckerTest, ThaiRunsAreSegmentedWithTheDictionary) {
  auto dict = MakeDictionary({"ติด", "ตั้ง", "แพ", "แพกเกจ", "เกจ", "ใหม่"});
  Checker checker(*dict);
  EXPECT_EQ(Misspelled(checker, "ติดตั้ง แพกเกจ ใหม่"), V());  // pre-cut
  EXPECT_EQ(Misspelled(checker, "ติดตั้งแพกเกจใหม่"), V());   // raw
  EXPECT_EQ(Misspelled(checker, "Debian: ติดตั้งแพกเกจใหม่."), V());
  // A typo is still flagged: ICU's tokens (แพ, ก, เกข) that hold the
  // letters the segmentation leaves unknown (กเกข; แพ is a word).
  EXPECT_EQ(Misspelled(checker, "ติดตั้งแพกเกขใหม่"), V({"ก", "เกข"}));
  // The word API gets one word: a piece of one is not a word.
  EXPECT_TRUE(checker.IsCorrect("แพกเกจ"));
  EXPECT_FALSE(checker.IsCorrect("ก"));
  // Accepted through its neighbours only: never cached as a known word.
  EXPECT_EQ(Misspelled(checker, "ก"), V({"ก"}));
  EXPECT_EQ(Misspelled(checker, "ติดตั้งแพกเกจใหม่"), V());
  EXPECT_EQ(Misspelled(checker, "ก ติด"), V({"ก"}));
}

std::unique_ptr<Dictionary> MakeDictionaryWithBreaks(
    std::initializer_list<std::string_view> words,
    std::vector<std::string> breaks) {
  BuildOptions options;
  DictionaryBuilder builder(options);
  for (std::string_view w : words) {
    EXPECT_TRUE(builder.AddLine(w, "test").ok());
  }
  EXPECT_TRUE(builder.SetWordBreaks(breaks).ok());
  StatusOr<std::string> image = builder.Finish(nullptr);
  EXPECT_TRUE(image.ok()) << image.status().message();
  auto d = Dictionary::FromBytes(*image, "test.sfd");
  EXPECT_TRUE(d.ok()) << d.status().message();
  return std::move(d).value();
}

// The word API decides a word as Hunspell_spell does: BREAK (hunspell(5)'s
// examples: break_splitter_test.cpp), trailing full stops, numbers.
TEST(CheckerTest, WordApiBreaksDotsAndNumbers) {
  auto dict = MakeDictionaryWithBreaks(
      {"foo", "bar", "E-Mail", "Adresse", "etc.", "z", "B"},
      {"-", "^-", "-$", "."});
  Checker checker(*dict);
  for (std::string_view ok :
       {"foo-bar", "Foo-Bar", "FOO-BAR", "-foo", "foo-", "E-Mail-Adresse",
        "z.B", "z.B.", "etc.", "foo.", "foo..", "1,234.5", "10-12", "1.",
        "-1"}) {
    EXPECT_TRUE(checker.IsCorrect(ok)) << ok;
    EXPECT_TRUE(checker.IsCorrect(ok)) << ok << " (cached)";
  }
  for (std::string_view bad :
       {"foo-baz", "e-mail-adresse", "etc", "baz.", "1,,2", ".5",
        "1.5e3", "foo-bar-baz", "a-a-a-a-a-a-a-a-a-a-a"}) {
    EXPECT_FALSE(checker.IsCorrect(bad)) << bad;
  }
  // Without a WORD_BREAKS section (spellfilter's own lists) nothing is
  // broken; dots and numbers are still Hunspell's.
  auto plain = MakeDictionary({"foo", "bar"});
  Checker plain_checker(*plain);
  EXPECT_FALSE(plain_checker.IsCorrect("foo-bar"));
  EXPECT_TRUE(plain_checker.IsCorrect("foo."));
  EXPECT_TRUE(plain_checker.IsCorrect("3.14"));
}

// Running text is cut at hyphens; a part that is no word is correct in a
// hyphenated word that is correct whole.
TEST(CheckerTest, PartsOfHyphenatedWordsCorrectWhole) {
  auto dict = MakeDictionaryWithBreaks({"the", "Know-how", "E-Mail", "Adresse"},
                                       {"-"});
  Checker checker(*dict);
  EXPECT_EQ(Misspelled(checker, "the Know-how"), V());
  EXPECT_EQ(Misspelled(checker, "the E-Mail-Adresse"), V());
  EXPECT_EQ(Misspelled(checker, "the Know-what"), V({"Know", "what"}));
  EXPECT_EQ(Misspelled(checker, "the Know how"), V({"Know", "how"}));
  EXPECT_EQ(Misspelled(checker, "the Know--how"), V({"Know", "how"}));
  EXPECT_EQ(Misspelled(checker, "Mail-Adresse"), V({"Mail"}));
  // Listed whole without BREAK (spellfilter's own lists).
  auto plain = MakeDictionary({"the", "know-how"});
  Checker plain_checker(*plain);
  EXPECT_EQ(Misspelled(plain_checker, "the know-how"), V());
  EXPECT_EQ(Misspelled(plain_checker, "know how"), V({"know", "how"}));
}

}  // namespace
}  // namespace spellfilter
