#include "core/util/hash.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#if defined(__x86_64__)
// From xxh_x86dispatch.h (libxxhash-dev), declared here because that header
// would include xxhash.h again without XXH_INLINE_ALL.
extern "C" XXH64_hash_t XXH3_64bits_dispatch(const void* input, size_t len);
#endif

namespace spellfilter {
namespace {

// Below this the call and the dispatch cost more than they save.
constexpr size_t kLongChecksumBytes = 4096;

}  // namespace

WordHash HashWord(std::string_view normalized_utf8, uint64_t seed) {
  XXH128_hash_t h = XXH3_128bits_withSeed(normalized_utf8.data(),
                                          normalized_utf8.size(), seed);
  return WordHash{h.low64, h.high64};
}

uint64_t Checksum(const void* data, size_t size) {
#if defined(__x86_64__)
  // The inline XXH3 above is compiled for the baseline (SSE2); Debian's
  // libxxhash picks AVX2 or AVX-512 at run time for long inputs, with the
  // same result: half the time for the megabytes a dictionary's
  // checksums read at every start.
  if (size >= kLongChecksumBytes) return XXH3_64bits_dispatch(data, size);
#endif
  return XXH3_64bits(data, size);
}

}  // namespace spellfilter
