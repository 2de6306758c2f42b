#include "core/hash_sort.h"

#include <algorithm>
#include <cstdint>

#include "core/huge_pages.h"

namespace spellfilter {
namespace {

// Sorts hashes by (lo, hi), which are uniform: distributed by the top byte
// of lo into a second array (one sequential read, 256 streams of writes:
// distributing in place instead, each hash swapped into the next free slot
// of its run, made a chain of dependent cache misses that took 70 % of the
// sort), then each run back by the next byte, in the caches; what is left,
// a few hashes per value, by insertion.
void SortHashes(std::span<WordHash> hashes) {
  auto less = [](const WordHash& a, const WordHash& b) {
    return a.lo != b.lo ? a.lo < b.lo : a.hi < b.hi;
  };
  // The end of each run of h[0, size) by byte `shift` of lo.
  auto ends = [](const WordHash* h, size_t size, int shift, uint32_t* end) {
    std::fill_n(end, 256, 0);
    for (size_t i = 0; i < size; ++i) ++end[(h[i].lo >> shift) & 0xFF];
    for (int d = 1; d < 256; ++d) end[d] += end[d - 1];
  };
  if (hashes.size() < (size_t{1} << 12)) {  // too few to distribute
    std::sort(hashes.begin(), hashes.end(), less);
    return;
  }
  uint32_t top_end[256];
  ends(hashes.data(), hashes.size(), 56, top_end);
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
  uint32_t begin = 0;
  for (int d = 0; d < 256; ++d) {
    const WordHash* from = by_top + begin;
    const uint32_t size = top_end[d] - begin;
    uint32_t end[256];
    ends(from, size, 48, end);
    uint32_t at[256];
    at[0] = 0;
    std::copy_n(end, 255, at + 1);
    WordHash* run = hashes.data() + begin;
    for (uint32_t i = 0; i < size; ++i) {
      run[at[(from[i].lo >> 48) & 0xFF]++] = from[i];
    }
    uint32_t first = 0;
    for (int e = 0; e < 256; ++e) {
      for (uint32_t i = first + 1; i < end[e]; ++i) {
        const WordHash h = run[i];
        uint32_t j = i;
        for (; j > first && less(h, run[j - 1]); --j) run[j] = run[j - 1];
        run[j] = h;
      }
      first = end[e];
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
