// The SOUND_PREFIXES section of an English dictionary: a Bloom filter of
// the pairs (sound skeleton, first letters) of its words, for L = 1..depth
// first letters ("necessary": (NSSR, n), (NSSR, ne), (NSSR, nec)). The
// suggester's by-ear walk spells a skeleton letter by letter over the
// PREFIXES section, which knows only that some word continues a prefix:
// "ci", "ce", "sa", ... all continue, while the walk wants a word with
// the sounds S K R N. With this section it gives up a prefix of up to
// `depth` letters once no skeleton it may still spell has a word starting
// so. The walks ran to their work budgets on most words searched by ear;
// pruned, they finish, with less work (docs/suggestions.md).
//
// A false positive costs time only (a prefix walked in vain, as before the
// section); a false negative cannot happen, so the walk loses no word that
// the skeletons it spells have. Files without the section walk as before.
//
// Keys: a skeleton's key (SkeletonKey: XXH3 of its bytes, section seed)
// and the prefix's state (Root, then PrefixFilter::Next per lower-case code
// point) mixed into the filter's 128-bit hash (Key), so that a walk needs
// no string hashing per test.
#ifndef SPELLFILTER_CORE_FILTER_SOUND_PREFIX_FILTER_H_
#define SPELLFILTER_CORE_FILTER_SOUND_PREFIX_FILTER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/filter/bloom_filter.h"
#include "core/util/hash.h"
#include "core/filter/prefix_filter.h"

namespace spellfilter {

// A walk tests a prefix once per skeleton it may still spell (a few to a
// few dozen), and a false positive only keeps a prefix: 2 % suffices.
inline constexpr double kDefaultSoundPrefixFalsePositiveRate = 0.02;
// First letters per word. Deeper prefixes are rare enough in the
// dictionary that PREFIXES alone ends most of them (4 would add 42 % more
// pairs for 3 % less work per misspelling of aspell-02).
inline constexpr uint32_t kDefaultSoundPrefixDepth = 3;
inline constexpr uint32_t kMaxSoundPrefixDepth = 8;
// The section filter's 40 bytes, depth u32, zeros to 64; then the bits.
inline constexpr size_t kSoundPrefixHeaderBytes = 64;

class SoundPrefixFilter {
 public:
  SoundPrefixFilter() = default;  // empty(): no such section

  // Checks a SOUND_PREFIXES section; on success sets *out to a view of
  // `section`, which must outlive it and be 8-byte aligned. Returns nullptr
  // when usable, else a short description of the problem.
  static const char* Parse(std::span<const std::byte> section,
                           SoundPrefixFilter* out);

  bool empty() const { return filter_.words().empty(); }
  uint32_t depth() const { return depth_; }

  uint64_t SkeletonKey(std::string_view skeleton) const {
    return SkeletonKey(skeleton, seed());
  }
  PrefixFilter::State Root() const { return PrefixFilter::Root(seed()); }
  // Whether some word with the skeleton whose key is `skeleton` starts
  // with the prefix whose state is `prefix` (1..depth() letters). Never
  // false for a pair that a word has.
  bool MayHave(uint64_t skeleton, PrefixFilter::State prefix) const {
    return filter_.MayContain(Key(skeleton, prefix));
  }

  const BloomParams& params() const { return filter_.params(); }
  uint64_t pairs() const { return pairs_; }
  double target_fp() const { return target_fp_; }

  static uint64_t SkeletonKey(std::string_view skeleton, uint64_t seed) {
    return HashWord(skeleton, seed).lo;
  }
  static WordHash Key(uint64_t skeleton, PrefixFilter::State prefix);

 private:
  uint64_t seed() const { return filter_.params().seed; }

  BloomFilter filter_;
  uint32_t depth_ = 0;
  uint64_t pairs_ = 0;
  double target_fp_ = 0;
};

// Collects the pairs of a word list's lower-case words and writes a
// SOUND_PREFIXES section sized for the distinct ones.
class SoundPrefixFilterBuilder {
 public:
  SoundPrefixFilterBuilder(uint64_t seed, uint32_t depth)
      : seed_(seed), depth_(depth) {}

  // `lower`: a word in lower case with a non-empty skeleton whose key
  // (SkeletonKey with this builder's seed) is `skeleton`: the builder of
  // the SOUND_SKELETONS section has it already, with the same seed.
  void AddWord(std::u32string_view lower, uint64_t skeleton);
  void AddWord(std::u32string_view lower, std::string_view skeleton) {
    if (!skeleton.empty()) {
      AddWord(lower, SoundPrefixFilter::SkeletonKey(skeleton, seed_));
    }
  }
  // The section's bytes; `fp` in (0, 1). Sorts the hashes collected.
  std::string Encode(double fp);
  // Distinct pairs, after Encode.
  uint64_t pairs() const { return pairs_; }

 private:
  uint64_t seed_;
  uint32_t depth_;
  std::vector<WordHash> hashes_;
  uint64_t pairs_ = 0;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILTER_SOUND_PREFIX_FILTER_H_
