// The COMPOUND_PARTS section of a dictionary: a Bloom filter of the words
// that may stand inside a compound, each tagged with the position it may
// take (begin, middle, end), and the settings that govern splitting
// (minimum part length, maximum number of parts, boundary checks). The
// Hunspell import fills it (hunspell_compound_parts.h); the checker asks
// CompoundSplitter (compound_splitter.h) when a word is not in the main
// filter.
//
// A part p in role r is the key (r, p): it is hashed like a dictionary word
// (XXH3-128 of the normalised UTF-8, hash.h) with the seed
// RoleSeed(seed, r), so the three roles are three disjoint sets in one
// filter, and probed in the blocked layout of bloom_filter.h.
//
// False positives matter more here than in the main filter: a split search
// makes many probes for one word (compound_splitter.h bounds them), and any
// one of them may lie. The filter is therefore sized for a much smaller
// per-probe rate (kDefaultCompoundFalsePositiveRate); docs/dictionary_format.md
// has the arithmetic.
#ifndef SPELLFILTER_CORE_FILTER_COMPOUND_FILTER_H_
#define SPELLFILTER_CORE_FILTER_COMPOUND_FILTER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>

#include "core/filter/bloom_filter.h"
#include "core/filter/compound_edges.h"
#include "core/filter/compound_rules.h"

namespace spellfilter {

// Per probe. With at most CompoundSplitter::kMaxProbes probes per word the
// per-word false-accept rate stays below kMaxProbes * this (3e-6).
inline constexpr double kDefaultCompoundFalsePositiveRate = 1e-9;
// seed u64, bits u64, probes u32, layout u32, parts u64, target_fp f64,
// min_part u32, max_parts u32, flags u32, reserved u32, reserved u64; then
// the bit array.
inline constexpr size_t kCompoundHeaderBytes = 64;

enum class CompoundRole : uint32_t { kBegin = 0, kMiddle = 1, kEnd = 2 };

struct CompoundSettings {
  uint32_t min_part = 3;   // characters (code points) per part, >= 1
  uint32_t max_parts = 0;  // parts per word; 0: no limit, else >= 2
  bool check_case = false;    // no upper-case letter at a part boundary
  bool check_dup = false;     // the two parts of a 2-part compound differ
  bool check_triple = false;  // no three equal letters across a boundary
};

// Section flag bits.
inline constexpr uint32_t kCompoundCheckCase = 1;
inline constexpr uint32_t kCompoundCheckDup = 2;
inline constexpr uint32_t kCompoundCheckTriple = 4;

class CompoundFilter {
 public:
  CompoundFilter() = default;  // empty(): the dictionary has no such section

  // Checks a COMPOUND_PARTS section; on success sets *out to a view of
  // `section`, which must outlive it and be 8-byte aligned. Returns nullptr
  // when usable, else a short description of the problem.
  static const char* Parse(std::span<const std::byte> section,
                           CompoundFilter* out);

  static uint64_t RoleSeed(uint64_t seed, CompoundRole role) {
    return seed ^ ((static_cast<uint64_t>(role) + 1) * 0x9E3779B97F4A7C15ull);
  }

  bool empty() const { return filter_.words().empty(); }
  // Whether `normalized_part` may take `role`. Never false for a real part.
  bool MayContain(CompoundRole role, std::string_view normalized_part) const {
    return filter_.MayContain(
        HashWord(normalized_part, role_seeds_[static_cast<uint32_t>(role)]));
  }

  // Whether `normalized_part` may be a key of `role`: a position (0-2,
  // CompoundRole) or a flag role of compound_rules.h. Never false for a
  // real key.
  bool MayContainRole(uint32_t role, std::string_view normalized_part) const {
    return filter_.MayContain(HashWord(
        normalized_part,
        RoleSeed(filter_.params().seed, static_cast<CompoundRole>(role))));
  }

  // The dictionary's COMPOUND_RULES section and its word test, which
  // CHECKCOMPOUNDREP asks; set by the dictionary that owns this filter
  // (Attach), which must outlive it. rules() is null without the section;
  // IsWord answers false without a word test.
  using WordTest = bool (*)(const void* context, std::string_view word);
  void Attach(const CompoundRuleSet* rules, WordTest is_word,
              const void* context) {
    rules_ = rules;
    is_word_ = is_word;
    word_context_ = context;
  }
  const CompoundRuleSet* rules() const { return rules_; }
  // The COMPOUND_EDGES pre-test (compound_edges.h), attached by the
  // dictionary that owns this filter and the edges, when its file has the
  // section and no affix rules; null otherwise (no pre-test).
  void AttachEdges(const CompoundEdges* edges) { edges_ = edges; }
  const CompoundEdges* edges() const { return edges_; }
  bool IsWord(std::string_view normalized_word) const {
    return is_word_ != nullptr && is_word_(word_context_, normalized_word);
  }

  const CompoundSettings& settings() const { return settings_; }
  const BloomParams& params() const { return filter_.params(); }
  uint64_t parts() const { return parts_; }
  double target_fp() const { return target_fp_; }

 private:
  BloomFilter filter_;
  uint64_t role_seeds_[3] = {0, 0, 0};
  CompoundSettings settings_;
  uint64_t parts_ = 0;
  double target_fp_ = 0;
  const CompoundRuleSet* rules_ = nullptr;
  const CompoundEdges* edges_ = nullptr;
  WordTest is_word_ = nullptr;
  const void* word_context_ = nullptr;
};

// Collects (role, part) keys and writes a COMPOUND_PARTS section sized for
// them (blocked layout, SizeBlocked at the target rate).
class CompoundFilterBuilder {
 public:
  CompoundFilterBuilder(uint64_t seed, const CompoundSettings& settings)
      : seed_(seed), settings_(settings) {}

  // A normalised part (word_forms.h) in one role (a position, or a flag
  // role of compound_rules.h cast to CompoundRole; at most 255).
  void Add(CompoundRole role, std::string_view normalized_part);
  // Distinct keys so far.
  uint64_t parts() const { return keys_.size(); }

  // The section's bytes; `fp` in (0, 1).
  std::string Encode(double fp) const;
  // The COMPOUND_EDGES section of these keys (compound_edges.h): the
  // letters the begin, end and kAnyRuleFlagRole keys start and end with.
  // Empty when a key is not valid UTF-8 (no pre-test then). Only for a
  // dictionary whose parts are all keys here (not an affix-aware one).
  std::string EncodeEdges() const;

 private:
  uint64_t seed_;
  CompoundSettings settings_;
  std::unordered_set<std::string> keys_;  // role byte + part
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILTER_COMPOUND_FILTER_H_
