#include "core/text/code_filter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "core/text/code_noise.h"
#include "core/text/tokenizer.h"

namespace spellfilter {
namespace {

std::string Blanked(std::string text, CodeLanguage language,
                    CodeScope scope = CodeScope::kCommentsAndStrings) {
  CodeFilter filter(language, scope);
  filter.Blank(std::span<char>(text.data(), text.size()));
  return text;
}

// The words left to check, space-separated.
std::string Words(const std::string& text) {
  Tokenizer tokenizer;
  std::vector<Token> tokens;
  tokenizer.Tokenize(text, &tokens);
  std::string out;
  for (const Token& t : tokens) {
    if (!out.empty()) out += ' ';
    out.append(text, t.offset, t.length);
  }
  return out;
}

std::string NoiseWords(std::string text) {
  BlankCodeNoise(text.data(), text.data() + text.size());
  return Words(text);
}

TEST(CodeFilterTest, CLikeKeepsCommentsAndStringsOnly) {
  const std::string code =
      "int contr; // recieve teh data\n"
      "const char* s = \"helo wrold\"; /* a\nblock cmment */ return x;\n";
  const std::string out = Blanked(code, CodeLanguage::kCLike);
  EXPECT_EQ(out.size(), code.size());
  EXPECT_EQ(Words(out), "recieve teh data helo wrold a block cmment");
}

TEST(CodeFilterTest, AllScopeKeepsIdentifiersButNotCommentMarks) {
  const std::string out = Blanked("int getUser(); // see /usr/lib\n",
                                  CodeLanguage::kCLike, CodeScope::kAll);
  EXPECT_EQ(Words(out), "int getUser see");
}

// A URL's "//" is not a comment start: the URL stays whole and its noise
// is blanked, in code (stdin in code mode lexes as C) as in a comment.
TEST(CodeFilterTest, CLikeUrlSchemeDoesNotStartAComment) {
  EXPECT_EQ(Words(Blanked("see https://exmaple.com/x for teh detals\n",
                          CodeLanguage::kCLike, CodeScope::kAll)),
            "see for teh detals");
  EXPECT_EQ(Words(Blanked("x = 1; ftp://exmaple.org/qqz // but a commment\n",
                          CodeLanguage::kCLike, CodeScope::kAll)),
            "x but a commment");
  // A label or `case x:` before a comment, and "://" at a chunk's end,
  // still start one.
  EXPECT_EQ(Words(Blanked("case kX: // a commment\nlabel:// note\n",
                          CodeLanguage::kCLike)),
            "a commment note");
  EXPECT_EQ(Words(Blanked("x = y? a:// commment\n", CodeLanguage::kCLike)),
            "commment");
  EXPECT_EQ(Words(Blanked("int a://\n", CodeLanguage::kCLike)), "");
}

TEST(CodeFilterTest, ReportsTheStretchesOfCode) {
  //                 0         1         2         3
  //                 0123456789012345678901234567890123456
  std::string text = "int errmsg; // note\nf(\"str\", cmdclass);\n";
  CodeFilter all(CodeLanguage::kCLike, CodeScope::kAll);
  std::vector<CodeSpan> code = {{99, 100}};  // cleared first
  all.Blank(std::span<char>(text.data(), text.size()), &code);
  EXPECT_EQ(code, (std::vector<CodeSpan>{{0, 12}, {19, 22}, {27, 40}}));
  // Only comments and strings are checked: no code.
  std::string again = "int errmsg; // note\n";
  CodeFilter some(CodeLanguage::kCLike, CodeScope::kCommentsAndStrings);
  some.Blank(std::span<char>(again.data(), again.size()), &code);
  EXPECT_TRUE(code.empty());
  // A comment going on into the next chunk: code starts after it ends.
  std::string first = "a /* b\n";
  std::string second = "c */ dd\n";
  CodeFilter chunks(CodeLanguage::kCLike, CodeScope::kAll);
  chunks.Blank(std::span<char>(first.data(), first.size()), &code);
  EXPECT_EQ(code, (std::vector<CodeSpan>{{0, 2}}));
  chunks.Blank(std::span<char>(second.data(), second.size()), &code);
  EXPECT_EQ(code, (std::vector<CodeSpan>{{4, 8}}));
}

// A name joined by '_' in a comment or string is a name from the code: its
// stretch counts as code (its run-on words are right), prose words not.
TEST(CodeFilterTest, NamesJoinedByUnderscoreInCommentsCountAsCode) {
  //                 0         1         2         3
  //                 0123456789012345678901234567890123456
  std::string text = "x; // eachother g_errmsg _a b_ c__d\n";
  CodeFilter all(CodeLanguage::kCLike, CodeScope::kAll);
  std::vector<CodeSpan> code;
  all.Blank(std::span<char>(text.data(), text.size()), &code);
  EXPECT_EQ(code, (std::vector<CodeSpan>{{0, 3}, {16, 24}, {31, 35}, {35, 36}}));
  // Also in a string, and with only comments and strings checked.
  std::string py = "s = 'see cmd_class'\n";
  CodeFilter strings(CodeLanguage::kPython, CodeScope::kCommentsAndStrings);
  strings.Blank(std::span<char>(py.data(), py.size()), &code);
  EXPECT_EQ(code, (std::vector<CodeSpan>{{9, 18}}));
}

// The name after Doxygen's @param or \param (after [in] or [out] too) is
// the code's; the description after it is prose.
TEST(CodeFilterTest, DoxygenParameterNamesCountAsCode) {
  //                 0         1         2         3         4
  //                 01234567890123456789012345678901234567890123
  std::string text = "// @param errmsg the text \\param[in] buflen\n";
  CodeFilter all(CodeLanguage::kCLike, CodeScope::kCommentsAndStrings);
  std::vector<CodeSpan> code;
  all.Blank(std::span<char>(text.data(), text.size()), &code);
  EXPECT_EQ(code, (std::vector<CodeSpan>{{10, 16}, {37, 43}}));
}

TEST(CodeFilterTest, DocumentationCommandsInCommentsAreNotWords) {
  const std::string code =
      "/** \\brief Opens it. @param nmae \\endcode */\n"
      "s = \"\\nHello\\tworld\";\n";
  EXPECT_EQ(Words(Blanked(code, CodeLanguage::kCLike)),
            "Opens it nmae Hello world");
}

TEST(CodeFilterTest, RawStringsKeepBackslashesAsSeparators) {
  const std::string code =
      "a = [r'Team Tools\\Performance Tools', 'x\\nNew']\n";
  EXPECT_EQ(Words(Blanked(code, CodeLanguage::kPython)),
            "Team Tools Performance Tools x New");
}

// cspell's C/C++ settings skip #include lines: they name files.
TEST(CodeFilterTest, CLikeIncludeLinesAreBlankedWhole) {
  const std::string code =
      "#include \"unicode/utypes.h\"  // recieve\n"
      "  #  include <localpointr.h>\n"
      "#define INCLUDED_WROLD 1 // speling\n"
      "#included_wrold\n"
      "const char* s = \"#include teh\";\n";
  const std::string out = Blanked(code, CodeLanguage::kCLike, CodeScope::kAll);
  EXPECT_EQ(out.size(), code.size());
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 5);
  EXPECT_EQ(Words(out), "define INCLUDED WROLD speling included wrold const "
                        "char s include teh");
  // Python's '#' is a comment, not a directive.
  EXPECT_EQ(Words(Blanked("#include wrold\n", CodeLanguage::kPython)),
            "include wrold");
}

TEST(CodeNoiseTest, HtmlEntities) {
  EXPECT_EQ(NoiseWords("a &curren; b &amp;c &nope"), "a b c nope");
}

TEST(CodeFilterTest, StateCarriesAcrossChunks) {
  CodeFilter filter(CodeLanguage::kCLike, CodeScope::kCommentsAndStrings);
  std::string a = "x = 1; /* open\n";
  std::string b = "still comment */ y = z;\n";
  filter.Blank(std::span<char>(a.data(), a.size()));
  filter.Blank(std::span<char>(b.data(), b.size()));
  EXPECT_EQ(Words(a), "open");
  EXPECT_EQ(Words(b), "still comment");
}

TEST(CodeFilterTest, PythonCommentsAndTripleQuotedStrings) {
  const std::string code =
      "def f(x):\n"
      "    \"\"\"Retrun the\n    valeu.\"\"\"\n"
      "    return x  # a commnet\n"
      "y = r'raw\\d' + 'it''s'\n";
  EXPECT_EQ(Words(Blanked(code, CodeLanguage::kPython)),
            "Retrun the valeu a commnet raw d it s");
}

TEST(CodeFilterTest, HashFamilyCommentNeedsSpaceBefore) {
  const std::string code =
      "set(FOO bar) # a commment\n"
      "echo ${#array} \"quoted text\"\n"
      "key: value#notcomment\n";
  EXPECT_EQ(Words(Blanked(code, CodeLanguage::kHash)),
            "a commment quoted text");
}

TEST(CodeFilterTest, JsonStringsOnly) {
  EXPECT_EQ(Words(Blanked("{\"nmae\": [1, true, \"valeu\\n\"]}\n",
                          CodeLanguage::kJson)),
            "nmae valeu");
}

TEST(CodeFilterTest, UnclosedQuoteEndsAtLineEnd) {
  // Rust lifetimes and C++ digit separators.
  const std::string code = "fn f<'a>(x: &'a str) {}\nint n = 1'000; // okay\n";
  EXPECT_EQ(Words(Blanked(code, CodeLanguage::kCLike)), "a x okay");
}

TEST(CodeNoiseTest, UrlsMailsPathsAreSkipped) {
  EXPECT_EQ(NoiseWords("see (https://exmaple.org/pth), mail jdoe@exmaple.com"),
            "see mail");
  EXPECT_EQ(NoiseWords("in /usr/incldue/stdoi.h and ./srcs/x or a/bb/cc"),
            "in and or");
  EXPECT_EQ(NoiseWords("either and/or works"), "either and or works");
}

TEST(CodeNoiseTest, HexHashesUuidsBase64) {
  EXPECT_EQ(NoiseWords("mask 0xDEADBEEF commit 3f2a9c1e done"), "mask commit done");
  EXPECT_EQ(NoiseWords("id 123e4567-e89b-12d3-a456-426614174000 ok"), "id ok");
  EXPECT_EQ(NoiseWords("key QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0MjQy end"),
            "key end");
  EXPECT_EQ(NoiseWords("pad aGVsbG8gd29ybGQ= end"), "pad end");
  EXPECT_EQ(NoiseWords("deadbeef facade"), "deadbeef facade");
}

TEST(CodeNoiseTest, EscapesAndFormatSpecifiers) {
  EXPECT_EQ(NoiseWords("\\nHello\\tworld \\x41 bc \\u00e9t\\U0001F600x"),
            "Hello world bc t x");
  EXPECT_EQ(NoiseWords("%s hello %-5.2f kg %lu items 100% sure %select"),
            "hello kg items sure select");
  EXPECT_EQ(NoiseWords("{0}value {} {:>8}x {name}"), "value x name");
}

// As cspell's UnicodeRef: U+ and 4 to 6 hex digits, or a range of two;
// not a longer run, nor letters after the digits, nor U+ inside a word.
TEST(CodeNoiseTest, UnicodeCodePoints) {
  EXPECT_EQ(NoiseWords("at U+d800..U+dfff and u+10FFFF, U+0041-005A ok"),
            "at and ok");
  EXPECT_EQ(NoiseWords("U+dfffz U+dfffffff XU+dfff U+abc"),
            "U dfffz U dfffffff XU dfff U abc");
}

// As cspell's regExRepeatedChar: a word of one letter 4 or more times, in
// any case, is a placeholder (xxxx, ZZZZ, Zzzz); not 3 times, nor as part
// of a longer word.
TEST(CodeNoiseTest, OneLetterRepeatedIsNotAWord) {
  EXPECT_EQ(NoiseWords("xxxx-xx ZZZZ Zzzz MMMMM (vvvv) yyyy_mm"),
            "xx mm");
  EXPECT_EQ(NoiseWords("zzz xxxxy axxxx"), "zzz xxxxy axxxx");
}

TEST(CodeNoiseTest, UnderscoresAndDigitsBreakWords) {
  EXPECT_EQ(NoiseWords("snake_case SCREAMING_CASE utf8 x86_64 __init__"),
            "snake case SCREAMING CASE utf x init");
}

TEST(CodeNoiseTest, BlankingKeepsLengthAndUtf8) {
  std::string s = "été https://é.fr/ü x";
  const std::string before = s;
  BlankCodeNoise(s.data(), s.data() + s.size());
  EXPECT_EQ(s.size(), before.size());
  EXPECT_EQ(Words(s), "été x");
}

}  // namespace
}  // namespace spellfilter

