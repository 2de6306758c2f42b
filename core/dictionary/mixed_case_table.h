// The MIXED_CASE section of a dictionary: the words it writes in mixed case
// ("JavaScript", "PhD", "McDonald"), each with its lower-case form. The
// suggester builds candidates in lower case and finds out from the prefix
// filter's end markers (prefix_filter.h) how the dictionary writes each:
// lower-case, Capitalised and ALL UPPER forms it can then spell and look
// up, but a mixed-case form cannot be guessed from its letters, and a Bloom
// filter answers only the questions it is asked. This table answers "how
// is `javascript` written?" so that "javascript" gets "JavaScript" rather
// than "java script".
//
// Unlike the other suggestion sections it is exact, not a filter: a few
// hundred words in English (647 of the bundled list's 167,172 words, 11.5 KB;
// 991 of american-english-huge's 347,317), so a lookup is sure.
//
// Layout (little-endian): count u32, reserved u32, offsets u32[count + 1],
// then the text. Entry i is text[offsets[i], offsets[i + 1]): its
// lower-case form, a TAB, its written form, both UTF-8. Entries are sorted
// by their bytes and distinct, so a lookup is a binary search of the
// mapped section.
#ifndef SPELLFILTER_CORE_DICTIONARY_MIXED_CASE_TABLE_H_
#define SPELLFILTER_CORE_DICTIONARY_MIXED_CASE_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace spellfilter {

inline constexpr size_t kMixedCaseHeaderBytes = 8;

class MixedCaseTable {
 public:
  MixedCaseTable() = default;  // empty(): the dictionary has no such section

  // Checks a MIXED_CASE section; on success sets *out to a view of
  // `section`, which must outlive it. Returns nullptr when usable, else a
  // short description of the problem.
  static const char* Parse(std::span<const std::byte> section,
                           MixedCaseTable* out);

  bool empty() const { return count_ == 0; }
  size_t size() const { return count_; }

  // The entries whose lower-case form is `lower`: [first, last).
  std::pair<size_t, size_t> Find(std::string_view lower) const;
  std::string_view Lower(size_t i) const;
  std::string_view Written(size_t i) const;

 private:
  std::string_view Entry(size_t i) const;

  uint32_t count_ = 0;
  const std::byte* offsets_ = nullptr;  // count_ + 1 little-endian u32
  std::string_view text_;
};

// Collects (lower-case form, written form) pairs and writes the section.
class MixedCaseTableBuilder {
 public:
  // Both UTF-8 without TAB or newline; `written` is how the dictionary
  // writes the word, `lower` its lower-case form.
  void Add(std::string_view lower, std::string_view written);
  size_t size() const { return entries_.size(); }
  // The section's bytes (sorted, duplicates dropped); empty if no word
  // was added.
  std::string Encode();

 private:
  std::vector<std::string> entries_;  // "lower\twritten"
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_MIXED_CASE_TABLE_H_
