// ParseSectionFilter (section_filter.h), which the COMPOUND_PARTS,
// KEEP_CASE and SOUND_SKELETONS sections parse with: a good section gives
// its filter and fields back, and each kind of damage is reported with the
// section's own message, the first problem first.
#include "core/filter/section_filter.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "tests/support/aligned_bytes.h"
#include "core/util/byte_order.h"
#include "core/util/hash.h"

namespace spellfilter {
namespace {

constexpr size_t kHeader = 64;
constexpr SectionFilterErrors kErrors = {"truncated", "size", "parameters",
                                         "aligned"};

// A section holding "a" and "b", with the own field (at byte 40) `own`.
std::string Section(uint32_t own = 0) {
  const BloomParams params = SizeSectionFilter(2, 0.01, 9);
  std::vector<uint64_t> bits(params.bits / 64, 0);
  BloomFilter::Add(params, bits, HashWord("a", params.seed));
  BloomFilter::Add(params, bits, HashWord("b", params.seed));
  std::string fields;
  PutFixed<uint32_t>(&fields, own);
  return EncodeSectionFilter(params, 2, 0.01, fields, kHeader, bits);
}

// Own fields are valid when the one at byte 40 is below 2.
const char* Parse(std::span<const std::byte> bytes, BloomFilter* filter,
                  uint64_t* keys, double* fp) {
  return ParseSectionFilter(
      bytes, kHeader, kErrors,
      [](const std::byte* p) {
        return GetFixed<uint32_t>(p + kSectionFilterFieldBytes) < 2;
      },
      filter, keys, fp);
}

const char* Parse(const std::string& bytes) {
  Aligned a(bytes);
  BloomFilter filter;
  uint64_t keys = 0;
  double fp = 0;
  return Parse(a.span, &filter, &keys, &fp);
}

TEST(SectionFilterTest, GoodSectionGivesItsFilterAndFields) {
  Aligned a(Section());
  BloomFilter filter;
  uint64_t keys = 0;
  double fp = 0;
  ASSERT_EQ(Parse(a.span, &filter, &keys, &fp), nullptr);
  EXPECT_EQ(keys, 2u);
  EXPECT_EQ(fp, 0.01);
  EXPECT_TRUE(filter.MayContain("a"));
  EXPECT_TRUE(filter.MayContain("b"));
}

TEST(SectionFilterTest, EachDamageHasItsMessage) {
  const std::string good = Section();
  EXPECT_STREQ(Parse(good.substr(0, kHeader - 1)), "truncated");
  EXPECT_STREQ(Parse(good.substr(0, good.size() - 8)), "size");
  auto poked = [&](size_t offset, uint32_t v) {
    std::string b = good;
    std::memcpy(b.data() + offset, &v, 4);
    return Parse(b);
  };
  EXPECT_STREQ(poked(20, 2), "size");        // classic layout
  EXPECT_STREQ(poked(16, 0), "parameters");  // no probes
  EXPECT_STREQ(poked(40, 2), "parameters");  // own field refused
  std::string rate = good;
  const double one = 1;
  std::memcpy(rate.data() + 32, &one, 8);
  EXPECT_STREQ(Parse(rate), "parameters");
  // One byte off an 8-byte boundary.
  std::vector<uint64_t> storage(good.size() / 8 + 1);
  auto* shifted = reinterpret_cast<std::byte*>(storage.data()) + 1;
  std::memcpy(shifted, good.data(), good.size());
  BloomFilter filter;
  uint64_t keys = 0;
  double fp = 0;
  EXPECT_STREQ(Parse(std::span<const std::byte>(shifted, good.size()), &filter,
                     &keys, &fp),
               "aligned");
}

}  // namespace
}  // namespace spellfilter
