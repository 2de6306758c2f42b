// `spellfilter check DIR`: the files under a directory that are checked,
// in a stable (sorted) order. A file is listed when its mode is known by
// its name (source code, Markdown, TeX) or it ends in .txt, .rst or .adoc,
// and it is not excluded:
//   - by a .gitignore of its directory or one above it, up to DIR ("rough"
//     gitignore: blank lines and '#' comments skipped, '!' negations
//     ignored, a trailing '/' matches directories only, a pattern with a
//     '/' (other than trailing) is anchored to its .gitignore's directory,
//     one without matches the name at any depth; fnmatch(3) globs);
//   - by the `paths` of the project file that applies (project_config.h);
//   - as a directory named .git, .hg or .svn, or the project file itself.
// Symbolic links are not followed.
#ifndef SPELLFILTER_APP_CLI_TREE_WALK_H_
#define SPELLFILTER_APP_CLI_TREE_WALK_H_

#include <string>
#include <vector>

#include "app/project/project_config.h"
#include "core/util/status.h"

namespace spellfilter::cli {

StatusOr<std::vector<std::string>> FilesToCheck(const std::string& root,
                                                ProjectConfigFinder* configs);

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_TREE_WALK_H_
