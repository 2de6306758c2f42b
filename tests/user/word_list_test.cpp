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

}  // namespace
}  // namespace spellfilter
