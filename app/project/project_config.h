// The project file `.spellfilter.toml`: a project's own words and rules,
// found by walking up from the checked file's directory (as .editorconfig
// and cspell's config are); the nearest one applies. Parsed with toml++.
//
//   words = ["spellfilter", "Bloom"]          # accepted as written, and in
//                                             # lower case for any casing
//   flagWords = ["teh", "recieve->receive"]   # flagged even when the
//                                             # dictionary has them
//   ignore = ["TODO\\(\\w+\\)", "0x[0-9a-f]+"]  # regexes (ECMAScript); the
//                                             # text they match in a line
//                                             # is not checked
//   paths = ["build/**", "*.min.js"]          # skipped by `check DIR`
//   [[overrides]]                             # mode per file pattern
//   files = ["*.txt", "docs/*.rst"]
//   mode = "markdown"                         # text, markdown, tex, code
//
// Patterns are fnmatch(3) globs ('*' also matches '/') against the path
// relative to the file's directory, and a pattern without '/' against the
// base name too. A broken file is an error naming file, line and column;
// an unknown key is an error (a typo would otherwise be silently ignored).
#ifndef SPELLFILTER_APP_PROJECT_PROJECT_CONFIG_H_
#define SPELLFILTER_APP_PROJECT_PROJECT_CONFIG_H_

#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/status.h"

namespace spellfilter {

inline constexpr char kProjectFileName[] = ".spellfilter.toml";

struct ProjectConfig {
  std::string file;       // the .spellfilter.toml read
  std::string directory;  // its directory, patterns are relative to it
  std::set<std::string, std::less<>> words;
  std::map<std::string, std::string, std::less<>> flag_words;  // -> fix
  std::vector<std::regex> ignore;
  std::vector<std::string> paths;
  std::vector<std::pair<std::vector<std::string>, std::string>> modes;

  // Whether `word` is one of the words (as written or lower-cased).
  bool Accepts(std::string_view word) const;
  // Whether `path` (as given on the command line) matches `paths`.
  bool Skips(const std::string& path) const;
  // The mode an override names for `path`, if any.
  std::optional<std::string> ModeFor(const std::string& path) const;
  // Blanks, in place, what the ignore patterns match in each line of
  // `text` (spaces, line breaks and UTF-8 continuation bytes kept).
  void BlankIgnored(char* text, size_t size) const;
};

// Reads one project file.
StatusOr<std::shared_ptr<const ProjectConfig>> LoadProjectConfig(
    const std::string& file);

// Adds `word` to the `words` of the project file `file`, keeping the rest
// of it as written (comments included): into the existing array, or as a
// new `words` line at the top; a missing file is created with just that.
// The result is parsed again before it replaces the file (atomically).
Status AddProjectWord(const std::string& file, const std::string& word);

// The nearest project file at or above `directory` (memoised per
// directory); nullptr when there is none.
class ProjectConfigFinder {
 public:
  StatusOr<std::shared_ptr<const ProjectConfig>> For(const std::string& path);

 private:
  std::map<std::string, std::shared_ptr<const ProjectConfig>> by_directory_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_APP_PROJECT_PROJECT_CONFIG_H_
