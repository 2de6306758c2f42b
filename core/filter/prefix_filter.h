// Which letters can follow a prefix of some dictionary word, and which can
// precede a suffix: a Bloom filter of the edges (prefix, next letter) of the
// trie of the lower-cased words and of the trie of the reversed words,
// blocked by the prefix, so that one 64-byte cache line answers for every
// letter after a given prefix. The suggester builds candidate corrections
// letter by letter and abandons a branch as soon as no word continues it,
// and it places a candidate's last edit only where the letters after it can
// end a word; without this, distance-2 edits of an 8-letter word mean ~10^5
// dictionary probes (docs/suggestions.md).
//
// The two tries start from different roots (Root and ReverseRoot), so their
// edges are distinct items of the one filter. Each word also adds an edge
// from its lower-case form to an end marker saying how the dictionary
// writes it (EndMarker: as is, Capitalised, ALL UPPER, other), so the
// suggester knows which case forms to look up, and is spared the filter
// probes for prefixes that are no word.
//
// A prefix is identified by a rolling 64-bit hash of its lower-case code
// points: Root(seed), then Next(state, c) per letter, Next = SplitMix64's
// finaliser of state + (c + 1) * golden ratio (a bijection of the sum, so
// the children of one prefix never collide). The edge (P, c) is stored in
// block Range(state(P), blocks) (multiply-shift), at k positions taken
// from the top 9 bits of x * m_i mod 2^32, with x = (the state's high 32
// bits + the key's low 32 bits) mod 2^32 and m_i 32-bit odd constants
// (ProbeScheme::kSum): testing all the letters after a prefix costs one
// cache line and no hashing. Since x * m_i = state * m_i + key * m_i, a
// prefix's four products are taken once and each letter's are kept in a
// table (LetterKeys): a letter's test is four 32-bit additions, sixteen
// letters to a 512-bit register. The scheme before (kXor, still read)
// took the top 9 bits of (state xor key) * m * phi^i mod 2^64: four 64-bit
// multiplies per letter, eight letters to a register.
// k is 4, not the rate-optimal ~7: at ~10 bits per edge the rate is nearly
// the same (1.2 % against 1.0 % in the classic approximation) and each test
// reads fewer bits.
//
// False positives only cost time (a branch explored in vain), never a false
// suggestion: candidates are confirmed by the dictionary's filter and the
// class table's fingerprints. Because a prefix's edges share its block, the
// block loads vary more than for independent items and the real rate is a
// little above the sizing's prediction (1.2 % measured for a 1 % target in
// tests/filter/prefix_filter_test.cpp).
#ifndef SPELLFILTER_CORE_FILTER_PREFIX_FILTER_H_
#define SPELLFILTER_CORE_FILTER_PREFIX_FILTER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/huge_pages.h"
#include "core/util/string_sort.h"

namespace spellfilter {

class PrefixGraphBuilder;
class PrefixGraph;

inline constexpr double kDefaultPrefixFalsePositiveRate = 0.01;
// The sparsest a size cap (PrefixFilterBuilder::Encode's max_bytes) may make
// the section. A false edge costs the suggester's walk time, not a false
// candidate (candidates are confirmed by the dictionary's filter), but the
// walk has a work budget, and when false branches use it up the later
// searches (chunks, splits) are skipped: at 5 %, 11 of 300 French and 12 of
// 300 Swedish misspellings lost their last, shortest candidates; at up to
// 2.8 % (ro_RO) none of 1,300 changed in the four languages that need it;
// at 3 %, 13 of 1,000 French and 14 of 1,000 Swedish did, which is why a
// cap out of reach is not pursued at all (PrefixFilterBuilder::Encode;
// docs/languages.md, "Conversion limits, fifth session").
inline constexpr double kMaxPrefixFalsePositiveRate = 0.03;
// seed u64, bits u64, probes u32, scheme u32, edges u64, target_fp f64,
// reserved u64[3]; then the bit array (a multiple of 512 bits).
inline constexpr size_t kPrefixHeaderBytes = 64;
inline constexpr size_t kPrefixSchemeOffset = 20;  // of the scheme field

// How an edge's probe positions are derived from its prefix's state and its
// letter's key (above): kXor in files written before kSum existed (their
// section has the scheme field 0), kSum since. Both hash equally well (state
// and key are each a SplitMix64 output, so the 32-bit sum is as uniform as
// the 64-bit xor, and 9 bits are taken of either); kSum lets the products
// be split between prefix and letter, in lanes half as wide.
enum class ProbeScheme : uint32_t { kXor = 0, kSum = 1 };

class PrefixFilter {
 public:
  using State = uint64_t;

