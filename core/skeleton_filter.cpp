#include "core/skeleton_filter.h"

#include "core/byte_order.h"
#include "core/hash_sort.h"
#include "core/section_filter.h"
#include "core/sound_skeleton.h"

namespace spellfilter {

const char* SkeletonFilter::Parse(std::span<const std::byte> section,
                                  SkeletonFilter* out) {
  if (section.size() < kSkeletonHeaderBytes) return "sound skeletons truncated";
  const std::byte* p = section.data();
  SkeletonFilter f;
  const BloomParams params =
      GetSectionFilterFields(p, &f.skeletons_, &f.target_fp_);
  if (params.layout != Layout::kBlocked || params.bits == 0 ||
      section.size() - kSkeletonHeaderBytes != params.bits / 8) {
    return "sound skeletons size does not match its parameters";
  }
  if (BloomFilter::Validate(params, params.bits / 64) != nullptr ||
      !(f.target_fp_ > 0 && f.target_fp_ < 1)) {
    return "bad sound skeletons parameters";
  }
  if (reinterpret_cast<uintptr_t>(p) % alignof(uint64_t)) {
    return "sound skeletons are not aligned in memory";
  }
  f.filter_ = BloomFilter(
      params, std::span<const uint64_t>(
                  reinterpret_cast<const uint64_t*>(p + kSkeletonHeaderBytes),
                  params.bits / 64));
  *out = f;
  return nullptr;
}

void SkeletonFilterBuilder::AddWord(std::u32string_view lower) {
  scratch_ = SoundSkeleton(lower);
  hashes_.push_back(HashWord(scratch_, seed_));
}

std::string SkeletonFilterBuilder::Encode(double fp) {
  hashes_.resize(SortDistinctHashes(hashes_));
  skeletons_ = hashes_.size();
  const BloomParams params = SizeSectionFilter(skeletons_, fp, seed_);
  std::vector<uint64_t> bits(params.bits / 64, 0);
  for (const WordHash& h : hashes_) BloomFilter::Add(params, bits, h);
  std::string out;
  PutSectionFilterFields(params, skeletons_, fp, &out);
  PutFixed<uint64_t>(&out, 0);
  PutFixed<uint64_t>(&out, 0);
  PutFixed<uint64_t>(&out, 0);
  out.append(reinterpret_cast<const char*>(bits.data()), bits.size() * 8);
  return out;
}

}  // namespace spellfilter
