// False-positive (FP) rate math for the two Bloom filter layouts spellfilter
// can size: "classic" (k probes over the whole m-bit array) and "blocked"
// (every item and every query stays inside one B-bit block: B = 512, one
// 64-byte cache line, or 1024, two). Used by filter sizing, `spellfilter stats` and tests.
// Derivations and references: docs/false_positive_math.md.
//
// Model (both layouts): hash positions are independent and uniform, and a
// probe position may repeat. A query for an item that is not in the set
// looks at k fresh uniform positions (inside one uniformly chosen block for
// the blocked layout) and is a false positive when all of them are set. The
// "rate" is the mean over random filters, E[(set bits / bits)^k] per block.
//
// All functions are pure, thread-safe and never throw. Arguments outside the
// documented ranges are asserted on in debug builds and clamped in release
// builds; none of them can crash or loop forever.
#ifndef SPELLFILTER_CORE_FILTER_FALSE_POSITIVE_MATH_H_
#define SPELLFILTER_CORE_FILTER_FALSE_POSITIVE_MATH_H_

#include <cstdint>
#include <memory>
#include <optional>

namespace spellfilter::fpmath {

// The probe counts the sizing functions choose from. Every function asserts
// k >= kMinProbes; release builds use max(k, kMinProbes).
inline constexpr int kMinProbes = 1;
inline constexpr int kMaxProbes = 64;

// One 64-byte cache line.
inline constexpr int kDefaultBlockBits = 512;

// Classic filters are sized in whole 64-bit words.
inline constexpr uint64_t kWordBits = 64;

// BlockedRate and SizeBlocked accept block sizes in [1, kMaxBlockBits]. The
// in-block table costs O(k * j * B) time, B + 1 doubles of memory; 512 and
// 1024 are the sizes filters use (SizeBlocked takes ~1.5 ms at B = 512,
// ~3.5 ms at 1024, ~0.1 s at 4096).
inline constexpr int kMaxBlockBits = 1 << 16;

// Sizing never returns more than 2^60 bits (2^57 bytes).
inline constexpr uint64_t kMaxFilterBits = uint64_t{1} << 60;

// Budget for ExactRate, in units of k*n*m (see there). With the probability
// window ExactRate keeps, the slowest shape that fits this budget took
// ~0.1 s on the development machine (m ~ 45,000 bins, k*n ~ m balls, -O2);
// most shapes finish in a few milliseconds.
inline constexpr double kDefaultMaxWork = 2e9;

// Sizing clamps the target rate into this range. Below 1e-12 the 1e-15
// truncation of BlockedRate would stop being negligible (> 0.1 % relative).
inline constexpr double kMinTargetRate = 1e-12;
inline constexpr double kMaxTargetRate = 1.0 - 1e-9;

// The classic approximation (Bloom 1970; e.g. Broder & Mitzenmacher 2004):
//
//   f = (1 - e^{-kn/m})^k
//
// It treats the fill fraction as a constant and (1-1/m)^{kn} as e^{-kn/m};
// for small m it underestimates the true mean rate (see ExactRate).
// Returns 0 when n <= 0 and 1 when m <= 0.
double ClassicRate(double m, double n, int k);

// Expected number of set bits after inserting n items with k probes each
// into m bits: E[X] = m (1 - (1 - 1/m)^{kn}). Exact (linearity of
// expectation over the m bits).
double ExpectedSetBits(double m, double n, int k);

// Exact mean FP rate of a classic filter (Christensen, Roginsky & Jimeno
// 2010). Throwing N = k*n balls into M = m bins, the number K of occupied
// bins has the distribution
//
//   P(0, M, 0) = 1
//   P(N, M, K) = P(N-1, M, K) * K/M + P(N-1, M, K-1) * (M-K+1)/M
//
// (the N-th ball lands in an occupied bin, or in one of the M-K+1 empty
// ones), and a query hits k occupied bins with probability (K/M)^k, so
//
//   f = sum_K P(kn, m, K) * (K/m)^k.
//
// Cost O(k*n*m) in the worst case (far less in practice: only the window of
// K with P > 1e-290 is updated). Returns std::nullopt, without doing any
// work, when k*n*m > max_work. Returns 0 when n == 0, 1 when m == 0.
std::optional<double> ExactRate(uint64_t m, uint64_t n, int k,
                                double max_work = kDefaultMaxWork);

// Mean FP rate of the blocked layout: `blocks` blocks of `block_bits` bits;
// an item (or a query) picks one block uniformly, then k positions in it.
// The number j of items in the queried block is Binomial(n, 1/blocks), and
// given j the block is a classic filter of B bits holding j items, so
//
//   f = sum_j Binom(j; n, 1/blocks) * ExactRate(B, j, k).
//
// (Putze, Sanders & Singler 2007 use Poisson(n B / m) and the classic
// approximation inside the block; this is the exact version of the same
// sum.) The sum starts at the binomial mode and walks both ways until a
// geometric bound on the untouched tail mass drops below 1e-15, so the cost
// is O(sqrt(n/blocks)) terms plus O(k * j_max * B) for the in-block table.
// Returns 0 when n == 0, 1 when blocks == 0 or block_bits <= 0.
// block_bits > kMaxBlockBits is asserted, and clamped in release builds.
double BlockedRate(uint64_t blocks, int block_bits, uint64_t n, int k);

// BlockedRate for one block size and k over many block counts, as a search
// for the smallest filter needs: the in-block table, which BlockedRate
// builds on every call, is built once and kept. Same values as BlockedRate.
class BlockedRateSearch {
 public:
  BlockedRateSearch(int block_bits, int k);
  ~BlockedRateSearch();
  BlockedRateSearch(const BlockedRateSearch&) = delete;
  BlockedRateSearch& operator=(const BlockedRateSearch&) = delete;