  static State Root(uint64_t seed) { return Mix(seed ^ 0x5EED5EED5EED5EEDull); }
  static State ReverseRoot(uint64_t seed) {
    return Mix(seed ^ 0xDEE5DEE5DEE5DEE5ull);
  }
  static State Next(State s, char32_t c) {
    return Mix(s + (uint64_t{c} + 1) * kGolden);
  }

  // How the dictionary writes a word relative to its lower-case form.
  enum class Written : uint32_t { kLower, kCapitalised, kAllUpper, kOther };
  // The pseudo-letter after a word's last letter (beyond Unicode).
  static char32_t EndMarker(Written w) {
    return static_cast<char32_t>(0x110000 + static_cast<uint32_t>(w));
  }

  // The key of a letter (or end marker) in edge tests.
  static uint64_t LetterKey(char32_t c) {
    return Mix((uint64_t{c} + 1) * 0xD6E8FEB86659FD93ull);
  }

  // SplitMix64's finaliser, the states' and keys' mixing (also the
  // SOUND_PREFIXES section's, sound_prefix_filter.h).
  static uint64_t Mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Probes per edge; a section with another k is refused (a later version
  // would add another section type).
  static constexpr uint32_t kEdgeProbes = 4;

  // The keys of an alphabet of up to kMaxKeys letters (index j: the
  // suggester's letter j; unset entries are 0), as the edge tests of both
  // schemes need them: the key, and (kSum) its low half's products with
  // the probe multipliers.
  static constexpr size_t kMaxKeys = 128;
  struct LetterKeys {
    void Set(size_t j, char32_t c) {
      const uint64_t key = LetterKey(c);
      raw[j] = key;
      for (uint32_t i = 0; i < kEdgeProbes; ++i) {
        times[i][j] = static_cast<uint32_t>(key) * kSumMultipliers[i];
      }
    }
    alignas(64) uint64_t raw[kMaxKeys] = {};
    alignas(64) uint32_t times[kEdgeProbes][kMaxKeys] = {};
  };

  PrefixFilter() = default;  // empty(): the dictionary has no such section

  // Checks a PREFIXES section; on success sets *out to a view of `section`,
  // which must outlive it and be 8-byte aligned. Returns nullptr when
  // usable, else a short description of the problem.
  static const char* Parse(std::span<const std::byte> section,
                           PrefixFilter* out);

  bool empty() const { return words_ == nullptr; }
  State root() const { return Root(seed_); }
  State reverse_root() const { return ReverseRoot(seed_); }

  // The block of a prefix's edges, and the test of one edge in it: whether
  // some word continues the prefix `parent` with the letter whose key is
  // `key`. Never false for a real edge.
  const uint64_t* Block(State parent) const {
    const uint64_t block = static_cast<uint64_t>(
        (static_cast<unsigned __int128>(parent) * blocks_) >> 64);
    return words_ + block * 8;
  }
  // Branch-free: about half of the tests fail at a random probe, which an
  // early exit would pay for in mispredicted branches.
  bool Has(const uint64_t* block, State parent, uint64_t key) const {
    uint32_t bits[kEdgeProbes];
    ProbeBits(parent, key, bits);
    uint64_t all = 1;
#pragma GCC unroll 4  // k is fixed; -O2 would keep the loop
    for (uint32_t i = 0; i < kEdgeProbes; ++i) {
      all &= block[bits[i] >> 6] >> (bits[i] & 63);
    }
    return all & 1;
  }
  // The positions in its block of the edge (parent, letter with this key),
  // by this filter's scheme. Each probe has its own constant rather than a
  // chain of multiplies, so the probes do not wait for each other.
  void ProbeBits(State parent, uint64_t key, uint32_t* bits) const {
    if (scheme_ == ProbeScheme::kSum) {
      const uint32_t x =
          static_cast<uint32_t>(parent >> 32) + static_cast<uint32_t>(key);
      for (uint32_t i = 0; i < kEdgeProbes; ++i) {
        bits[i] = (x * kSumMultipliers[i]) >> 23;
      }
    } else {
      const uint64_t x = parent ^ key;
      for (uint32_t i = 0; i < kEdgeProbes; ++i) {
        bits[i] = static_cast<uint32_t>((x * kXorMultipliers[i]) >> 55);
      }
    }
  }
  // The probe multipliers: kXor's m * phi^i, and kSum's, their low halves
  // (odd, as m and phi are).
  static const uint64_t* XorMultipliers() { return kXorMultipliers; }
  static const uint32_t* SumMultipliers() { return kSumMultipliers; }
  // Has for several letters after one prefix at once: bit j of the result
  // is Has(block, parent, keys.raw[first + j]) for each bit j set in
  // `wanted` (first: 0 or 64). Uses AVX-512 where the processor has it
  // (the block is one 512-bit register; sixteen letters per step, eight
  // for kXor), else Has letter by letter; both give the same answer
  // (prefix_filter_test.cpp).
  uint64_t HasAmong(const uint64_t* block, State parent, const LetterKeys& keys,
                    size_t first, uint64_t wanted) const {
    // One letter is cheaper alone.
    if (vector_ != nullptr && (wanted & (wanted - 1)) != 0) {
      return vector_(block, parent, keys, first, wanted);
    }
    return HasAmongScalar(block, parent, keys, first, wanted);
  }
  bool MayContinue(State parent, char32_t c) const {
    return Has(Block(parent), parent, LetterKey(c));
  }

  // The vector paths of HasAmong, narrowest first. Parse picks the widest
  // the processor has for the section's scheme (kXor: AVX-512 only);
  // SPELLFILTER_SIMD=none|avx2 caps it, to measure the paths on one
  // machine. UseSimd(level) picks one for tests and says whether it could
  // (kNone, letter by letter, always can).
  enum class Simd { kNone = 0, kAvx2 = 1, kAvx512 = 2 };
  bool UseSimd(Simd level);

  // HasAmong without the vector path; for tests and measurements.
  uint64_t HasAmongScalar(const uint64_t* block, State parent,
                          const LetterKeys& keys, size_t first,
                          uint64_t wanted) const;

  uint64_t seed() const { return seed_; }
  uint64_t bits() const { return blocks_ * 512; }
  uint32_t probes() const { return probes_; }
  uint64_t edges() const { return edges_; }
  double target_fp() const { return target_fp_; }
  ProbeScheme scheme() const { return scheme_; }

 private:
  friend class PrefixFilterBuilder;
  static constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;
  static constexpr uint64_t kEdgeMultiplier = 0xBF58476D1CE4E5B9ull;
  static constexpr uint64_t kXorMultipliers[kEdgeProbes] = {
      kEdgeMultiplier, kEdgeMultiplier * kGolden,
      kEdgeMultiplier * kGolden * kGolden,
      kEdgeMultiplier * kGolden * kGolden * kGolden};
  static constexpr uint32_t kSumMultipliers[kEdgeProbes] = {
      static_cast<uint32_t>(kXorMultipliers[0]),
      static_cast<uint32_t>(kXorMultipliers[1]),
      static_cast<uint32_t>(kXorMultipliers[2]),
      static_cast<uint32_t>(kXorMultipliers[3])};

  uint64_t seed_ = 0;
  uint64_t blocks_ = 0;
  uint32_t probes_ = 0;
  uint64_t edges_ = 0;
  double target_fp_ = 0;
  ProbeScheme scheme_ = ProbeScheme::kSum;
  const uint64_t* words_ = nullptr;
  // HasAmong's vector path for this scheme, if the processor has one
  // (chosen once, by Parse).
  using VectorPath = uint64_t (*)(const uint64_t* block, State parent,
                                  const LetterKeys& keys, size_t first,
                                  uint64_t wanted);
  VectorPath vector_ = nullptr;
};

// Sets edges into a PrefixFilter's blocks (the view of a section being
// written) in batches: the blocks are random cache lines of a filter
// larger than the L2 cache, so each is prefetched when its edge is queued
// and written when the batch is full, by which time the line has usually
// arrived (the bits are OR-ed, so the order does not matter). Flush, or
// the destructor, writes what is queued. For the builders.
class PrefixEdgeWriter {
 public:
  explicit PrefixEdgeWriter(const PrefixFilter& view) : view_(view) {}
  ~PrefixEdgeWriter() { Flush(); }
  PrefixEdgeWriter(const PrefixEdgeWriter&) = delete;
  PrefixEdgeWriter& operator=(const PrefixEdgeWriter&) = delete;

