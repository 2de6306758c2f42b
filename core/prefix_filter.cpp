#include "core/prefix_filter.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/byte_order.h"
#include "core/false_positive_math.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define SPELLFILTER_HAS_AVX512_PATH 1
#endif

namespace spellfilter {

#ifdef SPELLFILTER_HAS_AVX512_PATH
namespace {

// PrefixFilter::Has for eight letters per step: the block's eight words are
// one register, so selecting the word a probe falls in is a permutation.
// Built for AVX-512F/DQ (64-bit multiplies) whatever the compiler's target;
// called only if the processor has them.
__attribute__((target("avx512f,avx512dq"))) uint64_t HasAmongAvx512(
    const uint64_t* block, uint64_t parent, const uint64_t* keys,
    uint64_t wanted, uint64_t edge_multiplier, uint64_t golden) {
  const __m512i words = _mm512_loadu_si512(block);
  const __m512i p = _mm512_set1_epi64(static_cast<long long>(parent));
  const __m512i m = _mm512_set1_epi64(static_cast<long long>(edge_multiplier));
  const __m512i g = _mm512_set1_epi64(static_cast<long long>(golden));
  const __m512i low6 = _mm512_set1_epi64(63);
  const __m512i one = _mm512_set1_epi64(1);
  uint64_t out = 0;
  for (int base = 0; base < 64 && (wanted >> base) != 0; base += 8) {
    const __mmask8 lanes = static_cast<__mmask8>(wanted >> base);
    if (lanes == 0) continue;
    // Masked-off lanes are not read, so keys may end before base + 8.
    const __m512i k = _mm512_maskz_loadu_epi64(lanes, keys + base);
    __m512i x = _mm512_mullo_epi64(_mm512_xor_si512(p, k), m);
    __m512i all = one;
    for (uint32_t i = 0; i < PrefixFilter::kEdgeProbes; ++i) {
      const __m512i bit = _mm512_srli_epi64(x, 55);
      const __m512i word =
          _mm512_permutexvar_epi64(_mm512_srli_epi64(bit, 6), words);
      all = _mm512_and_si512(
          all, _mm512_srlv_epi64(word, _mm512_and_si512(bit, low6)));
      x = _mm512_mullo_epi64(x, g);
    }
    const __mmask8 hit = _mm512_test_epi64_mask(all, one) & lanes;
    out |= static_cast<uint64_t>(hit) << base;
  }
  return out;
}

bool HaveAvx512() {
  static const bool have =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq");
  return have;
}

}  // namespace
#endif

uint64_t PrefixFilter::HasAmongScalar(const uint64_t* block, State parent,
                                      const uint64_t* keys,
                                      uint64_t wanted) const {
  uint64_t out = 0;
  for (; wanted != 0; wanted &= wanted - 1) {
    const int j = std::countr_zero(wanted);
    out |= static_cast<uint64_t>(Has(block, parent, keys[j])) << j;
  }
  return out;
}

uint64_t PrefixFilter::HasAmong(const uint64_t* block, State parent,
                                const uint64_t* keys, uint64_t wanted) const {
#ifdef SPELLFILTER_HAS_AVX512_PATH
  // One letter is cheaper alone.
  if ((wanted & (wanted - 1)) != 0 && HaveAvx512()) {
    return HasAmongAvx512(block, parent, keys, wanted, kEdgeMultiplier,
                          kGolden);
  }
#endif
  return HasAmongScalar(block, parent, keys, wanted);
}

const char* PrefixFilter::Parse(std::span<const std::byte> section,
                                PrefixFilter* out) {
  if (section.size() < kPrefixHeaderBytes) return "prefix filter truncated";
  const std::byte* p = section.data();
  PrefixFilter f;
  f.seed_ = GetFixed<uint64_t>(p);
  const uint64_t bits = GetFixed<uint64_t>(p + 8);
  f.probes_ = GetFixed<uint32_t>(p + 16);
  f.edges_ = GetFixed<uint64_t>(p + 24);
  f.target_fp_ = GetFixed<double>(p + 32);
  if (bits == 0 || bits % 512 != 0 || f.probes_ != PrefixFilter::kEdgeProbes) {
    return "bad prefix filter parameters";
  }
  if (section.size() - kPrefixHeaderBytes != bits / 8) {
    return "prefix filter size does not match its parameters";
  }
  if (reinterpret_cast<uintptr_t>(p) % alignof(uint64_t)) {
    return "prefix filter is not aligned in memory";
  }
  f.blocks_ = bits / 512;
  f.words_ = reinterpret_cast<const uint64_t*>(p + kPrefixHeaderBytes);
  *out = f;
  return nullptr;
}

void PrefixFilterBuilder::AddWord(std::u32string_view lower_word,
                                  PrefixFilter::Written written) {
  PrefixFilter::State s = PrefixFilter::Root(seed_);
  for (char32_t c : lower_word) {
    edges_.emplace_back(s, PrefixFilter::LetterKey(c));
    s = PrefixFilter::Next(s, c);
  }
  edges_.emplace_back(
      s, PrefixFilter::LetterKey(PrefixFilter::EndMarker(written)));
  s = PrefixFilter::ReverseRoot(seed_);
  for (auto it = lower_word.rbegin(); it != lower_word.rend(); ++it) {
    edges_.emplace_back(s, PrefixFilter::LetterKey(*it));
    s = PrefixFilter::Next(s, *it);
  }
  sorted_ = false;
}

void PrefixFilterBuilder::Deduplicate() {
  if (sorted_) return;
  std::sort(edges_.begin(), edges_.end());
  edges_.erase(std::unique(edges_.begin(), edges_.end()), edges_.end());
  sorted_ = true;
}

uint64_t PrefixFilterBuilder::edges() {
  Deduplicate();
  return edges_.size();
}

std::string PrefixFilterBuilder::Encode(double fp) {
  Deduplicate();
  // The fewest blocks whose rate at k = 4 meets the target (the rate falls
  // with the block count).
  const int k = PrefixFilter::kEdgeProbes;
  const uint64_t n = edges_.size();
  uint64_t hi = 1;
  while (hi < (uint64_t{1} << 40) && fpmath::BlockedRate(hi, 512, n, k) > fp) {
    hi *= 2;
  }
  uint64_t lo = hi / 2;  // rate(lo) > fp or lo == 0
  while (lo + 1 < hi) {
    const uint64_t mid = lo + (hi - lo) / 2;
    (fpmath::BlockedRate(mid, 512, n, k) > fp ? lo : hi) = mid;
  }
  const fpmath::Sizing s{hi * 512, k, fpmath::BlockedRate(hi, 512, n, k)};
  std::vector<uint64_t> words(s.bits / 64, 0);
  PrefixFilter view;
  view.blocks_ = s.bits / 512;
  view.probes_ = static_cast<uint32_t>(s.k);
  view.words_ = words.data();
  for (const auto& [parent, key] : edges_) {
    uint64_t* block = const_cast<uint64_t*>(view.Block(parent));
    uint64_t x = (parent ^ key) * PrefixFilter::kEdgeMultiplier;
    for (int i = 0; i < s.k; ++i) {
      const uint32_t bit = static_cast<uint32_t>(x >> 55);
      block[bit >> 6] |= uint64_t{1} << (bit & 63);
      x *= PrefixFilter::kGolden;
    }
  }
  std::string out;
  PutFixed<uint64_t>(&out, seed_);
  PutFixed<uint64_t>(&out, s.bits);
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(s.k));
  PutFixed<uint32_t>(&out, 0);
  PutFixed<uint64_t>(&out, edges_.size());
  PutFixed<double>(&out, fp);
  out.resize(kPrefixHeaderBytes, '\0');
  out.append(reinterpret_cast<const char*>(words.data()), words.size() * 8);
  return out;
}

}  // namespace spellfilter
