// The SOUND_SKELETONS section of an English dictionary: a Bloom filter of
// the sound skeletons (sound_skeleton.h) of its words, so the suggester's
// by-ear search knows which skeletons some word has before it spells them
// out over the PREFIXES section. The search walks only the skeletons the
// filter holds: the typed word's own, the ones with one or two of its
// sounds left out or two adjacent ones swapped, and the ones with one sound
// changed or added (docs/suggestions.md, "Spelled by ear").
//
// A false positive here costs time only (a walk that finds no word, as
// every walk did before the section): no word is suggested on this
// filter's word. A false negative cannot happen, so a skeleton the filter
// refuses belongs to no word and its walk is skipped without changing the
// suggestions it could give. Sized for kDefaultSkeletonFalsePositiveRate;
// files without the section walk every skeleton variant as before.
//
// Keys are skeleton strings (one byte per sound), hashed like dictionary
// words (XXH3-128, hash.h) with the section's own seed, in the blocked
// layout.
#ifndef SPELLFILTER_CORE_FILTER_SKELETON_FILTER_H_
#define SPELLFILTER_CORE_FILTER_SKELETON_FILTER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/filter/bloom_filter.h"
#include "core/util/hash.h"

namespace spellfilter {

// Per probe. A by-ear search probes up to ~40 skeletons per sound of the
// typed word (one changed or added in each place), so at 1e-3 about one
// word in 25 walks one skeleton that no word has.
inline constexpr double kDefaultSkeletonFalsePositiveRate = 1e-3;
// seed u64, bits u64, probes u32, layout u32, skeletons u64, target_fp f64,
// reserved u64[3]; then the bit array.
inline constexpr size_t kSkeletonHeaderBytes = 64;

class SkeletonFilter {
 public:
  SkeletonFilter() = default;  // empty(): the dictionary has no such section

  // Checks a SOUND_SKELETONS section; on success sets *out to a view of
  // `section`, which must outlive it and be 8-byte aligned. Returns nullptr
  // when usable, else a short description of the problem.
  static const char* Parse(std::span<const std::byte> section,
                           SkeletonFilter* out);

  bool empty() const { return filter_.words().empty(); }
  // Whether some word of the dictionary may have `skeleton`. Never false
  // for one that a word has.
  bool MayContain(std::string_view skeleton) const {
    return filter_.MayContain(skeleton);
  }

  const BloomParams& params() const { return filter_.params(); }
  uint64_t skeletons() const { return skeletons_; }
  double target_fp() const { return target_fp_; }

 private:
  BloomFilter filter_;
  uint64_t skeletons_ = 0;
  double target_fp_ = 0;
};

// Collects the skeletons of a word list's lower-case words and writes a
// SOUND_SKELETONS section sized for the distinct ones.
class SkeletonFilterBuilder {
 public:
  explicit SkeletonFilterBuilder(uint64_t seed) : seed_(seed) {}

  // `lower`: a word in lower case. Returns its skeleton (valid until the
  // next call), which the SOUND_PREFIXES builder takes too.
  const std::string& AddWord(std::u32string_view lower);
  // The last word's skeleton key: SoundPrefixFilter::SkeletonKey(skeleton,
  // this filter's seed).
  uint64_t last_key() const { return hashes_.back().lo; }
  // The section's bytes; `fp` in (0, 1). Sorts the hashes collected.
  std::string Encode(double fp);
  // Distinct skeletons, after Encode.
  uint64_t skeletons() const { return skeletons_; }

 private:
  uint64_t seed_;
  std::vector<WordHash> hashes_;
  std::string scratch_;
  uint64_t skeletons_ = 0;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILTER_SKELETON_FILTER_H_
