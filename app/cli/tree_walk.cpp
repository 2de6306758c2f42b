#include "app/cli/tree_walk.h"

#include <dirent.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <string_view>
#include <filesystem>
#include <type_traits>

#include "core/text/code_language.h"
#include "core/util/file_io.h"

#ifdef SPELLFILTER_HAVE_LIBGIT2
#include <dlfcn.h>
#include <git2.h>
#endif

namespace spellfilter::cli {
namespace {

namespace fs = std::filesystem;

#ifdef SPELLFILTER_HAVE_LIBGIT2
// The few libgit2 functions the walk uses, from the shared library loaded
// on first use (never unloaded); null members when it cannot be.
struct Git2 {
  decltype(&git_libgit2_init) init = nullptr;
  decltype(&git_libgit2_shutdown) shutdown = nullptr;
  decltype(&git_repository_open_ext) open_ext = nullptr;
  decltype(&git_repository_workdir) workdir = nullptr;
  decltype(&git_repository_free) free = nullptr;
  decltype(&git_ignore_path_is_ignored) is_ignored = nullptr;

  static const Git2* Get() {
    static const Git2 git = [] {
      Git2 g;
      void* h = ::dlopen(SPELLFILTER_LIBGIT2_SONAME, RTLD_NOW | RTLD_LOCAL);
      if (h == nullptr) return g;
      const auto load = [h](auto* fn, const char* name) {
        *fn = reinterpret_cast<std::remove_reference_t<decltype(*fn)>>(
            ::dlsym(h, name));
        return *fn != nullptr;
      };
      if (!(load(&g.init, "git_libgit2_init") &&
            load(&g.shutdown, "git_libgit2_shutdown") &&
            load(&g.open_ext, "git_repository_open_ext") &&
            load(&g.workdir, "git_repository_workdir") &&
            load(&g.free, "git_repository_free") &&
            load(&g.is_ignored, "git_ignore_path_is_ignored"))) {
        g = Git2();
      }
      return g;
    }();
    return git.init != nullptr ? &git : nullptr;
  }
};
#endif

// Inside a git work tree, what git ignores, as git reads it (libgit2:
// every .gitignore, negations, "**", .git/info/exclude, core.excludesFile).
// Outside one, or without libgit2, active() is false and the rough reading
// below applies.
class GitIgnores {
 public:
  explicit GitIgnores(const std::string& root) {
#ifdef SPELLFILTER_HAVE_LIBGIT2
    git_ = Git2::Get();
    if (git_ == nullptr || git_->init() < 0) return;
    initialized_ = true;
    if (git_->open_ext(&repo_, root.c_str(), 0, nullptr) != 0) {
      repo_ = nullptr;
      return;
    }
    const char* workdir = git_->workdir(repo_);
    std::error_code ec;
    const fs::path real = fs::canonical(root, ec);
    const fs::path top =
        workdir != nullptr ? fs::canonical(workdir, ec) : fs::path();
    if (workdir == nullptr || ec) {
      Close();
      return;
    }
    const fs::path rel = real.lexically_relative(top);
    if (rel.empty() || *rel.begin() == "..") {
      Close();
      return;
    }
    prefix_ = rel == "." ? "" : rel.string() + "/";
#else
    (void)root;
#endif
  }
  ~GitIgnores() {
#ifdef SPELLFILTER_HAVE_LIBGIT2
    Close();
    if (initialized_) git_->shutdown();
#endif
  }
  GitIgnores(const GitIgnores&) = delete;
  GitIgnores& operator=(const GitIgnores&) = delete;

  bool active() const { return repo_ != nullptr; }
  // Whether git ignores `relative` (a path below the walk's root, as the
  // walk spells it).
  bool Ignored(const std::string& relative) const {
#ifdef SPELLFILTER_HAVE_LIBGIT2
    int ignored = 0;
    const std::string path = prefix_ + relative;
    return git_->is_ignored(&ignored, repo_, path.c_str()) == 0 && ignored == 1;
#else
    (void)relative;
    return false;
#endif
  }

