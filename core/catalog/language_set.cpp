#include "core/catalog/language_set.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <utility>

namespace spellfilter {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  return s;
}

// "de_DE" -> "de".
std::string_view LanguageCode(std::string_view tag) {
  return tag.substr(0, tag.find('_'));
}

std::string Quoted(std::string_view spec) {
  std::string q = "\"";
  q.append(spec);
  q += '"';
  return q;
}

std::string LocaleFromEnvironment() {
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(name);
    if (v != nullptr && *v != '\0') return v;
  }
  return "";
}

}  // namespace

bool IsLanguageList(std::string_view spec) {
  spec = Trim(spec);
  return spec.find(',') != std::string_view::npos || spec == "auto" ||
         spec.starts_with("auto:");
}

StatusOr<LanguageSpec> ParseLanguageSpec(std::string_view spec) {
  LanguageSpec out;
  std::string_view rest = Trim(spec);
  if (rest.empty()) {
    return Status::InvalidArgument(
        "empty language (a tag such as de_DE, a "
        "list such as en_US,de_DE, or auto)");
  }
  if (rest == "auto") {
    out.mode = LanguageMode::kAuto;
    return out;
  }
  if (rest.starts_with("auto:")) {
    out.mode = LanguageMode::kAuto;
    rest.remove_prefix(5);
    if (Trim(rest).empty()) {
      return Status::InvalidArgument(
          "language list " + Quoted(spec) +
          ": auto: needs the languages to choose from (auto:de_DE,en_US)");
    }
  }
  for (;;) {
    const size_t comma = rest.find(',');
    const std::string_view item = Trim(rest.substr(0, comma));
    if (item.empty()) {
      return Status::InvalidArgument("language list " + Quoted(spec) +
                                     ": an empty item between commas");
    }
    if (item == "auto" || item.starts_with("auto:")) {
      return Status::InvalidArgument(
          "language list " + Quoted(spec) +
          ": auto stands alone (auto) or first (auto:de_DE,en_US)");
    }
    out.tags.emplace_back(item);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (out.tags.size() > kMaxLanguages) {
    return Status::InvalidArgument("language list " + Quoted(spec) + ": " +
                                   std::to_string(out.tags.size()) +
                                   " languages, at most " +
                                   std::to_string(kMaxLanguages));
  }
  return out;
}

LanguageSet::LanguageSet(LanguageSet&&) noexcept = default;
LanguageSet& LanguageSet::operator=(LanguageSet&&) noexcept = default;
LanguageSet::~LanguageSet() = default;

LanguageSet LanguageSet::Single(std::unique_ptr<Dictionary> dictionary,
                                std::string tag) {
  LanguageSet set;
  set.views_.push_back(dictionary.get());
  set.dictionaries_.push_back(std::move(dictionary));
  set.tags_.push_back(std::move(tag));
  return set;
}

StatusOr<LanguageSet> LanguageSet::Open(std::string_view spec,
                                        const LanguageSetOptions& options) {
  StatusOr<LanguageSpec> parsed = ParseLanguageSpec(spec);
  if (!parsed.ok()) return parsed.status();
  const std::string locale = NormalizeLanguageTag(
      options.locale.empty() ? LocaleFromEnvironment() : options.locale);
  LanguageSet set;
  set.mode_ = parsed->mode;
  // (tag, path) of each language, in order.
  std::vector<std::pair<std::string, std::string>> chosen;
  if (parsed->tags.empty()) {
    // auto: the ready dictionaries, one per language code.
    std::map<std::string, CatalogEntry> by_code;
    for (CatalogEntry& e : ListDictionaries(options.catalog)) {
      const bool ready =
          e.kind == CatalogEntry::Kind::kSpellfilter ||
          (e.kind == CatalogEntry::Kind::kHunspell && e.cache_current);
      if (!ready) continue;
      const std::string code(LanguageCode(e.tag));
      auto it = by_code.find(code);
      if (it == by_code.end()) {
        by_code.emplace(code, std::move(e));
        continue;
      }
      // Better than the one kept: the locale's tag, else the region spelled
      // like the language (de_DE); entries come sorted by tag.
      std::string same = code + "_";
      for (char c : code) same += static_cast<char>(std::toupper(c));
      const auto rank = [&](const std::string& tag) {
        return tag == locale ? 0 : tag == same ? 1 : 2;
      };
      if (rank(e.tag) < rank(it->second.tag)) it->second = std::move(e);
    }
    for (auto& [code, e] : by_code) {
      chosen.emplace_back(e.tag, e.kind == CatalogEntry::Kind::kSpellfilter
                                     ? e.source
                                     : e.cached);
    }
    if (chosen.empty()) {
      return Status::NotFound(
          "auto: no language dictionary is ready (a spellfilter .sfd, or a "
          "Hunspell one converted once with --lang TAG); name the "
          "candidates instead: auto:de_DE,en_US");
    }
    if (chosen.size() > kMaxAutoLanguages) {
      // Keep the locale's language among those kept.
      auto mine = std::find_if(chosen.begin(), chosen.end(), [&](auto& c) {
        return !locale.empty() && LanguageCode(c.first) == LanguageCode(locale);
      });
      if (mine != chosen.end()) std::rotate(chosen.begin(), mine, mine + 1);
      chosen.resize(kMaxAutoLanguages);
    }
  } else {
    for (const std::string& tag : parsed->tags) {
      StatusOr<CatalogEntry> entry = FindLanguage(tag, options.catalog);
      if (!entry.ok()) return entry.status();
      StatusOr<std::string> path = ResolveEntry(*entry);
      if (!path.ok()) return path.status();
      const bool seen =
          std::any_of(chosen.begin(), chosen.end(),
                      [&](const auto& c) { return c.second == *path; });
      if (!seen) chosen.emplace_back(entry->tag, *path);
    }
  }
  for (auto& [tag, path] : chosen) {
    StatusOr<std::unique_ptr<Dictionary>> d =
        Dictionary::Open(path, options.use);
    if (!d.ok()) return d.status();
    set.views_.push_back(d->get());
    set.dictionaries_.push_back(std::move(d).value());
    set.tags_.push_back(std::move(tag));
  }
  if (!set.SetPreferred(locale) && parsed->tags.empty()) {
    // auto without the locale's language: English, if there.
    for (size_t i = 0; i < set.tags_.size(); ++i) {
      if (set.tags_[i] == "en_US") set.preferred_ = i;
    }
  }
  return set;
}

bool LanguageSet::SetPreferred(std::string_view locale) {
  preferred_ = 0;
  if (locale.empty()) return false;
  for (size_t i = 0; i < tags_.size(); ++i) {
    if (tags_[i] == locale) {
      preferred_ = i;
      return true;
    }
  }
  for (size_t i = 0; i < tags_.size(); ++i) {
    if (LanguageCode(tags_[i]) == LanguageCode(locale)) {
      preferred_ = i;
      return true;
    }
  }
  return false;
}

std::string LanguageSet::Describe() const {
  std::string out = mode_ == LanguageMode::kAuto ? "auto:" : "";
  for (size_t i = 0; i < tags_.size(); ++i) {
    if (i > 0) out += ',';
    out += tags_[i];
  }
  return out;
}

std::unique_ptr<LanguageChecker> LanguageSet::NewChecker() const {
  return std::make_unique<LanguageChecker>(views_, mode_, preferred_);
}

}  // namespace spellfilter
