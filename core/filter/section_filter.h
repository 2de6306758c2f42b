// The blocked Bloom filter that the optional filter sections (COMPOUND_PARTS,
// KEEP_CASE) carry: sized as the main filter is, and described by the same
// first 40 bytes of each section's 64-byte header (docs/dictionary_format.md):
//
//   seed u64, bits u64, probes u32, layout u32, keys u64, target_fp f64
//
// Each section validates the fields itself, so that its errors name it.
#ifndef SPELLFILTER_CORE_FILTER_SECTION_FILTER_H_
#define SPELLFILTER_CORE_FILTER_SECTION_FILTER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/filter/bloom_filter.h"

namespace spellfilter {

inline constexpr size_t kSectionFilterFieldBytes = 40;

// Up to 5 % more bits for fewer probes per lookup (see fpmath::SizeBlocked),
// as the main filter is sized.
inline constexpr double kProbeSavingTolerance = 1.05;

// Blocked-layout parameters for `keys` keys (at least one) at rate `fp`.
BloomParams SizeSectionFilter(uint64_t keys, double fp, uint64_t seed);

// Appends the 40 bytes above.
void PutSectionFilterFields(const BloomParams& params, uint64_t keys,
                            double fp, std::string* out);

// Reads them from `p`, which must hold kSectionFilterFieldBytes.
BloomParams GetSectionFilterFields(const std::byte* p, uint64_t* keys,
                                   double* fp);

// A whole section: the fields above, `own_fields` (the section's own),
// zeros up to `header_bytes`, then the filter's bits.
std::string EncodeSectionFilter(const BloomParams& params, uint64_t keys,
                                double fp, std::string_view own_fields,
                                size_t header_bytes,
                                std::span<const uint64_t> bits);

// What a section's problems are reported as; each message names the
// section.
struct SectionFilterErrors {
  const char* truncated;
  const char* size_mismatch;
  const char* bad_parameters;
  const char* unaligned;
};

// Checks a section laid out as the fields above, the section's own fields
// up to `header_bytes`, then the filter's bits: long enough, as many bits
// as the parameters say, valid parameters and own fields (`own_fields_ok`,
// called with the section's start once the header is there), 8-byte
// aligned. On success sets *filter to a view of the bits, *keys and *fp,
// and returns nullptr; else the message for the first problem.
const char* ParseSectionFilter(std::span<const std::byte> section,
                               size_t header_bytes,
                               const SectionFilterErrors& errors,
                               bool (*own_fields_ok)(const std::byte* header),
                               BloomFilter* filter, uint64_t* keys,
                               double* fp);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILTER_SECTION_FILTER_H_
