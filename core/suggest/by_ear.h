// The by-ear search (English): the words that sound like the typed one,
// for a typed word the edit search found nothing cheap for (its cheapest
// candidate costs SuggestOptions::by_ear_below or more). The typed word's
// consonant sounds (its skeleton, sound_skeleton.h) are spelled letter by
// letter over the prefix filter, each sound in any of its spellings
// (SoundSpellings), with up to FillerRoom(k) vowels between sounds: the
// words 3-5 edits away that the edit search cannot reach ("fisiks" ->
// "physics"). Then, with SuggestOptions::by_ear_edit, one or two typed
// sounds left out or two adjacent ones swapped (one walk), then one sound
// changed or added; where the SOUND_SKELETONS section says which such
// skeletons some word has, only those are walked, and the SOUND_PREFIXES
// section cuts a prefix no word of those skeletons starts with.
//
// Cost of a word found so: kByEar + kByEarPerEdit per edit from the typed
// word (plain optimal string alignment distance, at most kMaxEarDistance:
// the respelling's slips are not the typist's ones the edit weights model)
// + kByEarOtherSound per sound edited; counted as three edits. Work: each
// walk within kByEarWork units (the one with sounds left out twice that),
// and within the word's budget; typically 1,400-4,500 (state, sound,
// fillers) steps a walk.
#ifndef SPELLFILTER_CORE_SUGGEST_BY_EAR_H_
#define SPELLFILTER_CORE_SUGGEST_BY_EAR_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/filter/prefix_filter.h"
#include "core/filter/skeleton_filter.h"
#include "core/filter/sound_prefix_filter.h"
#include "core/suggest/alignment_rows.h"
#include "core/suggest/candidates.h"
#include "core/suggest/letter_path.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/search_context.h"
#include "core/util/scratch_map.h"

namespace spellfilter {

// At most this many filler letters in a row, letters more than typed, and
// edits from the typed word; the cost of a word found so, per edit from
// the typed word and per sound edited; each walk's work.
inline constexpr int kMaxEarFillers = 3;
inline constexpr int kMaxEarExtraLetters = 5;
inline constexpr int kMaxEarDistance = 5;
inline constexpr float kByEar = 0.8f;
inline constexpr float kByEarPerEdit = 0.35f;
inline constexpr float kByEarOtherSound = 0.3f;
inline constexpr uint64_t kByEarWork = 16000;

class EarSearch {
 public:
  // Reads the SOUND_SKELETONS and SOUND_PREFIXES sections of lex.dict
  // (the latter unless lex.options.sound_prefixes is false). `lex`, `ctx`
  // and `out` must outlive this.
  EarSearch(const Lexicon& lex, SearchContext& ctx, Candidates& out);
  EarSearch(const EarSearch&) = delete;
  EarSearch& operator=(const EarSearch&) = delete;

  // Adds the words that sound like ctx's typed word to `out` (resolved).
  // The caller decides whether the language and the word call for it.
  void Run();
  [[nodiscard]] bool has_sound_prefixes() const {
    return !sound_prefixes.empty();
  }

 private:
  // Whether some word may have the typed skeleton; with one or two of its
  // sounds left out or two adjacent ones swapped (fills ear_single_ok,
  // ear_pair_ok, ear_pair_last, ear_swap_ok); with one changed or added
  // (fills ear_other_ok). Always true without the section.
  bool EarSkeletonsAllowed();
  bool EarSkipsAllowed();
  bool EarOthersAllowed();
  // If so, and `targets` is not null, appends its key for the
  // SOUND_PREFIXES section there (see ear_targets).
  bool MayBeSkeleton(std::string_view skeleton,
                     std::vector<uint64_t>* targets = nullptr);
  // `may_repeat`: the last letters spelled a unit, which may be doubled.
  // `edited`: sounds added, left out, changed or swapped so far (a swap
  // counts two here: a sound added, then left out).
  void EarWalk(PrefixFilter::State h, size_t k, int fillers, bool may_repeat,
               int edited);
  void EarLeaf(PrefixFilter::State h, int edited);
  // How many edits the walk may make: none (same sounds), two (sounds
  // left out or swapped) or one (a sound changed or added).
  int EarEditsAllowed() const {
    return ear_edits == 1 ? 2 : ear_edits == 2 ? 1 : 0;
  }
  // The walk's first edit (with ear_edits 1): -1 none yet, else 2 * k for
  // sound k left out, 2 * k + 1 for sounds k and k + 1 swapped.
  int ear_first = -1;
  // Appends letter j to path and its row of the edit distance table to
  // ear_rows; false if the prefix is too far from the typed word.
  bool EarPush(int j);
  // A complete candidate: path, at state h.
  void Leaf(PrefixFilter::State h, int edits, float cost) {
    if (path.empty()) return;
    out_.Leaf(h, edits, cost, [this](std::u32string* word) {
      for (uint8_t j : path) word->push_back(lex_.letters[j]);
    });
  }

