#include "core/hunspell/import.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

#include "core/util/file_io.h"
#include "core/dictionary/affix_lookup.h"
#include "core/hunspell/compound_parts.h"
#include "core/hunspell/encoding.h"
#include "core/text/letter_case.h"
#include "core/text/word_forms.h"

namespace spellfilter {
namespace {

bool AllAlpha(std::string_view s) {
  for (char c : s) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
  }
  return true;
}

bool AllDigits(std::string_view s) {
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

std::string BaseName(std::string_view path) {
  const size_t slash = path.rfind('/');
  if (slash != std::string_view::npos) path.remove_prefix(slash + 1);
  if (path.ends_with(".dic")) path.remove_suffix(4);
  return std::string(path);
}

StatusOr<MappedFile> ReadBounded(const std::string& path, uint64_t limit) {
  StatusOr<MappedFile> file = MappedFile::Open(path);
  if (!file.ok()) return file.status();
  if (file->bytes().size() > limit) {
    return Status::InvalidArgument(path + ": larger than " +
                                   std::to_string(limit >> 20) +
                                   " MiB; not a Hunspell file?");
  }
  return file;
}

std::string_view View(const MappedFile& f) {
  return {reinterpret_cast<const char*>(f.bytes().data()), f.bytes().size()};
}

}  // namespace

std::string HunspellAffPath(std::string_view dic_path) {
  std::string aff(dic_path);
  if (aff.ends_with(".dic")) aff.resize(aff.size() - 4);
  return aff + ".aff";
}

std::string HunspellLanguageTag(std::string_view dic_path) {
  const std::string base = BaseName(dic_path);
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= base.size()) {
    size_t end = base.find_first_of("_-", start);
    if (end == std::string::npos) end = base.size();
    parts.push_back(base.substr(start, end - start));
    start = end + 1;
  }
  std::string tag;
  size_t i = 0;
  const std::string& lang = parts[0];
  if (lang.size() < 2 || lang.size() > 3 || !AllAlpha(lang)) {
    return "";
  }
  for (char c : lang) tag.push_back(static_cast<char>(std::tolower(c)));
  ++i;
  if (i < parts.size() && parts[i].size() == 4 && AllAlpha(parts[i])) {
    tag += '-';
    tag.push_back(static_cast<char>(std::toupper(parts[i][0])));
    for (size_t k = 1; k < 4; ++k) {
      tag.push_back(static_cast<char>(std::tolower(parts[i][k])));
    }
    ++i;
  }
  if (i < parts.size() &&
      ((parts[i].size() == 2 && AllAlpha(parts[i])) ||
       (parts[i].size() == 3 && AllDigits(parts[i])))) {
    tag += '-';
    for (char c : parts[i]) tag.push_back(static_cast<char>(std::toupper(c)));
  }
  return tag;
}

HunspellImport::HunspellImport(std::string dic_path, std::string aff_path,
                               AffixRules rules, ExpandLimits limits)
    : dic_path_(std::move(dic_path)),
      aff_path_(std::move(aff_path)),
      rules_(std::move(rules)),
      limits_(limits) {}

StatusOr<HunspellImport> HunspellImport::Open(const std::string& dic_path,
                                              ExpandLimits limits) {
  std::string aff_path = HunspellAffPath(dic_path);
  StatusOr<MappedFile> aff = ReadBounded(aff_path, kMaxAffBytes);
  if (!aff.ok()) return aff.status();
  StatusOr<AffixRules> rules = ParseAffixFile(View(*aff), aff_path);
  if (!rules.ok()) return rules.status();
  HunspellImport h(dic_path, std::move(aff_path), std::move(rules).value(),
                   limits);
  h.aff_bytes_ = View(*aff).size();
  return h;
}

std::string HunspellImport::language() const {
  std::string tag = HunspellLanguageTag(dic_path_);
  if (tag.empty() && !rules_.language.empty()) {
    tag = HunspellLanguageTag(rules_.language);
  }
  return tag.empty() ? "und" : tag;
}

