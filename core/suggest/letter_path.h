// Letter sets and the candidate being built, shared by the walks that
// spell candidates letter by letter over the prefix filter (the edit walk,
// the runs of letters, the by-ear walk): a Mask holds up to 128 letter
// indices of Lexicon::letters, a LetterPath the indices spelled so far.
#ifndef SPELLFILTER_CORE_SUGGEST_LETTER_PATH_H_
#define SPELLFILTER_CORE_SUGGEST_LETTER_PATH_H_

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "core/suggest/suggester.h"

namespace spellfilter {

// Set bits of x; std::popcount is a library call without -mpopcnt.
inline int BitCount(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}

struct Mask {
  uint64_t w[2] = {0, 0};
  bool Test(int j) const { return (w[j >> 6] >> (j & 63)) & 1; }
  void Set(int j) { w[j >> 6] |= uint64_t{1} << (j & 63); }
  Mask operator&(const Mask& o) const {
    return Mask{{w[0] & o.w[0], w[1] & o.w[1]}};
  }
  Mask operator|(const Mask& o) const {
    return Mask{{w[0] | o.w[0], w[1] | o.w[1]}};
  }
};

// The letter indices of the candidate being built, in place: pushed and
// popped at every step of every walk, where std::vector's push_back is a
// call at -O3 (not inlined) with a capacity check. A candidate is at most
// the typed word (kMaxSuggestLetters) plus what the walks add to it: three
// insertions and two sound-alike respellings of a few letters each, a run
// of kMaxChunk letters, or the by-ear walk's kMaxEarExtraLetters and one
// spelling; kCapacity leaves room for all of these with margin.
class LetterPath {
 public:
  static constexpr size_t kCapacity = 2 * kMaxSuggestLetters + 64;
  void push_back(uint8_t j) {
    assert(size_ < kCapacity);
    letters_[size_++] = j;
  }
  void pop_back() { --size_; }
  uint8_t back() const { return letters_[size_ - 1]; }
  uint8_t operator[](size_t k) const { return letters_[k]; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  // Back to `depth` letters (depth <= size()).
  void Truncate(size_t depth) { size_ = depth; }
  const uint8_t* begin() const { return letters_.data(); }
  const uint8_t* end() const { return letters_.data() + size_; }

 private:
  std::array<uint8_t, kCapacity> letters_;
  size_t size_ = 0;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_LETTER_PATH_H_
