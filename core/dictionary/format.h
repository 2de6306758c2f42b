// The binary dictionary file (".sfd"). docs/dictionary_format.md has the
// grammar; the constants here mirror it. All integers are little-endian;
// the bit array starts on a 64-byte boundary so a memory-mapped file is used
// in place.
//
//   file          := header section_table padding sections
//   header        := magic[8] version:u32 header_bytes:u32 file_bytes:u64
//                    section_count:u32 flags:u32 table_checksum:u64
//                    reserved:u64[2] header_checksum:u64          (64 bytes)
//   section_table := entry{section_count}
//   entry         := type:u32 flags:u32 offset:u64 bytes:u64 checksum:u64
//                                                                 (32 bytes)
//   checksum      := XXH3-64 of the bytes covered (header: bytes 0..55)
//
// Section types: PARAMS (required), LANGUAGE, ALPHABET, BITS (required),
// and, for suggestions, the optional WORD_CLASSES (word_classes.h),
// PREFIXES (prefix_filter.h), SOUND_SKELETONS (skeleton_filter.h) and
// MIXED_CASE (mixed_case_table.h); for
// compounds the optional COMPOUND_PARTS (compound_filter.h); for case the
// optional KEEP_CASE (keep_case_filter.h); for affix-aware dictionaries
// AFFIX_RULES (affix_table.h), required when it holds rules; for Hunspell's
// BREAK the optional WORD_BREAKS (word_breaks.h); for WORDCHARS the
// optional WORD_CHARS (word_chars.h).
// A section whose flags carry kSectionRequired and whose type a reader does
// not know makes the file unreadable for that reader ("needs a newer
// spellfilter"); unknown optional sections are skipped. That is the room for
// later sections (commonness classes, user layers) without breaking old
// files or old readers.
#ifndef SPELLFILTER_CORE_DICTIONARY_FORMAT_H_
#define SPELLFILTER_CORE_DICTIONARY_FORMAT_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/filter/bloom_filter.h"
#include "core/util/status.h"

