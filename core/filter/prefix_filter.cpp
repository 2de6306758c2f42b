#include "core/filter/prefix_filter.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <system_error>
#include <thread>

#include "core/util/byte_order.h"
#include "core/filter/false_positive_math.h"
#include "core/filter/prefix_graph.h"
#include "core/text/letter_case.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define SPELLFILTER_HAS_X86_VECTOR_PATHS 1
#endif

namespace spellfilter {

#ifdef SPELLFILTER_HAS_X86_VECTOR_PATHS
namespace {

// GCC 12's intrinsics start from _mm512_undefined_epi32() (`__Y = __Y`),
// which -Wmaybe-uninitialized reports once the probes are unrolled.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
// PrefixFilter::HasAmong's vector paths: the block is one 512-bit
// register (two 256-bit ones for AVX2), so selecting the word a probe falls
// in is a permutation. Each is built for its instruction set whatever the
// compiler's target, and chosen only if the processor has it (UseSimd).
// kSum: x * m_i = parent * m_i + key * m_i (mod 2^32), the prefix's four
// products taken once and the letters' read from LetterKeys::times: sixteen
// letters per step, four 32-bit additions each. The block is then sixteen
// 32-bit words, so a position's top 4 bits pick the word and the next 5 the
// bit: the same bit as in the 64-bit view on a little-endian machine.
__attribute__((target("avx512f"))) uint64_t HasAmongSumAvx512(
    const uint64_t* block, uint64_t parent,
    const PrefixFilter::LetterKeys& keys, size_t first, uint64_t wanted) {
  static_assert(PrefixFilter::kEdgeProbes == 4);
  static_assert(std::endian::native == std::endian::little);
  const uint32_t* multipliers = PrefixFilter::SumMultipliers();
  const __m512i words = _mm512_loadu_si512(block);
  const uint32_t high = static_cast<uint32_t>(parent >> 32);
  __m512i prefix[4];
  for (int i = 0; i < 4; ++i) {
    prefix[i] = _mm512_set1_epi32(static_cast<int>(high * multipliers[i]));
  }
  const __m512i one = _mm512_set1_epi32(1);
  uint64_t out = 0;
  for (int base = 0; base < 64 && (wanted >> base) != 0; base += 16) {
    const __mmask16 lanes = static_cast<__mmask16>(wanted >> base);
    if (lanes == 0) continue;
    __m512i all = one;
    for (int i = 0; i < 4; ++i) {
      // Masked-off lanes are not read.
      const __m512i product = _mm512_add_epi32(
          prefix[i],
          _mm512_maskz_loadu_epi32(lanes, keys.times[i] + first + base));
      const __m512i word =
          _mm512_permutexvar_epi32(_mm512_srli_epi32(product, 28), words);
      all = _mm512_and_si512(
          all, _mm512_rorv_epi32(word, _mm512_srli_epi32(product, 23)));
    }
    const __mmask16 hit = _mm512_test_epi32_mask(all, one) & lanes;
    out |= static_cast<uint64_t>(hit) << base;
  }
  return out;
}

// kXor (older files): x = parent xor key, then four independent multiplies
// (not a chain: a 64-bit vector multiply takes ~15 cycles), eight letters
// per step. A position's top 3 bits pick one of the block's eight 64-bit
// words and the next 6 the bit, found by a rotation (which counts modulo
// 64).
__attribute__((target("avx512f,avx512dq"))) uint64_t HasAmongXorAvx512(
    const uint64_t* block, uint64_t parent,
    const PrefixFilter::LetterKeys& keys, size_t first, uint64_t wanted) {
  const uint64_t* multipliers = PrefixFilter::XorMultipliers();
  const __m512i words = _mm512_loadu_si512(block);
  const __m512i p = _mm512_set1_epi64(static_cast<long long>(parent));
  __m512i m[4];
  for (int i = 0; i < 4; ++i) {
    m[i] = _mm512_set1_epi64(static_cast<long long>(multipliers[i]));
  }
  const __m512i one = _mm512_set1_epi64(1);
  uint64_t out = 0;
  for (int base = 0; base < 64 && (wanted >> base) != 0; base += 8) {
    const __mmask8 lanes = static_cast<__mmask8>(wanted >> base);
    if (lanes == 0) continue;
    const __m512i x = _mm512_xor_si512(
        p, _mm512_maskz_loadu_epi64(lanes, keys.raw + first + base));
    __m512i all = one;
    for (int i = 0; i < 4; ++i) {
      const __m512i product = _mm512_mullo_epi64(x, m[i]);
      const __m512i word =
          _mm512_permutexvar_epi64(_mm512_srli_epi64(product, 61), words);
      all = _mm512_and_si512(
          all, _mm512_rorv_epi64(word, _mm512_srli_epi64(product, 55)));
    }
    const __mmask8 hit = _mm512_test_epi64_mask(all, one) & lanes;
    out |= static_cast<uint64_t>(hit) << base;
  }
  return out;
}

// kSum with AVX2, for the many processors without AVX-512: eight letters
// per step in 256-bit registers. The block's sixteen 32-bit words are two
// registers; a permutation of each picks the word by the position's low 3
// index bits, and the top one (the product's sign bit) chooses between
// them. AVX2 shifts but does not rotate, so the bit is masked to 5 bits.
// keys.times has all 128 entries, so the eight at first + base are read
// whole (the unwanted lanes are dropped from the answer).
__attribute__((target("avx2"))) uint64_t HasAmongSumAvx2(
    const uint64_t* block, uint64_t parent,
    const PrefixFilter::LetterKeys& keys, size_t first, uint64_t wanted) {
  static_assert(PrefixFilter::kEdgeProbes == 4);
  static_assert(std::endian::native == std::endian::little);
  const uint32_t* multipliers = PrefixFilter::SumMultipliers();
  const __m256i low =
      _mm256_loadu_si256(reinterpret_cast<const __m256i*>(block));
  const __m256i high =
      _mm256_loadu_si256(reinterpret_cast<const __m256i*>(block + 4));
  const uint32_t half = static_cast<uint32_t>(parent >> 32);
  __m256i prefix[4];
  for (int i = 0; i < 4; ++i) {
    prefix[i] = _mm256_set1_epi32(static_cast<int>(half * multipliers[i]));
  }
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i low5 = _mm256_set1_epi32(31);
  uint64_t out = 0;
  for (int base = 0; base < 64 && (wanted >> base) != 0; base += 8) {
    const uint32_t lanes = static_cast<uint8_t>(wanted >> base);
    if (lanes == 0) continue;
    __m256i all = one;
    for (int i = 0; i < 4; ++i) {
      const __m256i product = _mm256_add_epi32(
          prefix[i], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(
                         keys.times[i] + first + base)));
      const __m256i index = _mm256_srli_epi32(product, 28);
      const __m256i word = _mm256_castps_si256(_mm256_blendv_ps(
          _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(low, index)),
          _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(high, index)),
          _mm256_castsi256_ps(product)));
      all = _mm256_and_si256(
          all,
          _mm256_srlv_epi32(
              word, _mm256_and_si256(_mm256_srli_epi32(product, 23), low5)));
    }
    const __m256i set = _mm256_cmpeq_epi32(_mm256_and_si256(all, one), one);
    const uint32_t hit =
        static_cast<uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(set))) &
        lanes;
    out |= static_cast<uint64_t>(hit) << base;
  }
  return out;
}

