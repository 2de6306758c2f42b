#include "app/cli/tree_walk.h"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/text/code_language.h"

namespace spellfilter::cli {
namespace {

namespace fs = std::filesystem;

struct IgnoreRule {
  std::string pattern;
  bool directory_only;
  bool anchored;
};

struct IgnoreFile {
  fs::path directory;
  std::vector<IgnoreRule> rules;
};

IgnoreFile ReadGitignore(const fs::path& directory) {
  IgnoreFile f{directory, {}};
  std::ifstream in(directory / ".gitignore");
  std::string line;
  while (std::getline(in, line)) {
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

Status Walk(const fs::path& dir, std::vector<IgnoreFile>* stack,
            ProjectConfigFinder* configs, std::vector<std::string>* out) {
  std::error_code ec;
  std::vector<fs::directory_entry> entries;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    entries.push_back(*it);
  }
  if (ec) return Status::IOError(dir.string() + ": " + ec.message());
  std::sort(entries.begin(), entries.end());
  const bool has_gitignore = fs::is_regular_file(dir / ".gitignore", ec);
  if (has_gitignore) stack->push_back(ReadGitignore(dir));
  Status status = Status::Ok();
  for (const fs::directory_entry& e : entries) {
    const fs::path& p = e.path();
    const std::string name = p.filename().string();
    if (e.is_symlink(ec)) continue;
    const bool is_dir = e.is_directory(ec);
    if (is_dir && (name == ".git" || name == ".hg" || name == ".svn")) continue;
    if (name == kProjectFileName) continue;
    if (Ignored(*stack, p, is_dir)) continue;
    StatusOr<std::shared_ptr<const ProjectConfig>> config = configs->For(
        is_dir ? (p / ".").string() : p.string());
    if (!config.ok()) {
      status = config.status();
      break;
    }
    if (*config && (*config)->Skips(p.string())) continue;
    if (is_dir) {
      status = Walk(p, stack, configs, out);
      if (!status.ok()) break;
    } else if (e.is_regular_file(ec) && Checkable(p)) {
      out->push_back(p.string());
    }
  }
  if (has_gitignore) stack->pop_back();
  return status;
}

}  // namespace

StatusOr<std::vector<std::string>> FilesToCheck(const std::string& root,
                                                ProjectConfigFinder* configs) {
  std::vector<IgnoreFile> stack;
  std::vector<std::string> out;
  if (Status s = Walk(fs::path(root), &stack, configs, &out); !s.ok()) return s;
  return out;
}

}  // namespace spellfilter::cli
