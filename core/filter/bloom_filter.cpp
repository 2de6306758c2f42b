#include "core/filter/bloom_filter.h"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>

#include "core/filter/false_positive_math.h"

namespace spellfilter {
namespace {

// k*n*m work units; about 0.1 s at most.
inline constexpr double kExactRateBudget = 2e9;

inline constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;

// kGoldenPowers[i] = kGolden^i mod 2^64: probe i of a block multiplies h2 by
// its own power instead of chaining multiplications, so the k products are
// independent and the CPU computes them in parallel. Same positions as the
// chained form h2 * c * c * ... documented in bloom_filter.h.
inline constexpr auto kGoldenPowers = [] {
  std::array<uint64_t, kMaxProbes> powers{};
  uint64_t p = 1;
  for (uint64_t& v : powers) {
    v = p;
    p *= kGolden;
  }
  return powers;
}();

// Maps x uniformly onto [0, n) without a division (Lemire 2016).
inline uint64_t FastRange(uint64_t x, uint64_t n) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(x) * n) >> 64);
}

inline bool TestBit(const uint64_t* words, uint64_t bit) {
  return (words[bit >> 6] >> (bit & 63)) & 1;
}

inline void SetBit(uint64_t* words, uint64_t bit) {
  words[bit >> 6] |= uint64_t{1} << (bit & 63);
}

// The blocked layout's geometry: B / 64 words per block, and the shift that
// leaves the top log2(B) bits of a probe's product (55 for 512-bit blocks).
inline uint64_t WordsPerBlock(const BloomParams& p) { return p.block_bits / 64; }
inline int ProbeShift(const BloomParams& p) {
  return 64 - std::countr_zero(p.block_bits);
}

// The first word of h's block.
inline uint64_t BlockStart(const BloomParams& p, const WordHash& h) {
  return FastRange(h.lo, p.bits / p.block_bits) * WordsPerBlock(p);
}

// Starts loading a block, for reading (kWrite 0) or writing (1): one cache
// line, or both of a 1024-bit block.
template <int kWrite>
inline void PrefetchBlock(const BloomParams& p, const uint64_t* block) {
  __builtin_prefetch(block, kWrite);
  if (p.block_bits > 512) __builtin_prefetch(block + 8, kWrite);
}

// Calls visit(bit_index) for each of the k positions of h, stopping early
// when visit returns false. Returns whether all visits returned true.
// Both Add and MayContain go through here, so they cannot disagree.
template <typename Visit>
inline bool ForEachProbe(const BloomParams& p, const WordHash& h,
                         Visit&& visit) {
  if (p.layout == Layout::kBlocked) {
    const uint64_t base = BlockStart(p, h) * 64;
    const int shift = ProbeShift(p);
    for (uint32_t i = 0; i < p.probes; ++i) {
      if (!visit(base + ((h.hi * kGoldenPowers[i]) >> shift))) return false;
    }
    return true;
  }
  const uint64_t step = h.hi | 1;
  uint64_t x = h.lo;
  for (uint32_t i = 0; i < p.probes; ++i) {
    if (!visit(FastRange(x, p.bits))) return false;
    x = x * kGolden + step;
  }
  return true;
}

}  // namespace

bool BloomFilter::MayContain(const WordHash& h) const {
  const uint64_t* words = words_.data();
  if (params_.layout == Layout::kBlocked) {
    // The same positions as ForEachProbe, tested four at a time without a
    // branch per probe: the four products, shifts and loads are independent,
    // so they overlap; a miss still stops within four probes.
    const uint64_t* block = words + BlockStart(params_, h);
    const int shift = ProbeShift(params_);
    const uint32_t k = params_.probes;
    uint32_t i = 0;
    for (; i + 4 <= k; i += 4) {
      uint64_t all = 1;
      for (uint32_t j = i; j < i + 4; ++j) {
        const uint64_t bit = (h.hi * kGoldenPowers[j]) >> shift;
        all &= block[bit >> 6] >> (bit & 63);
      }
      if (!(all & 1)) return false;
    }
    uint64_t all = 1;
    for (; i < k; ++i) {
      const uint64_t bit = (h.hi * kGoldenPowers[i]) >> shift;
      all &= block[bit >> 6] >> (bit & 63);
    }
    return all & 1;
  }
  return ForEachProbe(params_, h,
                      [words](uint64_t bit) { return TestBit(words, bit); });
}

void BloomFilter::Add(const BloomParams& params, std::span<uint64_t> words,
                      const WordHash& h) {
  uint64_t* w = words.data();
  ForEachProbe(params, h, [w](uint64_t bit) {
    SetBit(w, bit);
    return true;
  });
}

void BloomFilter::Prefetch(const WordHash& h) const {
  if (params_.layout == Layout::kBlocked) {
    PrefetchBlock<0>(params_, words_.data() + BlockStart(params_, h));
    return;
  }
  __builtin_prefetch(words_.data() + (FastRange(h.lo, params_.bits) >> 6));
}

namespace {

// AddBatch's blocked kernel for a k known at compile time (K > 0), or for
// params.probes (K == 0): the probes of ForEachProbe, each block's address
// computed once and fetched kMaxBatch keys ahead of its bits.
template <uint32_t K>
void BlockedAddBatch(const BloomParams& params, uint64_t* words,
                     std::span<const WordHash> hashes) {
  const uint32_t k = K > 0 ? K : params.probes;
  const int shift = ProbeShift(params);
  uint64_t* block[BloomFilter::kMaxBatch];
  for (size_t start = 0; start < hashes.size();
       start += BloomFilter::kMaxBatch) {
    const size_t count =
        std::min(hashes.size() - start, BloomFilter::kMaxBatch);
    for (size_t i = 0; i < count; ++i) {
      block[i] = words + BlockStart(params, hashes[start + i]);
      PrefetchBlock<1>(params, block[i]);
    }
    for (size_t i = 0; i < count; ++i) {
      const uint64_t hi = hashes[start + i].hi;
      uint64_t* b = block[i];
      for (uint32_t j = 0; j < k; ++j) {
        const uint64_t bit = (hi * kGoldenPowers[j]) >> shift;
        b[bit >> 6] |= uint64_t{1} << (bit & 63);
      }
    }
  }
}

}  // namespace

