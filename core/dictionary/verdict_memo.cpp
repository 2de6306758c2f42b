#include "core/dictionary/verdict_memo.h"

#include <algorithm>
#include <bit>

#include "core/util/hash.h"

namespace spellfilter {

VerdictMemo::VerdictMemo(size_t slots)
    : max_mask_(std::bit_ceil(slots < 2 ? size_t{2} : slots) - 1) {}

void VerdictMemo::Grow() {
  const size_t size = slots_.empty()
                          ? std::min(kFirstSlots, max_mask_ + 1)
                          : std::min(slots_.size() * 4, max_mask_ + 1);
  std::vector<Slot> old;
  old.swap(slots_);
  slots_.resize(size);
  mask_ = size - 1;
  stores_ = 0;
  for (Slot& s : old) {
    if (s.tag == kEmpty) continue;
    Slot& to = slots_[SlotOf(s.tag, s.word)];
    to = std::move(s);
  }
}

size_t VerdictMemo::SlotOf(uint64_t tag, std::string_view word) const {
  return static_cast<size_t>(HashWord(word, tag).lo) & mask_;
}

void VerdictMemo::Clear() {
  slots_.clear();
  slots_.shrink_to_fit();
  mask_ = 0;
  stores_ = 0;
}

}  // namespace spellfilter
