#include "core/suggest/suggester.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdlib>

#include "core/filter/prefix_filter.h"
#include "core/filter/skeleton_filter.h"
#include "core/filter/sound_prefix_filter.h"
#include "core/suggest/alignment_rows.h"
#include "core/suggest/banded_edit_distance.h"
#include "core/suggest/by_ear.h"
#include "core/suggest/candidates.h"
#include "core/suggest/edit_weights.h"
#include "core/suggest/inflections.h"
#include "core/suggest/letter_path.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/search_context.h"
#include "core/suggest/splits.h"
#include "core/text/letter_case.h"
#include "core/text/sound_skeleton.h"
#include "core/util/scratch_map.h"

namespace spellfilter {
namespace {

inline constexpr int kMaxLetters = Lexicon::kMaxLetters;
static_assert(kMaxLetters - 1 <= AlignmentRows::kMaxLetter);
// Letters left out together (a syllable: "implets" for "implements",
// "experim" for "experiment"), or typed too many together ("usinging"):
// runs of kMinChunk..kMaxChunk letters put back or taken out at one place,
// after at least kMinChunkPrefix typed letters; cost kChunk +
// kChunkPerLetter per letter, within kChunkWork units a word.
inline constexpr int kMinChunk = 3;
inline constexpr int kMaxChunk = 5;
inline constexpr int kMinChunkPrefix = 3;
inline constexpr float kChunk = 0.6f;
inline constexpr float kChunkPerLetter = 0.25f;
inline constexpr uint64_t kChunkWork = 8000;
// A run typed too many costs as much if it repeats the letters beside it,
// this much more otherwise.
inline constexpr float kExtraRunOther = 1.0f;
// Light edits (see Suggester::Impl::Limit): substitutions up to a vowel for
// a vowel, omissions up to a vowel's.
inline constexpr float kLightSub = EditWeights::kSubVowel;
inline constexpr float kLightOmission = EditWeights::kOmitVowel;

}  // namespace

struct Suggester::Impl : Lexicon, SearchContext {
  Impl(const Dictionary& d, const SuggestOptions& o);

