// The edit walk: the candidates within two edits of the typed word, or
// three if all three are light, phonetic slips (a vowel for a vowel, a
// sound-alike or accented letter, a vowel or one of a double letter left
// out, a vowel or a doubled letter too many, two letters swapped), and,
// in the wide search, the sound-alike spellings as one heavy edit each (a
// consonant spelling for another, EditWeights::SoundAlikeSpellings, and a
// run of vowels for another; sound_alike.h finds where the typed word has
// them). Candidates are spelled letter by letter over
// the dictionary's PREFIXES section, so a branch is abandoned as soon as no
// word continues it; the same section over reversed words says which
// typed suffixes can end a word, so a candidate's last edit is only tried
// where the rest of the typed word could follow it (Before, Between).
//
// Cost of a candidate: the edits' weights (edit_weights.h), at most
// ctx.max_cost (lowered by the bound, Candidates::Bound). Work: one unit a
// letter tested in the prefix filter (where probing every edit in the word
// filter would cost, for an 8-letter word over 45 letters, ~700 probes at
// distance 1 and ~2.5e5 at distance 2: docs/suggestions.md), checked
// against the budget between steps (one step, at most one Between pass of
// letters * (letters + 1) tests, may run past it).
//
// Walk, LastWalk and Tail are the suggester's hottest code: they are
// member functions of this one class (no virtual calls, no std::function)
// so that the compiler inlines Step, Continues and Ahead into them.
#ifndef SPELLFILTER_CORE_SUGGEST_EDIT_WALK_H_
#define SPELLFILTER_CORE_SUGGEST_EDIT_WALK_H_

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/filter/prefix_filter.h"
#include "core/suggest/candidates.h"
#include "core/suggest/edit_weights.h"
#include "core/suggest/letter_path.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/search_context.h"
#include "core/suggest/sound_alike.h"
#include "core/util/scratch_map.h"

namespace spellfilter {

class EditWalk {
 public:
  // `lex`, `ctx` and `out` must outlive this.
  EditWalk(const Lexicon& lex, SearchContext& ctx, Candidates& out);
  EditWalk(const EditWalk&) = delete;
  EditWalk& operator=(const EditWalk&) = delete;

  // Per typed word (after SearchContext::SetWord): the deletion weights,
  // the sound-alike spellings typed at each place, the vowel runs; forgets
  // the prefixes' tested letters.
  void Prepare();
  // Forgets the (prefix, position) states walked: before each Search.
  void ClearVisited() { visited.Clear(); }
  // Walks the candidates within `max_edits` edits (the third light), with
  // the sound-alike spellings if `sound_alike`; complete ones go to the
  // Candidates (queued: Resolve after).
  void Search(int max_edits, bool sound_alike) {
    max_edits_now = max_edits;
    sound_alike_now = sound_alike;
    max_cost_ = ctx_.max_cost;
    // Before this, what follows a last edit would end no word.
    first_last_edit = std::max(
        ctx_.first_suffix -
            (sound_alike ? static_cast<int>(sound_alike_.longest_from) : 2),
        0);
    Step(lex_.Root(), 0, 0, false, 0.0f);
  }

  // The rest is for the searches that put other letters before the typed
  // rest (chunks.h), over the same prefixes and tables.
  //
  // From state h and typed position i, with no edit left: follows the
  // typed letters to the end (a candidate if they all continue the prefix).
  void Tail(PrefixFilter::State h, int i, int edits, float cost);
  // Which of the letters in `wanted` can follow the prefix with state h.
  Mask Children(PrefixFilter::State h, const Mask& wanted);
  // Which letters can precede the typed suffix q[j..n) in some word.
  // Inline when already known (the common case); else ComputeBefore.
  const Mask& Before(int j) {
    if (!before_done[j]) ComputeBefore(j);
    return before_mask[j];
  }
  void ComputeBefore(int j);
  // Which letters c can stand between the letter `b` and the typed suffix
  // q[j..n), b c q[j..n) ending some word: the letters a last edit can put
  // before q[j..n) after a candidate prefix ending in b. A subset of
  // Before(j); its tests fall in a few blocks that every candidate with a
  // last edit at j shares, so the walk tests fewer letters in the blocks of
  // its (always new) prefixes. b < 0 (no letter before): Before(j).
  const Mask& Between(int j, int b);
  // The candidate being built; the whole alphabet as a Mask.
  LetterPath& path() { return path_; }
  const Mask& all_letters() const { return all_letters_; }

