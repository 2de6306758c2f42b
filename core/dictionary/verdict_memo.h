// A bounded memo of verdicts that are expensive to compute and never
// change: whether an affix-aware dictionary accepts a word through its
// affix rules (a dozen probes or more, docs/affix_dictionaries.md),
// whether a word is a compound of its parts, and a checker's whole
// verdict on a word (Checker::IsCorrect). Running text repeats its words
// (20,000 tokens of Italian prose have about 4,300 distinct ones), so a
// checker that keeps the answers analyses each word once.
//
// Direct-mapped: a word's slot is chosen by its hash, and a later word
// with the same slot replaces it, so the memo never grows past its
// slots. Each slot keeps the word's bytes and who answered (a tag: the
// dictionary's serial and the kind of question), so a hit is exact, never
// a hash collision's guess. The verdicts of a dictionary are fixed for
// its lifetime; the user's words, which can change, are never memoised.
//
// Speed (issue 32): a slot is one 64-byte record, one cache line, holding
// the word's bytes inline (no heap string, no allocation per store), the
// tag, the length and the 64-bit hash the slot was chosen by; a lookup is
// one multiply for the slot and a compare of the tag, the length and the
// bytes in that line. A caller that has hashed the word already (the checker hashes
// each word once, for the filter probe) passes that hash, so a word costs
// one hash whatever it asks; the hash only has to be the same for the same
// (tag, word) every time, and the slot keeps it, so growing needs no
// rehashing.
//
// Not thread-safe: each Checker owns one.
#ifndef SPELLFILTER_CORE_DICTIONARY_VERDICT_MEMO_H_
#define SPELLFILTER_CORE_DICTIONARY_VERDICT_MEMO_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string_view>

#include "core/util/hash.h"

namespace spellfilter {

class VerdictMemo {
 public:
  // Slots are rounded up to a power of two (64 bytes each) and allocated
  // as they are needed: none until the first Store, then kFirstSlots,
  // four times as many each time the stores outnumber the slots (the
  // verdicts kept are moved), up to `slots`. So a checker that never
  // asks costs nothing, and one that asks about a few dozen words does
  // not pay for 8,192 slots (a fresh Checker per short check: fresh
  // memory is a page fault per 4 KiB, which cost more than the words'
  // checking in a sample of 500 Swahili tokens). Words longer than
  // kMaxWordBytes are not kept (none of English or Hungarian running
  // words; 1.6 % of Telugu's, 7.5 % of Malayalam's, whose verdicts are
  // then worked out again, without ICU for most: quick_word_facts.h).
  static constexpr size_t kDefaultSlots = 1 << 13;
  static constexpr size_t kFirstSlots = 1 << 6;
  static constexpr size_t kMaxWordBytes = 46;

  explicit VerdictMemo(size_t slots = kDefaultSlots);
  ~VerdictMemo();
  VerdictMemo(const VerdictMemo&) = delete;
  VerdictMemo& operator=(const VerdictMemo&) = delete;

  // The hash Find and Store use when not given one.
  static uint64_t HashOf(uint64_t tag, std::string_view word) {
    return HashWord(word, tag).lo;
  }

  // The verdict stored for (`tag`, `word`), if any. `hash` is the word's
  // hash, the same one every time for the same (tag, word) (HashOf, or the
  // caller's own, e.g. the filter probe's).
  std::optional<bool> Find(uint64_t tag, std::string_view word,
                           uint64_t hash) const {
    if (mask_ == 0) return std::nullopt;
    const Slot& s = slots_[SlotOf(tag, hash)];
    if (s.tag != tag || s.length != word.size() || s.hash != hash ||
        std::memcmp(s.bytes, word.data(), word.size()) != 0) {
      return std::nullopt;
    }
    return s.verdict != 0;
  }
  std::optional<bool> Find(uint64_t tag, std::string_view word) const {
    if (mask_ == 0) return std::nullopt;
    return Find(tag, word, HashOf(tag, word));
  }
  void Store(uint64_t tag, std::string_view word, uint64_t hash,
             bool verdict) {
    if (word.size() > kMaxWordBytes) return;
    if (++stores_ > mask_ + (mask_ != 0) && mask_ < max_mask_) Grow();
    Slot& s = slots_[SlotOf(tag, hash)];
    s.tag = tag;
    s.hash = hash;
    s.length = static_cast<uint8_t>(word.size());
    s.verdict = verdict;
    std::memcpy(s.bytes, word.data(), word.size());
  }
  void Store(uint64_t tag, std::string_view word, bool verdict) {
    Store(tag, word, HashOf(tag, word), verdict);
  }
  void Clear();

 private:
  static constexpr uint64_t kEmpty = 0;  // tags are never 0
  struct alignas(64) Slot {
    uint64_t tag;
    uint64_t hash;
    uint8_t length;
    uint8_t verdict;
    char bytes[kMaxWordBytes];
  };
  static_assert(sizeof(Slot) == 64, "a slot is one cache line");

  size_t SlotOf(uint64_t tag, uint64_t hash) const {
    // The hash is uniform already; the tag is mixed in so that one word's
    // questions about two dictionaries fall apart.
    return static_cast<size_t>((hash ^ (tag * 0x9E3779B97F4A7C15ull)) &
                               mask_);
  }
  // More slots (kFirstSlots, then four times as many, at most
  // max_mask_ + 1), the stored verdicts moved into them.
  void Grow();

  std::unique_ptr<Slot[]> slots_;
  size_t mask_ = 0;      // slots - 1 once allocated; 0 before
  size_t max_mask_;      // the most slots, minus 1
  size_t stores_ = 0;    // since the last Grow
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_VERDICT_MEMO_H_
