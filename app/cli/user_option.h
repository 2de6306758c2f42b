// --user FILE and --no-user: the user word list (core/user/user_dictionary.h)
// that check (and suggest) accept words from, and that add, remove and
// words edit. The default is per user and per language
// (UserDictionary::DefaultPath, core/user/language_list.h):
// ${XDG_CONFIG_HOME:-~/.config}/spellfilter/user/LANG.words.
#ifndef SPELLFILTER_APP_CLI_USER_OPTION_H_
#define SPELLFILTER_APP_CLI_USER_OPTION_H_

#include <CLI/CLI.hpp>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <memory>
#include <string>

#include "app/cli/command.h"
#include "core/dictionary/dictionary.h"
#include "core/user/user_dictionary.h"
#include "core/util/file_io.h"

namespace spellfilter::cli {

struct UserWordsOption {
  std::string path;
  bool disabled = false;
};

inline constexpr char kUserOptionHelp[] =
    "User word list (default: ${XDG_CONFIG_HOME:-~/.config}/spellfilter/"
    "user/LANG.words, LANG being the dictionary's language, e.g. en_US; "
    "DICT.words for a dictionary without one)";

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

// A list named by --user that a reader cannot use: missing, or not a
// regular file. (A typo must not silently check without the user's words.)
inline Status CheckNamedUserList(const UserWordsOption& o) {
  if (o.disabled || o.path.empty()) return Status::Ok();
  struct stat st;
  if (::stat(o.path.c_str(), &st) != 0) {
    const int err = errno;
    if (err == ENOENT) {
      return Status::NotFound(o.path +
                              ": no such user word list (--user names a file "
                              "that does not exist; `spellfilter add --user` "
                              "creates one)");
    }
    return ErrnoStatus(o.path, err);
  }
  if (!S_ISREG(st.st_mode)) {
    return Status::InvalidArgument(o.path +
                                   ": not a regular file (--user names the "
                                   "word list file)");
  }
  return Status::Ok();
}

// For a writer (add): the list named by --user may be created, but not its
// missing directories, and it must be a regular file if it exists (a
// symbolic link to one is followed).
inline Status CheckNamedUserListForWriting(const UserWordsOption& o) {
  if (o.path.empty()) return Status::Ok();
  const size_t slash = o.path.rfind('/');
  const std::string dir = slash == std::string::npos ? "."
                          : slash == 0               ? "/"
                                                     : o.path.substr(0, slash);
  struct stat st;
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    return Status::NotFound(dir + ": no such directory (--user " + o.path +
                            ": the list may be created, its directory is "
                            "not)");
  }
  StatusOr<std::string> target = ResolveWriteTarget(o.path);
  return target.ok() ? Status::Ok() : target.status();
}

// For checking: a list named by --user that is missing, not a regular file
// or unreadable is an error (returned). The default list is looked for
// quietly: if it cannot be read it is reported as a warning on stderr and
// the base dictionary is used alone (nullptr). A damaged line is a warning
// (the rest of the list is used). --no-user gives nullptr silently.
inline StatusOr<std::unique_ptr<UserDictionary>> OpenUserWordsForChecking(
    const UserWordsOption& o, const Dictionary& base) {
  if (o.disabled) return std::unique_ptr<UserDictionary>();
  if (Status named = CheckNamedUserList(o); !named.ok()) return named;
  StatusOr<std::unique_ptr<UserDictionary>> user = OpenUserWords(o, base);
  if (!user.ok()) {
    if (!o.path.empty()) return user.status();
    // No HOME: nothing to warn about, there is no list.
    if (user.status().code() == Status::Code::kNotFound) {
      return std::unique_ptr<UserDictionary>();
    }
    ReportWarning(user.status().message() + "; checking without user words");
    return std::unique_ptr<UserDictionary>();
  }
  if (!(*user)->damage().ok()) {
    ReportWarning((*user)->damage().message());
  }
  return user;
}

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_USER_OPTION_H_