 private:
  // Explores the candidates that extend `path` (state h) from typed
  // position i, `edits` edits and `cost` spent so far, with an edit left;
  // `heavy`: one of them was not light (see Limit).
  void Walk(PrefixFilter::State h, int i, int edits, bool heavy, float cost);
  // The edits a candidate may have: max_edits_now if all are light
  // (phonetic slips: a vowel for a vowel, a sound-alike or accented letter,
  // a vowel or one of a double letter left out, a vowel or a doubled letter
  // too many, a transposition), else at most two.
  int Limit(bool heavy) const {
    return heavy ? std::min(max_edits_now, 2) : max_edits_now;
  }
  // Whether nothing can follow an edit of this cost.
  bool Tight(float cost) const {
    return max_cost_ - cost < 2 * EditWeights::kLightest;
  }
  void Step(PrefixFilter::State h, int i, int edits, bool heavy, float cost) {
    if (edits >= Limit(heavy) || cost >= max_cost_) {
      Tail(h, i, edits, cost);
      return;
    }
    // Whether any edit from here is the last one.
    const bool heavy_last = edits + 1 >= Limit(true);
    const bool light_last = edits + 1 >= Limit(heavy);
    if (Tight(cost) || (heavy_last && light_last)) {
      LastWalk(h, i, edits, cost);
    } else {
      Walk(h, i, edits, heavy, cost);
    }
  }
  // Walk for a state whose next edit can only be the last: follows the typed
  // letters and tries, at each place from first_last_edit on (before it,
  // what follows a last edit would end no word), the last edits whose
  // letters fit the rest of the typed word.
  void LastWalk(PrefixFilter::State h, int i, int edits, float cost);
  // Lexicon::Continues over the copies.
  bool Continues(PrefixFilter::State parent, int letter) const {
    return prefixes_.empty() || prefixes_.Has(prefixes_.Block(parent), parent,
                                              letter_keys_.raw[letter]);
  }
  // Starts loading the block of a prefix that will probably be tested.
  void Prefetch(PrefixFilter::State s) const {
    if (!prefixes_.empty()) __builtin_prefetch(prefixes_.Block(s));
  }
  // Following the typed letters from position i, state h: the states of
  // the next two prefixes, whose blocks are fetched before they are tested
  // (the states need no memory, the tests wait for it). Advance(i), after
  // the letter at i continued the prefix, returns the new state.
  class Ahead {
   public:
    Ahead(const EditWalk& impl, PrefixFilter::State h, int i) : impl_(impl) {
      if (Typed(i)) {
        s1_ = Fetch(h, i);
        if (Typed(i + 1)) s2_ = Fetch(s1_, i + 1);
      }
    }
    PrefixFilter::State Advance(int i) {
      const PrefixFilter::State h = s1_;
      s1_ = s2_;
      if (Typed(i + 2)) s2_ = Fetch(s1_, i + 2);
      return h;
    }

