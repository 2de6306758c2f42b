#include "core/text/tokenizer.h"

#include <gtest/gtest.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <chrono>
#include <cstdint>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace spellfilter {
namespace {

using Mode = Tokenizer::Mode;
using Words = std::vector<std::string>;

// Strict UTF-8 check written from RFC 3629, independent of the tokenizer.
bool IsWellFormedUtf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    size_t n;
    uint32_t min;
    uint32_t cp;
    if (b0 < 0x80) {
      ++i;
      continue;
    } else if ((b0 & 0xE0) == 0xC0) {
      n = 2, min = 0x80, cp = b0 & 0x1F;
    } else if ((b0 & 0xF0) == 0xE0) {
      n = 3, min = 0x800, cp = b0 & 0x0F;
    } else if ((b0 & 0xF8) == 0xF0) {
      n = 4, min = 0x10000, cp = b0 & 0x07;
    } else {
      return false;
    }
    if (s.size() - i < n) return false;
    for (size_t k = 1; k < n; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if ((b & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      return false;
    }
    i += n;
  }
  return true;
}

// The invariants every result must satisfy, whatever the input.
void ExpectWellFormedTokens(std::string_view text,
                            const std::vector<Token>& tokens) {
  size_t previous_end = 0;
  for (const Token& t : tokens) {
    ASSERT_GT(t.length, 0u);
    ASSERT_LE(t.length, Tokenizer::kMaxWordBytes);
    ASSERT_LE(t.offset, text.size());
    ASSERT_LE(t.length, text.size() - t.offset);
    ASSERT_GE(t.offset, previous_end) << "tokens overlap or are out of order";
    previous_end = t.offset + t.length;
    const std::string_view word = text.substr(t.offset, t.length);
    EXPECT_TRUE(IsWellFormedUtf8(word));
    EXPECT_EQ(word.find('\0'), std::string_view::npos);
  }
}

std::vector<Token> TokensOf(std::string_view text, Mode mode) {
  Tokenizer tokenizer(mode);
  std::vector<Token> tokens;
  tokenizer.Tokenize(text, &tokens);
  return tokens;
}

Words ToWords(std::string_view text, const std::vector<Token>& tokens) {
  Words words;
  for (const Token& t : tokens) {
    words.emplace_back(text.substr(t.offset, t.length));
  }
  return words;
}

// Tokenizes in both modes, checks the invariants and that the modes agree,
// and returns the words.
Words Tokenize(std::string_view text) {
  const std::vector<Token> automatic = TokensOf(text, Mode::kAuto);
  const std::vector<Token> icu = TokensOf(text, Mode::kIcuOnly);
  ExpectWellFormedTokens(text, automatic);
  ExpectWellFormedTokens(text, icu);
  EXPECT_EQ(ToWords(text, automatic), ToWords(text, icu))
      << "fast path and ICU path disagree";
  EXPECT_EQ(automatic, icu) << "same words at different offsets";
  return ToWords(text, automatic);
}

// Printable form of a test input for failure messages.
std::string Escape(std::string_view s) {
  std::string out;
  for (const char c : s) {
    const auto b = static_cast<unsigned char>(c);
    if (b >= 0x20 && b < 0x7F && b != '\\') {
      out += c;
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
  }
  return out;
}

// Random ASCII biased towards the characters the word rules care about.
std::string RandomAsciiSoup(std::mt19937& rng, size_t max_length) {
  static constexpr std::string_view kAlphabet =
      "aAbzZwW'.'@:/_-,;0912 \t\n\r\v\f!\"#$%&()*+<=>?[\\]^`{|}~";
  std::string s;
  const size_t length = rng() % (max_length + 1);
  while (s.size() < length) {
    const unsigned r = rng() % 100;
    if (r < 40) {
      s += "abcwWxyzE"[rng() % 9];
    } else if (r < 48) {
      s += "0123"[rng() % 4];
    } else if (r == 48) {
      s += '\0';
    } else if (r < 53) {
      s += static_cast<char>(rng() % 128);
    } else if (r < 55) {
      s += "www.";
    } else if (r < 57) {
      s += "://";
    } else {
      s += kAlphabet[rng() % kAlphabet.size()];
    }
  }
  return s;
}

// Random prose: mostly words and spaces, so the fast path's 64-byte blocks
// see the common case, with occasional URLs, numbers, runs of 64+ bytes,
// contractions and abbreviations.
std::string RandomAsciiProse(std::mt19937& rng, size_t max_length) {
  static constexpr std::string_view kSeparators[] = {
      " ", " ", " ", " ", "  ", "\n", "\t",  ", ", ". ", "; ",   ": ",
      "-", "'", ".", "@", "_",  "/",  "://", " (", ") ", "\r\n", "!"};
  static constexpr std::string_view kSpecials[] = {
      "www.", "WwW.", "http://", "e.g.",  "don't", "1,000", "3rd", "a@b",
      "x_y",  "'tis", "O'Neill", "a.b.c", "www",   "ww.",   "a:b", "://"};
  std::string s;
  const size_t length = rng() % (max_length + 1);
  while (s.size() < length) {
    const unsigned r = rng() % 100;
    if (r < 5) {
      s += kSpecials[rng() % std::size(kSpecials)];
    } else if (r < 7) {
      s.append(60 + rng() % 100, "abW"[rng() % 3]);  // long runs
    } else {
      const size_t word = 1 + rng() % 12;
      for (size_t k = 0; k < word; ++k) {
        s += static_cast<char>((rng() % 8 == 0 ? 'A' : 'a') + rng() % 26);
      }
    }
    if (rng() % 4 != 0) {
      s += " ";
    } else {
      s += kSeparators[rng() % std::size(kSeparators)];
    }
  }
  return s;
}

TEST(TokenizerTest, EmptyInputGivesNoTokens) {
  EXPECT_EQ(Tokenize(""), Words{});
  EXPECT_EQ(Tokenize(" \t\r\n"), Words{});
}

TEST(TokenizerTest, ClearsOutputFirst) {
  Tokenizer tokenizer;
  std::vector<Token> tokens = {Token{7, 7}};
  tokenizer.Tokenize("one two", &tokens);
  EXPECT_EQ(tokens, (std::vector<Token>{{0, 3}, {4, 3}}));
  tokenizer.Tokenize("", &tokens);
  EXPECT_TRUE(tokens.empty());
}

TEST(TokenizerTest, ReportsByteOffsetsIntoTheInput) {
  EXPECT_EQ(TokensOf("  Hello,\tworld!", Mode::kAuto),
            (std::vector<Token>{{2, 5}, {9, 5}}));
  // "Grüße, Welt": ü and ß are two bytes each.
  EXPECT_EQ(TokensOf("Gr\xC3\xBC\xC3\x9F"
                     "e, Welt",
                     Mode::kAuto),
            (std::vector<Token>{{0, 7}, {9, 4}}));
}

TEST(TokenizerTest, SplitsEnglishSentence) {
  EXPECT_EQ(Tokenize("The quick brown fox jumps over the lazy dog."),
            (Words{"The", "quick", "brown", "fox", "jumps", "over", "the",
                   "lazy", "dog"}));
  EXPECT_EQ(Tokenize("Hello, world! (Really?) \"Yes\"; fine: done..."),
            (Words{"Hello", "world", "Really", "Yes", "fine", "done"}));
}

TEST(TokenizerTest, KeepsApostrophesInsideWords) {
  EXPECT_EQ(Tokenize("don't O'Neill's rock'n'roll"),
            (Words{"don't", "O'Neill's", "rock'n'roll"}));
  EXPECT_EQ(Tokenize("don\xE2\x80\x99t O\xE2\x80\x99Neill"),
            (Words{"don\xE2\x80\x99t", "O\xE2\x80\x99Neill"}));
}

TEST(TokenizerTest, DropsLeadingAndTrailingApostrophes) {
  EXPECT_EQ(Tokenize("'tis 'hello' dogs' a''b"),
            (Words{"tis", "hello", "dogs", "a", "b"}));
  EXPECT_EQ(Tokenize("\xE2\x80\x98hello\xE2\x80\x99 \xE2\x80\x99tis"),
            (Words{"hello", "tis"}));
}

TEST(TokenizerTest, SkipsNumbersAndWordsWithDigits) {
  EXPECT_EQ(Tokenize("3.14 1,000 1;2 2nd 3rd mp3 abc123 a1b v1.2 x 42"),
            (Words{"x"}));
  // A digit anywhere in the ICU segment drops all of it, even after a '.'.
  EXPECT_EQ(Tokenize("foo.bar2 foo.2bar"), (Words{"foo"}));
  // Non-ASCII decimal digits count too (Arabic-Indic, fullwidth).
  EXPECT_EQ(Tokenize("a\xD9\xA3"
                     "b \xEF\xBD\x81\xEF\xBC\x91 ok"),
            (Words{"ok"}));
}

TEST(TokenizerTest, SkipsIdentifiersWithUnderscores) {
  EXPECT_EQ(Tokenize("foo_bar __init__ _x x_ _ ___ ok"), (Words{"ok"}));
  // Fullwidth low line is connector punctuation as well.
  EXPECT_EQ(Tokenize("foo\xEF\xBC\xBF"
                     "bar ok"),
            (Words{"ok"}));
}

TEST(TokenizerTest, SkipsSegmentsWithAtSign) {
  // ICU 72 treats '@' as a letter; such segments are handles, not words.
  EXPECT_EQ(Tokenize("@user hi @ there @@ a@@b x.@y"), (Words{"hi", "there"}));
}

TEST(TokenizerTest, SplitsInternalPeriods) {
  EXPECT_EQ(
      Tokenize("e.g. i.e. U.S.A. example.com a..b"),
      (Words{"e", "g", "i", "e", "U", "S", "A", "example", "com", "a", "b"}));
  // Fullwidth full stop.
  EXPECT_EQ(Tokenize("\xEF\xBD\x85\xEF\xBC\x8E\xEF\xBD\x87"),
            (Words{"\xEF\xBD\x85", "\xEF\xBD\x87"}));
}

TEST(TokenizerTest, SkipsUrls) {
  EXPECT_EQ(Tokenize("see http://x.org/a-b now"), (Words{"see", "now"}));
  EXPECT_EQ(Tokenize("<https://example.com/path?q=word>, then"),
            (Words{"then"}));
  EXPECT_EQ(Tokenize("visit www.example.com or WWW.Example.ORG today"),
            (Words{"visit", "or", "today"}));
  EXPECT_EQ(Tokenize("a file:///etc/passwd b"), (Words{"a", "b"}));
  // Non-ASCII text inside a URL is skipped with it.
  EXPECT_EQ(Tokenize("http://de.wikipedia.org/wiki/Stra\xC3\x9F"
                     "e x"),
            (Words{"x"}));
  // Runs end at any White_Space character, also non-ASCII ones.
  EXPECT_EQ(Tokenize("http://x.org\xC2\xA0word"), (Words{"word"}));
}

// As hunspell does: a run with a '/' before its first letter is a file path.
TEST(TokenizerTest, SkipsFilePaths) {
  EXPECT_EQ(Tokenize("see /usr/share/dict and ~/notes/todo or ./configure"),
            (Words{"see", "and", "or"}));
  EXPECT_EQ(Tokenize("(/usr/bin) \"/etc/hosts\" ../up"), Words{});
  EXPECT_EQ(Tokenize("/caf\xC3\xA9/cr\xC3\xA8me x"), (Words{"x"}));
  // A slash after a letter separates words, which are checked.
  EXPECT_EQ(Tokenize("and/or src/linux x/y/z"),
            (Words{"and", "or", "src", "linux", "x", "y", "z"}));
  EXPECT_EQ(Tokenize("caf\xC3\xA9/bar"), (Words{"caf\xC3\xA9", "bar"}));
}

TEST(TokenizerTest, WwwOnlyCountsAtTheStartOfARun) {
  // The rule is literal: a leading '(' means the run does not start with
  // "www.", and "www" without a dot is a word.
  EXPECT_EQ(Tokenize("(www.example.com) www"),
            (Words{"www", "example", "com", "www"}));
}

TEST(TokenizerTest, SkipsEmailAddresses) {
  EXPECT_EQ(Tokenize("mail a.b@c.org, or x@y."), (Words{"mail", "or"}));
  EXPECT_EQ(Tokenize("(jos\xC3\xA9@ex\xC3\xA4mple.de) ok"), (Words{"ok"}));
  // An '@' without a letter or digit on both sides does not make a run an
  // address; the segment holding it is still dropped.
  EXPECT_EQ(Tokenize("foo@ @bar a @ b"), (Words{"a", "b"}));
  EXPECT_EQ(Tokenize("foo.@bar"), (Words{}));
}

TEST(TokenizerTest, ColonSeparatesWords) {
  // UAX #29 makes ':' MidLetter, but ICU 72 removed it: "a:b" is 3 segments.
  EXPECT_EQ(Tokenize("Note:this a:b"), (Words{"Note", "this", "a", "b"}));
}

TEST(TokenizerTest, SplitsHyphenatedWords) {
  EXPECT_EQ(Tokenize("well-known state-of-the-art x\xE2\x80\x94y"),
            (Words{"well", "known", "state", "of", "the", "art", "x", "y"}));
}

TEST(TokenizerTest, HandlesGerman) {
  EXPECT_EQ(Tokenize("Stra\xC3\x9F"
                     "e, Gr\xC3\xBC\xC3\x9F"
                     "e aus K\xC3\xB6ln!"),
            (Words{"Stra\xC3\x9F"
                   "e",
                   "Gr\xC3\xBC\xC3\x9F"
                   "e",
                   "aus", "K\xC3\xB6ln"}));
}

TEST(TokenizerTest, HandlesGreek) {
  // ΟΔΟΣ οδός.
  EXPECT_EQ(Tokenize("\xCE\x9F\xCE\x94\xCE\x9F\xCE\xA3 "
                     "\xCE\xBF\xCE\xB4\xCF\x8C\xCF\x82."),
            (Words{"\xCE\x9F\xCE\x94\xCE\x9F\xCE\xA3",
                   "\xCE\xBF\xCE\xB4\xCF\x8C\xCF\x82"}));
}

TEST(TokenizerTest, HandlesRussian) {
  // "Привет, мир!"
  EXPECT_EQ(Tokenize("\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82, "
                     "\xD0\xBC\xD0\xB8\xD1\x80!"),
            (Words{"\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82",
                   "\xD0\xBC\xD0\xB8\xD1\x80"}));
}

TEST(TokenizerTest, HandlesTurkishDottedCapitalI) {
  EXPECT_EQ(Tokenize("\xC4\xB0stanbul'da \xC4\xB1\xC5\x9F\xC4\xB1k"),
            (Words{"\xC4\xB0stanbul'da", "\xC4\xB1\xC5\x9F\xC4\xB1k"}));
}

TEST(TokenizerTest, HandlesArabic) {
  // "مرحبا بالعالم"
  EXPECT_EQ(
      Tokenize("\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7 "
               "\xD8\xA8\xD8\xA7\xD9\x84\xD8\xB9\xD8\xA7\xD9\x84\xD9\x85"),
      (Words{"\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7",
             "\xD8\xA8\xD8\xA7\xD9\x84\xD8\xB9\xD8\xA7\xD9\x84\xD9\x85"}));
}

// ICU segments CJK with a dictionary; only check the shape of the result.
void ExpectIdeographicWordsCovering(std::string_view text) {
  const Words words = Tokenize(text);
  EXPECT_FALSE(words.empty());
  std::string joined;
  for (const std::string& w : words) {
    joined += w;
    int32_t i = 0;
    const auto length = static_cast<int32_t>(w.size());
    while (i < length) {
      UChar32 c;
      U8_NEXT(w.data(), i, length, c);
      UErrorCode status = U_ZERO_ERROR;
      const UScriptCode script = uscript_getScript(c, &status);
      EXPECT_TRUE(script == USCRIPT_HAN || script == USCRIPT_HIRAGANA ||
                  script == USCRIPT_KATAKANA ||
                  (script == USCRIPT_COMMON && u_isalpha(c)))  // U+30FC 'ー'
          << "U+" << std::hex << c << " in " << w;
    }
  }
  EXPECT_EQ(joined, text) << "every character of the text is in a word";
}

TEST(TokenizerTest, SegmentsChineseAndJapaneseIntoIdeographicWords) {
  ExpectIdeographicWordsCovering(
      "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E\xE3\x81\xAE\xE3\x83\x86"
      "\xE3\x82\xAD\xE3\x82\xB9\xE3\x83\x88\xE3\x81\xA7\xE3\x81\x99");
  ExpectIdeographicWordsCovering(
      "\xE4\xB8\xAD\xE6\x96\x87\xE6\x96\x87\xE6\x9C\xAC\xE6\xB5\x8B\xE8\xAF"
      "\x95");
  ExpectIdeographicWordsCovering(
      "\xE3\x82\xB3\xE3\x83\xBC\xE3\x83\x92\xE3\x83"
      "\xBC");  // コーヒー
  // Punctuation between them is not a word; embedded English still is.
  EXPECT_EQ(Tokenize("\xE4\xB8\xAD\xE6\x96\x87\xE3\x80\x82OK"),
            (Words{"\xE4\xB8\xAD\xE6\x96\x87", "OK"}));
}

TEST(TokenizerTest, SegmentsThaiWithDictionary) {
  // "สวัสดีครับ" has no spaces; ICU's dictionary splits it.
  const Words words = Tokenize(
      "\xE0\xB8\xAA\xE0\xB8\xA7\xE0\xB8\xB1\xE0\xB8\xAA\xE0\xB8\x94\xE0\xB8"
      "\xB5\xE0\xB8\x84\xE0\xB8\xA3\xE0\xB8\xB1\xE0\xB8\x9A");
  EXPECT_EQ(words.size(), 2u);
}

TEST(TokenizerTest, IgnoresEmoji) {
  EXPECT_EQ(Tokenize("I \xE2\x9D\xA4\xEF\xB8\x8F pizza \xF0\x9F\x8D\x95 "
                     "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD \xF0\x9F\x87\xA9"
                     "\xF0\x9F\x87\xAA ok\xF0\x9F\x98\x80"),
            (Words{"I", "pizza", "ok"}));
}

TEST(TokenizerTest, KeepsCombiningMarksInsideTheWord) {
  // "café" with e + U+0301, and "été" fully decomposed.
  EXPECT_EQ(Tokenize("cafe\xCC\x81 e\xCC\x81te\xCC\x81!"),
            (Words{"cafe\xCC\x81", "e\xCC\x81te\xCC\x81"}));
  // Catalan middle dot is MidLetter and stays inside.
  EXPECT_EQ(Tokenize("col\xC2\xB7lecci\xC3\xB3"),
            (Words{"col\xC2\xB7lecci\xC3\xB3"}));
}

TEST(TokenizerTest, SplitsAtNarrowNoBreakSpace) {
  // U+202F is ExtendNumLet, so ICU joins across it; it is White_Space, so it
  // separates words (French spacing before punctuation).
  EXPECT_EQ(Tokenize("ab\xE2\x80\xAF"
                     "cd \xC2\xAB\xE2\x80\xAF"
                     "Bonjour"
                     "\xE2\x80\xAF\xC2\xBB"),
            (Words{"ab", "cd", "Bonjour"}));
}

TEST(TokenizerTest, TreatsInvalidUtf8AsASeparator) {
  EXPECT_EQ(Tokenize("ab\xFF"
                     "cd"),
            (Words{"ab", "cd"}));
  EXPECT_EQ(Tokenize("\x80\xBF"
                     "ab\xFE"),
            (Words{"ab"}));
  // Truncated sequences, also at the very end.
  EXPECT_EQ(Tokenize("ab\xC3 cd\xE2\x82"
                     "ef gh\xF0\x9F\x98"),
            (Words{"ab", "cd", "ef", "gh"}));
  // Overlong encodings of '/' and NUL.
  EXPECT_EQ(Tokenize("ab\xC0\xAF"
                     "cd\xE0\x80\x80"
                     "ef"),
            (Words{"ab", "cd", "ef"}));
  // UTF-16 surrogates encoded in UTF-8 (CESU-8 style pair and lone ones).
  EXPECT_EQ(Tokenize("ab\xED\xA0\xBD\xED\xB8\x80"
                     "cd\xED\xBF\xBF"
                     "ef"),
            (Words{"ab", "cd", "ef"}));
  // Above U+10FFFF.
  EXPECT_EQ(Tokenize("ab\xF4\x90\x80\x80"
                     "cd\xF8\x88\x80\x80\x80"),
            (Words{"ab", "cd"}));
  // A lead byte whose continuation is a letter keeps the letter.
  EXPECT_EQ(Tokenize("\xC3"
                     "abc \xE2\x80"
                     "def"),
            (Words{"abc", "def"}));
}

TEST(TokenizerTest, TreatsNulAsASeparator) {
  using namespace std::string_view_literals;
  EXPECT_EQ(Tokenize("ab\0cd"sv), (Words{"ab", "cd"}));
  EXPECT_EQ(Tokenize("\0\0"sv), (Words{}));
  EXPECT_EQ(Tokenize("\xC3\xA9\0\xC3\xA9"sv), (Words{"\xC3\xA9", "\xC3\xA9"}));
}

TEST(TokenizerTest, SkipsTokensLongerThanMaxWordBytes) {
  const std::string max(Tokenizer::kMaxWordBytes, 'a');
  const std::string too_long(Tokenizer::kMaxWordBytes + 1, 'a');
  EXPECT_EQ(Tokenize(max), (Words{max}));
  EXPECT_EQ(Tokenize(too_long), (Words{}));
  EXPECT_EQ(Tokenize("x " + too_long + " y " + max), (Words{"x", "y", max}));
  // The limit is in bytes: 64 two-byte letters fit, one more byte does not.
  std::string e_acute;
  for (int i = 0; i < 64; ++i) e_acute += "\xC3\xA9";
  EXPECT_EQ(Tokenize(e_acute), (Words{e_acute}));
  EXPECT_EQ(Tokenize(e_acute + "a"), (Words{}));
  // It applies to the pieces after splitting at '.'.
  EXPECT_EQ(Tokenize(too_long + ".b"), (Words{"b"}));
  EXPECT_EQ(Tokenize("don't" + std::string(124, 's')), (Words{}));
}

TEST(TokenizerTest, LongRunWithoutSpacesIsNotAWordAndIsFast) {
  const std::string megabyte(size_t{1} << 20, 'a');
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(Tokenize(megabyte), (Words{}));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  // Generous: about 0.1 s in a release build, a few seconds under ASan.
  EXPECT_LT(seconds, 30.0);
}

TEST(TokenizerTest, PathologicalRunsFinish) {
  // Long runs that keep ICU's lookahead rules busy; all must stay linear.
  for (const std::string_view unit :
       {"a.", "a'", "1,", "a:", "a_", "\xE6\x97\xA5", "\xE0\xB8\x81",
        "\xCC\x81", "a\xCC\x81", "\xF0\x9F\x87\xA9", "@", "\xFF"}) {
    std::string text;
    while (text.size() < (size_t{1} << 18)) text += unit;
    Tokenize(text);
  }
}

TEST(TokenizerTest, HugeRunWithoutWhiteSpaceIsCutSafely) {
  // ICU passes are capped at 16 MB; a longer run with no ASCII white space
  // is cut at a code point boundary. 18 MB of "é" is one over-long word.
  std::string text;
  text.reserve(size_t{18} << 20);
  while (text.size() < (size_t{18} << 20)) text += "\xC3\xA9";
  EXPECT_TRUE(TokensOf(text, Mode::kAuto).empty());
  text += " \xC3\xA9t\xC3\xA9";
  const std::vector<Token> tokens = TokensOf(text, Mode::kIcuOnly);
  ASSERT_EQ(tokens.size(), 1u);
  EXPECT_EQ(tokens[0].offset, text.size() - 5);
}

TEST(TokenizerTest, LargeMixedTextGivesTheSameTokensInBothModes) {
  // Several MB, so both modes split their ICU work into 1 MB passes, at
  // different places.
  std::mt19937 rng(5);
  std::string text;
  while (text.size() < (size_t{3} << 20)) {
    text += RandomAsciiProse(rng, 200);
    text += rng() % 2 ? " \xC3\xA9t\xC3\xA9 " : " na\xC3\xAFve\n";
  }
  const std::vector<Token> automatic = TokensOf(text, Mode::kAuto);
  EXPECT_GT(automatic.size(), 100000u);
  EXPECT_EQ(automatic, TokensOf(text, Mode::kIcuOnly));
  ExpectWellFormedTokens(text, automatic);
}

TEST(TokenizerTest, LargeNonAsciiTextKeepsEveryWord) {
  // 3 MB of "Привет, мир\n": ICU work is split into passes after line feeds,
  // the only places available.
  const std::string_view hello =
      "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82";
  const std::string_view world = "\xD0\xBC\xD0\xB8\xD1\x80";
  const std::string line =
      std::string(hello) + ", " + std::string(world) + "\n";
  std::string text;
  while (text.size() < (size_t{3} << 20)) text += line;
  const size_t lines = text.size() / line.size();
  const std::vector<Token> tokens = TokensOf(text, Mode::kAuto);
  ASSERT_EQ(tokens.size(), 2 * lines);
  for (size_t i = 0; i < lines; ++i) {
    ASSERT_EQ(tokens[2 * i], (Token{i * line.size(), hello.size()}));
    ASSERT_EQ(tokens[2 * i + 1],
              (Token{i * line.size() + hello.size() + 2, world.size()}));
  }
}

TEST(TokenizerTest, CanBeReusedAndMoved) {
  Tokenizer tokenizer;
  std::vector<Token> tokens;
  tokenizer.Tokenize("\xC3\xA9t\xC3\xA9 long text here", &tokens);
  tokenizer.Tokenize("short", &tokens);
  EXPECT_EQ(tokens, (std::vector<Token>{{0, 5}}));
  Tokenizer moved = std::move(tokenizer);
  moved.Tokenize("\xC3\xA9t\xC3\xA9 x", &tokens);
  EXPECT_EQ(tokens, (std::vector<Token>{{0, 5}, {6, 1}}));
}

// --- Differential tests: the ASCII fast path must equal the ICU path. ---

// (kAuto takes the AVX-512 scanner where the processor has it; kSse2 the
// SSE2 one: both must give ICU's tokens.)
void ExpectModesAgree(std::string_view text) {
  const std::vector<Token> automatic = TokensOf(text, Mode::kAuto);
  const std::vector<Token> icu = TokensOf(text, Mode::kIcuOnly);
  ASSERT_EQ(ToWords(text, automatic), ToWords(text, icu)) << Escape(text);
  ASSERT_EQ(automatic, icu) << Escape(text);
  ASSERT_EQ(TokensOf(text, Mode::kSse2), icu) << Escape(text);
  ExpectWellFormedTokens(text, automatic);
}

TEST(TokenizerDifferentialTest, AsciiFastPathMatchesIcuOnShortSoup) {
  std::mt19937 rng(20240601);
  Tokenizer fast(Mode::kAuto);
  Tokenizer icu(Mode::kIcuOnly);
  std::vector<Token> a, b;
  for (int i = 0; i < 20000; ++i) {
    const std::string text = RandomAsciiSoup(rng, 40);
    fast.Tokenize(text, &a);
    icu.Tokenize(text, &b);
    ASSERT_EQ(ToWords(text, a), ToWords(text, b)) << Escape(text);
    ASSERT_EQ(a, b) << Escape(text);
  }
}

TEST(TokenizerDifferentialTest, AsciiFastPathMatchesIcuOnLongSoup) {
  std::mt19937 rng(7);
  for (int i = 0; i < 2000; ++i) ExpectModesAgree(RandomAsciiSoup(rng, 600));
}

TEST(TokenizerDifferentialTest, AsciiFastPathMatchesIcuOnProse) {
  std::mt19937 rng(12345);
  for (int i = 0; i < 2000; ++i) ExpectModesAgree(RandomAsciiProse(rng, 2000));
}

TEST(TokenizerDifferentialTest, AsciiFastPathMatchesIcuOnEveryByteTriple) {
  // Every 3-byte string over the characters that matter, between letters.
  static constexpr std::string_view kChars = "a1@_.',;:/ w-\t";
  Tokenizer fast(Mode::kAuto);
  Tokenizer icu(Mode::kIcuOnly);
  std::vector<Token> a, b;
  for (const char x : kChars) {
    for (const char y : kChars) {
      for (const char z : kChars) {
        const std::string text = std::string("xa") + x + y + z + "b";
        fast.Tokenize(text, &a);
        icu.Tokenize(text, &b);
        ASSERT_EQ(a, b) << Escape(text);
      }
    }
  }
}

// Mixed input: ASCII stretches take the fast path, the rest ICU; splitting
// the text must not change any token.
TEST(TokenizerDifferentialTest, MixedTextMatchesIcuOnly) {
  static constexpr std::string_view kNonAscii[] = {
      "\xC3\xA9",         "\xE2\x80\x99", "\xE2\x80\xAF", "\xE6\x97\xA5",
      "\xCC\x81",         "\xFF",         "\xED\xA0\x80", "\xC0\xAF",
      "\xC2\xA0",         "\xC3\x9F",     "\xD7\x90",     "\xE3\x80\x80",
      "\xF0\x9F\x91\x8D", "\xE0\xB8\x81", "\xEF\xBC\x8E", "\xE2\x80\x8B",
      "\xC2\xAD",         "\xE2\x80\x8D", "\xC2\x85"};
  std::mt19937 rng(99);
  for (int i = 0; i < 3000; ++i) {
    std::string text =
        i % 2 ? RandomAsciiSoup(rng, 300) : RandomAsciiProse(rng, 1000);
    const size_t insertions = rng() % 8;
    for (size_t k = 0; k < insertions && !text.empty(); ++k) {
      text.insert(rng() % text.size(), kNonAscii[rng() % std::size(kNonAscii)]);
    }
    ExpectModesAgree(text);
  }
}

// Rule 7: Hunspell's WORDCHARS of the dictionary (tokenizer.h).
Words TokenizeWith(std::u32string_view chars, std::string_view text) {
  Words words[2];
  std::vector<Token> tokens[2];
  const Mode modes[] = {Mode::kAuto, Mode::kIcuOnly};
  const std::vector<char32_t> set(chars.begin(), chars.end());
  for (int m = 0; m < 2; ++m) {
    Tokenizer tokenizer(modes[m]);
    tokenizer.SetWordChars(set);
    tokenizer.Tokenize(text, &tokens[m]);
    ExpectWellFormedTokens(text, tokens[m]);
    words[m] = ToWords(text, tokens[m]);
  }
  EXPECT_EQ(tokens[0], tokens[1]) << "fast path and ICU path disagree";
  return words[0];
}

constexpr std::u32string_view kSwedish = U"-0123456789.:";

TEST(TokenizerWordCharsTest, KeepsSwedishWordsWhole) {
  EXPECT_EQ(TokenizeWith(kSwedish, "Ange ID:t, e-post och 0x10 i slut."),
            (Words{"Ange", "ID:t", "e-post", "och", "0x10", "i", "slut."}));
  // Hunspell's tokens as `hunspell -d sv_SE -l` reads them: leading
  // hyphens stay, letters after digits too.
  EXPECT_EQ(TokenizeWith(kSwedish, "--verbose -foo abc123 12ab foo--bar"),
            (Words{"--verbose", "-foo", "abc123", "12ab", "foo--bar"}));
  // One trailing colon is dropped, as Hunspell's tokenizer does.
  EXPECT_EQ(TokenizeWith(kSwedish, "e-post: brev:: x:y:"),
            (Words{"e-post", "brev:", "x:y"}));
}

TEST(TokenizerWordCharsTest, RunsWithoutLettersAreNoWords) {
  EXPECT_EQ(TokenizeWith(kSwedish, "2024-11-29 3-4 -- ... 1.2.3. :-)"),
            Words{});
}

TEST(TokenizerWordCharsTest, UrlsAndAddressesStaySkipped) {
  EXPECT_EQ(TokenizeWith(kSwedish,
                         "se http://example.com/a:b och user@example.com "
                         "www.foo.se /usr/bin:x ok"),
            (Words{"se", "och", "ok"}));
}

TEST(TokenizerWordCharsTest, WithoutGlueCharactersNothingChanges) {
  // No WORDCHARS, letters only (de_DE's ß), or text without the glue
  // characters: the default tokens.
  const std::string_view texts[] = {
      "Ange ID:t, e-post och 0x10 i slut.", "Stra\xC3\x9F" "e z.B. don't 'tis",
      "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E \xE0\xB8\x81\xE0\xB8\xB2",
      "\xD5\x80\xD5\xA1\xD5\xB5\xD5\xA5\xD6\x80\xD5\xA5\xD5\xB6\xD5\x9B x"};
  for (std::string_view text : texts) {
    const Words plain = Tokenize(text);
    EXPECT_EQ(TokenizeWith(U"", text), plain) << text;
    EXPECT_EQ(TokenizeWith(U"\xDF", text), plain) << text;
  }
  EXPECT_EQ(TokenizeWith(kSwedish, "Stra\xC3\x9F" "e don't 'tis"),
            Tokenize("Stra\xC3\x9F" "e don't 'tis"));
}

TEST(TokenizerWordCharsTest, GermanAbbreviationsAndArmenianMarks) {
  EXPECT_EQ(TokenizeWith(U"\xDF-.", "z.B. E-Mail-Adresse usw."),
            (Words{"z.B.", "E-Mail-Adresse", "usw."}));
  // hy_AM: WORDCHARS '՛՜՞. The marks and the apostrophe stay in the word,
  // before, inside or after its letters.
  EXPECT_EQ(TokenizeWith(U"'՛՜՞",
                         "\xD5\xB0\xD5\xA1\xD5\x9B\xD5\xB4 'abc abc' "
                         "\xD5\xA1\xD5\xBD\xD5\xA1\xD5\x9C"),
            (Words{"\xD5\xB0\xD5\xA1\xD5\x9B\xD5\xB4", "'abc", "abc'",
                   "\xD5\xA1\xD5\xBD\xD5\xA1\xD5\x9C"}));
}

TEST(TokenizerWordCharsTest, LongRunsAreSkipped) {
  const std::string run = std::string(80, 'a') + "-" + std::string(80, 'b');
  EXPECT_EQ(TokenizeWith(kSwedish, "x " + run + " y"), (Words{"x", "y"}));
}

TEST(TokenizerWordCharsTest, RandomTextKeepsTheInvariants) {
  std::mt19937 rng(7);
  for (int i = 0; i < 500; ++i) {
    std::string text =
        i % 2 ? RandomAsciiSoup(rng, 300) : RandomAsciiProse(rng, 600);
    if (i % 3 == 0) text.insert(rng() % (text.size() + 1), "\xD5\x9B\xC3\xA9");
    TokenizeWith(kSwedish, text);
    TokenizeWith(U"'՛՜՞", text);
  }
}

}  // namespace
}  // namespace spellfilter
