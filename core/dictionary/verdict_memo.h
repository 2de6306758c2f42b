// A bounded memo of verdicts that are expensive to compute and never
// change: whether an affix-aware dictionary accepts a word through its
// affix rules (a dozen probes or more, docs/affix_dictionaries.md), or
// whether a word is a compound of its parts. Running text repeats its
// words (20,000 tokens of Italian prose have about 4,300 distinct ones),
// so a checker that keeps the answers analyses each word once.
//
// Direct-mapped: a word's slot is chosen by its hash, and a later word
// with the same slot replaces it, so the memo never grows past its
// slots. Each slot keeps the word's bytes and who answered (a tag: the
// dictionary's serial and the kind of question), so a hit is exact, never
// a hash collision's guess. The verdicts of a dictionary are fixed for
// its lifetime; the user's words, which can change, are never memoised.
//
// Not thread-safe: each Checker owns one.
#ifndef SPELLFILTER_CORE_DICTIONARY_VERDICT_MEMO_H_
#define SPELLFILTER_CORE_DICTIONARY_VERDICT_MEMO_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spellfilter {

class VerdictMemo {
 public:
  // Slots are rounded up to a power of two (about 48 bytes each, plus the
  // bytes of words over 15) and allocated as they are needed: none until
  // the first Store, then kFirstSlots, four times as many each time the
  // stores outnumber the slots (the verdicts kept are moved), up to
  // `slots`. So a checker that never asks costs nothing, and one that
  // asks about a few hundred words does not pay for 8,192 slots (a fresh
  // Checker per short check: 400 KB to map and free). Words longer than
  // kMaxWordBytes are not kept (rare, and a memo of them would hold their
  // bytes).
  static constexpr size_t kDefaultSlots = 1 << 13;
  static constexpr size_t kFirstSlots = 1 << 9;
  static constexpr size_t kMaxWordBytes = 64;

  explicit VerdictMemo(size_t slots = kDefaultSlots);

  // The verdict stored for (`tag`, `word`), if any.
  std::optional<bool> Find(uint64_t tag, std::string_view word) const {
    if (slots_.empty()) return std::nullopt;
    const Slot& s = slots_[SlotOf(tag, word)];
    if (s.tag != tag || s.word != word) return std::nullopt;
    return s.verdict;
  }
  void Store(uint64_t tag, std::string_view word, bool verdict) {
    if (word.size() > kMaxWordBytes) return;
    if (++stores_ > slots_.size() && slots_.size() <= max_mask_) Grow();
    Slot& s = slots_[SlotOf(tag, word)];
    s.tag = tag;
    s.word.assign(word);  // reuses the slot's buffer
    s.verdict = verdict;
  }
  void Clear();

 private:
  static constexpr uint64_t kEmpty = 0;  // tags are never 0
  struct Slot {
    uint64_t tag = kEmpty;
    std::string word;
    bool verdict = false;
  };
  size_t SlotOf(uint64_t tag, std::string_view word) const;
  // More slots (kFirstSlots, then four times as many, at most
  // max_mask_ + 1), the stored verdicts moved into them.
  void Grow();

  std::vector<Slot> slots_;
  size_t mask_ = 0;      // slots_.size() - 1 once allocated
  size_t max_mask_;      // the most slots, minus 1
  size_t stores_ = 0;    // since the last Grow
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_VERDICT_MEMO_H_
