#include "core/user/word_list.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/text/word_syntax.h"

namespace spellfilter {
namespace {

using V = std::vector<std::string>;

V Words(const std::vector<SourcedWord>& s) {
  V out;
  for (const SourcedWord& w : s) out.push_back(w.word);
  return out;
}

TEST(UserWordListTest, ParsesAndRoundTrips) {
  WordForms forms("en-US", false);
  V words;
  ASSERT_TRUE(ParseWordList("b\na\nb\n", "l", &forms, &words).ok());
  EXPECT_EQ(words, V({"b", "a"}));
  EXPECT_EQ(SerializeWordList(words), "b\na\n");
  V trusted;
  SplitTrustedWordList("b\na\n", &trusted);
  EXPECT_EQ(trusted, words);
  ASSERT_TRUE(ParseWordList("", "l", &forms, &words).ok());
  EXPECT_TRUE(words.empty());
}

TEST(UserWordListTest, DamageNamesTheLine) {
  WordForms forms("en-US", false);
  V words;
  Status s = ParseWordList("ok\n\nfine\nno good\n", "list", &forms, &words);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), Status::Code::kCorruption);
  EXPECT_EQ(s.message(), "list:4: 'no good': contains white space (U+0020)");
  EXPECT_TRUE(words.empty());
  s = ParseWordList(std::string("a\0b\n", 4), "list", &forms, &words);
  EXPECT_NE(s.message().find("list:1:"), std::string::npos);
  EXPECT_NE(s.message().find("U+0000"), std::string::npos);
}

TEST(UserWordListTest, ImportsHunspellPersonalDictionaries) {
  ImportSummary sum;
  auto w = ParseImport(
      "foo\nbar/S\nand\\/or\nbaz/qux/z\n*forbidden\n\n# comment\r\nQt\r\n", "h",
      &sum);
  EXPECT_EQ(Words(w), V({"foo", "bar", "and/or", "baz", "Qt"}));
  EXPECT_EQ(w[1].where, "h:2");
  EXPECT_EQ(w[4].where, "h:8");
  EXPECT_EQ(sum.flags_stripped, 2u);
  EXPECT_EQ(sum.forbidden, 1u);
  EXPECT_FALSE(sum.aspell_header);
  // A .dic-style count on the first line.
  EXPECT_EQ(Words(ParseImport("2\nx\ny\n", "d", nullptr)), V({"x", "y"}));
}

TEST(UserWordListTest, ImportsAspellPersonalWordLists) {
  ImportSummary sum;
  auto w =
      ParseImport("personal_ws-1.1 en 3 utf-8\nKDE\nQt\nzorblax\n", "p", &sum);
  EXPECT_TRUE(sum.aspell_header);
  EXPECT_EQ(Words(w), V({"KDE", "Qt", "zorblax"}));
  EXPECT_EQ(w[0].where, "p:2");
}

TEST(WordSyntaxTest, Messages) {
  EXPECT_TRUE(CheckWordSyntax("naïve", "").ok());
  EXPECT_TRUE(CheckWordSyntax("O'Neill", "").ok());
  EXPECT_EQ(CheckWordSyntax("a b", "w").message(),
            "w: 'a b': contains white space (U+0020)");
  EXPECT_EQ(CheckWordSyntax("a\x1b[31m", "").message(),
            "'a\\u{1B}[31m': contains a control character (U+001B)");
  EXPECT_EQ(CheckWordSyntax("\xFF", "").message(),
            "'\\xFF': invalid UTF-8 at byte 0");
  EXPECT_EQ(CheckUserWord("#x", "").message(),
            "'#x': a word may not start with '#'");
  EXPECT_EQ(PrintableWord(std::string(50, 'a')), std::string(40, 'a') + "...");
}


