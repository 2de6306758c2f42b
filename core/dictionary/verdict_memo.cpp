#include "core/dictionary/verdict_memo.h"

#include <bit>

#include "core/util/hash.h"

namespace spellfilter {

VerdictMemo::VerdictMemo(size_t slots)
    : mask_(std::bit_ceil(slots < 2 ? size_t{2} : slots) - 1) {}

size_t VerdictMemo::SlotOf(uint64_t tag, std::string_view word) const {
  return static_cast<size_t>(HashWord(word, tag).lo) & mask_;
}

void VerdictMemo::Clear() {
  slots_.clear();
  slots_.shrink_to_fit();
}

}  // namespace spellfilter