Status HunspellImport::AddTo(DictionaryBuilder* builder,
                             std::string_view language,
                             HunspellImportSummary* summary) const {
  HunspellImportSummary local;
  HunspellImportSummary& s = summary != nullptr ? *summary : local;
  if (Status breaks = builder->SetWordBreaks(rules_.word_breaks);
      !breaks.ok()) {
    return Status::InvalidArgument(aff_path_ + ": " + breaks.message());
  }
  builder->SetWordChars(rules_.word_chars);
  StatusOr<MappedFile> dic = ReadBounded(dic_path_, kMaxDicBytes);
  if (!dic.ok()) return dic.status();
  // The .aff's TRY, REP, MAP, KEY, PHONE for the suggester, either way.
  builder->SetSuggestRules(rules_.suggest.empty() ? std::string()
                                                  : rules_.suggest.Encode());
  if (builder->options().max_file_bytes == 0) {
    builder->SetMaxFileBytes(std::max(
        kHunspellSizeFactor * (View(*dic).size() + aff_bytes_),
        kHunspellSizeFloor));
  }
  uint64_t max_forms = limits_.max_forms;
  if (affix_mode_ == AffixMode::kAuto) {
    const auto by_size = static_cast<uint64_t>(
        kAutoFormsPerByte * static_cast<double>(View(*dic).size() + aff_bytes_));
    max_forms = std::min({max_forms, kAutoExpandForms,
                          std::max<uint64_t>(by_size, 1000)});
  }
  bool keep = affix_mode_ == AffixMode::kKeep;
  uint64_t estimate = 0;
  if (affix_mode_ == AffixMode::kAuto) {
    HunspellExpander expander(rules_, language, limits_);
    const auto stop_at = static_cast<uint64_t>(
        kEstimateMargin * static_cast<double>(max_forms));
    estimate = expander.EstimateForms(View(*dic), kEstimateEvery, stop_at);
    keep = estimate > stop_at;
    if (!keep && estimate > max_forms) {
      // Likely over the budget, but a sample can be wrong: counted exactly
      // by the expansion itself, handing the forms to nothing, which stops
      // where the real one would (the same limits); much cheaper than
      // building them and throwing them away.
      ExpandLimits counting = limits_;
      counting.max_forms = max_forms;
      HunspellExpander counter(rules_, language, counting);
      ExpandStats counted;
      (void)counter.Expand(View(*dic), dic_path_,
                           [](std::string_view, std::string_view) {},
                           &counted);
      keep = counted.over_limit;
    }
  }
  if (!keep) {
    Status expanded =
        Import(View(*dic), builder, language, false, max_forms, &s);
    s.estimated_forms = estimate;
    if (expanded.ok() || affix_mode_ == AffixMode::kExpand ||
        !s.expand.over_limit) {
      return expanded;
    }
    // Over the budget: stored as stems and rules instead.
    builder->DiscardWords();
    s = HunspellImportSummary();
  }
  Status kept = Import(View(*dic), builder, language, true, max_forms, &s);
  s.estimated_forms = estimate;
  s.kept_by_estimate = keep && affix_mode_ == AffixMode::kAuto;
  return kept;
}

AffixTable MakeAffixTable(const AffixRules& rules) {
  AffixTable t;
  t.need_affix = rules.need_affix;
  t.only_in_compound = rules.only_in_compound;
  t.circumfix = rules.circumfix;
  t.forbidden = rules.forbidden_word;
  t.keep_case = rules.keep_case;
  t.compound_flag = rules.compound.flag;
  t.compound_begin = rules.compound.begin;
  t.compound_middle = rules.compound.middle;
  t.compound_end = rules.compound.end;
  t.compound_permit = rules.compound.permit;
  t.compound_forbid = rules.compound.forbid;
  t.fullstrip = rules.fullstrip;
  t.complex_prefixes = rules.complex_prefixes;
  for (const auto& [map, out] :
       {std::pair{&rules.prefixes, &t.prefixes},
        std::pair{&rules.suffixes, &t.suffixes}}) {
    // In file order (the order of the .aff's lines, not the hash map's):
    // Hunspell tries entries with the same append string in reverse file
    // order and takes the first root it finds for a COMPOUNDRULE's last
    // part (AffixLookup::FirstCompoundEndStem), so the order decides.
    std::vector<const AffixEntry*> entries;
    for (const auto& [flag, group] : *map) {
      for (const AffixEntry& e : group) entries.push_back(&e);
    }
    std::stable_sort(entries.begin(), entries.end(),
                     [](const AffixEntry* a, const AffixEntry* b) {
                       return a->line != b->line ? a->line < b->line
                                                 : a->flag < b->flag;
                     });
    for (const AffixEntry* e : entries) {
      AffixRule r;
      r.flag = e->flag;
      r.cross_product = e->cross_product;
      r.strip = e->strip;
      r.append = e->append;
      r.condition = e->condition;
      r.continuation = e->continuation;
      out->push_back(std::move(r));
    }
  }
  t.iconv = rules.iconv;
  t.ignore = rules.ignore;
  return t;
}

