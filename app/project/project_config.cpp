#include "app/project/project_config.h"

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <re2/re2.h>
#include <re2/set.h>
#include <sys/stat.h>
#include <toml++/toml.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "core/user/file_lock.h"
#include "core/user/word_list.h"
#include "core/util/file_io.h"

namespace spellfilter {
namespace {

namespace fs = std::filesystem;

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// `path` relative to `directory`, or as it is when outside it.
std::string Relative(const std::string& directory, const std::string& path) {
  std::error_code ec;
  const fs::path rel =
      fs::weakly_canonical(path, ec).lexically_relative(fs::weakly_canonical(directory, ec));
  if (rel.empty() || *rel.begin() == "..") return path;
  return rel.string();
}

RE2::Options GlobOptions() {
  // Bytes, as fnmatch(3) in the C locale; '*' and '?' match a line break
  // as they match anything else.
  RE2::Options o;
  o.set_encoding(RE2::Options::EncodingLatin1);
  o.set_dot_nl(true);
  o.set_log_errors(false);
  o.set_max_mem(64 << 20);
  return o;
}

std::string Where(const std::string& file, const toml::source_region& r) {
  return file + ":" + std::to_string(r.begin.line) + ":" +
         std::to_string(r.begin.column);
}

// The strings of array `key`; an error names the offending element.
Status Strings(const std::string& file, const toml::node& node, std::string_view key,
               std::vector<std::string>* out) {
  const toml::array* a = node.as_array();
  if (a == nullptr) {
    return Status::InvalidArgument(Where(file, node.source()) + ": " +
                                   std::string(key) + " must be an array of strings");
  }
  for (const toml::node& e : *a) {
    const std::optional<std::string> s = e.value<std::string>();
    if (!s) {
      return Status::InvalidArgument(Where(file, e.source()) + ": " +
                                     std::string(key) + " must hold strings only");
    }
    out->push_back(*s);
  }
  return Status::Ok();
}

// The bracket expression of a glob starting at glob[i] == '[', as an RE2
// character class, with *end just past it; "" when it is not closed (then
// '[' is an ordinary character, as in fnmatch).
std::string BracketToRegex(std::string_view glob, size_t i, size_t* end) {
  size_t j = i + 1;
  std::string out = "[";
  if (j < glob.size() && (glob[j] == '!' || glob[j] == '^')) {
    out += '^';
    ++j;
  }
  bool first = true;
  for (; j < glob.size(); ++j, first = false) {
    const char c = glob[j];
    if (c == ']' && !first) {
      *end = j + 1;
      return out + "]";
    }
    if (c == '[' && j + 1 < glob.size() && glob[j + 1] == ':') {
      const size_t close = glob.find(":]", j + 2);
      if (close == std::string_view::npos) return "";
      out += glob.substr(j, close + 2 - j);
      j = close + 1;
      continue;
    }
    char literal = c;
    if (c == '\\' && j + 1 < glob.size()) literal = glob[++j];
    const unsigned char u = static_cast<unsigned char>(literal);
    if (literal == '-' || std::isalnum(u) || u >= 0x80) {
      out += literal;
    } else {
      out += '\\';
      out += literal;
    }
  }
  return "";
}

}  // namespace

std::string GlobToRegex(std::string_view glob) {
  // "dir/**" also names "dir" itself and everything below it.
  std::string_view body = glob;
  const bool below = glob.size() > 3 && glob.ends_with("/**");
  if (below) body.remove_suffix(3);
  std::string out;
  for (size_t i = 0; i < body.size();) {
    const char c = body[i];
    if (c == '*') {
      out += ".*";
      ++i;
    } else if (c == '?') {
      out += '.';
      ++i;
    } else if (c == '[') {
      size_t end = 0;
      const std::string bracket = BracketToRegex(body, i, &end);
      if (!bracket.empty()) {
        out += bracket;
        i = end;
      } else {
        out += "\\[";
        ++i;
      }
    } else {
      char literal = c;
      if (c == '\\' && i + 1 < body.size()) literal = body[++i];
      ++i;
      out += RE2::QuoteMeta(re2::StringPiece(&literal, 1));
    }
  }
  if (below) out += "(?:/.*)?";
  return out;
}

struct GlobSet::Sets {
  RE2::Set relative{GlobOptions(), RE2::ANCHOR_BOTH};
  RE2::Set base{GlobOptions(), RE2::ANCHOR_BOTH};
};

GlobSet::GlobSet() = default;
GlobSet::GlobSet(GlobSet&&) noexcept = default;
GlobSet& GlobSet::operator=(GlobSet&&) noexcept = default;
GlobSet::~GlobSet() = default;

bool GlobSet::Add(const std::string& glob, int index) {
  if (!sets_) sets_ = std::make_unique<Sets>();
  const std::string re = GlobToRegex(glob);
  std::string error;
  if (sets_->relative.Add(re, &error) < 0) return false;
  relative_index_.push_back(index);
  if (glob.find('/') == std::string::npos) {
    if (sets_->base.Add(re, &error) < 0) return false;
    base_index_.push_back(index);
  }
  ++count_;
  return true;
}

bool GlobSet::Compile() {
  if (count_ == 0) return true;
  return sets_->relative.Compile() &&
         (base_index_.empty() || sets_->base.Compile());
}

int GlobSet::FirstMatch(std::string_view relative,
                        std::string_view base) const {
  if (count_ == 0) return -1;
  int first = -1;
  std::vector<int> hits;
  const auto take = [&](const RE2::Set& set, const std::vector<int>& index,
                        std::string_view subject) {
    hits.clear();
    if (!set.Match(re2::StringPiece(subject.data(), subject.size()), &hits)) {
      return;
    }
    for (int h : hits) {
      if (first < 0 || index[h] < first) first = index[h];
    }
  };
  take(sets_->relative, relative_index_, relative);
  if (!base_index_.empty()) take(sets_->base, base_index_, base);
  return first;
}

ProjectConfig::ProjectConfig() = default;
ProjectConfig::~ProjectConfig() = default;

bool ProjectConfig::Accepts(std::string_view word) const {
  return words.find(word) != words.end() ||
         words.find(Lower(word)) != words.end();
}

bool ProjectConfig::Skips(const std::string& path) const {
  if (paths_set.empty()) return false;
  return paths_set.FirstMatch(Relative(directory, path),
                              fs::path(path).filename().string()) >= 0;
}

std::optional<std::string> ProjectConfig::ModeFor(const std::string& path) const {
  if (modes_set.empty()) return std::nullopt;
  const int i = modes_set.FirstMatch(Relative(directory, path),
                                     fs::path(path).filename().string());
  if (i < 0) return std::nullopt;
  return modes[static_cast<size_t>(i)].second;
}

void ProjectConfig::BlankIgnored(char* text, size_t size) const {
  if (ignore.empty()) return;
  char* line = text;
  char* const end = text + size;
  while (line < end) {
    char* nl = std::find(line, end, '\n');
    const std::string_view text_of_line(line, static_cast<size_t>(nl - line));
    for (const std::unique_ptr<const RE2>& re : ignore) {
      // Leftmost matches one after another, as a global search does: an
      // empty match moves on by one character. RE2 is linear in the line.
      const re2::StringPiece subject(text_of_line.data(), text_of_line.size());
      size_t at = 0;
      re2::StringPiece m;
      while (
          at <= text_of_line.size() &&
          re->Match(subject, at, text_of_line.size(), RE2::UNANCHORED, &m, 1)) {
        const size_t b = static_cast<size_t>(m.data() - line);
        for (size_t p = b; p < b + m.size(); ++p) {
          if ((static_cast<unsigned char>(line[p]) & 0xC0) != 0x80)
            line[p] = ' ';
        }
        at = b + m.size();
        if (m.empty()) {
          ++at;
          while (at < text_of_line.size() &&
                 (static_cast<unsigned char>(line[at]) & 0xC0) == 0x80) {
            ++at;
          }
        }
      }
    }
    line = nl < end ? nl + 1 : end;
  }
}

StatusOr<std::shared_ptr<const ProjectConfig>> LoadProjectConfig(
    const std::string& file) {
  StatusOr<std::string> text = ReadRegularFile(file);
  if (!text.ok()) return text.status();
  toml::table table;
  try {
    table = toml::parse(*text, file);
  } catch (const toml::parse_error& e) {
    return Status::InvalidArgument(Where(file, e.source()) + ": " +
                                   std::string(e.description()));
  }
  auto config = std::make_shared<ProjectConfig>();
  config->file = file;
  config->directory = fs::path(file).parent_path().string();
  if (config->directory.empty()) config->directory = ".";
  RE2::Options options;
  options.set_log_errors(false);
  for (const auto& [key, node] : table) {
    std::vector<std::string> list;
    if (key == "words" || key == "flagWords" || key == "ignore" || key == "paths") {
      if (Status s = Strings(file, node, key.str(), &list); !s.ok()) return s;
    }
    if (key == "words") {
      config->words.insert(list.begin(), list.end());
    } else if (key == "flagWords") {
      for (const std::string& w : list) {
        const size_t arrow = w.find("->");
        config->flag_words[w.substr(0, arrow)] =
            arrow == std::string::npos ? "" : w.substr(arrow + 2);
      }
    } else if (key == "ignore") {
      const toml::array& elements = *node.as_array();
      for (size_t i = 0; i < list.size(); ++i) {
        auto re = std::make_unique<const RE2>(list[i], options);
        if (!re->ok()) {
          return Status::InvalidArgument(
              Where(file, elements[i].source()) + ": bad ignore pattern \"" +
              list[i] + "\": " + re->error() +
              " (RE2 syntax: no look-around or back-references)");
        }
        config->ignore.push_back(std::move(re));
      }
    } else if (key == "paths") {
      const toml::array& elements = *node.as_array();
      for (size_t i = 0; i < list.size(); ++i) {
        if (!config->paths_set.Add(list[i], static_cast<int>(i))) {
          return Status::InvalidArgument(Where(file, elements[i].source()) +
                                         ": bad pattern \"" + list[i] + "\"");
        }
      }
      config->paths = std::move(list);
    } else if (key == "overrides") {
      const toml::array* a = node.as_array();
      if (a == nullptr) {
        return Status::InvalidArgument(Where(file, node.source()) +
                                       ": overrides must be [[overrides]] tables");
      }
      for (const toml::node& o : *a) {
        const toml::table* t = o.as_table();
        if (t != nullptr) {
          for (const auto& [okey, ovalue] : *t) {
            if (okey != "files" && okey != "mode") {
              return Status::InvalidArgument(
                  Where(file, okey.source()) + ": unknown key \"" +
                  std::string(okey.str()) +
                  "\" in [[overrides]] (files, mode)");
            }
          }
        }
        const toml::node* files = t != nullptr ? t->get("files") : nullptr;
        const std::optional<std::string> mode =
            t != nullptr ? (*t)["mode"].value<std::string>() : std::nullopt;
        if (files == nullptr || !mode) {
          return Status::InvalidArgument(Where(file, o.source()) +
                                         ": an override needs files and mode");
        }
        if (*mode != "text" && *mode != "markdown" && *mode != "tex" && *mode != "code") {
          return Status::InvalidArgument(Where(file, (*t)["mode"].node()->source()) +
                                         ": mode must be text, markdown, tex or code");
        }
        std::vector<std::string> globs;
        if (Status s = Strings(file, *files, "files", &globs); !s.ok()) return s;
        const int index = static_cast<int>(config->modes.size());
        for (size_t i = 0; i < globs.size(); ++i) {
          if (!config->modes_set.Add(globs[i], index)) {
            return Status::InvalidArgument(
                Where(file, (*files->as_array())[i].source()) +
                ": bad pattern \"" + globs[i] + "\"");
          }
        }
        config->modes.emplace_back(std::move(globs), *mode);
      }
    } else {
      return Status::InvalidArgument(Where(file, key.source()) + ": unknown key \"" +
                                     std::string(key.str()) + "\"");
    }
  }
  if (!config->paths_set.Compile() || !config->modes_set.Compile()) {
    return Status::InvalidArgument(file + ": too many or too large patterns");
  }
  return std::shared_ptr<const ProjectConfig>(std::move(config));
}

namespace {

// Whether `dir` is at or below one of the folders of
// SPELLFILTER_TRUSTED_DIRS (':'-separated; "*" trusts every folder).
bool TrustedByEnvironment(const fs::path& dir) {
  const char* env = std::getenv("SPELLFILTER_TRUSTED_DIRS");
  if (env == nullptr || *env == '\0') return false;
  std::error_code ec;
  const std::string canonical = fs::weakly_canonical(dir, ec).string();
  std::string_view list(env);
  while (!list.empty()) {
    const size_t colon = list.find(':');
    const std::string entry(list.substr(0, colon));
    list.remove_prefix(colon == std::string_view::npos ? list.size()
                                                       : colon + 1);
    if (entry == "*") return true;
    if (entry.empty()) continue;
    std::string trusted = fs::weakly_canonical(entry, ec).string();
    if (ec) continue;
    while (trusted.size() > 1 && trusted.back() == '/') trusted.pop_back();
    if (canonical == trusted ||
        (canonical.starts_with(trusted) &&
         (trusted == "/" || canonical[trusted.size()] == '/'))) {
      return true;
    }
  }
  return false;
}

std::string UserName(uid_t uid) {
  const struct passwd* pw = ::getpwuid(uid);
  std::string out = "uid " + std::to_string(uid);
  if (pw != nullptr) out += " (" + std::string(pw->pw_name) + ")";
  return out;
}

// Whether others than the owner may write something of mode `mode` and
// group `gid`: everyone, or a group that is not the effective user's own.
bool OthersMayWrite(mode_t mode, gid_t gid) {
  return (mode & S_IWOTH) != 0 || ((mode & S_IWGRP) != 0 && gid != ::getegid());
}

}  // namespace

std::string ProjectTrust(const std::string& file) {
  struct stat st;
  if (::stat(file.c_str(), &st) != 0) return "";  // the loader says why
  fs::path dir = fs::path(file).parent_path();
  if (dir.empty()) dir = ".";
  std::string why;
  if (st.st_uid != ::geteuid() && st.st_uid != 0) {
    why = "owned by " + UserName(st.st_uid) + ", not by you or root";
  } else if (OthersMayWrite(st.st_mode, st.st_gid)) {
    why = "others may write it (mode " + std::to_string((st.st_mode >> 6) & 7) +
          std::to_string((st.st_mode >> 3) & 7) +
          std::to_string(st.st_mode & 7) + ")";
  } else {
    struct stat ds;
    if (::stat(dir.c_str(), &ds) == 0 &&
        OthersMayWrite(ds.st_mode, ds.st_gid) && (ds.st_mode & S_ISVTX) == 0) {
      why = "its folder " + dir.string() +
            " may be written by others and has no sticky bit";
    }
  }
  if (why.empty() || TrustedByEnvironment(dir)) return "";
  std::error_code ec;
  const std::string shown = fs::weakly_canonical(dir, ec).string();
  return file + ": ignored: " + why +
         "; to trust it, add its folder to SPELLFILTER_TRUSTED_DIRS (e.g. "
         "SPELLFILTER_TRUSTED_DIRS=" +
         (ec ? dir.string() : shown) + ")";
}

namespace {

std::string TomlString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// Byte offset of a 1-based (line, column) in `text`; columns count code
// points.
size_t OffsetOf(const std::string& text, size_t line, size_t column) {
  size_t i = 0;
  for (size_t l = 1; l < line && i < text.size(); ++i) {
    if (text[i] == '\n') ++l;
  }
  for (size_t c = 1; c < column && i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++c;
  }
  while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  return i;
}

// `text` (the project file `file`) with `word` added to its words; "" in
// *updated when the word is there already.
Status EditWords(const std::string& file, const std::string& text,
                 const std::string& word, std::string* updated) {
  updated->clear();
  try {
    const toml::table table = toml::parse(text, file);
    const toml::node* words = table.get("words");
    if (words == nullptr) {
      *updated = "words = [" + TomlString(word) + "]\n" + text;
    } else {
      const toml::array* a = words->as_array();
      if (a == nullptr) {
        return Status::InvalidArgument(Where(file, words->source()) +
                                       ": words must be an array of strings");
      }
      for (const toml::node& e : *a) {
        if (e.value<std::string>() == word) return Status::Ok();
      }
      // After the last element (a trailing comma or comment stays after
      // it), or just inside the '[' of an empty array.
      if (a->empty()) {
        const size_t open = text.find(
            '[', OffsetOf(text, words->source().begin.line,
                          words->source().begin.column));
        if (open == std::string::npos) {
          return Status::InvalidArgument(file + ": cannot find words' '['");
        }
        *updated =
            text.substr(0, open + 1) + TomlString(word) + text.substr(open + 1);
      } else {
        const toml::source_region& last = a->back().source();
        const size_t at =
            std::min(OffsetOf(text, last.end.line, last.end.column), text.size());
        *updated =
            text.substr(0, at) + ", " + TomlString(word) + text.substr(at);
      }
    }
  } catch (const toml::parse_error& e) {
    return Status::InvalidArgument(Where(file, e.source()) + ": " +
                                   std::string(e.description()));
  }
  // Parsed again: the word must be there and nothing else broken.
  try {
    const toml::table check = toml::parse(*updated, file);
    const toml::array* a = check["words"].as_array();
    bool found = false;
    for (const toml::node& e : *a) found |= e.value<std::string>() == word;
    if (!found) return Status::InvalidArgument(file + ": adding the word failed");
  } catch (const toml::parse_error& e) {
    return Status::InvalidArgument(file + ": adding the word would break it: " +
                                   std::string(e.description()));
  }
  return Status::Ok();
}

}  // namespace

Status AddProjectWord(const std::string& file, const std::string& word) {
  if (Status s = CheckUserWord(word, file); !s.ok()) return s;
  StatusOr<std::string> target = ResolveWriteTarget(file);
  if (!target.ok()) return target.status();
  std::string dir = fs::path(*target).parent_path().string();
  if (dir.empty()) dir = ".";
  // One adder at a time per folder: a lock file beside the project file
  // would be left in the user's tree, the folder itself is always there.
  StatusOr<FileLock> lock = FileLock::AcquireDirectory(dir);
  if (!lock.ok()) return lock.status();
  std::string text;
  if (::access(target->c_str(), F_OK) == 0) {
    // Replacing a file the user made read-only would defeat its mode.
    if (::access(target->c_str(), W_OK) != 0) return ErrnoStatus(file, errno);
    StatusOr<std::string> read = ReadRegularFile(*target);
    if (!read.ok()) return read.status();
    text = std::move(read).value();
  }
  std::string updated;
  if (Status s = EditWords(file, text, word, &updated); !s.ok()) return s;
  if (updated.empty()) return Status::Ok();  // there already
  return WriteFileAtomically(file, updated);
}

std::string ProjectFileForNewWord(const std::string& path,
                                  const std::string& root,
                                  const std::string& existing) {
  if (!existing.empty()) return existing;
  std::error_code ec;
  const fs::path doc = fs::absolute(path, ec).lexically_normal();
  if (!root.empty()) {
    const fs::path r = fs::absolute(root, ec).lexically_normal();
    const fs::path rel = doc.lexically_relative(r);
    if (!rel.empty() && *rel.begin() != ".." && *rel.begin() != ".") {
      return (r / kProjectFileName).string();
    }
  }
  return (doc.parent_path() / kProjectFileName).string();
}

ProjectConfigFinder::ProjectConfigFinder()
    : warn_([](const std::string& message) {
        std::fprintf(stderr, "spellfilter: warning: %s\n", message.c_str());
      }) {}

ProjectConfigFinder::ProjectConfigFinder(Warn warn) : warn_(std::move(warn)) {}

StatusOr<std::shared_ptr<const ProjectConfig>> ProjectConfigFinder::For(
    const std::string& path) {
  std::error_code ec;
  fs::path dir = fs::absolute(path, ec).lexically_normal().parent_path();
  std::vector<std::string> visited;
  std::shared_ptr<const ProjectConfig> found;
  for (;;) {
    const std::string key = dir.string();
    if (auto it = by_directory_.find(key); it != by_directory_.end()) {
      found = it->second;
      break;
    }
    visited.push_back(key);
    const fs::path candidate = dir / kProjectFileName;
    if (fs::is_regular_file(candidate, ec)) {
      if (const std::string why = ProjectTrust(candidate.string());
          !why.empty()) {
        if (warn_) warn_(why);
      } else {
        StatusOr<std::shared_ptr<const ProjectConfig>> c =
            LoadProjectConfig(candidate.string());
        if (!c.ok()) return c.status();
        found = *c;
        break;
      }
    }
    if (!dir.has_parent_path() || dir.parent_path() == dir) break;
    dir = dir.parent_path();
  }
  for (const std::string& v : visited) by_directory_[v] = found;
  return found;
}

}  // namespace spellfilter