#pragma GCC diagnostic pop

// The widest path the processor has.
PrefixFilter::Simd ProcessorSimd() {
  static const PrefixFilter::Simd have =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq")
          ? PrefixFilter::Simd::kAvx512
      : __builtin_cpu_supports("avx2") ? PrefixFilter::Simd::kAvx2
                                       : PrefixFilter::Simd::kNone;
  return have;
}

// ProcessorSimd capped by SPELLFILTER_SIMD (none, avx2) if set: for
// measuring the paths against each other on one machine.
PrefixFilter::Simd CappedSimd() {
  static const PrefixFilter::Simd level = [] {
    const char* cap = std::getenv("SPELLFILTER_SIMD");
    const std::string_view c(cap != nullptr ? cap : "");
    return std::min(ProcessorSimd(), c == "none"   ? PrefixFilter::Simd::kNone
                                     : c == "avx2" ? PrefixFilter::Simd::kAvx2
                                                   : ProcessorSimd());
  }();
  return level;
}

}  // namespace
#endif

bool PrefixFilter::UseSimd(Simd level) {
  vector_ = nullptr;
  if (level == Simd::kNone) return true;
#ifdef SPELLFILTER_HAS_X86_VECTOR_PATHS
  if (level > ProcessorSimd()) return false;
  if (level == Simd::kAvx512) {
    vector_ =
        scheme_ == ProbeScheme::kSum ? HasAmongSumAvx512 : HasAmongXorAvx512;
  } else if (scheme_ == ProbeScheme::kSum) {
    vector_ = HasAmongSumAvx2;
  }
#endif
  return vector_ != nullptr;
}

