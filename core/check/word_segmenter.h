// Dictionary segmentation of text written without spaces between words
// (Thai, Lao, Khmer, Myanmar...), for where ICU's word breaks, which come
// from ICU's own word lists, cut a word the spell-checking dictionary knows:
// ICU cuts the Thai "แพกเกจ" (package), which the Thai Hunspell dictionary
// lists, into "แพ" + "กเกจ", and the second piece is not a word.
//
// A run is a maximal stretch of characters of Unicode line-break class SA
// ("complex context": the scripts written without spaces, UAX #14) and the
// combining marks after them. FindComplexRun gives the run around a token.
//
// WordSegmenter::Segment cuts a run into known words and unknown characters
// by dynamic programming. Of all the ways to cut the run at cluster
// boundaries (never before a combining mark) into pieces that are each either
// a known word of at most kMaxWordCodePoints code points or one unknown
// cluster, it takes one with the fewest unknown code points and, among
// those, the fewest words; ties go to the longer last word. It reports the
// unknown stretches (adjacent unknown clusters merged). Cost: at most
// kMaxWordCodePoints calls of `known` per code point of the run.
//
// What this cannot tell apart: a misspelled word whose letters happen to
// spell a sequence of shorter dictionary words is covered, as it would be
// by any dictionary segmentation (Hunspell has none: it needs the words cut
// beforehand). docs/tokenizer.md gives the measured effect on Thai.
#ifndef SPELLFILTER_CORE_CHECK_WORD_SEGMENTER_H_
#define SPELLFILTER_CORE_CHECK_WORD_SEGMENTER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "core/text/tokenizer.h"

namespace spellfilter {

// Whether the code point at text[offset] starts a run: it has line-break
// class SA. False for invalid UTF-8.
bool StartsComplexRun(std::string_view text, size_t offset);

// The run (byte range of `text`) around the token text[offset, offset +
// length), which must start with an SA character (StartsComplexRun): the
// token widened left and right over SA characters and combining marks, then
// trimmed of leading combining marks. A run longer than kMaxRunBytes is
// clipped to about kMaxRunBytes / 2 on each side of the token, at code point
// boundaries.
Token FindComplexRun(std::string_view text, size_t offset, size_t length);

inline constexpr size_t kMaxRunBytes = 16 * 1024;

class WordSegmenter {
 public:
  // Longest piece looked up as one word. Thai's longest dictionary words
  // (สำนักงานคณะกรรมการส่งเสริมและประสานงานเยาวชนแห่งชาติ, 52 code points)
  // are themselves sequences of shorter words, which the segmentation finds.
  static constexpr size_t kMaxWordCodePoints = 32;

  // Appends to *unknown (cleared first) the stretches of `run` (byte ranges
  // relative to it, ascending, non-adjacent) that the best segmentation
  // leaves unknown; empty when the run is all known words. `known(piece)`
  // says whether a piece of the run is a word. Invalid UTF-8 counts as one
  // unknown code point per byte.
  void Segment(std::string_view run,
               const std::function<bool(std::string_view)>& known,
               std::vector<Token>* unknown);

 private:
  struct Cost {
    uint32_t unknown;  // code points
    uint32_t words;
    bool operator<(const Cost& o) const {
      return unknown != o.unknown ? unknown < o.unknown : words < o.words;
    }
  };
  // Scratch, per code point of the run (and one past the end).
  std::vector<uint32_t> offsets_;  // byte offset of each code point
  std::vector<bool> cut_;          // a piece may start (or end) here
  std::vector<Cost> best_;         // best cost of the prefix ending here
  std::vector<uint32_t> from_;     // where the last piece of it starts
  std::vector<bool> from_word_;    // whether that piece is a known word
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_CHECK_WORD_SEGMENTER_H_
