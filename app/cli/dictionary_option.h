// --dict FILE, --lang TAG, or the default dictionary
// (core/dictionary/locator.h). A language tag means the installed
// spellfilter dictionary of that language, or the system's Hunspell one
// converted into the user's cache (core/catalog/language_catalog.h).
#ifndef SPELLFILTER_APP_CLI_DICTIONARY_OPTION_H_
#define SPELLFILTER_APP_CLI_DICTIONARY_OPTION_H_

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "core/catalog/language_catalog.h"
#include "core/dictionary/dictionary.h"
#include "core/dictionary/locator.h"

namespace spellfilter::cli {

inline StatusOr<std::unique_ptr<Dictionary>> OpenDictionary(
    const std::string& path,
    DictionaryUse use = DictionaryUse::kCheckAndSuggest,
    const std::string& language = "") {
  std::string chosen = path;
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

// Adds `--lang TAG` to `command`, exclusive with `dict` (its -d/--dict or
// DICT option, if any), with the help text `check --lang` has. The tag is
// resolved by OpenDictionary, with the same fallbacks and errors.
inline CLI::Option* AddLangOption(CLI::App* command, std::string* language,
                                  CLI::Option* dict) {
  CLI::Option* lang = command->add_option(
      "--lang", *language,
      "Language tag (de_DE, de): its spellfilter dictionary, or the "
      "system's Hunspell one converted once into ~/.cache/spellfilter (see "
      "`spellfilter dicts`)");
  if (dict != nullptr) lang->excludes(dict);
  return lang;
}

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_DICTIONARY_OPTION_H_