namespace spellfilter {
namespace {

// Any bytes, in chunks cut anywhere: the length, every line break and
// every UTF-8 continuation byte stay where they were, and every other
// byte is either kept or a space.
TEST(CodeFilterTest, BlankingPreservesLayoutOnRandomInput) {
  uint64_t state = 0x9E3779B97F4A7C15ull;
  const auto next = [&] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  static constexpr char kAlphabet[] =
      "ab_Z09 \n\t\"'`/*#\\%{}:@.-=+x\xC3\xA9\xF0\x9F\x98\x80";
  for (CodeLanguage language : {CodeLanguage::kCLike, CodeLanguage::kPython,
                                CodeLanguage::kHash, CodeLanguage::kJson}) {
    for (CodeScope scope : {CodeScope::kAll, CodeScope::kCommentsAndStrings}) {
      for (int round = 0; round < 200; ++round) {
        std::string text;
        const size_t n = next() % 300;
        for (size_t i = 0; i < n; ++i) {
          text += kAlphabet[next() % (sizeof kAlphabet - 1)];
        }
        const std::string before = text;
        CodeFilter filter(language, scope);
        for (size_t begin = 0; begin < text.size();) {
          const size_t end = std::min(text.size(), begin + 1 + next() % 40);
          filter.Blank(std::span<char>(text.data() + begin, end - begin));
          begin = end;
        }
        ASSERT_EQ(text.size(), before.size());
        for (size_t i = 0; i < text.size(); ++i) {
          const unsigned char b = static_cast<unsigned char>(before[i]);
          if (b == '\n' || (b & 0xC0) == 0x80) {
            ASSERT_EQ(text[i], before[i]) << i;
          } else {
            ASSERT_TRUE(text[i] == before[i] || text[i] == ' ') << i;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace spellfilter
