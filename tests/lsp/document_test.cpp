#include "app/lsp/document.h"

#include <gtest/gtest.h>

#include <string>

#include "app/lsp/utf16.h"
#include "tests/support/test_dictionary.h"

namespace spellfilter::lsp {
namespace {

std::string Flagged(const Document& d) {
  std::string out;
  for (size_t i = 0; i < d.lines().size(); ++i) {
    for (const Spot& m : d.lines()[i].misspelled) {
      out += std::to_string(i) + ":" + d.lines()[i].text.substr(m.offset, m.length) + " ";
    }
  }
  return out;
}

TEST(Utf16Test, CountsSurrogatePairsTwice) {
  const std::string line = "a\xC3\xA9\xF0\x9F\x98\x80z";  // a é 😀 z
  EXPECT_EQ(Utf16Length(line, 1), 1u);
  EXPECT_EQ(Utf16Length(line, 3), 2u);
  EXPECT_EQ(Utf16Length(line, 7), 4u);
  EXPECT_EQ(Utf16Length(line, 99), 5u);
  EXPECT_EQ(ByteOffsetOfUtf16(line, 2), 3u);
  EXPECT_EQ(ByteOffsetOfUtf16(line, 3), 3u);  // inside the pair
  EXPECT_EQ(ByteOffsetOfUtf16(line, 4), 7u);
  EXPECT_EQ(ByteOffsetOfUtf16(line, 9), 8u);
}

TEST(DocumentTest, AnEditRechecksOnlyItsLines) {
  auto dict = MakeDictionary({"the", "cat", "sat"});
  const Dictionary* const languages[] = {dict.get()};
  LanguageChecker checker(languages, LanguageMode::kAny);
  std::string text;
  for (int i = 0; i < 10000; ++i) text += "the cat sat\n";
  Document doc(text, CodeFilter(CodeLanguage::kCLike, CodeScope::kAll));
  EXPECT_EQ(doc.Recheck(checker), 10001u);  // and the empty last line
  doc.Replace({5000, 4}, {5000, 7}, "cta");
  EXPECT_EQ(doc.Recheck(checker), 1u);
  EXPECT_EQ(Flagged(doc), "5000:cta ");
  // A line split in two: two lines checked, the rest shift.
  doc.Replace({5000, 3}, {5000, 3}, "\n");
  EXPECT_EQ(doc.Recheck(checker), 2u);
  EXPECT_EQ(Flagged(doc), "5001:cta ");
  EXPECT_EQ(doc.Recheck(checker), 0u);
}

TEST(DocumentTest, AnOpenedCommentRechecksTheLinesItCovers) {
  auto dict = MakeDictionary({"the", "cat", "sat"});
  const Dictionary* const languages[] = {dict.get()};
  LanguageChecker checker(languages, LanguageMode::kAny);
  Document doc("x = 1;\ny = 2;\nz = 3; */ w\nthe cat\n",
               CodeFilter(CodeLanguage::kCLike, CodeScope::kCommentsAndStrings));
  doc.Recheck(checker);
  EXPECT_EQ(Flagged(doc), "");
  doc.Replace({0, 0}, {0, 0}, "/* ");
  // Lines 0-2 change state; line 3 starts in code as before.
  EXPECT_EQ(doc.Recheck(checker), 3u);
  // In the comment now: "x", "y", "z" are words (one letter, flagged here
  // since no minimum length is set).
  EXPECT_EQ(Flagged(doc), "0:x 1:y 2:z ");
}

TEST(DocumentTest, ReplaceAcrossLinesAndPastTheEnd) {
  auto dict = MakeDictionary({"the", "cat", "sat"});
  const Dictionary* const languages[] = {dict.get()};
  LanguageChecker checker(languages, LanguageMode::kAny);
  Document doc("the cat\nsat the\ncat", std::monostate());
  doc.Replace({0, 4}, {1, 3}, "dgo");
  EXPECT_EQ(doc.Text(), "the dgo the\ncat");
  doc.Replace({7, 0}, {9, 0}, "!");
  EXPECT_EQ(doc.Text(), "the dgo the\ncat!");
  doc.Recheck(checker);
  EXPECT_EQ(Flagged(doc), "0:dgo ");
}

// TeX (a project's override, or languageId latex): math opened on one line
// is skipped on the next; an edit rechecks the lines after it only while
// the TeX state at their start differs from before.
TEST(DocumentTest, TexMathAcrossLines) {
  auto dict = MakeDictionary({"the", "cat", "sat"});
  const Dictionary* const languages[] = {dict.get()};
  LanguageChecker checker(languages, LanguageMode::kAny);
  Document doc("the \\textbf{cta} $$ x\nqzx $$ sta\nthe cat\n", TexFilter());
  EXPECT_EQ(doc.Recheck(checker), 4u);
  EXPECT_EQ(Flagged(doc), "0:cta 1:sta ");
  doc.Replace({0, 12}, {0, 15}, "cat");  // line 1 still starts in math
  EXPECT_EQ(doc.Recheck(checker), 1u);
  EXPECT_EQ(Flagged(doc), "1:sta ");
  doc.Replace({0, 21}, {0, 21}, " $$");  // closes the math on line 0
  EXPECT_EQ(doc.Recheck(checker), 4u);  // lines 1-3 start in another state
  EXPECT_EQ(Flagged(doc), "1:qzx ");
}

// Misspellings are packed (LEB128); they read back as they went in, long
// offsets and lengths included, and a line costs 64 bytes besides its
// text.
TEST(DocumentTest, SpotsReadBackAsPacked) {
  const std::vector<Misspelling> in = {{0, 3}, {4, 1}, {200, 130}, {70000, 5},
                                       {70005, 20000000}};
  const Spots spots(in);
  EXPECT_EQ(spots.size(), in.size());
  std::vector<Misspelling> out;
  for (const Spot& s : spots) out.push_back({s.offset, s.length});
  ASSERT_EQ(out.size(), in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    EXPECT_EQ(out[i].offset, in[i].offset);
    EXPECT_EQ(out[i].length, in[i].length);
  }
  EXPECT_TRUE(Spots().empty());
  EXPECT_EQ(Spots().begin(), Spots().end());
  EXPECT_LE(sizeof(Document::Line), 64u);
}

}  // namespace
}  // namespace spellfilter::lsp