namespace spellfilter {

inline constexpr char kMagic[8] = {'\x89', 'S', 'F', 'D', '\r', '\n', '\x1a',
                                   '\n'};
inline constexpr uint32_t kFormatVersion = 1;
inline constexpr uint32_t kHeaderBytes = 64;
inline constexpr uint32_t kSectionEntryBytes = 32;
inline constexpr uint32_t kSectionAlignment = 64;
// The BITS section starts at a multiple of 128: a 1024-bit block is then an
// aligned pair of cache lines, the unit the L2 adjacent-line prefetcher
// fetches together. (Readers require only kSectionAlignment.)
inline constexpr uint32_t kBitsAlignment = 128;
inline constexpr uint32_t kMaxSections = 64;

inline constexpr uint32_t kSectionParams = 1;
inline constexpr uint32_t kSectionLanguage = 2;
inline constexpr uint32_t kSectionAlphabet = 3;
inline constexpr uint32_t kSectionBits = 4;
inline constexpr uint32_t kSectionWordClasses = 5;
// The prefix filter whose probes come from state xor key (ProbeScheme::kXor),
// as files written before 2026-11-25 have it; still read. Readers that
// predate kSectionPrefixes skip it, as any unknown optional section: they
// suggest from such files as from files without suggestion data, instead
// of misreading its probes.
inline constexpr uint32_t kSectionPrefixesXor = 6;
inline constexpr uint32_t kSectionCompoundParts = 7;
inline constexpr uint32_t kSectionKeepCase = 8;
inline constexpr uint32_t kSectionSoundSkeletons = 9;
inline constexpr uint32_t kSectionMixedCase = 10;
// The prefix filter `build` writes (ProbeScheme::kSum).
inline constexpr uint32_t kSectionPrefixes = 11;
// English: pairs of sound skeletons and first letters (by-ear search).
inline constexpr uint32_t kSectionSoundPrefixes = 12;
// Affix-aware dictionaries (docs/affix_dictionaries.md): the affix rules and
// input conversions (affix_table.h). Required when it holds affix rules: a
// reader that ignored it would reject every inflected word.
inline constexpr uint32_t kSectionAffixRules = 13;
// Hunspell imports: the .aff's TRY, REP, MAP, KEY and PHONE, for
// suggestions (suggest_rules.h).
inline constexpr uint32_t kSectionSuggestRules = 14;
// Affix-aware dictionaries: a small filter of the stems alone, asked before
// the main filter's stem-and-flag keys (stem_filter.h). Optional: a
// reader that skips it probes the main filter for every candidate stem.
// (15 and 16 are taken by other sections.)
inline constexpr uint32_t kSectionStems = 17;
// Hunspell's BREAK table (word_breaks.h). Optional: a reader that skips it
// checks words with a break pattern whole, as before the section.
inline constexpr uint32_t kSectionWordBreaks = 16;

// Optional: COMPOUNDRULE patterns, CHECKCOMPOUNDREP's REP pairs,
// CHECKCOMPOUNDPATTERN, SIMPLIFIEDTRIPLE, FORCEUCASE (compound_rules.h).
// (14 is the suggester's.)
inline constexpr uint32_t kSectionCompoundRules = 15;
// Optional, expanded dictionaries with compounds: the letters a compound's
// first part may start with and its last part end with (compound_edges.h),
// a pre-test before the split search. A reader that skips it searches
// every word, as before the section.
inline constexpr uint32_t kSectionCompoundEdges = 18;
// Optional, Hunspell imports whose .aff has WORDCHARS: the characters the
// tokenizer keeps inside words for this dictionary (word_chars.h). A
// reader that skips it tokenizes with the default rules, as before the
// section.
inline constexpr uint32_t kSectionWordChars = 19;
// Optional, in place of PREFIXES where that would not fit the size cap:
// the PREFIXES header, then the exact graph of the same prefixes
// (prefix_graph.h), from which the suggester makes the PREFIXES section
// again when it starts (PrefixGraph::RebuildFilter). A reader that skips
// it suggests as from a file without a PREFIXES section.
inline constexpr uint32_t kSectionPrefixGraph = 20;
inline constexpr uint32_t kSectionRequired = 1;

inline constexpr uint32_t kParamsBytes = 56;
inline constexpr size_t kMaxLanguageBytes = 64;

// Everything a dictionary file says, with the bit array as a view into the
// decoded buffer (or, for Encode, into the caller's array).
struct DictionaryContents {
  BloomParams filter;
  uint32_t hash_id = kHashIdXxh3_128;
  uint64_t words_at_build = 0;
  uint64_t capacity = 0;
  double target_fp = 0;
  std::string language;
  std::vector<char32_t> alphabet;  // sorted, unique code points
  std::span<const uint64_t> bits;
  // Optional sections for suggestions, as views like `bits`; empty when the
  // file has none. Decode checks their structure (WordClasses::Parse,
  // PrefixFilter::Parse).
  std::span<const std::byte> word_classes;
  std::span<const std::byte> prefixes;
  // Or the PREFIX_GRAPH section (kSectionPrefixGraph; at most one of the
  // two is written): the PREFIXES header, then the graph.
  std::span<const std::byte> prefix_graph;
  // Optional, English dictionaries: the words' sound skeletons
  // (SkeletonFilter::Parse checks it).
  std::span<const std::byte> sound_skeletons;
  // Optional, English dictionaries: pairs of skeletons and first letters
  // (SoundPrefixFilter::Parse checks it).
  std::span<const std::byte> sound_prefixes;
  // Optional: the words written in mixed case ("JavaScript"), for
  // suggestions (MixedCaseTable::Parse checks it).
  std::span<const std::byte> mixed_case;
  // Optional compound parts (CompoundFilter::Parse checks it); empty when
  // the dictionary accepts no compounds beyond its words.
  std::span<const std::byte> compound_parts;
  // Optional compound rules (CompoundRuleSet::Parse checks it); read only
  // with compound_parts.
  std::span<const std::byte> compound_rules;
  // Optional compound pre-test (CompoundEdges::Parse checks it); read only
  // with compound_parts.
  std::span<const std::byte> compound_edges;
  // Optional words valid only as written (KeepCaseFilter::Parse checks
  // it); empty when every case form of a lower-case word is accepted.
  std::span<const std::byte> keep_case;
  // Optional affix rules and input conversions (AffixTable::Parse checks
  // it); empty for a dictionary of whole words without ICONV.
  std::span<const std::byte> affix_rules;
  // Whether affix_rules holds affix rules (its section is then required).
  bool affix_rules_required = false;
  // Optional, Hunspell imports: the .aff's suggestion rules
  // (SuggestRules::Parse checks it).
  std::span<const std::byte> suggest_rules;
  // Optional, affix-aware dictionaries: the stems (StemFilter::Parse checks
  // it).
  std::span<const std::byte> stems;
  // Optional BREAK patterns (WordBreaks::Parse checks it); has_word_breaks
  // tells an empty table ("BREAK 0") from none.
  std::span<const std::byte> word_breaks;
  bool has_word_breaks = false;
  // Optional WORDCHARS (WordChars::Parse checks it); empty when the file
  // has none.
  std::span<const std::byte> word_chars;
};

// Serialises `contents` into a complete file image.
std::string EncodeDictionary(const DictionaryContents& contents);

// What a reader will use of a file. kCheckOnly skips the suggestion
// sections (word classes, prefixes, sound skeletons, mixed case): they are
// neither checksummed nor parsed, nor returned, so a checker touches only the
// pages it probes (a third of the bundled file) and a damaged suggestion
// section does not stop it.
enum class DictionaryUse { kCheckAndSuggest, kCheckOnly };

// Parses and verifies a file image. `name` prefixes every error message
// ("NAME: truncated ..."). The returned bits view points into `file`, which
// must outlive it and be 8-byte aligned.
StatusOr<DictionaryContents> DecodeDictionary(
    std::span<const std::byte> file, std::string_view name,
    DictionaryUse use = DictionaryUse::kCheckAndSuggest);

// The same when only a prefix of the file is in memory: `file` holds its
// first file.size() bytes of `file_bytes`, at least as many as
// BytesToRead(use, ...) asked for. A section the use needs that lies past
// the prefix is reported as damage (the file changed after the prefix was
// chosen).
StatusOr<DictionaryContents> DecodeDictionaryPrefix(
    std::span<const std::byte> file, uint64_t file_bytes,
    std::string_view name, DictionaryUse use);

// How many leading bytes of a file of `file_bytes` bytes DecodeDictionary
// reads for `use`, judged from `head`, the file's first bytes (at least
// kHeaderBytes + kMaxSections * kSectionEntryBytes of them, or the whole
// file): for kCheckOnly, the end of the last section a checker uses, so
// that the suggestion sections behind it are neither mapped nor counted in
// the process's memory; for kCheckAndSuggest, or when `head` is not a
// well-formed header and table, the whole file (the decoder then says what
// is wrong). Nothing here is trusted: the decoder verifies it all.
uint64_t BytesToRead(DictionaryUse use, std::span<const std::byte> head,
                     uint64_t file_bytes);
inline constexpr size_t kMaxTableEndBytes =
    kHeaderBytes + size_t{kMaxSections} * kSectionEntryBytes;

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_FORMAT_H_
