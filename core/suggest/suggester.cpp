#include "core/suggest/suggester.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/suggest/affixed.h"
#include "core/suggest/by_ear.h"
#include "core/suggest/candidates.h"
#include "core/suggest/checked_edits.h"
#include "core/suggest/chunks.h"
#include "core/suggest/composed_letters.h"
#include "core/suggest/compounds.h"
#include "core/suggest/edit_walk.h"
#include "core/suggest/inflections.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/replacements.h"
#include "core/suggest/search_context.h"
#include "core/suggest/splits.h"
#include "core/text/letter_case.h"
#include "core/text/sound_skeleton.h"

namespace spellfilter {

// The searches, in the order Search runs them, over one Lexicon and one
// SearchContext, all collecting into `candidates`.
struct Suggester::Impl {
  Impl(const Dictionary& d, const SuggestOptions& o)
      : lex(d, o),
        by_ear_language(SoundSkeletonsApply(d.language())),
        composed(d) {}

  // The suggestions for `typed`: Search, bounded (Candidates::Bound), and
  // again unbounded if the bound did not hold; composed letters (ĳ) joined
  // for the search and split in the suggestions.
  std::vector<Suggestion> Run(std::string_view typed);
  // Run for the typed word with its composed letters joined.
  std::vector<Suggestion> RunJoined(std::string_view word);
  std::vector<Suggestion> Search(std::string_view word);

