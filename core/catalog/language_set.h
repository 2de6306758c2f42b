// The dictionaries of what `--lang` names, open: one language ("de_DE"),
// several ("en_US,de_DE": a word is right if any of them has it), or the
// languages of the text chosen sentence by sentence ("auto", or
// "auto:de_DE,fr_FR,en_US" among those). Front-ends (the command line, the
// language server, the C library, Python) open one LanguageSet and check
// with a LanguageChecker per thread over it (core/check/language_checker.h).
//
// The spec:
//   TAG[,TAG...]        kAny: each TAG resolved as ResolveLanguage does
//                       (language_catalog.h: fallbacks, Hunspell
//                       dictionaries converted on first use);
//   auto                kAuto over the languages installed and ready: the
//                       spellfilter dictionaries (.sfd) and the Hunspell
//                       ones already converted into the cache. A Hunspell
//                       dictionary never converted is left out, since
//                       converting takes seconds to a minute per language
//                       on first use: name it once (--lang TAG, or
//                       auto:TAG,...) to convert it. One dictionary per
//                       language code: the locale's region, else the region
//                       spelled like the language (de_DE), else the first
//                       in byte order. At most kMaxAutoLanguages.
//   auto:TAG[,TAG...]   kAuto over the TAGs (converted if need be).
// Tags are separated by commas, spaces around them ignored; the same
// dictionary named twice is opened once. At most kMaxLanguages.
//
// The preferred language (ties, and the first pass over a text): the one
// whose tag is the user's locale (LanguageSetOptions::locale, else
// LC_ALL, LC_MESSAGES, LANG), else the one of the locale's language, else
// the first listed (for auto: en_US if present, else the first by tag).
#ifndef SPELLFILTER_CORE_CATALOG_LANGUAGE_SET_H_
#define SPELLFILTER_CORE_CATALOG_LANGUAGE_SET_H_

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog/language_catalog.h"
#include "core/check/language_checker.h"
#include "core/dictionary/dictionary.h"
#include "core/util/status.h"

namespace spellfilter {

inline constexpr size_t kMaxLanguages = 16;
inline constexpr size_t kMaxAutoLanguages = 16;

struct LanguageSetOptions {
  CatalogOptions catalog;
  DictionaryUse use = DictionaryUse::kCheckAndSuggest;
  // The user's locale ("de_DE.UTF-8"); empty: from the environment.
  std::string locale;
};

// What a spec names, before anything is opened.
struct LanguageSpec {
  LanguageMode mode = LanguageMode::kAny;
  std::vector<std::string> tags;  // as written; empty for plain "auto"
};

// Whether `spec` names more than one language or auto (a comma or "auto"):
// what the commands that take one dictionary refuse.
bool IsLanguageList(std::string_view spec);

// Parses a spec; InvalidArgument naming the spec and the problem (empty,
// an empty item, "auto" inside a list, too many languages).
StatusOr<LanguageSpec> ParseLanguageSpec(std::string_view spec);

class LanguageSet {
 public:
  // Opens what `spec` names. Errors: those of ParseLanguageSpec and of
  // ResolveLanguage and Dictionary::Open (naming the tag), NotFound when
  // auto finds no ready dictionary.
  static StatusOr<LanguageSet> Open(std::string_view spec,
                                    const LanguageSetOptions& options = {});
  // One dictionary already open (--dict FILE), under `tag`.
  static LanguageSet Single(std::unique_ptr<Dictionary> dictionary,
                            std::string tag);

  LanguageSet(LanguageSet&&) noexcept;
  LanguageSet& operator=(LanguageSet&&) noexcept;
  ~LanguageSet();

  LanguageMode mode() const { return mode_; }
  size_t size() const { return dictionaries_.size(); }
  const Dictionary& dictionary(size_t i) const { return *dictionaries_[i]; }
  // "de_DE" (the catalog's tag; for Single, the one given).
  const std::string& tag(size_t i) const { return tags_[i]; }
  // The dictionaries, for LanguageChecker.
  std::span<const Dictionary* const> dictionaries() const { return views_; }
  size_t preferred() const { return preferred_; }
  // The tags joined by commas, "auto:" first for kAuto ("auto:de_DE,en_US").
  std::string Describe() const;

  // A checker over this set (one per thread).
  std::unique_ptr<LanguageChecker> NewChecker() const;

 private:
  LanguageSet() = default;
  // Sets preferred_ by the locale (normalized); false if none matches (0).
  bool SetPreferred(std::string_view locale);

  LanguageMode mode_ = LanguageMode::kAny;
  std::vector<std::unique_ptr<Dictionary>> dictionaries_;
  std::vector<const Dictionary*> views_;
  std::vector<std::string> tags_;
  size_t preferred_ = 0;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_CATALOG_LANGUAGE_SET_H_
