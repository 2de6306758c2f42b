#include "core/hunspell/compound_parts.h"

#include <algorithm>

#include "core/hunspell/encoding.h"

namespace spellfilter {
namespace {

using Flags = std::vector<AffixFlag>;

bool Has(const Flags& sorted, AffixFlag f) {
  return f != 0 && std::binary_search(sorted.begin(), sorted.end(), f);
}

bool ApplySuffix(const AffixEntry& e, std::u32string_view word, bool fullstrip,
                 std::u32string* out) {
  if (word.size() < e.strip.size()) return false;
  const size_t rest = word.size() - e.strip.size();
  if ((rest == 0 && !fullstrip) || word.substr(rest) != e.strip ||
      !e.condition.MatchesEnd(word)) {
    return false;
  }
  out->assign(word.substr(0, rest));
  out->append(e.append);
  return true;
}

bool ApplyPrefix(const AffixEntry& e, std::u32string_view word, bool fullstrip,
                 std::u32string* out) {
  if (word.size() < e.strip.size()) return false;
  const size_t rest = word.size() - e.strip.size();
  if ((rest == 0 && !fullstrip) || word.substr(0, e.strip.size()) != e.strip ||
      !e.condition.MatchesStart(word)) {
    return false;
  }
  out->assign(e.append);
  out->append(word.substr(e.strip.size()));
  return true;
}

}  // namespace

std::vector<AffixFlag> CompoundFlagRoles(const AffixRules& rules) {
  const CompoundRules& c = rules.compound;
  Flags out;
  for (const auto& rule : c.rules) {
    for (const CompoundRules::RuleAtom& a : rule) out.push_back(a.flag);
  }
  for (const CompoundRules::Pattern& p : c.patterns) {
    if (p.end_flag != 0) out.push_back(p.end_flag);
    if (p.begin_flag != 0) out.push_back(p.begin_flag);
  }
  if (c.force_ucase != 0) out.push_back(c.force_ucase);
  if (c.root != 0 && c.any() && c.max_parts != 0) out.push_back(c.root);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (out.size() > kMaxFlagRoles) out.resize(kMaxFlagRoles);
  return out;
}

CompoundRuleSet MakeCompoundRuleSet(const AffixRules& rules) {
  const CompoundRules& c = rules.compound;
  CompoundRuleSet set;
  set.flags = CompoundFlagRoles(rules);
  // Index plus one; 0 when the flag has no role (over kMaxFlagRoles).
  auto index = [&](AffixFlag f) -> uint32_t {
    const auto it = std::lower_bound(set.flags.begin(), set.flags.end(), f);
    return it != set.flags.end() && *it == f
               ? static_cast<uint32_t>(it - set.flags.begin()) + 1
               : 0;
  };
  size_t atoms = 0;
  for (const auto& rule : c.rules) {
    CompoundRule r;
    for (const CompoundRules::RuleAtom& a : rule) {
      const uint32_t i = index(a.flag);
      if (i == 0) break;
      r.push_back({i - 1, a.quantifier});
    }
    // A pattern that does not fit is left out: fewer compounds, never a
    // wrong one.
    if (r.size() != rule.size() || atoms + r.size() > kMaxRuleAtoms) continue;
    atoms += r.size();
    set.rules.push_back(std::move(r));
  }
  if (c.any()) {
    set.check_rep = c.check_rep && !c.rep.empty();
    if (set.check_rep) set.rep = c.rep;
    set.simplified_triple = c.simplified_triple;
    for (const CompoundRules::Pattern& p : c.patterns) {
      CompoundPatternRule out;
      AppendUtf8(p.end, &out.end);
      AppendUtf8(p.begin, &out.begin);
      AppendUtf8(p.replacement, &out.replacement);
      out.has_replacement = p.has_replacement;
      out.stems_only = p.stems_only;
      out.end_flag = p.end_flag != 0 ? index(p.end_flag) : 0;
      out.begin_flag = p.begin_flag != 0 ? index(p.begin_flag) : 0;
      if ((p.end_flag != 0 && out.end_flag == 0) ||
          (p.begin_flag != 0 && out.begin_flag == 0)) {
        continue;
      }
      set.patterns.push_back(std::move(out));
    }
  }
  if (c.force_ucase != 0 && (c.any() || !set.rules.empty())) {
    set.force_ucase = index(c.force_ucase);
  }
  // COMPOUNDSYLLABLE and COMPOUNDROOT relax and tighten COMPOUNDWORDMAX,
  // which only the compounds by position have.
  if (c.any() && c.max_parts != 0) {
    set.max_syllables = c.max_syllables;
    if (set.max_syllables != 0) AppendUtf8(c.vowels, &set.vowels);
    // Hunspell's LANG_hu (csutil.cxx, get_lang_num: the exact names).
    set.hungarian = rules.language == "hu_HU" || rules.language == "hu";
    if (c.root != 0) set.compound_root = index(c.root);
  }
  return set;
}

CompoundPartGenerator::CompoundPartGenerator(const AffixRules& rules)
    : rules_(rules), flag_roles_(CompoundFlagRoles(rules)) {
  rule_flag_.assign(flag_roles_.size(), false);
  for (const auto& rule : rules.compound.rules) {
    for (const CompoundRules::RuleAtom& a : rule) {
      const auto it =
          std::lower_bound(flag_roles_.begin(), flag_roles_.end(), a.flag);
      if (it != flag_roles_.end() && *it == a.flag) {
        rule_flag_[it - flag_roles_.begin()] = true;
      }
    }
  }
}

struct CompoundPartGenerator::Candidate {
  std::u32string_view form;
  const AffixEntry* prefix = nullptr;
  const AffixEntry* suffix = nullptr;
};

uint64_t CompoundPartGenerator::Emit(const Candidate& c, const Flags& stem,
                                     const CompoundPartSink& sink) const {
  const CompoundRules& r = rules_.compound;
  const AffixEntry* p = c.prefix;
  const AffixEntry* s = c.suffix;
  // The needed flag may sit on the stem or on an affix's continuation.
  auto has = [&](AffixFlag f) {
    return f != 0 && (Has(stem, f) || (p != nullptr && p->Continues(f)) ||
                      (s != nullptr && s->Continues(f)));
  };
  // COMPOUNDFORBIDFLAG on an affix: no part at all with such a prefix, no
  // first or middle part with such a suffix (Hunspell 1.7.1 accepts it on
  // the last part).
  if (p != nullptr && p->Continues(r.forbid)) return 0;
  const bool suffix_forbids = s != nullptr && s->Continues(r.forbid);
  // Suffixes inside a compound (begin, middle) and prefixes on its last
  // part need COMPOUNDPERMITFLAG.
  const bool suffix_inside_ok = s == nullptr || s->Continues(r.permit);
  const bool prefix_last_ok = p == nullptr || p->Continues(r.permit);
  // Through COMPOUNDFLAG, a suffix continuing with COMPOUNDEND marks a last
  // part only.
  const bool flag_inside =
      has(r.flag) && !(s != nullptr && s->Continues(r.end));
  const bool stem_forbidden_inside = Has(stem, r.forbid);
  uint64_t n = 0;
  if (suffix_inside_ok && !suffix_forbids && !stem_forbidden_inside) {
    if (flag_inside || has(r.begin)) {
      sink(CompoundRole::kBegin, c.form);
      ++n;
    }
    if (flag_inside || has(r.middle)) {
      sink(CompoundRole::kMiddle, c.form);
      ++n;
    }
  }
  if (prefix_last_ok && (has(r.flag) || has(r.end))) {
    sink(CompoundRole::kEnd, c.form);
    ++n;
  }
  return n;
}

uint64_t CompoundPartGenerator::EmitAffixedRuleEnds(
    std::u32string_view word, const Flags& flags,
    const CompoundPartSink& sink) {
  // The roles: AffixedRuleEndRole of each COMPOUNDRULE flag the root has.
  std::vector<uint32_t> roles;
  for (size_t i = 0; i < flag_roles_.size(); ++i) {
    const uint32_t role =
        AffixedRuleEndRole(static_cast<uint32_t>(i), flag_roles_.size());
    if (rule_flag_[i] && role != 0 && Has(flags, flag_roles_[i])) {
      roles.push_back(role);
    }
  }
  if (roles.empty()) return 0;
  uint64_t n = 0;
  auto emit = [&](std::u32string_view form) {
    sink(static_cast<CompoundRole>(kAnyRuleFlagRole), form);
    for (uint32_t role : roles) sink(static_cast<CompoundRole>(role), form);
    n += 1 + roles.size();
  };
  const AffixFlag circ = rules_.circumfix;
  const AffixFlag need = rules_.need_affix;
  const AffixFlag oic = rules_.only_in_compound;
  const bool fullstrip = rules_.fullstrip;
  const bool oic_root = Has(flags, oic);
  for (AffixFlag sf : flags) {
    const auto it = rules_.suffixes.find(sf);
    if (it == rules_.suffixes.end()) continue;
    for (const AffixEntry& s : it->second) {
      if (s.Continues(circ) || !ApplySuffix(s, word, fullstrip, &scratch_)) {
        continue;
      }
      // A suffix alone (ONLYINCOMPOUND ones too: this is in a compound).
      if (!s.Continues(need)) emit(scratch_);
      // Twofold: the inner suffix as outside compounds, so not on an
      // ONLYINCOMPOUND root nor with such an inner suffix.
      if (oic_root || s.Continues(oic)) continue;
      for (AffixFlag c : s.continuation) {
        const auto outer = rules_.suffixes.find(c);
        if (outer == rules_.suffixes.end()) continue;
        for (const AffixEntry& s2 : outer->second) {
          if (ApplySuffix(s2, scratch_, fullstrip, &scratch2_)) {
            emit(scratch2_);
          }
        }
      }
    }
  }
  // A prefix alone, with COMPOUNDPERMITFLAG.
  for (AffixFlag pf : flags) {
    const auto it = rules_.prefixes.find(pf);
    if (it == rules_.prefixes.end() || rules_.compound.permit == 0) continue;
    for (const AffixEntry& p : it->second) {
      if (p.Continues(need) || !p.Continues(rules_.compound.permit)) continue;
      if (ApplyPrefix(p, word, fullstrip, &scratch_)) emit(scratch_);
    }
  }
  return n;
}

uint64_t CompoundPartGenerator::Generate(std::u32string_view word,
                                         const Flags& flags,
                                         const CompoundPartSink& sink) {
  if (word.empty()) return 0;
  if (Has(flags, rules_.forbidden_word) ||
      (rules_.forbid_warn && Has(flags, rules_.warn))) {
    return 0;
  }
  uint64_t n = 0;
  if (!flag_roles_.empty() && !Has(flags, rules_.need_affix)) {
    bool any_rule = false;
    for (size_t i = 0; i < flag_roles_.size(); ++i) {
      if (!Has(flags, flag_roles_[i])) continue;
      sink(static_cast<CompoundRole>(kFlagRoleBase + i), word);
      ++n;
      any_rule = any_rule || rule_flag_[i];
    }
    if (any_rule) {
      sink(static_cast<CompoundRole>(kAnyRuleFlagRole), word);
      ++n;
      if (!rules_.complex_prefixes && !bare_stems_only_) {
        n += EmitAffixedRuleEnds(word, flags, sink);
      }
    }
  }
  if (!rules_.compound.any()) return n;
  if (!Has(flags, rules_.need_affix)) n += Emit({word}, flags, sink);
  if (rules_.complex_prefixes || bare_stems_only_) return n;
  // (COMPLEXPREFIXES: affixes are stored mirrored.)

  const AffixFlag circ = rules_.circumfix;
  const AffixFlag need = rules_.need_affix;
  // Classes: the stem's, and those its affixes' continuations enable.
  Flags prefix_classes;
  Flags suffix_classes;
  for (AffixFlag f : flags) {
    if (rules_.prefixes.contains(f)) prefix_classes.push_back(f);
    if (rules_.suffixes.contains(f)) suffix_classes.push_back(f);
  }
  const Flags stem_prefixes = prefix_classes;
  const Flags stem_suffixes = suffix_classes;
  for (AffixFlag f : stem_prefixes) {
    for (const AffixEntry& e : rules_.prefixes.at(f)) {
      for (AffixFlag c : e.continuation) {
        if (rules_.suffixes.contains(c)) suffix_classes.push_back(c);
      }
    }
  }
  for (AffixFlag f : stem_suffixes) {
    for (const AffixEntry& e : rules_.suffixes.at(f)) {
      for (AffixFlag c : e.continuation) {
        if (rules_.prefixes.contains(c)) prefix_classes.push_back(c);
      }
    }
  }
  for (Flags* v : {&prefix_classes, &suffix_classes}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }

  const bool fullstrip = rules_.fullstrip;
  // A suffix alone; and twofold suffixes on the last part, which
  // Hunspell's affix_check tries there (suffix_check_twosfx): the inner
  // suffix is checked as outside compounds (not ONLYINCOMPOUND, nor on an
  // ONLYINCOMPOUND root, NEEDAFFIX met by the outer one), and the needed
  // COMPOUNDFLAG or COMPOUNDEND is the root's or the inner suffix's.
  const bool oic_root = Has(flags, rules_.only_in_compound);
  for (AffixFlag sf : stem_suffixes) {
    for (const AffixEntry& s : rules_.suffixes.at(sf)) {
      if (s.Continues(circ)) continue;
      if (!ApplySuffix(s, word, fullstrip, &scratch_)) continue;
      if (!s.Continues(need)) n += Emit({scratch_, nullptr, &s}, flags, sink);
      if (oic_root || s.Continues(rules_.only_in_compound)) continue;
      const CompoundRules& r = rules_.compound;
      const bool end_ok = Has(flags, r.flag) || Has(flags, r.end) ||
                          s.Continues(r.flag) || s.Continues(r.end);
      if (!end_ok) continue;
      for (AffixFlag c : s.continuation) {
        const auto outer = rules_.suffixes.find(c);
        if (outer == rules_.suffixes.end()) continue;
        for (const AffixEntry& s2 : outer->second) {
          if (ApplySuffix(s2, scratch_, fullstrip, &scratch2_)) {
            sink(CompoundRole::kEnd, scratch2_);
            ++n;
          }
        }
      }
    }
  }
  // A prefix alone (CIRCUMFIX unchecked, as in Hunspell).
  for (AffixFlag pf : stem_prefixes) {
    for (const AffixEntry& p : rules_.prefixes.at(pf)) {
      if (p.Continues(need)) continue;
      if (ApplyPrefix(p, word, fullstrip, &scratch_)) {
        n += Emit({scratch_, &p, nullptr}, flags, sink);
      }
    }
  }
  // Both, cross products; the prefix's condition tested on the suffixed
  // word, as Hunspell does.
  for (AffixFlag sf : suffix_classes) {
    for (const AffixEntry& s : rules_.suffixes.at(sf)) {
      if (!s.cross_product || !ApplySuffix(s, word, fullstrip, &scratch_)) {
        continue;
      }
      for (AffixFlag pf : prefix_classes) {
        for (const AffixEntry& p : rules_.prefixes.at(pf)) {
          if (!p.cross_product || p.Continues(circ) != s.Continues(circ) ||
              (p.Continues(need) && s.Continues(need))) {
            continue;
          }
          const bool s_ok = Has(flags, s.flag) || p.Continues(s.flag);
          const bool p_ok = Has(flags, p.flag) || s.Continues(p.flag);
          if (!s_ok || !p_ok) continue;
          if (ApplyPrefix(p, scratch_, fullstrip, &scratch2_)) {
            n += Emit({scratch2_, &p, &s}, flags, sink);
          }
        }
      }
    }
  }
  return n;
}

}  // namespace spellfilter
