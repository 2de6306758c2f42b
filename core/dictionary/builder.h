// Compiles a word list into a dictionary file image.
//
// Input: UTF-8, one word per line; blank lines and lines starting with '#'
// are ignored; an optional TAB-separated second column is the word's
// commonness class, a number where smaller means more common (the SCOWL size
// in dictionaries/en_US.txt), kept in the WORD_CLASSES section for ranking
// suggestions (a word listed twice keeps its smaller class; lists without
// the column are fine); CR before LF and a leading byte-order mark are
// tolerated;
// duplicates (after normalisation) count once. A line with invalid UTF-8,
// white space or a control character inside the word, or a word longer than
// kMaxWordBytes is an error naming the line.
//
// Sizing: the filter is sized for `capacity` words (default: the list plus
// max(10%, 10,000) words of headroom for user words) at the target
// false-positive rate, by the chosen layout's own rate formula
// (false_positive_math.h).
//
// Compound parts (compound_filter.h), when EnableCompounds was called and
// parts were added: the optional COMPOUND_PARTS section, sized for
// `compound_fp` per probe, with a seed derived from the filter's.
//
// Keep-case words (keep_case_filter.h), when EnableKeepCase was called and
// words were added: the optional KEEP_CASE section, sized for
// `keep_case_fp` per probe, with a seed derived from the filter's.
//
// Suggestion data (docs/suggestions.md), unless switched off: the
// PREFIXES section (prefix_filter.h) over the lower-cased words and the
// WORD_CLASSES section (word_classes.h), both with seeds derived from, but
// different from, the filter's seed.
#ifndef SPELLFILTER_CORE_DICTIONARY_BUILDER_H_
#define SPELLFILTER_CORE_DICTIONARY_BUILDER_H_

#include <bitset>
#include <cstdint>
#include <functional>
#include <future>
#include <optional>
#include <span>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/filter/bloom_filter.h"
#include "core/filter/compound_filter.h"
#include "core/util/hash.h"
#include "core/util/huge_pages.h"
#include "core/filter/keep_case_filter.h"
#include "core/filter/stem_filter.h"
#include "core/dictionary/mixed_case_table.h"
#include "core/filter/prefix_filter.h"
#include "core/filter/skeleton_filter.h"
#include "core/filter/sound_prefix_filter.h"
#include "core/util/status.h"
#include "core/util/string_sort.h"
#include "core/dictionary/word_classes.h"
#include "core/text/word_forms.h"

