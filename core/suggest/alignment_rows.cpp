#include "core/suggest/alignment_rows.h"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace spellfilter {
namespace {

// The letter before the first: matches no typed letter (kNotALetter is
// the typed word's own filler).
constexpr uint8_t kNoLetter = 0xFE;
// One SSE2 register of cells: the whole row of a word of up to 15 letters.
constexpr size_t kLanes = 16;

}  // namespace

void AlignmentRows::Reset(std::span<const uint8_t> typed, int limit,
                          size_t max_depth) {
  n_ = typed.size();
  limit_ = limit;
#if defined(__SSE2__)
  vector_ = allow_vector_ && n_ + 1 <= kLanes;
#else
  vector_ = false;
#endif
  stride_ = vector_ ? kLanes : n_ + 1;
  typed_.assign(std::max(stride_, kLanes), kNotALetter);
  std::copy(typed.begin(), typed.end(), typed_.begin() + 1);
  for (size_t i = 0; i < kLanes; ++i) beyond_[i] = i > n_ ? 0xFF : 0;
  const uint8_t over = static_cast<uint8_t>(limit + 1);
  // Row 0, and every cell the scalar loop's band leaves out, over the limit.
  rows_.assign((max_depth + 1) * stride_, over);
  for (size_t i = 0; i <= n_; ++i) {
    rows_[i] = static_cast<uint8_t>(std::min<size_t>(i, over));
  }
}

bool AlignmentRows::Fill(size_t d, uint8_t c, uint8_t before) {
  if (d < 2) before = kNoLetter;
  return vector_ ? FillVector(d, c, before) : FillScalar(d, c, before);
}

bool AlignmentRows::FillScalar(size_t d, uint8_t c, uint8_t before) {
  const uint8_t* up = &rows_[(d - 1) * stride_];
  const uint8_t* up2 = d >= 2 ? &rows_[(d - 2) * stride_] : nullptr;
  uint8_t* row = &rows_[d * stride_];
  // Cells more than `far` from the diagonal are over the limit anyway:
  // they stay at far + 1 (Reset fills them so).
  const size_t far = static_cast<size_t>(limit_);
  const uint8_t over = static_cast<uint8_t>(limit_ + 1);
  const size_t lo = d > far + 1 ? d - far - 1 : 1;
  const size_t hi = std::min(n_, d + far + 1);
  row[0] = static_cast<uint8_t>(std::min<size_t>(d, over));
  if (lo > 1 && lo - 1 <= n_) row[lo - 1] = over;
  int best = row[0];
  for (size_t i = lo; i <= hi; ++i) {
    int v = std::min(up[i], row[i - 1]) + 1;
    v = std::min(v, up[i - 1] + (typed_[i] == c ? 0 : 1));
    if (i > 1 && typed_[i] == before && typed_[i - 1] == c) {
      v = std::min(v, up2[i - 2] + 1);
    }
    v = std::min<int>(v, over);
    row[i] = static_cast<uint8_t>(v);
    best = std::min(best, v);
  }
  if (hi + 1 <= n_) row[hi + 1] = over;
  return best <= limit_;
}

#if defined(__SSE2__)
bool AlignmentRows::FillVector(size_t d, uint8_t c, uint8_t before) {
  const __m128i ones = _mm_set1_epi8(-1);
  const __m128i one = _mm_set1_epi8(1);
  const __m128i over = _mm_set1_epi8(static_cast<char>(limit_ + 1));
  const __m128i typed =
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(typed_.data()));
  const __m128i up = _mm_loadu_si128(
      reinterpret_cast<const __m128i*>(&rows_[(d - 1) * kLanes]));
  // Lane i: typed letter i - 1 is c.
  const __m128i match = _mm_cmpeq_epi8(typed, _mm_set1_epi8(static_cast<char>(c)));
  // Substitution (or match) after up[i - 1]; deletion below up[i].
  __m128i v = _mm_min_epu8(
      _mm_adds_epu8(_mm_slli_si128(up, 1), _mm_andnot_si128(match, one)),
      _mm_adds_epu8(up, one));
  if (d >= 2) {
    // Transposition: typed letters i - 2, i - 1 are c, before.
    const __m128i swapped =
        _mm_and_si128(_mm_cmpeq_epi8(typed, _mm_set1_epi8(static_cast<char>(before))),
                      _mm_slli_si128(match, 1));
    const __m128i up2 = _mm_loadu_si128(
        reinterpret_cast<const __m128i*>(&rows_[(d - 2) * kLanes]));
    const __m128i moved = _mm_adds_epu8(_mm_slli_si128(up2, 2), one);
    v = _mm_min_epu8(v, _mm_or_si128(moved, _mm_andnot_si128(swapped, ones)));
  }
  // Cell 0: d letters left out.
  const __m128i first = _mm_cvtsi32_si128(0xFF);
  const __m128i d_cell = _mm_set1_epi8(
      static_cast<char>(std::min<size_t>(d, static_cast<size_t>(limit_ + 1))));
  v = _mm_or_si128(_mm_andnot_si128(first, v), _mm_and_si128(first, d_cell));
  // Insertions: row[i] = min over j <= i of v[j] + (i - j), in steps of
  // doubling reach; lanes shifted in are "over anything". A cell more than
  // the limit away adds more than the limit: three steps (reach 7) do
  // under a limit of 8.
  v = _mm_min_epu8(v, _mm_adds_epu8(_mm_or_si128(_mm_slli_si128(v, 1),
                                                 _mm_cvtsi32_si128(0xFF)),
                                    one));
  v = _mm_min_epu8(v, _mm_adds_epu8(_mm_or_si128(_mm_slli_si128(v, 2),
                                                 _mm_cvtsi32_si128(0xFFFF)),
                                    _mm_set1_epi8(2)));
  v = _mm_min_epu8(
      v, _mm_adds_epu8(_mm_or_si128(_mm_slli_si128(v, 4), _mm_cvtsi32_si128(-1)),
                       _mm_set1_epi8(4)));
  if (limit_ >= 8) {
    v = _mm_min_epu8(v, _mm_adds_epu8(_mm_or_si128(_mm_slli_si128(v, 8),
                                                   _mm_set_epi64x(0, -1)),
                                      _mm_set1_epi8(8)));
  }
  v = _mm_min_epu8(v, over);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(&rows_[d * kLanes]), v);
  // Whether some cell of 0..n is under `over`.
  const __m128i under = _mm_andnot_si128(
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(beyond_.data())),
      _mm_cmplt_epi8(v, over));
  return _mm_movemask_epi8(under) != 0;
}
#else
bool AlignmentRows::FillVector(size_t d, uint8_t c, uint8_t before) {
  return FillScalar(d, c, before);
}
#endif

}  // namespace spellfilter
