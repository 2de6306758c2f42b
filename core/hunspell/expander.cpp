#include "core/hunspell/expander.h"

#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "core/hunspell/encoding.h"
#include "core/text/letter_case.h"

namespace spellfilter {
namespace {

using Flags = std::vector<AffixFlag>;

bool Has(const Flags& sorted, AffixFlag f) {
  return f != 0 && std::binary_search(sorted.begin(), sorted.end(), f);
}

bool Intersects(const Flags& a, const Flags& b) {
  for (AffixFlag f : a) {
    if (Has(b, f)) return true;
  }
  return false;
}

// One .dic entry, as Hunspell splits the line.
struct DicEntry {
  std::string_view word;   // raw bytes, "\/" already unescaped into `storage`
  std::string_view flags;  // raw bytes; empty without '/'
  std::string storage;     // the word when it needed unescaping
};

DicEntry SplitDicLine(std::string_view line) {
  // Morphology: from the first TAB, or from a "xx:" field after a space or
  // TAB, whichever comes first.
  size_t morph = std::string_view::npos;
  for (size_t colon = line.find(':'); colon != std::string_view::npos;
       colon = line.find(':', colon + 1)) {
    if (colon > 3 && (line[colon - 3] == ' ' || line[colon - 3] == '\t')) {
      morph = colon - 3;
      while (morph > 0 && (line[morph - 1] == ' ' || line[morph - 1] == '\t')) {
        --morph;
      }
      break;
    }
  }
  const size_t tab = line.find('\t');
  if (tab != std::string_view::npos && (morph == std::string_view::npos || tab < morph)) {
    morph = tab;
  }
  if (morph != std::string_view::npos) line = line.substr(0, morph);

  DicEntry e;
  size_t slash = line.find('/', 1);
  bool escaped = false;
  while (slash != std::string_view::npos && line[slash - 1] == '\\') {
    escaped = true;
    slash = line.find('/', slash + 1);
  }
  std::string_view word = line.substr(0, slash);
  if (slash != std::string_view::npos) e.flags = line.substr(slash + 1);
  if (escaped) {
    for (size_t i = 0; i < word.size(); ++i) {
      if (word[i] == '\\' && i + 1 < word.size() && word[i + 1] == '/') continue;
      e.storage.push_back(word[i]);
    }
    e.word = e.storage;
  } else {
    e.word = word;
  }
  return e;
}

// Hunspell's capitalisation classes (cleanword2 in hunspell.cxx).
enum class CapType { kNone, kInitial, kAll, kMixed };

CapType CapTypeOf(std::u32string_view w) {
  size_t cap = 0;
  size_t neutral = 0;
  for (char32_t c : w) {
    const UChar32 lower = u_tolower(static_cast<UChar32>(c));
    if (lower != static_cast<UChar32>(c)) ++cap;
    if (u_toupper(static_cast<UChar32>(c)) == lower) ++neutral;
  }
  if (cap == 0) return CapType::kNone;
  const bool first_cap =
      !w.empty() && u_tolower(static_cast<UChar32>(w[0])) != static_cast<UChar32>(w[0]);
  if (cap == 1 && first_cap) return CapType::kInitial;
  if (cap == w.size() || cap + neutral == w.size()) return CapType::kAll;
  return CapType::kMixed;
}

}  // namespace

struct HunspellExpander::Impl {
  // One applied suffix and the outer suffixes applied on top of it.
  struct SuffixForm {
    const AffixEntry* s1;
    std::u32string word;
    std::vector<std::pair<const AffixEntry*, std::u32string>> outer;
  };

  Impl(const AffixRules& r, std::string_view language, ExpandLimits l);

  bool Circ(const AffixEntry& e) const { return e.Continues(rules.circumfix); }
  bool Oic(const AffixEntry& e) const {
    return e.Continues(rules.only_in_compound);
  }
  bool Need(const AffixEntry& e) const { return e.Continues(rules.need_affix); }

