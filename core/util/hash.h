// The one hash of the project: XXH3-128 of a word's normalised UTF-8 bytes
// (NFC, U+2019 folded to U+0027), seeded. The two 64-bit halves feed the
// filter's double hashing (Kirsch & Mitzenmacher 2006), so one hash call
// serves all k probes.
#ifndef SPELLFILTER_CORE_UTIL_HASH_H_
#define SPELLFILTER_CORE_UTIL_HASH_H_

#include <cstdint>
#include <string_view>

namespace spellfilter {

// Identifies the hash function in the dictionary file; a file naming another
// is refused rather than probed with the wrong hash.
inline constexpr uint32_t kHashIdXxh3_128 = 1;

struct WordHash {
  uint64_t lo;
  uint64_t hi;
};

WordHash HashWord(std::string_view normalized_utf8, uint64_t seed);

// XXH3-64 over arbitrary bytes: the dictionary file's checksums.
uint64_t Checksum(const void* data, size_t size);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_UTIL_HASH_H_
