#include "core/hunspell/compound_parts.h"

#include <algorithm>

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

uint64_t CompoundPartGenerator::Generate(std::u32string_view word,
                                         const Flags& flags,
                                         const CompoundPartSink& sink) {
  if (!rules_.compound.any() || word.empty()) return 0;
  if (Has(flags, rules_.forbidden_word) ||
      (rules_.forbid_warn && Has(flags, rules_.warn))) {
    return 0;
  }
  uint64_t n = 0;
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
  // A suffix alone.
  for (AffixFlag sf : stem_suffixes) {
    for (const AffixEntry& s : rules_.suffixes.at(sf)) {
      if (s.Continues(need) || s.Continues(circ)) continue;
      if (ApplySuffix(s, word, fullstrip, &scratch_)) {
        n += Emit({scratch_, nullptr, &s}, flags, sink);
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