  const std::vector<AffixEntry>* Suffixes(AffixFlag f) const {
    auto it = rules.suffixes.find(f);
    return it == rules.suffixes.end() ? nullptr : &it->second;
  }
  const std::vector<AffixEntry>* Prefixes(AffixFlag f) const {
    auto it = rules.prefixes.find(f);
    return it == rules.prefixes.end() ? nullptr : &it->second;
  }

  bool ApplySuffix(const AffixEntry& e, std::u32string_view word,
                   std::u32string* out);
  bool ApplyPrefix(const AffixEntry& e, std::u32string_view word,
                   std::u32string* out);
  void Add(std::u32string_view form) { forms.emplace_back(form); }

  // The forms of `root` into `forms`; false when over a limit.
  bool ExpandRoot(std::u32string_view root, const Flags& flags);

  std::string ToUpper(std::string_view utf8) const;

  const AffixRules& rules;
  ExpandLimits limits;
  icu::Locale locale;
  HunspellDecoder decoder;
  // Prefix classes a suffix class's entries continue with, and suffix
  // classes they continue with (for twofold suffixes).
  std::unordered_map<AffixFlag, Flags> prefix_conts;
  std::unordered_map<AffixFlag, Flags> suffix_conts;
  // Prefix classes that a suffix they enable enables in turn, so that they
  // can apply to a stem that has neither flag.
  Flags mutual_prefixes;

  CompoundPartGenerator parts;
  CompoundPartSink part_sink;
  KeepCaseSink keep_case_sink;
  StemSink stem_sink;

