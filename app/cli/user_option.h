// --user FILE and --no-user: the user word list (core/user/user_dictionary.h)
// that check (and suggest) accept words from, and that add, remove and
// words edit. The default is per user and per dictionary:
// ${XDG_CONFIG_HOME:-~/.config}/spellfilter/user/NAME.words.
#ifndef SPELLFILTER_APP_CLI_USER_OPTION_H_
#define SPELLFILTER_APP_CLI_USER_OPTION_H_

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <string>

#include "core/dictionary/dictionary.h"
#include "core/user/user_dictionary.h"

namespace spellfilter::cli {

struct UserWordsOption {
  std::string path;
  bool disabled = false;
};

inline constexpr char kUserOptionHelp[] =
    "User word list (default: ${XDG_CONFIG_HOME:-~/.config}/spellfilter/"
    "user/DICT.words, DICT being the dictionary's file name without .sfd)";

// Registers --user (and, with `allow_disable`, --no-user) on `c`.
inline void AddUserOptions(CLI::App* c, UserWordsOption* o,
                           bool allow_disable) {
  CLI::Option* user = c->add_option("--user", o->path, kUserOptionHelp);
  if (allow_disable) {
    c->add_flag("--no-user", o->disabled, "Ignore the user word list")
        ->excludes(user);
  }
}

inline StatusOr<std::string> UserWordsPath(const UserWordsOption& o,
                                           const Dictionary& base) {
  if (!o.path.empty()) return o.path;
  return UserDictionary::DefaultPath(base);
}

// Opens the user words for `base`; the editing commands treat failures as
// errors.
inline StatusOr<std::unique_ptr<UserDictionary>> OpenUserWords(
    const UserWordsOption& o, const Dictionary& base) {
  StatusOr<std::string> path = UserWordsPath(o, base);
  if (!path.ok()) return path.status();
  return UserDictionary::Open(*path, base);
}

// For checking: a user list that cannot be read, or is damaged, is reported
// as a warning on stderr and the base dictionary is used alone (nullptr);
// --no-user gives nullptr silently.
inline std::unique_ptr<UserDictionary> OpenUserWordsForChecking(
    const UserWordsOption& o, const Dictionary& base) {
  if (o.disabled) return nullptr;
  StatusOr<std::unique_ptr<UserDictionary>> user = OpenUserWords(o, base);
  if (!user.ok()) {
    // No HOME and no --user: nothing to warn about, there is no list.
    if (o.path.empty() && user.status().code() == Status::Code::kNotFound) {
      return nullptr;
    }
    std::fprintf(stderr,
                 "spellfilter: warning: %s; checking without user words\n",
                 user.status().message().c_str());
    return nullptr;
  }
  if (!(*user)->damage().ok()) {
    std::fprintf(stderr, "spellfilter: warning: %s\n",
                 (*user)->damage().message().c_str());
  }
  return std::move(user).value();
}

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_USER_OPTION_H_
