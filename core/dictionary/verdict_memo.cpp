#include "core/dictionary/verdict_memo.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>

namespace spellfilter {

VerdictMemo::VerdictMemo(size_t slots)
    : max_mask_(std::bit_ceil(slots < 2 ? size_t{2} : slots) - 1) {}

VerdictMemo::~VerdictMemo() = default;

void VerdictMemo::Grow() {
  const size_t old_size = mask_ == 0 ? 0 : mask_ + 1;
  const size_t size = old_size == 0 ? std::min(kFirstSlots, max_mask_ + 1)
                                    : std::min(old_size * 4, max_mask_ + 1);
  std::unique_ptr<Slot[]> old = std::move(slots_);
  // Left uninitialised but for the tags (zeroing every byte of the slots
  // as a fresh Checker's memo grew was a seventh of the instructions of
  // checking 20,000 Hindi words), and only a slot's used bytes are moved.
  slots_.reset(new Slot[size]);
  for (size_t i = 0; i < size; ++i) slots_[i].tag = kEmpty;
  mask_ = size - 1;
  stores_ = 1;  // the store that grew the memo
  for (size_t i = 0; i < old_size; ++i) {
    const Slot& s = old[i];
    if (s.tag == kEmpty) continue;
    Slot& to = slots_[SlotOf(s.tag, s.hash)];
    std::memcpy(&to, &s, offsetof(Slot, bytes) + s.length);
  }
}

void VerdictMemo::Clear() {
  slots_.reset();
  mask_ = 0;
  stores_ = 0;
}

}  // namespace spellfilter
