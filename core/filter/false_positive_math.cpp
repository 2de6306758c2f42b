// False-positive rate math; see the header for the formulas and
// docs/false_positive_math.md for the derivations.
#include "core/filter/false_positive_math.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace spellfilter::fpmath {
namespace {

// Occupancy probabilities below this are dropped from the window that the
// ExactRate recursion updates. It is far above the subnormal range
// (< 2.2e-308, where every x86 multiply costs ~100 cycles) and far below
// anything that can change a rate, however small: lo only rises and hi
// rises by at most one per ball, so at most m + 1 + balls entries are ever
// dropped and the lost mass is < (m + 1 + balls) * 1e-290.
inline constexpr double kNegligibleMass = 1e-290;

// The same for the in-block tables of BlockedRate. Their rates only enter a
// sum that is truncated at kTailMass = 1e-15 anyway, so dropping < 1e-30
// per entry (< 1e-23 in total for any table we build) is invisible, and it
// narrows the window from about +-37 to +-11 standard deviations of K: the
// tables, which dominate SizeBlocked, got ~2x cheaper (measured).
inline constexpr double kBlockNegligibleMass = 1e-30;

// The occupancy chain is treated as "all bins full" once the mass of the
// other states is below this fraction of P(K = M). Rates are then 1 to
// within 1e-18, i.e. exactly 1.0 in double; later balls change nothing.
inline constexpr double kFullMass = 1e-18;

// BlockedRate stops walking a binomial tail when a geometric bound on the
// remaining mass is below this (the brief's 1e-15). Since rates are <= 1,
// the neglected contribution is below it too.
inline constexpr double kTailMass = 1e-15;

// SizeBlocked stops trying larger k once the size has grown this much past
// the smallest so far (see there).
inline constexpr double kPastMinimum = 1.1;

int ClampProbes(int k) {
  assert(k >= kMinProbes);
  return std::max(k, kMinProbes);
}

int ClampBlockBits(int block_bits) {
  assert(block_bits >= 1 && block_bits <= kMaxBlockBits);
  return std::clamp(block_bits, 1, kMaxBlockBits);
}

// Written with negated comparisons so that NaN maps to kMinTargetRate.
double ClampTargetRate(double p) {
  assert(p > 0.0 && p < 1.0);
  if (!(p >= kMinTargetRate)) return kMinTargetRate;
  if (p > kMaxTargetRate) return kMaxTargetRate;
  return p;
}

// ln(1 - p^{1/k}) without cancellation: 1 - p^{1/k} = -expm1(ln(p) / k).
double LogOneMinusRoot(double p, int k) {
  return std::log(-std::expm1(std::log(p) / k));
}

// Smallest m with (1 - e^{-kn/m})^k <= p, as a real number:
// m = -k n / ln(1 - p^{1/k}).
double ClassicBitsForProbes(double n, double p, int k) {
  return -k * n / LogOneMinusRoot(p, k);
}

uint64_t RoundUp(uint64_t x, uint64_t multiple) {
  return (x + multiple - 1) / multiple * multiple;
}

// Distribution of the number K of occupied bins after throwing balls one at
// a time into `bins` bins (Christensen, Roginsky & Jimeno 2010):
//
//   P(N, M, K) = P(N-1, M, K) * K/M + P(N-1, M, K-1) * (M-K+1)/M.
//
// Only the window [lo_, hi_] of K with P >= `negligible` is stored and
// updated. After N balls K has mean M(1 - (1-1/M)^N) and a standard
// deviation below sqrt(M)/2, so the window holds O(sqrt(M)) entries rather
// than M once M is more than a few hundred. Two buffers keep the update
// loop free of loop-carried dependencies, so the compiler can vectorise it.
class Occupancy {
 public:
  // `max_occupied` bounds K for the balls the caller will throw: at most
  // min(balls, bins). Memory is O(max_occupied). Entries below `negligible`
  // leave the window.
  Occupancy(uint64_t bins, uint64_t max_occupied, double negligible)
      : bins_(bins),
        inv_bins_(1.0 / static_cast<double>(bins)),
        negligible_(negligible),
        p_(max_occupied + 1, 0.0),
        next_(max_occupied + 1, 0.0) {
    assert(bins >= 1 && max_occupied <= bins);
    p_[0] = 1.0;  // no balls: K = 0 with certainty
  }

