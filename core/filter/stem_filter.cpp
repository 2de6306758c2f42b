#include "core/filter/stem_filter.h"

#include <vector>

#include "core/filter/section_filter.h"
#include "core/util/hash.h"

namespace spellfilter {

const char* StemFilter::Parse(std::span<const std::byte> section,
                              StemFilter* out) {
  static constexpr SectionFilterErrors kErrors = {
      "stems truncated", "stems size does not match its parameters",
      "bad stems parameters", "stems are not aligned in memory"};
  StemFilter f;
  if (const char* problem = ParseSectionFilter(
          section, kStemFilterHeaderBytes, kErrors,
          [](const std::byte*) { return true; }, &f.filter_, &f.stems_,
          &f.target_fp_)) {
    return problem;
  }
  *out = f;
  return nullptr;
}

std::string StemFilterBuilder::Encode(double fp) const {
  const BloomParams params = SizeSectionFilter(stems_.size(), fp, seed_);
  std::vector<uint64_t> bits(params.bits / 64, 0);
  for (const std::string& s : stems_) {
    BloomFilter::Add(params, bits, HashWord(s, seed_));
  }
  return EncodeSectionFilter(params, stems_.size(), fp, {},
                             kStemFilterHeaderBytes, bits);
}

}  // namespace spellfilter
