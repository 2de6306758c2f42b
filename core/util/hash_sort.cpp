#include "core/util/hash_sort.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "core/util/huge_pages.h"

namespace spellfilter {
namespace {

// Sorts hashes by (lo, hi), which are uniform: distributed by the top byte
// of lo into a second array (one sequential read, 256 streams of writes:
// distributing in place instead, each hash swapped into the next free slot
// of its run, made a chain of dependent cache misses that took 70 % of the
// sort), then each run back by the next b bits, in the caches, with b such
// that there are at least as many values as hashes in the run; what is
// left out of order is a few pairs per run, put right by one insertion pass
// over the run. (With 8 bits for the second step, ~5 hashes shared each
// value, and sorting those by insertion mispredicted a branch per hash:
// 45 % of the sort.)
void SortHashes(std::span<WordHash> hashes) {
  auto less = [](const WordHash& a, const WordHash& b) {
    return a.lo != b.lo ? a.lo < b.lo : a.hi < b.hi;
  };
  if (hashes.size() < (size_t{1} << 12)) {  // too few to distribute
    std::sort(hashes.begin(), hashes.end(), less);
    return;
  }
  // Bits of the second step for a run: at least as many values as hashes.
  auto RunBits = [](uint32_t size) {
    constexpr int kMaxRunBits = 16;
    return std::clamp(static_cast<int>(std::bit_width(size)), 1, kMaxRunBits);
  };
  constexpr uint64_t kMaxMovesPerHash = 8;
  uint32_t top_end[256] = {};
  for (const WordHash& h : hashes) ++top_end[h.lo >> 56];
  for (int d = 1; d < 256; ++d) top_end[d] += top_end[d - 1];
  // Left uninitialised: every slot is written before it is read, and
  // zeroing 16 bytes a hash first would double the writes.
  HugeBytes by_top_bytes(hashes.size() * sizeof(WordHash));
  WordHash* by_top = reinterpret_cast<WordHash*>(by_top_bytes.data());
  {
    uint32_t at[256];
    at[0] = 0;
    std::copy_n(top_end, 255, at + 1);
    for (const WordHash& h : hashes) by_top[at[h.lo >> 56]++] = h;
  }
  // Value counts for the longest run (RunBits of each run is at most it).
  uint32_t longest = top_end[0];
  for (int d = 1; d < 256; ++d) {
    longest = std::max(longest, top_end[d] - top_end[d - 1]);
  }
  std::vector<uint32_t> at(size_t{1} << RunBits(longest));
  uint32_t begin = 0;
  for (int d = 0; d < 256; ++d) {
    const WordHash* from = by_top + begin;
    const uint32_t size = top_end[d] - begin;
    const int bits = RunBits(size);
    const int shift = 56 - bits;
    const uint64_t mask = (uint64_t{1} << bits) - 1;
    const size_t values = size_t{1} << bits;
    // at[v]: where the first hash with value v goes (counts, then starts).
    std::fill_n(at.begin(), values, 0);
    for (uint32_t i = 0; i < size; ++i) ++at[(from[i].lo >> shift) & mask];
    uint32_t start = 0;
    for (size_t v = 0; v < values; ++v) {
      const uint32_t count = at[v];
      at[v] = start;
      start += count;
    }
    WordHash* run = hashes.data() + begin;
    for (uint32_t i = 0; i < size; ++i) {
      run[at[(from[i].lo >> shift) & mask]++] = from[i];
    }
    // Uniform hashes leave a few pairs out of order; hashes made to share
    // their top bits (a hostile list) could leave many: past a few moves
    // per hash the run is sorted the general way instead.
    uint64_t moves = 0;
    for (uint32_t i = 1; i < size; ++i) {
      if (!less(run[i], run[i - 1])) continue;
      const WordHash h = run[i];
      uint32_t j = i;
      for (; j > 0 && less(h, run[j - 1]); --j) run[j] = run[j - 1];
      run[j] = h;
      moves += i - j;
      if (moves > kMaxMovesPerHash * uint64_t{size}) {
        std::sort(run, run + size, less);
        break;
      }
    }
    begin = top_end[d];
  }
}

}  // namespace

size_t SortDistinctHashes(std::span<WordHash> hashes) {
  SortHashes(hashes);
  return std::unique(hashes.begin(), hashes.end(),
                     [](const WordHash& a, const WordHash& b) {
                       return a.lo == b.lo && a.hi == b.hi;
                     }) -
         hashes.begin();
}

}  // namespace spellfilter
