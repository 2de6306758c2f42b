// A Bloom filter over a caller-owned array of 64-bit words, in one of two
// layouts:
//
//  * kBlocked (default): each word picks one block of B bits from the low
//    half of its hash and sets k bits inside it from the high half, as in
//    RocksDB's FastLocalBloom (Putze, Sanders & Singler 2007, "Cache-, hash-
//    and space-efficient Bloom filters"). Blocking raises the false-positive
//    rate for the same number of bits, because the load varies from block to
//    block; the filter is therefore sized by the blocked layout's own rate
//    (see false_positive_math.h), not by the classic formula.
//
//    B is 512 (one cache line) or 1024 (two adjacent cache lines, 128-byte
//    aligned in the mapped file). The wider block evens out the load: at
//    p = 1e-6 it needs 35 bits per word where 512-bit blocks need 40.6
//    (classic: 28.8). A dictionary's main filter uses 1024-bit blocks:
//    a present word reads both lines, which the L2 adjacent-line prefetcher
//    mostly fetches as a pair, and a miss usually stops in the first. The
//    small section filters (prefixes, classes, ...) keep 512.
//
//  * kClassic: k probes spread over the whole array, derived from the two
//    hash halves by double hashing through a 64-bit LCG step,
//    g_0 = h1, g_{i+1} = g_i * c + (h2 | 1), each reduced to [0, m) by a
//    multiply-shift ("fastrange", Lemire 2016). Kept so that published
//    experiments on classic filters can be reproduced.
//
//    Why not the textbook g_i = h1 + i*h2 (Kirsch & Mitzenmacher 2006)?
//    Reduced by fastrange, its positions are an arithmetic progression on a
//    circle of m bits with a real-valued step; when the step is close to
//    m*p/q for small q <= k, the k probes fall on only about q distinct bits,
//    which adds an O(1/m) term to the false-positive rate. At the small rates
//    a spell checker needs that term dominates: measured on m = 24,000,
//    k = 17, n = 1,000, the textbook scheme gave 1.73e-5 against an exact
//    prediction of 9.86e-6 (+75%), the LCG step 9.96e-6 (within 1 SE).
//
// Inside a block, probe i takes the top log2(B) bits of h2 * c^i, where c is the
// 64-bit golden-ratio constant 0x9E3779B97F4A7C15: the product's high bits mix all of h2's bits,
// and the k positions behave as k independent uniform draws (with
// replacement), which is the model false_positive_math.cpp computes with.
// The tests compare the measured rate with that prediction over many seeds.
//
// A membership test stops at the first unset bit, so a miss usually costs
// one or two probes.
#ifndef SPELLFILTER_CORE_FILTER_BLOOM_FILTER_H_
#define SPELLFILTER_CORE_FILTER_BLOOM_FILTER_H_

#include <cstdint>
#include <span>
#include <string>

#include "core/util/hash.h"

namespace spellfilter {

enum class Layout : uint32_t {
  kBlocked = 1,
  kClassic = 2,
};

// The two block sizes of the blocked layout: the section filters' (one
// cache line) and the dictionary's main filter's (two).
inline constexpr uint32_t kBlockBits = 512;
inline constexpr uint32_t kBlockWords = kBlockBits / 64;
inline constexpr uint32_t kWideBlockBits = 1024;
inline constexpr uint32_t kMaxProbes = 64;

struct BloomParams {
  Layout layout = Layout::kBlocked;
  uint64_t bits = 0;  // m; a multiple of 512 (blocked) or of 64 (classic)
  uint32_t probes = 0;  // k
  uint64_t seed = 0;
  uint32_t block_bits = kBlockBits;  // B, blocked layout only: 512 or 1024
};

// Read-only view used for lookups; the words usually live in a memory-mapped
// dictionary file.
class BloomFilter {
 public:
  BloomFilter() = default;
  BloomFilter(const BloomParams& params, std::span<const uint64_t> words)
      : params_(params), words_(words) {}

  bool MayContain(const WordHash& h) const;
  bool MayContain(std::string_view normalized_word) const {
    return MayContain(HashWord(normalized_word, params_.seed));
  }

  // Starts loading the cache line(s) of h's block (first probe, classic), so that a lookup
  // soon after finds it in cache.
  void Prefetch(const WordHash& h) const;

  // Most lookups a batch can take: the checker's batch of words.
  static constexpr size_t kMaxBatch = 16;

  // found[i] = MayContain(hashes[i]) for up to kMaxBatch hashes. The batch
  // first starts loading every block, then tests them, so the cache misses
  // overlap; in the blocked layout the k probes of a block are unrolled for
  // the file's k and tested without a branch per probe (most checked words
  // are present, and a present word needs all k anyway).
  void MayContainBatch(std::span<const WordHash> hashes, bool* found) const;

  // Number of set bits: the fill X that `stats` reports.
  uint64_t CountSetBits() const;

  const BloomParams& params() const { return params_; }
  std::span<const uint64_t> words() const { return words_; }

  // Sets the k bits of `h` in `words`, which must hold params.bits / 64
  // words.
  static void Add(const BloomParams& params, std::span<uint64_t> words,
                  const WordHash& h);
  // Add for each hash; in the blocked layout, the blocks of up to kMaxBatch
  // hashes are prefetched first, so their cache misses overlap.
  static void AddBatch(const BloomParams& params, std::span<uint64_t> words,
                       std::span<const WordHash> hashes);

  // "blocked (1024-bit blocks)" or "classic": for summaries.
  static std::string DescribeLayout(const BloomParams& params);

  // Structural check of params against an array of `word_count` words:
  // returns nullptr when usable, else a short description of the problem.
  static const char* Validate(const BloomParams& params, uint64_t word_count);

 private:
  BloomParams params_;
  std::span<const uint64_t> words_;
};

// Predicted false-positive rate of a filter holding n words.
double PredictedRate(const BloomParams& params, uint64_t n);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILTER_BLOOM_FILTER_H_
