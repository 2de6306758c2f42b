#include "app/lsp/document.h"

#include <gtest/gtest.h>

#include <random>
#include <span>
#include <variant>
#include <string>

#include "app/lsp/utf16.h"
#include "tests/support/test_dictionary.h"

namespace spellfilter::lsp {
namespace {

std::string Flagged(const Document& d) {
  std::string out;
  d.ForEachMisspelling([&](size_t line, std::string_view text, Spot m) {
    out += std::to_string(line) + ":" + std::string(text.substr(m.offset, m.length)) + " ";
    return true;
  });
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

// An edit rechecks its lines and those up to the next checkpoint (at most
// kCheckpointLines more), not the document.
TEST(DocumentTest, AnEditRechecksOnlyItsLines) {
  auto dict = MakeDictionary({"the", "cat", "sat"});
  const Dictionary* const languages[] = {dict.get()};
  LanguageChecker checker(languages, LanguageMode::kAny);
  std::string text;
  for (int i = 0; i < 10000; ++i) text += "the cat sat\n";
  Document doc(text, CodeFilter(CodeLanguage::kCLike, CodeScope::kAll));
  EXPECT_EQ(doc.Recheck(checker), 10001u);  // and the empty last line
  EXPECT_EQ(doc.LineCount(), 10001u);
  doc.Replace({5000, 4}, {5000, 7}, "cta");
  const size_t most = Document::kCheckpointLines + 1;
  EXPECT_LE(doc.Recheck(checker), most);
  EXPECT_EQ(Flagged(doc), "5000:cta ");
  // A line split in two: the rest shift.
  doc.Replace({5000, 3}, {5000, 3}, "\n");
  EXPECT_LE(doc.Recheck(checker), most + 1);
  EXPECT_EQ(Flagged(doc), "5001:cta ");
  EXPECT_EQ(doc.LineCount(), 10002u);
  EXPECT_EQ(doc.Line(5001), " cta sat");
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
  // Lines 0-2 change state (the document is shorter than a checkpoint's
  // distance: all of it is checked again).
  EXPECT_EQ(doc.Recheck(checker), 5u);
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
  doc.Recheck(checker);
  EXPECT_EQ(Flagged(doc), "1:sta ");
  doc.Replace({0, 21}, {0, 21}, " $$");  // closes the math on line 0
  doc.Recheck(checker);
  EXPECT_EQ(Flagged(doc), "1:qzx ");
}

// Checkpoints: a state change far down (a comment opened at the top of a
// long file) is followed to its end, and past it the checking stops at the
// first checkpoint whose state is as before.
TEST(DocumentTest, AStateChangeIsFollowedAcrossCheckpoints) {
  auto dict = MakeDictionary({"the", "cat", "sat"});
  const Dictionary* const languages[] = {dict.get()};
  LanguageChecker checker(languages, LanguageMode::kAny);
  std::string text = "x;\n";
  for (int i = 0; i < 1000; ++i) text += "y = 1;\n";
  text += "*/\n";
  for (int i = 0; i < 1000; ++i) text += "z = 2;\n";
  Document doc(text, CodeFilter(CodeLanguage::kCLike, CodeScope::kCommentsAndStrings));
  doc.Recheck(checker);
  EXPECT_EQ(Flagged(doc), "");
  doc.Replace({0, 0}, {0, 0}, "/* ");
  const size_t checked = doc.Recheck(checker);
  EXPECT_GE(checked, 1002u);
  EXPECT_LE(checked, 1002u + Document::kCheckpointLines);
  std::string expected = "0:x ";
  for (int i = 1; i <= 1000; ++i) expected += std::to_string(i) + ":y ";
  EXPECT_EQ(Flagged(doc), expected);
  doc.Replace({0, 0}, {0, 3}, "");
  doc.Recheck(checker);
  EXPECT_EQ(Flagged(doc), "");
}

// The document after random edits (line breaks of the three kinds, edits
// across lines, past the end, inside a CRLF) is the document made from its
// text: same lines, same misspellings.
// The byte offset of (line, character) in `text` as the protocol counts
// them, from the text's start (what Replace must find however it gets
// there: the document counts from the last position it found).
size_t ReferenceByteOf(const std::string& text, Position p) {
  size_t begin = 0;
  for (size_t l = 0; l < p.line; ++l) {
    const size_t br = text.find_first_of("\r\n", begin);
    if (br == std::string::npos) return text.size();
    begin = br + (text.compare(br, 2, "\r\n") == 0 ? 2 : 1);
  }
  size_t end = text.find_first_of("\r\n", begin);
  if (end == std::string::npos) end = text.size();
  return begin + ByteOffsetOfUtf16(std::string_view(text).substr(begin, end - begin),
                                   p.character);
}

// Edits next to each other (typing forwards, deleting backwards, inside
// surrogate pairs, across line breaks and stray continuation bytes) land
// where counting each position from its line's start puts them.
TEST(DocumentTest, PositionsNearTheLastOneLandAsFromTheLineStart) {
  std::mt19937 rng(3402);
  const char* pieces[] = {"a", "b ", "\xC3\xA9", "\xF0\x9F\x98\x80", "\r", "\n", "\r\n",
                          "\x80", "\xE2\x82\xAC", ""};
  std::string text;
  for (int i = 0; i < 300; ++i) text += pieces[rng() % std::size(pieces)];
  Document doc(text, std::monostate());
  Position last{0, 0};
  for (int edit = 0; edit < 4000; ++edit) {
    Position a = last;
    if (rng() % 8 == 0) {
      a = Position{rng() % (doc.LineCount() + 1), rng() % 40};
    } else {
      const int step = static_cast<int>(rng() % 7) - 3;
      a.character = static_cast<size_t>(std::max(0, static_cast<int>(a.character) + step));
    }
    Position b = a;
    if (rng() % 3 == 0) b.character += rng() % 4;
    const std::string inserted = rng() % 2 ? pieces[rng() % std::size(pieces)] : "";
    const size_t x = ReferenceByteOf(text, a);
    const size_t y = ReferenceByteOf(text, b);
    text.replace(std::min(x, y), std::max(x, y) - std::min(x, y), inserted);
    doc.Replace(a, b, inserted);
    ASSERT_EQ(doc.Text(), text) << edit;
    last = a;
  }
}

TEST(DocumentTest, EditsGiveWhatAFreshDocumentGives) {
  auto dict = MakeDictionary({"the", "cat", "sat"});
  const Dictionary* const languages[] = {dict.get()};
  LanguageChecker checker(languages, LanguageMode::kAny);
  std::mt19937 rng(34);
  const char* pieces[] = {"the ", "cta ", "sat", "\n", "\r\n", "\r", "",
                          "/* ", " */", "teh", "\xC3\xA9t\xC3\xA9 ", "\xF0\x9F\x98\x80"};
  const auto random_text = [&](size_t n) {
    std::string t;
    for (size_t i = 0; i < n; ++i) t += pieces[rng() % std::size(pieces)];
    return t;
  };
  for (int round = 0; round < 40; ++round) {
    const LineFilter filter =
        round % 2 ? LineFilter(CodeFilter(CodeLanguage::kCLike, CodeScope::kCommentsAndStrings))
                  : LineFilter(std::monostate());
    Document doc(random_text(rng() % 400), filter);
    doc.Recheck(checker);
    for (int edit = 0; edit < 60; ++edit) {
      const size_t lines = doc.LineCount() + 2;
      Position a{rng() % lines, rng() % 12};
      Position b{rng() % 4 == 0 ? rng() % lines : a.line, rng() % 12};
      doc.Replace(a, b, random_text(rng() % 4));
      if (rng() % 3 == 0) continue;  // several edits before a check
      doc.Recheck(checker);
      Document fresh(doc.Text(), filter);
      fresh.Recheck(checker);
      ASSERT_EQ(doc.LineCount(), fresh.LineCount());
      for (size_t l = 0; l < doc.LineCount(); ++l) {
        ASSERT_EQ(doc.Line(l), fresh.Line(l)) << l;
      }
      ASSERT_EQ(Flagged(doc), Flagged(fresh)) << round << " " << edit;
      ASSERT_EQ(doc.MisspellingCount(), fresh.MisspellingCount());
    }
  }
}

// Where two Flagged strings first differ, with some context (gtest
// truncates long strings).
std::string FirstDifference(const std::string& a, const std::string& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const size_t from = i > 60 ? i - 60 : 0;
  return "at " + std::to_string(i) + ": \"" + a.substr(from, 120) + "\" vs \"" +
         b.substr(from, 120) + "\"";
}

// What checking each line whole, as one text (the line and its line
// break, blanked by the filter), flags: what a document must find however
// it slices long lines and whatever part of a line an edit rechecks.
std::string FlaggedWhole(LanguageChecker& checker, const Document& d, LineFilter state) {
  std::string out;
  std::vector<Misspelling> found;
  std::vector<CodeSpan> code;
  for (size_t l = 0; l < d.LineCount(); ++l) {
    const std::string_view line = d.Line(l);
    std::string text(line);
    text += '\n';
    code.clear();
    std::visit(
        [&](auto& f) {
          using F = std::decay_t<decltype(f)>;
          if constexpr (std::is_same_v<F, CodeFilter>) {
            f.Blank(std::span<char>(text.data(), text.size()), &code);
          } else if constexpr (!std::is_same_v<F, std::monostate>) {
            f.Blank(std::span<char>(text.data(), text.size()));
          }
        },
        state);
    checker.Check(text, &found, code);
    for (const Misspelling& m : found) {
      out += std::to_string(l) + ":" + std::string(line.substr(m.offset, m.length)) + " ";
    }
  }
  return out;
}

// Long lines (checked in slices of kSliceBytes) edited in their middle (in
// plain text: only the words around the edit are checked again) flag what
// checking each line whole flags, with the words, punctuation, scripts and
// blanks around the cuts that could tell them apart; the misspellings
// stream (spliced in place, found from its marks) reads back as a fresh
// document's.
TEST(DocumentTest, LongLinesInSlicesAndWindowsFlagWhatWholeLinesFlag) {
  auto dict = MakeDictionary({"the", "cat", "sat", "know-how", "e.g"});
  const Dictionary* const languages[] = {dict.get()};
  LanguageChecker checker(languages, LanguageMode::kAny);
  std::mt19937 rng(3434);
  const char* pieces[] = {"the ", "cta ", "sat", " ", "  ", "\t", "teh. ", "know-how ",
                          "knwo-how ", "e.g. ", "cat's ", "x", "-", "'", "\"qzx\" ",
                          "http://example.com/teh ", "1234 ", "\xC3\xA9t\xC3\xA9 ",
                          "\xF0\x9F\x98\x80 ", "\xE0\xB8\x81\xE0\xB8\xB2 ", "/* ",
                          " */", "\"", "// ", "[a](", "](", ")[", "<", "a@b ", "www.teh.com ",
                          "`teh` ", "[cta](teh) ", "<b>", ")"};
  const auto random_text = [&](size_t n) {
    std::string t;
    for (size_t i = 0; i < n; ++i) t += pieces[rng() % std::size(pieces)];
    return t;
  };
  for (int round = 0; round < 9; ++round) {
    // Markdown (rounds 7 and 8) marks what it blanks in a bitmap and
    // blanks each slice in a copy of its own.
    const LineFilter filter =
        round >= 7 ? LineFilter(MarkdownFilter())
        : round % 3 == 2
            ? LineFilter(CodeFilter(CodeLanguage::kCLike, CodeScope::kCommentsAndStrings))
            : LineFilter(std::monostate());
    // Lines of 40-90 KB (several slices), and short ones between; in the
    // last rounds, lines without white space (cut between brackets only).
    std::string text;
    for (int l = 0; l < 3; ++l) {
      if (round == 6 || round == 7) {
        for (int k = 0; k < 12000; ++k) {
          text += rng() % 50 == 0 ? "tha(" : rng() % 2 ? "[a](" : "[cta](";
        }
        if (round == 7 && l == 1) text += "http://x.y/";
      } else {
        text += random_text(7000 + rng() % 3000);
      }
      text += l == 1 ? "\r\n" : "\nthe cta\n";
    }
    Document doc(text, filter);
    doc.Recheck(checker);
    ASSERT_EQ(Flagged(doc), FlaggedWhole(checker, doc, filter)) << round;
    for (int edit = 0; edit < 16; ++edit) {
      const size_t line = (rng() % 3) * 2;  // a long line
      const size_t units = Utf16Length(doc.Line(line), doc.Line(line).size());
      Position a{line, rng() % (units + 1)};
      Position b{line, std::min<size_t>(units, a.character + rng() % 8)};
      std::string inserted = random_text(rng() % 3);
      if (rng() % 10 == 0) inserted += "\n";
      doc.Replace(a, b, inserted);
      if (rng() % 4 == 0) continue;  // several edits before a check
      doc.Recheck(checker);
      const std::string flagged = Flagged(doc);
      const std::string whole = FlaggedWhole(checker, doc, filter);
      ASSERT_TRUE(flagged == whole)
          << round << " " << edit << " " << FirstDifference(flagged, whole);
      Document fresh(doc.Text(), filter);
      fresh.Recheck(checker);
      ASSERT_EQ(doc.MisspellingCount(), fresh.MisspellingCount());
      ASSERT_EQ(Flagged(doc), Flagged(fresh));
    }
  }
}

// Memory is the text and about a byte per line, not an object per line:
// a million blank lines hold under 2.5 MB (64 MB as 64-byte lines before).
TEST(DocumentTest, BlankLinesCostTheirByteAndAboutOneMore) {
  auto dict = MakeDictionary({"the", "cat", "sat"});
  const Dictionary* const languages[] = {dict.get()};
  LanguageChecker checker(languages, LanguageMode::kAny);
  Document doc(std::string(1000000, '\n'), MarkdownFilter());
  doc.Recheck(checker);
  EXPECT_EQ(doc.LineCount(), 1000001u);
  EXPECT_LT(doc.MemoryUsed(), 2500000u);
  // A line of misspellings: its text and about two bytes a word (and a
  // mark of 24 bytes every kSpotsPerMark).
  std::string line;
  for (int i = 0; i < 100000; ++i) line += "teh ";
  Document words(line, std::monostate());
  words.Recheck(checker);
  EXPECT_EQ(words.MisspellingCount(), 100000u);
  EXPECT_LT(words.MemoryUsed(),
            line.size() + 2 * 100000 + 24 * 100000 / Document::kSpotsPerMark + 16384);
  // Long offsets read back (LEB128 of several bytes).
  size_t n = 0;
  words.ForEachMisspelling([&](size_t l, std::string_view, Spot m) {
    EXPECT_EQ(l, 0u);
    EXPECT_EQ(m.offset, 4 * n);
    EXPECT_EQ(m.length, 3u);
    ++n;
    return true;
  });
  EXPECT_EQ(n, 100000u);
}

}  // namespace
}  // namespace spellfilter::lsp
