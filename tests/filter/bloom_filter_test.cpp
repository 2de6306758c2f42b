#include "core/filter/bloom_filter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "core/dictionary/builder.h"
#include "core/filter/false_positive_math.h"

namespace spellfilter {
namespace {

std::string RandomKey(std::mt19937_64& rng, const char* prefix) {
  return prefix + std::to_string(rng());
}

struct Filter {
  BloomParams params;
  std::vector<uint64_t> words;
};

Filter Build(Layout layout, uint64_t bits, uint32_t k, uint64_t seed,
             const std::vector<std::string>& keys,
             uint32_t block_bits = kBlockBits) {
  Filter f;
  f.params = BloomParams{layout, bits, k, seed, block_bits};
  f.words.assign(bits / 64, 0);
  for (const std::string& key : keys) {
    BloomFilter::Add(f.params, f.words, HashWord(key, seed));
  }
  return f;
}

TEST(BloomFilterTest, NoFalseNegativesInEitherLayout) {
  std::mt19937_64 rng(1);
  std::vector<std::string> keys;
  for (int i = 0; i < 20000; ++i) keys.push_back(RandomKey(rng, "in"));
  for (Layout layout : {Layout::kBlocked, Layout::kClassic}) {
    for (uint32_t block_bits : {kBlockBits, kWideBlockBits}) {
      Filter f = Build(layout, 1024 * 300, 7, 42, keys, block_bits);
      BloomFilter view(f.params, f.words);
      for (const std::string& key : keys) ASSERT_TRUE(view.MayContain(key));
      std::vector<WordHash> hashes;
      for (const std::string& key : keys) hashes.push_back(HashWord(key, 42));
      for (size_t i = 0; i < hashes.size(); i += BloomFilter::kMaxBatch) {
        bool found[BloomFilter::kMaxBatch];
        const size_t count =
            std::min<size_t>(BloomFilter::kMaxBatch, hashes.size() - i);
        view.MayContainBatch(std::span(hashes).subspan(i, count), found);
        for (size_t j = 0; j < count; ++j) ASSERT_TRUE(found[j]);
      }
    }
  }
}

// A 1024-bit block is one block: a key's probes spread over both of its
// cache lines, and stay inside them.
TEST(BloomFilterTest, WideBlockProbesStayInOneBlockAndUseBothHalves) {
  std::mt19937_64 rng(2);
  const BloomParams params{Layout::kBlocked, 1024 * 64, 16, 3, kWideBlockBits};
  bool low_half = false;
  bool high_half = false;
  for (int i = 0; i < 200; ++i) {
    std::vector<uint64_t> words(params.bits / 64, 0);
    BloomFilter::Add(params, words, HashWord(RandomKey(rng, "w"), 3));
    int first = -1;
    int last = -1;
    for (int w = 0; w < static_cast<int>(words.size()); ++w) {
      if (words[w] == 0) continue;
      if (first < 0) first = w;
      last = w;
    }
    ASSERT_GE(first, 0);
    EXPECT_EQ(first / 16, last / 16) << "probes left the key's block";
    low_half |= first % 16 < 8;
    high_half |= last % 16 >= 8;
  }
  EXPECT_TRUE(low_half && high_half);
}

// AddBatch (the builder's path, with kernels per k) sets exactly the bits
// Add sets one key at a time, for every k and both layouts, with a batch
// size that is no multiple of kMaxBatch.
TEST(BloomFilterTest, AddBatchSetsTheBitsAddSets) {
  std::mt19937_64 rng(3);
  std::vector<WordHash> hashes;
  for (int i = 0; i < 1000 + 7; ++i) {
    hashes.push_back(HashWord(RandomKey(rng, "k"), 5));
  }
  for (Layout layout : {Layout::kBlocked, Layout::kClassic}) {
    for (uint32_t block_bits : {kBlockBits, kWideBlockBits}) {
      for (uint32_t k = 1; k <= 20; ++k) {
        const BloomParams params{layout, 1024 * 20, k, 5, block_bits};
        std::vector<uint64_t> one(params.bits / 64, 0);
        std::vector<uint64_t> batch(params.bits / 64, 0);
        for (const WordHash& h : hashes) BloomFilter::Add(params, one, h);
        BloomFilter::AddBatch(params, batch, hashes);
        EXPECT_EQ(one, batch) << static_cast<int>(layout) << " B="
                              << block_bits << " k=" << k;
      }
    }
  }
}

TEST(BloomFilterTest, SeedChangesPositions) {
  const std::vector<std::string> keys = {"alpha", "beta", "gamma"};
  Filter a = Build(Layout::kBlocked, 512 * 4, 5, 1, keys);
  Filter b = Build(Layout::kBlocked, 512 * 4, 5, 2, keys);
  EXPECT_NE(a.words, b.words);
}

TEST(BloomFilterTest, EmptyFilterRejectsEverything) {
  Filter f = Build(Layout::kBlocked, 512, 3, 0, {});
  BloomFilter view(f.params, f.words);
  EXPECT_FALSE(view.MayContain("anything"));
  EXPECT_EQ(view.CountSetBits(), 0u);
}

TEST(BloomFilterTest, ValidateRejectsBadParameters) {
  EXPECT_EQ(BloomFilter::Validate({Layout::kBlocked, 512, 3, 0}, 8), nullptr);
  EXPECT_NE(BloomFilter::Validate({Layout::kBlocked, 512, 0, 0}, 8), nullptr);
  EXPECT_NE(BloomFilter::Validate({Layout::kBlocked, 512, 65, 0}, 8), nullptr);
  EXPECT_NE(BloomFilter::Validate({Layout::kBlocked, 576, 3, 0}, 9), nullptr);
  EXPECT_EQ(BloomFilter::Validate({Layout::kBlocked, 2048, 3, 0, 1024}, 32),
            nullptr);
  EXPECT_NE(BloomFilter::Validate({Layout::kBlocked, 1536, 3, 0, 1024}, 24),
            nullptr);
  EXPECT_NE(BloomFilter::Validate({Layout::kBlocked, 2048, 3, 0, 2048}, 32),
            nullptr);
  EXPECT_NE(BloomFilter::Validate({Layout::kBlocked, 2048, 3, 0, 256}, 32),
            nullptr);
  EXPECT_NE(BloomFilter::Validate({Layout::kClassic, 640, 3, 0}, 9), nullptr);
  EXPECT_NE(BloomFilter::Validate({static_cast<Layout>(9), 512, 3, 0}, 8),
            nullptr);
}

// The false-positive rate we predict is the one we measure: over many seeds
// (each a different filter), the mean measured rate on keys never inserted
// agrees with the layout's predicted mean rate within 3 standard errors. The
// standard error comes from the spread of the per-seed rates, so it includes
// the filter-to-filter variation of the fill, not only the binomial noise.
struct RateCase {
  Layout layout;
  uint64_t n;
  double p;
  double hits_per_seed = 60;
  uint32_t block_bits = kBlockBits;
};

class MeasuredRateTest : public ::testing::TestWithParam<RateCase> {};

TEST_P(MeasuredRateTest, AgreesWithPredictionOverManySeeds) {
  const RateCase c = GetParam();
  const fpmath::Sizing s = c.layout == Layout::kBlocked
                               ? fpmath::SizeBlocked(c.n, c.p,
                                                     static_cast<int>(c.block_bits))
                               : fpmath::SizeClassic(c.n, c.p);
  const BloomParams shape{c.layout, s.bits, static_cast<uint32_t>(s.k), 0,
                          c.block_bits};
  const double predicted = PredictedRate(shape, c.n);
  constexpr int kSeeds = 30;
  const uint64_t probes_per_seed = static_cast<uint64_t>(c.hits_per_seed / predicted);
  double sum = 0;
  double sum_sq = 0;
  for (int seed = 0; seed < kSeeds; ++seed) {
    std::mt19937_64 rng(1000 + seed);
    std::vector<std::string> keys;
    for (uint64_t i = 0; i < c.n; ++i) keys.push_back(RandomKey(rng, "in"));
    Filter f = Build(c.layout, s.bits, s.k, rng(), keys, c.block_bits);
    BloomFilter view(f.params, f.words);
    uint64_t hits = 0;
    for (uint64_t i = 0; i < probes_per_seed; ++i) {
      hits += view.MayContain(RandomKey(rng, "out"));
    }
    const double rate = static_cast<double>(hits) / probes_per_seed;
    sum += rate;
    sum_sq += rate * rate;
  }
  const double mean = sum / kSeeds;
  const double variance = (sum_sq - kSeeds * mean * mean) / (kSeeds - 1);
  const double se = std::sqrt(variance / kSeeds);
  EXPECT_NEAR(mean, predicted, 3 * se)
      << "bits=" << s.bits << " k=" << s.k << " seeds=" << kSeeds
      << " probes/seed=" << probes_per_seed;
  // The test has power: the standard error is a small share of the rate.
  EXPECT_LT(se, 0.08 * predicted);
}

INSTANTIATE_TEST_SUITE_P(
    Layouts, MeasuredRateTest,
    ::testing::Values(RateCase{Layout::kBlocked, 5000, 1e-2},
                      RateCase{Layout::kBlocked, 5000, 1e-3},
                      RateCase{Layout::kBlocked, 2000, 1e-4},
                      RateCase{Layout::kBlocked, 5000, 1e-2, 60, kWideBlockBits},
                      RateCase{Layout::kBlocked, 5000, 1e-3, 60, kWideBlockBits},
                      RateCase{Layout::kBlocked, 2000, 1e-4, 60, kWideBlockBits},
                      RateCase{Layout::kClassic, 5000, 1e-2},
                      RateCase{Layout::kClassic, 5000, 1e-3},
                      RateCase{Layout::kClassic, 2000, 1e-4},
                      // Catches the short cycles of textbook double hashing (see
                      // bloom_filter.h), which measured +75% here.
                      RateCase{Layout::kClassic, 1000, 1e-5, 25}),
    [](const ::testing::TestParamInfo<RateCase>& info) {
      const RateCase& c = info.param;
      return std::string(c.layout == Layout::kBlocked
                             ? (c.block_bits == kBlockBits ? "Blocked"
                                                           : "Blocked1024")
                             : "Classic") +
             "_n" + std::to_string(c.n) + "_p1e" +
             std::to_string(static_cast<int>(std::lround(-std::log10(c.p))));
    });

}  // namespace
}  // namespace spellfilter
