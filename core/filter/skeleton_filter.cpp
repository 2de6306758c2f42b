#include "core/filter/skeleton_filter.h"

#include "core/util/byte_order.h"
#include "core/util/hash_sort.h"
#include "core/filter/section_filter.h"
#include "core/text/sound_skeleton.h"

namespace spellfilter {

const char* SkeletonFilter::Parse(std::span<const std::byte> section,
                                  SkeletonFilter* out) {
  static constexpr SectionFilterErrors kErrors = {
      "sound skeletons truncated",
      "sound skeletons size does not match its parameters",
      "bad sound skeletons parameters",
      "sound skeletons are not aligned in memory"};
  SkeletonFilter f;
  if (const char* problem = ParseSectionFilter(
          section, kSkeletonHeaderBytes, kErrors,
          [](const std::byte*) { return true; }, &f.filter_, &f.skeletons_,
          &f.target_fp_)) {
    return problem;
  }
  *out = f;
  return nullptr;
}

const std::string& SkeletonFilterBuilder::AddWord(std::u32string_view lower) {
  scratch_ = SoundSkeleton(lower);
  hashes_.push_back(HashWord(scratch_, seed_));
  return scratch_;
}

std::string SkeletonFilterBuilder::Encode(double fp) {
  hashes_.resize(SortDistinctHashes(hashes_));
  skeletons_ = hashes_.size();
  const BloomParams params = SizeSectionFilter(skeletons_, fp, seed_);
  std::vector<uint64_t> bits(params.bits / 64, 0);
  for (const WordHash& h : hashes_) BloomFilter::Add(params, bits, h);
  return EncodeSectionFilter(params, skeletons_, fp, {}, kSkeletonHeaderBytes,
                             bits);
}

}  // namespace spellfilter