  uint64_t steps = 0;
  std::vector<std::u32string> forms;
  std::vector<SuffixForm> suffix_forms;
  std::u32string scratch;
};

HunspellExpander::Impl::Impl(const AffixRules& r, std::string_view language,
                             ExpandLimits l)
    : rules(r),
      limits(l),
      decoder(HunspellDecoder::Open("UTF-8").value()),
      parts(r) {
  UErrorCode err = U_ZERO_ERROR;
  locale = icu::Locale::forLanguageTag(std::string(language), err);
  if (U_FAILURE(err)) locale = icu::Locale::getRoot();
  if (StatusOr<HunspellDecoder> d = HunspellDecoder::Open(rules.encoding);
      d.ok()) {
    decoder = std::move(d).value();
  }
  for (const auto& [flag, entries] : rules.suffixes) {
    Flags& pc = prefix_conts[flag];
    Flags& sc = suffix_conts[flag];
    for (const AffixEntry& e : entries) {
      for (AffixFlag c : e.continuation) {
        if (rules.prefixes.contains(c)) pc.push_back(c);
        if (rules.suffixes.contains(c)) sc.push_back(c);
      }
    }
    for (Flags* v : {&pc, &sc}) {
      std::sort(v->begin(), v->end());
      v->erase(std::unique(v->begin(), v->end()), v->end());
    }
  }
  for (const auto& [pflag, pentries] : rules.prefixes) {
    bool mutual = false;
    for (const AffixEntry& p : pentries) {
      for (AffixFlag c : p.continuation) {
        const std::vector<AffixEntry>* s = Suffixes(c);
        if (s == nullptr) continue;
        for (const AffixEntry& se : *s) mutual |= se.Continues(pflag);
      }
    }
    if (mutual) mutual_prefixes.push_back(pflag);
  }
  std::sort(mutual_prefixes.begin(), mutual_prefixes.end());
}

bool HunspellExpander::Impl::ApplySuffix(const AffixEntry& e,
                                         std::u32string_view word,
                                         std::u32string* out) {
  ++steps;
  if (word.size() < e.strip.size()) return false;
  const size_t rest = word.size() - e.strip.size();
  if (rest == 0 && !rules.fullstrip) return false;
  if (word.substr(rest) != e.strip || !e.condition.MatchesEnd(word)) {
    return false;
  }
  out->assign(word.substr(0, rest));
  out->append(e.append);
  return true;
}

bool HunspellExpander::Impl::ApplyPrefix(const AffixEntry& e,
                                         std::u32string_view word,
                                         std::u32string* out) {
  ++steps;
  if (word.size() < e.strip.size()) return false;
  const size_t rest = word.size() - e.strip.size();
  if (rest == 0 && !rules.fullstrip) return false;
  if (word.substr(0, e.strip.size()) != e.strip ||
      !e.condition.MatchesStart(word)) {
    return false;
  }
  out->assign(e.append);
  out->append(word.substr(e.strip.size()));
  return true;
}

bool HunspellExpander::Impl::ExpandRoot(std::u32string_view root,
                                        const Flags& flags) {
  forms.clear();
  suffix_forms.clear();
  steps = 0;
  // Intermediate forms count against the limit too, so memory stays
  // within twice the limit.
  uint64_t stored = 0;
  auto over = [&] {
    return forms.size() > limits.max_forms_per_entry ||
           stored > limits.max_forms_per_entry ||
           steps > limits.max_steps_per_entry;
  };
  if (!Has(flags, rules.need_affix)) Add(root);

  // Candidate prefix classes: the stem's, those its suffixes (and their
  // outer suffixes) enable, and the mutually enabled ones.
  Flags prefix_flags = mutual_prefixes;
  Flags suffix_flags;
  for (AffixFlag f : flags) {
    if (rules.prefixes.contains(f)) prefix_flags.push_back(f);
    if (!rules.suffixes.contains(f)) continue;
    suffix_flags.push_back(f);
    const Flags& pc = prefix_conts[f];
    prefix_flags.insert(prefix_flags.end(), pc.begin(), pc.end());
    for (AffixFlag s2 : suffix_conts[f]) {
      const Flags& pc2 = prefix_conts[s2];
      prefix_flags.insert(prefix_flags.end(), pc2.begin(), pc2.end());
    }
  }
  std::sort(prefix_flags.begin(), prefix_flags.end());
  prefix_flags.erase(std::unique(prefix_flags.begin(), prefix_flags.end()),
                     prefix_flags.end());
  // Suffix classes a candidate prefix enables.
  for (AffixFlag pf : prefix_flags) {
    for (const AffixEntry& p : *Prefixes(pf)) {
      for (AffixFlag c : p.continuation) {
        if (rules.suffixes.contains(c)) suffix_flags.push_back(c);
      }
    }
  }
  std::sort(suffix_flags.begin(), suffix_flags.end());
  suffix_flags.erase(std::unique(suffix_flags.begin(), suffix_flags.end()),
                     suffix_flags.end());

  // Every suffix that applies to the stem, with its outer suffixes.
  for (AffixFlag sf : suffix_flags) {
    for (const AffixEntry& s1 : *Suffixes(sf)) {
      if (over()) return false;
      if (!ApplySuffix(s1, root, &scratch)) continue;
      SuffixForm sform{&s1, scratch, {}};
      ++stored;
      for (AffixFlag c : s1.continuation) {
        const std::vector<AffixEntry>* outer = Suffixes(c);
        if (outer == nullptr) continue;
        for (const AffixEntry& s2 : *outer) {
          if (over()) return false;
          if (ApplySuffix(s2, sform.word, &scratch)) {
            sform.outer.emplace_back(&s2, scratch);
            ++stored;
          }
        }
      }
      suffix_forms.push_back(std::move(sform));
    }
  }

  // Suffixes without a prefix: only the stem's own classes.
  for (const SuffixForm& sform : suffix_forms) {
    const AffixEntry& s1 = *sform.s1;
    if (!Has(flags, s1.flag) || Circ(s1) || Oic(s1)) continue;
    if (!Need(s1)) Add(sform.word);
    for (const auto& [s2, word] : sform.outer) Add(word);
  }
  if (over()) return false;

  // A prefix alone (CIRCUMFIX is not checked here, as in Hunspell).
  for (AffixFlag pf : flags) {
    const std::vector<AffixEntry>* entries = Prefixes(pf);
    if (entries == nullptr) continue;
    for (const AffixEntry& p : *entries) {
      if (over()) return false;
      if (Need(p) || Oic(p)) continue;
      if (ApplyPrefix(p, root, &scratch)) Add(scratch);
    }
  }
  if (over()) return false;

  // A prefix with one or two suffixes.
  for (AffixFlag pf : prefix_flags) {
    const bool p_in_stem = Has(flags, pf);
    for (const AffixEntry& p : *Prefixes(pf)) {
      if (!p.cross_product) continue;
      for (const SuffixForm& sform : suffix_forms) {
        if (over()) return false;
        const AffixEntry& s1 = *sform.s1;
        ++steps;
        const bool s1_in_stem = Has(flags, s1.flag);
        if (!s1_in_stem && !p.Continues(s1.flag)) continue;
        const bool pair_ok = s1.cross_product &&
                             (p_in_stem || s1.Continues(pf)) &&
                             Circ(p) == Circ(s1) && !Oic(s1);
        if (pair_ok && !Oic(p) && !(Need(s1) && Need(p)) &&
            ApplyPrefix(p, sform.word, &scratch)) {
          Add(scratch);
        }
        for (const auto& [s2, word] : sform.outer) {
          if (!s2->cross_product) continue;
          // An outer suffix that enables the prefix lets the inner suffix
          // be checked as if there were no prefix (SfxEntry::check_twosfx).
          const bool ok = s2->Continues(pf)
                              ? s1_in_stem && !Circ(s1) && !Oic(s1)
                              : pair_ok;
          if (ok && ApplyPrefix(p, word, &scratch)) Add(scratch);
        }
      }
      if (over()) return false;
    }
  }
  std::sort(forms.begin(), forms.end());
  forms.erase(std::unique(forms.begin(), forms.end()), forms.end());
  return !over();
}

std::string HunspellExpander::Impl::ToUpper(std::string_view utf8) const {
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(
      icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())));
  u.toUpper(locale);
  std::string out;
  u.toUTF8String(out);
  return out;
}