uint64_t PrefixFilter::HasAmongScalar(const uint64_t* block, State parent,
                                      const LetterKeys& keys, size_t first,
                                      uint64_t wanted) const {
  uint64_t out = 0;
  for (; wanted != 0; wanted &= wanted - 1) {
    const int j = std::countr_zero(wanted);
    out |= static_cast<uint64_t>(Has(block, parent, keys.raw[first + j])) << j;
  }
  return out;
}

const char* PrefixFilter::Parse(std::span<const std::byte> section,
                                PrefixFilter* out) {
  if (section.size() < kPrefixHeaderBytes) return "prefix filter truncated";
  const std::byte* p = section.data();
  PrefixFilter f;
  f.seed_ = GetFixed<uint64_t>(p);
  const uint64_t bits = GetFixed<uint64_t>(p + 8);
  f.probes_ = GetFixed<uint32_t>(p + 16);
  const uint32_t scheme = GetFixed<uint32_t>(p + kPrefixSchemeOffset);
  f.edges_ = GetFixed<uint64_t>(p + 24);
  f.target_fp_ = GetFixed<double>(p + 32);
  if (bits == 0 || bits % 512 != 0 || f.probes_ != PrefixFilter::kEdgeProbes) {
    return "bad prefix filter parameters";
  }
  if (scheme != static_cast<uint32_t>(ProbeScheme::kXor) &&
      scheme != static_cast<uint32_t>(ProbeScheme::kSum)) {
    return "unsupported prefix filter probe scheme";
  }
  f.scheme_ = static_cast<ProbeScheme>(scheme);
#ifdef SPELLFILTER_HAS_X86_VECTOR_PATHS
  // The widest path the processor has for this scheme (kXor: AVX-512 only).
  for (Simd level = CappedSimd(); level != Simd::kNone && !f.UseSimd(level);) {
    level = static_cast<Simd>(static_cast<int>(level) - 1);
  }
#endif
  if (section.size() - kPrefixHeaderBytes != bits / 8) {
    return "prefix filter size does not match its parameters";
  }
  if (reinterpret_cast<uintptr_t>(p) % alignof(uint64_t)) {
    return "prefix filter is not aligned in memory";
  }
  f.blocks_ = bits / 512;
  f.words_ = reinterpret_cast<const uint64_t*>(p + kPrefixHeaderBytes);
  *out = f;
  return nullptr;
}