 private:
#ifdef SPELLFILTER_HAVE_LIBGIT2
  void Close() {
    if (repo_ != nullptr) git_->free(repo_);
    repo_ = nullptr;
  }
  const Git2* git_ = nullptr;
  git_repository* repo_ = nullptr;
  bool initialized_ = false;
#else
  void* repo_ = nullptr;
#endif
  std::string prefix_;  // the root's path in the work tree, "" or "a/b/"
};

struct IgnoreRule {
  std::string pattern;
  bool directory_only;
  bool anchored;
};

struct IgnoreFile {
  fs::path directory;
  std::vector<IgnoreRule> rules;
};

// The .gitignore of the folder open as `dir_fd`, if it is a regular file
// that can be read.
IgnoreFile ReadGitignore(int dir_fd, const fs::path& directory) {
  IgnoreFile f{directory, {}};
  std::string text;
  const int fd = ::openat(dir_fd, ".gitignore",
                          O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
  if (fd < 0) return f;
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return f;
  }
  char buf[1 << 14];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof(buf));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  std::string_view rest = text;
  while (!rest.empty()) {
    const size_t nl = rest.find('\n');
    std::string line(rest.substr(0, nl));
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty() || line[0] == '#' || line[0] == '!') continue;
    IgnoreRule r{line, false, false};
    if (r.pattern.ends_with('/')) {
      r.directory_only = true;
      r.pattern.pop_back();
    }
    if (r.pattern.find('/') != std::string::npos) {
      r.anchored = true;
      if (r.pattern[0] == '/') r.pattern.erase(0, 1);
    }
    if (!r.pattern.empty()) f.rules.push_back(std::move(r));
  }
  return f;
}

bool Ignored(const std::vector<IgnoreFile>& stack, const fs::path& path,
             bool is_directory) {
  const std::string name = path.filename().string();
  for (const IgnoreFile& f : stack) {
    const std::string rel = path.lexically_relative(f.directory).string();
    for (const IgnoreRule& r : f.rules) {
      if (r.directory_only && !is_directory) continue;
      const std::string& subject = r.anchored ? rel : name;
      if (fnmatch(r.pattern.c_str(), subject.c_str(), r.anchored ? FNM_PATHNAME : 0) == 0) {
        return true;
      }
    }
  }
  return false;
}

bool Checkable(const fs::path& path) {
  if (CodeLanguageOfFileName(path.string())) return true;
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* e : {".md", ".markdown", ".tex", ".txt", ".rst", ".adoc"}) {
    if (ext == e) return true;
  }
  return false;
}

// The names in the folder open as `dir_fd` (which this takes), sorted.
Status ListNames(int dir_fd, const fs::path& dir,
                 std::vector<std::string>* names) {
  DIR* d = ::fdopendir(dir_fd);
  if (d == nullptr) {
    const int err = errno;
    ::close(dir_fd);
    return ErrnoStatus(dir.string(), err);
  }
  for (;;) {
    errno = 0;
    const struct dirent* e = ::readdir(d);
    if (e == nullptr) break;
    const std::string_view name = e->d_name;
    if (name != "." && name != "..") names->emplace_back(name);
  }
  const int err = errno;
  ::closedir(d);
  if (err != 0) return ErrnoStatus(dir.string(), err);
  std::sort(names->begin(), names->end());
  return Status::Ok();
}