HunspellExpander::HunspellExpander(const AffixRules& rules,
                                   std::string_view language,
                                   ExpandLimits limits)
    : impl_(std::make_unique<Impl>(rules, language, limits)) {}
HunspellExpander::~HunspellExpander() = default;

void HunspellExpander::SetCompoundPartSink(CompoundPartSink sink) {
  impl_->part_sink = std::move(sink);
}

void HunspellExpander::SetStemSink(StemSink sink) {
  impl_->stem_sink = std::move(sink);
  impl_->parts.set_bare_stems_only(true);
}

void HunspellExpander::SetKeepCaseSink(KeepCaseSink sink) {
  impl_->keep_case_sink = std::move(sink);
}

Status HunspellExpander::Expand(std::string_view bytes, std::string_view name,
                                const FormSink& sink, ExpandStats* stats) {
  ExpandStats local;
  ExpandStats& st = stats != nullptr ? *stats : local;
  Impl& m = *impl_;
  const AffixRules& rules = m.rules;
  auto warn = [&](std::string message) {
    ++st.warning_count;
    if (st.warnings.size() < ExpandStats::kMaxWarnings) {
      st.warnings.push_back(std::move(message));
    }
  };

  struct Entry {
    std::u32string word;
    Flags flags;
    uint32_t line;
  };
  std::vector<Entry> entries;
  // Every word, and whether its first entry is forbidden (Hunspell looks a
  // word up before trying affixes, and stops at a forbidden first homonym).
  std::unordered_map<std::string, bool> first_forbidden;

  if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
  uint32_t number = 0;
  bool have_count = false;
  std::string utf8;
  while (!bytes.empty()) {
    const size_t nl = bytes.find('\n');
    std::string_view line = bytes.substr(0, nl);
    bytes.remove_prefix(nl == std::string_view::npos ? bytes.size() : nl + 1);
    while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++number;
    const std::string where = std::string(name) + ":" + std::to_string(number);
    if (!have_count) {
      const size_t start = line.find_first_not_of(" \t");
      if (start == std::string_view::npos || line[start] < '0' ||
          line[start] > '9') {
        return Status::InvalidArgument(
            where + ": the first line must be the number of entries");
      }
      have_count = true;
      continue;
    }
    DicEntry d = SplitDicLine(line);
    if (d.word.empty()) continue;
    Entry e;
    e.line = number;
    if (!m.decoder.Decode(d.word, &e.word)) {
      warn(where + ": text not in the encoding " + rules.encoding);
      continue;
    }
    std::erase_if(e.word, [&](char32_t c) {
      return rules.ignore.find(c) != std::u32string::npos;
    });
    if (e.word.empty()) continue;
    if (!d.flags.empty() && !rules.DecodeFlags(d.flags, &e.flags)) {
      warn(where + ": bad flags \"" + std::string(d.flags) + "\"");
    }
    utf8.clear();
    AppendUtf8(e.word, &utf8);
    first_forbidden.try_emplace(utf8, Has(e.flags, rules.forbidden_word));
    entries.push_back(std::move(e));
  }
  if (!have_count) {
    return Status::InvalidArgument(std::string(name) +
                                   ": empty; the first line must be the "
                                   "number of entries");
  }
  std::unordered_set<std::string> forbidden;
  for (auto& [word, is_forbidden] : first_forbidden) {
    if (is_forbidden) forbidden.insert(word);
  }

  // Keep-case forms. Hunspell looks a word up as a stem first, taking the
  // first homonym that is a word by itself, and tries affixes only when
  // there is none; it then tests KEEPCASE on the entry it found. So a
  // stem spelling is keep-case when that first homonym has KEEPCASE
  // (`stem_keep_case`), whatever affixed forms other entries make ("bit"
  // from "bit/S.()" with an empty suffix next to "bit/||" in fr); another
  // form when only KEEPCASE entries yield it (`keep_case`, less the forms
  // other entries yield, erased in the main loop).
  auto yields_words = [&](const Entry& e) {
    return e.word.find(U' ') == std::u32string::npos &&
           !Has(e.flags, rules.forbidden_word) &&
           !(rules.forbid_warn && Has(e.flags, rules.warn)) &&
           !Has(e.flags, rules.only_in_compound);
  };
  std::u32string root;
  std::string form;
  std::unordered_set<std::string> keep_case;
  std::unordered_map<std::string, bool> stem_keep_case;
  const bool track_keep_case = m.keep_case_sink && rules.keep_case != 0;
  if (track_keep_case) {
    for (const Entry& e : entries) {
      if (!yields_words(e)) continue;
      if (!Has(e.flags, rules.need_affix)) {
        form.clear();
        AppendUtf8(e.word, &form);
        stem_keep_case.try_emplace(form, Has(e.flags, rules.keep_case));
      }
      if (!Has(e.flags, rules.keep_case)) continue;
      root = e.word;
      if (rules.complex_prefixes) std::reverse(root.begin(), root.end());
      if (st.steps > m.limits.max_steps) break;  // the main loop reports it
      const bool listed = m.ExpandRoot(root, e.flags);
      st.steps += m.steps;
      if (!listed) continue;  // the main loop reports it
      for (std::u32string& f : m.forms) {
        if (f.empty()) continue;
        if (rules.complex_prefixes) std::reverse(f.begin(), f.end());
        form.clear();
        AppendUtf8(f, &form);
        if (!forbidden.contains(form)) keep_case.insert(form);
      }
    }
  }
  for (const Entry& e : entries) {
    ++st.entries;
    const std::string where = std::string(name) + ":" + std::to_string(e.line);
    if (st.steps > m.limits.max_steps) {
      st.over_limit = true;
      return Status::InvalidArgument(
          where + ": more than " + std::to_string(m.limits.max_steps) +
          " affix applications tried for the whole dictionary, the limit: "
          "too many affixes for its entries (docs/affix_dictionaries.md)");
    }
    if (e.word.find(U' ') != std::u32string::npos) {
      ++st.multiword_entries;
      continue;
    }
    if (Has(e.flags, rules.forbidden_word) ||
        (rules.forbid_warn && Has(e.flags, rules.warn))) {
      ++st.forbidden_entries;
      continue;
    }
    if (m.part_sink) {
      st.compound_parts += m.parts.Generate(e.word, e.flags, m.part_sink);
    }
    if (Has(e.flags, rules.only_in_compound)) {
      ++st.compound_only_entries;
      if (m.stem_sink) {
        // Affixed compound parts are looked up through the stems' keys.
        StemEntry stem;
        stem.word = e.word;
        stem.flags = &e.flags;
        stem.only_in_compound = true;
        stem.where = where;
        m.stem_sink(stem);
        ++st.stems;
      }
      continue;
    }
    if (Intersects(e.flags, rules.compound_flags)) ++st.compound_entries;
    const CapType cap = CapTypeOf(e.word);
    // KEEPCASE words are refused in ALL UPPER by Hunspell too, and the
    // hidden entry is not made when the .dic has its spelling already.
    bool add_upper =
        (cap == CapType::kMixed || (cap == CapType::kAll && !e.flags.empty())) &&
        !Has(e.flags, rules.keep_case);
    if (add_upper) {
      std::u32string hidden;
      for (char32_t c : e.word) {
        hidden.push_back(static_cast<char32_t>(u_tolower(static_cast<UChar32>(c))));
      }
      hidden[0] = static_cast<char32_t>(u_toupper(static_cast<UChar32>(hidden[0])));
      form.clear();
      AppendUtf8(hidden, &form);
      add_upper = !first_forbidden.contains(form);
    }
    // With a stem sink, only KEEPCASE entries are listed form by form
    // (their forms are correct only as written); the others go in as stems,
    // an entry with hidden ALL UPPER forms with its ALL UPPER stem but not
    // its ALL UPPER affixed forms (docs/affix_dictionaries.md).
    root = e.word;
    if (rules.complex_prefixes) std::reverse(root.begin(), root.end());
    m.steps = 0;
    const bool listed = (!m.stem_sink || Has(e.flags, rules.keep_case)) &&
                        m.ExpandRoot(root, e.flags);
    st.steps += m.steps;
    // (An entry too large to list goes to the stem sink all the same: its
    // ALL UPPER affixed forms, or its case restriction, are then lost,
    // which beats refusing the dictionary.)
    if (m.stem_sink && !listed) {
      utf8.clear();
      AppendUtf8(e.word, &utf8);
      StemEntry stem;
      stem.word = e.word;
      stem.flags = &e.flags;
      stem.word_by_itself =
          !Has(e.flags, rules.need_affix) && !forbidden.contains(utf8);
      stem.where = where;
      m.stem_sink(stem);
      ++st.stems;
      if (add_upper && stem.word_by_itself) {
        const std::string upper = m.ToUpper(utf8);
        if (upper != utf8 && !forbidden.contains(upper)) {
          sink(upper, where);
          ++st.forms;
          ++st.upper_forms;
        }
      }
      continue;
    }
    if (!listed) {
      st.over_limit = true;
      std::string word;
      AppendUtf8(e.word, &word);
      return Status::InvalidArgument(
          where + ": \"" + word + "\" expands to more than " +
          (m.steps > m.limits.max_steps_per_entry
               ? std::to_string(m.limits.max_steps_per_entry) +
                     " affix applications"
               : std::to_string(m.limits.max_forms_per_entry) + " forms") +
          ", the limit for one entry: too many affix combinations to list "
          "(docs/hunspell_dictionaries.md)");
    }
    if (m.forms.size() > st.max_entry_forms) {
      st.max_entry_forms = m.forms.size();
      st.max_entry_word.clear();
      AppendUtf8(e.word, &st.max_entry_word);
    }
    for (std::u32string& f : m.forms) {
      if (f.empty()) continue;
      if (rules.complex_prefixes) std::reverse(f.begin(), f.end());
      form.clear();
      AppendUtf8(f, &form);
      if (forbidden.contains(form)) {
        ++st.forbidden_forms;
        continue;
      }
      sink(form, where);
      ++st.forms;
      if (!keep_case.empty() && !Has(e.flags, rules.keep_case)) {
        keep_case.erase(form);
      }
      if (add_upper) {
        const std::string upper = m.ToUpper(form);
        if (upper != form && !forbidden.contains(upper)) {
          sink(upper, where);
          ++st.forms;
          ++st.upper_forms;
        }
      }
      if (st.forms > m.limits.max_forms) {
        st.over_limit = true;
        return Status::InvalidArgument(
            where + ": the dictionary expands to more than " +
            std::to_string(m.limits.max_forms) +
            " forms, the limit (docs/hunspell_dictionaries.md)");
      }
    }
  }
  if (m.part_sink) {
    // Forbidden spellings are no compounds either (compound_rules.h).
    std::u32string word;
    for (const auto& [w, is_forbidden] : first_forbidden) {
      if (is_forbidden && DecodeUtf8(w, &word)) {
        m.part_sink(static_cast<CompoundRole>(kForbiddenRole), word);
      }
    }
  }
  if (m.stem_sink) {
    std::vector<std::string> sorted(forbidden.begin(), forbidden.end());
    std::sort(sorted.begin(), sorted.end());
    for (const std::string& w : sorted) {
      std::u32string word;
      if (!DecodeUtf8(w, &word)) continue;
      StemEntry f;
      f.word = word;
      f.forbidden = true;
      m.stem_sink(f);
    }
  }
  if (track_keep_case) {
    for (const auto& [stem, kept] : stem_keep_case) {
      if (kept) {
        keep_case.insert(stem);
      } else {
        keep_case.erase(stem);
      }
    }
    std::vector<std::string> sorted(keep_case.begin(), keep_case.end());
    std::sort(sorted.begin(), sorted.end());
    for (const std::string& w : sorted) m.keep_case_sink(w);
    st.keep_case_forms += sorted.size();
  }
  return Status::Ok();
}

