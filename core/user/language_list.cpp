#include "core/user/language_list.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <vector>

#include "core/dictionary/dictionary.h"
#include "core/user/user_dictionary.h"

namespace spellfilter {
namespace {

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::string(v) : std::string();
}

bool Exists(const std::string& path) {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0;
}

// rename(2) that never replaces an existing `to`.
bool RenameNoReplace(const std::string& from, const std::string& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(),
                  RENAME_NOREPLACE) == 0) {
    return true;
  }
  if (errno != EINVAL && errno != ENOSYS) return false;
  // A file system without RENAME_NOREPLACE: check, then rename (a race
  // with another process creating `to` meanwhile is not excluded there).
  if (Exists(to)) {
    errno = EEXIST;
    return false;
  }
  return ::rename(from.c_str(), to.c_str()) == 0;
}

std::string UtcStamp() {
  const time_t now = std::time(nullptr);
  struct tm tm;
  ::gmtime_r(&now, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
  return stamp;
}

// Moves the per-file list `legacy` into the language list `target` (see
// the header). Returns false, changing nothing the user would miss, when
// it cannot.
bool AdoptPerFileList(const std::string& legacy, const std::string& target,
           const Dictionary& base) {
  if (RenameNoReplace(legacy, target)) {
    // Its filter is a cache; moved along it saves a rebuild (it is checked
    // against the list and the base on load, and rebuilt if it differs).
    RenameNoReplace(legacy + kUserFilterSuffix, target + kUserFilterSuffix);
    return true;
  }
  if (errno != EEXIST) return false;
  StatusOr<std::unique_ptr<UserDictionary>> old =
      UserDictionary::Open(legacy, base);
  if (!old.ok()) return false;
  StatusOr<std::vector<std::string>> words = (*old)->Words();
  if (!words.ok()) return false;
  if (!words->empty()) {
    StatusOr<std::unique_ptr<UserDictionary>> list =
        UserDictionary::Open(target, base);
    if (!list.ok()) return false;
    if (!(*list)->Add(std::span<const std::string>(*words)).ok()) return false;
  }
  // Kept, out of the way: a word removed from the language list later must
  // not come back from here.
  const std::string aside = legacy + kUserMergedInfix + UtcStamp();
  for (int n = 0; n < 100; ++n) {
    const std::string name = n == 0 ? aside : aside + "-" + std::to_string(n);
    if (RenameNoReplace(legacy, name)) {
      ::unlink((legacy + kUserFilterSuffix).c_str());
      return true;
    }
    if (errno == ENOENT) return true;  // another process merged it meanwhile
    if (errno != EEXIST) break;
  }
  // The words are in the language list; the old list stays where it was,
  // and is merged again (adding nothing new) next time.
  return true;
}

}  // namespace

std::string UserListTag(std::string_view language) {
  const size_t cut = language.find_first_of(".@");
  if (cut != std::string_view::npos) language = language.substr(0, cut);
  if (language.size() < 2 || language.size() > 35) return "";
  std::string out;
  size_t part = 0, part_start = 0;  // subtag index, and where it starts
  for (size_t i = 0; i <= language.size(); ++i) {
    const bool end = i == language.size();
    const char c = end ? '-' : language[i];
    if (c == '-' || c == '_') {
      if (i == part_start) return "";  // empty subtag
      const std::string_view sub = language.substr(part_start, i - part_start);
      std::string s(sub);
      for (char& ch : s) {
        if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
      }
      if (part == 0) {
        if (!(s[0] >= 'a' && s[0] <= 'z')) return "";
        if (s == "und") return "";
      } else if (s.size() == 2 && s[0] >= 'a' && s[0] <= 'z') {
        for (char& ch : s) ch = static_cast<char>(ch - 'a' + 'A');  // region
      } else if (s.size() == 4 && s[0] >= 'a' && s[0] <= 'z') {
        s[0] = static_cast<char>(s[0] - 'a' + 'A');  // script: Latn
      }
      if (!out.empty()) out += '_';
      out += s;
      ++part;
      part_start = i + 1;
      continue;
    }
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9');
    if (!ok) return "";
  }
  return out;
}

StatusOr<std::string> UserListDirectory() {
  std::string config = Env("XDG_CONFIG_HOME");
  // The XDG spec: a relative value is invalid and ignored.
  if (config.empty() || config.front() != '/') {
    const std::string home = Env("HOME");
    if (home.empty()) {
      return Status::NotFound(
          "cannot place the user word list: neither XDG_CONFIG_HOME nor HOME "
          "is set; use --user FILE");
    }
    config = home + "/.config";
  }
  return config + "/spellfilter/user";
}

StatusOr<std::string> PerFileUserListPath(const Dictionary& base) {
  StatusOr<std::string> dir = UserListDirectory();
  if (!dir.ok()) return dir.status();
  std::string name = base.name();
  const size_t slash = name.rfind('/');
  if (slash != std::string::npos) name.erase(0, slash + 1);
  const size_t dot = name.rfind('.');
  if (dot != std::string::npos && dot > 0) name.resize(dot);
  if (name.empty()) name = "default";
  return *dir + "/" + name + kUserListExtension;
}

StatusOr<std::string> LanguageUserListPath(const Dictionary& base) {
  const std::string tag = UserListTag(base.language());
  if (tag.empty()) return PerFileUserListPath(base);
  StatusOr<std::string> dir = UserListDirectory();
  if (!dir.ok()) return dir.status();
  return *dir + "/" + tag + kUserListExtension;
}

StatusOr<std::string> UserDictionary::DefaultPath(const Dictionary& base) {
  StatusOr<std::string> target = LanguageUserListPath(base);
  if (!target.ok()) return target.status();
  StatusOr<std::string> legacy = PerFileUserListPath(base);
  if (!legacy.ok() || *legacy == *target || !Exists(*legacy)) return target;
  if (AdoptPerFileList(*legacy, *target, base)) return target;
  return legacy;
}

}  // namespace spellfilter
