#include "core/prefix_filter.h"

#include <algorithm>
#include <cstring>

#include "core/byte_order.h"
#include "core/false_positive_math.h"

namespace spellfilter {

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
