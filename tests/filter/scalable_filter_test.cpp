#include "core/filter/scalable_filter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/dictionary/builder.h"
#include "core/user/filter_file.h"

namespace spellfilter {
namespace {

ScalableGeometry Loose() {
  ScalableGeometry g;
  g.budget = 1e-2;
  g.first_capacity = 2000;
  g.seed = 7;
  return g;
}

TEST(ScalableFilterTest, LayersGrowAndTighten) {
  ScalableFilter f(Loose());
  EXPECT_TRUE(f.layers().empty());
  EXPECT_FALSE(f.MayContain("x"));
  for (int i = 0; i < 2000 + 4000 + 1; ++i) {
    ASSERT_TRUE(f.Add("w" + std::to_string(i)).ok());
  }
  ASSERT_EQ(f.layers().size(), 3u);
  EXPECT_EQ(f.size(), 6001u);
  for (int i = 0; i < 3; ++i) {
    const FilterLayer& l = f.layers()[i];
    EXPECT_EQ(l.capacity, 2000u << i);
    EXPECT_DOUBLE_EQ(l.target, 1e-2 * 0.5 / (1 << i));
    // Sized by the blocked layout's own rate: full layers meet the target.
    EXPECT_LE(PredictedRate(l.params, l.capacity), l.target);
  }
  EXPECT_EQ(f.layers()[2].words, 1u);
  EXPECT_LT(f.RateBound(), Loose().budget);
  EXPECT_LE(f.PredictedRate(), f.RateBound());
  for (int i = 0; i < 6001; ++i) {
    ASSERT_TRUE(f.MayContain("w" + std::to_string(i))) << i;
  }
}

TEST(ScalableFilterTest, SmallFirstCapacityIsRaised) {
  ScalableGeometry g = Loose();
  g.first_capacity = 3;
  ScalableFilter f(g);
  EXPECT_EQ(f.geometry().first_capacity, kMinFirstCapacity);
}

TEST(ScalableFilterTest, MeasuredRateMatchesPrediction) {
  ScalableFilter f(Loose());
  for (int i = 0; i < 9000; ++i)
    ASSERT_TRUE(f.Add("in" + std::to_string(i)).ok());
  const double predicted = f.PredictedRate();
  constexpr int kProbes = 400000;
  int hits = 0;
  for (int i = 0; i < kProbes; ++i)
    hits += f.MayContain("out" + std::to_string(i));
  const double measured = static_cast<double>(hits) / kProbes;
  const double se = std::sqrt(predicted / kProbes);
  EXPECT_NEAR(measured, predicted, 5 * se) << measured << " vs " << predicted;
  EXPECT_LT(measured, Loose().budget);
}

TEST(ScalableFilterTest, IncrementalEqualsRebuilt) {
  ScalableFilter a(Loose());
  ScalableFilter b(Loose());
  for (int i = 0; i < 2500; ++i)
    ASSERT_TRUE(a.Add("x" + std::to_string(i)).ok());
  b.Clear();
  for (int i = 0; i < 2500; ++i)
    ASSERT_TRUE(b.Add("x" + std::to_string(i)).ok());
  ASSERT_EQ(a.layers().size(), b.layers().size());
  for (size_t i = 0; i < a.layers().size(); ++i) {
    EXPECT_EQ(a.layers()[i].bits, b.layers()[i].bits);
  }
}

TEST(UserFilterFileTest, RoundTripAndDamage) {
  ScalableFilter f(Loose());
  for (int i = 0; i < 2100; ++i)
    ASSERT_TRUE(f.Add("w" + std::to_string(i)).ok());
  const std::string image = EncodeUserFilter(kListCanonical, 123, 456, f);
  StatusOr<UserFilterFile> d = DecodeUserFilter(image, "f");
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ(d->flags, kListCanonical);
  EXPECT_EQ(d->list_hash, 123u);
  EXPECT_EQ(d->list_bytes, 456u);
  EXPECT_EQ(d->geometry, f.geometry());
  StatusOr<ScalableFilter> g =
      ScalableFilter::FromLayers(d->geometry, d->layers);
  ASSERT_TRUE(g.ok()) << g.status().message();
  ASSERT_EQ(g->layers().size(), 2u);
  EXPECT_EQ(g->layers()[1].bits, f.layers()[1].bits);
  EXPECT_TRUE(g->MayContain("w2099"));

  // Every truncation and a flipped bit anywhere are detected.
  for (size_t n = 0; n < image.size(); n += 1 + n / 3) {
    EXPECT_FALSE(DecodeUserFilter(image.substr(0, n), "f").ok()) << n;
  }
  for (size_t at : {size_t{9}, size_t{30}, size_t{80}, image.size() / 2,
                    image.size() - 1}) {
    std::string bad = image;
    bad[at] ^= 4;
    StatusOr<UserFilterFile> r = DecodeUserFilter(bad, "f");
    EXPECT_FALSE(r.ok()) << at;
  }
  EXPECT_EQ(DecodeUserFilter("hello", "f").status().code(),
            Status::Code::kUnsupported);

  // Layers that do not follow the geometry are refused.
  std::vector<FilterLayer> layers = d->layers;
  layers[0].words -= 1;
  EXPECT_FALSE(ScalableFilter::FromLayers(d->geometry, layers).ok());
  layers = d->layers;
  layers[1].capacity += 1;
  EXPECT_FALSE(ScalableFilter::FromLayers(d->geometry, layers).ok());
}

}  // namespace
}  // namespace spellfilter
