#include "core/suggest/edit_walk.h"

#include <bit>

namespace spellfilter {
namespace {

inline constexpr int kMaxLetters = Lexicon::kMaxLetters;
// Light edits (see EditWalk::Limit): substitutions up to a vowel for
// a vowel, omissions up to a vowel's.
inline constexpr float kLightSub = EditWeights::kSubVowel;
inline constexpr float kLightOmission = EditWeights::kOmitVowel;

}  // namespace

EditWalk::EditWalk(const Lexicon& lex, SearchContext& ctx, Candidates& out)
    : lex_(lex),
      ctx_(ctx),
      out_(out),
      prefixes_(lex.prefixes),
      letter_keys_(lex.letter_keys),
      letters_(lex.letters),
      sound_alike_(lex) {
  weights.SetKeyboard(lex.keyboard);
  const int count = static_cast<int>(letters_.size());
  for (int j = 0; j < count; ++j) {
    all_letters_.Set(j);
    if (EditWeights::VowelForRuns(letters_[j])) vowel_letters.Set(j);
  }

  base_id.resize(count);
  apostrophe.resize(count);
  omission_weight.resize(count);
  for (int j = 0; j < count; ++j) {
    const char32_t base = weights.Base(letters_[j]);
    base_id[j] = j;
    for (int k = 0; k < j; ++k) {
      if (weights.Base(letters_[k]) == base) {
        base_id[j] = base_id[k];
        break;
      }
    }
    apostrophe[j] = letters_[j] == U'\'';
    // Neither neighbour can be a doubling here (0 = word edge).
    omission_weight[j] = weights.Omission(letters_[j], 0, 0);
  }
  sub_weight.resize(static_cast<size_t>(count) * count);
  for (int a = 0; a < count; ++a) {
    for (int b = 0; b < count; ++b) {
      sub_weight[a * count + b] =
          weights.Substitution(letters_[a], letters_[b]);
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

void EditWalk::Prepare() {
  q_ = ctx_.q;
  qi_ = ctx_.qi;
  n_ = ctx_.n;
  suffix_ok_ = ctx_.suffix_ok;
  rev_state_ = ctx_.rev_state;
  extra.resize(n_);
  extra_light.resize(n_);
  for (int k = 0; k < n_; ++k) {
    extra[k] = weights.Addition(q_[k], k > 0 ? q_[k - 1] : 0,
                                k + 1 < n_ ? q_[k + 1] : 0);
    extra_light[k] = extra[k] == EditWeights::kExtraDoubled ||
                     extra[k] == EditWeights::kExtraVowel ||
                     extra[k] == EditWeights::kExtraApostrophe;
  }
  before_mask.resize(n_ + 2);
  before_done.assign(n_ + 2, 0);
  between_mask.resize((n_ + 2) * letters_.size());
  between_done.assign(n_ + 2, 0);
  runs_before.clear();
  runs_before_first.assign(n_ + 1, kNotYet);
  runs_before_end.assign(n_ + 1, 0);
  runs_after_at.assign((n_ + 1) * letters_.size(), kNotYet);
  runs_after_bits.clear();
  sound_alike_.Find(q_, qi_, vowel_letters);
  children.Clear();
  path_.clear();
}

Mask EditWalk::Children(PrefixFilter::State h, const Mask& wanted) {
  auto [t, created] = children.Get(h);
  if (prefixes_.empty()) {
    t->present = all_letters_;
    return wanted;
  }
  const uint64_t* block = nullptr;
  for (int w = 0; w < 2; ++w) {
    const uint64_t untested = wanted.w[w] & ~t->tested.w[w];
    if (untested == 0) continue;
    if (block == nullptr) {
      block = prefixes_.Block(h);
      ++ctx_.stats.expansions;
    }
    t->tested.w[w] |= untested;
    ctx_.stats.work += BitCount(untested);
    t->present.w[w] |=
        prefixes_.HasAmong(block, h, letter_keys_, 64 * w, untested);
  }
  Mask out;
  out.w[0] = t->present.w[0] & wanted.w[0];
  out.w[1] = t->present.w[1] & wanted.w[1];
  return out;
}

void EditWalk::ComputeBefore(int j) {
  before_done[j] = 1;
  Mask& m = before_mask[j];
  m = Mask();
  if (prefixes_.empty()) {
    m = all_letters_;
  } else if (suffix_ok_[j]) {
    const PrefixFilter::State r = rev_state_[j];
    const uint64_t* block = prefixes_.Block(r);
    for (int w = 0; w < 2; ++w) {
      if (all_letters_.w[w] == 0) continue;  // (no letter 64 or beyond)
      m.w[w] =
          prefixes_.HasAmong(block, r, letter_keys_, 64 * w, all_letters_.w[w]);
    }
    ctx_.stats.work += letters_.size();
    ++ctx_.stats.expansions;
  }
}

void EditWalk::Tail(PrefixFilter::State h, int i, int edits, float cost) {
  const size_t depth = path_.size();
  if (i < n_) {
    // Most tails end at their first letter, whose block the caller has
    // usually fetched: the states ahead are computed (and their blocks
    // fetched) only once it continues the prefix.
    if (qi_[i] < 0) return;
    ++ctx_.stats.work;
    if (!Continues(h, qi_[i])) return;
    path_.push_back(static_cast<uint8_t>(qi_[i]));
    Ahead ahead(*this, h, i);
    h = ahead.Advance(i);
    for (++i; i < n_; ++i) {
      if (qi_[i] < 0) break;
      ++ctx_.stats.work;
      if (!Continues(h, qi_[i])) break;
      path_.push_back(static_cast<uint8_t>(qi_[i]));
      h = ahead.Advance(i);
    }
  }
  if (i == n_) Leaf(h, edits, cost);
  Truncate(depth);
}

void EditWalk::LastWalk(PrefixFilter::State h, int i, int edits, float cost) {
  const size_t depth = path_.size();
  if (i < first_last_edit) {
    Ahead ahead(*this, h, i);
    for (; i < first_last_edit; ++i) {
      ++ctx_.stats.work;
      if (qi_[i] < 0 || !Continues(h, qi_[i])) {
        Truncate(depth);
        return;
      }
      path_.push_back(static_cast<uint8_t>(qi_[i]));
      h = ahead.Advance(i);
    }
  }
  const bool can_heavy = edits < Limit(true);
  const int count = static_cast<int>(letters_.size());
  const size_t stride = levels.size() + 1;
  // The room changes only with `first` (while the path is empty): the
  // levels are looked up again only then.
  float level_room = -1.0f;
  int sub_level = 0;
  int omit_level = 0;
  for (;; ++i) {
    if (ctx_.OutOfBudget()) break;
    if (i == n_) Leaf(h, edits, cost);
    // The prefix with the typed letter, whose block the loop's next pass
    // tests.
    PrefixFilter::State next = 0;
    if (i < n_ && qi_[i] >= 0) {
      next = PrefixFilter::Next(h, q_[i]);
      Prefetch(next);
    }
    const float first = path_.empty() ? EditWeights::kFirstLetter : 0.0f;
    const float room = max_cost_ - cost - first;
    if (room < EditWeights::kLightest) {
      Tail(h, i, edits, cost);
      break;
    }
    const int before = path_.empty() ? -1 : path_.back();
    const int after = i < n_ ? qi_[i] : -1;
    const float* row =
        i < n_ && after >= 0 ? &sub_weight[after * count] : generic_row.data();
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
    if (i < n_) {
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
      ctx_.stats.work += BitCount(wanted.w[0]) + BitCount(wanted.w[1]);
      if (!prefixes_.empty()) {
        const uint64_t* block = prefixes_.Block(h);
        for (int w = 0; w < 2; ++w) {
          if (wanted.w[w] == 0) continue;
          present.w[w] =
              prefixes_.HasAmong(block, h, letter_keys_, 64 * w, wanted.w[w]);
        }
      }
      int found[kMaxLetters];
      PrefixFilter::State found_state[kMaxLetters];
      int found_count = 0;
      for (int w = 0; w < 2; ++w) {
        for (uint64_t bits = present.w[w]; bits != 0; bits &= bits - 1) {
          const int j = w * 64 + std::countr_zero(bits);
          found_state[found_count] = PrefixFilter::Next(h, letters_[j]);
          Prefetch(found_state[found_count]);
          found[found_count++] = j;
        }
      }
      for (int f = 0; f < found_count; ++f) {
        const int j = found[f];
        const PrefixFilter::State child = found_state[f];
        path_.push_back(static_cast<uint8_t>(j));
        if (subs.Test(j) && row[j] <= sub_room) {
          Tail(child, i + 1, edits + 1, cost + first + row[j]);
        }
        const float omit = OmissionWeight(j, before, after);
        if (ins.Test(j) && omit <= omit_room) {
          Tail(child, i, edits + 1, cost + first + omit);
        }
        path_.pop_back();
      }
    }
    if (i == n_) break;
    if (sound_alike_now && can_heavy) SoundAlike(h, i, edits, cost, true);
    // The typed letter is one too many.
    if (suffix_ok_[i + 1] && extra[i] <= room &&
        (extra_light[i] || can_heavy) &&
        (before < 0 || Before(i + 1).Test(before))) {
      Tail(h, i + 1, edits + 1, cost + first + extra[i]);
    }
    // Two typed letters are swapped.
    if (i + 1 < n_ && q_[i] != q_[i + 1] && after >= 0 && qi_[i + 1] >= 0 &&
        EditWeights::kTransposition <= room && suffix_ok_[i + 2] &&
        Before(i + 2).Test(after)) {
      const PrefixFilter::State r1 =
          PrefixFilter::Next(rev_state_[i + 2], q_[i]);
      ctx_.stats.work += 3;
      if (Continues(r1, qi_[i + 1]) && Continues(h, qi_[i + 1])) {
        const PrefixFilter::State c1 = PrefixFilter::Next(h, q_[i + 1]);
        if (Continues(c1, after)) {
          path_.push_back(static_cast<uint8_t>(qi_[i + 1]));
          path_.push_back(static_cast<uint8_t>(after));
          Tail(PrefixFilter::Next(c1, q_[i]), i + 2, edits + 1,
               cost + first + EditWeights::kTransposition);
          Truncate(path_.size() - 2);
        }
      }
    }
    // The typed letter, unchanged.
    ++ctx_.stats.work;
    if (after < 0 || !Continues(h, after)) break;
    path_.push_back(static_cast<uint8_t>(after));
    h = next;
  }
  Truncate(depth);
}

void EditWalk::Walk(PrefixFilter::State h, int i, int edits, bool heavy,
                    float cost) {
  if (ctx_.OutOfBudget()) return;
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
  if (i == n_) Leaf(h, edits, cost);

  const float first = path_.empty() ? EditWeights::kFirstLetter : 0.0f;
  // What an edit here may weigh.
  const float room = max_cost_ - cost - first;
  const int before = path_.empty() ? -1 : path_.back();
  const int after = i < n_ ? qi_[i] : -1;
  const int count = static_cast<int>(letters_.size());
  const float* row =
      i < n_ && qi_[i] >= 0 ? &sub_weight[qi_[i] * count] : generic_row.data();
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
    if (i < n_) sub_end = Between(i + 1, before);
    ins_end = Between(i, before);
  }
  const Mask sub_fit_heavy = heavy_last ? sub_end : all_letters_;
  const Mask sub_fit_light = light_last ? sub_end : all_letters_;
  const Mask ins_fit_heavy = heavy_last ? ins_end : all_letters_;
  const Mask ins_fit_light = light_last ? ins_end : all_letters_;

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
    if (i < n_) {
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
  const bool swap = i + 1 < n_ && q_[i] != q_[i + 1] && after >= 0 &&
                    qi_[i + 1] >= 0 && EditWeights::kTransposition <= room;
  if (swap) wanted.Set(qi_[i + 1]);
  const Mask mask = Children(h, wanted);

  // The typed letter, unchanged.
  if (after >= 0 && mask.Test(after)) {
    path_.push_back(static_cast<uint8_t>(after));
    Step(PrefixFilter::Next(h, q_[i]), i + 1, edits, heavy, cost);
    path_.pop_back();
  }

  // The typed letter is one too many.
  if (i < n_ && extra[i] <= room) {
    const bool light = extra_light[i];
    if ((light || can_heavy) &&
        (!(light ? light_last : heavy_last) || suffix_ok_[i + 1])) {
      Step(h, i + 1, edits + 1, heavy || !light, cost + first + extra[i]);
    }
  }
  // Two typed letters are swapped (a light edit).
  if (swap) {
    bool fits = true;
    if (light_last) {  // q[i+1] q[i] q[i+2..n) must end a word
      fits = suffix_ok_[i + 2] && Before(i + 2).Test(after);
      if (fits && !prefixes_.empty()) {
        const PrefixFilter::State r1 =
            PrefixFilter::Next(rev_state_[i + 2], q_[i]);
        ++ctx_.stats.work;
        fits = Continues(r1, qi_[i + 1]);
      }
    }
    const PrefixFilter::State c1 = PrefixFilter::Next(h, q_[i + 1]);
    ctx_.stats.work += 2;
    if (fits && mask.Test(qi_[i + 1]) && Continues(c1, after)) {
      const PrefixFilter::State c2 = PrefixFilter::Next(c1, q_[i]);
      path_.push_back(static_cast<uint8_t>(qi_[i + 1]));
      path_.push_back(static_cast<uint8_t>(after));
      Step(c2, i + 2, edits + 1, heavy,
           cost + first + EditWeights::kTransposition);
      Truncate(path_.size() - 2);
    }
  }
  if (sound_alike_now && can_heavy && i < n_) {
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
      float sub = i < n_ && j != after ? row[j] : kUnreached;
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
      const PrefixFilter::State child = PrefixFilter::Next(h, letters_[j]);
      ++ctx_.stats.work;
      if (!prefixes_.empty()) __builtin_prefetch(prefixes_.Block(child));
      todo[todo_count++] = Edit{child, sub, omit, j};
    }
  }
  for (int k = 0; k < todo_count; ++k) {
    const Edit& e = todo[k];
    path_.push_back(static_cast<uint8_t>(e.letter));
    if (e.sub != kUnreached) {
      Step(e.child, i + 1, edits + 1, heavy || e.sub > kLightSub,
           cost + first + e.sub);
    }
    if (e.omit != kUnreached) {
      Step(e.child, i, edits + 1, heavy || e.omit > kLightOmission,
           cost + first + e.omit);
    }
    path_.pop_back();
  }
}

void EditWalk::SoundAlike(PrefixFilter::State h, int i, int edits, float cost,
                          bool last) {
  const float first = path_.empty() ? EditWeights::kFirstLetter : 0.0f;
  const size_t depth = path_.size();
  const float table_cost = cost + first + EditWeights::kSoundAlikeSpelling;
  const SoundAlikeSpellings& t = sound_alike_;
  for (uint32_t k = t.respelling_first[i]; k < t.respelling_first[i + 1]; ++k) {
    const SoundAlikeSpellings::Respelling& r =
        t.respellings[t.respelling_at[k]];
    const int end = i + static_cast<int>(r.from.size());
    if (table_cost > max_cost_ ||
        (last && !(suffix_ok_[end] && Before(end).Test(r.to.back())))) {
      continue;
    }
    PrefixFilter::State s = h;
    bool ok = true;
    for (uint8_t j : r.to) {
      ++ctx_.stats.work;
      if (!Continues(s, j)) {
        ok = false;
        break;
      }
      path_.push_back(j);
      s = PrefixFilter::Next(s, letters_[j]);
    }
    if (ok) AfterSoundAlike(s, end, edits + 1, table_cost, last);
    Truncate(depth);
  }
  const float run_cost = cost + first + EditWeights::kVowelRun;
  const int run = t.vowel_run[i];
  if (run > 0 && run_cost <= max_cost_) {
    if (last) {
      LastVowelRun(h, i, i + run, edits + 1, run_cost);
    } else {
      VowelRun(h, i, i + run, 0, edits + 1, run_cost, false);
    }
  }
}

void EditWalk::CollectRuns(PrefixFilter::State r, int depth, RunBefore run) {
  if (depth == 3) return;
  const Mask m = Children(r, vowel_letters);
  for (int w = 0; w < 2; ++w) {
    for (uint64_t bits = m.w[w]; bits != 0; bits &= bits - 1) {
      const int v = w * 64 + std::countr_zero(bits);
      // Collected backwards: the new letter goes first.
      RunBefore longer = run;
      longer.letters[2 - depth] = static_cast<uint8_t>(v);
      longer.length = static_cast<uint8_t>(depth + 1);
      longer.reverse = PrefixFilter::Next(r, letters_[v]);
      ++ctx_.stats.work;
      runs_before.push_back(longer);
      CollectRuns(longer.reverse, depth + 1, longer);
    }
  }
}

std::pair<const EditWalk::RunBefore*, const EditWalk::RunBefore*>
EditWalk::RunsBefore(int end) {
  if (runs_before_first[end] == kNotYet) {
    runs_before_first[end] = static_cast<uint32_t>(runs_before.size());
    if (suffix_ok_[end]) CollectRuns(rev_state_[end], 0, RunBefore{});
    runs_before_end[end] = static_cast<uint32_t>(runs_before.size());
  }
  return {runs_before.data() + runs_before_first[end],
          runs_before.data() + runs_before_end[end]};
}

const uint64_t* EditWalk::RunsAfter(int end, int b) {
  uint32_t& at = runs_after_at[end * letters_.size() + b];
  if (at == kNotYet) {
    const auto [first, last] = RunsBefore(end);
    at = static_cast<uint32_t>(runs_after_bits.size());
    runs_after_bits.resize(at + (last - first + 63) / 64, 0);
    uint64_t* bits = runs_after_bits.data() + at;
    for (const RunBefore* r = first; r != last; ++r) {
      ++ctx_.stats.work;
      if (Continues(r->reverse, b)) {
        const size_t k = static_cast<size_t>(r - first);
        bits[k >> 6] |= uint64_t{1} << (k & 63);
      }
    }
  }
  return runs_after_bits.data() + at;
}

void EditWalk::LastVowelRun(PrefixFilter::State h, int i, int end, int edits,
                            float cost) {
  const auto [first, last] = RunsBefore(end);
  if (first == last) return;
  const size_t depth = path_.size();
  // The runs the prefix's last letter can precede (a test in the blocks
  // every prefix shares, made once per letter), and the vowels that
  // continue the prefix (one block): a run passing both is followed on.
  const uint64_t* after = depth > 0 ? RunsAfter(end, path_.back()) : nullptr;
  const Mask starts = Continuing(h, vowel_letters);
  for (const RunBefore* r = first; r != last; ++r) {
    const size_t k = static_cast<size_t>(r - first);
    if (after != nullptr && ((after[k >> 6] >> (k & 63)) & 1) == 0) continue;
    const uint8_t* run = r->letters + (3 - r->length);
    if (!starts.Test(run[0])) continue;
    if (r->length == end - i) {
      bool same = true;
      for (int l = 0; same && l < r->length; ++l) {
        same = letters_[run[l]] == q_[i + l];
      }
      if (same) continue;
    }
    PrefixFilter::State s = PrefixFilter::Next(h, letters_[run[0]]);
    path_.push_back(run[0]);
    bool ok = true;
    for (int l = 1; l < r->length && ok; ++l) {
      ++ctx_.stats.work;
      ok = Continues(s, run[l]);
      s = PrefixFilter::Next(s, letters_[run[l]]);
      path_.push_back(run[l]);
    }
    if (ok) Tail(s, end, edits, cost);
    Truncate(depth);
  }
}

void EditWalk::VowelRun(PrefixFilter::State s, int i, int end, int depth,
                        int edits, float cost, bool last) {
  if (depth > 0) {
    bool same = depth == end - i;
    for (int k = 0; same && k < depth; ++k) {
      same = letters_[path_[path_.size() - depth + k]] == q_[i + k];
    }
    if (!same &&
        (!last || (suffix_ok_[end] && Before(end).Test(path_.back())))) {
      AfterSoundAlike(s, end, edits, cost, last);
    }
  }
  if (depth == 3 || ctx_.OutOfBudget()) return;
  const Mask m = Children(s, vowel_letters);
  for (int w = 0; w < 2; ++w) {
    for (uint64_t bits = m.w[w]; bits != 0; bits &= bits - 1) {
      const int v = w * 64 + std::countr_zero(bits);
      path_.push_back(static_cast<uint8_t>(v));
      VowelRun(PrefixFilter::Next(s, letters_[v]), i, end, depth + 1, edits,
               cost, last);
      path_.pop_back();
    }
  }
}

void EditWalk::AfterSoundAlike(PrefixFilter::State s, int end, int edits,
                               float cost, bool last) {
  if (last) {
    Tail(s, end, edits, cost);
  } else {
    Step(s, end, edits, true, cost);
  }
}

}  // namespace spellfilter
