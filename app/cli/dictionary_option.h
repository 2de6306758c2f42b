// --dict FILE, or the default dictionary (core/dictionary/locator.h).
#ifndef SPELLFILTER_APP_CLI_DICTIONARY_OPTION_H_
#define SPELLFILTER_APP_CLI_DICTIONARY_OPTION_H_

#include <memory>
#include <string>

#include "core/dictionary/dictionary.h"
#include "core/dictionary/locator.h"

namespace spellfilter::cli {

inline StatusOr<std::unique_ptr<Dictionary>> OpenDictionary(
    const std::string& path,
    DictionaryUse use = DictionaryUse::kCheckAndSuggest) {
  if (!path.empty()) return Dictionary::Open(path, use);
  StatusOr<std::string> found = FindDefaultDictionary();
  if (!found.ok()) return found.status();
  return Dictionary::Open(*found, use);
}

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_DICTIONARY_OPTION_H_
