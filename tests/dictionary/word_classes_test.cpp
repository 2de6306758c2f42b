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

// A list without classes is stored without the class bits, and answers
// every lookup (words and non-words) exactly as the same table with 4 zero
// class bits per slot would: that table is made here from its slots.
TEST(WordClassesTest, ListWithoutClassesDropsTheClassBitsAndAnswersTheSame) {
  const std::vector<std::string> words = Words(20000, 3);
  std::vector<ClassedWord> in;
  for (const std::string& w : words) in.push_back(ClassedWord{w, 0});
  const uint32_t f = 8;
  StatusOr<std::string> section = EncodeWordClasses(in, f, 11);
  ASSERT_TRUE(section.ok());
  uint32_t class_bits = 1;
  std::memcpy(&class_bits, section->data() + 20, 4);
  EXPECT_EQ(class_bits, 0u);
  // About 1.23 slots of 8 bits per word (12 with class bits).
  EXPECT_LT(section->size(), words.size() * 1.25 * 8 / 8 + 400);

  // The same table with the class bits: every slot's value shifted left by 4.
  uint64_t segment = 0;
  std::memcpy(&segment, section->data() + 8, 8);
  const uint64_t slots = 3 * segment;
  const char* in_slots = section->data() + kWordClassesHeaderBytes;
  std::vector<uint64_t> wide((slots * (f + kClassBits) + 63) / 64, 0);
  for (uint64_t j = 0; j < slots; ++j) {
    const uint64_t byte = j * f / 8;  // f = 8: one byte a slot
    const uint64_t v = static_cast<uint8_t>(in_slots[byte]) << kClassBits;
    const uint64_t bit = j * (f + kClassBits);
    wide[bit / 64] |= v << (bit % 64);
    if (bit % 64 + f + kClassBits > 64)
      wide[bit / 64 + 1] |= v >> (64 - bit % 64);
  }
  std::string with_bits = section->substr(0, kWordClassesHeaderBytes);
  with_bits[20] = static_cast<char>(kClassBits);
  with_bits.append(reinterpret_cast<const char*>(wide.data()), wide.size() * 8);

  Aligned a(*section);
  Aligned b(with_bits);
  WordClasses narrow;
  WordClasses full;
  ASSERT_EQ(WordClasses::Parse(a.span, &narrow), nullptr);
  ASSERT_EQ(WordClasses::Parse(b.span, &full), nullptr);
  EXPECT_EQ(narrow.class_count(), 0u);
  EXPECT_EQ(narrow.ClassWords(0), words.size());
  for (const std::string& w : words) {
    const std::optional<uint32_t> code = narrow.Find(w);
    ASSERT_TRUE(code.has_value()) << w;
    EXPECT_EQ(*code, 0u);
    EXPECT_EQ(full.Find(w), code);
  }
  int passed = 0;
  for (int i = 0; i < 100000; ++i) {
    const std::string absent = "absent" + std::to_string(i);
    const std::optional<uint32_t> code = narrow.Find(absent);
    ASSERT_EQ(full.Find(absent), code) << absent;
    passed += code.has_value();
  }
  // Still 2^-f: 390 expected, 5 standard deviations either way.
  EXPECT_NEAR(passed, 100000 / 256.0, 5 * std::sqrt(100000 / 256.0));
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
  {
    std::string bad = *section;
    bad[20] = 0;  // no class bits, but class codes in use
    Aligned a(bad);
    EXPECT_NE(WordClasses::Parse(a.span, &c), nullptr);
  }
  EXPECT_TRUE(c.empty());
}

}  // namespace
}  // namespace spellfilter