   private:
    bool Typed(int i) const { return i < impl_.n_ && impl_.qi_[i] >= 0; }
    PrefixFilter::State Fetch(PrefixFilter::State h, int i) const {
      const PrefixFilter::State s = PrefixFilter::Next(h, impl_.q_[i]);
      impl_.Prefetch(s);
      return s;
    }
    const EditWalk& impl_;
    PrefixFilter::State s1_ = 0;
    PrefixFilter::State s2_ = 0;
  };
  float OmissionWeight(int j, int before, int after) const {
    if (apostrophe[j]) return EditWeights::kOmitApostrophe;
    if ((before >= 0 && base_id[before] == base_id[j]) ||
        (after >= 0 && base_id[after] == base_id[j])) {
      return EditWeights::kOmitDoubled;
    }
    return omission_weight[j];
  }
  // Sound-alike spellings replacing the typed letters from i on (one heavy
  // edit): table pairs and vowel runs. `last`: no edit may follow.
  void SoundAlike(PrefixFilter::State h, int i, int edits, float cost,
                  bool last);
  // Replaces the typed vowel run q[i..end) by the vowels on path from
  // depth `depth` on (1-3 vowels, another run than the typed one).
  void VowelRun(PrefixFilter::State s, int i, int end, int depth, int edits,
                float cost, bool last);
  // The last edit replacing the typed vowel run q[i..end) after the prefix
  // with state h: only runs that, with q[end..n) after them, end some word
  // (RunsBefore), and that the prefix's last letter can precede.
  void LastVowelRun(PrefixFilter::State h, int i, int end, int edits,
                    float cost);
  struct RunBefore {
    uint8_t length;
    uint8_t letters[3];
    PrefixFilter::State reverse;  // state of the run + q[end..n), reversed
  };
  // The runs of 1-3 vowels that can precede q[end..n) in some word, from the
  // reversed trie: computed once per position, for every prefix.
  std::pair<const RunBefore*, const RunBefore*> RunsBefore(int end);
  void CollectRuns(PrefixFilter::State r, int depth, RunBefore run);
  // Which runs of RunsBefore(end) the letter b can precede in some word:
  // bit k for the k-th. Computed once per (end, b) for every prefix.
  const uint64_t* RunsAfter(int end, int b);
  // The letters in `wanted` that continue the prefix h, tested in its
  // block at once (not remembered: see Children).
  Mask Continuing(PrefixFilter::State h, const Mask& wanted) {
    if (prefixes_.empty()) return wanted;
    Mask out;
    const uint64_t* block = prefixes_.Block(h);
    for (int w = 0; w < 2; ++w) {
      if (wanted.w[w] == 0) continue;
      ctx_.stats.work += BitCount(wanted.w[w]);
      out.w[w] =
          prefixes_.HasAmong(block, h, letter_keys_, 64 * w, wanted.w[w]);
    }
    return out;
  }
  // After a sound-alike edit: the next edit, or the typed letters to the end.
  void AfterSoundAlike(PrefixFilter::State s, int end, int edits, float cost,
                       bool last);
  // A complete candidate: path, at state h (Candidates::Leaf).
  void Leaf(PrefixFilter::State h, int edits, float cost) {
    if (path_.empty()) return;
    out_.Leaf(h, edits, cost, [this](std::u32string* word) {
      for (uint8_t j : path_) word->push_back(letters_[j]);
    });
    if (out_.BoundEvery(kBoundEvery)) {
      max_cost_ = std::min(max_cost_, ctx_.max_cost);
    }
  }
  // How many new leaves the walk queues before it bounds its cost again.
  static constexpr size_t kBoundEvery = 16;

  const Lexicon& lex_;
  SearchContext& ctx_;
  Candidates& out_;
  // Copies of what the walk reads at every step (lex_'s, and ctx_'s typed
  // word, set by Prepare), in this object: a reference's target would be
  // loaded again after every letter the walk writes to path_.
  const PrefixFilter prefixes_;
  const PrefixFilter::LetterKeys letter_keys_;
  const std::vector<char32_t> letters_;
  std::u32string q_;
  std::vector<int> qi_;
  int n_ = 0;
  std::vector<uint8_t> suffix_ok_;
  std::vector<PrefixFilter::State> rev_state_;
  // ctx_'s when Search began, lowered as the walk bounds again (Leaf).
  float max_cost_ = 0;
  EditWeights weights;
  // The generation alphabet's weights, by letter index.
  std::vector<int> base_id;  // letters that differ only by accents
  std::vector<uint8_t> apostrophe;
  std::vector<float> omission_weight;  // without the doubling rule
  std::vector<float> sub_weight;       // [typed * letters + intended]
  std::vector<float> generic_row;      // typed letter outside the alphabet
  Mask all_letters_;
  Mask vowel_letters;  // EditWeights::VowelForRuns
  // The sound-alike spellings and vowel runs, and where they are typed.
  SoundAlikeSpellings sound_alike_;
  // The distinct weights of substitutions and omissions, ascending; level l
  // means "weighs at most levels[l - 1]" (level 0: nothing).
  std::vector<float> levels;
  int LevelOf(float room) const {
    return static_cast<int>(
        std::upper_bound(levels.begin(), levels.end(), room) - levels.begin());
  }
  // Letters whose substitution for typed letter a (row `letters` = a typed
  // letter outside the alphabet), or whose omission without the doubling
  // rule, is at level <= l: [a * (levels + 1) + l], [l].
  std::vector<Mask> sub_within;
  std::vector<Mask> omission_within;
  std::vector<Mask> same_base;  // letters equal to j but for accents