namespace spellfilter {

inline constexpr double kDefaultFalsePositiveRate = 1e-6;
inline constexpr uint64_t kMinHeadroomWords = 10000;
inline constexpr double kHeadroomShare = 0.10;
inline constexpr size_t kMaxWordBytes = 128;
// Up to this many distinct words (BuildOptions::parallel_suggestion_words),
// Finish builds the PREFIXES section on a second thread beside the class
// table (BuildOptions::threads); past it, one after the other, to bound
// the peak memory (builder.cpp, Finish).
inline constexpr uint64_t kParallelSuggestionWords = 1'500'000;

struct BuildOptions {
  double fp = kDefaultFalsePositiveRate;
  std::optional<uint64_t> capacity;
  std::string language = "und";
  Layout layout = Layout::kBlocked;
  // The blocked layout's block size (see bloom_filter.h): 1024 bits cost
  // two cache lines per present word and save 14 % of the filter at 1e-6.
  uint32_t block_bits = kWideBlockBits;
  // Experiments: override the sizing.
  std::optional<uint64_t> bits;
  std::optional<uint32_t> probes;
  uint64_t seed = 0;
  // The PREFIXES, WORD_CLASSES and (English) SOUND_SKELETONS sections used
  // by the suggester.
  bool suggestion_data = true;
  double prefix_fp = kDefaultPrefixFalsePositiveRate;
  // With suggestion data: the largest file wanted, in bytes (0: no cap).
  // When the file would be larger, the PREFIXES section (its largest
  // section in most languages) gets fewer bits, down to
  // kMaxPrefixFalsePositiveRate (prefix_filter.h): its false edges cost
  // suggestions time, never candidates. Every other section is as without
  // the cap, so the file may still exceed it. A Hunspell import sets it
  // (kHunspellSizeFactor, import.h).
  uint64_t max_file_bytes = 0;
  // English dictionaries' SOUND_SKELETONS section (false positives cost
  // the by-ear search time only).
  double skeleton_fp = kDefaultSkeletonFalsePositiveRate;
  // And their SOUND_PREFIXES section (the same: time only), with pairs of
  // up to sound_prefix_depth first letters; depth 0: no section.
  double sound_prefix_fp = kDefaultSoundPrefixFalsePositiveRate;
  uint32_t sound_prefix_depth = kDefaultSoundPrefixDepth;
  uint32_t fingerprint_bits = kDefaultFingerprintBits;
  // The COMPOUND_PARTS section's per-probe false-positive rate.
  double compound_fp = kDefaultCompoundFalsePositiveRate;
  // The KEEP_CASE section's per-probe false-positive rate.
  double keep_case_fp = kDefaultKeepCaseFalsePositiveRate;
  // Threads Finish may use: with 2 or more, the PREFIXES section is built
  // beside the filter and the class table (up to kParallelSuggestionWords
  // words). The file is the same.
  unsigned threads = 2;
  // Past this many distinct words the two are built one after the other
  // (tests set it low; the file is the same).
  uint64_t parallel_suggestion_words = kParallelSuggestionWords;
};

struct BuildSummary {
  uint64_t words = 0;       // distinct words inserted
  uint64_t keys = 0;        // distinct AddKey keys (affix-aware)
  uint64_t duplicates = 0;  // lines repeating an earlier word
  uint64_t capacity = 0;
  BloomParams params;
  double predicted_fp = 0;              // at `words`
  double predicted_fp_at_capacity = 0;  // when full
  uint64_t file_bytes = 0;
  uint64_t classed_words = 0;       // words with a class column
  uint64_t prefix_edges = 0;        // distinct (prefix, letter) pairs
  uint64_t prefix_bytes = 0;        // PREFIXES or PREFIX_GRAPH section
  bool prefix_graph = false;        // PREFIX_GRAPH (prefix_graph.h)
  uint64_t sound_skeletons = 0;     // distinct skeletons (English only)
  uint64_t sound_skeleton_bytes = 0;  // SOUND_SKELETONS section
  uint64_t sound_prefixes = 0;  // distinct (skeleton, first letters) pairs
  uint64_t sound_prefix_bytes = 0;  // SOUND_PREFIXES section
  uint64_t mixed_case_words = 0;      // written in mixed case ("JavaScript")
  // Their ALL UPPER forms ("JAVASCRIPT"), keys of the filter beside the
  // words: filter keys = words + upper_forms.
  uint64_t upper_forms = 0;
  uint64_t mixed_case_bytes = 0;      // MIXED_CASE section
  uint64_t word_classes_bytes = 0;  // WORD_CLASSES section
  uint64_t compound_parts = 0;      // distinct (role, part) keys
  uint64_t compound_bytes = 0;      // COMPOUND_PARTS section
  uint64_t keep_case_words = 0;     // distinct keep-case words
  uint64_t keep_case_bytes = 0;     // KEEP_CASE section
  uint64_t stems = 0;               // distinct AddStem stems
  uint64_t stem_bytes = 0;          // STEMS section
};

class DictionaryBuilder {
 public:
  // Validates the options; check status() before use.
  explicit DictionaryBuilder(const BuildOptions& options);

  const Status& status() const { return status_; }

  // One line of the list, without its line break. `where` names it in
  // errors ("words.txt:12").
  Status AddLine(std::string_view line, std::string_view where);
  // The same, for line `line_number` of `file`: the name "file:N" is only
  // made for an error, not for every line.
  Status AddLine(std::string_view line, std::string_view file,
                 uint64_t line_number);

  // Room for a list of about `bytes` bytes (e.g. the file's size), so the
  // word arrays grow without copies. Optional.
  void Reserve(uint64_t bytes);

  // Makes the dictionary accept compounds of the parts added with
  // AddCompoundPart, under `settings`.
  void EnableCompounds(const CompoundSettings& settings);
  // One compound part (UTF-8) in one role; `where` names it in errors.
  // Invalid UTF-8 is an error; EnableCompounds must have been called.
  Status AddCompoundPart(CompoundRole role, std::string_view part,
                         std::string_view where);
  // The COMPOUND_RULES section (compound_rules.h), written when there are
  // compound parts.
  void SetCompoundRules(std::string section) {
    compound_rules_ = std::move(section);
  }

