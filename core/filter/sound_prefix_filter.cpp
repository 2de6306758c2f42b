#include "core/filter/sound_prefix_filter.h"

#include <algorithm>

#include "core/util/byte_order.h"
#include "core/util/hash_sort.h"
#include "core/filter/section_filter.h"

namespace spellfilter {
namespace {

// The section's own field after the shared ones.
uint32_t Depth(const std::byte* section) {
  return GetFixed<uint32_t>(section + kSectionFilterFieldBytes);
}

}  // namespace

WordHash SoundPrefixFilter::Key(uint64_t skeleton, PrefixFilter::State prefix) {
  // Two halves from different combinations: the filter's double hashing
  // needs them independent.
  return WordHash{PrefixFilter::Mix(skeleton ^ prefix),
                  PrefixFilter::Mix(skeleton + prefix * 0x9E3779B97F4A7C15ull)};
}

const char* SoundPrefixFilter::Parse(std::span<const std::byte> section,
                                     SoundPrefixFilter* out) {
  static constexpr SectionFilterErrors kErrors = {
      "sound prefixes truncated",
      "sound prefixes size does not match its parameters",
      "bad sound prefixes parameters",
      "sound prefixes are not aligned in memory"};
  SoundPrefixFilter f;
  if (const char* problem = ParseSectionFilter(
          section, kSoundPrefixHeaderBytes, kErrors,
          [](const std::byte* header) {
            const uint32_t depth = Depth(header);
            return depth >= 1 && depth <= kMaxSoundPrefixDepth;
          },
          &f.filter_, &f.pairs_, &f.target_fp_)) {
    return problem;
  }
  f.depth_ = Depth(section.data());
  *out = f;
  return nullptr;
}

void SoundPrefixFilterBuilder::AddWord(std::u32string_view lower,
                                       uint64_t key) {
  PrefixFilter::State prefix = PrefixFilter::Root(seed_);
  const size_t letters = std::min<size_t>(depth_, lower.size());
  for (size_t l = 0; l < letters; ++l) {
    prefix = PrefixFilter::Next(prefix, lower[l]);
    hashes_.push_back(SoundPrefixFilter::Key(key, prefix));
  }
}

std::string SoundPrefixFilterBuilder::Encode(double fp) {
  hashes_.resize(SortDistinctHashes(hashes_));
  pairs_ = hashes_.size();
  const BloomParams params = SizeSectionFilter(pairs_, fp, seed_);
  std::vector<uint64_t> bits(params.bits / 64, 0);
  for (const WordHash& h : hashes_) BloomFilter::Add(params, bits, h);
  std::string own;
  PutFixed<uint32_t>(&own, depth_);
  return EncodeSectionFilter(params, pairs_, fp, own, kSoundPrefixHeaderBytes,
                             bits);
}

}  // namespace spellfilter
