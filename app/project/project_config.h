// The project file `.spellfilter.toml`: a project's own words and rules,
// found by walking up from the checked file's directory (as .editorconfig
// and cspell's config are); the nearest one applies. Parsed with toml++.
//
//   words = ["spellfilter", "Bloom"]          # accepted as written, and in
//                                             # lower case for any casing
//   flagWords = ["teh", "recieve->receive"]   # flagged even when the
//                                             # dictionary has them
//   ignore = ["TODO\\(\\w+\\)", "0x[0-9a-f]+"]  # regexes (RE2 syntax,
//                                             # linear time); the text they
//                                             # match in a line is not checked
//   paths = ["build/**", "*.min.js"]          # skipped by `check DIR`
//   [[overrides]]                             # mode per file pattern
//   files = ["*.txt", "docs/*.rst"]
//   mode = "markdown"                         # text, markdown, tex, code
//
// Patterns are fnmatch(3) globs ('*' also matches '/') against the path
// relative to the file's directory, and a pattern without '/' against the
// base name too; all of them are compiled once, when the file is read. A
// broken file is an error naming file, line and column; an unknown key, at
// the top or inside [[overrides]], is an error (a typo would otherwise be
// silently ignored).
//
// Trust (as git's safe.directory): a project file can change what `check`
// reports, so one owned by another user (not root), one that others may
// write, or one in a folder others may write without the sticky bit is
// ignored with a warning (ProjectTrust). SPELLFILTER_TRUSTED_DIRS, a list of
// folders separated by ':' (or "*" for all), trusts the files at or below
// them all the same.
#ifndef SPELLFILTER_APP_PROJECT_PROJECT_CONFIG_H_
#define SPELLFILTER_APP_PROJECT_PROJECT_CONFIG_H_

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/status.h"

namespace re2 {
class RE2;
}  // namespace re2

namespace spellfilter {

// A list of fnmatch(3)-style globs (flags 0: '*' and '?' match '/' too;
// "[...]" classes) compiled once into one automaton (RE2::Set), matched
// against a path relative to the project directory, and against its base
// name for globs without '/'; "dir/**" also names "dir" itself. Matching is
// linear in the path, whatever the number of globs.
class GlobSet {
 public:
  GlobSet();
  GlobSet(GlobSet&&) noexcept;
  GlobSet& operator=(GlobSet&&) noexcept;
  ~GlobSet();
  // Adds `glob` as number `index`; false when it cannot be compiled.
  bool Add(const std::string& glob, int index);
  // Compiles what was added; false when out of memory.
  bool Compile();
  bool empty() const { return count_ == 0; }
  // The lowest index of the globs matching, or -1.
  int FirstMatch(std::string_view relative, std::string_view base) const;

 private:
  struct Sets;                       // two RE2::Set: every glob on the relative
  std::unique_ptr<Sets> sets_;       // path, globs without '/' on the name
  std::vector<int> relative_index_;  // a pattern of the first -> index
  std::vector<int> base_index_;      // a pattern of the second -> index
  int count_ = 0;
};

// The regular expression a glob stands for (exposed for its test).
std::string GlobToRegex(std::string_view glob);

inline constexpr char kProjectFileName[] = ".spellfilter.toml";

struct ProjectConfig {
  std::string file;       // the .spellfilter.toml read
  std::string directory;  // its directory, patterns are relative to it
  std::set<std::string, std::less<>> words;
  std::map<std::string, std::string, std::less<>> flag_words;  // -> fix
  std::vector<std::unique_ptr<const re2::RE2>> ignore;
  std::vector<std::string> paths;
  std::vector<std::pair<std::vector<std::string>, std::string>> modes;
  GlobSet paths_set;  // `paths` compiled
  GlobSet modes_set;  // each glob of `modes`, numbered by its override

  ProjectConfig();
  ~ProjectConfig();

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

// Reads one project file. It is opened without blocking and must be a
// regular file (a FIFO or device is refused, never read); it is not checked
// for trust (ProjectConfigFinder does that).
StatusOr<std::shared_ptr<const ProjectConfig>> LoadProjectConfig(
    const std::string& file);

// Why the project file `file` is not to be trusted (a sentence naming the
// file, its owner or its folder, and how to trust it), or "" when it is:
// owned by the effective user or root, not writable by others, in a folder
// others cannot write or that has the sticky bit; or at or below a folder
// of SPELLFILTER_TRUSTED_DIRS.
std::string ProjectTrust(const std::string& file);

// Adds `word` to the `words` of the project file `file`, keeping the rest
// of it as written (comments included): into the existing array, or as a
// new `words` line at the top; a missing file is created with just that.
// A word already there is not added again (Ok); a word with white space, a
// control or an invisible formatting character (Unicode Cf: zero-width and
// bidirectional marks) is refused. Under an exclusive lock on the folder of
// the file (FileLock), read, edited, parsed again and written with
// WriteFileAtomically (through a symbolic link to its file, mode kept,
// fsync, rename), so concurrent adders keep every word. A FIFO, device or
// directory at the name is refused; errors name the file and the reason.
Status AddProjectWord(const std::string& file, const std::string& word);

// The project file that "add to the project's words" for the document
// `path` writes: `existing` (the project file that applies to it) when
// there is one; else the one at `root` when `path` is below `root`, else
// the one in `path`'s own folder, so that the file written applies to
// the document.
std::string ProjectFileForNewWord(const std::string& path,
                                  const std::string& root,
                                  const std::string& existing);

// The nearest trusted project file at or above `directory` (memoised per
// directory); nullptr when there is none. An untrusted one is passed over
// (the search goes on above it) and reported once to `warn` (default:
// "spellfilter: warning: ..." on stderr).
class ProjectConfigFinder {
 public:
  using Warn = std::function<void(const std::string& message)>;
  ProjectConfigFinder();
  explicit ProjectConfigFinder(Warn warn);

  StatusOr<std::shared_ptr<const ProjectConfig>> For(const std::string& path);

 private:
  Warn warn_;
  std::map<std::string, std::shared_ptr<const ProjectConfig>> by_directory_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_APP_PROJECT_PROJECT_CONFIG_H_
