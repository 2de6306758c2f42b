// Runs of letters left out together (a syllable: "implets" for
// "implements", "experim" for "experiment") or typed too many together
// ("usinging", "processessing"): runs of kMinChunk..kMaxChunk letters put
// back or taken out at one place, after at least kMinChunkPrefix typed
// letters. At each place from the end back (the longer the prefix, the
// fewer runs continue it, so the budget goes to the likelier places
// first): the typed prefix continued by every run the prefix filter allows
// whose last letter can precede the typed rest (EditWalk::Between), then
// the typed rest; or the typed rest after a run taken out, where it can end
// a word.
//
// Cost: kChunk + kChunkPerLetter per letter (a run taken out that repeats
// nothing beside it kExtraRunOther more), counted as three edits; only
// runs that could still be listed (their cost plus the smallest rarity
// within ctx.bound). Work: within kChunkWork units a word.
#ifndef SPELLFILTER_CORE_SUGGEST_CHUNKS_H_
#define SPELLFILTER_CORE_SUGGEST_CHUNKS_H_

#include <cstdint>

#include "core/filter/prefix_filter.h"
#include "core/suggest/candidates.h"
#include "core/suggest/edit_walk.h"
#include "core/suggest/letter_path.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/search_context.h"

namespace spellfilter {

inline constexpr int kMinChunk = 3;
inline constexpr int kMaxChunk = 5;
inline constexpr int kMinChunkPrefix = 3;
inline constexpr float kChunk = 0.6f;
inline constexpr float kChunkPerLetter = 0.25f;
inline constexpr uint64_t kChunkWork = 8000;
// A run typed too many costs as much if it repeats the letters beside it,
// this much more otherwise.
inline constexpr float kExtraRunOther = 1.0f;

class ChunkSearch {
 public:
  // Walks with `walk` (its Tail, Between, Children and path); `lex`, `ctx`,
  // `walk` and `out` must outlive this.
  ChunkSearch(const Lexicon& lex, SearchContext& ctx, EditWalk& walk,
              Candidates& out)
      : lex_(lex), ctx_(ctx), walk_(walk), out_(out), path_(walk.path()) {}
  ChunkSearch(const ChunkSearch&) = delete;
  ChunkSearch& operator=(const ChunkSearch&) = delete;

  // Adds the typed word with a run put back or taken out to `out`
  // (resolved). Needs the prefix filter.
  void Run();

  // What a run of `length` letters put back or taken out costs (the least:
  // a run taken out that repeats nothing costs kExtraRunOther more).
  static float ChunkCost(int length) {
    return kChunk + kChunkPerLetter * static_cast<float>(length);
  }

 private:
  // `second_last`: the letters that can stand second to last in a run put
  // back before the typed rest at `at` (some letter can follow them there).
  void ChunkWalk(PrefixFilter::State h, int at, int depth,
                 const Mask& second_last);

  const Lexicon& lex_;
  SearchContext& ctx_;
  EditWalk& walk_;
  Candidates& out_;
  LetterPath& path_;  // walk_'s
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_CHUNKS_H_
