#include "core/util/scratch_map.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace spellfilter {
namespace {

uint64_t Key(uint64_t i) { return i * 0x9E3779B97F4A7C15ull; }

TEST(ScratchMapTest, KeepsValuesAcrossGrowthAndForgetsThemOnClear) {
  ScratchMap<int> m;
  for (uint64_t i = 0; i < 20000; ++i) {
    auto [v, created] = m.Get(Key(i));
    ASSERT_TRUE(created);
    *v = static_cast<int>(i);
  }
  for (uint64_t i = 0; i < 20000; ++i) {
    auto [v, created] = m.Get(Key(i));
    ASSERT_FALSE(created);
    ASSERT_EQ(*v, static_cast<int>(i));
  }
  m.Clear();
  auto [v, created] = m.Get(Key(7));
  EXPECT_TRUE(created);
  EXPECT_EQ(*v, 0);  // value-initialised again
}

TEST(ScratchMapTest, ManyClearsWrapTheEpochSafely) {
  ScratchMap<int> m;
  *m.Get(1).first = 5;
  for (int i = 0; i < 70000; ++i) m.Clear();
  EXPECT_TRUE(m.Get(1).second);
}

}  // namespace
}  // namespace spellfilter