  // The filter then holds exactly the words added: no ALL UPPER form is
  // derived from a word written in mixed case (by default "PhD" gives the
  // key "PHD" too). For the Hunspell import, whose expander adds the ALL
  // UPPER forms Hunspell accepts (hunspell_expander.h) and no others.
  void TakeUpperFormsAsAdded() { derive_upper_forms_ = false; }

  // Makes the dictionary refuse case-changed forms of the words added with
  // AddKeepCase; `flags` are the section's (kKeepCaseSharpSCapitalised).
  void EnableKeepCase(uint32_t flags);
  // A word (UTF-8) valid only as written; `where` names it in errors.
  // Invalid UTF-8 is an error; EnableKeepCase must have been called. The
  // word itself is added with AddLine, not here.
  Status AddKeepCase(std::string_view word, std::string_view where);

  // A key of the filter that is not a word (an affix-aware dictionary's
  // stem-and-flag keys, affix_table.h): hashed as given, counted in the
  // filter's capacity, left out of the alphabet and the suggestion data.
  void AddKey(std::string_view key);
  // A stem of an affix-aware dictionary, as its keys spell it, for the
  // STEMS section (stem_filter.h).
  void AddStem(std::string_view stem);
  // The characters of `utf8` (a stem that is no word by itself: an
  // ONLYINCOMPOUND part) go into the ALPHABET section, as a word's do, so
  // that the checker's script rule checks words of that script.
  void AddToAlphabet(std::string_view utf8);
  // The AFFIX_RULES section (affix_table.h); `required` when it holds
  // affix rules.
  void SetAffixRules(std::string section, bool required);
  // The SUGGEST_RULES section (suggest_rules.h) of a Hunspell import;
  // empty: none.
  void SetSuggestRules(std::string section) {
    suggest_rules_ = std::move(section);
  }
  // The WORD_BREAKS section (word_breaks.h): Hunspell's BREAK patterns, at
  // most WordBreaks::kMaxPatterns, each non-empty UTF-8 of at most
  // WordBreaks::kMaxPatternBytes (an error otherwise). Kept by DiscardWords.
  Status SetWordBreaks(std::span<const std::string> patterns);
  // The WORD_CHARS section (word_chars.h): Hunspell's WORDCHARS, as
  // WordChars::Normalize keeps them; none when that leaves nothing.
  void SetWordChars(std::u32string_view chars);
  // The per-key false-positive rate the filter is sized for (an
  // affix-aware dictionary's per-probe rate, docs/affix_dictionaries.md).
  void SetFalsePositiveRate(double fp) { options_.fp = fp; }
  // options().max_file_bytes.
  void SetMaxFileBytes(uint64_t bytes) { options_.max_file_bytes = bytes; }
  const BuildOptions& options() const { return options_; }
  // Forgets every word, key, compound part and keep-case word added, as
  // if newly made with options(): for an import that changes its mind
  // (an expansion over its budget is stored affix-aware instead).
  void DiscardWords();
  // Sizes and fills the filter; returns the file image.
  StatusOr<std::string> Finish(BuildSummary* summary);

