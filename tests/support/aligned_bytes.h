// Copies a file image or section into 8-byte-aligned storage, as a mapped
// file is, for tests that parse bytes built in a std::string.
#ifndef SPELLFILTER_TESTS_ALIGNED_BYTES_H_
#define SPELLFILTER_TESTS_ALIGNED_BYTES_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

namespace spellfilter {

struct Aligned {
  explicit Aligned(const std::string& bytes) : words((bytes.size() + 7) / 8) {
    // memcpy's pointers must not be null, even for no bytes (UBSan).
    if (!bytes.empty()) std::memcpy(words.data(), bytes.data(), bytes.size());
    span = std::span<const std::byte>(
        reinterpret_cast<const std::byte*>(words.data()), bytes.size());
  }
  std::vector<uint64_t> words;
  std::span<const std::byte> span;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_TESTS_ALIGNED_BYTES_H_
