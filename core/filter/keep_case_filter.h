// The KEEP_CASE section of a dictionary: a Bloom filter of the words that
// are correct only as written (Hunspell's KEEPCASE: "kg", "bit", "pH").
// The checker's case rules (word_forms.h) accept a lower-case word in every
// case form; with this section a word found only through a case-changed
// form ("KG" -> "kg", "Kg" -> "kg") is refused when that form is here, as
// Hunspell refuses it. The Hunspell import fills it with the forms of
// KEEPCASE entries that no other entry yields (hunspell_expander.h).
//
// Only the slow path asks: a word found as written never gets here, and
// one found through a case-changed form probes it once per such form found.
// A false positive here refuses a correct word, so the filter is sized for
// kDefaultKeepCaseFalsePositiveRate per probe; docs/dictionary_format.md
// has the arithmetic. Files without the section behave as before.
//
// Keys are normalised words (word_forms.h), hashed like dictionary words
// (XXH3-128, hash.h) with the section's own seed, in the blocked layout.
#ifndef SPELLFILTER_CORE_FILTER_KEEP_CASE_FILTER_H_
#define SPELLFILTER_CORE_FILTER_KEEP_CASE_FILTER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>

#include "core/filter/bloom_filter.h"

namespace spellfilter {

class WordForms;

// Per probe; a correct word is wrongly refused at most at this rate.
inline constexpr double kDefaultKeepCaseFalsePositiveRate = 1e-9;
// seed u64, bits u64, probes u32, layout u32, words u64, target_fp f64,
// flags u32, reserved u32, reserved u64[2]; then the bit array.
inline constexpr size_t kKeepCaseHeaderBytes = 64;
// Section flag: Hunspell's CHECKSHARPS, under which a KEEPCASE word with ß
// is also correct Capitalised ("Müßig" for "müßig").
inline constexpr uint32_t kKeepCaseSharpSCapitalised = 1;

class KeepCaseFilter {
 public:
  KeepCaseFilter() = default;  // empty(): the dictionary has no such section

  // Checks a KEEP_CASE section; on success sets *out to a view of
  // `section`, which must outlive it and be 8-byte aligned. Returns nullptr
  // when usable, else a short description of the problem.
  static const char* Parse(std::span<const std::byte> section,
                           KeepCaseFilter* out);

  bool empty() const { return filter_.words().empty(); }
  // Whether `normalized_word` may be valid only as written. Never false
  // for such a word.
  bool MayContain(std::string_view normalized_word) const {
    return filter_.MayContain(normalized_word);
  }

  // Whether the dictionary refuses the word whose lookup forms
  // (`word_forms`' last LookupForms result) are `forms` through forms[i],
  // which is in the dictionary: i is a case-changed form of a keep-case
  // word. Hunspell's exceptions hold: the ß forms made from "SS" are not
  // refused (STRASSE for a KEEPCASE "straße"), nor, with
  // kKeepCaseSharpSCapitalised, a Capitalised word through a lower-case
  // form with ß.
  bool Refuses(const WordForms& word_forms, std::span<const std::string> forms,
               size_t i) const;

  bool sharp_s_capitalised() const { return sharp_s_capitalised_; }
  const BloomParams& params() const { return filter_.params(); }
  uint64_t words() const { return words_; }
  double target_fp() const { return target_fp_; }

 private:
  BloomFilter filter_;
  bool sharp_s_capitalised_ = false;
  uint64_t words_ = 0;
  double target_fp_ = 0;
};

// Collects the keep-case words and writes a KEEP_CASE section sized for
// them (blocked layout, SizeBlocked at the target rate).
class KeepCaseFilterBuilder {
 public:
  KeepCaseFilterBuilder(uint64_t seed, uint32_t flags)
      : seed_(seed), flags_(flags) {}

  void Add(std::string_view normalized_word) {
    words_.emplace(normalized_word);
  }
  uint64_t words() const { return words_.size(); }
  bool Contains(const std::string& normalized_word) const {
    return words_.count(normalized_word) != 0;
  }

  // The section's bytes; `fp` in (0, 1).
  std::string Encode(double fp) const;

 private:
  uint64_t seed_;
  uint32_t flags_;
  std::unordered_set<std::string> words_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILTER_KEEP_CASE_FILTER_H_