  // Per call (the word itself: SearchContext).
  std::vector<float> extra;  // weight of deleting q[i]
  std::vector<uint8_t> extra_light;
  std::vector<Mask> before_mask;
  std::vector<uint8_t> before_done;
  std::vector<Mask> between_mask;     // [j * letters + b]
  std::vector<uint8_t> between_done;  // [j]: all b computed
  // Smallest position at which a last edit can be made: a transposition
  // there leaves q[first_last_edit + 2..n), the first suffix that ends a
  // word.
  int first_last_edit = 0;
  int max_edits_now = 0;
  bool sound_alike_now = false;
  std::vector<RunBefore> runs_before;       // RunsBefore(end), per end:
  std::vector<uint32_t> runs_before_first;  // first index, or kNotYet
  std::vector<uint32_t> runs_before_end;
  static constexpr uint32_t kNotYet = ~uint32_t{0};
  // RunsAfter(end, b): [end * letters + b] is the offset of its bits in
  // runs_after_bits, or kNotYet.
  std::vector<uint32_t> runs_after_at;
  std::vector<uint64_t> runs_after_bits;
  LetterPath path_;  // letter indices of the candidate being built
  void Truncate(size_t depth) { path_.Truncate(depth); }
  struct Tested {
    Mask tested;
    Mask present;
  };
  ScratchMap<Tested> children;
  // Cheapest cost seen per (edits, heavy) at a (prefix, position).
  ScratchMap<std::array<float, 2 * (kMaxEdits + 1)>> visited;
};

// Inline (here, not in the .cpp): LastWalk calls it at every place.
inline const Mask& EditWalk::Between(int j, int b) {
  if (b < 0 || prefixes_.empty()) return Before(j);
  const size_t count = letters_.size();
  if (!between_done[j]) {
    // Past the budget the search is ending: Before(j) is a superset. Else
    // one pass, at most letters * (letters + 1) work past the last check.
    if (ctx_.OutOfBudget()) return Before(j);
    // For every c that can precede q[j..n), all the letters that can precede
    // c q[j..n): one block each, fetched together.
    between_done[j] = 1;
    std::fill_n(between_mask.begin() + j * count, count, Mask());
    const Mask& before = Before(j);
    int cs[Lexicon::kMaxLetters];
    PrefixFilter::State rs[Lexicon::kMaxLetters];
    int found = 0;
    for (int w = 0; w < 2; ++w) {
      for (uint64_t bits = before.w[w]; bits != 0; bits &= bits - 1) {
        cs[found] = w * 64 + std::countr_zero(bits);
        rs[found] = PrefixFilter::Next(rev_state_[j], letters_[cs[found]]);
        Prefetch(rs[found]);
        ++found;
      }
    }
    ctx_.stats.work += found * (1 + count);
    for (int f = 0; f < found; ++f) {
      const uint64_t* block = prefixes_.Block(rs[f]);
      for (int w = 0; w < 2; ++w) {
        if (all_letters_.w[w] == 0) continue;
        for (uint64_t bits = prefixes_.HasAmong(block, rs[f], letter_keys_,
                                                64 * w, all_letters_.w[w]);
             bits != 0; bits &= bits - 1) {
          between_mask[j * count + w * 64 + std::countr_zero(bits)].Set(cs[f]);
        }
      }
    }
  }
  return between_mask[j * count + b];
}

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_EDIT_WALK_H_
