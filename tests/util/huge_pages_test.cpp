#include "core/util/huge_pages.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <string>

namespace spellfilter {
namespace {

// Large blocks start on a huge page, so that every 2 MiB of them can be one
// transparent huge page; small ones come from the ordinary allocator.
TEST(HugePagesTest, LargeBlocksAreAlignedToHugePages) {
  for (size_t bytes :
       {kHugePageBytes, kHugePageBytes + 1, 5 * kHugePageBytes + 12345}) {
    void* p = AllocateHugePages(bytes);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % kHugePageBytes, 0u) << bytes;
    // Every byte asked for is writable.
    static_cast<unsigned char*>(p)[0] = 1;
    static_cast<unsigned char*>(p)[bytes - 1] = 2;
    FreeHugePages(p, bytes);
  }
}

// The containers behave as the standard ones, across the switch between
// the two kinds of memory as they grow.
TEST(HugePagesTest, ContainersKeepTheirContentsAsTheyGrow) {
  HugeVector<uint64_t> v;
  for (uint64_t i = 0; i < 1'000'000; ++i) v.push_back(i * 3);  // 8 MB
  EXPECT_EQ(reinterpret_cast<uintptr_t>(v.data()) % kHugePageBytes, 0u);
  EXPECT_EQ(std::accumulate(v.begin(), v.end(), uint64_t{0}),
            3 * (uint64_t{999'999} * 1'000'000 / 2));
  v.resize(10);
  v.shrink_to_fit();
  EXPECT_EQ(v.back(), 27u);

  HugeString s;
  std::string expected;
  for (int i = 0; i < 400'000; ++i) {
    const std::string piece = std::to_string(i) + ",";
    s.append(piece);
    expected.append(piece);
  }
  EXPECT_EQ(std::string_view(s), expected);
  HugeString moved = std::move(s);
  EXPECT_EQ(moved.size(), expected.size());
}

// A reader's buffer: any size, writable end to end, and movable.
TEST(HugePagesTest, BytesBufferOfAnySizeMoves) {
  for (size_t n : {size_t{4096}, kHugePageBytes, 2 * kHugePageBytes + 7}) {
    HugeBytes a(n);
    ASSERT_EQ(a.size(), n);
    a.data()[0] = 'x';
    a.data()[n - 1] = 'y';
    HugeBytes b = std::move(a);
    EXPECT_EQ(a.size(), 0u);
    EXPECT_EQ(b.size(), n);
    EXPECT_EQ(b.data()[0], 'x');
    EXPECT_EQ(b.data()[n - 1], 'y');
    HugeBytes c(16);
    c = std::move(b);
    EXPECT_EQ(c.data()[n - 1], 'y');
  }
}

}  // namespace
}  // namespace spellfilter