  // True once every bin is occupied with probability 1 - 1e-18.
  bool full() const { return full_; }

  // Most of a filter's sizing time (SizeBlocked); AVX2 where the processor
  // has it (4 doubles a step; no FMA, so the same values as SSE2).
  __attribute__((target_clones("avx2", "default"))) void AddBall() {
    if (full_) return;
    const double* cur = p_.data();
    double* nx = next_.data();
    const uint64_t new_hi =
        std::min<uint64_t>(hi_ + 1, static_cast<uint64_t>(p_.size()) - 1);
    const double m = static_cast<double>(bins_);
    // K = lo_: nothing below the window feeds it.
    nx[lo_] = cur[lo_] * static_cast<double>(lo_) * inv_bins_;
    uint64_t kk = lo_ + 1;
    // Four K at a time, each with the scalar loop's operations in its
    // order (the same values).
    using V4 = double __attribute__((vector_size(32)));
    for (; kk + 3 <= hi_; kk += 4) {
      const double k0 = static_cast<double>(kk);
      const V4 kd = {k0, k0 + 1.0, k0 + 2.0, k0 + 3.0};
      V4 c;
      V4 b;
      std::memcpy(&c, cur + kk, sizeof c);
      std::memcpy(&b, cur + kk - 1, sizeof b);
      const V4 r = (c * kd + b * (m - kd + 1.0)) * inv_bins_;
      std::memcpy(nx + kk, &r, sizeof r);
    }
    for (; kk <= hi_; ++kk) {
      const double kd = static_cast<double>(kk);
      nx[kk] = (cur[kk] * kd + cur[kk - 1] * (m - kd + 1.0)) * inv_bins_;
    }
    // K = hi_ + 1: only fed from below (its own P was negligible).
    if (new_hi > hi_) {
      nx[new_hi] = cur[hi_] * (m - static_cast<double>(hi_)) * inv_bins_;
    }
    std::swap(p_, next_);
    hi_ = new_hi;
    while (lo_ < hi_ && p_[lo_] < negligible_) ++lo_;
    while (hi_ > lo_ && p_[hi_] < negligible_) --hi_;
    CheckFull();
  }

  // E[f(K)] over the current distribution, renormalised so that rounding
  // drift in sum_K P (~sqrt(balls) * 1e-16) does not leak into rates.
  template <typename F>
  double Expect(const F& f) const {
    if (full_) return f(bins_);
    double sum = 0.0;
    double mass = 0.0;
    for (uint64_t kk = lo_; kk <= hi_; ++kk) {
      sum += p_[kk] * f(kk);
      mass += p_[kk];
    }
    return sum / mass;
  }

 private:
  void CheckFull() {
    // Cheap gate first: P(K = M) > 0.999 needs ~M (ln M + 7) balls.
    if (hi_ != bins_ || p_[hi_] < 0.999) return;
    double rest = 0.0;
    for (uint64_t kk = lo_; kk < hi_; ++kk) rest += p_[kk];
    if (rest < kFullMass * p_[hi_]) {
      full_ = true;
      lo_ = hi_;
      p_[hi_] = 1.0;
    }
  }

  uint64_t bins_;
  double inv_bins_;
  double negligible_;
  std::vector<double> p_;
  std::vector<double> next_;
  uint64_t lo_ = 0;
  uint64_t hi_ = 0;
  bool full_ = false;
};

// Exact FP rate of one block of B bits holding j items, for j = 0, 1, ...,
// computed lazily: item j+1 adds k balls to the occupancy chain, then
// rate(j) = E[(K/B)^k]. Growing the table to j costs O(k * j * B), so one
// table serves every block count tried by a SizeBlocked search.
class BlockRateTable {
 public:
  BlockRateTable(int block_bits, int k)
      : k_(k),
        occupancy_(static_cast<uint64_t>(block_bits),
                   static_cast<uint64_t>(block_bits), kBlockNegligibleMass),
        pow_k_(static_cast<size_t>(block_bits) + 1),
        rates_{0.0} {  // an empty block never matches (k >= 1)
    for (int i = 0; i <= block_bits; ++i) {
      pow_k_[static_cast<size_t>(i)] =
          std::pow(static_cast<double>(i) / block_bits, k);
    }
  }

