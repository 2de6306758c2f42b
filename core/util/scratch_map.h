// A hash map from 64-bit hash keys to small values, for per-call scratch
// state that is emptied many times (the suggester's memo tables): open
// addressing with linear probing, emptied in O(1) by bumping an epoch
// instead of touching every slot. Keys must be well mixed (the slot is the
// key's low bits).
#ifndef SPELLFILTER_CORE_UTIL_SCRATCH_MAP_H_
#define SPELLFILTER_CORE_UTIL_SCRATCH_MAP_H_

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace spellfilter {

template <typename V>
class ScratchMap {
 public:
  // `slots`: the size Clear returns to, a power of two; a table for calls
  // that typically hold thousands of entries starts large rather than
  // growing (and rehashing) at every call.
  explicit ScratchMap(size_t slots = kInitialSlots) : initial_slots_(slots) {
    slots_.resize(initial_slots_);
  }

  void Clear() {
    size_ = 0;
    // A table grown by one large call goes back to the initial size: the
    // few hundred entries of a typical call, spread over a large table,
    // would each be a cold cache line.
    if (slots_.size() > initial_slots_) {
      std::vector<Slot>(initial_slots_).swap(slots_);
      epoch_ = 1;
      return;
    }
    if (++epoch_ == 0) {
      for (Slot& s : slots_) s.epoch = 0;
      epoch_ = 1;
    }
  }

  // The value for `key`, and whether it was just created (value-initialised).
  // Invalidates pointers returned earlier.
  std::pair<V*, bool> Get(uint64_t key) {
    if (2 * (size_ + 1) > slots_.size()) Grow();
    const size_t mask = slots_.size() - 1;
    for (size_t i = key & mask;; i = (i + 1) & mask) {
      Slot& s = slots_[i];
      if (s.epoch != epoch_) {
        s.epoch = epoch_;
        s.key = key;
        s.value = V();
        ++size_;
        return {&s.value, true};
      }
      if (s.key == key) return {&s.value, false};
    }
  }

 private:
  // Small enough to stay in the L1/L2 caches between calls (the
  // suggester's tables hold 30-200 entries for most words).
  static constexpr size_t kInitialSlots = 1 << 9;
  struct Slot {
    uint64_t key = 0;
    uint32_t epoch = 0;
    V value{};
  };

  void Grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    const size_t mask = slots_.size() - 1;
    for (const Slot& s : old) {
      if (s.epoch != epoch_) continue;
      size_t i = s.key & mask;
      while (slots_[i].epoch == epoch_) i = (i + 1) & mask;
      slots_[i] = s;
    }
  }

  size_t initial_slots_;
  std::vector<Slot> slots_;
  uint32_t epoch_ = 1;
  size_t size_ = 0;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_UTIL_SCRATCH_MAP_H_