  const Lexicon& lex_;
  SearchContext& ctx_;
  Candidates& out_;
  // SuggestOptions::by_ear_edit, at most 1 without SOUND_SKELETONS (a
  // sound changed or added, unguided, costs three times the other walks).
  int by_ear_edit_ = 0;
  LetterPath path;  // letter indices of the candidate being built
  // The by-ear search's spellings (SoundSpellings, as letter indices) and
  // the typed word's skeleton.
  struct EarSpelling {
    std::vector<uint8_t> letters;
    std::string_view units;
    uint8_t unit_id;  // index into ear_units; kNoUnit for a silent one
  };
  static constexpr uint8_t kNoUnit = 0xFF;
  std::vector<EarSpelling> ear_spellings;
  std::vector<std::string_view> ear_units;  // the distinct units spelled
  // The SOUND_SKELETONS section (English); empty(): every skeleton a walk
  // may look for is walked.
  SkeletonFilter skeletons;
  // The SOUND_PREFIXES section (English); empty(): the walks are not cut
  // by their first letters.
  SoundPrefixFilter sound_prefixes;
  // The keys (SoundPrefixFilter::SkeletonKey) of the skeletons a walk may
  // spell, collected as the skeleton variants are asked for: the first
  // walk's (the typed skeleton, sounds left out or swapped) and the
  // second's (a sound changed or added; the same sounds are the first
  // walk's). ear_targets is the current walk's, sorted and distinct, and
  // ear_prefix_ok which prefixes some word of one of them starts with, by
  // the section's state of the prefix (EarPrefixOk).
  std::vector<uint64_t> ear_near_targets;
  std::vector<uint64_t> ear_other_targets;
  const std::vector<uint64_t>* ear_targets = nullptr;
  ScratchMap<uint8_t> ear_prefix_ok{1 << 10};
  bool EarPrefixOk();
  // Which edits of the typed skeleton some word has (skeleton_filter.h):
  // ear_other_ok[k * units + u], bit 1 unit u added before sound k, bit 2
  // sound k changed to unit u (the skips and swaps: below).
  std::vector<uint8_t> ear_other_ok;
  std::string ear_variant;
  // First letters of the spellings of the typed word's units from unit k
  // on, of its unit k - 1 alone (doubled), of the other sounds ear_other_ok
  // allows at k, and of silent spellings.
  std::vector<Mask> ear_next_first;
  std::vector<Mask> ear_repeat_first;
  std::vector<Mask> ear_other_first;
  std::vector<Mask> ear_swap_first;
  std::vector<uint8_t> ear_swap_ok;  // sounds k and k + 1 swapped
  // Sound k left out alone; with sound k2 > k (ear_pair_ok[k * size + k2]);
  // the last such k2, or -1.
  std::vector<uint8_t> ear_single_ok;
  std::vector<uint8_t> ear_pair_ok;
  std::vector<int> ear_pair_last;
  // Sound k may be left out first: alone, or with a later one.
  bool EarSkipOk(size_t k) const {
    return ear_single_ok[k] != 0 || ear_pair_last[k] >= 0;
  }
  Mask ear_silent_first;
  // The spellings the walk may take after k units (of another sound, only
  // those that give a skeleton some word has).
  struct EarNext {
    enum Kind : uint8_t { kMatch, kRepeat, kSilent, kSwap, kOther };
    uint8_t spelling;  // index into ear_spellings
    uint8_t kind;
    uint8_t first;     // its first letter
    uint8_t other_ok;  // kOther: ear_other_ok for it at k
  };
  std::vector<std::vector<EarNext>> ear_at;
  Mask filler_letters;  // IsSoundFiller
  std::string sound;
  std::vector<int> sound_gaps;  // letters between units (SoundSkeleton)
  // Filler letters a candidate may have where the typed word has
  // sound_gaps[k]: one more (a vowel left out, "sacrin" for "saccharin"),
  // two after the last sound ("torque" for "tork"); before the first sound
  // one more, or none if the typed word starts with one.
  int FillerRoom(size_t k) const {
    const int slack = k == sound.size() ? 2 : k > 0 ? 1 : sound_gaps[0] > 0;
    return std::min(kMaxEarFillers, sound_gaps[k] + slack);
  }
  // (state, k, fillers, ...) walked: 1,400-4,500 per walk for words of
  // aspell-02 searched by ear (the walks often run to their budgets).
  // Sized for them: a table grown past its size is rehashed at every
  // doubling and freed again at Clear, and its fresh pages cost the
  // kernel's zeroing (with 4,096 slots, 9 % of those words' time).
  ScratchMap<uint8_t> ear_seen{1 << 14};
  std::u32string ear_word;
  AlignmentRows ear_rows;          // of path against q, see EarPush
  std::vector<uint8_t> ear_typed;  // qi as AlignmentRows letters
  int ear_max_distance = 0;
  int ear_edits = 0;  // this walk's SuggestOptions::by_ear_edit
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_BY_EAR_H_