  double Rate(uint64_t j) {
    while (rates_.size() <= j && !occupancy_.full()) {
      for (int b = 0; b < k_; ++b) occupancy_.AddBall();
      rates_.push_back(occupancy_.Expect(
          [this](uint64_t kk) { return pow_k_[static_cast<size_t>(kk)]; }));
    }
    // Beyond the table the block is full: every probe hits.
    return j < rates_.size() ? rates_[j] : 1.0;
  }

 private:
  int k_;
  Occupancy occupancy_;
  std::vector<double> pow_k_;  // (K/B)^k for K = 0..B
  std::vector<double> rates_;  // rates_[j]: exact rate with j items
};

// sum_j Binom(j; n, 1/blocks) * table.Rate(j); see BlockedRate.
double BlockedRateWithTable(BlockRateTable& table, uint64_t blocks,
                            uint64_t n) {
  if (n == 0) return 0.0;
  if (blocks == 1) return table.Rate(n);  // every item is in the one block
  const double nd = static_cast<double>(n);
  const double q = 1.0 / static_cast<double>(blocks);
  // pmf(j+1)/pmf(j) = (n-j)/(j+1) * odds, odds = q/(1-q) = 1/(blocks-1).
  const double odds = 1.0 / static_cast<double>(blocks - 1);
  const double inv_odds = static_cast<double>(blocks - 1);
  const uint64_t mode =
      std::min<uint64_t>(n, static_cast<uint64_t>(std::floor((nd + 1.0) * q)));
  const double md = static_cast<double>(mode);
  // log pmf(mode) with lgamma. For n ~ 1e8 the lgamma terms are ~1e9 and
  // the difference carries ~1e-7 relative error; the walk below then uses
  // exact ratios, and dividing by the summed pmf removes that common
  // factor, so the result keeps full precision.
  const double log_pmf_mode = std::lgamma(nd + 1.0) - std::lgamma(md + 1.0) -
                              std::lgamma(nd - md + 1.0) + md * std::log(q) +
                              (nd - md) * std::log1p(-q);
  const double pmf_mode = std::exp(log_pmf_mode);
  double mass = pmf_mode;
  double sum = pmf_mode * table.Rate(mode);

  // Upwards. Past the mode the ratio r(j) = pmf(j+1)/pmf(j) is < 1 and
  // decreasing, so sum_{i > j} pmf(i) <= pmf(j) * r(j) / (1 - r(j)).
  double w = pmf_mode;
  for (uint64_t j = mode; j < n; ++j) {
    const double jd = static_cast<double>(j);
    w *= (nd - jd) / (jd + 1.0) * odds;  // w = pmf(j+1)
    mass += w;
    sum += w * table.Rate(j + 1);
    if (j + 1 == n) break;
    const double r = (nd - jd - 1.0) / (jd + 2.0) * odds;
    if (r < 1.0 && w * r / (1.0 - r) < kTailMass) break;
  }
  // Downwards, symmetric: pmf(j-1)/pmf(j) = j/(n-j+1) / odds.
  w = pmf_mode;
  for (uint64_t j = mode; j > 0; --j) {
    const double jd = static_cast<double>(j);
    w *= jd / (nd - jd + 1.0) * inv_odds;  // w = pmf(j-1)
    mass += w;
    sum += w * table.Rate(j - 1);
    if (j == 1) break;
    const double r = (jd - 1.0) / (nd - jd + 2.0) * inv_odds;
    if (r < 1.0 && w * r / (1.0 - r) < kTailMass) break;
  }
  return sum / mass;
}

}  // namespace

double ClassicRate(double m, double n, int k) {
  k = ClampProbes(k);
  if (!(n > 0.0)) return 0.0;
  if (!(m > 0.0)) return 1.0;
  // 1 - e^{-x} as -expm1(-x): exact for the tiny x of huge filters.
  return std::pow(-std::expm1(-k * n / m), k);
}