void BloomFilter::AddBatch(const BloomParams& params,
                           std::span<uint64_t> words,
                           std::span<const WordHash> hashes) {
  if (params.layout == Layout::kBlocked) {
    uint64_t* w = words.data();
    switch (params.probes) {
      case 8: return BlockedAddBatch<8>(params, w, hashes);
      case 10: return BlockedAddBatch<10>(params, w, hashes);
      case 11: return BlockedAddBatch<11>(params, w, hashes);
      case 12: return BlockedAddBatch<12>(params, w, hashes);
      case 13: return BlockedAddBatch<13>(params, w, hashes);
      case 14: return BlockedAddBatch<14>(params, w, hashes);
      case 15: return BlockedAddBatch<15>(params, w, hashes);
      default: return BlockedAddBatch<0>(params, w, hashes);
    }
  }
  for (const WordHash& h : hashes) Add(params, words, h);
}

namespace {

// The blocked layout's batch kernel for a k known at compile time (K > 0),
// or for params.probes (K == 0).
template <uint32_t K>
void BlockedBatch(const BloomParams& params, const uint64_t* words,
                  std::span<const WordHash> hashes, bool* found) {
  const uint32_t k = K > 0 ? K : params.probes;
  const int shift = ProbeShift(params);
  const uint64_t* block[BloomFilter::kMaxBatch];
  for (size_t i = 0; i < hashes.size(); ++i) {
    block[i] = words + BlockStart(params, hashes[i]);
    PrefetchBlock<0>(params, block[i]);
  }
  for (size_t i = 0; i < hashes.size(); ++i) {
    const uint64_t hi = hashes[i].hi;
    const uint64_t* b = block[i];
    uint64_t all = 1;
    for (uint32_t j = 0; j < k; ++j) {
      const uint64_t bit = (hi * kGoldenPowers[j]) >> shift;
      all &= b[bit >> 6] >> (bit & 63);
    }
    found[i] = all & 1;
  }
}

}  // namespace

void BloomFilter::MayContainBatch(std::span<const WordHash> hashes,
                                  bool* found) const {
  if (params_.layout != Layout::kBlocked) {
    for (size_t i = 0; i < hashes.size(); ++i) found[i] = MayContain(hashes[i]);
    return;
  }
  const uint64_t* w = words_.data();
  switch (params_.probes) {
    // The k that sizing picks for p from about 1e-3 to 1e-9.
    case 8: return BlockedBatch<8>(params_, w, hashes, found);
    case 9: return BlockedBatch<9>(params_, w, hashes, found);
    case 10: return BlockedBatch<10>(params_, w, hashes, found);
    case 11: return BlockedBatch<11>(params_, w, hashes, found);
    case 12: return BlockedBatch<12>(params_, w, hashes, found);
    case 13: return BlockedBatch<13>(params_, w, hashes, found);
    case 14: return BlockedBatch<14>(params_, w, hashes, found);
    case 15: return BlockedBatch<15>(params_, w, hashes, found);
    case 16: return BlockedBatch<16>(params_, w, hashes, found);
    default: return BlockedBatch<0>(params_, w, hashes, found);
  }
}

uint64_t BloomFilter::CountSetBits() const {
  uint64_t n = 0;
  for (uint64_t w : words_) n += std::popcount(w);
  return n;
}

std::string BloomFilter::DescribeLayout(const BloomParams& params) {
  if (params.layout != Layout::kBlocked) return "classic";
  return "blocked (" + std::to_string(params.block_bits) + "-bit blocks)";
}

const char* BloomFilter::Validate(const BloomParams& params,
                                  uint64_t word_count) {
  if (params.layout != Layout::kBlocked && params.layout != Layout::kClassic) {
    return "unknown filter layout";
  }
  if (params.probes < 1 || params.probes > kMaxProbes) {
    return "probe count out of range";
  }
  if (params.bits == 0 || params.bits % 64 != 0) {
    return "bit count is not a positive multiple of 64";
  }
  if (params.layout == Layout::kBlocked && params.block_bits != kBlockBits &&
      params.block_bits != kWideBlockBits) {
    return "unsupported block size";
  }
  if (params.layout == Layout::kBlocked && params.bits % params.block_bits != 0) {
    return "bit count is not a multiple of the block size";
  }
  if (params.bits / 64 != word_count) {
    return "bit array size does not match the bit count";
  }
  return nullptr;
}

double PredictedRate(const BloomParams& params, uint64_t n) {
  if (params.layout == Layout::kBlocked) {
    return fpmath::BlockedRate(params.bits / params.block_bits,
                               static_cast<int>(params.block_bits), n,
                               static_cast<int>(params.probes));
  }
  // The exact mean rate where it is cheap to compute (small filters, where
  // the classic formula underestimates); the classic formula elsewhere,
  // where the two agree.
  if (std::optional<double> exact = fpmath::ExactRate(
          params.bits, n, static_cast<int>(params.probes), kExactRateBudget)) {
    return *exact;
  }
  return fpmath::ClassicRate(static_cast<double>(params.bits),
                             static_cast<double>(n),
                             static_cast<int>(params.probes));
}
}  // namespace spellfilter