namespace {

bool IsContinuation(char b) {
  return (static_cast<uint8_t>(b) & 0xC0) == 0x80;
}

// The code point at s[*i] (valid UTF-8); advances *i past it.
char32_t NextCodePoint(std::string_view s, size_t* i) {
  const uint8_t b = static_cast<uint8_t>(s[*i]);
  if (b < 0x80) {
    ++*i;
    return b;
  }
  const size_t len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
  char32_t c = b & (0x7F >> len);
  for (size_t k = 1; k < len; ++k) {
    c = (c << 6) | (static_cast<uint8_t>(s[*i + k]) & 0x3F);
  }
  *i += len;
  return c;
}

size_t CodePoints(std::string_view s) {
  size_t n = 0;
  for (char b : s) n += !IsContinuation(b);
  return n;
}

// The bytes `word` shares with `previous`, cut back to whole code points.
size_t SharedPrefix(std::string_view previous, std::string_view word) {
  size_t n = CommonPrefix(previous, word);
  while (n > 0 && n < word.size() && IsContinuation(word[n])) --n;
  return n;
}

}  // namespace

void PrefixFilterBuilder::AddWord(std::u32string_view lower_word,
                                  PrefixFilter::Written written) {
  std::string utf8;
  for (char32_t c : lower_word) AppendUtf8(c, &utf8);
  AddWordUtf8(utf8, written);
}

void PrefixFilterBuilder::AddWordUtf8(std::string_view lower_word,
                                      PrefixFilter::Written written) {
  const auto offset = static_cast<uint32_t>(forward_.size());
  const auto length = static_cast<uint32_t>(lower_word.size());
  forward_.append(lower_word);
  forward_words_.push_back(MakeSortedString(forward_, offset, length,
                                            static_cast<uint32_t>(written)));
  sorted_ = false;
}

void PrefixFilterBuilder::Reserve(size_t words, size_t bytes) {
  forward_.reserve(bytes);
  forward_words_.reserve(words);
}

// In a sorted list, a word adds exactly the edges past the code points it
// shares with the word before it, and a new end marker unless it repeats
// that word with the same tag.
void PrefixFilterBuilder::Walk::Build(std::string_view arena,
                                      std::span<const SortedString> words,
                                      bool markers) {
  letters.clear();
  steps.clear();
  steps.reserve(words.size());
  edges = 0;
  std::string_view previous;
  // The sorted words lie at random places of the arena: prefetched a few
  // words ahead.
  constexpr size_t kAhead = 8;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i + kAhead < words.size()) {
      __builtin_prefetch(arena.data() + words[i + kAhead].offset);
    }
    const std::string_view w = Bytes(arena, words[i]);
    const size_t shared = i == 0 ? 0 : SharedPrefix(previous, w);
    const bool repeat = i > 0 && shared == w.size() &&
                        previous.size() == w.size() &&
                        words[i].tag == words[i - 1].tag;
    const std::string_view added = w.substr(shared);
    Step step;
    step.depth = static_cast<uint32_t>(CodePoints(w.substr(0, shared)));
    step.offset = static_cast<uint32_t>(letters.size());
    step.length = static_cast<uint32_t>(added.size());
    step.marker = markers && !repeat ? static_cast<int32_t>(words[i].tag) : -1;
    steps.push_back(step);
    letters.append(added);
    edges += CodePoints(added) + (step.marker >= 0);
    previous = w;
  }
}