  Lexicon lex;
  SearchContext ctx;
  // The user's words: as listed, and lower-cased code points.
  std::vector<std::pair<std::string, std::u32string>> user_words;
  // English (sound_skeleton.h): the by-ear search and the inflections.
  bool by_ear_language;
  // Letters the dictionary joins (Dutch ĳ): searched joined, shown apart.
  ComposedLetters composed;
  Candidates candidates{lex, ctx};
  EditWalk edits{lex, ctx, candidates};
  EarSearch ear{lex, ctx, candidates};
  ChunkSearch chunks{lex, ctx, edits, candidates};
  CompoundSearch compounds{lex, ctx, candidates};
  AffixSearch affixed{lex, ctx, candidates};
  CheckedEdits checked{lex, ctx, candidates};
};

std::vector<Suggestion> Suggester::Impl::Run(std::string_view typed) {
  std::string joined;
  const std::string_view word =
      composed.Compose(typed, &joined) ? std::string_view(joined) : typed;
  std::vector<Suggestion> out = RunJoined(word);
  if (!composed.empty()) {
    // Split again; a word listed both ways is shown once.
    std::vector<Suggestion> shown;
    for (Suggestion& s : out) {
      composed.Decompose(&s.text);
      if (std::none_of(shown.begin(), shown.end(),
                       [&](const Suggestion& x) { return x.text == s.text; })) {
        shown.push_back(std::move(s));
      }
    }
    out = std::move(shown);
  }
  return out;
}

std::vector<Suggestion> Suggester::Impl::RunJoined(std::string_view word) {
  ctx.bounded_search = lex.options.bounded;
  std::vector<Suggestion> out = Search(word);
  if (ctx.bound < kUnreached && (out.size() < lex.options.max_suggestions ||
                                 out.back().cost > ctx.bound)) {
    const SuggestStats first = ctx.stats;
    ctx.bounded_search = false;
    out = Search(word);
    ctx.stats.work += first.work;
    ctx.stats.expansions += first.expansions;
    ctx.stats.word_probes += first.word_probes;
    ctx.stats.filter_hits += first.filter_hits;
  }
  return out;
}

std::vector<Suggestion> Suggester::Impl::Search(std::string_view word) {
  ctx.stats = SuggestStats();
  ctx.bound = kUnreached;
  ctx.max_cost = lex.options.max_cost;
  if (!lex.forms.Normalize(word, &ctx.normalized) || !ctx.SetWord(lex))
    return {};

  edits.Prepare();
  candidates.Clear();
  // Without the prefix filter every edit is probed: distance 1 only.
  const int max_edits = lex.prefixes.empty()
                            ? std::min(lex.options.max_edits, 1)
                            : lex.options.max_edits;
  // Distance by distance, so a budget cut never loses nearer candidates.
  // Distance 1 first, alone (a small part of the search; its leaves are
  // kept). The wide search (a light third edit, sound-alike spellings) only
  // if it found no strong candidate: then the typed word is likely a simple
  // slip, and the wide search would mostly add candidates ranked below it.
  // The whole search within 3/4 of the budget; if it is cut short, what
  // distance 1 found stands and the rest of the budget goes to the splits
  // (if distance 1 itself was cut, it runs again with the rest).
  ctx.work_limit =
      max_edits > 1 ? lex.options.work_budget / 4 * 3 : lex.options.work_budget;
  // The .aff's REP and MAP rules: queued with distance 1 (resolved with it).
  if (lex.options.replacements) FindReplacements(lex, ctx, candidates);
  // Affix-aware dictionaries: the affixed forms one edit away, before the
  // walks (their cost counts for the wide search's threshold).
  if (lex.options.affixed && affixed.active()) affixed.Run();
  edits.ClearVisited();
  bool wide = max_edits > 2 || (lex.options.sound_alike && max_edits > 1);
  int completed = 0;
  if (max_edits > 1) {
    edits.Search(1, false);
    candidates.Resolve();
    if (!ctx.stats.budget_exhausted) completed = 1;
    wide = wide && candidates.BestCost() >= lex.options.wide_search_below;
    edits.ClearVisited();
    // Distance 2 and the wide search need not look past the cost of the
    // max_suggestions-th candidate that distance 1 found.
    candidates.Bound();
  }
  // Affix-aware dictionaries, when nothing one edit away was found: every
  // one-edit variant the checker accepts (three affixes and the other
  // forms the affix search does not reach; checked_edits.h).
  if (lex.options.checked_edits && checked.active() &&
      !ctx.stats.budget_exhausted &&
      candidates.BestCost() > lex.options.checked_edits_above) {
    checked.Run();
  }
  const int max_edits_now = wide ? max_edits : std::min(max_edits, 2);
  const bool sound_alike_now = wide && lex.options.sound_alike && max_edits > 1;
  if (!ctx.stats.budget_exhausted) edits.Search(max_edits_now, sound_alike_now);
  candidates.Resolve();
  if (!ctx.stats.budget_exhausted) completed = max_edits_now;
  if (ctx.stats.budget_exhausted && max_edits > 1) {
    ctx.stats.budget_exhausted = false;
    ctx.work_limit = lex.options.work_budget;
    if (completed == 0) {
      edits.ClearVisited();
      edits.Search(1, false);
      candidates.Resolve();
      if (!ctx.stats.budget_exhausted) completed = 1;
    }
  }
  ctx.stats.edits_completed = completed;
  if (lex.options.by_ear && by_ear_language && !lex.prefixes.empty() &&
      !ctx.stats.budget_exhausted) {
    if (candidates.BestCost() >= lex.options.by_ear_below) {
      ctx.stats.by_ear = true;
      ear.Run();
    }
  }
  if (lex.options.chunks && !lex.prefixes.empty() &&
      !ctx.stats.budget_exhausted &&
      candidates.BestCost() >= lex.options.chunks_below) {
    // No run is searched for if the cheapest would not be listed.
    candidates.Bound();
    if (ChunkSearch::ChunkCost(kMinChunk) + lex.min_prior <= ctx.bound) {
      ctx.stats.chunks = true;
      chunks.Run();
    }
  }
  if (lex.options.inflection_cost > 0 && by_ear_language &&
      !lex.prefixes.empty() && !ctx.stats.budget_exhausted) {
    FindInflections(lex, ctx, candidates);
  }
  if (lex.options.split_words && !ctx.stats.budget_exhausted) {
    FindSplits(lex, ctx, candidates);
  }
  if (lex.options.compounds && compounds.active() &&
      !ctx.stats.budget_exhausted) {
    compounds.Run();
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
    for (char32_t& c : lower) c = LowerLetter(c, impl_->lex.turkic);
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

const SuggestStats& Suggester::stats() const { return impl_->ctx.stats; }

bool Suggester::has_prefix_filter() const {
  return !impl_->lex.prefixes.empty();
}

bool Suggester::has_word_classes() const { return !impl_->lex.classes.empty(); }

bool Suggester::has_sound_prefixes() const {
  return impl_->ear.has_sound_prefixes();
}

}  // namespace spellfilter
