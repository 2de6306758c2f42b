// The STEMS section of an affix-aware dictionary: a small Bloom filter of
// its stems, without their flags, that the affix lookup asks before it
// probes the main filter for a stem's flag keys (affix_lookup.h).
//
// Why: stripping the affixes whose append string and condition fit a word
// yields a handful of candidate stems, nearly all of them no stem at all
// ("parl" from "parlo" minus "o" is one; "parlar" minus "ar" is not).
// Each is a probe of the main filter, which is megabytes: a cache miss. This
// filter holds only the stems, at a few bits each (100 KB for Italian's
// 100,000 stems), so it stays in the processor's cache and turns away most
// candidates before the main filter is touched. A stem it lets through
// is then probed as before, so the dictionary's answers are unchanged; a
// word is falsely accepted only when both filters are wrong, so the rate
// the main filter was sized for (docs/affix_dictionaries.md) is an upper
// bound. Files without the section probe the main filter directly.
//
// Keys are stems as the affix keys spell them (affix_table.h: normalised
// UTF-8, and the raw form too where ICONV reads it), hashed like words
// (XXH3-128, hash.h) with the section's own seed, in the blocked layout;
// the header is the shared section-filter fields (section_filter.h) and
// zeros up to kStemFilterHeaderBytes.
#ifndef SPELLFILTER_CORE_FILTER_STEM_FILTER_H_
#define SPELLFILTER_CORE_FILTER_STEM_FILTER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>

#include "core/filter/bloom_filter.h"

namespace spellfilter {

// Per probe: the share of non-stems let through to the main filter.
inline constexpr double kDefaultStemFilterFalsePositiveRate = 0.02;
inline constexpr size_t kStemFilterHeaderBytes = 64;

class StemFilter {
 public:
  StemFilter() = default;  // empty(): the dictionary has no such section

  // Checks a STEMS section; on success sets *out to a view of `section`,
  // which must outlive it and be 8-byte aligned. Returns nullptr when
  // usable, else a short description of the problem.
  static const char* Parse(std::span<const std::byte> section,
                           StemFilter* out);

  bool empty() const { return filter_.words().empty(); }
  // Whether `stem` may be a stem of the dictionary; never false for one.
  // True for every word when empty().
  bool MayContain(std::string_view stem) const {
    return empty() || filter_.MayContain(stem);
  }

  const BloomParams& params() const { return filter_.params(); }
  uint64_t stems() const { return stems_; }
  double target_fp() const { return target_fp_; }

 private:
  BloomFilter filter_;
  uint64_t stems_ = 0;
  double target_fp_ = 0;
};

class StemFilterBuilder {
 public:
  explicit StemFilterBuilder(uint64_t seed) : seed_(seed) {}

  void Add(std::string_view stem) { stems_.emplace(stem); }
  uint64_t stems() const { return stems_.size(); }

  // The section's bytes; `fp` in (0, 1).
  std::string Encode(double fp) const;

 private:
  uint64_t seed_;
  std::unordered_set<std::string> stems_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILTER_STEM_FILTER_H_
