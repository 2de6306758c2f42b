#include "core/compound_filter.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/byte_order.h"
#include "core/section_filter.h"

namespace spellfilter {

const char* CompoundFilter::Parse(std::span<const std::byte> section,
                                  CompoundFilter* out) {
  if (section.size() < kCompoundHeaderBytes) return "compound parts truncated";
  const std::byte* p = section.data();
  CompoundFilter f;
  const BloomParams params = GetSectionFilterFields(p, &f.parts_, &f.target_fp_);
  const std::byte* q = p + kSectionFilterFieldBytes;
  f.settings_.min_part = GetFixed<uint32_t>(q);
  f.settings_.max_parts = GetFixed<uint32_t>(q + 4);
  const uint32_t flags = GetFixed<uint32_t>(q + 8);
  if (params.layout != Layout::kBlocked || params.bits == 0 ||
      section.size() - kCompoundHeaderBytes != params.bits / 8) {
    return "compound parts size does not match its parameters";
  }
  if (BloomFilter::Validate(params, params.bits / 64) != nullptr ||
      !(f.target_fp_ > 0 && f.target_fp_ < 1) || f.settings_.min_part == 0 ||
      f.settings_.max_parts == 1 ||
      (flags & ~(kCompoundCheckCase | kCompoundCheckDup |
                 kCompoundCheckTriple)) != 0) {
    return "bad compound parts parameters";
  }
  if (reinterpret_cast<uintptr_t>(p) % alignof(uint64_t)) {
    return "compound parts are not aligned in memory";
  }
  f.settings_.check_case = flags & kCompoundCheckCase;
  f.settings_.check_dup = flags & kCompoundCheckDup;
  f.settings_.check_triple = flags & kCompoundCheckTriple;
  f.filter_ = BloomFilter(
      params, std::span<const uint64_t>(
                  reinterpret_cast<const uint64_t*>(p + kCompoundHeaderBytes),
                  params.bits / 64));
  for (uint32_t r = 0; r < 3; ++r) {
    f.role_seeds_[r] = RoleSeed(params.seed, static_cast<CompoundRole>(r));
  }
  *out = f;
  return nullptr;
}

void CompoundFilterBuilder::Add(CompoundRole role,
                                std::string_view normalized_part) {
  std::string key(1, static_cast<char>(role));
  key.append(normalized_part);
  keys_.insert(std::move(key));
}

std::string CompoundFilterBuilder::Encode(double fp) const {
  const BloomParams params = SizeSectionFilter(keys_.size(), fp, seed_);
  std::vector<uint64_t> bits(params.bits / 64, 0);
  for (const std::string& key : keys_) {
    const auto role = static_cast<CompoundRole>(key[0]);
    BloomFilter::Add(params, bits,
                     HashWord(std::string_view(key).substr(1),
                              CompoundFilter::RoleSeed(seed_, role)));
  }
  uint32_t flags = 0;
  if (settings_.check_case) flags |= kCompoundCheckCase;
  if (settings_.check_dup) flags |= kCompoundCheckDup;
  if (settings_.check_triple) flags |= kCompoundCheckTriple;
  std::string out;
  PutSectionFilterFields(params, keys_.size(), fp, &out);
  PutFixed<uint32_t>(&out, settings_.min_part);
  PutFixed<uint32_t>(&out, settings_.max_parts);
  PutFixed<uint32_t>(&out, flags);
  PutFixed<uint32_t>(&out, 0);
  PutFixed<uint64_t>(&out, 0);
  out.append(reinterpret_cast<const char*>(bits.data()), bits.size() * 8);
  return out;
}

}  // namespace spellfilter