  // The suggestions for `word`: Search, bounded (see Bound), and again
  // unbounded if the bound did not hold.
  std::vector<Suggestion> Run(std::string_view word);
  std::vector<Suggestion> Search(std::string_view word);
  // Explores the candidates that extend `path` (state h) from typed
  // position i, `edits` edits and `cost` spent so far, with an edit left;
  // `heavy`: one of them was not light (see Limit).
  void Walk(PrefixFilter::State h, int i, int edits, bool heavy, float cost);
  // The same with no edit left: follows the typed letters to the end.
  void Tail(PrefixFilter::State h, int i, int edits, float cost);
  // The edits a candidate may have: max_edits_now if all are light
  // (phonetic slips: a vowel for a vowel, a sound-alike or accented letter,
  // a vowel or one of a double letter left out, a vowel or a doubled letter
  // too many, a transposition), else at most two.
  int Limit(bool heavy) const {
    return heavy ? std::min(max_edits_now, 2) : max_edits_now;
  }
  // Whether nothing can follow an edit of this cost.
  bool Tight(float cost) const {
    return max_cost - cost < 2 * EditWeights::kLightest;
  }
  void Step(PrefixFilter::State h, int i, int edits, bool heavy, float cost) {
    if (edits >= Limit(heavy) || cost >= max_cost) {
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
  // Starts loading the block of a prefix that will probably be tested.
  void Prefetch(PrefixFilter::State s) const {
    if (!prefixes.empty()) __builtin_prefetch(prefixes.Block(s));
  }
  // Following the typed letters from position i, state h: the states of
  // the next two prefixes, whose blocks are fetched before they are tested
  // (the states need no memory, the tests wait for it). Advance(i), after
  // the letter at i continued the prefix, returns the new state.
  class Ahead {
   public:
    Ahead(const Impl& impl, PrefixFilter::State h, int i) : impl_(impl) {
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
    bool Typed(int i) const { return i < impl_.n && impl_.qi[i] >= 0; }
    PrefixFilter::State Fetch(PrefixFilter::State h, int i) const {
      const PrefixFilter::State s = PrefixFilter::Next(h, impl_.q[i]);
      impl_.Prefetch(s);
      return s;
    }
    const Impl& impl_;
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
  // After a sound-alike edit: the next edit, or the typed letters to the end.
  void AfterSoundAlike(PrefixFilter::State s, int end, int edits, float cost,
                       bool last);
  // A complete candidate: path, at state h (Candidates::Leaf).
  void Leaf(PrefixFilter::State h, int edits, float cost) {
    if (path.empty()) return;
    candidates.Leaf(h, edits, cost, [this](std::u32string* word) {
      for (uint8_t j : path) word->push_back(letters[j]);
    });
  }
  // Runs of letters left out or typed too many (kMinChunk..kMaxChunk): at
  // each place from the end back, the typed prefix continued by every run
  // the prefix filter allows whose last letter can precede the typed rest,
  // then the typed rest (Tail); or by the typed rest after a run.
  void Chunks();
  // `second_last`: the letters that can stand second to last in a run put
  // back before the typed rest at `at` (some letter can follow them there).
  void ChunkWalk(PrefixFilter::State h, int at, int depth,
                 const Mask& second_last);
  // What a run of `length` letters put back or taken out costs (the least:
  // a run taken out that repeats nothing costs kExtraRunOther more).
  static float ChunkCost(int length) {
    return kChunk + kChunkPerLetter * static_cast<float>(length);
  }
  // The user's words: as listed, and lower-cased code points.
  std::vector<std::pair<std::string, std::u32string>> user_words;

  EditWeights weights;
  // The generation alphabet's weights, by letter index.
  std::vector<int> base_id;  // letters that differ only by accents
  std::vector<uint8_t> apostrophe;
  std::vector<float> omission_weight;  // without the doubling rule
  std::vector<float> sub_weight;       // [typed * letters + intended]
  std::vector<float> generic_row;      // typed letter outside the alphabet
  Mask all_letters;
  Mask vowel_letters;  // EditWeights::VowelForRuns
  // Sound-alike spelling pairs in both directions, the replacement as
  // letter indices (pairs with a letter outside the alphabet left out).
  struct Respelling {
    std::u32string from;
    std::vector<uint8_t> to;
  };
  std::vector<Respelling> respellings;
  // Their indices, ascending, by the first letter of `from` (all ASCII),
  // so that the typed word is matched against the few that can match.
  std::array<std::vector<uint16_t>, 128> respellings_by_first;
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
  // respelling_at[respelling_first[i] .. respelling_first[i + 1]): the
  // respellings whose `from` is typed at i.
  std::vector<uint16_t> respelling_at;
  std::vector<uint32_t> respelling_first;
  std::vector<uint8_t> vowel_run;      // length of the vowel run starting at i
  // English: the by-ear search and the inflections apply.
  bool by_ear_language = false;
  std::vector<RunBefore> runs_before;  // RunsBefore(end), per end:
  std::vector<uint32_t> runs_before_first;  // first index, or kNotYet
  std::vector<uint32_t> runs_before_end;
  static constexpr uint32_t kNotYet = ~uint32_t{0};
  LetterPath path;  // letter indices of the candidate being built
  void Truncate(size_t depth) { path.Truncate(depth); }
  struct Tested {
    Mask tested;
    Mask present;
  };
  ScratchMap<Tested> children;
  // Cheapest cost seen per (edits, heavy) at a (prefix, position).
  ScratchMap<std::array<float, 2 * (kMaxEdits + 1)>> visited;
  // Where every search's candidates go: ranked there.
  Candidates candidates{*this, *this};
  EarSearch ear{*this, *this, candidates};
};

Suggester::Impl::Impl(const Dictionary& d, const SuggestOptions& o)
    : Lexicon(d, o) {
  const int count = static_cast<int>(letters.size());
  for (int j = 0; j < count; ++j) {
    all_letters.Set(j);
    if (EditWeights::VowelForRuns(letters[j])) vowel_letters.Set(j);
  }
  for (const EditWeights::SpellingPair& p :
       EditWeights::SoundAlikeSpellings()) {
    for (int d = 0; d < 2; ++d) {
      const std::string_view from = d == 0 ? p.a : p.b;
      const std::string_view to = d == 0 ? p.b : p.a;
      Respelling r;
      bool ok = true;
      for (char c : from) r.from.push_back(static_cast<char32_t>(c));
      for (char c : to) {
        const int j = c >= 0 ? ascii_letter[static_cast<unsigned char>(c)] : -1;
        ok &= j >= 0;
        r.to.push_back(static_cast<uint8_t>(std::max(j, 0)));
      }
      ok &= !r.from.empty() && r.from[0] < 128;
      if (ok) {
        respellings_by_first[r.from[0]].push_back(
            static_cast<uint16_t>(respellings.size()));
        respellings.push_back(std::move(r));
      }
    }
  }
  // Spelling by ear follows English sounds (sound_skeleton.h).
  by_ear_language = SoundSkeletonsApply(d.language());

  base_id.resize(count);
  apostrophe.resize(count);
  omission_weight.resize(count);
  for (int j = 0; j < count; ++j) {
    const char32_t base = weights.Base(letters[j]);
    base_id[j] = j;
    for (int k = 0; k < j; ++k) {
      if (weights.Base(letters[k]) == base) {
        base_id[j] = base_id[k];
        break;
      }
    }
    apostrophe[j] = letters[j] == U'\'';
    // Neither neighbour can be a doubling here (0 = word edge).
    omission_weight[j] = weights.Omission(letters[j], 0, 0);
  }
  sub_weight.resize(static_cast<size_t>(count) * count);
  for (int a = 0; a < count; ++a) {
    for (int b = 0; b < count; ++b) {
      sub_weight[a * count + b] = weights.Substitution(letters[a], letters[b]);
    }
  }
  generic_row.assign(count, EditWeights::kSubGeneric);
  levels = sub_weight;
  levels.insert(levels.end(), omission_weight.begin(), omission_weight.end());
  levels.push_back(EditWeights::kSubGeneric);
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  const int level_count = static_cast<int>(levels.size());
  sub_within.resize(static_cast<size_t>(count + 1) * (level_count + 1));
  omission_within.resize(level_count + 1);
  same_base.resize(count);
  for (int l = 0; l <= level_count; ++l) {
    const float limit = l == 0 ? -1.0f : levels[l - 1];
    for (int a = 0; a <= count; ++a) {
      const float* row =
          a < count ? &sub_weight[a * count] : generic_row.data();
      Mask& m = sub_within[a * (level_count + 1) + l];
      for (int b = 0; b < count; ++b) {
        if (b != a && row[b] <= limit) m.Set(b);
      }
    }
    for (int j = 0; j < count; ++j) {
      if (omission_weight[j] <= limit) omission_within[l].Set(j);
    }
  }
  for (int a = 0; a < count; ++a) {
    for (int b = 0; b < count; ++b) {
      if (base_id[a] == base_id[b]) same_base[a].Set(b);
    }
  }

}

Mask Suggester::Impl::Children(PrefixFilter::State h, const Mask& wanted) {
  auto [t, created] = children.Get(h);
  if (prefixes.empty()) {
    t->present = all_letters;
    return wanted;
  }
  const uint64_t* block = nullptr;
  for (int w = 0; w < 2; ++w) {
    const uint64_t untested = wanted.w[w] & ~t->tested.w[w];
    if (untested == 0) continue;
    if (block == nullptr) {
      block = prefixes.Block(h);
      ++stats.expansions;
    }
    t->tested.w[w] |= untested;
    stats.work += BitCount(untested);
    t->present.w[w] |=
        prefixes.HasAmong(block, h, letter_keys, 64 * w, untested);
  }
  Mask out;
  out.w[0] = t->present.w[0] & wanted.w[0];
  out.w[1] = t->present.w[1] & wanted.w[1];
  return out;
}

void Suggester::Impl::ComputeBefore(int j) {
  before_done[j] = 1;
  Mask& m = before_mask[j];
  m = Mask();
  if (prefixes.empty()) {
    m = all_letters;
  } else if (suffix_ok[j]) {
    const PrefixFilter::State r = rev_state[j];
    const uint64_t* block = prefixes.Block(r);
    for (int w = 0; w < 2; ++w) {
      if (all_letters.w[w] == 0) continue;  // (no letter 64 or beyond)
      m.w[w] =
          prefixes.HasAmong(block, r, letter_keys, 64 * w, all_letters.w[w]);
    }
    stats.work += letters.size();
    ++stats.expansions;
  }
}

inline const Mask& Suggester::Impl::Between(int j, int b) {
  if (b < 0 || prefixes.empty()) return Before(j);
  const size_t count = letters.size();
  if (!between_done[j]) {
    // Past the budget the search is ending: Before(j) is a superset. Else
    // one pass, at most letters * (letters + 1) work past the last check.
    if (OutOfBudget()) return Before(j);
    // For every c that can precede q[j..n), all the letters that can precede
    // c q[j..n): one block each, fetched together.
    between_done[j] = 1;
    std::fill_n(between_mask.begin() + j * count, count, Mask());
    const Mask& before = Before(j);
    int cs[kMaxLetters];
    PrefixFilter::State rs[kMaxLetters];
    int found = 0;
    for (int w = 0; w < 2; ++w) {
      for (uint64_t bits = before.w[w]; bits != 0; bits &= bits - 1) {
        cs[found] = w * 64 + std::countr_zero(bits);
        rs[found] = PrefixFilter::Next(rev_state[j], letters[cs[found]]);
        Prefetch(rs[found]);
        ++found;
      }
    }
    stats.work += found * (1 + count);
    for (int f = 0; f < found; ++f) {
      const uint64_t* block = prefixes.Block(rs[f]);
      for (int w = 0; w < 2; ++w) {
        if (all_letters.w[w] == 0) continue;
        for (uint64_t bits = prefixes.HasAmong(block, rs[f], letter_keys,
                                               64 * w, all_letters.w[w]);
             bits != 0; bits &= bits - 1) {
          between_mask[j * count + w * 64 + std::countr_zero(bits)].Set(cs[f]);
        }
      }
    }
  }
  return between_mask[j * count + b];
}

void Suggester::Impl::Tail(PrefixFilter::State h, int i, int edits,
                           float cost) {
  const size_t depth = path.size();
  if (i < n) {
    // Most tails end at their first letter, whose block the caller has
    // usually fetched: the states ahead are computed (and their blocks
    // fetched) only once it continues the prefix.
    if (qi[i] < 0) return;
    ++stats.work;
    if (!Continues(h, qi[i])) return;
    path.push_back(static_cast<uint8_t>(qi[i]));
    Ahead ahead(*this, h, i);
    h = ahead.Advance(i);
    for (++i; i < n; ++i) {
      if (qi[i] < 0) break;
      ++stats.work;
      if (!Continues(h, qi[i])) break;
      path.push_back(static_cast<uint8_t>(qi[i]));
      h = ahead.Advance(i);
    }
  }
  if (i == n) Leaf(h, edits, cost);
  Truncate(depth);
}

void Suggester::Impl::LastWalk(PrefixFilter::State h, int i, int edits,
                               float cost) {
  const size_t depth = path.size();
  if (i < first_last_edit) {
    Ahead ahead(*this, h, i);
    for (; i < first_last_edit; ++i) {
      ++stats.work;
      if (qi[i] < 0 || !Continues(h, qi[i])) {
        Truncate(depth);
        return;
      }
      path.push_back(static_cast<uint8_t>(qi[i]));
      h = ahead.Advance(i);
    }
  }
  const bool can_heavy = edits < Limit(true);
  const int count = static_cast<int>(letters.size());
  const size_t stride = levels.size() + 1;
  // The room changes only with `first` (while the path is empty): the
  // levels are looked up again only then.
  float level_room = -1.0f;
  int sub_level = 0;
  int omit_level = 0;
  for (;; ++i) {
    if (OutOfBudget()) break;
    if (i == n) Leaf(h, edits, cost);
    // The prefix with the typed letter, whose block the loop's next pass
    // tests.
    PrefixFilter::State next = 0;
    if (i < n && qi[i] >= 0) {
      next = PrefixFilter::Next(h, q[i]);
      Prefetch(next);
    }
    const float first = path.empty() ? EditWeights::kFirstLetter : 0.0f;
    const float room = max_cost - cost - first;
    if (room < EditWeights::kLightest) {
      Tail(h, i, edits, cost);
      break;
    }
    const int before = path.empty() ? -1 : path.back();
    const int after = i < n ? qi[i] : -1;
    const float* row =
        i < n && after >= 0 ? &sub_weight[after * count] : generic_row.data();
    const float sub_room = can_heavy ? room : std::min(room, kLightSub);
    const float omit_room = can_heavy ? room : std::min(room, kLightOmission);
    if (room != level_room) {
      level_room = room;
      sub_level = LevelOf(sub_room);
      omit_level = LevelOf(omit_room);
    }
    Mask doubling;
    if (before >= 0) doubling = doubling | same_base[before];
    if (after >= 0) doubling = doubling | same_base[after];
    Mask subs;
    if (i < n) {
      subs = sub_within[(after >= 0 ? after : count) * stride + sub_level] &
             Between(i + 1, before);
    }
    const Mask ins =
        (omission_within[omit_level] | doubling) & Between(i, before);
    const Mask wanted = subs | ins;
    if (wanted.w[0] | wanted.w[1]) {
      // The letters that continue the prefix, first, with their blocks
      // fetched all at once; then their tails.
      Mask present = wanted;
      stats.work += BitCount(wanted.w[0]) + BitCount(wanted.w[1]);
      if (!prefixes.empty()) {
        const uint64_t* block = prefixes.Block(h);
        for (int w = 0; w < 2; ++w) {
          if (wanted.w[w] == 0) continue;
          present.w[w] =
              prefixes.HasAmong(block, h, letter_keys, 64 * w, wanted.w[w]);
        }
      }
      int found[kMaxLetters];
      PrefixFilter::State found_state[kMaxLetters];
      int found_count = 0;
      for (int w = 0; w < 2; ++w) {
        for (uint64_t bits = present.w[w]; bits != 0; bits &= bits - 1) {
          const int j = w * 64 + std::countr_zero(bits);
          found_state[found_count] = PrefixFilter::Next(h, letters[j]);
          Prefetch(found_state[found_count]);
          found[found_count++] = j;
        }
      }
      for (int f = 0; f < found_count; ++f) {
        const int j = found[f];
        const PrefixFilter::State child = found_state[f];
        path.push_back(static_cast<uint8_t>(j));
        if (subs.Test(j) && row[j] <= sub_room) {
          Tail(child, i + 1, edits + 1, cost + first + row[j]);
        }
        const float omit = OmissionWeight(j, before, after);
        if (ins.Test(j) && omit <= omit_room) {
          Tail(child, i, edits + 1, cost + first + omit);
        }
        path.pop_back();
      }
    }
    if (i == n) break;
    if (sound_alike_now && can_heavy) SoundAlike(h, i, edits, cost, true);
    // The typed letter is one too many.
    if (suffix_ok[i + 1] && extra[i] <= room && (extra_light[i] || can_heavy) &&
        (before < 0 || Before(i + 1).Test(before))) {
      Tail(h, i + 1, edits + 1, cost + first + extra[i]);
    }
    // Two typed letters are swapped.
    if (i + 1 < n && q[i] != q[i + 1] && after >= 0 && qi[i + 1] >= 0 &&
        EditWeights::kTransposition <= room && suffix_ok[i + 2] &&
        Before(i + 2).Test(after)) {
      const PrefixFilter::State r1 = PrefixFilter::Next(rev_state[i + 2], q[i]);
      stats.work += 3;
      if (Continues(r1, qi[i + 1]) && Continues(h, qi[i + 1])) {
        const PrefixFilter::State c1 = PrefixFilter::Next(h, q[i + 1]);
        if (Continues(c1, after)) {
          path.push_back(static_cast<uint8_t>(qi[i + 1]));
          path.push_back(static_cast<uint8_t>(after));
          Tail(PrefixFilter::Next(c1, q[i]), i + 2, edits + 1,
               cost + first + EditWeights::kTransposition);
          Truncate(path.size() - 2);
        }
      }
    }
    // The typed letter, unchanged.
    ++stats.work;
    if (after < 0 || !Continues(h, after)) break;
    path.push_back(static_cast<uint8_t>(after));
    h = next;
  }
  Truncate(depth);
}

void Suggester::Impl::Walk(PrefixFilter::State h, int i, int edits, bool heavy,
                           float cost) {
  if (OutOfBudget()) return;
  {
    auto [best, created] =
        visited.Get(h + static_cast<uint64_t>(i + 1) * 0x9E3779B97F4A7C15ull);
    if (created) best->fill(kUnreached);
    for (int e = 0; e <= edits; ++e) {
      for (int hv = 0; hv <= static_cast<int>(heavy); ++hv) {
        if ((*best)[2 * e + hv] <= cost) return;  // reached as cheaply
      }
    }
    (*best)[2 * edits + heavy] = cost;
  }
  if (i == n) Leaf(h, edits, cost);

  const float first = path.empty() ? EditWeights::kFirstLetter : 0.0f;
  // What an edit here may weigh.
  const float room = max_cost - cost - first;
  const int before = path.empty() ? -1 : path.back();
  const int after = i < n ? qi[i] : -1;
  const int count = static_cast<int>(letters.size());
  const float* row =
      i < n && qi[i] >= 0 ? &sub_weight[qi[i] * count] : generic_row.data();
  const bool can_heavy = edits < Limit(true);

  // If an edit here is the last one, what follows it is typed text, so it
  // must end some word: a substitution or insertion must put a letter that
  // can precede q[i+1..n) or q[i..n), a deletion leave q[i+1..n).
  const bool tight = Tight(cost);
  const bool heavy_last = tight || edits + 1 >= Limit(true);
  const bool light_last = tight || edits + 1 >= Limit(heavy);
  Mask sub_end;
  Mask ins_end;
  if (heavy_last || light_last) {
    if (i < n) sub_end = Between(i + 1, before);
    ins_end = Between(i, before);
  }
  const Mask sub_fit_heavy = heavy_last ? sub_end : all_letters;
  const Mask sub_fit_light = light_last ? sub_end : all_letters;
  const Mask ins_fit_heavy = heavy_last ? ins_end : all_letters;
  const Mask ins_fit_light = light_last ? ins_end : all_letters;

  // The letters worth testing: the typed one, and those an affordable
  // substitution or insertion would put here.
  Mask wanted;
  if (room >= EditWeights::kLightest) {
    const size_t stride = levels.size() + 1;
    const int a = after >= 0 ? after : count;
    const int level = LevelOf(room);
    Mask doubling;
    if (before >= 0) doubling = doubling | same_base[before];
    if (after >= 0) doubling = doubling | same_base[after];
    Mask sub_light;
    Mask sub_any;
    if (i < n) {
      sub_light = sub_within[a * stride + LevelOf(std::min(room, kLightSub))];
      sub_any = can_heavy ? sub_within[a * stride + level] : sub_light;
    }
    const Mask ins_light =
        omission_within[LevelOf(std::min(room, kLightOmission))] | doubling;
    const Mask ins_any =
        can_heavy ? omission_within[level] | doubling : ins_light;
    wanted = (sub_light & sub_fit_light) | (sub_any & sub_fit_heavy) |
             (ins_light & ins_fit_light) | (ins_any & ins_fit_heavy);
  }
  if (after >= 0) wanted.Set(after);
  const bool swap = i + 1 < n && q[i] != q[i + 1] && after >= 0 &&
                    qi[i + 1] >= 0 && EditWeights::kTransposition <= room;
  if (swap) wanted.Set(qi[i + 1]);
  const Mask mask = Children(h, wanted);

  // The typed letter, unchanged.
  if (after >= 0 && mask.Test(after)) {
    path.push_back(static_cast<uint8_t>(after));
    Step(PrefixFilter::Next(h, q[i]), i + 1, edits, heavy, cost);
    path.pop_back();
  }

  // The typed letter is one too many.
  if (i < n && extra[i] <= room) {
    const bool light = extra_light[i];
    if ((light || can_heavy) &&
        (!(light ? light_last : heavy_last) || suffix_ok[i + 1])) {
      Step(h, i + 1, edits + 1, heavy || !light, cost + first + extra[i]);
    }
  }
  // Two typed letters are swapped (a light edit).
  if (swap) {
    bool fits = true;
    if (light_last) {  // q[i+1] q[i] q[i+2..n) must end a word
      fits = suffix_ok[i + 2] && Before(i + 2).Test(after);
      if (fits && !prefixes.empty()) {
        const PrefixFilter::State r1 =
            PrefixFilter::Next(rev_state[i + 2], q[i]);
        ++stats.work;
        fits = Continues(r1, qi[i + 1]);
      }
    }
    const PrefixFilter::State c1 = PrefixFilter::Next(h, q[i + 1]);
    stats.work += 2;
    if (fits && mask.Test(qi[i + 1]) && Continues(c1, after)) {
      const PrefixFilter::State c2 = PrefixFilter::Next(c1, q[i]);
      path.push_back(static_cast<uint8_t>(qi[i + 1]));
      path.push_back(static_cast<uint8_t>(after));
      Step(c2, i + 2, edits + 1, heavy,
           cost + first + EditWeights::kTransposition);
      Truncate(path.size() - 2);
    }
  }
  if (sound_alike_now && can_heavy && i < n) {
    SoundAlike(h, i, edits, cost, heavy_last);
  }
  // A letter typed wrongly, or left out. The children's blocks are fetched
  // first, all at once: their lookups are the walk's cache misses.
  struct Edit {
    PrefixFilter::State child;
    float sub;
    float omit;
    int letter;
  };
  Edit todo[kMaxLetters];
  int todo_count = 0;
  for (int w = 0; w < 2; ++w) {
    for (uint64_t bits = mask.w[w]; bits != 0; bits &= bits - 1) {
      const int j = w * 64 + std::countr_zero(bits);
      float sub = i < n && j != after ? row[j] : kUnreached;
      if (sub > room ||
          !(sub <= kLightSub ? sub_fit_light.Test(j)
                             : can_heavy && sub_fit_heavy.Test(j))) {
        sub = kUnreached;
      }
      float omit = OmissionWeight(j, before, after);
      if (omit > room ||
          !(omit <= kLightOmission ? ins_fit_light.Test(j)
                                   : can_heavy && ins_fit_heavy.Test(j))) {
        omit = kUnreached;
      }
      if (sub == kUnreached && omit == kUnreached) continue;
      const PrefixFilter::State child = PrefixFilter::Next(h, letters[j]);
      ++stats.work;
      if (!prefixes.empty()) __builtin_prefetch(prefixes.Block(child));
      todo[todo_count++] = Edit{child, sub, omit, j};
    }
  }
  for (int k = 0; k < todo_count; ++k) {
    const Edit& e = todo[k];
    path.push_back(static_cast<uint8_t>(e.letter));
    if (e.sub != kUnreached) {
      Step(e.child, i + 1, edits + 1, heavy || e.sub > kLightSub,
           cost + first + e.sub);
    }
    if (e.omit != kUnreached) {
      Step(e.child, i, edits + 1, heavy || e.omit > kLightOmission,
           cost + first + e.omit);
    }
    path.pop_back();
  }
}

void Suggester::Impl::SoundAlike(PrefixFilter::State h, int i, int edits,
                                 float cost, bool last) {
  const float first = path.empty() ? EditWeights::kFirstLetter : 0.0f;
  const size_t depth = path.size();
  const float table_cost = cost + first + EditWeights::kSoundAlikeSpelling;
  for (uint32_t k = respelling_first[i]; k < respelling_first[i + 1]; ++k) {
    const Respelling& r = respellings[respelling_at[k]];
    const int end = i + static_cast<int>(r.from.size());
    if (table_cost > max_cost ||
        (last && !(suffix_ok[end] && Before(end).Test(r.to.back())))) {
      continue;
    }
    PrefixFilter::State s = h;
    bool ok = true;
    for (uint8_t j : r.to) {
      ++stats.work;
      if (!Continues(s, j)) {
        ok = false;
        break;
      }
      path.push_back(j);
      s = PrefixFilter::Next(s, letters[j]);
    }
    if (ok) AfterSoundAlike(s, end, edits + 1, table_cost, last);
    Truncate(depth);
  }
  const float run_cost = cost + first + EditWeights::kVowelRun;
  if (vowel_run[i] > 0 && run_cost <= max_cost) {
    if (last) {
      LastVowelRun(h, i, i + vowel_run[i], edits + 1, run_cost);
    } else {
      VowelRun(h, i, i + vowel_run[i], 0, edits + 1, run_cost, false);
    }
  }
}

void Suggester::Impl::CollectRuns(PrefixFilter::State r, int depth,
                                  RunBefore run) {
  if (depth == 3) return;
  const Mask m = Children(r, vowel_letters);
  for (int w = 0; w < 2; ++w) {
    for (uint64_t bits = m.w[w]; bits != 0; bits &= bits - 1) {
      const int v = w * 64 + std::countr_zero(bits);
      // Collected backwards: the new letter goes first.
      RunBefore longer = run;
      longer.letters[2 - depth] = static_cast<uint8_t>(v);
      longer.length = static_cast<uint8_t>(depth + 1);
      longer.reverse = PrefixFilter::Next(r, letters[v]);
      ++stats.work;
      runs_before.push_back(longer);
      CollectRuns(longer.reverse, depth + 1, longer);
    }
  }
}

std::pair<const Suggester::Impl::RunBefore*, const Suggester::Impl::RunBefore*>
Suggester::Impl::RunsBefore(int end) {
  if (runs_before_first[end] == kNotYet) {
    runs_before_first[end] = static_cast<uint32_t>(runs_before.size());
    if (suffix_ok[end]) CollectRuns(rev_state[end], 0, RunBefore{});
    runs_before_end[end] = static_cast<uint32_t>(runs_before.size());
  }
  return {runs_before.data() + runs_before_first[end],
          runs_before.data() + runs_before_end[end]};
}

void Suggester::Impl::LastVowelRun(PrefixFilter::State h, int i, int end,
                                   int edits, float cost) {
  const auto [first, last] = RunsBefore(end);
  const size_t depth = path.size();
  for (const RunBefore* r = first; r != last; ++r) {
    const uint8_t* run = r->letters + (3 - r->length);
    if (r->length == end - i) {
      bool same = true;
      for (int k = 0; same && k < r->length; ++k) {
        same = letters[run[k]] == q[i + k];
      }
      if (same) continue;
    }
    // The letter before the run must precede it (a block every prefix
    // shares), then the run must continue the prefix.
    ++stats.work;
    if (depth > 0 && !Continues(r->reverse, path.back())) continue;
    PrefixFilter::State s = h;
    bool ok = true;
    for (int k = 0; k < r->length && ok; ++k) {
      ++stats.work;
      ok = Continues(s, run[k]);
      s = PrefixFilter::Next(s, letters[run[k]]);
      path.push_back(run[k]);
    }
    if (ok) Tail(s, end, edits, cost);
    Truncate(depth);
  }
}

void Suggester::Impl::VowelRun(PrefixFilter::State s, int i, int end, int depth,
                               int edits, float cost, bool last) {
  if (depth > 0) {
    bool same = depth == end - i;
    for (int k = 0; same && k < depth; ++k) {
      same = letters[path[path.size() - depth + k]] == q[i + k];
    }
    if (!same && (!last || (suffix_ok[end] && Before(end).Test(path.back())))) {
      AfterSoundAlike(s, end, edits, cost, last);
    }
  }
  if (depth == 3 || OutOfBudget()) return;
  const Mask m = Children(s, vowel_letters);
  for (int w = 0; w < 2; ++w) {
    for (uint64_t bits = m.w[w]; bits != 0; bits &= bits - 1) {
      const int v = w * 64 + std::countr_zero(bits);
      path.push_back(static_cast<uint8_t>(v));
      VowelRun(PrefixFilter::Next(s, letters[v]), i, end, depth + 1, edits,
               cost, last);
      path.pop_back();
    }
  }
}

void Suggester::Impl::AfterSoundAlike(PrefixFilter::State s, int end, int edits,
                                      float cost, bool last) {
  if (last) {
    Tail(s, end, edits, cost);
  } else {
    Step(s, end, edits, true, cost);
  }
}

void Suggester::Impl::Chunks() {
  // The states of the typed prefixes (a chunk goes after q[0..at)).
  const std::vector<PrefixFilter::State> state = TypedStates(*this, *this);
  const uint64_t limit = work_limit;
  work_limit = std::min(limit, stats.work + kChunkWork);
  // From the longest prefix back: the longer the prefix, the fewer runs
  // continue it, so the budget goes to the likelier places first.
  const std::u32string_view typed(q);
  path.clear();
  for (size_t i = 0; i + 1 < state.size(); ++i) {
    path.push_back(static_cast<uint8_t>(qi[i]));
  }
  for (int at = static_cast<int>(state.size()) - 1;
       at >= kMinChunkPrefix && !OutOfBudget(); --at) {
    Truncate(at);  // the typed prefix q[0..at)
    // A run typed too many: the typed rest after it, if it can end a word.
    // Most such runs repeat the letters before or after them
    // ("processessing", "usinging"); another run ("cutted") costs more.
    for (int length = kMinChunk; length <= kMaxChunk && at + length <= n;
         ++length) {
      if (!suffix_ok[at + length]) continue;
      const bool repeated =
          (at >= length &&
           typed.substr(at - length, length) == typed.substr(at, length)) ||
          (at + 2 * length <= n &&
           typed.substr(at, length) == typed.substr(at + length, length));
      const float cost =
          ChunkCost(length) + (repeated ? 0.0f : kExtraRunOther);
      if (cost + min_prior <= bound) Tail(state[at], at + length, 3, cost);
    }
    if (!suffix_ok[at]) continue;
    // The letters that can come second to last: those some letter can
    // follow before q[at..n) (a row of Between's table that is not empty).
    Mask second_last;
    for (int b = 0; b < static_cast<int>(letters.size()); ++b) {
      const Mask& m = Between(at, b);
      if (m.w[0] | m.w[1]) second_last.Set(b);
    }
    ChunkWalk(state[at], at, 0, second_last);
  }
  path.clear();
  if (stats.budget_exhausted && work_limit < limit) {
    stats.budget_exhausted = false;  // this search's share, not the word's
  }
  work_limit = limit;
  candidates.Resolve();
}

void Suggester::Impl::ChunkWalk(PrefixFilter::State h, int at, int depth,
                                const Mask& second_last) {
  if (OutOfBudget()) return;
  const int before = path.back();
  // The letter added here makes a run of `length`; it may end the run, or
  // be followed by more letters (at most kMaxChunk in all).
  const int length = depth + 1;
  // The runs this one starts cost at least a run of kMinChunk letters.
  if (ChunkCost(std::max(length, kMinChunk)) + min_prior > bound) return;
  const bool last = length >= kMinChunk;
  Mask ends;
  if (last) ends = Between(at, before);
  Mask more;
  if (length == kMaxChunk - 1) {
    more = second_last;
  } else if (length < kMaxChunk) {
    more = all_letters;
  }
  const Mask wanted = ends | more;
  const Mask present = Children(h, wanted);
  const float cost = ChunkCost(length);
  for (int w = 0; w < 2; ++w) {
    for (uint64_t bits = present.w[w]; bits != 0; bits &= bits - 1) {
      // Checked per letter: a tail may run to the end of the word.
      if (OutOfBudget()) return;
      const int j = w * 64 + std::countr_zero(bits);
      const PrefixFilter::State child = PrefixFilter::Next(h, letters[j]);
      path.push_back(static_cast<uint8_t>(j));
      if (ends.Test(j)) Tail(child, at, 3, cost);
      if (more.Test(j)) ChunkWalk(child, at, depth + 1, second_last);
      path.pop_back();
    }
  }
}

std::vector<Suggestion> Suggester::Impl::Run(std::string_view word) {
  bounded_search = options.bounded;
  std::vector<Suggestion> out = Search(word);
  if (bound < kUnreached && (out.size() < options.max_suggestions ||
                             out.back().cost > bound)) {
    const SuggestStats first = stats;
    bounded_search = false;
    out = Search(word);
    stats.work += first.work;
    stats.expansions += first.expansions;
    stats.word_probes += first.word_probes;
    stats.filter_hits += first.filter_hits;
  }
  return out;
}

std::vector<Suggestion> Suggester::Impl::Search(std::string_view word) {
  stats = SuggestStats();
  bound = kUnreached;
  max_cost = options.max_cost;
  if (!forms.Normalize(word, &normalized) || !SetWord(*this)) return {};
  extra.resize(n);
  extra_light.resize(n);
  for (int k = 0; k < n; ++k) {
    extra[k] =
        weights.Addition(q[k], k > 0 ? q[k - 1] : 0, k + 1 < n ? q[k + 1] : 0);
    extra_light[k] = extra[k] == EditWeights::kExtraDoubled ||
                     extra[k] == EditWeights::kExtraVowel ||
                     extra[k] == EditWeights::kExtraApostrophe;
  }
  before_mask.resize(n + 2);
  before_done.assign(n + 2, 0);
  between_mask.resize((n + 2) * letters.size());
  between_done.assign(n + 2, 0);
  vowel_run.assign(n + 1, 0);
  runs_before.clear();
  runs_before_first.assign(n + 1, kNotYet);
  runs_before_end.assign(n + 1, 0);
  respelling_first.assign(n + 2, 0);
  respelling_at.clear();
  size_t longest_from = 2;  // a transposition spans two letters
  for (int k = 0; k < n; ++k) {
    respelling_first[k] = static_cast<uint32_t>(respelling_at.size());
    // (Every `from` starts with an ASCII letter.)
    for (size_t x = 0; q[k] < 128 && x < respellings_by_first[q[k]].size();
         ++x) {
      const uint16_t r = respellings_by_first[q[k]][x];
      const std::u32string& from = respellings[r].from;
      if (std::u32string_view(q).substr(k, from.size()) == from) {
        respelling_at.push_back(r);
        longest_from = std::max(longest_from, from.size());
      }
    }
    const auto vowel = [&](int at) {
      return qi[at] >= 0 && vowel_letters.Test(qi[at]) &&
             (at > 0 || q[at] != U'y');
    };
    if (vowel(k) && (k == 0 || !vowel(k - 1))) {
      int end = k;
      while (end < n && vowel(end)) ++end;
      vowel_run[k] = static_cast<uint8_t>(std::min(end - k, 255));
      longest_from = std::max(longest_from, static_cast<size_t>(end - k));
    }
  }
  respelling_first[n] = respelling_first[n + 1] =
      static_cast<uint32_t>(respelling_at.size());

  children.Clear();
  candidates.Clear();
  path.clear();
  const PrefixFilter::State root =
      prefixes.empty() ? PrefixFilter::Root(0) : prefixes.root();
  // Without the prefix filter every edit is probed: distance 1 only.
  const int max_edits =
      prefixes.empty() ? std::min(options.max_edits, 1) : options.max_edits;
  // Distance by distance, so a budget cut never loses nearer candidates.
  // Distance 1 first, alone (a small part of the search; its leaves are
  // kept). The wide search (a light third edit, sound-alike spellings) only
  // if it found no strong candidate: then the typed word is likely a simple
  // slip, and the wide search would mostly add candidates ranked below it.
  // The whole search within 3/4 of the budget; if it is cut short, what
  // distance 1 found stands and the rest of the budget goes to the splits
  // (if distance 1 itself was cut, it runs again with the rest).
  work_limit =
      max_edits > 1 ? options.work_budget / 4 * 3 : options.work_budget;
  visited.Clear();
  bool wide = max_edits > 2 || (options.sound_alike && max_edits > 1);
  int completed = 0;
  if (max_edits > 1) {
    max_edits_now = 1;
    sound_alike_now = false;
    first_last_edit = std::max(first_suffix - 2, 0);
    Step(root, 0, 0, false, 0.0f);
    candidates.Resolve();
    if (!stats.budget_exhausted) completed = 1;
    wide = wide && candidates.BestCost() >= options.wide_search_below;
    visited.Clear();
    // Distance 2 and the wide search need not look past the cost of the
    // max_suggestions-th candidate that distance 1 found.
    candidates.Bound();
  }
  max_edits_now = wide ? max_edits : std::min(max_edits, 2);
  sound_alike_now = wide && options.sound_alike && max_edits > 1;
  first_last_edit = std::max(
      first_suffix - (sound_alike_now ? static_cast<int>(longest_from) : 2), 0);
  if (!stats.budget_exhausted) Step(root, 0, 0, false, 0.0f);
  candidates.Resolve();
  if (!stats.budget_exhausted) completed = max_edits_now;
  if (stats.budget_exhausted && max_edits > 1) {
    stats.budget_exhausted = false;
    work_limit = options.work_budget;
    if (completed == 0) {
      visited.Clear();
      max_edits_now = 1;
      sound_alike_now = false;
      first_last_edit = std::max(first_suffix - 2, 0);
      Step(root, 0, 0, false, 0.0f);
      candidates.Resolve();
      if (!stats.budget_exhausted) completed = 1;
    }
  }
  stats.edits_completed = completed;
  if (options.by_ear && by_ear_language && !prefixes.empty() &&
      !stats.budget_exhausted) {
    if (candidates.BestCost() >= options.by_ear_below) {
      stats.by_ear = true;
      ear.Run();
    }
  }
  if (options.chunks && !prefixes.empty() && !stats.budget_exhausted &&
      candidates.BestCost() >= options.chunks_below) {
    // No run is searched for if the cheapest would not be listed.
    candidates.Bound();
    if (ChunkCost(kMinChunk) + min_prior <= bound) {
      stats.chunks = true;
      Chunks();
    }
  }
  if (options.inflection_cost > 0 && by_ear_language && !prefixes.empty() &&
      !stats.budget_exhausted) {
    FindInflections(*this, *this, candidates);
  }
  if (options.split_words && !stats.budget_exhausted) {
    FindSplits(*this, *this, candidates);
  }
  return candidates.Rank(user_words);
}

Suggester::Suggester(const Dictionary& dictionary,
                     const SuggestOptions& options)
    : impl_(std::make_unique<Impl>(dictionary, options)) {}

Suggester::~Suggester() = default;

void Suggester::SetUserWords(const std::vector<std::string>& words) {
  impl_->user_words.clear();
  for (const std::string& w : words) {
    if (impl_->user_words.size() >= kMaxUserWordsScanned) break;
    std::u32string lower;
    if (!DecodeUtf8(w, &lower)) continue;
    for (char32_t& c : lower) c = LowerLetter(c, impl_->turkic);
    impl_->user_words.emplace_back(w, std::move(lower));
  }
}

std::vector<std::string> Suggester::Suggest(std::string_view word) {
  std::vector<std::string> out;
  for (Suggestion& s : impl_->Run(word)) out.push_back(std::move(s.text));
  return out;
}

std::vector<Suggestion> Suggester::SuggestScored(std::string_view word) {
  return impl_->Run(word);
}

const SuggestStats& Suggester::stats() const { return impl_->stats; }

bool Suggester::has_prefix_filter() const { return !impl_->prefixes.empty(); }

bool Suggester::has_word_classes() const { return !impl_->classes.empty(); }

bool Suggester::has_sound_prefixes() const {
  return impl_->ear.has_sound_prefixes();
}

}  // namespace spellfilter