uint64_t HunspellExpander::EstimateForms(std::string_view bytes,
                                         uint32_t every, uint64_t stop_at) {
  Impl& m = *impl_;
  const AffixRules& rules = m.rules;
  if (every == 0) every = 1;
  if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
  bool have_count = false;
  uint64_t entries = 0;
  uint64_t sum = 0;
  uint64_t steps = 0;
  std::u32string word;
  Flags flags;
  while (!bytes.empty()) {
    const size_t nl = bytes.find('\n');
    std::string_view line = bytes.substr(0, nl);
    bytes.remove_prefix(nl == std::string_view::npos ? bytes.size() : nl + 1);
    while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!have_count) {
      const size_t start = line.find_first_not_of(" \t");
      if (start == std::string_view::npos || line[start] < '0' ||
          line[start] > '9') {
        return 0;  // Expand refuses it
      }
      have_count = true;
      continue;
    }
    // Entries are counted as Expand counts them, before decoding: cheap
    // for the lines not sampled.
    DicEntry d = SplitDicLine(line);
    if (d.word.empty() || entries++ % every != 0) continue;
    if (!m.decoder.Decode(d.word, &word)) continue;
    std::erase_if(word, [&](char32_t c) {
      return rules.ignore.find(c) != std::u32string::npos;
    });
    flags.clear();
    // (Bad flags: Expand warns and keeps what decoded.)
    if (!d.flags.empty()) (void)rules.DecodeFlags(d.flags, &flags);
    if (word.empty() || word.find(U' ') != std::u32string::npos ||
        Has(flags, rules.forbidden_word) ||
        (rules.forbid_warn && Has(flags, rules.warn)) ||
        Has(flags, rules.only_in_compound)) {
      continue;
    }
    const CapType cap = CapTypeOf(word);
    if (rules.complex_prefixes) std::reverse(word.begin(), word.end());
    // An entry over its limits makes Expand fail, and so does a sample
    // whose affix applications, scaled, pass the whole file's limit.
    if (!m.ExpandRoot(word, flags)) return UINT64_MAX;
    steps += m.steps;
    if (steps > m.limits.max_steps / every) return UINT64_MAX;
    const uint64_t n = m.forms.size();
    const bool upper =
        (cap == CapType::kMixed || (cap == CapType::kAll && !flags.empty())) &&
        !Has(flags, rules.keep_case);
    sum += upper ? 2 * n : n;
    if (sum > stop_at / every) return sum * every;
  }
  return sum * every;
}

}  // namespace spellfilter
