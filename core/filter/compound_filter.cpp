#include "core/filter/compound_filter.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/util/byte_order.h"
#include "core/filter/section_filter.h"

namespace spellfilter {
namespace {

// The section's own fields after the shared ones.
struct OwnFields {
  uint32_t min_part;
  uint32_t max_parts;
  uint32_t flags;
};

OwnFields ReadOwnFields(const std::byte* section) {
  const std::byte* q = section + kSectionFilterFieldBytes;
  return OwnFields{GetFixed<uint32_t>(q), GetFixed<uint32_t>(q + 4),
                   GetFixed<uint32_t>(q + 8)};
}

}  // namespace

const char* CompoundFilter::Parse(std::span<const std::byte> section,
                                  CompoundFilter* out) {
  static constexpr SectionFilterErrors kErrors = {
      "compound parts truncated",
      "compound parts size does not match its parameters",
      "bad compound parts parameters",
      "compound parts are not aligned in memory"};
  CompoundFilter f;
  if (const char* problem = ParseSectionFilter(
          section, kCompoundHeaderBytes, kErrors,
          [](const std::byte* p) {
            const OwnFields own = ReadOwnFields(p);
            return own.min_part != 0 && own.max_parts != 1 &&
                   (own.flags & ~(kCompoundCheckCase | kCompoundCheckDup |
                                  kCompoundCheckTriple)) == 0;
          },
          &f.filter_, &f.parts_, &f.target_fp_)) {
    return problem;
  }
  const OwnFields own = ReadOwnFields(section.data());
  f.settings_.min_part = own.min_part;
  f.settings_.max_parts = own.max_parts;
  f.settings_.check_case = own.flags & kCompoundCheckCase;
  f.settings_.check_dup = own.flags & kCompoundCheckDup;
  f.settings_.check_triple = own.flags & kCompoundCheckTriple;
  const uint64_t seed = f.filter_.params().seed;
  for (uint32_t r = 0; r < 3; ++r) {
    f.role_seeds_[r] = RoleSeed(seed, static_cast<CompoundRole>(r));
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
    const auto role = static_cast<CompoundRole>(static_cast<unsigned char>(key[0]));
    BloomFilter::Add(params, bits,
                     HashWord(std::string_view(key).substr(1),
                              CompoundFilter::RoleSeed(seed_, role)));
  }
  uint32_t flags = 0;
  if (settings_.check_case) flags |= kCompoundCheckCase;
  if (settings_.check_dup) flags |= kCompoundCheckDup;
  if (settings_.check_triple) flags |= kCompoundCheckTriple;
  std::string own;
  PutFixed<uint32_t>(&own, settings_.min_part);
  PutFixed<uint32_t>(&own, settings_.max_parts);
  PutFixed<uint32_t>(&own, flags);
  return EncodeSectionFilter(params, keys_.size(), fp, own,
                             kCompoundHeaderBytes, bits);
}

std::string CompoundFilterBuilder::EncodeEdges() const {
  CompoundEdgesBuilder edges;
  for (const std::string& key : keys_) {
    const auto role = static_cast<unsigned char>(key[0]);
    const bool first = role == static_cast<uint32_t>(CompoundRole::kBegin) ||
                       role == kAnyRuleFlagRole;
    const bool last = role == static_cast<uint32_t>(CompoundRole::kEnd) ||
                      role == kAnyRuleFlagRole;
    // An empty part is never probed (parts have min_part >= 1 letters).
    if ((first || last) && key.size() > 1 &&
        !edges.Add(std::string_view(key).substr(1), first, last)) {
      return {};
    }
  }
  return edges.Encode();
}

}  // namespace spellfilter
