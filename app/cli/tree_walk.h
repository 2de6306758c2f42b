// `spellfilter check DIR`: the files under a directory that are checked,
// in a stable (sorted) order. A file is listed when its mode is known by
// its name (source code, Markdown, TeX) or it ends in .txt, .rst or .adoc,
// and it is not excluded:
//   - inside a git work tree, by what git ignores, as git reads it
//     (libgit2's git_ignore_path_is_ignored: every .gitignore up to the
//     work tree's top, negations, "**", .git/info/exclude,
//     core.excludesFile);
//   - outside one, by a .gitignore of its directory or one above it, up to
//     DIR ("rough" gitignore: blank lines and '#' comments skipped, '!'
//     negations ignored, a trailing '/' matches directories only, a
//     pattern with a '/' (other than trailing) is anchored to its
//     .gitignore's directory, one without matches the name at any depth;
//     fnmatch(3) globs);
//   - by the `paths` of the project file that applies (project_config.h);
//   - as a directory named .git, .hg or .svn, or the project file itself.
// Symbolic links are not followed.
//
// The walk goes on past what it cannot read, as grep -r does: a folder it
// cannot open or list, an entry it cannot stat, a broken project file (for
// the folder it governs) each become one entry with the error, in its
// place in the order. Folders are opened relative to their parent's
// descriptor (openat), so a tree deeper than PATH_MAX is still walked, and
// its files are checked: OpenBeyondPathMax opens them as find and grep -r
// do. A project file in a folder whose path is PATH_MAX long or longer
// cannot be read by the project finder (it reads by name): that folder is
// an entry with that error and is not walked, as for a broken project file.
#ifndef SPELLFILTER_APP_CLI_TREE_WALK_H_
#define SPELLFILTER_APP_CLI_TREE_WALK_H_

#include <string>
#include <vector>

#include "app/project/project_config.h"
#include "core/util/status.h"

namespace spellfilter::cli {

// A file to check, or (when !error.ok()) what could not be walked and why.
struct WalkEntry {
  std::string path;
  Status error;
};

std::vector<WalkEntry> FilesToCheck(const std::string& root,
                                    ProjectConfigFinder* configs);

// open(path, flags | O_CLOEXEC), also for a path of PATH_MAX bytes or more
// (which open refuses with ENAMETOOLONG): its leading folders are opened
// in steps shorter than PATH_MAX, each relative to the one before
// (openat), and the file relative to the last. Symbolic links on the way
// are followed as open follows them. Returns the descriptor, or -1 with
// errno set.
int OpenBeyondPathMax(const std::string& path, int flags);

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_TREE_WALK_H_
