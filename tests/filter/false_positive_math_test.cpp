#include "core/filter/false_positive_math.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <vector>

namespace spellfilter::fpmath {
namespace {

// Mean over random filters of the per-filter FP rate, with its standard
// error (sample standard deviation of the per-filter rates / sqrt(trials)).
struct MonteCarlo {
  double mean;
  double se;
};

uint64_t UniformBelow(std::mt19937_64& rng, uint64_t bound) {
  return std::uniform_int_distribution<uint64_t>(0, bound - 1)(rng);
}

MonteCarlo Summarize(const std::vector<double>& per_filter) {
  double sum = 0.0;
  for (double r : per_filter) sum += r;
  const double t = static_cast<double>(per_filter.size());
  const double mean = sum / t;
  double ss = 0.0;
  for (double r : per_filter) ss += (r - mean) * (r - mean);
  return {mean, std::sqrt(ss / (t - 1.0) / t)};
}

// Classic layout: each trial builds an m-bit filter from n items (k uniform
// positions each, repeats allowed), then estimates its FP rate with
// `queries` non-members, each probing k fresh uniform positions.
MonteCarlo SimulateClassic(uint64_t m, uint64_t n, int k, int trials,
                           int queries, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> bits(m);
  std::vector<double> per_filter;
  per_filter.reserve(static_cast<size_t>(trials));
  for (int t = 0; t < trials; ++t) {
    std::fill(bits.begin(), bits.end(), 0);
    for (uint64_t i = 0; i < n; ++i) {
      for (int j = 0; j < k; ++j) bits[UniformBelow(rng, m)] = 1;
    }
    int hits = 0;
    for (int q = 0; q < queries; ++q) {
      bool all = true;
      for (int j = 0; j < k; ++j) all &= bits[UniformBelow(rng, m)] != 0;
      hits += all ? 1 : 0;
    }
    per_filter.push_back(static_cast<double>(hits) / queries);
  }
  return Summarize(per_filter);
}

// Blocked layout: an item or a query picks one block uniformly, then k
// uniform positions inside it.
MonteCarlo SimulateBlocked(uint64_t blocks, int block_bits, uint64_t n, int k,
                           int trials, int queries, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const uint64_t b = static_cast<uint64_t>(block_bits);
  std::vector<uint8_t> bits(blocks * b);
  std::vector<double> per_filter;
  per_filter.reserve(static_cast<size_t>(trials));
  for (int t = 0; t < trials; ++t) {
    std::fill(bits.begin(), bits.end(), 0);
    for (uint64_t i = 0; i < n; ++i) {
      const uint64_t base = UniformBelow(rng, blocks) * b;
      for (int j = 0; j < k; ++j) bits[base + UniformBelow(rng, b)] = 1;
    }
    int hits = 0;
    for (int q = 0; q < queries; ++q) {
      const uint64_t base = UniformBelow(rng, blocks) * b;
      bool all = true;
      for (int j = 0; j < k; ++j) all &= bits[base + UniformBelow(rng, b)] != 0;
      hits += all ? 1 : 0;
    }
    per_filter.push_back(static_cast<double>(hits) / queries);
  }
  return Summarize(per_filter);
}

struct SmallCase {
  uint64_t m;
  uint64_t n;
  int k;
};

// Small classic filters: rates from ~0.5 % to ~20 %, where ExactRate and
// the classic approximation differ visibly.
constexpr SmallCase kSmallCases[] = {
    {32, 2, 2},   {32, 4, 3},   {32, 8, 2},   {64, 6, 4},   {64, 10, 3},
    {128, 12, 5}, {128, 20, 4}, {256, 25, 7}, {256, 40, 4},
};

TEST(ExactRateTest, MatchesMonteCarloOnSmallFilters) {
  uint64_t seed = 1;
  for (const SmallCase& c : kSmallCases) {
    const std::optional<double> exact = ExactRate(c.m, c.n, c.k);
    ASSERT_TRUE(exact.has_value());
    const MonteCarlo mc = SimulateClassic(c.m, c.n, c.k, /*trials=*/20000,
                                          /*queries=*/32, seed++);
    EXPECT_NEAR(mc.mean, *exact, 4 * mc.se)
        << "m=" << c.m << " n=" << c.n << " k=" << c.k;
  }
}

// The simulation above must be able to tell ExactRate from the classic
// approximation, otherwise it would prove little.
TEST(ExactRateTest, MonteCarloRejectsClassicApproximationOnTinyFilters) {
  const MonteCarlo mc = SimulateClassic(32, 4, 3, 20000, 32, 99);
  EXPECT_GT(std::fabs(mc.mean - ClassicRate(32, 4, 3)), 4 * mc.se);
  EXPECT_NEAR(mc.mean, *ExactRate(32, 4, 3), 4 * mc.se);
}

TEST(ExactRateTest, AgreesWithRationalArithmetic) {
  // Reference values from the same recursion in exact rationals (Python
  // fractions.Fraction), rounded to double.
  EXPECT_NEAR(*ExactRate(32, 4, 3), 0.03287857318030514, 1e-16);
  EXPECT_NEAR(*ExactRate(64, 10, 4), 0.04914187214837789, 1e-16);
}

TEST(ExactRateTest, ExceedsClassicRateOnSmallFilters) {
  for (const SmallCase& c : kSmallCases) {
    const double exact = *ExactRate(c.m, c.n, c.k);
    const double classic =
        ClassicRate(static_cast<double>(c.m), static_cast<double>(c.n), c.k);
    // Jensen plus (1-1/m)^{kn} < e^{-kn/m}: strictly larger, by a margin.
    EXPECT_GT(exact, classic * 1.01)
        << "m=" << c.m << " n=" << c.n << " k=" << c.k;
  }
}

TEST(ExactRateTest, ConvergesToClassicRateForLargeFilters) {
  // Fixed load (10 bits per item, k = 7): the relative excess shrinks
  // roughly like 1/m.
  double previous_gap = std::numeric_limits<double>::infinity();
  for (uint64_t m : {64, 256, 1024, 4096, 16384}) {
    const uint64_t n = m / 10;
    const double exact = *ExactRate(m, n, 7);
    const double classic =
        ClassicRate(static_cast<double>(m), static_cast<double>(n), 7);
    const double gap = exact / classic - 1.0;
    EXPECT_GT(gap, 0.0) << "m=" << m;
    EXPECT_LT(gap, previous_gap) << "m=" << m;
    previous_gap = gap;
  }
  EXPECT_LT(previous_gap, 1e-3);  // m = 16384
}

TEST(ExactRateTest, EdgeCases) {
  EXPECT_EQ(*ExactRate(1000, 0, 7), 0.0);
  EXPECT_EQ(*ExactRate(0, 10, 7), 1.0);
  // Hopelessly overfull: every bit is set, every probe hits.
  EXPECT_EQ(*ExactRate(64, 1000, 7), 1.0);
  // One item, one probe: the query hits the one set bit with prob. 1/m.
  EXPECT_DOUBLE_EQ(*ExactRate(100, 1, 1), 0.01);
}

TEST(ExactRateTest, RespectsWorkBudget) {
  EXPECT_FALSE(ExactRate(1 << 20, 1 << 20, 7).has_value());
  EXPECT_FALSE(ExactRate(1000, 100, 7, /*max_work=*/699999).has_value());
  EXPECT_TRUE(ExactRate(1000, 100, 7, /*max_work=*/700000).has_value());
  EXPECT_FALSE(ExactRate(1000, 100, 7, std::numeric_limits<double>::quiet_NaN())
                   .has_value());
}

TEST(BlockedRateTest, MatchesMonteCarlo) {
  struct Case {
    uint64_t blocks;
    int block_bits;
    uint64_t n;
    int k;
    int trials;
  };
  const Case cases[] = {
      {16, 64, 64, 3, 20000}, {16, 64, 100, 4, 20000}, {16, 64, 160, 2, 20000},
      {8, 512, 400, 6, 4000}, {8, 512, 300, 8, 4000},
  };
  uint64_t seed = 1000;
  for (const Case& c : cases) {
    const double rate = BlockedRate(c.blocks, c.block_bits, c.n, c.k);
    const MonteCarlo mc = SimulateBlocked(c.blocks, c.block_bits, c.n, c.k,
                                          c.trials, /*queries=*/64, seed++);
    EXPECT_NEAR(mc.mean, rate, 4 * mc.se)
        << "blocks=" << c.blocks << " B=" << c.block_bits << " n=" << c.n
        << " k=" << c.k;
  }
}

// As for the classic layout: the blocked simulation must be able to tell
// the blocked rate from the rates of an unblocked filter of the same size.
TEST(BlockedRateTest, MonteCarloRejectsUnblockedRates) {
  const MonteCarlo mc = SimulateBlocked(16, 64, 64, 3, 20000, 64, 2000);
  EXPECT_NEAR(mc.mean, BlockedRate(16, 64, 64, 3), 4 * mc.se);
  EXPECT_GT(std::fabs(mc.mean - ClassicRate(1024, 64, 3)), 4 * mc.se);
  EXPECT_GT(std::fabs(mc.mean - *ExactRate(1024, 64, 3)), 4 * mc.se);
}

double BinomialPmf(uint64_t n, uint64_t j, double q) {
  return std::exp(std::lgamma(n + 1.0) - std::lgamma(j + 1.0) -
                  std::lgamma(n - j + 1.0) + j * std::log(q) +
                  (n - j) * std::log1p(-q));
}

TEST(BlockedRateTest, MatchesBruteForceSumOverAllLoads) {
  const uint64_t blocks = 4;
  const int block_bits = 64;
  const uint64_t n = 60;
  const int k = 3;
  double expected = 0.0;
  for (uint64_t j = 0; j <= n; ++j) {
    expected += BinomialPmf(n, j, 1.0 / blocks) * *ExactRate(block_bits, j, k);
  }
  EXPECT_NEAR(BlockedRate(blocks, block_bits, n, k), expected,
              1e-12 * expected);
}

TEST(BlockedRateTest, OneBlockIsAClassicFilter) {
  EXPECT_NEAR(BlockedRate(1, 512, 50, 5), *ExactRate(512, 50, 5), 1e-15);
  EXPECT_EQ(BlockedRate(1, 512, 100000000, 5), 1.0);  // saturated
}

TEST(BlockedRateTest, ExceedsClassicRateForTheSameBits) {
  struct Case {
    uint64_t blocks;
    int block_bits;
    uint64_t n;
    int k;
  };
  const Case cases[] = {
      {16, 64, 64, 3},          {8, 512, 400, 6},
      {7813, 512, 400000, 7},   {30332, 512, 400000, 16},
      {62638, 512, 400000, 22},
  };
  for (const Case& c : cases) {
    const double bits = static_cast<double>(c.blocks) * c.block_bits;
    EXPECT_GT(BlockedRate(c.blocks, c.block_bits, c.n, c.k),
              ClassicRate(bits, static_cast<double>(c.n), c.k))
        << "blocks=" << c.blocks << " n=" << c.n << " k=" << c.k;
  }
}

TEST(BlockedRateTest, DependsOnLoadNotScale) {
  // 40 bits per item, k = 16 at n = 4e5 and n = 1e8: the binomial block
  // load tends to Poisson(12.8), so the rates agree closely. Exercises the
  // lgamma path with n = 1e8.
  const double small = BlockedRate(10000, 512, 128000, 16);
  const double large = BlockedRate(7812500, 512, 100000000, 16);
  EXPECT_NEAR(large, small, 1e-3 * small);
}

TEST(BlockedRateTest, FallsWithMoreBlocks) {
  double previous = 1.0;
  for (uint64_t blocks = 1; blocks <= 64; ++blocks) {
    const double rate = BlockedRate(blocks, 512, 1000, 7);
    EXPECT_LE(rate, previous) << "blocks=" << blocks;
    previous = rate;
  }
}

TEST(BlockedRateTest, EdgeCases) {
  EXPECT_EQ(BlockedRate(100, 512, 0, 7), 0.0);
}

constexpr double kTargets[] = {1e-2, 1e-3, 1e-4, 1e-6, 1e-7, 1e-9};

TEST(SizeClassicTest, ReproducesTextbookFormula) {
  const double ln2 = std::log(2.0);
  for (uint64_t n : {1000ULL, 400000ULL, 100000000ULL}) {
    const double nd = static_cast<double>(n);
    for (double p : kTargets) {
      const Sizing s = SizeClassic(n, p);
      const double m0 = std::ceil(-nd * std::log(p) / (ln2 * ln2));
      EXPECT_EQ(s.bits % kWordBits, 0u);
      EXPECT_GE(static_cast<double>(s.bits), m0);
      // Only the integer-k correction (<= 0.13 %) and word rounding.
      EXPECT_LE(static_cast<double>(s.bits), m0 * 1.0015 + 64) << "p=" << p;
      EXPECT_EQ(s.k, std::lround(m0 / nd * ln2)) << "p=" << p;
      EXPECT_EQ(s.predicted, ClassicRate(static_cast<double>(s.bits), nd, s.k));
      EXPECT_LE(s.predicted, p);
      // Minimal: one word less is below the formula or misses p.
      const double fewer = static_cast<double>(s.bits - kWordBits);
      EXPECT_TRUE(fewer < m0 || ClassicRate(fewer, nd, s.k) > p) << "p=" << p;
    }
  }
  const Sizing s = SizeClassic(400000, 1e-6);
  EXPECT_NEAR(static_cast<double>(s.bits) / 400000, 28.755, 0.01);
  EXPECT_EQ(s.k, 20);
}

TEST(SizeBlockedTest, IsTheSmallestPassingBlockCount) {
  const uint64_t n = 400000;
  for (double p : kTargets) {
    const Sizing s = SizeBlocked(n, p);
    ASSERT_EQ(s.bits % 512, 0u);
    const uint64_t blocks = s.bits / 512;
    ASSERT_GT(blocks, 1u);
    EXPECT_GE(s.k, kMinProbes);
    EXPECT_LE(s.k, kMaxProbes);
    EXPECT_EQ(s.predicted, BlockedRate(blocks, 512, n, s.k));
    EXPECT_LE(s.predicted, p);
    EXPECT_GT(BlockedRate(blocks - 1, 512, n, s.k), p) << "p=" << p;
    // Neither neighbouring probe count fits in fewer blocks.
    for (int k : {s.k - 1, s.k + 1}) {
      if (k < kMinProbes || k > kMaxProbes) continue;
      EXPECT_GT(BlockedRate(blocks - 1, 512, n, k), p)
          << "p=" << p << " k=" << k;
    }
    // Blocking costs bits.
    EXPECT_GT(s.bits, SizeClassic(n, p).bits) << "p=" << p;
  }
}

TEST(SizeBlockedTest, OtherBlockSizesAndTinyInputs) {
  for (int block_bits : {64, 256, 512, 1024}) {
    for (uint64_t n : {1ULL, 10ULL, 5000ULL}) {
      const Sizing s = SizeBlocked(n, 1e-4, block_bits);
      const uint64_t b = static_cast<uint64_t>(block_bits);
      ASSERT_EQ(s.bits % b, 0u);
      const uint64_t blocks = s.bits / b;
      EXPECT_LE(BlockedRate(blocks, block_bits, n, s.k), 1e-4);
      if (blocks > 1) {
        EXPECT_GT(BlockedRate(blocks - 1, block_bits, n, s.k), 1e-4)
            << "B=" << block_bits << " n=" << n;
      }
    }
  }
}

TEST(SizingTest, NoItemsGivesMinimalFilter) {
  const Sizing c = SizeClassic(0, 1e-6);
  EXPECT_EQ(c.bits, 64u);
  EXPECT_EQ(c.k, 1);
  EXPECT_EQ(c.predicted, 0.0);
  const Sizing b = SizeBlocked(0, 1e-6);
  EXPECT_EQ(b.bits, 512u);
  EXPECT_EQ(b.k, 1);
  EXPECT_EQ(b.predicted, 0.0);
}

TEST(SizingTest, TargetOutsideUnitIntervalAssertsOrIsClamped) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (double p : {0.0, -1.0, 1.0, 2.0, nan}) {
    EXPECT_DEBUG_DEATH(SizeClassic(1000, p), "") << "p=" << p;
    EXPECT_DEBUG_DEATH(SizeBlocked(1000, p), "") << "p=" << p;
  }
#ifdef NDEBUG
  const Sizing tiny = SizeClassic(1000, kMinTargetRate);
  for (double p : {0.0, -1.0, nan, 1e-300}) {
    EXPECT_EQ(SizeClassic(1000, p).bits, tiny.bits) << "p=" << p;
  }
  const Sizing loose = SizeBlocked(1000, 2.0);
  EXPECT_LT(loose.predicted, 1.0);
  EXPECT_EQ(SizeBlocked(1000, 0.0).bits,
            SizeBlocked(1000, kMinTargetRate).bits);
#endif
}

TEST(EstimateCountTest, InvertsExpectedFill) {
  for (double m : {1024.0, 1048576.0, 1e9}) {
    for (int k : {1, 7, 20}) {
      for (double load : {0.05, 0.1, 0.3}) {  // items per bit
        const double n = std::round(load * m);
        const double x = ExpectedSetBits(m, n, k);
        EXPECT_NEAR(EstimateCount(m, k, x), n, 0.01 * n)
            << "m=" << m << " k=" << k << " n=" << n;
      }
    }
  }
}

TEST(EstimateCountTest, EdgeCases) {
  EXPECT_EQ(EstimateCount(1024, 7, 1024),
            std::numeric_limits<double>::infinity());
  EXPECT_EQ(EstimateCount(1024, 7, 2000),
            std::numeric_limits<double>::infinity());
  EXPECT_EQ(EstimateCount(1024, 7, 0), 0.0);
  EXPECT_DOUBLE_EQ(EstimateCount(1024, 1, 1), -1024 * std::log1p(-1.0 / 1024));
  EXPECT_EQ(EstimateCountBlocked(16, 512, 7, 16 * 512),
            std::numeric_limits<double>::infinity());
  EXPECT_EQ(EstimateCountBlocked(16, 512, 7, 0), 0.0);
}

TEST(EstimateCountTest, BlockedEstimateMatchesSimulatedFilter) {
  // 100,000 items at ~40 bits per item, k = 16, in 512-bit blocks.
  const uint64_t n = 100000;
  const uint64_t blocks = 7813;
  const int k = 16;
  std::mt19937_64 rng(7);
  std::vector<uint8_t> bits(blocks * 512);
  for (uint64_t i = 0; i < n; ++i) {
    const uint64_t base = UniformBelow(rng, blocks) * 512;
    for (int j = 0; j < k; ++j) bits[base + UniformBelow(rng, 512)] = 1;
  }
  double set = 0;
  for (uint8_t b : bits) set += b;
  const double nd = static_cast<double>(n);
  EXPECT_NEAR(EstimateCountBlocked(blocks, 512, k, set), nd, 0.003 * nd);
  // The classic estimator misses the in-block collisions of an item's own
  // probes: it undercounts by about (k-1)/(2*512) = 1.5 %.
  EXPECT_LT(EstimateCount(static_cast<double>(blocks) * 512, k, set),
            0.99 * nd);
}

}  // namespace
}  // namespace spellfilter::fpmath

