// The commonness class of every dictionary word, and a second, independent
// membership check for suggestion candidates, in one structure: an XOR
// filter (Graf & Lemire 2020, "Xor Filters: Faster and Smaller Than Bloom
// and Cuckoo Filters") whose slots hold f fingerprint bits and 4 class bits.
//
// Each word w hashes (XXH3-128, the section's own seed) to three slots, one
// in each third of a table of 3 * segment_slots slots, and to an f-bit
// fingerprint. Construction ("peeling") fills the slots so that
//
//   slot[h0(w)] ^ slot[h1(w)] ^ slot[h2(w)] == fingerprint(w) << 4 | code(w)
//
// for every word of the list. For any other string the three slots xor to a
// value that is independent of its fingerprint, so the fingerprint matches
// with probability 2^-f (1/256 for the default f = 8): that is the filter's
// false-positive rate, and it is independent of the Bloom filter's because
// the hashes use different seeds. The suggester accepts a candidate only if
// both say yes, so a false suggestion needs two false positives
// (docs/suggestions.md has the figures).
//
// Size: segment_slots = ceil((1.23 n + 32) / 3), the bound under which
// peeling succeeds with high probability; (f + 4) bits per slot, i.e.
// 1.23 * 12 = 14.8 bits per word by default, 309 KB for the 167,172 words of
// en_US.txt. The 4-bit code is 0 for "no class given" or the rank 1..15 of
// the word's class value among the distinct values of the list (SCOWL sizes
// 10, 20, 35, ..., 70: code 1 = 10 = most common). The section records the
// value and the number of words of each code.
//
// A list without classes (no word has one: every Hunspell import) is
// stored without the 4 class bits, f bits per slot (9.8 bits per word by
// default instead of 14.8; the header's class_bits field is then 0). It
// answers exactly as the table with them would: every code is 0, so the
// class bits of every slot would be 0 as well (Find returns code 0).
#ifndef SPELLFILTER_CORE_DICTIONARY_WORD_CLASSES_H_
#define SPELLFILTER_CORE_DICTIONARY_WORD_CLASSES_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/util/status.h"

namespace spellfilter {

inline constexpr uint32_t kClassBits = 4;
inline constexpr uint32_t kClassCodes = 1u << kClassBits;  // 0..15
inline constexpr uint32_t kDefaultFingerprintBits = 8;
inline constexpr uint32_t kMaxFingerprintBits = 28;
// Section header: seed u64, segment_slots u64, fingerprint_bits u32,
// class_bits u32, class_count u32, reserved u32, class_value u32[16],
// class_words u64[16]; then the slots, packed LSB first into u64 words.
inline constexpr size_t kWordClassesHeaderBytes =
    8 + 8 + 4 * 4 + 4 * 16 + 8 * 16;

struct ClassedWord {
  std::string_view word;  // normalised (word_forms.h), distinct
  uint32_t class_value;   // 0: none given; else e.g. the SCOWL size
};

// Builds the section's bytes. More than 15 distinct class values are merged
// into 15 codes by rank. Fails only if peeling fails for 64 seeds in a row
// (practically impossible for distinct words) or on a bad argument.
StatusOr<std::string> EncodeWordClasses(std::span<const ClassedWord> words,
                                        uint32_t fingerprint_bits,
                                        uint64_t seed);
// The same for `n` words given by word_at(i), i < n, each read a few
// times (the list need not be copied into ClassedWords: about 24 bytes a
// word). Same bytes as above for the same words.
StatusOr<std::string> EncodeWordClasses(
    uint64_t n, const std::function<ClassedWord(size_t)>& word_at,
    uint32_t fingerprint_bits, uint64_t seed);

// Read-only view of a WORD_CLASSES section, used in place.
class WordClasses {
 public:
  WordClasses() = default;  // empty(): the dictionary has no such section

  // Checks the section's structure; on success sets *out to a view of
  // `section`, which must outlive it and be 8-byte aligned. Returns nullptr
  // when usable, else a short description of the problem.
  static const char* Parse(std::span<const std::byte> section,
                           WordClasses* out);

  bool empty() const { return slots_ == nullptr; }

  // The class code (0..15) of `normalized_word` if its fingerprint matches;
  // std::nullopt means it is certainly not a word of the list. A code for a
  // string that is not in the list is returned with probability 2^-f.
  std::optional<uint32_t> Find(std::string_view normalized_word) const;

  // Find in two steps, so that a batch of lookups overlaps its memory
  // latency: Locate hashes the word and starts loading its three slots,
  // Find(location) reads them. Find(w) == Find(Locate(w)).
  struct Location {
    uint64_t slot[3];
    uint64_t fingerprint;
  };
  Location Locate(std::string_view normalized_word) const;
  std::optional<uint32_t> Find(const Location& where) const;

  uint32_t fingerprint_bits() const { return fingerprint_bits_; }
  uint32_t class_count() const { return class_count_; }
  // Value (e.g. SCOWL size) of code 1..class_count(); 0 for code 0.
  uint32_t ClassValue(uint32_t code) const;
  // Words of the list with that code (code 0: without a class).
  uint64_t ClassWords(uint32_t code) const;
  uint64_t slot_count() const { return 3 * segment_slots_; }

 private:
  uint64_t seed_ = 0;
  uint64_t segment_slots_ = 0;
  uint32_t fingerprint_bits_ = 0;
  uint32_t class_count_ = 0;
  uint32_t class_bits_ = kClassBits;  // 0 in a table without classes
  const std::byte* header_ = nullptr;
  const uint64_t* slots_ = nullptr;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_WORD_CLASSES_H_
