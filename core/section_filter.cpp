#include "core/section_filter.h"

#include <algorithm>

#include "core/byte_order.h"
#include "core/false_positive_math.h"

namespace spellfilter {

BloomParams SizeSectionFilter(uint64_t keys, double fp, uint64_t seed) {
  const fpmath::Sizing s = fpmath::SizeBlocked(
      std::max<uint64_t>(keys, 1), fp, kBlockBits, kProbeSavingTolerance);
  BloomParams params;
  params.layout = Layout::kBlocked;
  params.bits = s.bits;
  params.probes = static_cast<uint32_t>(s.k);
  params.seed = seed;
  return params;
}

void PutSectionFilterFields(const BloomParams& params, uint64_t keys,
                            double fp, std::string* out) {
  PutFixed<uint64_t>(out, params.seed);
  PutFixed<uint64_t>(out, params.bits);
  PutFixed<uint32_t>(out, params.probes);
  PutFixed<uint32_t>(out, static_cast<uint32_t>(params.layout));
  PutFixed<uint64_t>(out, keys);
  PutFixed<double>(out, fp);
}

BloomParams GetSectionFilterFields(const std::byte* p, uint64_t* keys,
                                   double* fp) {
  BloomParams params;
  params.seed = GetFixed<uint64_t>(p);
  params.bits = GetFixed<uint64_t>(p + 8);
  params.probes = GetFixed<uint32_t>(p + 16);
  params.layout = static_cast<Layout>(GetFixed<uint32_t>(p + 20));
  *keys = GetFixed<uint64_t>(p + 24);
  *fp = GetFixed<double>(p + 32);
  return params;
}

}  // namespace spellfilter
