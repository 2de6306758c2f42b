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
  // Slots are rounded up to a power of two and allocated on the first
  // Store (about 48 bytes each, plus the bytes of words over 15), so a
  // checker that never asks costs nothing. Words longer than kMaxWordBytes
  // are not kept (rare, and a memo of them would hold their bytes).
  static constexpr size_t kDefaultSlots = 1 << 13;
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
    if (slots_.empty()) slots_.resize(mask_ + 1);
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

  std::vector<Slot> slots_;
  size_t mask_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_VERDICT_MEMO_H_
