// Where the user's own words live: one list per language, shared by every
// dictionary of that language (docs/user_dictionary.md, "Where the list
// lives"), so words added while checking with one en_US dictionary are
// accepted with any other en_US dictionary the user builds or installs.
//
//   ${XDG_CONFIG_HOME:-~/.config}/spellfilter/user/TAG.words
//
// TAG is the base dictionary's language as a tag (UserListTag: "en-US" and
// "en_US" are both en_US). A base without a language ("und", or none)
// keeps the list of its file name, NAME.words, as every list was named
// before.
//
// The per-file list of earlier versions (NAME.words for .../NAME.sfd) is
// never lost: the first time a base with a language opens its list
// (UserDictionary::DefaultPath), a NAME.words other than TAG.words
//   - becomes TAG.words if there is none yet (a rename, so a list that is a
//     symbolic link into a dotfile repository stays that link), or
//   - has its words added to TAG.words, and is then kept, renamed
//     NAME.words.merged-<UTC time>, out of the way of later opens (so a
//     word removed from TAG.words later does not come back).
// If that cannot be done (a read-only directory, a refused word), the old
// list is used as it is, as before, and nothing is changed.
#ifndef SPELLFILTER_CORE_USER_LANGUAGE_LIST_H_
#define SPELLFILTER_CORE_USER_LANGUAGE_LIST_H_

#include <string>
#include <string_view>

#include "core/util/status.h"

namespace spellfilter {

class Dictionary;

inline constexpr char kUserMergedInfix[] = ".merged-";

// "en-US", "en_us", "en_US.UTF-8" -> "en_US"; "sr-Latn-RS" -> "sr_Latn_RS";
// "" for no language: empty, "und" (or "und-..."), or not a plausible tag
// (letters, digits, '-' and '_' only, 2-35 bytes, starting with a letter).
std::string UserListTag(std::string_view language);

// ${XDG_CONFIG_HOME:-$HOME/.config}/spellfilter/user (a relative
// XDG_CONFIG_HOME is ignored); NotFound when neither variable is set.
StatusOr<std::string> UserListDirectory();

// The list of `base` by its file name, as earlier versions placed it:
// DIR/NAME.words.
StatusOr<std::string> PerFileUserListPath(const Dictionary& base);

// The list of `base` by its language, DIR/TAG.words, without adopting the
// per-file list; the per-file path when the base has no language.
StatusOr<std::string> LanguageUserListPath(const Dictionary& base);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_USER_LANGUAGE_LIST_H_
