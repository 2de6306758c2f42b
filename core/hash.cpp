#include "core/hash.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace spellfilter {

WordHash HashWord(std::string_view normalized_utf8, uint64_t seed) {
  XXH128_hash_t h = XXH3_128bits_withSeed(normalized_utf8.data(),
                                          normalized_utf8.size(), seed);
  return WordHash{h.low64, h.high64};
}

uint64_t Checksum(const void* data, size_t size) {
  return XXH3_64bits(data, size);
}

}  // namespace spellfilter
