// --dict FILE, --lang TAG, or the default dictionary
// (core/dictionary/locator.h). A language tag means the installed
// spellfilter dictionary of that language, or the system's Hunspell one
// converted into the user's cache (core/catalog/language_catalog.h).
// --lang also takes several languages (en_US,de_DE) and auto
// (core/catalog/language_set.h): OpenLanguages opens them; OpenDictionary,
// for the commands that take one dictionary, refuses them.
#ifndef SPELLFILTER_APP_CLI_DICTIONARY_OPTION_H_
#define SPELLFILTER_APP_CLI_DICTIONARY_OPTION_H_

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "core/catalog/language_catalog.h"
#include "core/catalog/language_set.h"
#include "core/dictionary/dictionary.h"
#include "core/dictionary/locator.h"

namespace spellfilter::cli {

inline StatusOr<std::unique_ptr<Dictionary>> OpenDictionary(
    const std::string& path,
    DictionaryUse use = DictionaryUse::kCheckAndSuggest,
    const std::string& language = "") {
  std::string chosen = path;
  if (IsLanguageList(language)) {
    return Status::InvalidArgument(
        "--lang " + language +
        ": this command takes one language (several, and auto, are for "
        "check, suggest, -a/-l and lsp)");
  }
  if (!language.empty()) {
    StatusOr<std::string> found = ResolveLanguage(language);
    if (!found.ok()) return found.status();
    chosen = *found;
  } else if (path.empty()) {
    StatusOr<std::string> found = FindDefaultDictionary();
    if (!found.ok()) return found.status();
    chosen = *found;
  }
  return Dictionary::Open(chosen, use);
}

// What --dict, --lang or the default name, as a LanguageSet: one
// dictionary, or for a --lang list or auto, several
// (core/catalog/language_set.h). Errors name --lang and the problem.
inline StatusOr<LanguageSet> OpenLanguages(
    const std::string& path,
    DictionaryUse use = DictionaryUse::kCheckAndSuggest,
    const std::string& language = "") {
  if (IsLanguageList(language)) {
    LanguageSetOptions options;
    options.use = use;
    StatusOr<LanguageSet> set = LanguageSet::Open(language, options);
    if (!set.ok()) {
      return set.status().WithPrefix("--lang " + language + ": ");
    }
    return set;
  }
  StatusOr<std::unique_ptr<Dictionary>> dict =
      OpenDictionary(path, use, language);
  if (!dict.ok()) return dict.status();
  std::string tag = NormalizeLanguageTag((*dict)->language());
  if (tag.empty()) tag = (*dict)->language();
  return LanguageSet::Single(std::move(dict).value(), tag);
}

inline constexpr char kLangOptionHelp[] =
    "Language tag (de_DE, de): its spellfilter dictionary, or the system's "
    "Hunspell one converted once into ~/.cache/spellfilter (see `spellfilter "
    "dicts`). Several, comma-separated (en_US,de_DE): a word is right in any "
    "of them, suggestions come from the sentence's language. auto: each "
    "sentence in the language (of those installed and converted) that "
    "accepts most of its words; auto:de_DE,fr_FR among those "
    "(docs/multilingual.md)";

// Adds `--lang TAG` to `command`, exclusive with `dict` (its -d/--dict or
// DICT option, if any), with the help text `check --lang` has. The tag is
// resolved by OpenDictionary, with the same fallbacks and errors.
inline CLI::Option* AddLangOption(CLI::App* command, std::string* language,
                                  CLI::Option* dict) {
  CLI::Option* lang = command->add_option("--lang", *language, kLangOptionHelp);
  if (dict != nullptr) lang->excludes(dict);
  return lang;
}

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_DICTIONARY_OPTION_H_
