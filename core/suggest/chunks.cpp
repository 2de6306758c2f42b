#include "core/suggest/chunks.h"

#include <algorithm>
#include <bit>
#include <string_view>
#include <vector>

namespace spellfilter {

void ChunkSearch::Run() {
  // The states of the typed prefixes (a chunk goes after q[0..at)).
  const std::vector<PrefixFilter::State> state = TypedStates(lex_, ctx_);
  const uint64_t limit = ctx_.work_limit;
  ctx_.work_limit = std::min(limit, ctx_.stats.work + kChunkWork);
  // From the longest prefix back: the longer the prefix, the fewer runs
  // continue it, so the budget goes to the likelier places first.
  const std::u32string_view typed(ctx_.q);
  path_.clear();
  for (size_t i = 0; i + 1 < state.size(); ++i) {
    path_.push_back(static_cast<uint8_t>(ctx_.qi[i]));
  }
  for (int at = static_cast<int>(state.size()) - 1;
       at >= kMinChunkPrefix && !ctx_.OutOfBudget(); --at) {
    path_.Truncate(at);  // the typed prefix q[0..at)
    // A run typed too many: the typed rest after it, if it can end a word.
    // Most such runs repeat the letters before or after them
    // ("processessing", "usinging"); another run ("cutted") costs more.
    for (int length = kMinChunk; length <= kMaxChunk && at + length <= ctx_.n;
         ++length) {
      if (!ctx_.suffix_ok[at + length]) continue;
      const bool repeated =
          (at >= length &&
           typed.substr(at - length, length) == typed.substr(at, length)) ||
          (at + 2 * length <= ctx_.n &&
           typed.substr(at, length) == typed.substr(at + length, length));
      const float cost = ChunkCost(length) + (repeated ? 0.0f : kExtraRunOther);
      if (cost + lex_.min_prior <= ctx_.bound)
        walk_.Tail(state[at], at + length, 3, cost);
    }
    if (!ctx_.suffix_ok[at]) continue;
    // The letters that can come second to last: those some letter can
    // follow before q[at..n) (a row of Between's table that is not empty).
    Mask second_last;
    for (int b = 0; b < static_cast<int>(lex_.letters.size()); ++b) {
      const Mask& m = walk_.Between(at, b);
      if (m.w[0] | m.w[1]) second_last.Set(b);
    }
    ChunkWalk(state[at], at, 0, second_last);
  }
  path_.clear();
  if (ctx_.stats.budget_exhausted && ctx_.work_limit < limit) {
    ctx_.stats.budget_exhausted = false;  // this search's share, not the word's
  }
  ctx_.work_limit = limit;
  out_.Resolve();
}

void ChunkSearch::ChunkWalk(PrefixFilter::State h, int at, int depth,
                            const Mask& second_last) {
  if (ctx_.OutOfBudget()) return;
  const int before = path_.back();
  // The letter added here makes a run of `length`; it may end the run, or
  // be followed by more letters (at most kMaxChunk in all).
  const int length = depth + 1;
  // The runs this one starts cost at least a run of kMinChunk letters.
  if (ChunkCost(std::max(length, kMinChunk)) + lex_.min_prior > ctx_.bound)
    return;
  const bool last = length >= kMinChunk;
  Mask ends;
  if (last) ends = walk_.Between(at, before);
  Mask more;
  if (length == kMaxChunk - 1) {
    more = second_last;
  } else if (length < kMaxChunk) {
    more = walk_.all_letters();
  }
  const Mask wanted = ends | more;
  const Mask present = walk_.Children(h, wanted);
  const float cost = ChunkCost(length);
  for (int w = 0; w < 2; ++w) {
    for (uint64_t bits = present.w[w]; bits != 0; bits &= bits - 1) {
      // Checked per letter: a tail may run to the end of the word.
      if (ctx_.OutOfBudget()) return;
      const int j = w * 64 + std::countr_zero(bits);
      const PrefixFilter::State child = PrefixFilter::Next(h, lex_.letters[j]);
      path_.push_back(static_cast<uint8_t>(j));
      if (ends.Test(j)) walk_.Tail(child, at, 3, cost);
      if (more.Test(j)) ChunkWalk(child, at, depth + 1, second_last);
      path_.pop_back();
    }
  }
}

}  // namespace spellfilter
