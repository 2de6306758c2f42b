// Where the default dictionary is found when no --dict is given, first hit
// wins:
//   1. $SPELLFILTER_DICTIONARY, a path to a .sfd file;
//   2. ${XDG_CONFIG_HOME:-~/.config}/spellfilter/NAME.sfd (the user's own);
//   3. PREFIX/share/spellfilter/NAME.sfd, PREFIX being the parent of the
//      running executable's directory (an installed spellfilter);
//   4. the build tree's dictionaries/ directory (running from a build).
// NAME is "en_US" unless $SPELLFILTER_LANG names another.
#ifndef SPELLFILTER_CORE_DICTIONARY_LOCATOR_H_
#define SPELLFILTER_CORE_DICTIONARY_LOCATOR_H_

#include <string>
#include <string_view>
#include <vector>

#include "core/util/status.h"

namespace spellfilter {

inline constexpr char kDefaultDictionaryName[] = "en_US";
inline constexpr char kDictionaryExtension[] = ".sfd";

// The directories of places 2-4 above, in search order (NAME.sfd files).
std::vector<std::string> DictionaryDirectories();

// The candidate paths in search order.
std::vector<std::string> DictionarySearchPath();

// The first existing candidate, or NotFound listing where it looked.
StatusOr<std::string> FindDefaultDictionary();

// A dictionary by name ("en_US", or a path to a .sfd file), searched in the
// same places as the default (without $SPELLFILTER_DICTIONARY). The names
// ispell clients commonly pass for American English ("american", "english",
// "en", "en-US") mean en_US.
StatusOr<std::string> FindDictionary(std::string_view name);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_LOCATOR_H_