// Walks the folder `dir`, open as `dir_fd` (which this takes).
void Walk(int dir_fd, const fs::path& dir, const fs::path& root,
          const GitIgnores& git, std::vector<IgnoreFile>* stack,
          ProjectConfigFinder* configs, std::vector<WalkEntry>* out) {
  const bool has_gitignore = !git.active() && [&] {
    struct stat st;
    return ::fstatat(dir_fd, ".gitignore", &st, AT_SYMLINK_NOFOLLOW) == 0 &&
           S_ISREG(st.st_mode);
  }();
  if (has_gitignore) stack->push_back(ReadGitignore(dir_fd, dir));
  // A second descriptor for openat and fstatat: the first is the listing's.
  const int at = ::fcntl(dir_fd, F_DUPFD_CLOEXEC, 0);
  std::vector<std::string> names;
  Status listed = at < 0 ? ErrnoStatus(dir.string(), errno)
                         : ListNames(dir_fd, dir, &names);
  if (at < 0) ::close(dir_fd);
  if (!listed.ok()) out->push_back({dir.string(), std::move(listed)});
  for (const std::string& name : names) {
    const fs::path p = dir / name;
    struct stat st;
    if (::fstatat(at, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
      out->push_back({p.string(), ErrnoStatus(p.string(), errno)});
      continue;
    }
    if (S_ISLNK(st.st_mode)) continue;
    const bool is_dir = S_ISDIR(st.st_mode);
    if (is_dir && (name == ".git" || name == ".hg" || name == ".svn")) continue;
    if (name == kProjectFileName) continue;
    if (git.active() ? git.Ignored(p.lexically_relative(root).string())
                     : Ignored(*stack, p, is_dir)) {
      continue;
    }
    StatusOr<std::shared_ptr<const ProjectConfig>> config = configs->For(
        is_dir ? (p / ".").string() : p.string());
    if (!config.ok()) {
      // A broken project file: reported once, for the folder it governs
      // (whose walk is skipped), or for a file it governs.
      out->push_back({p.string(), config.status()});
      continue;
    }
    if (*config && (*config)->Skips(p.string())) continue;
    std::error_code absolute_error;
    if (is_dir &&
        fs::absolute(p, absolute_error).native().size() + 1 +
                std::string_view(kProjectFileName).size() >=
            PATH_MAX &&
        [&] {
          struct stat cst;
          return ::fstatat(at, (name + "/" + std::string(kProjectFileName)).c_str(),
                           &cst, AT_SYMLINK_NOFOLLOW) == 0;
        }()) {
      // The finder reads project files by name: this one it cannot, and
      // the folder it governs is not checked without it.
      const std::string file = (p / kProjectFileName).string();
      out->push_back({p.string(),
                      Status::IOError(file + ": project file in a folder deeper than "
                                      "PATH_MAX (" + std::to_string(PATH_MAX) +
                                      " bytes); not read, its folder is not checked")});
      continue;
    }
    if (is_dir) {
      const int sub = ::openat(at, name.c_str(),
                               O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub < 0) {
        out->push_back({p.string(), ErrnoStatus(p.string(), errno)});
        continue;
      }
      Walk(sub, p, root, git, stack, configs, out);
    } else if (S_ISREG(st.st_mode) && Checkable(p)) {
      out->push_back({p.string(), Status::Ok()});
    }
  }
  if (at >= 0) ::close(at);
  if (has_gitignore) stack->pop_back();
}

}  // namespace

int OpenBeyondPathMax(const std::string& path, int flags) {
  if (path.size() < PATH_MAX) return ::open(path.c_str(), flags | O_CLOEXEC);
  int dir = AT_FDCWD;
  std::string_view rest = path;
  const auto fail = [&dir](int err) {
    if (dir != AT_FDCWD) ::close(dir);
    errno = err;
    return -1;
  };
  while (rest.size() >= PATH_MAX) {
    // The longest leading part shorter than PATH_MAX that ends at a '/'
    // (a name is at most NAME_MAX bytes, so there is one past the start).
    const size_t cut = rest.rfind('/', PATH_MAX - 1);
    if (cut == std::string_view::npos || cut == 0) return fail(ENAMETOOLONG);
    const std::string step(rest.substr(0, cut));
    const int next = ::openat(dir, step.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (next < 0) return fail(errno);
    if (dir != AT_FDCWD) ::close(dir);
    dir = next;
    rest.remove_prefix(cut);
    // Relative to `dir` from now on (openat ignores it for "/x").
    while (!rest.empty() && rest.front() == '/') rest.remove_prefix(1);
  }
  const int fd = ::openat(dir, std::string(rest).c_str(), flags | O_CLOEXEC);
  if (fd < 0) return fail(errno);
  if (dir != AT_FDCWD) ::close(dir);
  return fd;
}

std::vector<WalkEntry> FilesToCheck(const std::string& root,
                                    ProjectConfigFinder* configs) {
  std::vector<IgnoreFile> stack;
  std::vector<WalkEntry> out;
  // The project file of the folder itself, once for all under it.
  if (StatusOr<std::shared_ptr<const ProjectConfig>> c =
          configs->For((fs::path(root) / ".").string());
      !c.ok()) {
    out.push_back({root, c.status()});
    return out;
  }
  const int fd = ::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    out.push_back({root, ErrnoStatus(root, errno)});
    return out;
  }
  const GitIgnores git(root);
  Walk(fd, fs::path(root), fs::path(root), git, &stack, configs, &out);
  return out;
}

}  // namespace spellfilter::cli
