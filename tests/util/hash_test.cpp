#include "core/util/hash.h"

#include <gtest/gtest.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstdint>
#include <vector>

namespace spellfilter {
namespace {

// XXH3-64 with seed 0, as docs/dictionary_format.md specifies, whichever
// implementation Checksum picks for the length (the inline SSE2 one below
// 4 KiB, libxxhash's run-time dispatch above): a file written by one
// machine must verify on another. Reference values from XXH3's own test
// vectors: the empty input, and the first N bytes of its "sanity buffer".
std::vector<uint8_t> SanityBuffer(size_t n) {
  std::vector<uint8_t> buf(n);
  constexpr uint32_t kPrime32 = 2654435761U;
  constexpr uint64_t kPrime64 = 11400714785074694797ULL;
  uint64_t byte_gen = kPrime32;
  for (size_t i = 0; i < n; ++i) {
    buf[i] = static_cast<uint8_t>(byte_gen >> 56);
    byte_gen *= kPrime64;
  }
  return buf;
}

TEST(ChecksumTest, IsXxh3OfTheBytesAtEveryLength) {
  EXPECT_EQ(Checksum(nullptr, 0), 0x2D06800538D394C2ULL);
  const std::vector<uint8_t> buf = SanityBuffer(2367);
  EXPECT_EQ(Checksum(buf.data(), 1), 0xC44BDFF4074EECDBULL);
  EXPECT_EQ(Checksum(buf.data(), 2367), 0xCB37AEB9E5D361EDULL);
}

// Above 4 KiB Checksum calls libxxhash's dispatching XXH3 (AVX2, AVX-512);
// it must give what the portable inline XXH3 gives, at every alignment.
TEST(ChecksumTest, LongInputsMatchThePortableXxh3) {
  const std::vector<uint8_t> buf = SanityBuffer((1 << 20) + 64);
  for (size_t n : {4095u, 4096u, 4097u, 10000u, 65536u, 1u << 20}) {
    for (size_t shift : {0u, 1u, 8u, 63u}) {
      EXPECT_EQ(Checksum(buf.data() + shift, n),
                XXH_INLINE_XXH3_64bits(buf.data() + shift, n))
          << n << " bytes at +" << shift;
    }
  }
}

}  // namespace
}  // namespace spellfilter
