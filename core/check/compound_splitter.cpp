#include "core/check/compound_splitter.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>

namespace spellfilter {

CompoundSplitter::CompoundSplitter(const CompoundFilter& parts,
                                   const AffixLookup* affixes)
    : parts_(parts), affixes_(affixes), rules_(parts.rules()) {
  if (rules_ == nullptr) return;
  for (const CompoundRule& rule : rules_->rules) {
    start_.set(atoms_.size());
    for (const CompoundRuleAtom& a : rule) {
      atoms_.push_back(a);
      final_.push_back(false);
    }
    atoms_.push_back({});
    final_.push_back(true);
  }
  start_ = Closure(start_);
  if (rules_->compound_root != 0) {
    root_role_ = kFlagRoleBase + rules_->compound_root - 1;
  }
  if (rules_->max_syllables != 0 && rules_->hungarian) {
    const auto* p = reinterpret_cast<const uint8_t*>(rules_->vowels.data());
    const int32_t size = static_cast<int32_t>(rules_->vowels.size());
    for (int32_t i = 0; i < size;) {
      UChar32 c;
      U8_NEXT(p, i, size, c);
      if (c >= 0) vowels_.push_back(static_cast<char32_t>(c));
    }
    std::sort(vowels_.begin(), vowels_.end());
  }
}

uint32_t CompoundSplitter::Weight(uint32_t from, uint32_t to) {
  return root_role_ != 0 && ProbeRole(root_role_, from, to) ? 2 : 1;
}

uint32_t CompoundSplitter::Syllables(std::u32string_view letters) const {
  uint32_t n = 0;
  for (char32_t c : letters) {
    n += std::binary_search(vowels_.begin(), vowels_.end(), c) ? 1 : 0;
  }
  return n;
}

bool CompoundSplitter::SyllablesOk(uint32_t from) {
  // Hunspell's numsyllable for LANG_hu: the syllables of every part (the
  // whole word's), for a root as last part as they are ...
  const uint32_t max = rules_->max_syllables;
  const uint32_t all =
      Syllables(std::u32string_view(letters_.data(), letters_.size()));
  const std::string_view part = word_.substr(offsets_[from]);
  if (all <= max && parts_.MayContain(CompoundRole::kEnd, part)) return true;
  // ... for an affixed last part less the syllables of the suffix
  // Hunspell remembers as sfxappnd (a single suffix, or the outer one of a
  // twofold pair, when it has no continuation class), and less 1 for a
  // suffix with one that ends in "i" (not "yi" or "ti"; sfxextra, a single
  // or inner suffix), plus SYLLABLENUM's hard-coded flags on sfxflag (the
  // single or outer suffix): c 2, J 1 (Hungarian dictionaries; assumed
  // set, which only adds). Parts found otherwise (an expanded
  // dictionary's, a prefix with a suffix) are counted whole.
  AffixLookup::CompoundEndAffixes found;
  ++probes_;
  if (affixes_ == nullptr || !affixes_->CompoundEndSuffix(part, &found)) {
    return all <= max;
  }
  uint32_t less = 0;
  const AffixRule* last = found.outer != nullptr ? found.outer : found.suffix;
  if (last != nullptr && last->continuation.empty()) {
    less += Syllables(last->append);
  }
  if (const AffixRule* s = found.suffix;
      s != nullptr && !s->continuation.empty()) {
    const std::u32string& a = s->append;
    if (!a.empty() && a.back() == U'i' &&
        (a.size() < 2 ||
         (a[a.size() - 2] != U'y' && a[a.size() - 2] != U't'))) {
      less += 1;
    }
  }
  const uint32_t flag = last != nullptr ? last->flag : 0;
  const uint32_t more = flag == 'c' ? 2 : flag == 'J' ? 1 : 0;
  return all + more <= max + less;
}

bool CompoundSplitter::Probe(CompoundRole role, uint32_t from, uint32_t to) {
  if (probes_ >= kMaxProbes) {
    exhausted_ = true;
    return false;
  }
  ++probes_;
  const std::string_view part =
      word_.substr(offsets_[from], offsets_[to] - offsets_[from]);
  return parts_.MayContain(role, part) ||
         (affixes_ != nullptr &&
          affixes_->AcceptsPart(part, static_cast<uint32_t>(role)));
}

bool CompoundSplitter::ProbeRole(uint32_t role, uint32_t from, uint32_t to) {
  // from, to <= kMaxLetters < 128; role < 256.
  const uint32_t key = ((from << 7 | to) << 8) | role;
  if (const auto it = part_flags_.find(key); it != part_flags_.end()) {
    return it->second;
  }
  if (probes_ >= kMaxProbes) {
    exhausted_ = true;
    return false;
  }
  ++probes_;
  const bool has = parts_.MayContainRole(
      role, word_.substr(offsets_[from], offsets_[to] - offsets_[from]));
  part_flags_.emplace(key, has);
  return has;
}

bool CompoundSplitter::BoundaryOk(uint32_t at) const {
  const CompoundSettings& s = parts_.settings();
  const char32_t before = letters_[at - 1];
  const char32_t after = letters_[at];
  if (s.check_triple && before == after &&
      ((at >= 2 && letters_[at - 2] == before) ||
       (at + 1 < n_ && letters_[at + 1] == after))) {
    return false;
  }
  if (s.check_case && before != U'-' && after != U'-') {
    // Hunspell's cpdcase_check: upper case or caseless on either side.
    auto upper_or_caseless = [](char32_t c) {
      return u_toupper(static_cast<UChar32>(c)) == static_cast<UChar32>(c);
    };
    if (upper_or_caseless(before) || upper_or_caseless(after)) return false;
  }
  return true;
}

uint32_t CompoundSplitter::PatternCheck(uint32_t from, uint32_t at,
                                        uint32_t next, bool flags) {
  if (rules_ == nullptr || rules_->patterns.empty()) return 0;
  const std::string_view before = word_.substr(0, offsets_[at]);
  const std::string_view after = word_.substr(offsets_[next]);
  uint32_t avoid = 0;
  for (const CompoundPatternRule& p : rules_->patterns) {
    if (!before.ends_with(p.end) || !after.starts_with(p.begin)) continue;
    // A flag condition needs the parts' keys; the pattern search does not
    // test it (its parts are roots with rule flags).
    if ((p.end_flag != 0 || p.begin_flag != 0) && !flags) continue;
    if (p.end_flag != 0 &&
        !ProbeRole(kFlagRoleBase + p.end_flag - 1, from, at)) {
      continue;
    }
    if (p.begin_flag != 0) {
      avoid = p.begin_flag;  // the next part decides
      continue;
    }
    return kRefused;
  }
  return avoid;
}

template <typename Next>
void CompoundSplitter::ForEachNext(uint32_t from, uint32_t to, Next next) {
  if (BoundaryOk(to)) {
    if (const uint32_t avoid = PatternCheck(from, to, to, true);
        avoid != kRefused) {
      next(to, avoid);
    }
  }
  // SIMPLIFIEDTRIPLE: "Schiff" + "fahrt" written "Schiffahrt".
  if (rules_ != nullptr && rules_->simplified_triple && to - from >= 2 &&
      letters_[to - 1] == letters_[to - 2]) {
    if (const uint32_t avoid = PatternCheck(from, to, to - 1, true);
        avoid != kRefused) {
      next(to - 1, avoid);
    }
  }
}

bool CompoundSplitter::ForceUcaseRefuses(uint32_t from) {
  return rules_ != nullptr && rules_->force_ucase != 0 &&
         !original_capital_ &&
         ProbeRole(kFlagRoleBase + rules_->force_ucase - 1, from, n_);
}

bool CompoundSplitter::End(uint32_t from) {
  if (end_[from] == kUnknown) {
    end_[from] = Probe(CompoundRole::kEnd, from, n_) &&
                         (!syllable_pass_ || SyllablesOk(from))
                     ? 1
                     : 0;
  }
  return end_[from] == 1;
}

uint32_t CompoundSplitter::Best(uint32_t from, uint32_t avoid,
                                uint32_t pair_from) {
  if (End(from) && !ForceUcaseRefuses(from) &&
      !(avoid != 0 && ProbeRole(kFlagRoleBase + avoid - 1, from, n_))) {
    return Weight(from, n_);  // no middle part makes fewer words
  }
  return BestWithMiddle(from, avoid, pair_from);
}

uint32_t CompoundSplitter::BestWithMiddle(uint32_t from, uint32_t avoid,
                                          uint32_t pair_from) {
  const bool check_rep = rules_ != nullptr && rules_->check_rep;
  // Memoised by position, and with CHECKCOMPOUNDREP by the previous part's
  // start too (the pair check below depends on it).
  uint32_t* memo = nullptr;
  if (avoid == 0) {
    memo = check_rep ? &best_mid_[size_t{from} * (n_ + 2) +
                                  (pair_from == kNone ? 0 : pair_from + 1)]
                     : &best_mid_[from];
    if (*memo != kUnknown) return *memo;
  }
  const uint32_t m = parts_.settings().min_part;
  const bool simplified = rules_ != nullptr && rules_->simplified_triple;
  uint32_t best = kNone;
  // Hunspell checks CHECKCOMPOUNDREP at each level of its recursion: on
  // the rest of the word from this part (the level's word) and on this
  // part with the one before (the "first part" check).
  if (!(check_rep && from > 0 && RepFault(from, n_))) {
    // A middle part [from, to) leaves at least m characters for the end.
    for (uint32_t to = from + m; to + m <= n_ && !exhausted_; ++to) {
      if ((!BoundaryOk(to) && !simplified) ||
          !Probe(CompoundRole::kMiddle, from, to) ||
          (avoid != 0 && ProbeRole(kFlagRoleBase + avoid - 1, from, to)) ||
          (check_rep && pair_from != kNone && RepFault(pair_from, to))) {
        continue;
      }
      ForEachNext(from, to, [&](uint32_t next, uint32_t next_avoid) {
        const uint32_t rest = Best(next, next_avoid, from);
        if (rest != kNone) best = std::min(best, rest + Weight(from, to));
      });
      if (best == 2) break;  // no fewer words possible
    }
  }
  if (memo != nullptr) *memo = best;
  return best;
}

bool CompoundSplitter::RepFault(uint32_t from, uint32_t to) {
  const uint32_t key = from << 8 | to;
  if (const auto it = rep_faults_.find(key); it != rep_faults_.end()) {
    return it->second;
  }
  const bool fault = RepMakesWord(
      word_.substr(offsets_[from], offsets_[to] - offsets_[from]));
  rep_faults_.emplace(key, fault);
  return fault;
}

bool CompoundSplitter::SearchByPosition() {
  const CompoundSettings& s = parts_.settings();
  const uint32_t m = s.min_part;
  // The syllable pass (COMPOUNDSYLLABLE): any number of words, the last
  // part within the syllables (Hunspell's compound_check: `wordnum + 1 <
  // cpdwordmax || numsyllable <= cpdmaxsyllable`).
  const uint32_t max_parts =
      s.max_parts == 0 || syllable_pass_ ? kNone - 1 : s.max_parts;
  const bool simplified = rules_ != nullptr && rules_->simplified_triple;
  end_.assign(n_ + 1, kUnknown);
  best_mid_.assign(rules_ != nullptr && rules_->check_rep
                       ? size_t{n_ + 1} * (n_ + 2)
                       : n_ + 1,
                   kUnknown);
  bool found = false;
  for (uint32_t to = m; to + m <= n_ && !found && !exhausted_; ++to) {
    if ((!BoundaryOk(to) && !simplified) ||
        !Probe(CompoundRole::kBegin, 0, to)) {
      continue;
    }
    // The words the first part counts for (COMPOUNDROOT: two).
    const uint32_t first = Weight(0, to);
    ForEachNext(0, to, [&](uint32_t next, uint32_t avoid) {
      if (found) return;
      // Two parts: the end directly (CHECKCOMPOUNDDUP looks at these two).
      if (End(next) && !ForceUcaseRefuses(next) &&
          !(avoid != 0 && ProbeRole(kFlagRoleBase + avoid - 1, next, n_)) &&
          !(s.check_dup && word_.substr(0, offsets_[to]) ==
                               word_.substr(offsets_[next])) &&
          first + Weight(next, n_) <= max_parts) {
        found = true;
      } else if (max_parts >= first + 2) {
        const uint32_t rest = BestWithMiddle(next, avoid, 0);
        found = rest != kNone && rest + first <= max_parts;
      }
    });
  }
  return found;
}

CompoundSplitter::RuleState CompoundSplitter::Closure(RuleState s) const {
  // `*` and `?` atoms may be skipped; positions only move forward, so one
  // ascending pass reaches every skip chain.
  for (size_t p = 0; p < atoms_.size(); ++p) {
    if (s.test(p) && !final_[p] && atoms_[p].quantifier != 0) s.set(p + 1);
  }
  return s;
}

template <typename HasRole>
CompoundSplitter::RuleState CompoundSplitter::Advance(const RuleState& cur,
                                                      HasRole has_role) const {
  RuleState next;
  for (size_t p = 0; p < atoms_.size(); ++p) {
    if (!cur.test(p) || final_[p] ||
        !has_role(kFlagRoleBase + atoms_[p].flag_index)) {
      continue;
    }
    next.set(atoms_[p].quantifier == '*' ? p : p + 1);
  }
  return next.none() ? next : Closure(next);
}

bool CompoundSplitter::Accepting(const RuleState& s) const {
  for (size_t p = 0; p < atoms_.size(); ++p) {
    if (final_[p] && s.test(p)) return true;
  }
  return false;
}

bool CompoundSplitter::AffixedRuleEnd(const RuleState& cur, uint32_t from) {
  if (exhausted_) return false;
  if (affixes_ == nullptr) {
    // Expanded: the affixed forms are keys of their own roles, and of
    // kAnyRuleFlagRole (already probed, memoised).
    const size_t flags = rules_->flags.size();
    return ProbeRole(kAnyRuleFlagRole, from, n_) &&
           Accepting(Advance(cur, [&](uint32_t role) {
             const uint32_t affixed =
                 AffixedRuleEndRole(role - kFlagRoleBase, flags);
             return affixed != 0 && ProbeRole(affixed, from, n_);
           }));
  }
  // Hunspell tests one root only: the first its affix_check finds for the
  // part (Korean 줍니다 is read as 줄다 + ㅂ니다 before 주다, and 줄다 has
  // no rule flag: 보여줍니다 is refused).
  const std::string_view part = word_.substr(offsets_[from]);
  if (probes_ >= kMaxProbes) {
    exhausted_ = true;
    return false;
  }
  ++probes_;
  if (!affixes_->FirstCompoundEndStem(part, &end_stem_) ||
      !parts_.MayContainRole(kAnyRuleFlagRole, end_stem_)) {
    return false;
  }
  return Accepting(Advance(cur, [&](uint32_t role) {
    ++probes_;
    return parts_.MayContainRole(role, end_stem_);
  }));
}

bool CompoundSplitter::SearchByRule() {
  if (atoms_.empty()) return false;
  const CompoundSettings& s = parts_.settings();
  const uint32_t m = s.min_part;
  // Without a part limit the states reaching a position are merged (an
  // NFA's state set); with one they are kept apart by the parts so far.
  const uint32_t limit = s.max_parts;
  const uint32_t layers = limit == 0 ? 1 : limit + 1;
  reach_.assign(size_t{n_ + 1} * layers, RuleState());
  auto reach = [&](uint32_t pos, uint32_t parts) -> RuleState& {
    return reach_[size_t{pos} * layers + (limit == 0 ? 0 : parts)];
  };
  reach(0, 0) = start_;
  for (uint32_t from = 0; from + m <= n_ && !exhausted_; ++from) {
    for (uint32_t k = 0; k < layers && !exhausted_; ++k) {
      const RuleState cur = reach(from, k);
      if (cur.none() || (limit != 0 && k + 1 > limit)) continue;
      for (uint32_t to = from + m; to <= n_ && !exhausted_; ++to) {
        if (to < n_ && (to + m > n_ || !BoundaryOk(to) ||
                        PatternCheck(from, to, to, false) == kRefused)) {
          continue;
        }
        if (from == 0 && to == n_) continue;  // one part is no compound
        RuleState next;
        if (ProbeRole(kAnyRuleFlagRole, from, to)) {
          next = Advance(
              cur, [&](uint32_t role) { return ProbeRole(role, from, to); });
        }
        if (to == n_) {
          if (Accepting(next) && !ForceUcaseRefuses(from)) return true;
          // Hunspell's last part may also be affixed, its root's flags
          // finishing the rule (no FORCEUCASE test on that path).
          if (AffixedRuleEnd(cur, from)) return true;
          continue;
        }
        if (next.none()) continue;
        reach(to, k + 1) |= next;
      }
    }
  }
  return false;
}

bool CompoundSplitter::RepMakesWord(std::string_view word) {
  for (const auto& [from, to] : rules_->rep) {
    for (size_t at = word.find(from); at != std::string_view::npos;
         at = word.find(from, at + 1)) {
      candidate_.assign(word.substr(0, at));
      candidate_.append(to);
      candidate_.append(word.substr(at + from.size()));
      if (parts_.IsWord(candidate_)) return true;
    }
  }
  return false;
}

bool CompoundSplitter::Search() {
  // The pre-test (compound_edges.h): no part starts or ends the word.
  if (const CompoundEdges* edges = parts_.edges();
      edges != nullptr && !edges->MayBeCompound(letters_)) {
    return false;
  }
  bool found = SearchByPosition();
  // COMPOUNDSYLLABLE (Hungarian): more words than COMPOUNDWORDMAX, within
  // the syllables.
  if (!found && !exhausted_ && !vowels_.empty() &&
      parts_.settings().max_parts != 0) {
    syllable_pass_ = true;
    found = SearchByPosition();
    syllable_pass_ = false;
  }
  if (!found && !exhausted_) found = SearchByRule();
  // Hunspell's cpdrep_check: a compound that a REP fault away is a word is
  // that word misspelt.
  if (found && rules_ != nullptr && rules_->check_rep && RepFault(0, n_)) {
    found = false;
  }
  return found;
}

bool CompoundSplitter::Decode(std::string_view word) {
  word_ = word;
  offsets_.clear();
  letters_.clear();
  const auto* p = reinterpret_cast<const uint8_t*>(word.data());
  const int32_t size = static_cast<int32_t>(word.size());
  for (int32_t i = 0; i < size;) {
    if (letters_.size() > kMaxLetters) return false;
    offsets_.push_back(static_cast<uint32_t>(i));
    UChar32 c;
    U8_NEXT(p, i, size, c);
    if (c < 0) return false;
    letters_.push_back(static_cast<char32_t>(c));
  }
  n_ = static_cast<uint32_t>(letters_.size());
  offsets_.push_back(static_cast<uint32_t>(word.size()));
  return true;
}

bool CompoundSplitter::IsCompound(std::string_view word, uint32_t* probes) {
  // The pre-test (compound_edges.h), before any work, unless FORCEUCASE
  // may search the word again lower-cased (Search tests that one).
  if (const CompoundEdges* edges = parts_.edges();
      edges != nullptr && (rules_ == nullptr || rules_->force_ucase == 0) &&
      !edges->MayBeCompoundUtf8(word)) {
    if (probes != nullptr) *probes = 0;
    return false;
  }
  probes_ = 0;
  exhausted_ = false;
  original_capital_ = false;
  part_flags_.clear();
  rep_faults_.clear();
  if (probes != nullptr) *probes = 0;
  if (parts_.empty() || !Decode(word)) return false;
  const uint32_t m = parts_.settings().min_part;
  if (n_ > kMaxLetters || n_ < 2 * m) return false;
  // A forbidden spelling is no compound (FORBIDDENWORD).
  ++probes_;
  if (parts_.MayContainRole(kForbiddenRole, word)) {
    if (probes != nullptr) *probes = probes_;
    return false;
  }
  bool found = Search();
  // FORCEUCASE: a capitalised or upper-case word is split lower-cased (the
  // parts are), with its last part's flag allowed.
  if (!found && !exhausted_ && rules_ != nullptr && rules_->force_ucase != 0 &&
      u_isupper(static_cast<UChar32>(letters_[0]))) {
    const bool all_upper =
        std::none_of(letters_.begin(), letters_.end(), [](char32_t c) {
          return u_islower(static_cast<UChar32>(c));
        });
    lowered_.clear();
    for (uint32_t i = 0; i < n_; ++i) {
      UChar32 c = static_cast<UChar32>(letters_[i]);
      if (i == 0 || all_upper) c = u_tolower(c);
      char buf[U8_MAX_LENGTH];
      int32_t len = 0;
      UBool error = false;
      U8_APPEND(buf, len, U8_MAX_LENGTH, c, error);
      if (error) return false;  // not reached: c came from valid UTF-8
      lowered_.append(buf, static_cast<size_t>(len));
    }
    ++probes_;
    if (Decode(lowered_) && n_ >= 2 * m &&
        !parts_.MayContainRole(kForbiddenRole, lowered_)) {
      part_flags_.clear();
      rep_faults_.clear();
      original_capital_ = true;
      found = Search();
    }
  }
  if (probes != nullptr) *probes = probes_;
  return found;
}

}  // namespace spellfilter