// U+200C ZWNJ and U+200D ZWJ spell words of the cursive and Indic scripts;
// anywhere else they hide a word as every other invisible character does.
TEST(UserWordRuleTest, JoinersAreAllowedInsideWordsOfScriptsThatUseThem) {
  for (const std::string& word : {
           // Persian "I want": MIM YEH, ZWNJ, KHAH...
           std::string("\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645"),
           // Persian "books" (ketab-ha), Urdu/Kurdish alike.
           std::string("\u06A9\u062A\u0627\u0628\u200C\u0647\u0627"),
           // Hindi: KA VIRAMA ZWJ SSA (half form), KA VIRAMA ZWNJ SSA.
           std::string("\u0915\u094D\u200D\u0937"),
           std::string("\u0915\u094D\u200C\u0937"),
           // Sinhala "sri": SHA AL-LAKUNA ZWJ RA VOWEL-SIGN-II.
           std::string("\u0DC1\u0DCA\u200D\u0DBB\u0DD3"),
           // Malayalam chillu (old encoding): NA VIRAMA ZWJ, then a letter.
           std::string("\u0D28\u0D4D\u200D\u0D2E"),
           // Bengali, after a mark: RA VIRAMA ZWJ YA.
           std::string("\u09B0\u09CD\u200D\u09AF"),
       }) {
    EXPECT_TRUE(CheckUserWord(word, "").ok())
        << CheckUserWord(word, "").message();
  }
}

TEST(UserWordRuleTest, JoinersAreRefusedWhereNoWordNeedsThem) {
  const std::string persian_a = "\u0645\u06CC";
  const std::string persian_b = "\u062E\u0648\u0627\u0647\u0645";
  for (const std::string& word : {
           // Latin-only, Cyrillic, Greek, Hebrew, CJK words.
           std::string("pay\u200Cpal"), std::string("ab\u200Dcd"),
           std::string("\u043F\u0440\u200C\u0438"),
           std::string("\u03B1\u200D\u03B2"),
           std::string("\u05D0\u200C\u05D1"),
           std::string("\u65E5\u200D\u672C"),
           // At the start or the end, doubled, both joiners in a row.
           "\u200C" + persian_a + persian_b, persian_a + persian_b + "\u200C",
           persian_a + "\u200D", "\u200D" + persian_b,
           persian_a + "\u200C\u200C" + persian_b,
           persian_a + "\u200C\u200D" + persian_b,
           // Between a joining script and Latin, or a digit, or a mark
           // alone at the start.
           persian_a + "\u200Cabc", std::string("abc\u200C") + persian_b,
           persian_a + "\u200C" + "\u06F1", std::string("\u094D\u200D\u0937"),
           // The joiner itself alone.
           std::string("\u200D"),
       }) {
    const Status s = CheckUserWord(word, "w");
    ASSERT_FALSE(s.ok()) << PrintableWord(word);
    EXPECT_NE(s.message().find("is only allowed between two letters of a script"),
              std::string::npos)
        << s.message();
    EXPECT_EQ(s.message().rfind("w: '", 0), 0u) << s.message();
  }
  // The other invisible characters stay refused, in Persian too.
  for (const std::string& word : {
           persian_a + "\u200B" + persian_b,  // zero width space
           persian_a + "\u202E" + persian_b,  // right-to-left override
           persian_a + "\u202A" + persian_b,  // left-to-right embedding
           persian_a + "\u2066" + persian_b,  // left-to-right isolate
           persian_a + "\u2069" + persian_b,  // pop directional isolate
           persian_a + "\u200F" + persian_b,  // right-to-left mark
           persian_a + "\u2060" + persian_b,  // word joiner
           persian_a + "\u00AD" + persian_b,  // soft hyphen
           std::string("\u0915\u094D\u2060\u0937"),
       }) {
    const Status s = CheckUserWord(word, "");
    ASSERT_FALSE(s.ok()) << PrintableWord(word);
    EXPECT_NE(s.message().find("invisible formatting character"),
              std::string::npos)
        << s.message();
  }
  // (U+FEFF is refused as white space, before this rule.)
  EXPECT_FALSE(CheckUserWord(persian_a + "\uFEFF" + persian_b, "").ok());
}

}  // namespace
}  // namespace spellfilter