double ExpectedSetBits(double m, double n, int k) {
  k = ClampProbes(k);
  if (!(m > 0.0) || !(n > 0.0)) return 0.0;
  // m (1 - (1-1/m)^{kn}); log1p keeps (1-1/m) exact for large m.
  return -m * std::expm1(k * n * std::log1p(-1.0 / m));
}

std::optional<double> ExactRate(uint64_t m, uint64_t n, int k,
                                double max_work) {
  k = ClampProbes(k);
  if (m == 0) return 1.0;
  if (n == 0) return 0.0;
  const double work =
      static_cast<double>(k) * static_cast<double>(n) * static_cast<double>(m);
  if (!(work <= max_work)) return std::nullopt;  // also when max_work is NaN
  // work <= max_work bounds balls: it fits in uint64 for any sane budget.
  const uint64_t balls = static_cast<uint64_t>(k) * n;
  Occupancy occupancy(m, std::min(balls, m), kNegligibleMass);
  for (uint64_t b = 0; b < balls && !occupancy.full(); ++b) {
    occupancy.AddBall();
  }
  const double inv_m = 1.0 / static_cast<double>(m);
  return occupancy.Expect([inv_m, k](uint64_t kk) {
    return std::pow(static_cast<double>(kk) * inv_m, k);
  });
}

double BlockedRate(uint64_t blocks, int block_bits, uint64_t n, int k) {
  k = ClampProbes(k);
  assert(blocks >= 1 && block_bits >= 1);
  if (n == 0) return 0.0;
  if (blocks == 0 || block_bits <= 0) return 1.0;
  BlockRateTable table(ClampBlockBits(block_bits), k);
  return BlockedRateWithTable(table, blocks, n);
}

struct BlockedRateSearch::Table {
  Table(int block_bits, int k) : table(block_bits, k) {}
  BlockRateTable table;
};

BlockedRateSearch::BlockedRateSearch(int block_bits, int k)
    : table_(std::make_unique<Table>(ClampBlockBits(block_bits),
                                     ClampProbes(k))) {
  assert(block_bits >= 1);
}

BlockedRateSearch::~BlockedRateSearch() = default;

double BlockedRateSearch::Rate(uint64_t blocks, uint64_t n) {
  if (n == 0) return 0.0;
  if (blocks == 0) return 1.0;
  return BlockedRateWithTable(table_->table, blocks, n);
}

Sizing SizeClassic(uint64_t n, double p) {
  if (n == 0) return {kWordBits, 1, 0.0};
  p = ClampTargetRate(p);
  const double nd = static_cast<double>(n);
  const double ln2 = std::log(2.0);
  // Textbook optimum for real k: m/n = -ln p / (ln 2)^2, k = (m/n) ln 2.
  const double m0 = std::ceil(-nd * std::log(p) / (ln2 * ln2));
  const int k = static_cast<int>(
      std::clamp<double>(std::round(m0 / nd * ln2), kMinProbes, kMaxProbes));
  // Integer k: raise m to the exact minimum for this k when m0 misses p.
  const double m_k = std::ceil(ClassicBitsForProbes(nd, p, k));
  const double m_needed = std::max(m0, m_k);
  if (!(m_needed < static_cast<double>(kMaxFilterBits))) {
    return {kMaxFilterBits, k,
            ClassicRate(static_cast<double>(kMaxFilterBits), nd, k)};
  }
  uint64_t bits = RoundUp(static_cast<uint64_t>(m_needed), kWordBits);
  // Guard against the last ulp of the logs above; the rate falls strictly
  // with m, so this ends (in practice it never runs).
  for (int i = 0; i < 64 && ClassicRate(static_cast<double>(bits), nd, k) > p;
       ++i) {
    bits += kWordBits;
  }
  return {bits, k, ClassicRate(static_cast<double>(bits), nd, k)};
}

