#include "core/check/word_segmenter.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace spellfilter {
namespace {

// The unknown stretches of `run` as strings.
std::vector<std::string> Unknown(
    std::string_view run, const std::set<std::string, std::less<>>& words,
    size_t* probes = nullptr) {
  WordSegmenter segmenter;
  std::vector<Token> unknown;
  size_t count = 0;
  segmenter.Segment(
      run,
      [&](std::string_view piece) {
        ++count;
        return words.contains(piece);
      },
      &unknown);
  if (probes != nullptr) *probes = count;
  std::vector<std::string> out;
  for (const Token& t : unknown)
    out.emplace_back(run.substr(t.offset, t.length));
  return out;
}

using V = std::vector<std::string>;

// ICU cuts แพกเกจ (package) into แพ + ก + เกจ; the dictionary has it whole.
TEST(WordSegmenterTest, CoversWordsIcuCut) {
  const std::set<std::string, std::less<>> thai = {"ติด",     "ตั้ง",  "แพ",
                                                   "แพกเกจ", "เกจ", "ใหม่"};
  EXPECT_EQ(Unknown("ติดตั้งแพกเกจใหม่", thai), V());
  // A typo leaves its letters unknown; only them.
  EXPECT_EQ(Unknown("ติดตั้งแพกเกขใหม่", thai), V({"กเกข"}));
  EXPECT_EQ(Unknown("", thai), V());
}

TEST(WordSegmenterTest, FewestUnknownCodePointsThenMergedStretches) {
  const std::set<std::string, std::less<>> words = {"ab", "cd", "abc", "x"};
  EXPECT_EQ(Unknown("abcd", words), V());  // ab + cd, not abc + d
  EXPECT_EQ(Unknown("abqcd", words), V({"q"}));
  EXPECT_EQ(Unknown("abqqcd", words), V({"qq"}));  // adjacent ones merged
  EXPECT_EQ(Unknown("qabxqcdq", words), V({"q", "q", "q"}));
  EXPECT_EQ(Unknown("zzz", words), V({"zzz"}));
}

// A combining mark belongs to the letter before it: no piece starts or ends
// between them (ก + SARA I).
TEST(WordSegmenterTest, NeverCutsBeforeACombiningMark) {
  const std::set<std::string, std::less<>> words = {"ก", "ข"};
  EXPECT_EQ(Unknown("ข\u0E01\u0E34", words), V({"\u0E01\u0E34"}));
  EXPECT_EQ(Unknown("\u0E34ข", words), V({"\u0E34"}));  // a leading mark
}

TEST(WordSegmenterTest, InvalidUtf8IsUnknown) {
  const std::set<std::string, std::less<>> words = {"ab"};
  EXPECT_EQ(Unknown("ab\xFF"
                    "ab",
                    words),
            V({"\xFF"}));
}

// Pieces longer than kMaxWordCodePoints are not looked up, so a run costs
// at most that many lookups per code point.
TEST(WordSegmenterTest, BoundedLookupsPerCodePoint) {
  const std::string run(1000, 'a');
  size_t probes = 0;
  EXPECT_EQ(Unknown(run, {"a"}, &probes), V());
  EXPECT_LE(probes, run.size() * WordSegmenter::kMaxWordCodePoints);
  const std::string long_word(WordSegmenter::kMaxWordCodePoints + 1, 'b');
  EXPECT_EQ(Unknown(long_word, {long_word}), V({long_word}));
  const std::string longest(WordSegmenter::kMaxWordCodePoints, 'b');
  EXPECT_EQ(Unknown(longest, {longest}), V());
}

TEST(WordSegmenterTest, StartsComplexRunOnlyForScriptsWithoutSpaces) {
  EXPECT_TRUE(StartsComplexRun("แพ", 0));    // Thai
  EXPECT_TRUE(StartsComplexRun("ລາວ", 0));   // Lao
  EXPECT_TRUE(StartsComplexRun("ខ្មែរ", 0));  // Khmer
  EXPECT_FALSE(StartsComplexRun("abc", 0));
  EXPECT_FALSE(StartsComplexRun("日本", 0));  // ideographs break anywhere
  EXPECT_FALSE(StartsComplexRun("\xFF", 0));
  EXPECT_FALSE(StartsComplexRun("a แพ", 1));
  EXPECT_TRUE(StartsComplexRun("a แพ", 2));
}

TEST(WordSegmenterTest, FindComplexRunWidensToTheScriptsStretch) {
  const std::string text = "Debian: ติดตั้งแพกเกจ, ok";
  const size_t token = text.find("แพ");
  const Token run = FindComplexRun(text, token, std::string("แพ").size());
  EXPECT_EQ(text.substr(run.offset, run.length), "ติดตั้งแพกเกจ");
  // A token after a stray mark (no letter before it): the mark is left out.
  const std::string marked = "a\u0E34กข";
  const Token r2 = FindComplexRun(marked, 4, 3);
  EXPECT_EQ(marked.substr(r2.offset, r2.length), "กข");
}

TEST(WordSegmenterTest, FindComplexRunClipsLongRuns) {
  std::string text;
  for (size_t i = 0; i < kMaxRunBytes; ++i) text += "ก";  // 3 bytes each
  const size_t token = text.size() / 2 - (text.size() / 2) % 3;
  const Token run = FindComplexRun(text, token, 3);
  EXPECT_LE(run.length, kMaxRunBytes + 3 + 6);
  EXPECT_LE(run.offset, token);
  EXPECT_GE(run.offset + run.length, token + 3);
  EXPECT_EQ(run.offset % 3, 0u);  // on code point boundaries
  EXPECT_EQ(run.length % 3, 0u);
}

}  // namespace
}  // namespace spellfilter