  double Rate(uint64_t blocks, uint64_t n);

 private:
  struct Table;
  std::unique_ptr<Table> table_;
};

// Filter parameters chosen by the sizing functions.
struct Sizing {
  uint64_t bits;     // total filter bits (classic: multiple of kWordBits;
                     // blocked: blocks * block_bits)
  int k;             // probes per item, in [kMinProbes, kMaxProbes]
  double predicted;  // FP rate of these parameters (ClassicRate for
                     // SizeClassic, BlockedRate for SizeBlocked)
};

// Classic sizing for n items and target rate p:
//
//   m0 = ceil(-n ln p / (ln 2)^2),   k = round((m0/n) ln 2) in [1, 64],
//
// the textbook optimum for a real-valued k. Because k is rounded to an
// integer, (m0, k) can miss p (by up to 0.7 % for p <= 1e-2, e.g. 1.0030e-2
// for p = 1e-2; by 4.6 % near p = 0.35), so bits is the larger of m0 and the
// exact minimum for this k, ceil(-k n / ln(1 - p^{1/k})), rounded up to a
// multiple of kWordBits. The increase over m0 is <= 0.015 bits/item
// (0.13 %) for p <= 1e-2. Guarantees predicted <= p.
// n == 0: returns {kWordBits, 1, 0.0}. p is clamped into
// [kMinTargetRate, kMaxTargetRate]. If p needs more than kMaxFilterBits
// (n beyond ~2e16 items), returns kMaxFilterBits with its (too high) rate.
Sizing SizeClassic(uint64_t n, double p);

// Blocked sizing: for k = 1, 2, ... 64, the fewest blocks with
// BlockedRate(blocks, block_bits, n, k) <= p (exponential then binary
// search; the rate falls monotonically with the block count), keeping the
// overall fewest bits (ties: smaller k). bits = blocks * block_bits. The
// size is unimodal in k, so the search stops once a k past the best needs
// 10 % (and a block) more than it: the same answer as trying all 64 (a test
// compares them), in a third to a tenth of the time.
// n == 0: returns {block_bits, 1, 0.0}. p is clamped as for SizeClassic.
// Guarantees predicted <= p, and that one block fewer (same k) exceeds p,
// unless no k reaches p within kMaxFilterBits (only for absurd n): then
// kMaxFilterBits with the lowest rate found. Takes a few ms for B = 512
// and any n (the cost depends on p and B, not on n).
// With bits_tolerance > 1, returns instead the smallest k whose size is at
// most bits_tolerance times the smallest size: lookups test k bits, so a
// few percent more memory can buy a much cheaper lookup (at p = 1e-6,
// k = 12 needs 4.6 % more bits than the optimum k = 16).
Sizing SizeBlocked(uint64_t n, double p, int block_bits = kDefaultBlockBits,
                   double bits_tolerance = 1.0);

// Estimated number of distinct items in a classic filter of m bits with k
// probes from the count X of set bits (Swamidass & Baldi 2007), the
// inversion of E[X] ~ m (1 - e^{-kn/m}):
//
//   n* = -(m/k) ln(1 - X/m).
//
// Returns +inf when X >= m (a full filter gives no upper bound), 0 when
// X <= 0. The relative bias from e^{-k/m} ~ (1-1/m)^k is ~ k/(2m).
double EstimateCount(double m, int k, double set_bits);

// The same estimator for the blocked layout. An item sets its k probes in
// one block, so one item leaves a given bit clear with probability
// 1 - (1 - (1 - 1/B)^k) / blocks, which is larger than the classic
// (1 - 1/m)^k by ~ k(k-1)/(2 B m): own-probe collisions inside a 512-bit
// block are not negligible (EstimateCount would undercount by ~(k-1)/(2B),
// 0.6 % at k = 7, 3 % at k = 32). Inverting E[X] exactly:
//
//   n* = ln(1 - X/m) / ln(1 - (1 - (1 - 1/B)^k) / blocks),  m = blocks * B.
//
// Same edge cases as EstimateCount.
double EstimateCountBlocked(uint64_t blocks, int block_bits, int k,
                            double set_bits);

}  // namespace spellfilter::fpmath

#endif  // SPELLFILTER_CORE_FILTER_FALSE_POSITIVE_MATH_H_
