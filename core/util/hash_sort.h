// Sorting 128-bit word hashes and dropping repeats, for builders that keep
// only hashes (a check-only dictionary, the SOUND_SKELETONS section) and
// need the number of distinct keys to size their filter.
#ifndef SPELLFILTER_CORE_UTIL_HASH_SORT_H_
#define SPELLFILTER_CORE_UTIL_HASH_SORT_H_

#include <cstddef>
#include <span>

#include "core/util/hash.h"

namespace spellfilter {

// Sorts `hashes` by (lo, hi) and moves one of each distinct hash to the
// front; returns how many there are (the caller drops the rest). Fewer than
// 2^32 hashes.
size_t SortDistinctHashes(std::span<WordHash> hashes);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_UTIL_HASH_SORT_H_
