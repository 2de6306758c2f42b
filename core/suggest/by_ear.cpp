#include "core/suggest/by_ear.h"

#include <algorithm>
#include <bit>

#include "core/suggest/banded_edit_distance.h"
#include "core/suggest/edit_weights.h"
#include "core/text/sound_skeleton.h"

namespace spellfilter {
namespace {

// Letter indices are AlignmentRows letters (EarPush).
static_assert(Lexicon::kMaxLetters - 1 <= AlignmentRows::kMaxLetter);
// ear_other_ok's bits.
inline constexpr uint8_t kEarAdded = 1;
inline constexpr uint8_t kEarChanged = 2;

}  // namespace

EarSearch::EarSearch(const Lexicon& lex, SearchContext& ctx, Candidates& out)
    : lex_(lex), ctx_(ctx), out_(out) {
  const DictionaryContents& d = lex.dict.contents();
  // Checked by DecodeDictionary already; a failure leaves the view empty.
  if (!d.sound_skeletons.empty()) {
    (void)SkeletonFilter::Parse(d.sound_skeletons, &skeletons);
  }
  if (lex.options.sound_prefixes && !d.sound_prefixes.empty()) {
    (void)SoundPrefixFilter::Parse(d.sound_prefixes, &sound_prefixes);
  }
  by_ear_edit_ = skeletons.empty() ? std::min(lex.options.by_ear_edit, 1)
                                   : lex.options.by_ear_edit;
  const int count = static_cast<int>(lex.letters.size());
  for (const SoundSpelling& sp : SoundSpellings()) {
    EarSpelling e{{}, sp.units, kNoUnit};
    bool ok = true;
    for (char c : sp.letters) {
      const int j = lex_.ascii_letter[static_cast<unsigned char>(c)];
      ok &= j >= 0;
      e.letters.push_back(static_cast<uint8_t>(std::max(j, 0)));
    }
    if (!ok) continue;
    if (e.units.empty()) {
      ear_silent_first.Set(e.letters[0]);
    } else {
      auto u = std::find(ear_units.begin(), ear_units.end(), e.units);
      e.unit_id = static_cast<uint8_t>(u - ear_units.begin());
      if (u == ear_units.end()) ear_units.push_back(e.units);
    }
    ear_spellings.push_back(std::move(e));
  }
  for (int j = 0; j < count; ++j) {
    // The walk's fillers are the vowels: the other letters SoundSkeleton
    // leaves out (h, the apostrophe, accented letters) would each multiply
    // its branches for few words; h still comes in digraphs (ch, gh, ...).
    if (EditWeights::VowelForRuns(lex_.letters[j])) filler_letters.Set(j);
  }
}

void EarSearch::Run() {
  sound_gaps.clear();
  sound = SoundSkeleton(ctx_.q, &sound_gaps);
  // A skeleton of one sound is shared by too many words to rank ("tea",
  // "two", "auto" are "T").
  if (sound.size() < 2) return;
  ear_swap_ok.assign(sound.size() + 1, 0);
  // With the SOUND_SKELETONS section, a walk looks only for skeletons that
  // some word has, and is skipped when there is none.
  // The first walk always looks for the typed skeleton itself.
  ear_near_targets.clear();
  ear_other_targets.clear();
  if (!sound_prefixes.empty()) {
    ear_near_targets.push_back(sound_prefixes.SkeletonKey(sound));
  }
  const bool any[3] = {EarSkeletonsAllowed(),
                       by_ear_edit_ >= 1 && EarSkipsAllowed(),
                       by_ear_edit_ >= 2 && EarOthersAllowed()};
  for (std::vector<uint64_t>* t : {&ear_near_targets, &ear_other_targets}) {
    std::sort(t->begin(), t->end());
    t->erase(std::unique(t->begin(), t->end()), t->end());
  }
  ear_next_first.assign(sound.size() + 1, Mask());
  ear_repeat_first.assign(sound.size() + 1, Mask());
  ear_other_first.assign(sound.size() + 1, Mask());
  ear_swap_first.assign(sound.size() + 1, Mask());
  ear_at.resize(sound.size() + 1);
  for (size_t k = 0; k <= sound.size(); ++k) {
    std::vector<EarNext>& at = ear_at[k];
    at.clear();
    for (int kind = EarNext::kMatch; kind <= EarNext::kOther; ++kind) {
      for (size_t x = 0; x < ear_spellings.size(); ++x) {
        const EarSpelling& e = ear_spellings[x];
        const bool match =
            !e.units.empty() && sound.compare(k, e.units.size(), e.units) == 0;
        const bool repeat =
            e.units.size() == 1 && k > 0 && e.units[0] == sound[k - 1];
        const uint8_t other_ok =
            kind == EarNext::kOther && any[2] && k > 0 && !e.units.empty()
                ? ear_other_ok[k * ear_units.size() + e.unit_id]
                : 0;
        // Sounds k and k + 1 swapped: k + 1 spelled first.
        const bool swap = k > 0 && k + 1 < sound.size() && ear_swap_ok[k] &&
                          e.units.size() == 1 && e.units[0] == sound[k + 1];
        if (kind == EarNext::kMatch    ? match
            : kind == EarNext::kRepeat ? repeat
            : kind == EarNext::kSilent ? e.units.empty()
            : kind == EarNext::kSwap   ? swap
                                       : !match && other_ok != 0) {
          at.push_back(EarNext{static_cast<uint8_t>(x),
                               static_cast<uint8_t>(kind), e.letters[0],
                               other_ok});
        }
      }
    }
    for (const EarNext& x : at) {
      if (x.kind == EarNext::kMatch) {
        ear_next_first[k].Set(x.first);
      } else if (x.kind == EarNext::kRepeat) {
        ear_repeat_first[k].Set(x.first);
      } else if (x.kind == EarNext::kOther) {
        ear_other_first[k].Set(x.first);
      } else if (x.kind == EarNext::kSwap) {
        ear_swap_first[k].Set(x.first);
      }
    }
  }
  // Half the typed letters may change, at least 3 (else the edit search
  // had it), at most kMaxEarDistance.
  ear_max_distance = std::clamp((ctx_.n + 1) / 2, 3, kMaxEarDistance);
  ear_typed.resize(ctx_.n);
  for (int k = 0; k < ctx_.n; ++k) {
    ear_typed[k] = ctx_.qi[k] < 0 ? AlignmentRows::kNotALetter
                                  : static_cast<uint8_t>(ctx_.qi[k]);
  }
  // The walk appends at most a spelling (3 letters) past this length.
  ear_rows.Reset(ear_typed, ear_max_distance,
                 static_cast<size_t>(ctx_.n) + kMaxEarExtraLetters + 3);
  // The same sounds (by_ear_edit 0), or the same sounds and up to two
  // typed sounds left out or two adjacent ones swapped (1, one walk), then
  // (2) one sound changed or added, each walk within its share of the work
  // budget.
  const uint64_t limit = ctx_.work_limit;
  for (int walk = std::min(by_ear_edit_, 1); walk <= std::min(by_ear_edit_, 2);
       ++walk) {
    if (!(walk == 1 ? any[0] || any[1] : any[walk])) continue;
    ear_edits = walk;
    ear_targets = walk <= 1 ? &ear_near_targets : &ear_other_targets;
    ear_prefix_ok.Clear();
    ctx_.work_limit =
        std::min(limit, ctx_.stats.work + (walk == 1 ? 2 : 1) * kByEarWork);
    ear_seen.Clear();
    path.clear();
    ear_first = -1;
    EarWalk(lex_.prefixes.root(), 0, 0, false, 0);
    if (ctx_.stats.budget_exhausted && ctx_.work_limit < limit) {
      ctx_.stats.budget_exhausted = false;  // this walk's share, not the word's
    }
  }
  ctx_.work_limit = limit;
  out_.Resolve();
}

bool EarSearch::MayBeSkeleton(std::string_view skeleton,
                              std::vector<uint64_t>* targets) {
  if (!skeletons.empty()) {
    ++ctx_.stats.work;
    if (!skeletons.MayContain(skeleton)) return false;
  }
  if (targets != nullptr && !sound_prefixes.empty()) {
    targets->push_back(sound_prefixes.SkeletonKey(skeleton));
  }
  return true;
}

bool EarSearch::EarSkeletonsAllowed() { return MayBeSkeleton(sound); }

bool EarSearch::EarSkipsAllowed() {
  const size_t m = sound.size();
  ear_swap_ok.assign(m + 1, 0);
  ear_single_ok.assign(m + 1, 0);
  ear_pair_ok.assign(m * m, 0);
  ear_pair_last.assign(m + 1, -1);
  bool any = false;
  // Without the section, one sound left out only (unguided, two or a swap
  // would cost several times more).
  const bool guided = !skeletons.empty();
  // Checked against the budget per sound, as the walks check it per step.
  for (size_t k = 1; k < m && !ctx_.OutOfBudget(); ++k) {
    // Sound k left out, alone or with a later one.
    ear_variant.assign(sound).erase(k, 1);
    ear_single_ok[k] = MayBeSkeleton(ear_variant, &ear_near_targets);
    for (size_t k2 = k + 1; guided && k2 < m; ++k2) {
      ear_variant.assign(sound).erase(k2, 1).erase(k, 1);
      if (MayBeSkeleton(ear_variant, &ear_near_targets)) {
        ear_pair_ok[k * m + k2] = 1;
        ear_pair_last[k] = static_cast<int>(k2);
      }
    }
    // Sounds k and k + 1 swapped.
    if (guided && k + 1 < m && sound[k] != sound[k + 1]) {
      ear_variant.assign(sound);
      std::swap(ear_variant[k], ear_variant[k + 1]);
      ear_swap_ok[k] = MayBeSkeleton(ear_variant, &ear_near_targets);
    }
    any |= EarSkipOk(k) || ear_swap_ok[k];
  }
  return any;
}

bool EarSearch::EarOthersAllowed() {
  const size_t units = ear_units.size();
  ear_other_ok.assign((sound.size() + 1) * units, 0);
  bool any = false;
  for (size_t k = 1; k <= sound.size() && !ctx_.OutOfBudget(); ++k) {
    for (size_t u = 0; u < units; ++u) {
      const std::string_view unit = ear_units[u];
      uint8_t& ok = ear_other_ok[k * units + u];
      ear_variant.assign(sound, 0, k).append(unit).append(sound, k);
      if (MayBeSkeleton(ear_variant, &ear_other_targets)) ok |= kEarAdded;
      if (unit.size() == 1 && k < sound.size() && unit[0] != sound[k]) {
        ear_variant.assign(sound);
        ear_variant[k] = unit[0];
        if (MayBeSkeleton(ear_variant, &ear_other_targets)) {
          ok |= kEarChanged;
        }
      }
      any |= ok != 0;
    }
  }
  return any;
}

void EarSearch::EarWalk(PrefixFilter::State h, size_t k, int fillers,
                        bool may_repeat, int edited) {
  if (ctx_.OutOfBudget()) return;
  {
    // After a first edit, what may follow depends on which it was.
    const uint64_t first =
        ear_edits == 1 && edited > 0 ? static_cast<uint64_t>(ear_first) + 1 : 0;
    auto [seen, created] = ear_seen.Get(
        h + first * 0xC2B2AE3D27D4EB4Full +
        (((k * (kMaxEarFillers + 1) + fillers) * 2 + may_repeat) * 3 + edited +
         1) *
            0x9E3779B97F4A7C15ull);
    if (!created) return;
  }
  if (!EarPrefixOk()) return;
  if (k == sound.size()) EarLeaf(h, edited);
  const bool may_edit = edited < EarEditsAllowed();
  // After a first edit, the prefix is given up past the last place where a
  // second one gives a skeleton that the section holds (when the first
  // alone does not): two sounds left out, a swap completed.
  const int first_k = ear_first >> 1;
  const bool swapped = (ear_first & 1) != 0;
  if (ear_edits == 1 && edited == 1 &&
      (swapped ? static_cast<int>(k) > first_k + 1
               : !ear_single_ok[first_k] &&
                     static_cast<int>(k) > ear_pair_last[first_k])) {
    return;
  }
  // A typed sound may be one too many ("speficifcation"), or two, not the
  // first: first letters are seldom wrong (Pollock & Zamora 1983), and
  // without it every word would be a candidate prefix.
  if (may_edit && ear_edits == 1 && k > 0 && k < sound.size() &&
      (edited == 0 ? EarSkipOk(k)
       : swapped   ? static_cast<int>(k) == first_k + 1
                   : ear_pair_ok[first_k * sound.size() + k] != 0)) {
    const int saved = ear_first;
    if (edited == 0) ear_first = static_cast<int>(2 * k);
    EarWalk(h, k + 1, fillers, false, edited + 1);
    ear_first = saved;
  }
  if (path.size() >= static_cast<size_t>(ctx_.n) + kMaxEarExtraLetters) return;
  const bool filler_room = fillers < FillerRoom(k);
  // The first letters of the spellings that may come next (ear_at[k]),
  // and the fillers.
  Mask spelled = ear_next_first[k];
  if (fillers == 0 && may_repeat) spelled = spelled | ear_repeat_first[k];
  if (filler_room) spelled = spelled | ear_silent_first;
  const bool other_sound = may_edit && ear_edits == 2 && k > 0;
  if (other_sound) spelled = spelled | ear_other_first[k];
  const bool swap_sound = edited == 0 && ear_edits == 1 && k > 0;
  if (swap_sound) spelled = spelled | ear_swap_first[k];
  const Mask wanted = filler_room ? spelled | filler_letters : spelled;
  // Each prefix is seldom reached twice: its letters are tested in its
  // block directly, not remembered in `children`.
  Mask present;
  {
    const uint64_t* block = lex_.prefixes.Block(h);
    ++ctx_.stats.expansions;
    for (int w = 0; w < 2; ++w) {
      if (wanted.w[w] == 0) continue;
      ctx_.stats.work += BitCount(wanted.w[w]);
      present.w[w] = lex_.prefixes.HasAmong(block, h, lex_.letter_keys, 64 * w,
                                            wanted.w[w]);
    }
  }
  const size_t depth = path.size();
  if (filler_room) {
    for (int w = 0; w < 2; ++w) {
      for (uint64_t bits = present.w[w] & filler_letters.w[w]; bits != 0;
           bits &= bits - 1) {
        const int j = w * 64 + std::countr_zero(bits);
        if (EarPush(j)) {
          EarWalk(PrefixFilter::Next(h, lex_.letters[j]), k, fillers + 1, false,
                  edited);
        }
        path.Truncate(depth);
      }
    }
  }
  // The spellings of the next units, of the last one again (doubled), of
  // nothing (silent), of any other sound: ear_at[k]'s classes, in order;
  // none if no first letter of theirs continues the prefix.
  const Mask starts = present & spelled;
  if ((starts.w[0] | starts.w[1]) == 0) return;
  for (const EarNext& x : ear_at[k]) {
    if (x.kind == EarNext::kRepeat && !(fillers == 0 && may_repeat)) continue;
    if (x.kind == EarNext::kSilent && !filler_room) continue;
    if (x.kind == EarNext::kSwap && !swap_sound) continue;
    if (x.kind == EarNext::kOther && !other_sound) break;
    if (!present.Test(x.first)) continue;
    const EarSpelling& e = ear_spellings[x.spelling];
    const size_t next = x.kind == EarNext::kMatch ? k + e.units.size() : k;
    // A swap starts as sound k + 1 added before sound k; leaving sound
    // k + 1 out after it (guided as a second edit) completes it.
    const bool edit = x.kind == EarNext::kOther || x.kind == EarNext::kSwap;
    const uint8_t other_ok = x.other_ok;
    PrefixFilter::State s = h;
    bool ok = true;
    for (size_t l = 0; ok && l < e.letters.size(); ++l) {
      if (l > 0) {
        ++ctx_.stats.work;
        ok = lex_.Continues(s, e.letters[l]);
      }
      ok = ok && EarPush(e.letters[l]);
      s = PrefixFilter::Next(s, lex_.letters[e.letters[l]]);
    }
    // A sound that an edit brings in may be spelled with its letter
    // doubled ("necessary" heard in "nesseccary": the S of "ss" for the
    // typed K). The typed sounds' own doublings are ear_at's kRepeat, which
    // only spell the sound before k again.
    const bool doubled = ok && edit && e.letters.size() == 1;
    for (int twice = 0; ok && twice <= static_cast<int>(doubled); ++twice) {
      if (twice) {
        ++ctx_.stats.work;
        if (!lex_.Continues(s, e.letters[0]) || !EarPush(e.letters[0])) break;
        s = PrefixFilter::Next(s, lex_.letters[e.letters[0]]);
      }
      const int saved = ear_first;
      if (x.kind == EarNext::kSwap) ear_first = static_cast<int>(2 * k + 1);
      // A spelling of the next sounds, of none, of a sound added or
      // swapped ...
      if (x.kind != EarNext::kOther || (other_ok & kEarAdded)) {
        EarWalk(s, next, e.units.empty() ? fillers + 1 : 0,
                !e.units.empty() && next != k && !edit, edited + edit);
      }
      // ... or of a sound for the typed one
      if (x.kind == EarNext::kOther && (other_ok & kEarChanged)) {
        EarWalk(s, k + 1, 0, false, edited + 1);
      }
      ear_first = saved;
    }
    path.Truncate(depth);
  }
}

bool EarSearch::EarPrefixOk() {
  const size_t depth = path.size();
  if (sound_prefixes.empty() || depth == 0 || depth > sound_prefixes.depth()) {
    return true;
  }
  PrefixFilter::State state = sound_prefixes.Root();
  for (uint8_t j : path) state = PrefixFilter::Next(state, lex_.letters[j]);
  auto [ok, created] = ear_prefix_ok.Get(state);
  if (created) {
    *ok = 0;
    for (uint64_t target : *ear_targets) {
      ++ctx_.stats.work;
      if (sound_prefixes.MayHave(target, state)) {
        *ok = 1;
        break;
      }
    }
    if (!*ok) ++ctx_.stats.ear_prefixes_cut;
  }
  return *ok != 0;
}

bool EarSearch::EarPush(int j) {
  // The walk gives up on a prefix already more than ear_max_distance edits
  // from every prefix of the typed word.
  path.push_back(static_cast<uint8_t>(j));
  const size_t d = path.size();
  return ear_rows.Fill(d, static_cast<uint8_t>(j), d > 1 ? path[d - 2] : 0);
}

void EarSearch::EarLeaf(PrefixFilter::State h, int edited) {
  if (path.empty()) return;
  const int d = ear_rows.Distance(path.size());
  if (d < 3 || d > ear_max_distance) return;  // nearer: the edit search
  ear_word.clear();
  for (uint8_t j : path) ear_word.push_back(lex_.letters[j]);
  // The walk follows spellings out of context: the word must really sound
  // so ("ce" is not "KE").
  const std::string heard = SoundSkeleton(ear_word);
  // Sounds left out, added, changed or swapped (a swap is one).
  const int sounds =
      heard == sound ? 0
      : edited == 0  ? 1
                     : BandedEditDistance(
                           std::u32string(heard.begin(), heard.end()),
                           std::u32string(sound.begin(), sound.end()), edited);
  if (sounds > edited) return;
  Leaf(h, 3,
       kByEar + kByEarPerEdit * static_cast<float>(d) +
           kByEarOtherSound * static_cast<float>(sounds));
}

}  // namespace spellfilter
