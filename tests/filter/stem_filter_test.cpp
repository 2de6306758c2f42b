#include "core/filter/stem_filter.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace spellfilter {
namespace {

// An 8-byte aligned copy of a section, as a mapped file gives it.
std::vector<uint64_t> Aligned(const std::string& bytes) {
  std::vector<uint64_t> words((bytes.size() + 7) / 8);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  return words;
}

std::span<const std::byte> View(const std::vector<uint64_t>& words,
                                size_t bytes) {
  return std::as_bytes(std::span(words)).first(bytes);
}

TEST(StemFilterTest, KeepsEveryStemAndTurnsAwayMostOthers) {
  StemFilterBuilder builder(42);
  for (int i = 0; i < 20000; ++i) builder.Add("stem" + std::to_string(i));
  EXPECT_EQ(builder.stems(), 20000u);
  const std::string bytes = builder.Encode(kDefaultStemFilterFalsePositiveRate);
  const std::vector<uint64_t> words = Aligned(bytes);
  StemFilter f;
  ASSERT_EQ(StemFilter::Parse(View(words, bytes.size()), &f), nullptr);
  EXPECT_FALSE(f.empty());
  EXPECT_EQ(f.stems(), 20000u);
  for (int i = 0; i < 20000; ++i) {
    ASSERT_TRUE(f.MayContain("stem" + std::to_string(i))) << i;
  }
  int passed = 0;
  for (int i = 0; i < 20000; ++i) {
    passed += f.MayContain("other" + std::to_string(i));
  }
  // Sized for 2 %: well under 4 % of non-stems get through.
  EXPECT_LT(passed, 800);
  // Small enough to stay in cache: a few bits a stem.
  EXPECT_LT(bytes.size(), 20000u * 12 / 8);
}

TEST(StemFilterTest, AnEmptyFilterLetsEverythingThrough) {
  StemFilter f;
  EXPECT_TRUE(f.empty());
  EXPECT_TRUE(f.MayContain("anything"));
}

TEST(StemFilterTest, DamagedSectionsAreRefusedWithAMessage) {
  StemFilterBuilder builder(1);
  builder.Add("parl");
  const std::string bytes = builder.Encode(0.02);
  const std::vector<uint64_t> words = Aligned(bytes);
  StemFilter f;
  for (size_t cut : {size_t{0}, size_t{10}, kStemFilterHeaderBytes,
                     bytes.size() - 8}) {
    const char* problem = StemFilter::Parse(View(words, cut), &f);
    ASSERT_NE(problem, nullptr) << cut;
    EXPECT_NE(std::string(problem).find("stems"), std::string::npos) << problem;
  }
}

}  // namespace
}  // namespace spellfilter