Sizing SizeBlocked(uint64_t n, double p, int block_bits,
                   double bits_tolerance) {
  const int b_bits = ClampBlockBits(block_bits);
  const uint64_t block_u = static_cast<uint64_t>(b_bits);
  if (n == 0) return {block_u, 1, 0.0};
  p = ClampTargetRate(p);
  const double nd = static_cast<double>(n);
  const uint64_t max_blocks = kMaxFilterBits / block_u;

  Sizing best{0, 0, 1.0};
  Sizing fallback{max_blocks * block_u, kMinProbes, 2.0};  // if none fits
  std::vector<Sizing> per_k;
  for (int k = kMinProbes; k <= kMaxProbes; ++k) {
    BlockRateTable table(b_bits, k);
    auto rate = [&](uint64_t blocks) {
      return BlockedRateWithTable(table, blocks, n);
    };
    // Start at the classic size for this k; blocking usually needs more.
    const double guess_real =
        std::ceil(ClassicBitsForProbes(nd, p, k) / static_cast<double>(b_bits));
    const uint64_t guess = static_cast<uint64_t>(
        std::clamp(guess_real, 1.0, static_cast<double>(max_blocks)));
    // Invariant for the bisection: rate(lo) > p (lo = 0 means "no blocks",
    // which fails by convention) and rate(hi) <= p.
    uint64_t lo = 0;
    uint64_t hi = 0;
    if (rate(guess) <= p) {
      hi = guess;
      while (hi > 1) {
        const uint64_t half = hi / 2;
        if (rate(half) > p) {
          lo = half;
          break;
        }
        hi = half;
      }
    } else {
      lo = guess;
      uint64_t step = std::max<uint64_t>(1, guess / 16);
      while (hi == 0) {
        const uint64_t cand = std::min(max_blocks, lo + step);
        if (rate(cand) <= p) {
          hi = cand;
        } else if (cand == max_blocks) {
          break;  // infeasible for this k within kMaxFilterBits
        } else {
          lo = cand;
          step *= 2;
        }
      }
      if (hi == 0) {
        const double r = rate(max_blocks);
        if (r < fallback.predicted) fallback = {max_blocks * block_u, k, r};
        continue;
      }
    }
    while (hi - lo > 1) {
      const uint64_t mid = lo + (hi - lo) / 2;
      if (rate(mid) <= p) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    const uint64_t bits = hi * block_u;
    per_k.push_back({bits, k, rate(hi)});
    if (best.bits == 0 || bits < best.bits) best = per_k.back();
    // Past its minimum the size only grows with k (by a few percent per
    // probe); a margin of 10 % plus one block absorbs the block rounding's
    // wiggles near the minimum. The tables of large k cost the most.
    if (k > best.k && static_cast<double>(bits) >
                          kPastMinimum * static_cast<double>(best.bits) +
                              static_cast<double>(block_u)) {
      break;
    }
  }
  if (best.bits == 0) return fallback;
  // Fewer probes make every lookup cheaper: take the smallest k whose size
  // is within the tolerance of the smallest (per_k is in increasing k).
  const double limit = static_cast<double>(best.bits) *
                       std::max(1.0, bits_tolerance);
  for (const Sizing& s : per_k) {
    if (static_cast<double>(s.bits) <= limit) return s;
  }
  return best;
}

double EstimateCount(double m, int k, double set_bits) {
  k = ClampProbes(k);
  if (!(m > 0.0) || !(set_bits > 0.0)) return 0.0;
  if (set_bits >= m) return std::numeric_limits<double>::infinity();
  return -(m / k) * std::log1p(-set_bits / m);
}

double EstimateCountBlocked(uint64_t blocks, int block_bits, int k,
                            double set_bits) {
  k = ClampProbes(k);
  if (blocks == 0 || block_bits <= 0 || !(set_bits > 0.0)) return 0.0;
  const double b = static_cast<double>(block_bits);
  const double m = static_cast<double>(blocks) * b;
  if (set_bits >= m) return std::numeric_limits<double>::infinity();
  // Probability that one item sets a given bit: it picks the bit's block
  // (1/blocks) and one of its k probes lands on the bit (1 - (1-1/B)^k).
  const double hit_block = -std::expm1(k * std::log1p(-1.0 / b));
  const double hit = hit_block / static_cast<double>(blocks);
  return std::log1p(-set_bits / m) / std::log1p(-hit);
}

}  // namespace spellfilter::fpmath