namespace spellfilter::fpmath {
namespace {

TEST(SizeBlockedToleranceTest, TradesAFewBitsForFewerProbes) {
  const Sizing best = SizeBlocked(184000, 1e-6, 512);
  const Sizing cheaper = SizeBlocked(184000, 1e-6, 512, 1.05);
  EXPECT_LT(cheaper.k, best.k);
  EXPECT_LE(static_cast<double>(cheaper.bits), 1.05 * best.bits);
  EXPECT_LE(cheaper.predicted, 1e-6);
  EXPECT_LE(BlockedRate(cheaper.bits / 512, 512, 184000, cheaper.k), 1e-6);
  // The next smaller k would have needed more than the tolerance.
  const Sizing exact_next = [&] {
    for (double t = 1.05; t < 2; t += 0.01) {
      const Sizing s = SizeBlocked(184000, 1e-6, 512, t);
      if (s.k < cheaper.k) return s;
    }
    return cheaper;
  }();
  EXPECT_GT(static_cast<double>(exact_next.bits), 1.05 * best.bits);
}

// The smallest block count for k, found by doubling and bisection with
// BlockedRate itself; 0 when none fits in kMaxFilterBits.
uint64_t FewestBlocks(uint64_t n, double p, int block_bits, int k) {
  BlockedRateSearch search(block_bits, k);
  const uint64_t max_blocks = kMaxFilterBits / block_bits;
  uint64_t lo = 0;
  uint64_t hi = 1;
  while (search.Rate(hi, n) > p) {
    if (hi == max_blocks) return 0;
    lo = hi;
    hi = std::min(max_blocks, hi * 2);
  }
  while (hi - lo > 1) {
    const uint64_t mid = lo + (hi - lo) / 2;
    (search.Rate(mid, n) <= p ? hi : lo) = mid;
  }
  return hi;
}

// SizeBlocked stops trying k once the size has passed its minimum; over a
// grid of sizes, rates and block sizes it answers exactly as trying every
// k from 1 to 64 does, with and without a tolerance.
TEST(SizeBlockedTest, StoppingPastTheMinimumAgreesWithTryingEveryK) {
  struct Case {
    int block_bits;
    uint64_t n;
  };
  const Case cases[] = {{512, 1},    {512, 3},      {512, 50},
                        {512, 1000}, {512, 16718},  {512, 184000},
                        {512, 1400000}, {64, 10},   {64, 5000}};
  for (const Case& c : cases) {
    for (double p : {0.3, 1e-2, 1e-4, 1e-6, 1e-9}) {
      std::vector<uint64_t> bits(kMaxProbes + 1, 0);
      uint64_t fewest = 0;
      for (int k = kMinProbes; k <= kMaxProbes; ++k) {
        bits[k] = FewestBlocks(c.n, p, c.block_bits, k) * c.block_bits;
        if (bits[k] != 0 && (fewest == 0 || bits[k] < fewest)) fewest = bits[k];
      }
      ASSERT_NE(fewest, 0u);
      for (double tolerance : {1.0, 1.05}) {
        int want = 0;
        for (int k = kMinProbes; k <= kMaxProbes && want == 0; ++k) {
          if (bits[k] != 0 &&
              static_cast<double>(bits[k]) <= tolerance * fewest) {
            want = k;
          }
        }
        const Sizing s = SizeBlocked(c.n, p, c.block_bits, tolerance);
        EXPECT_EQ(s.k, want) << "B=" << c.block_bits << " n=" << c.n
                             << " p=" << p << " tolerance=" << tolerance;
        EXPECT_EQ(s.bits, bits[want]) << "B=" << c.block_bits << " n=" << c.n
                                      << " p=" << p;
      }
    }
  }
}

// The kept table gives BlockedRate's values exactly, whatever the order of
// the queries (the prefix filter's sizing relies on it for its bytes).
TEST(BlockedRateSearchTest, SameValuesAsBlockedRate) {
  for (int k : {1, 4, 12}) {
    BlockedRateSearch search(512, k);
    for (uint64_t blocks : {4096u, 1u, 300u, 65536u, 2u, 300u}) {
      for (uint64_t n : {0u, 1u, 5000u, 100000u, 2300000u}) {
        EXPECT_EQ(search.Rate(blocks, n), BlockedRate(blocks, 512, n, k))
            << k << " " << blocks << " " << n;
      }
    }
  }
}

}  // namespace
}  // namespace spellfilter::fpmath