 private:
  // Names the line in errors, made only when needed.
  struct Where {
    std::string_view name;  // the whole name, or the file's
    uint64_t line_number;   // 0: `name` is the whole name
    std::string str() const;
  };
  Status AddLineAt(std::string_view line, const Where& where);
  // An ASCII word that passed the checks (PlainAsciiWord's *capitals and
  // *letters): its characters into the alphabet, and into mixed_case_ if
  // it is written so.
  void NoteAsciiWord(std::string_view word, bool capitals, bool letters);
  // A code point of a word (from U+0080) into the alphabet.
  void NoteLetter(char32_t c);
  // A checked word in NFC with its class: hashed, or kept for the
  // suggestion sections.
  Status AddWord(std::string_view normalized, uint32_t word_class,
                 const Where& where);
  // Sorts words_ and merges repeated words into their first entry (the
  // smallest class); returns the number of distinct words.
  size_t SortAndMerge();
  // For a check-only build: sorts hashes_ and drops repeats; returns the
  // number of distinct words.
  size_t SortAndMergeHashes();
  // The PREFIXES section of the (sorted, distinct) words, and its edge
  // count. Reads only words_, arena_ and options_.
  // Also gives `skeletons`, when not null, every lower-case word (and
  // `sound_prefixes`, when not null, each with its skeleton), and `mixed`
  // the words whose end marker is "other" (the MIXED_CASE table mirrors
  // the markers the suggester reads).
  // `collected`, when not null, is set once the words have been read:
  // `skeletons` and `sound_prefixes` are then complete. With
  // `release_words`, words_ and arena_ are then released (Finish's last
  // reader of them; nothing may read them after). `*mixed_section`
  // receives the MIXED_CASE section. `room`, when set, is called once the
  // words are read and must return the bytes left for the PREFIXES and
  // MIXED_CASE sections together (UINT64_MAX: no cap; options_'s
  // max_file_bytes). Where the PREFIXES section does not fit that room
  // even as sparse as kMaxPrefixFalsePositiveRate allows, the section
  // returned is a PREFIX_GRAPH instead (*as_graph set; prefix_graph.h),
  // if that is smaller: the exact graph of the same prefixes, from which
  // the suggester makes the PREFIXES section again when it starts.
  std::string EncodePrefixes(uint64_t seed, uint64_t* edges, bool* as_graph,
                             SkeletonFilterBuilder* skeletons,
                             SoundPrefixFilterBuilder* sound_prefixes,
                             MixedCaseTableBuilder* mixed,
                             std::string* mixed_section,
                             std::promise<void>* collected,
                             const std::function<uint64_t()>& room,
                             bool release_words);
  // The ALL UPPER forms of the words written in mixed case, sorted and
  // distinct, but not of keep-case words (their case is fixed).
  std::vector<std::string> UpperFormsOfMixedCase() const;
  // The capacity the filter is sized for when it holds n keys: n plus the
  // user words' headroom, or options_.capacity.
  uint64_t CapacityFor(uint64_t n) const;
  // The filter's layout, size and probe count for `capacity` keys (or the
  // experiments' overrides). Reads only options_.
  BloomParams FilterParams(uint64_t capacity) const;

  BuildOptions options_;
  Status status_;
  WordForms forms_;
  std::string normalized_;
  std::u32string decoded_;
  // The normalised words, back to back, one entry per line (repeats
  // included until Finish sorts them; tag: the class or 0).
  HugeString arena_;
  HugeVector<SortedString> words_;
  // A check-only build keeps only the words' hashes (HashWord with the
  // filter's seed): the filter needs nothing else, and sorting 16-byte
  // hashes costs a fraction of sorting the words. Two words with the same
  // 128-bit hash would count as one (with probability ~n^2 / 2^129); the
  // filter's bits are the same either way.
  HugeVector<WordHash> hashes_;
  uint64_t hashed_bytes_ = 0;  // the normalised words' bytes, hashed
  uint8_t ascii_seen_[128] = {};  // code points 0..127 met in a word
  bool letters_seen_ = false;     // ... among them a-z, A-Z and '\''
  std::set<char32_t> alphabet_;          // the others
  // The code points below U+10000 already in alphabet_: a word of Cyrillic
  // or Greek letters looked each up in the set (4 % of uk_UA's build).
  std::bitset<0x10000> bmp_seen_;
  uint64_t duplicates_ = 0;
  // When words_ (or hashes_) reaches this many entries, the repeats are
  // merged (SortAndMerge) before more are added, so memory follows the
  // distinct words, not the lines: a list of 10 million lines of ten words
  // took 517 MB. Then the next merge waits until the entries double, so a
  // list of distinct words pays at most one more sort of all of them.
  size_t merge_at_ = kFirstMergeEntries;
  static constexpr size_t kFirstMergeEntries = size_t{1} << 20;  // 1 Mi
  // The words written in mixed case ("PhD"), normalised, as listed: their
  // ALL UPPER forms are keys of the filter too (UpperFormsOfMixedCase).
  std::vector<std::string> mixed_case_;
  bool derive_upper_forms_ = true;
  std::optional<CompoundFilterBuilder> compounds_;
  std::string compound_rules_;
  std::optional<KeepCaseFilterBuilder> keep_case_;
  std::optional<StemFilterBuilder> stems_;
  // AddKey's keys, hashed with the filter's seed.
  HugeVector<WordHash> keys_;
  std::string affix_rules_;
  bool affix_rules_required_ = false;
  std::string suggest_rules_;
  std::string word_breaks_;
  bool has_word_breaks_ = false;
  std::string word_chars_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_BUILDER_H_