  void Insert(PrefixFilter::State parent, uint64_t key) {
    uint64_t* block = const_cast<uint64_t*>(view_.Block(parent));
    __builtin_prefetch(block, 1);
    Pending& p = pending_[queued_++];
    p.block = block;
    view_.ProbeBits(parent, key, p.bits);
    if (queued_ == kBatch) Flush();
  }
  void Flush() {
    for (size_t j = 0; j < queued_; ++j) {
      for (const uint32_t bit : pending_[j].bits) {
        pending_[j].block[bit >> 6] |= uint64_t{1} << (bit & 63);
      }
    }
    queued_ = 0;
  }

 private:
  static constexpr size_t kBatch = 32;
  struct Pending {
    uint64_t* block;
    uint32_t bits[PrefixFilter::kEdgeProbes];  // PrefixFilter::ProbeBits
  };
  const PrefixFilter& view_;
  Pending pending_[kBatch];
  size_t queued_ = 0;
};

// Collects the edges of lower-cased words and writes a PREFIXES section
// sized for them (blocked layout, SizeBlocked at the target rate).
//
// The section's size depends on the number of distinct edges, which is the
// number of nodes of the two tries. The builder keeps the words (UTF-8, and
// reversed code point by code point) and sorts each list once: in a sorted
// list, a word adds exactly the edges past its longest common prefix with
// the word before it, so counting needs no hashing, and filling hashes each
// distinct edge once. (Edges are told apart by their letters, not by their
// 64-bit states: only if two different prefixes had the same state would the
// count exceed the number of distinct (state, key) pairs, with probability
// about (edges / 2^32)^2 / 2; the filter's bits are the same either way.)
class PrefixFilterBuilder {
 public:
  explicit PrefixFilterBuilder(uint64_t seed) : seed_(seed) {}

