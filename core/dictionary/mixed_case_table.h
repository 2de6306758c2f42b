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
// hundred words in English (647 of the bundled list's 167,172 words;
// 991 of american-english-huge's 347,317), so a lookup is sure. Some
// Hunspell dictionaries have many more: fr 276,000 ("d'Abbeville",
// "l'Europe"), id_ID 94,000 ("abang-Ku", "rumahNya").
//
// Entries are (lower-case form, written form) pairs, sorted by the bytes
// of "lower TAB written" and distinct, so that a lookup is a binary search
// of the mapped section. Two layouts (little-endian), told apart by the
// second header field:
//
// Plain (layout 0, files written before the front-coded one; still read):
//   count u32, 0 u32, offsets u32[count + 1], then the text. Entry i is
//   text[offsets[i], offsets[i + 1]): its lower-case form, a TAB, its
//   written form, both UTF-8.
//
// Front-coded (layout 1, written now; LevelDB's block format, with the
// written form stored as the capitals it puts into the lower-case form):
//   count u32, 1 u32, blocks u32, 0 u32, starts u32[blocks + 1], then the
//   data. Block b holds entries 16 b .. 16 b + 15 from data[starts[b]] to
//   data[starts[b + 1]]. An entry is
//     varint shared, varint unshared, unshared bytes
//       (its lower-case form: the previous entry's first `shared` bytes,
//       then these; shared is 0 for a block's first entry), then
//     varint c:
//       c = 0: varint length, the written form's bytes (a form that is not
//         the lower-case one with some letters upper-cased: "ǅungla");
//       c > 0: c - 1 varints, the code-point positions of the letters
//         written upper case (UpperLetter, not Turkic), each as the gap
//         after the one before ("abang-Ku": c = 2, 6).
//   An entry costs about 8 bytes instead of 30 in the plain layout
//   (fr's table: 8.3 MB in the plain layout, id_ID's 2.9 MB).
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
inline constexpr size_t kMixedCaseFrontCodedHeaderBytes = 16;
// Entries per block of the front-coded layout.
inline constexpr size_t kMixedCaseBlockEntries = 16;

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
  // Entry i (< size()).
  std::string Lower(size_t i) const;
  std::string Written(size_t i) const;

 private:
  // Reads a front-coded block's entries one after the other.
  class Cursor;
  // Entry i of the plain layout.
  std::string_view Entry(size_t i) const;
  // Entry i of the front-coded layout, into *lower and *written.
  void Decode(size_t i, std::string* lower, std::string* written) const;

  uint32_t count_ = 0;
  bool front_coded_ = false;
  // Plain: count_ + 1 offsets; front-coded: the blocks' starts.
  const std::byte* offsets_ = nullptr;
  uint32_t blocks_ = 0;    // front-coded
  std::string_view text_;  // plain: the text; front-coded: the data
};

// Collects (lower-case form, written form) pairs and writes the section.
class MixedCaseTableBuilder {
 public:
  // Both UTF-8 without TAB or newline; `written` is how the dictionary
  // writes the word, `lower` its lower-case form.
  void Add(std::string_view lower, std::string_view written);
  size_t size() const { return entries_.size(); }
  // The section's bytes, front-coded (sorted, duplicates dropped); empty
  // if no word was added.
  std::string Encode();
  // The same entries in the plain layout (files of earlier versions; for
  // tests of the reader).
  std::string EncodePlain();

 private:
  std::vector<std::string> entries_;  // "lower\twritten"
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_MIXED_CASE_TABLE_H_
