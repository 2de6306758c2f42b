// A compiled dictionary, opened read-only: the Bloom filter of its words,
// used in place from a memory-mapped file, with the metadata the checker
// and the suggester need (language, alphabet).
#ifndef SPELLFILTER_CORE_DICTIONARY_DICTIONARY_H_
#define SPELLFILTER_CORE_DICTIONARY_DICTIONARY_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dictionary/affix_lookup.h"
#include "core/dictionary/affix_table.h"
#include "core/filter/bloom_filter.h"
#include "core/filter/compound_filter.h"
#include "core/dictionary/format.h"
#include "core/dictionary/verdict_memo.h"
#include "core/util/file_io.h"
#include "core/filter/keep_case_filter.h"
#include "core/filter/stem_filter.h"
#include "core/dictionary/word_breaks.h"
#include "core/dictionary/word_chars.h"
#include "core/util/status.h"

namespace spellfilter {

class Dictionary {
 public:
  // Maps and verifies the file (magic, version, checksums, parameters).
  // With DictionaryUse::kCheckOnly the suggestion sections are left alone
  // (dictionary_format.h) and contents() has none.
  static StatusOr<std::unique_ptr<Dictionary>> Open(
      const std::string& path,
      DictionaryUse use = DictionaryUse::kCheckAndSuggest);
  // The same from a file image in memory (tests, fuzzing); `name` is used in
  // error messages.
  static StatusOr<std::unique_ptr<Dictionary>> FromBytes(
      std::string_view bytes, std::string name,
      DictionaryUse use = DictionaryUse::kCheckAndSuggest);

  // Membership of a normalised word (see word_forms.h); may answer true
  // falsely with the filter's false-positive rate, never false falsely.
  // In an affix-aware dictionary (docs/affix_dictionaries.md) a word not
  // found as such is also looked up through the affix rules, and the
  // input conversions (ICONV, IGNORE) of any dictionary that has them are
  // applied to it; the answer can then be false positive once per probe.
  bool Contains(std::string_view normalized_word) const {
    return filter_.MayContain(normalized_word) ||
           (affixes_ && affixes_->Accepts(normalized_word));
  }
  // The same, keeping the affix rules' answers in `memo` (a Checker's), so
  // a word repeated in the text is analysed once.
  bool Contains(std::string_view normalized_word, VerdictMemo* memo) const {
    return Contains(normalized_word, Hash(normalized_word), memo);
  }
  // The same, given the word's Hash (a caller that has it already: one
  // hash per word serves the filter probe and the memo's slot).
  bool Contains(std::string_view normalized_word, const WordHash& hash,
                VerdictMemo* memo) const {
    if (filter_.MayContain(hash)) return true;
    if (!affixes_) return false;
    if (const std::optional<bool> known =
            memo->Find(serial_, normalized_word, hash.lo)) {
      return *known;
    }
    const bool accepted = affixes_->Accepts(normalized_word);
    memo->Store(serial_, normalized_word, hash.lo, accepted);
    return accepted;
  }
  // The hash of `word` this dictionary's filter is probed with.
  WordHash Hash(std::string_view word) const {
    return HashWord(word, filter_.params().seed);
  }
  // A number no other Dictionary of this process has (never 0): the tag of
  // its answers in a VerdictMemo. Even numbers only, so a caller may tag
  // answers of its own about this dictionary with serial() + 1.
  uint64_t serial() const { return serial_; }
  // The affix rules and input conversions; null for a dictionary of whole
  // words without them.
  const AffixLookup* affixes() const { return affixes_.get(); }
  // The STEMS section of an affix-aware dictionary (empty() without one).
  const StemFilter& stems() const { return stems_; }

  const BloomFilter& filter() const { return filter_; }
  // The COMPOUND_PARTS section; empty() when the file has none.
  const CompoundFilter& compound_parts() const { return compound_parts_; }
  // The KEEP_CASE section; empty() when the file has none.
  const KeepCaseFilter& keep_case() const { return keep_case_; }
  // The WORD_BREAKS section (Hunspell's BREAK); empty() when the file has
  // none or "BREAK 0".
  const WordBreaks& word_breaks() const { return word_breaks_; }
  // Hunspell's WORDCHARS (word_chars.h): the characters the tokenizer keeps
  // inside words for this dictionary; empty for most.
  const WordChars& word_chars() const { return word_chars_; }
  const DictionaryContents& contents() const { return contents_; }
  const std::string& language() const { return contents_.language; }
  const std::string& name() const { return name_; }
  // Bytes of the file held in memory: all of it, or for kCheckOnly the
  // prefix up to the last section a checker reads (FromBytes: the image).
  size_t mapped_bytes() const {
    return owned_.empty() ? mapping_.bytes().size() : owned_.size() * 8;
  }

 private:
  Dictionary();
  // `bytes`: the first bytes of a file of `file_bytes`.
  static StatusOr<std::unique_ptr<Dictionary>> Decode(
      std::unique_ptr<Dictionary> d, std::span<const std::byte> bytes,
      uint64_t file_bytes, DictionaryUse use);

  uint64_t serial_;
  std::string name_;
  MappedFile mapping_;
  std::vector<uint64_t> owned_;  // FromBytes: an aligned copy
  DictionaryContents contents_;
  BloomFilter filter_;
  CompoundFilter compound_parts_;
  CompoundRuleSet compound_rules_;  // attached to compound_parts_
  CompoundEdges compound_edges_;    // attached to compound_parts_, if used
  KeepCaseFilter keep_case_;
  WordBreaks word_breaks_;
  WordChars word_chars_;
  std::unique_ptr<AffixTable> affix_table_;
  StemFilter stems_;
  std::unique_ptr<AffixLookup> affixes_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_DICTIONARY_H_