  // What Encode writes: kSum; kXor only to test that older files still
  // read.
  void set_scheme(ProbeScheme scheme) { scheme_ = scheme; }

  // With 2 or more, Encode sets the bits of the reversed words' edges on a
  // second thread while this one sets the forward words' (the same bytes:
  // the two halves' bits are OR-ed). The default is one thread.
  void set_threads(unsigned threads) { threads_ = threads; }

  // One word, as lower-case code points (letter_case.h), and how the
  // dictionary writes it: its prefixes, its end marker, and the prefixes of
  // its reversal.
  void AddWord(std::u32string_view lower_word, PrefixFilter::Written written);
  // The same for a word already in UTF-8, which must be valid.
  void AddWordUtf8(std::string_view lower_word, PrefixFilter::Written written);

  // Room for about `words` words of `bytes` UTF-8 bytes in all.
  void Reserve(size_t words, size_t bytes);

  // The section's bytes; `fp` in (0, 1). No word may be added after
  // Encode or edges(), which release the words once they are walked.
  // With max_bytes > 0, a section that would be larger than max_bytes at
  // `fp` gets fewer blocks: the most that fit in max_bytes, if those still
  // meet `max_fp` (>= fp); if not, the cap is out of reach and the section
  // is as without it (thinning it would cost suggestions time, and through
  // the suggester's work budget candidates, for nothing). The header's
  // target is the rate the chosen size gives.
  std::string Encode(double fp, uint64_t max_bytes = 0,
                     double max_fp = kMaxPrefixFalsePositiveRate);
  // The bytes Encode(fp, max_bytes, max_fp) would return, without filling
  // anything.
  uint64_t EncodedBytes(double fp, uint64_t max_bytes = 0,
                        double max_fp = kMaxPrefixFalsePositiveRate);
  // The first kPrefixHeaderBytes of what Encode(fp) would return (no cap):
  // what a PREFIX_GRAPH section keeps, to make the section again
  // (PrefixGraph::RebuildFilter).
  std::string Header(double fp);

  uint64_t edges();

  // Feeds the same two sorted lists, forward (with the end markers) then
  // reversed, to an exact automaton (prefix_graph.h). Call before Encode.
  void FeedGraph(PrefixGraphBuilder* graph);

 private:
  // A sorted list as the trie walk needs it, read sequentially: per word,
  // the depth (code points) it shares with the word before and the bytes it
  // adds.
  struct Walk {
    struct Step {
      uint32_t depth;
      uint32_t offset;  // of the added bytes in `letters`
      uint32_t length;
      int32_t marker;  // the Written of a new end-marker edge, or -1
    };
    void Build(std::string_view arena, std::span<const SortedString> words,
               bool markers);
    std::string letters;
    HugeVector<Step> steps;
    uint64_t edges = 0;  // letters' code points plus markers
  };

  void Sort();
  // The blocks Encode(fp, max_bytes, max_fp) fills, and the rate they give.
  uint64_t Blocks(double fp, uint64_t max_bytes, double max_fp, double* target);
  std::string EncodeHeader(uint64_t blocks, double target) const;
  // Sets the bits of each edge of `walk`, starting from `root`, in the
  // filter whose words `view` points to.
  static void Fill(const PrefixFilter& view, const Walk& walk,
                   PrefixFilter::State root);

  uint64_t seed_;
  ProbeScheme scheme_ = ProbeScheme::kSum;
  unsigned threads_ = 1;
  HugeString forward_;   // the words back to back
  // Each word reversed, made from the sorted forward words by Sort.
  HugeString reversed_;
  // Tag: the Written of the word.
  HugeVector<SortedString> forward_words_;
  HugeVector<SortedString> reversed_words_;
  bool sorted_ = true;
  Walk forward_walk_;
  Walk reversed_walk_;
  uint64_t edges_ = 0;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILTER_PREFIX_FILTER_H_
