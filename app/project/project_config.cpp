#include "app/project/project_config.h"

#include <fnmatch.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <toml++/toml.h>

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

bool Matches(const std::vector<std::string>& globs, const std::string& directory,
             const std::string& path) {
  const std::string rel = Relative(directory, path);
  const std::string base = fs::path(path).filename().string();
  for (const std::string& g : globs) {
    if (fnmatch(g.c_str(), rel.c_str(), 0) == 0) return true;
    if (g.find('/') == std::string::npos && fnmatch(g.c_str(), base.c_str(), 0) == 0) {
      return true;
    }
    // "build/**" also names the directory "build" and all below it.
    if (g.size() > 3 && g.ends_with("/**") &&
        (rel == g.substr(0, g.size() - 3) || rel.starts_with(g.substr(0, g.size() - 2)))) {
      return true;
    }
  }
  return false;
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

}  // namespace

bool ProjectConfig::Accepts(std::string_view word) const {
  return words.find(word) != words.end() ||
         words.find(Lower(word)) != words.end();
}

bool ProjectConfig::Skips(const std::string& path) const {
  return Matches(paths, directory, path);
}

std::optional<std::string> ProjectConfig::ModeFor(const std::string& path) const {
  for (const auto& [globs, mode] : modes) {
    if (Matches(globs, directory, path)) return mode;
  }
  return std::nullopt;
}

void ProjectConfig::BlankIgnored(char* text, size_t size) const {
  if (ignore.empty()) return;
  char* line = text;
  char* const end = text + size;
  while (line < end) {
    char* nl = std::find(line, end, '\n');
    for (const std::regex& re : ignore) {
      for (std::cregex_iterator it(line, nl, re), stop; it != stop; ++it) {
        char* b = line + it->position();
        for (char* p = b; p < b + it->length(); ++p) {
          if ((static_cast<unsigned char>(*p) & 0xC0) != 0x80) *p = ' ';
        }
      }
    }
    line = nl < end ? nl + 1 : end;
  }
}

StatusOr<std::shared_ptr<const ProjectConfig>> LoadProjectConfig(
    const std::string& file) {
  toml::table table;
  try {
    table = toml::parse_file(file);
  } catch (const toml::parse_error& e) {
    return Status::InvalidArgument(Where(file, e.source()) + ": " +
                                   std::string(e.description()));
  }
  auto config = std::make_shared<ProjectConfig>();
  config->file = file;
  config->directory = fs::path(file).parent_path().string();
  if (config->directory.empty()) config->directory = ".";
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
      for (const std::string& pattern : list) {
        try {
          config->ignore.emplace_back(pattern, std::regex::ECMAScript);
        } catch (const std::regex_error& e) {
          return Status::InvalidArgument(Where(file, node.source()) +
                                         ": bad ignore pattern \"" + pattern +
                                         "\": " + e.what());
        }
      }
    } else if (key == "paths") {
      config->paths = std::move(list);
    } else if (key == "overrides") {
      const toml::array* a = node.as_array();
      if (a == nullptr) {
        return Status::InvalidArgument(Where(file, node.source()) +
                                       ": overrides must be [[overrides]] tables");
      }
      for (const toml::node& o : *a) {
        const toml::table* t = o.as_table();
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
        config->modes.emplace_back(std::move(globs), *mode);
      }
    } else {
      return Status::InvalidArgument(Where(file, key.source()) + ": unknown key \"" +
                                     std::string(key.str()) + "\"");
    }
  }
  return std::shared_ptr<const ProjectConfig>(std::move(config));
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

}  // namespace

Status AddProjectWord(const std::string& file, const std::string& word) {
  std::string text;
  std::error_code ec;
  if (fs::exists(file, ec)) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  std::string updated;
  try {
    const toml::table table = toml::parse(text, file);
    const toml::node* words = table.get("words");
    if (words == nullptr) {
      updated = "words = [" + TomlString(word) + "]\n" + text;
    } else {
      const toml::array* a = words->as_array();
      if (a == nullptr) {
        return Status::InvalidArgument(Where(file, words->source()) +
                                       ": words must be an array of strings");
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
        updated = text.substr(0, open + 1) + TomlString(word) +
                  text.substr(open + 1);
      } else {
        const toml::source_region& last = a->back().source();
        const size_t at =
            std::min(OffsetOf(text, last.end.line, last.end.column), text.size());
        updated = text.substr(0, at) + ", " + TomlString(word) + text.substr(at);
      }
    }
  } catch (const toml::parse_error& e) {
    return Status::InvalidArgument(Where(file, e.source()) + ": " +
                                   std::string(e.description()));
  }
  // Parsed again: the word must be there and nothing else broken.
  try {
    const toml::table check = toml::parse(updated, file);
    const toml::array* a = check["words"].as_array();
    bool found = false;
    for (const toml::node& e : *a) found |= e.value<std::string>() == word;
    if (!found) return Status::InvalidArgument(file + ": adding the word failed");
  } catch (const toml::parse_error& e) {
    return Status::InvalidArgument(file + ": adding the word would break it: " +
                                   std::string(e.description()));
  }
  const std::string tmp = file + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << updated;
    if (!out.flush()) return Status::IOError(tmp + ": write failed");
  }
  fs::rename(tmp, file, ec);
  if (ec) return Status::IOError(file + ": " + ec.message());
  return Status::Ok();
}

StatusOr<std::shared_ptr<const ProjectConfig>> ProjectConfigFinder::For(
    const std::string& path) {
  std::error_code ec;
  fs::path dir = fs::absolute(path, ec).parent_path();
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
      StatusOr<std::shared_ptr<const ProjectConfig>> c =
          LoadProjectConfig(candidate.string());
      if (!c.ok()) return c.status();
      found = *c;
      break;
    }
    if (!dir.has_parent_path() || dir.parent_path() == dir) break;
    dir = dir.parent_path();
  }
  for (const std::string& v : visited) by_directory_[v] = found;
  return found;
}

}  // namespace spellfilter
