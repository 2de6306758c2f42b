#include "core/text/markdown_filter.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/check/checker.h"
#include "tests/support/markdown_reference.h"
#include "tests/support/test_dictionary.h"

namespace spellfilter {
namespace {

std::string Blanked(std::string text) {
  MarkdownFilter f;
  f.Blank(text);
  return text;
}

// `text` with each of `parts` (in order, each after the last) blanked as
// the filter blanks: spaces, keeping line breaks and continuation bytes.
std::string Without(std::string text, std::vector<std::string> parts) {
  size_t from = 0;
  for (const std::string& part : parts) {
    const size_t at = text.find(part, from);
    EXPECT_NE(at, std::string::npos) << part;
    if (at == std::string::npos) break;
    for (size_t k = at; k < at + part.size(); ++k) {
      const auto c = static_cast<unsigned char>(text[k]);
      if ((c & 0xC0) != 0x80 && c != '\n') text[k] = ' ';
    }
    from = at + part.size();
  }
  return text;
}

void ExpectBlanked(const std::string& text, std::vector<std::string> parts) {
  EXPECT_EQ(Blanked(text), Without(text, std::move(parts))) << text;
}

TEST(MarkdownFilterTest, FencedCodeBlocksAreBlanked) {
  ExpectBlanked("Text\n```cpp\nint mian;\n```\nAfter\n",
                {"```cpp\nint mian;\n```"});
  // ~~~ fences; a shorter fence inside does not close a longer one.
  ExpectBlanked("~~~~\nteh\n~~~\nstill\n~~~~~\nback",
                {"~~~~\nteh\n~~~\nstill\n~~~~~"});
  // Indented, as in a list item, or in a block quote.
  ExpectBlanked("- item\n\n   ```\n   cdoe\n   ```\n- next",
                {"   ```\n   cdoe\n   ```"});
  ExpectBlanked("> ```\n> cdoe\n> ```\n> prose", {"> ```\n> cdoe\n> ```"});
  // An unclosed fence runs to the end of the document.
  ExpectBlanked("```\nx\ny", {"```\nx\ny"});
  // Backticks with a backtick in the "info string" are no fence.
  ExpectBlanked("``` a ` b\nword", {});
}

TEST(MarkdownFilterTest, IndentedCodeBlocksOutsideListsAreBlanked) {
  ExpectBlanked("Text:\n\n    int mian;\n\n\tmore cdoe\nAfter",
                {"    int mian;\n\n\tmore cdoe"});
  // Not after a paragraph line (a lazy continuation) ...
  ExpectBlanked("Text\n    continued txet\n", {});
  // ... nor inside a list, where it continues an item ...
  ExpectBlanked("- item\n\n    more of the itme\n\n1. next\n\n    txet\n", {});
  // ... until a paragraph at the margin after a blank line ends the list.
  ExpectBlanked("- item\n\nParagraph.\n\n    cdoe\n", {"    cdoe"});
  // A line at the margin ends the code block.
  ExpectBlanked("\n    cdoe\nback\n    txet\n", {"    cdoe"});
}

TEST(MarkdownFilterTest, CodeSpansAreBlanked) {
  ExpectBlanked("use `git comit` now", {"`git comit`"});
  ExpectBlanked("a ``x ` y`` b", {"``x ` y``"});
  // No closer on the line: the backticks are text.
  ExpectBlanked("a `lone b\n`c", {});
  // An escaped backtick opens nothing.
  ExpectBlanked("\\`not code\\`", {});
}

TEST(MarkdownFilterTest, LinkDestinationsAndMarkupAreBlanked) {
  ExpectBlanked("see [the dcos](https://x.org/a \"Titel\") here",
                {"(https://x.org/a \"Titel\")"});
  ExpectBlanked("![a cat](cat.png)", {"(cat.png)"});
  ExpectBlanked("[x](a_(b)) y", {"(a_(b))"});
  ExpectBlanked("[docs]: https://example.com/dcos \"Docs\"",
                {"https://example.com/dcos"});
  ExpectBlanked("<https://x.org> and <me@x.org>",
                {"<https://x.org>", "<me@x.org>"});
  ExpectBlanked("<div class=\"wrnog\">text</div> 1 < 2 > 0",
                {"<div class=\"wrnog\">", "</div>"});
  ExpectBlanked("a <!-- tdoo\nmore --> b <!-- c --> d",
                {"<!-- tdoo\nmore -->", "<!-- c -->"});
}

TEST(MarkdownFilterTest, FrontMatterOnlyAtTheStart) {
  ExpectBlanked("---\ntitle: Helo\n---\nBody", {"---\ntitle: Helo\n---"});
  ExpectBlanked("Body\n---\ntitle\n---\n", {});
}

TEST(MarkdownFilterTest, BlankedCharactersStayOneCharacterEach) {
  const std::string text = "`caf\xC3\xA9` na\xC3\xAFve";
  const std::string out = Blanked(text);
  ASSERT_EQ(out.size(), text.size());
  auto code_points = [](const std::string& s) {
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
  };
  EXPECT_EQ(code_points(out), code_points(text));
  EXPECT_EQ(out.substr(0, 7), "     \xA9 ");  // é's second byte stays
  EXPECT_EQ(out.substr(8), "na\xC3\xAFve");
}

// Chunks end at line breaks (TextReader); the state carries over.
TEST(MarkdownFilterTest, ChunkedTextGivesTheSameResult) {
  const std::string doc =
      "---\nk: v\n---\n# Title\n\nSome `code` and [a link](u).\n\n```\n"
      "x = 1\n```\n<!-- a\nb -->\nEnd <b>bold</b>\n";
  const std::string whole = Blanked(doc);
  for (size_t cut = 0; cut < doc.size(); ++cut) {
    if (doc[cut] != '\n') continue;
    std::string chunked = doc;
    MarkdownFilter f;
    f.Blank(std::span<char>(chunked.data(), cut + 1));
    f.Blank(std::span<char>(chunked.data() + cut + 1, doc.size() - cut - 1));
    EXPECT_EQ(chunked, whole) << cut;
  }
  MarkdownFilter f;
  std::string again = doc;
  f.Blank(again);
  f.Reset();
  again = doc;
  f.Blank(again);
  EXPECT_EQ(again, whole);  // Reset: front matter is recognised again
}

TEST(MarkdownFilterTest, TheCheckerSeesOnlyProse) {
  auto dict = MakeDictionary({"use", "now", "the", "docs", "here", "see"});
  Checker checker(*dict);
  std::string text = "use `git comit` now\nsee [the dcos](https://x.y) here\n"
                     "```\nint mian;\n```\n";
  MarkdownFilter f;
  f.Blank(text);
  std::vector<Misspelling> found;
  checker.Check(text, &found);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(text.substr(found[0].offset, found[0].length), "dcos");
}

// The linear BlankInline blanks exactly what the quadratic one did
// (tests/support/markdown_reference.h), on random lines made of the
// characters that open and close its constructs.
TEST(MarkdownFilterTest, AgreesWithTheQuadraticReference) {
  std::mt19937 random(34);
  constexpr std::string_view kAlphabet = "[]()<>`\\!-:@ a/\n\t~*";
  for (int round = 0; round < 20000; ++round) {
    std::string text(random() % 60, ' ');
    for (char& c : text) c = kAlphabet[random() % kAlphabet.size()];
    std::string fast = text;
    std::string slow = text;
    MarkdownFilter f;
    f.Blank(fast);
    reference::ReferenceMarkdownFilter r;
    r.Blank(slow);
    ASSERT_EQ(fast, slow) << "input: " << text;
  }
}

// The same on long lines crowded with parentheses, brackets, escapes and
// backticks: the link parentheses' index works in blocks of 64 bytes and
// a tree of them, which lines of 60 bytes never reach past.
TEST(MarkdownFilterTest, AgreesWithTheQuadraticReferenceOnLongLines) {
  std::mt19937 random(3434);
  constexpr std::string_view kAlphabets[] = {"[]()\\a", "](((()))\\a`", "[]()()a ", "](]((()\\\\"};
  for (int round = 0; round < 400; ++round) {
    const std::string_view alphabet = kAlphabets[round % 4];
    std::string text(random() % 3000, ' ');
    for (char& c : text) c = alphabet[random() % alphabet.size()];
    std::string fast = text;
    std::string slow = text;
    MarkdownFilter().Blank(fast);
    reference::ReferenceMarkdownFilter().Blank(slow);
    ASSERT_EQ(fast, slow) << "input: " << text;
  }
}

// `text` line by line through MarkLine, its marks applied as Blank blanks;
// also checks that the state after each line is Blank's.
std::string Marked(const std::string& text) {
  MarkdownFilter marking;
  MarkdownFilter blanking;
  std::string out;
  size_t begin = 0;
  while (begin <= text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + begin, end - begin);
    // Bits past the line set beforehand must stay set, none other added.
    std::vector<uint64_t> bits((line.size() + 63) / 64 + 1, 0);
    bits.back() = 0x5;
    marking.MarkLine(line, bits);
    EXPECT_EQ(bits.back(), 0x5u);
    std::string blanked(line);
    blanked.push_back('\n');
    blanking.Blank(blanked);
    EXPECT_TRUE(marking == blanking) << "state after: " << line;
    for (size_t i = 0; i < line.size(); ++i) {
      const auto c = static_cast<unsigned char>(line[i]);
      const bool set = (bits[i / 64] >> (i % 64)) & 1;
      out.push_back(set && (c & 0xC0) != 0x80 ? ' ' : line[i]);
    }
    if (end == text.size()) break;
    out.push_back('\n');
    begin = end + 1;
  }
  return out;
}

// MarkLine (the language server's way: the document's line read, a bitmap
// written, no copy) marks exactly what Blank blanks, line after line,
// through every construct that spans lines.
TEST(MarkdownFilterTest, MarkLineMarksWhatBlankBlanks) {
  std::mt19937 random(1034);
  constexpr std::string_view kAlphabet = "[]()<>`\\!-:@ a/\n\n\t~*\xc3\xa9";
  for (int round = 0; round < 5000; ++round) {
    std::string text(random() % (round % 10 == 0 ? 2000 : 120), ' ');
    for (char& c : text) c = kAlphabet[random() % kAlphabet.size()];
    ASSERT_EQ(Marked(text), Blanked(text)) << "input: " << text;
  }
  const std::string document =
      "---\ntitle: x\n---\nSome `code` and [a link](http://x.y \"t\").\n\n"
      "    indented code\n\n```c\nint wrold;\n```\n<!-- a\ncomment -->text <b>bold</b>\n"
      "[label]: http://example.com \"title\"\n";
  EXPECT_EQ(Marked(document), Blanked(document));
}

// Lines of openers without closers (issue 34: 200 KB of `[a](` took 6 s):
// every opener used to scan to the line's end. Four such lines of 4 MB
// each, which would take hours at that rate, run in well under the test's
// timeout (tests/text/CMakeLists.txt); the result is checked too.
TEST(MarkdownFilterTest, LinesOfOpenersWithoutClosersAreLinear) {
  const auto repeated = [](std::string_view unit) {
    std::string s;
    while (s.size() < (size_t{4} << 20)) s += unit;
    return s;
  };
  std::string links = repeated("[a](");
  MarkdownFilter().Blank(links);
  EXPECT_EQ(links, repeated("[a]("));  // nothing closes: all prose
  std::string angles = repeated("<");
  MarkdownFilter().Blank(angles);
  EXPECT_EQ(angles, repeated("<"));
  // A single > at the end: each < looked for it and through what lay
  // between.
  std::string spaced = repeated("< ") + ">";
  MarkdownFilter().Blank(spaced);
  EXPECT_EQ(spaced, repeated("< ") + ">");
  std::string ticks;
  for (size_t n = 1; ticks.size() < (size_t{4} << 20); n = n % 2000 + 1) {
    ticks += std::string(n, '`') + "x";
  }
  const std::string before = ticks;
  MarkdownFilter().Blank(ticks);
  EXPECT_EQ(ticks.size(), before.size());
}

}  // namespace
}  // namespace spellfilter