void PrefixFilterBuilder::Sort() {
  if (sorted_) return;
  // (Sorting the two lists on two threads gained nothing measurable: the
  // sorts wait on memory, and the dictionary builder's other thread is busy
  // meanwhile.)
  // Each list is released once its walk is built (Encode reads only the
  // walks), and the reversed words are made only then, in the forward
  // words' arena: one arena and one list, with the sort's scratch, are held
  // beside the walks (fr's 3 million words: 85 MB less at the build's peak
  // with the first; uk_UA's 3.4 million, 150 MB with the second). The reversed
  // list's order is that of its sort, whatever order its words are made in.
  SortStrings(forward_, forward_words_);
  forward_walk_.Build(forward_, forward_words_, true);
  // The words' starts in the arena, one bit a byte (an eighth of the
  // arena, against 24 bytes a word for the list): the list is released
  // before the reversed words are made. (An empty word adds no edge to
  // the reversed trie, so words are told apart by their starts alone.)
  const size_t count = forward_words_.size();
  std::vector<uint64_t> starts(forward_.size() / 64 + 1, 0);
  for (const SortedString& entry : forward_words_) {
    starts[entry.offset / 64] |= uint64_t{1} << (entry.offset % 64);
  }
  forward_words_ = HugeVector<SortedString>();
  // Each word reversed code point by code point where it lies: its bytes
  // reversed, then each code point's bytes put back in order (a lead byte
  // now follows its continuation bytes).
  HugeVector<SortedString> reversed_words;
  reversed_words.reserve(count);
  char* p = forward_.data();
  const size_t size = forward_.size();
  for (size_t at = 0; at < size;) {
    size_t end = at + 1;
    while (end < size && !(starts[end / 64] >> (end % 64) & 1)) ++end;
    std::reverse(p + at, p + end);
    for (size_t i = at; i < end;) {
      size_t lead = i;
      while (lead < end && IsContinuation(p[lead])) ++lead;
      if (lead == end) break;  // (valid UTF-8: not reached)
      std::reverse(p + i, p + lead + 1);
      i = lead + 1;
    }
    reversed_words.push_back(
        MakeSortedString(forward_, static_cast<uint32_t>(at),
                         static_cast<uint32_t>(end - at), 0));
    at = end;
  }
  HugeString reversed = std::move(forward_);
  forward_ = HugeString();
  reversed_ = std::move(reversed);
  reversed_words_ = std::move(reversed_words);
  SortStrings(reversed_, reversed_words_);
  reversed_walk_.Build(reversed_, reversed_words_, false);
  reversed_ = HugeString();
  reversed_words_ = HugeVector<SortedString>();
  edges_ = forward_walk_.edges + reversed_walk_.edges;
  sorted_ = true;
}

uint64_t PrefixFilterBuilder::edges() {
  Sort();
  return edges_;
}

void PrefixFilterBuilder::FeedGraph(PrefixGraphBuilder* graph) {
  Sort();
  auto feed = [graph](const Walk& walk) {
    const std::string_view letters = walk.letters;
    for (const Walk::Step& step : walk.steps) {
      graph->AddUtf8(step.depth, letters.substr(step.offset, step.length),
                     step.marker);
    }
  };
  graph->BeginForward();
  feed(forward_walk_);
  graph->BeginReverse();
  feed(reversed_walk_);
}

// Walks from `root` with a stack of the states of the current word's
// prefixes, hashing each edge once; the edges go into their blocks in
// batches (PrefixEdgeWriter).
void PrefixFilterBuilder::Fill(const PrefixFilter& view, const Walk& walk,
                               PrefixFilter::State root) {
  PrefixEdgeWriter edges(view);
  std::vector<PrefixFilter::State> states;  // [d]: after d code points
  states.push_back(root);
  const std::string_view letters = walk.letters;
  for (const Walk::Step& step : walk.steps) {
    states.resize(step.depth + 1);
    const std::string_view added = letters.substr(step.offset, step.length);
    for (size_t at = 0; at < added.size();) {
      const char32_t c = NextCodePoint(added, &at);
      edges.Insert(states.back(), PrefixFilter::LetterKey(c));
      states.push_back(PrefixFilter::Next(states.back(), c));
    }
    if (step.marker >= 0) {
      const auto how = static_cast<PrefixFilter::Written>(step.marker);
      edges.Insert(states.back(),
                   PrefixFilter::LetterKey(PrefixFilter::EndMarker(how)));
    }
  }
}

namespace {

// The fewest 512-bit blocks whose rate for `n` edges at k = 4 meets `fp`
// (the rate falls with the block count).
uint64_t BlocksFor(fpmath::BlockedRateSearch& rates, uint64_t n, double fp) {
  uint64_t hi = 1;
  while (hi < (uint64_t{1} << 40) && rates.Rate(hi, n) > fp) {
    hi *= 2;
  }
  uint64_t lo = hi / 2;  // rate(lo) > fp or lo == 0
  while (lo + 1 < hi) {
    const uint64_t mid = lo + (hi - lo) / 2;
    (rates.Rate(mid, n) > fp ? lo : hi) = mid;
  }
  return hi;
}

}  // namespace

