#include "core/suggest/affixed.h"

#include <algorithm>
#include <cstring>
#include <functional>

#include "core/text/letter_case.h"

namespace spellfilter {

float WeightedEditDistance(const EditWeights& weights,
                           std::u32string_view typed,
                           std::u32string_view intended, float limit) {
  const size_t n = typed.size();
  const size_t m = intended.size();
  const auto at = [](std::u32string_view s, size_t i) -> char32_t {
    return i < s.size() ? s[i] : 0;
  };
  const auto first = [](size_t i) {
    return i == 0 ? EditWeights::kFirstLetter : 0.0f;
  };
  // Three rows: the swap looks two back. Row i aligns typed[0..i).
  thread_local std::vector<float> rows;
  rows.assign(3 * (m + 1), 0.0f);
  float* prev2 = rows.data();
  float* prev = prev2 + (m + 1);
  float* cur = prev + (m + 1);
  prev[0] = 0;
  for (size_t j = 1; j <= m; ++j) {
    prev[j] = prev[j - 1] +
              weights.Omission(intended[j - 1], j >= 2 ? intended[j - 2] : 0,
                               at(intended, j)) +
              first(j - 1);
  }
  for (size_t i = 1; i <= n; ++i) {
    const char32_t t = typed[i - 1];
    const float add =
        weights.Addition(t, i >= 2 ? typed[i - 2] : 0, at(typed, i)) +
        first(i - 1);
    cur[0] = prev[0] + add;
    float row_min = cur[0];
    for (size_t j = 1; j <= m; ++j) {
      const char32_t w = intended[j - 1];
      float best = prev[j - 1] + (t == w ? 0.0f
                                         : weights.Substitution(t, w) +
                                               first(std::min(i, j) - 1));
      best = std::min(best, prev[j] + add);
      best =
          std::min(best, cur[j - 1] +
                             weights.Omission(w, j >= 2 ? intended[j - 2] : 0,
                                              at(intended, j)) +
                             first(j - 1));
      if (i >= 2 && j >= 2 && t == intended[j - 2] && typed[i - 2] == w &&
          t != w) {
        best = std::min(best, prev2[j - 2] +
                                  weights.Transposition(typed[i - 2], t) +
                                  first(i - 2));
      }
      cur[j] = best;
      row_min = std::min(row_min, best);
    }
    if (row_min > limit) return limit + 1.0f;
    float* spare = prev2;
    prev2 = prev;
    prev = cur;
    cur = spare;
  }
  return prev[m];
}

AffixSearch::AffixSearch(const Lexicon& lex, SearchContext& ctx,
                         Candidates& out)
    : lex_(lex), ctx_(ctx), out_(out) {
  const AffixLookup* lookup = lex.dict.affixes();
  if (lookup == nullptr || !lookup->table().has_rules() ||
      lookup->table().complex_prefixes) {
    return;
  }
  table_ = &lookup->table();
  weights_.SetKeyboard(lex.keyboard);
  // Stems that need an affix are no words, so the PREFIXES section lacks
  // them; its STEMS section has every stem. Spelling over PREFIXES prunes
  // a variant at its first letter no word continues, where the STEMS
  // section is asked for every variant in full, so it is used only where
  // most stems are no words (Basque: 95 % need an affix, 0.4 trie edges
  // a stem), not where a few are (Galician 3 %, 15 edges a stem;
  // Hungarian 0.3 %, 23): a stem that is a word adds about 8-10 edges,
  // forward and reversed.
  const StemFilter& stems = lex.dict.stems();
  by_stem_filter_ =
      !stems.empty() &&
      (lex.prefixes.empty() ||
       (table_->need_affix != 0 &&
        lex.prefixes.edges() < kStemWalkEdgesPerStem * stems.stems()));
}

void AffixSearch::Index(const std::vector<AffixRule>& rules, Groups* groups,
                        size_t* longest, Near* near) {
  const auto has = [](const AffixRule& r, uint32_t flag) {
    return flag != 0 && r.Continues(flag);
  };
  for (uint32_t i = 0; i < rules.size(); ++i) {
    const AffixRule& r = rules[i];
    // Forms that are no word without another affix, or only in compounds.
    if (has(r, table_->need_affix) || has(r, table_->circumfix) ||
        has(r, table_->only_in_compound)) {
      continue;
    }
    std::vector<Group>& list = (*groups)[r.append];
    auto g = std::find_if(list.begin(), list.end(),
                          [&r](const Group& x) { return x.strip == r.strip; });
    if (g == list.end()) {
      list.push_back(Group{r.strip, {}, {}, false});
      g = list.end() - 1;
    }
    g->rules.push_back(i);
    g->continues.insert(g->continues.end(), r.continuation.begin(),
                        r.continuation.end());
    g->cross = g->cross || r.cross_product;
    *longest = std::max(*longest, r.append.size());
  }
  for (auto& entry : *groups) {
    for (Group& g : entry.second) {
      std::sort(g.continues.begin(), g.continues.end());
      g.continues.erase(std::unique(g.continues.begin(), g.continues.end()),
                        g.continues.end());
    }
  }
  // The groups' addresses are stable from here on.
  const std::hash<std::u32string_view> hash;
  std::u32string key;
  for (const auto& entry : *groups) {
    const std::u32string& append = entry.first;
    const std::vector<Group>* list = &entry.second;
    near->emplace_back(hash(append), list);
    for (size_t i = 0; i < append.size(); ++i) {
      if (i > 0 && append[i] == append[i - 1]) continue;  // the same
      key.assign(append, 0, i);
      key.append(append, i + 1);
      near->emplace_back(hash(key), list);
    }
  }
  std::sort(near->begin(), near->end());
  near->erase(std::unique(near->begin(), near->end()), near->end());
}

bool AffixSearch::Follow(PrefixFilter::State* h, std::u32string_view s) {
  for (char32_t c : s) {
    const int letter = lex_.LetterIndex(c);
    ++ctx_.stats.work;
    if (letter < 0 || !lex_.Continues(*h, letter)) return false;
    *h = PrefixFilter::Next(*h, c);
  }
  return true;
}

bool AffixSearch::EndsWord(PrefixFilter::State h) {
  ++ctx_.stats.work;
  return lex_.prefixes.Has(lex_.prefixes.Block(h), h, lex_.end_key[0]);
}

bool AffixSearch::HasFlag(const std::string& stem8, uint32_t flag) {
  key_.assign(stem8);
  key_.push_back('\0');
  char bytes[4];
  std::memcpy(bytes, &flag, 4);
  key_.append(bytes, 4);
  auto [it, created] = probed_.try_emplace(key_, false);
  if (!created) return it->second;
  const BloomFilter& filter = lex_.dict.filter();
  bool found = false;
  for (size_t h = 0; h < kMaxHomonyms && !found; ++h) {
    std::string key;
    if (h > 0) {
      // Homonym h exists only if its key says so.
      AppendFlagKey(stem8, static_cast<uint8_t>(h), kHomonymKeyFlag, &key);
      ++ctx_.stats.work;
      if (!filter.MayContain(key)) break;
      key.clear();
    }
    AppendFlagKey(stem8, static_cast<uint8_t>(h), flag, &key);
    ++ctx_.stats.work;
    ++ctx_.stats.word_probes;
    found = filter.MayContain(key);
  }
  if (found) ++ctx_.stats.filter_hits;
  it->second = found;
  return found;
}

void AffixSearch::Try(const std::u32string& stem, const Group& g, bool suffix) {
  const std::vector<AffixRule>& rules =
      suffix ? table_->suffixes : table_->prefixes;
  const std::u32string_view s(stem);
  const std::u32string& strip = g.strip;
  const std::u32string& append = rules[g.rules.front()].append;
  if (s.size() < strip.size() ||
      (s.size() == strip.size() && !table_->fullstrip)) {
    return;
  }
  form_.clear();
  if (suffix) {
    if (!s.ends_with(strip)) return;
    form_.append(s.substr(0, s.size() - strip.size()));
    form_.append(append);
  } else {
    if (!s.starts_with(strip)) return;
    form_.append(append);
    form_.append(s.substr(strip.size()));
  }
  // With an outer suffix (twofold): the inner form with it.
  const Group* outer = suffix ? outer_ : nullptr;
  // With a prefix (cross product): the suffixed form with it.
  const Group* prefix = suffix ? prefix_ : nullptr;
  std::u32string* whole_ptr = &form_;
  if (outer != nullptr) {
    const std::u32string& strip2 = outer->strip;
    if (form_.size() <= strip2.size() ||
        !std::u32string_view(form_).ends_with(strip2)) {
      return;
    }
    outer_form_.assign(form_, 0, form_.size() - strip2.size());
    outer_form_ += table_->suffixes[outer->rules.front()].append;
    whole_ptr = &outer_form_;
  } else if (prefix != nullptr) {
    const std::u32string& pstrip = prefix->strip;
    if (form_.size() <= pstrip.size() ||
        !std::u32string_view(form_).starts_with(pstrip)) {
      return;
    }
    prefixed_ = table_->prefixes[prefix->rules.front()].append;
    prefixed_.append(form_, pstrip.size());
    whole_ptr = &prefixed_;
  }
  const std::u32string& whole = *whole_ptr;
  if (whole == ctx_.q) return;
  const auto known = offered_.find(whole);
  if (known != offered_.end() && known->second <= ctx_.max_cost) return;
  // The same form comes from several splits and stems: weighed once.
  const auto [weighed, created] = weighed_.try_emplace(whole, 0.0f);
  if (created) {
    weighed->second =
        WeightedEditDistance(weights_, ctx_.q, whole, ctx_.max_cost);
  }
  const float weight = weighed->second;
  if (weight > ctx_.max_cost) return;
  const float cost = weight + lex_.prior[0];
  stem8_.clear();
  for (char32_t c : stem) AppendUtf8(c, &stem8_);
  for (uint32_t i : g.rules) {
    const AffixRule& r = rules[i];
    if (outer != nullptr &&
        (r.continuation.empty() ||
         std::none_of(outer->rules.begin(), outer->rules.end(),
                      [&](uint32_t o) {
                        const AffixRule& rule2 = table_->suffixes[o];
                        return r.Continues(rule2.flag) &&
                               rule2.condition.MatchesEnd(form_);
                      }))) {
      continue;
    }
    if (prefix != nullptr && !r.cross_product) continue;
    if (!(suffix ? r.condition.MatchesEnd(s) : r.condition.MatchesStart(s))) {
      continue;
    }
    if (!HasFlag(stem8_, r.flag)) continue;
    // A cross product: a prefix rule of the group that takes the stem too.
    if (prefix != nullptr &&
        std::none_of(
            prefix->rules.begin(), prefix->rules.end(), [&](uint32_t p) {
              const AffixRule& pr = table_->prefixes[p];
              return pr.cross_product && pr.condition.MatchesStart(s) &&
                     HasFlag(stem8_, pr.flag);
            })) {
      continue;
    }
    // The form's weight depends on the form alone: found once.
    offered_[whole] = cost;
    out_.AddForm(EncodeUtf8(whole), cost, 1);
    return;
  }
}

template <typename Visit>
void AffixSearch::NearAppends(std::u32string_view typed, const Near& near,
                              Visit visit) {
  visited_.clear();
  const std::hash<std::u32string_view> hash;
  const auto look = [&](const std::u32string& key) {
    ++ctx_.stats.work;
    const size_t h = hash(key);
    auto it = std::lower_bound(
        near.begin(), near.end(), h,
        [](const Near::value_type& e, size_t x) { return e.first < x; });
    for (; it != near.end() && it->first == h; ++it) {
      const std::vector<Group>* groups = it->second;
      if (std::find(visited_.begin(), visited_.end(), groups) !=
          visited_.end()) {
        continue;
      }
      visited_.push_back(groups);
      visit(*groups);
    }
  };
  near_.assign(typed);
  look(near_);
  for (size_t i = 0; i < typed.size(); ++i) {
    if (i > 0 && typed[i] == typed[i - 1]) continue;
    near_.assign(typed.substr(0, i));
    near_.append(typed.substr(i + 1));
    look(near_);
  }
}

namespace {

// The one-edit variants of `base` that continue the PREFIXES section from
// state `start`: visit(state after the variant, the variant).
template <typename Visit>
void EditVariants(const Lexicon& lex, SearchContext& ctx,
                  PrefixFilter::State start, std::u32string_view base,
                  std::u32string* scratch, Visit visit) {
  // states[i]: after base[0..i), as far as base continues.
  std::vector<PrefixFilter::State> states(1, start);
  for (char32_t c : base) {
    const int letter = lex.LetterIndex(c);
    ++ctx.stats.work;
    if (letter < 0 || !lex.Continues(states.back(), letter)) break;
    states.push_back(PrefixFilter::Next(states.back(), c));
  }
  const auto follow = [&](PrefixFilter::State h, std::u32string_view rest) {
    for (char32_t c : rest) {
      const int letter = lex.LetterIndex(c);
      ++ctx.stats.work;
      if (letter < 0 || !lex.Continues(h, letter)) return;
      h = PrefixFilter::Next(h, c);
    }
    visit(h, *scratch);
  };
  const size_t len = base.size();
  for (size_t i = 0; i <= len && i < states.size(); ++i) {
    const PrefixFilter::State hs = states[i];
    for (size_t j = 0; j < lex.letters.size(); ++j) {
      const char32_t c = lex.letters[j];
      ++ctx.stats.work;
      if (!lex.Continues(hs, static_cast<int>(j))) continue;
      const PrefixFilter::State next = PrefixFilter::Next(hs, c);
      // Insertion before base[i] (not the letter at i: the same as after).
      if (i == len || c != base[i]) {
        scratch->assign(base.substr(0, i));
        scratch->push_back(c);
        scratch->append(base.substr(i));
        follow(next, base.substr(i));
      }
      // Substitution of base[i].
      if (i < len && c != base[i]) {
        scratch->assign(base);
        (*scratch)[i] = c;
        follow(next, base.substr(i + 1));
      }
    }
    if (i == len) break;
    // Deletion of base[i], unless it repeats the letter before.
    if (i == 0 || base[i] != base[i - 1]) {
      scratch->assign(base.substr(0, i));
      scratch->append(base.substr(i + 1));
      follow(hs, base.substr(i + 1));
    }
    // Swap of base[i] and base[i + 1].
    if (i + 1 < len && base[i] != base[i + 1]) {
      scratch->assign(base);
      std::swap((*scratch)[i], (*scratch)[i + 1]);
      follow(hs, std::u32string_view(*scratch).substr(i));
    }
    if (ctx.OutOfBudget()) return;
  }
}

}  // namespace

template <typename Visit>
void AffixSearch::PlainVariants(std::u32string_view base, Visit visit) {
  std::u32string& v = near_;
  const size_t len = base.size();
  for (size_t i = 0; i <= len; ++i) {
    for (char32_t c : lex_.letters) {
      if (i == len || c != base[i]) {  // insertion before base[i]
        v.assign(base.substr(0, i));
        v.push_back(c);
        v.append(base.substr(i));
        visit(v);
      }
      if (i < len && c != base[i]) {  // substitution
        v.assign(base);
        v[i] = c;
        visit(v);
      }
    }
    if (i == len) break;
    if (i == 0 || base[i] != base[i - 1]) {  // deletion
      v.assign(base.substr(0, i));
      v.append(base.substr(i + 1));
      visit(v);
    }
    if (i + 1 < len && base[i] != base[i + 1]) {  // swap
      v.assign(base);
      std::swap(v[i], v[i + 1]);
      visit(v);
    }
    if (ctx_.OutOfBudget()) return;
  }
}

bool AffixSearch::MayBeStem(const std::u32string& stem) {
  stem8_.clear();
  for (char32_t c : stem) AppendUtf8(c, &stem8_);
  ++ctx_.stats.work;
  return lex_.dict.stems().MayContain(stem8_);
}

void AffixSearch::SuffixKeptEdited(int k,
                                   const std::vector<const Group*>& groups) {
  const std::u32string_view base(word_.data(), static_cast<size_t>(k));
  if (by_stem_filter_) {
    PlainVariants(base, [&](const std::u32string& v) {
      for (const Group* g : groups) {
        stem_ = v + g->strip;
        if (MayBeStem(stem_)) Try(stem_, *g, true);
      }
    });
    return;
  }
  std::u32string variant;
  EditVariants(lex_, ctx_, lex_.Root(), base, &near_,
               [&](PrefixFilter::State h, const std::u32string& v) {
                 variant = v;
                 for (const Group* g : groups) {
                   PrefixFilter::State s = h;
                   if (!Follow(&s, g->strip) || !EndsWord(s)) continue;
                   stem_ = variant + g->strip;
                   Try(stem_, *g, true);
                 }
               });
}

bool AffixSearch::Eligible(const Group& g) const {
  if (prefix_ != nullptr) return g.cross;
  if (outer_ == nullptr) return true;
  // Both sorted: do they share a flag?
  auto a = g.continues.begin();
  auto b = outer_flags_.begin();
  while (a != g.continues.end() && b != outer_flags_.end()) {
    if (*a == *b) return true;
    if (*a < *b) {
      ++a;
    } else {
      ++b;
    }
  }
  return false;
}

void AffixSearch::PrefixKeptEdited(int k, const std::vector<Group>& groups) {
  const std::u32string_view base =
      std::u32string_view(ctx_.q).substr(static_cast<size_t>(k));
  if (by_stem_filter_) {
    PlainVariants(base, [&](const std::u32string& v) {
      for (const Group& g : groups) {
        stem_ = g.strip + v;
        if (MayBeStem(stem_)) Try(stem_, g, false);
      }
    });
    return;
  }
  for (const Group& g : groups) {
    PrefixFilter::State start = lex_.Root();
    if (!Follow(&start, g.strip)) continue;
    EditVariants(lex_, ctx_, start, base, &near_,
                 [&](PrefixFilter::State h, const std::u32string& v) {
                   if (!EndsWord(h)) return;
                   stem_ = g.strip + v;
                   Try(stem_, g, false);
                 });
    if (ctx_.OutOfBudget()) return;
  }
}

void AffixSearch::Suffixes() {
  const std::u32string& q = word_;
  const int n = static_cast<int>(q.size());
  const bool spelled = !lex_.prefixes.empty() || by_stem_filter_;
  // q = kept part q[0..k) + tail q[k..n).
  for (int k = n; k >= 1; --k) {
    const size_t tail = static_cast<size_t>(n - k);
    if (tail > longest_suffix_ + (exact_ ? 0 : 1)) break;
    const std::u32string_view t = std::u32string_view(q).substr(k);
    if ((spelled || exact_) && tail <= longest_suffix_) {
      const auto it = suffixes_.find(std::u32string(t));
      ++ctx_.stats.work;
      if (it != suffixes_.end()) {
        eligible_.clear();
        for (const Group& g : it->second) {
          if (Eligible(g)) eligible_.push_back(&g);
        }
        if (exact_) {
          // The stem as typed.
          for (const Group* g : eligible_) {
            stem_.assign(q, 0, static_cast<size_t>(k));
            stem_ += g->strip;
            Try(stem_, *g, true);
          }
        } else if (!eligible_.empty()) {
          // A copy: the search below reuses the scratch.
          const std::vector<const Group*> groups = eligible_;
          SuffixKeptEdited(k, groups);
        }
      }
    }
    if (exact_) continue;
    NearAppends(t, suffix_near_, [&](const std::vector<Group>& groups) {
      for (const Group& g : groups) {
        if (!Eligible(g)) continue;
        stem_.assign(q, 0, static_cast<size_t>(k));
        stem_ += g.strip;
        Try(stem_, g, true);
      }
    });
    if (ctx_.OutOfBudget()) return;
  }
}

void AffixSearch::Prefixes() {
  const std::u32string& q = ctx_.q;
  const int n = ctx_.n;
  const bool spelled = !lex_.prefixes.empty() || by_stem_filter_;
  // q = head q[0..k) + kept part q[k..n).
  for (int k = 0; k < n; ++k) {
    const size_t head = static_cast<size_t>(k);
    if (head > longest_prefix_ + 1) break;
    const std::u32string_view h = std::u32string_view(q).substr(0, head);
    if (spelled && head > 0 && head <= longest_prefix_) {
      const auto it = prefixes_.find(std::u32string(h));
      ++ctx_.stats.work;
      if (it != prefixes_.end()) PrefixKeptEdited(k, it->second);
    }
    NearAppends(h, prefix_near_, [&](const std::vector<Group>& groups) {
      for (const Group& g : groups) {
        stem_ = g.strip;
        stem_.append(q, head);
        Try(stem_, g, false);
      }
    });
    if (ctx_.OutOfBudget()) return;
  }
}

void AffixSearch::Run() {
  if (table_ == nullptr) return;
  // Indexed on first use: a Suggester made for checking never pays for it
  // (Hungarian's 24,700 rules take about 0.13 s).
  if (!indexed_) {
    Index(table_->suffixes, &suffixes_, &longest_suffix_, &suffix_near_);
    Index(table_->prefixes, &prefixes_, &longest_prefix_, &prefix_near_);
    for (const AffixRule& r : table_->suffixes) {
      continued_.insert(r.continuation.begin(), r.continuation.end());
    }
    indexed_ = true;
  }
  offered_.clear();
  weighed_.clear();
  probed_.clear();
  word_ = ctx_.q;
  outer_ = nullptr;
  prefix_ = nullptr;
  exact_ = false;
  Suffixes();
  if (!ctx_.OutOfBudget()) Prefixes();
  // Two affixes: only while nothing one affix away is strong.
  if (out_.BestCost() < kTwofoldBelow) return;
  if (!continued_.empty()) Twofold();
  if (!ctx_.OutOfBudget() && !prefixes_.empty()) CrossProducts();
  word_ = ctx_.q;
  outer_ = nullptr;
  prefix_ = nullptr;
  exact_ = false;
}

void AffixSearch::Twofold() {
  const std::u32string& q = ctx_.q;
  const int n = ctx_.n;
  // The outer suffix g2 cut from q[k..n): the inner word q[0..k) + strip.
  const auto inner = [&](int k, const Group& g2, bool exact) {
    outer_flags_.clear();
    for (uint32_t o : g2.rules) {
      const uint32_t flag = table_->suffixes[o].flag;
      if (continued_.count(flag) != 0) outer_flags_.push_back(flag);
    }
    if (outer_flags_.empty()) return;
    std::sort(outer_flags_.begin(), outer_flags_.end());
    outer_flags_.erase(std::unique(outer_flags_.begin(), outer_flags_.end()),
                       outer_flags_.end());
    word_.assign(q, 0, static_cast<size_t>(k));
    word_ += g2.strip;
    outer_ = &g2;
    exact_ = exact;
    Suffixes();
  };
  // The outer suffix typed right; the error in the inner word.
  for (int k = n - 1; k >= 1 && !ctx_.OutOfBudget(); --k) {
    if (static_cast<size_t>(n - k) > longest_suffix_) break;
    const auto it = suffixes_.find(q.substr(static_cast<size_t>(k)));
    ++ctx_.stats.work;
    if (it == suffixes_.end()) continue;
    for (const Group& g2 : it->second) {
      inner(k, g2, false);
      if (ctx_.OutOfBudget()) break;
    }
  }
  // The outer suffix one edit off, the inner word typed right.
  std::vector<const std::vector<Group>*> outers;
  for (int k = n - 1; k >= 1 && !ctx_.OutOfBudget(); --k) {
    if (static_cast<size_t>(n - k) > longest_suffix_ + 1) break;
    outers.clear();
    NearAppends(
        std::u32string_view(q).substr(static_cast<size_t>(k)), suffix_near_,
        [&](const std::vector<Group>& groups) { outers.push_back(&groups); });
    for (const std::vector<Group>* groups : outers) {
      for (const Group& g2 : *groups) inner(k, g2, true);
    }
  }
  outer_ = nullptr;
  exact_ = false;
}

void AffixSearch::CrossProducts() {
  const std::u32string& q = ctx_.q;
  const int n = ctx_.n;
  outer_ = nullptr;
  const auto rest = [&](int k, const Group& p, bool exact) {
    if (!p.cross) return;
    word_ = p.strip;
    word_.append(q, static_cast<size_t>(k));
    prefix_ = &p;
    exact_ = exact;
    Suffixes();
  };
  // The prefix typed right; the error in the stem's part or the suffix.
  for (int k = 1; k < n && !ctx_.OutOfBudget(); ++k) {
    if (static_cast<size_t>(k) > longest_prefix_) break;
    const auto it = prefixes_.find(q.substr(0, static_cast<size_t>(k)));
    ++ctx_.stats.work;
    if (it == prefixes_.end()) continue;
    for (const Group& p : it->second) rest(k, p, false);
  }
  // The prefix one edit off, the rest typed right.
  std::vector<const std::vector<Group>*> heads;
  for (int k = 1; k < n && !ctx_.OutOfBudget(); ++k) {
    if (static_cast<size_t>(k) > longest_prefix_ + 1) break;
    heads.clear();
    NearAppends(
        std::u32string_view(q).substr(0, static_cast<size_t>(k)), prefix_near_,
        [&](const std::vector<Group>& groups) { heads.push_back(&groups); });
    for (const std::vector<Group>* groups : heads) {
      for (const Group& p : *groups) rest(k, p, true);
    }
  }
  prefix_ = nullptr;
  exact_ = false;
}

}  // namespace spellfilter
