// The rows of the optimal string alignment table (edit distance with
// adjacent transpositions) of a candidate that grows letter by letter
// against a fixed typed word, every cell capped at limit + 1. The by-ear
// search (suggester.cpp) fills one row per letter it appends to a
// candidate and gives the candidate up when the row's smallest cell is
// over the limit: then no word that starts so is within the limit of the
// typed word.
//
// Row d holds, for each i in 0..n, the distance between the candidate's
// first d letters and the typed word's first i. Letters are indices into
// the suggester's alphabet (0..kMaxLetter).
//
// A row is computed from the two above it. For typed words of up to 15
// letters the row is one SSE2 register (x86-64 has SSE2 always): the
// deletion and substitution cells take a few vector operations, and the
// insertions, which run along the row (row[i] <= row[i - 1] + 1), a
// prefix minimum in four shifted steps; longer words, and other
// processors, take the cell-by-cell loop, limited to the band of cells
// within the limit of the diagonal. Both give the same rows
// (alignment_rows_test.cpp).
#ifndef SPELLFILTER_CORE_SUGGEST_ALIGNMENT_ROWS_H_
#define SPELLFILTER_CORE_SUGGEST_ALIGNMENT_ROWS_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace spellfilter {

class AlignmentRows {
 public:
  // The largest letter index; typed letters outside the alphabet are
  // kNotALetter, a letter no candidate has.
  static constexpr uint8_t kMaxLetter = 0xFD;
  static constexpr uint8_t kNotALetter = 0xFF;

  // `vector`: false forces the cell-by-cell loop (for tests).
  explicit AlignmentRows(bool vector = true) : allow_vector_(vector) {}

  // Starts the table of `typed` (letter indices, or kNotALetter), with
  // cells capped at limit + 1 (limit < 64), for candidates of up to
  // `max_depth` letters. Row 0 is filled.
  void Reset(std::span<const uint8_t> typed, int limit, size_t max_depth);

  // Fills row d (1 <= d <= max_depth; rows d - 1 and d - 2 filled for this
  // candidate) for a candidate whose letter d is `c` and letter d - 1 is
  // `before` (ignored when d == 1). Returns whether some cell of the row is
  // within the limit.
  bool Fill(size_t d, uint8_t c, uint8_t before);

  // The distance (capped) between the candidate's first d letters and the
  // whole typed word.
  int Distance(size_t d) const { return rows_[d * stride_ + n_]; }

  // Whether Fill uses the vector path for this word.
  bool vectorized() const { return vector_; }

 private:
  bool FillScalar(size_t d, uint8_t c, uint8_t before);
  bool FillVector(size_t d, uint8_t c, uint8_t before);

  bool allow_vector_;
  bool vector_ = false;
  size_t n_ = 0;
  size_t stride_ = 1;
  int limit_ = 0;
  std::vector<uint8_t> typed_;  // [i] = typed letter i - 1; [0] kNotALetter
  std::vector<uint8_t> rows_;   // [d * stride_ + i]
  std::array<uint8_t, 16> beyond_{};  // 0xFF in the lanes past cell n
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_ALIGNMENT_ROWS_H_