uint64_t PrefixFilterBuilder::Blocks(double fp, uint64_t max_bytes,
                                     double max_fp, double* target) {
  Sort();
  const uint64_t n = edges_;
  fpmath::BlockedRateSearch rates(512, PrefixFilter::kEdgeProbes);
  uint64_t blocks = BlocksFor(rates, n, fp);
  if (max_bytes > 0 && kPrefixHeaderBytes + blocks * 64 > max_bytes) {
    // Sparser, to fit the cap, if max_fp allows that; else as it was.
    const uint64_t fit =
        max_bytes > kPrefixHeaderBytes ? (max_bytes - kPrefixHeaderBytes) / 64
                                       : 0;
    if (fit >= BlocksFor(rates, n, std::max(fp, max_fp))) {
      blocks = fit;
      *target = rates.Rate(blocks, n);
      return blocks;
    }
  }
  *target = fp;
  return blocks;
}

uint64_t PrefixFilterBuilder::EncodedBytes(double fp, uint64_t max_bytes,
                                           double max_fp) {
  double target = 0;
  return kPrefixHeaderBytes + Blocks(fp, max_bytes, max_fp, &target) * 64;
}

std::string PrefixFilterBuilder::EncodeHeader(uint64_t blocks,
                                              double target) const {
  std::string header;
  PutFixed<uint64_t>(&header, seed_);
  PutFixed<uint64_t>(&header, blocks * 512);
  PutFixed<uint32_t>(&header, PrefixFilter::kEdgeProbes);
  PutFixed<uint32_t>(&header, static_cast<uint32_t>(scheme_));
  PutFixed<uint64_t>(&header, edges_);
  PutFixed<double>(&header, target);
  header.resize(kPrefixHeaderBytes, '\0');
  return header;
}

std::string PrefixFilterBuilder::Header(double fp) {
  double target = 0;
  const uint64_t blocks = Blocks(fp, 0, fp, &target);
  return EncodeHeader(blocks, target);
}

std::string PrefixFilterBuilder::Encode(double fp, uint64_t max_bytes,
                                        double max_fp) {
  double target = 0;
  const uint64_t blocks = Blocks(fp, max_bytes, max_fp, &target);
  const int k = PrefixFilter::kEdgeProbes;
  const fpmath::Sizing s{blocks * 512, k, target};
  // The bits are set in place, after the header (8-byte aligned: the
  // string's buffer is, and the header is 64 bytes).
  std::string out;
  out.resize(kPrefixHeaderBytes + s.bits / 8, '\0');
  uint64_t* words = reinterpret_cast<uint64_t*>(out.data() + kPrefixHeaderBytes);
  PrefixFilter view;
  view.blocks_ = s.bits / 512;
  view.probes_ = static_cast<uint32_t>(s.k);
  view.scheme_ = scheme_;
  view.words_ = words;
  // With a second thread, the reversed words' edges go into an array of
  // their own, OR-ed in after (the halves share blocks; a bit set twice is
  // the same bit).
  std::thread second;
  HugeVector<uint64_t> second_words;
  if (threads_ > 1) {
    try {
      second_words.assign(s.bits / 64, 0);
      PrefixFilter second_view = view;
      second_view.words_ = second_words.data();
      second = std::thread([this, second_view] {
        Fill(second_view, reversed_walk_, PrefixFilter::ReverseRoot(seed_));
      });
    } catch (const std::system_error&) {
      // No thread to be had: both halves on this one.
    }
  }
  Fill(view, forward_walk_, PrefixFilter::Root(seed_));
  if (second.joinable()) {
    second.join();
    for (size_t i = 0; i < second_words.size(); ++i) {
      words[i] |= second_words[i];
    }
  } else {
    Fill(view, reversed_walk_, PrefixFilter::ReverseRoot(seed_));
  }
  const std::string header = EncodeHeader(blocks, target);
  out.replace(0, header.size(), header);
  return out;
}

}  // namespace spellfilter
