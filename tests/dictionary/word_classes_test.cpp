#include "core/dictionary/word_classes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "tests/support/aligned_bytes.h"

namespace spellfilter {
namespace {

std::vector<std::string> Words(int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) {
    std::string w = "w" + std::to_string(i) + "_";
    for (int k = 0; k < 4; ++k)
      w.push_back(static_cast<char>('a' + rng() % 26));
    out.push_back(w);
  }
  return out;
}

TEST(WordClassesTest, EveryWordKeepsItsClass) {
  const std::vector<std::string> words = Words(5000, 1);
  const uint32_t sizes[] = {10, 20, 35, 40, 50, 55, 60, 70};
  std::vector<ClassedWord> in;
  for (size_t i = 0; i < words.size(); ++i) {
    in.push_back(ClassedWord{words[i], i % 9 == 8 ? 0 : sizes[i % 9]});
  }
  StatusOr<std::string> section = EncodeWordClasses(in, 8, 42);
  ASSERT_TRUE(section.ok()) << section.status().message();
  Aligned a(*section);
  WordClasses c;
  ASSERT_EQ(WordClasses::Parse(a.span, &c), nullptr);
  ASSERT_FALSE(c.empty());
  EXPECT_EQ(c.class_count(), 8u);
  EXPECT_EQ(c.fingerprint_bits(), 8u);
  for (uint32_t code = 1; code <= 8; ++code) {
    EXPECT_EQ(c.ClassValue(code), sizes[code - 1]);
  }
  uint64_t total = 0;
  for (uint32_t code = 0; code < kClassCodes; ++code)
    total += c.ClassWords(code);
  EXPECT_EQ(total, words.size());
  for (size_t i = 0; i < words.size(); ++i) {
    const std::optional<uint32_t> code = c.Find(words[i]);
    ASSERT_TRUE(code.has_value()) << words[i];
    EXPECT_EQ(c.ClassValue(*code), in[i].class_value) << words[i];
  }
  // About 1.23 slots of 12 bits per word.
  EXPECT_LT(section->size(), words.size() * 1.25 * 12 / 8 + 400);
}

TEST(WordClassesTest, NonWordsPassWithProbabilityTwoToMinusF) {
  const std::vector<std::string> words = Words(20000, 2);
  std::vector<ClassedWord> in;
  for (const std::string& w : words) in.push_back(ClassedWord{w, 10});
  for (uint32_t f : {4u, 8u}) {
    StatusOr<std::string> section = EncodeWordClasses(in, f, 7);
    ASSERT_TRUE(section.ok());
    Aligned a(*section);
    WordClasses c;
    ASSERT_EQ(WordClasses::Parse(a.span, &c), nullptr);
    const int trials = 200000;
    int passed = 0;
    for (int i = 0; i < trials; ++i) {
      passed += c.Find("absent" + std::to_string(i)).has_value();
    }
    const double expected = trials / double(1u << f);
    // Binomial: 5 standard deviations either way.
    const double sd = std::sqrt(expected);
    EXPECT_NEAR(passed, expected, 5 * sd) << "f=" << f;
  }
}

TEST(WordClassesTest, MoreThanFifteenValuesAreMergedByRank) {
  std::vector<std::string> words;
  std::vector<ClassedWord> in;
  for (int i = 0; i < 40; ++i) words.push_back("word" + std::to_string(i));
  for (int i = 0; i < 40; ++i) in.push_back(ClassedWord{words[i], 100u + i});
  StatusOr<std::string> section = EncodeWordClasses(in, 8, 1);
  ASSERT_TRUE(section.ok());
  Aligned a(*section);
  WordClasses c;
  ASSERT_EQ(WordClasses::Parse(a.span, &c), nullptr);
  EXPECT_EQ(c.class_count(), 15u);
  uint32_t last = 0;
  for (int i = 0; i < 40; ++i) {
    const std::optional<uint32_t> code = c.Find(words[i]);
    ASSERT_TRUE(code.has_value());
    EXPECT_GE(*code, last) << "codes follow the values' order";
    EXPECT_GE(*code, 1u);
    EXPECT_LE(*code, 15u);
    EXPECT_LE(c.ClassValue(*code), 100u + i);
    last = *code;
  }
}

TEST(WordClassesTest, EmptyListAndBadArguments) {
  StatusOr<std::string> empty = EncodeWordClasses({}, 8, 1);
  ASSERT_TRUE(empty.ok());
  Aligned a(*empty);
  WordClasses c;
  ASSERT_EQ(WordClasses::Parse(a.span, &c), nullptr);
  EXPECT_EQ(c.class_count(), 0u);
  EXPECT_EQ(c.ClassWords(0), 0u);
  EXPECT_FALSE(EncodeWordClasses({}, 0, 1).ok());
  EXPECT_FALSE(EncodeWordClasses({}, kMaxFingerprintBits + 1, 1).ok());
}

TEST(WordClassesTest, ParseRejectsDamagedSections) {
  std::vector<ClassedWord> in = {{"alpha", 10}, {"beta", 20}, {"gamma", 0}};
  StatusOr<std::string> section = EncodeWordClasses(in, 8, 3);
  ASSERT_TRUE(section.ok());
  WordClasses c;
  {
    Aligned a(section->substr(0, kWordClassesHeaderBytes - 1));
    EXPECT_NE(WordClasses::Parse(a.span, &c), nullptr);
  }
  {
    Aligned a(section->substr(0, section->size() - 8));
    EXPECT_NE(WordClasses::Parse(a.span, &c), nullptr);
  }
  {
    std::string bad = *section;
    bad[16] = 0;  // fingerprint bits 0
    Aligned a(bad);
    EXPECT_NE(WordClasses::Parse(a.span, &c), nullptr);
  }
  {
    std::string bad = *section;
    bad[20] = 3;  // class bits
    Aligned a(bad);
    EXPECT_NE(WordClasses::Parse(a.span, &c), nullptr);
  }
  EXPECT_TRUE(c.empty());
}

}  // namespace
}  // namespace spellfilter
