#include "core/filter/section_filter.h"

#include <algorithm>

#include "core/util/byte_order.h"
#include "core/filter/false_positive_math.h"

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

std::string EncodeSectionFilter(const BloomParams& params, uint64_t keys,
                                double fp, std::string_view own_fields,
                                size_t header_bytes,
                                std::span<const uint64_t> bits) {
  std::string out;
  PutSectionFilterFields(params, keys, fp, &out);
  out.append(own_fields);
  out.resize(header_bytes, '\0');
  out.append(reinterpret_cast<const char*>(bits.data()), bits.size() * 8);
  return out;
}

const char* ParseSectionFilter(std::span<const std::byte> section,
                               size_t header_bytes,
                               const SectionFilterErrors& errors,
                               bool (*own_fields_ok)(const std::byte* header),
                               BloomFilter* filter, uint64_t* keys,
                               double* fp) {
  if (section.size() < header_bytes) return errors.truncated;
  const std::byte* p = section.data();
  const BloomParams params = GetSectionFilterFields(p, keys, fp);
  if (params.layout != Layout::kBlocked || params.bits == 0 ||
      section.size() - header_bytes != params.bits / 8) {
    return errors.size_mismatch;
  }
  if (BloomFilter::Validate(params, params.bits / 64) != nullptr ||
      !(*fp > 0 && *fp < 1) || !own_fields_ok(p)) {
    return errors.bad_parameters;
  }
  if (reinterpret_cast<uintptr_t>(p) % alignof(uint64_t)) {
    return errors.unaligned;
  }
  *filter = BloomFilter(
      params, std::span<const uint64_t>(
                  reinterpret_cast<const uint64_t*>(p + header_bytes),
                  params.bits / 64));
  return nullptr;
}

}  // namespace spellfilter