namespace {

// A misspelling-like variant of a dictionary form for measuring E[A]: one
// letter near the middle replaced by the next code point.
std::string EditedForm(std::u32string_view form, size_t salt) {
  std::u32string w(form);
  if (!w.empty()) {
    const size_t i = (w.size() / 2 + salt) % w.size();
    w[i] = w[i] + 1;
  }
  return EncodeUtf8(w);
}

}  // namespace

Status HunspellImport::Import(std::string_view dic, DictionaryBuilder* builder,
                              std::string_view language, bool stems,
                              uint64_t max_forms,
                              HunspellImportSummary* summary) const {
  HunspellImportSummary& s = *summary;
  s.aff_warnings = rules_.warnings;
  s.aff_warning_count = rules_.warning_count;
  ExpandLimits limits = limits_;
  // The budget bounds an expansion; stems list only KEEPCASE entries and
  // entries with hidden ALL UPPER forms, under the ordinary limit.
  if (!stems) limits.max_forms = max_forms;
  HunspellExpander expander(rules_, language, limits);
  // The expander adds the ALL UPPER forms by Hunspell's rules.
  builder->TakeUpperFormsAsAdded();
  auto sink = [&](std::string_view form, std::string_view where) {
    Status added = form.front() == '#'
                       ? Status::InvalidArgument(std::string(where) +
                                                 ": a word starting with '#'")
                       : builder->AddLine(form, where);
    if (!added.ok()) {
      ++s.skipped_forms;
      if (s.skipped_examples.size() < 5) {
        s.skipped_examples.push_back(added.message() + " (\"" +
                                     std::string(form) + "\")");
      }
    }
  };
  // Scratch for the compound part sink, which Expand calls after this
  // block: it must outlive the block.
  std::string utf8;
  // COMPOUNDWORDMAX 1 allows no compound at all.
  if (compounds_ && rules_.compound.any_or_rules() &&
      rules_.compound.max_parts != 1) {
    const CompoundRules& r = rules_.compound;
    CompoundSettings settings;
    settings.min_part = r.min_part;
    settings.max_parts = r.max_parts;
    settings.check_case = r.check_case;
    settings.check_dup = r.check_dup;
    settings.check_triple = r.check_triple;
    builder->EnableCompounds(settings);
    if (const CompoundRuleSet set = MakeCompoundRuleSet(rules_); !set.empty()) {
      builder->SetCompoundRules(set.Encode());
    }
    expander.SetCompoundPartSink(
        [&](CompoundRole role, std::u32string_view part) {
          utf8.clear();
          AppendUtf8(part, &utf8);
          if (utf8.size() > kMaxWordBytes) return;  // no token is that long
          if (!builder->AddCompoundPart(role, utf8, dic_path_).ok()) {
            ++s.skipped_forms;
          }
        });
  }
  if (rules_.keep_case != 0) {
    builder->EnableKeepCase(rules_.check_sharps ? kKeepCaseSharpSCapitalised
                                               : 0);
    expander.SetKeepCaseSink([&](std::string_view form) {
      if (form.size() > kMaxWordBytes) return;  // no token is that long
      if (!builder->AddKeepCase(form, dic_path_).ok()) ++s.skipped_forms;
    });
  }

  AffixTable table = MakeAffixTable(rules_);
  if (!stems) {
    Status expanded = expander.Expand(dic, dic_path_, sink, &s.expand);
    if (expanded.ok() && (!table.iconv.empty() || !table.ignore.empty())) {
      // The input conversions only: an optional section.
      table.prefixes.clear();
      table.suffixes.clear();
      builder->SetAffixRules(table.Encode(), false);
    }
    return expanded;
  }

  // Affix-aware: the flags the rules test, the stems' keys, and a sample of
  // forms to measure the probes a misspelling costs.
  s.affix_aware = true;
  std::vector<AffixFlag> affix_flags;
  for (const auto& [flag, entries] : rules_.prefixes) affix_flags.push_back(flag);
  for (const auto& [flag, entries] : rules_.suffixes) affix_flags.push_back(flag);
  // And the compound roles, which AcceptsPart tests on stems.
  for (AffixFlag f : {rules_.compound.flag, rules_.compound.begin,
                      rules_.compound.middle, rules_.compound.end}) {
    if (f != 0) affix_flags.push_back(f);
  }
  std::sort(affix_flags.begin(), affix_flags.end());
  WordForms normalizer(language, false);
  std::unordered_map<std::string, uint32_t> homonyms;
  std::string stem;
  std::string key;
  std::vector<std::u32string> sample;
  uint64_t seen = 0;
  expander.SetStemSink([&](const StemEntry& e) {
    utf8.clear();
    AppendUtf8(e.word, &utf8);
    if (!normalizer.Normalize(utf8, &stem) || stem.size() > kMaxWordBytes) {
      ++s.skipped_forms;
      return;
    }
    // With ICONV, a word is looked up as the conversion writes it, not
    // normalised (Korean's .dic and ICONV are in Jamo, which NFC would
    // compose): a stem NFC changes has its keys in both forms.
    const bool raw_too = !rules_.iconv.empty() && utf8 != stem &&
                         utf8.size() <= kMaxWordBytes;
    key.clear();
    if (e.forbidden) {
      AppendForbiddenKey(stem, &key);
      builder->AddKey(key);
      ++s.stem_keys;
      if (raw_too) {
        key.clear();
        AppendForbiddenKey(utf8, &key);
        builder->AddKey(key);
      }
      return;
    }
    if (raw_too && e.word_by_itself) builder->AddKey(utf8);
    if (e.only_in_compound) builder->AddToAlphabet(stem);
    if (e.word_by_itself) sink(stem, e.where);
    const uint32_t key_bit = e.only_in_compound ? kOnlyInCompoundKeyBit : 0;
    // An entry without affix or compound flags has no keys but its word:
    // it takes no homonym number (gl_ES lists "del" 442 times without
    // flags before del/10, whose plural "deles" the cap would drop).
    const bool keyed =
        std::any_of(e.flags->begin(), e.flags->end(), [&](AffixFlag f) {
          return std::binary_search(affix_flags.begin(), affix_flags.end(), f);
        });
    const uint32_t h = keyed ? homonyms[stem]++ : 0;
    if (h >= kMaxHomonyms) {
      ++s.dropped_homonyms;
      return;
    }
    if (keyed && h > 0) {
      for (const std::string* form : {&stem, &utf8}) {
        if (form == &utf8 && !raw_too) break;
        key.clear();
        AppendFlagKey(*form, static_cast<uint8_t>(h), kHomonymKeyFlag, &key);
        builder->AddKey(key);
        builder->AddStem(*form);
        ++s.stem_keys;
      }
    }
    for (AffixFlag f : *e.flags) {
      if (!std::binary_search(affix_flags.begin(), affix_flags.end(), f)) {
        continue;
      }
      for (const std::string* form : {&stem, &utf8}) {
        if (form == &utf8 && !raw_too) break;
        key.clear();
        AppendFlagKey(*form, static_cast<uint8_t>(h), f | key_bit, &key);
        builder->AddKey(key);
        builder->AddStem(*form);
        ++s.stem_keys;
      }
    }
    // Every 64th stem (at most 4,096) for the sizing below.
    if (!e.only_in_compound && seen++ % 64 == 0 && sample.size() < 4096) {
      sample.emplace_back(e.word);
    }
  });
  if (Status st = expander.Expand(dic, dic_path_, sink, &s.expand); !st.ok()) {
    return st;
  }
  // E[A]: the accepting probes of misspelled forms, half of them inflected
  // with a suffix (docs/affix_dictionaries.md, "Sizing").
  BloomFilter none;
  AffixLookup lookup(table, none);
  double probes = 0;
  for (size_t i = 0; i < sample.size(); ++i) {
    std::u32string form = sample[i];
    if (i % 2 == 1 && !table.suffixes.empty()) {
      form += table.suffixes[i % table.suffixes.size()].append;
    }
    probes += static_cast<double>(lookup.CountProbes(EditedForm(form, i)));
  }
  table.probes_per_word =
      sample.empty() ? 1.0 : std::max(1.0, probes / static_cast<double>(sample.size()));
  table.word_fp = builder->options().fp;
  s.probes_per_word = table.probes_per_word;
  s.probe_fp = table.word_fp / table.probes_per_word;
  builder->SetFalsePositiveRate(s.probe_fp);
  builder->SetAffixRules(table.Encode(), table.has_rules());
  return Status::Ok();
}

}  // namespace spellfilter
