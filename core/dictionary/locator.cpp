#include "core/dictionary/locator.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace spellfilter {
namespace {

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::string(v) : std::string();
}

std::string ExecutableDirectory() {
  std::error_code ec;
  const std::filesystem::path exe =
      std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : exe.parent_path().string();
}

std::vector<std::string> NamedSearchPath(const std::string& name) {
  std::vector<std::string> paths;
  for (const std::string& dir : DictionaryDirectories()) {
    paths.push_back(dir + "/" + name + kDictionaryExtension);
  }
  return paths;
}

StatusOr<std::string> FirstExisting(const std::vector<std::string>& paths) {
  std::string looked;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(p, ec)) return p;
    looked += (looked.empty() ? "" : ", ") + p;
  }
  return Status::NotFound("no dictionary found (looked in " + looked +
                          "); use --dict FILE or build one");
}

}  // namespace

std::vector<std::string> DictionaryDirectories() {
  std::vector<std::string> dirs;
  std::string config = Env("XDG_CONFIG_HOME");
  if (config.empty() && !Env("HOME").empty()) config = Env("HOME") + "/.config";
  if (!config.empty()) dirs.push_back(config + "/spellfilter");

  const std::string exe_dir = ExecutableDirectory();
  if (!exe_dir.empty()) dirs.push_back(exe_dir + "/../share/spellfilter");
#ifdef SPELLFILTER_BUILD_DICTIONARY_DIR
  dirs.push_back(SPELLFILTER_BUILD_DICTIONARY_DIR);
#endif
  return dirs;
}

std::vector<std::string> DictionarySearchPath() {
  std::vector<std::string> paths;
  const std::string explicit_path = Env("SPELLFILTER_DICTIONARY");
  if (!explicit_path.empty()) paths.push_back(explicit_path);
  std::string name = Env("SPELLFILTER_LANG");
  if (name.empty() || name.find('/') != std::string::npos) {
    name = kDefaultDictionaryName;
  }
  for (std::string& p : NamedSearchPath(name)) paths.push_back(std::move(p));
  return paths;
}

StatusOr<std::string> FindDictionary(std::string_view name) {
  std::error_code ec;
  if (name.find('/') != std::string_view::npos ||
      std::filesystem::is_regular_file(std::string(name), ec)) {
    return std::string(name);
  }
  std::string n(name);
  if (n == "american" || n == "english" || n == "en" || n == "en-US" ||
      n == "en_US.UTF-8") {
    n = kDefaultDictionaryName;
  }
  return FirstExisting(NamedSearchPath(n));
}

StatusOr<std::string> FindDefaultDictionary() {
  // An explicit choice is used as given, so a typo there is an error rather
  // than a silent fall-back to another dictionary.
  const std::string explicit_path = Env("SPELLFILTER_DICTIONARY");
  if (!explicit_path.empty()) return explicit_path;
  return FirstExisting(DictionarySearchPath());
}

}  // namespace spellfilter
