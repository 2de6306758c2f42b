#include "core/text/code_language.h"

#include <string>

namespace spellfilter {
namespace {

struct Entry {
  std::string_view name;
  CodeLanguage language;
};

constexpr Entry kExtensions[] = {
    {"c", CodeLanguage::kCLike},      {"h", CodeLanguage::kCLike},
    {"cc", CodeLanguage::kCLike},     {"cpp", CodeLanguage::kCLike},
    {"cxx", CodeLanguage::kCLike},    {"hh", CodeLanguage::kCLike},
    {"hpp", CodeLanguage::kCLike},    {"hxx", CodeLanguage::kCLike},
    {"ipp", CodeLanguage::kCLike},    {"inl", CodeLanguage::kCLike},
    {"m", CodeLanguage::kCLike},      {"mm", CodeLanguage::kCLike},
    {"java", CodeLanguage::kCLike},   {"cs", CodeLanguage::kCLike},
    {"js", CodeLanguage::kCLike},     {"mjs", CodeLanguage::kCLike},
    {"cjs", CodeLanguage::kCLike},    {"jsx", CodeLanguage::kCLike},
    {"ts", CodeLanguage::kCLike},     {"tsx", CodeLanguage::kCLike},
    {"go", CodeLanguage::kCLike},     {"rs", CodeLanguage::kCLike},
    {"kt", CodeLanguage::kCLike},     {"kts", CodeLanguage::kCLike},
    {"swift", CodeLanguage::kCLike},  {"scala", CodeLanguage::kCLike},
    {"dart", CodeLanguage::kCLike},   {"php", CodeLanguage::kCLike},
    {"css", CodeLanguage::kCLike},    {"scss", CodeLanguage::kCLike},
    {"qml", CodeLanguage::kCLike},    {"proto", CodeLanguage::kCLike},
    {"cu", CodeLanguage::kCLike},     {"cuh", CodeLanguage::kCLike},
    {"py", CodeLanguage::kPython},    {"pyi", CodeLanguage::kPython},
    {"pyw", CodeLanguage::kPython},   {"sh", CodeLanguage::kHash},
    {"bash", CodeLanguage::kHash},    {"zsh", CodeLanguage::kHash},
    {"ksh", CodeLanguage::kHash},     {"cmake", CodeLanguage::kHash},
    {"yaml", CodeLanguage::kHash},    {"yml", CodeLanguage::kHash},
    {"toml", CodeLanguage::kHash},    {"pl", CodeLanguage::kHash},
    {"pm", CodeLanguage::kHash},      {"rb", CodeLanguage::kHash},
    {"r", CodeLanguage::kHash},       {"mk", CodeLanguage::kHash},
    {"ini", CodeLanguage::kHash},     {"cfg", CodeLanguage::kHash},
    {"conf", CodeLanguage::kHash},    {"json", CodeLanguage::kJson},
};

constexpr Entry kFileNames[] = {
    {"cmakelists.txt", CodeLanguage::kHash}, {"makefile", CodeLanguage::kHash},
    {"gnumakefile", CodeLanguage::kHash},    {"dockerfile", CodeLanguage::kHash},
    {".bashrc", CodeLanguage::kHash},        {".profile", CodeLanguage::kHash},
    {".gitignore", CodeLanguage::kHash},     {"meson.build", CodeLanguage::kPython},
};

constexpr Entry kLanguageIds[] = {
    {"c", CodeLanguage::kCLike},           {"cpp", CodeLanguage::kCLike},
    {"objective-c", CodeLanguage::kCLike}, {"objective-cpp", CodeLanguage::kCLike},
    {"java", CodeLanguage::kCLike},        {"csharp", CodeLanguage::kCLike},
    {"javascript", CodeLanguage::kCLike},  {"javascriptreact", CodeLanguage::kCLike},
    {"typescript", CodeLanguage::kCLike},  {"typescriptreact", CodeLanguage::kCLike},
    {"go", CodeLanguage::kCLike},          {"rust", CodeLanguage::kCLike},
    {"kotlin", CodeLanguage::kCLike},      {"swift", CodeLanguage::kCLike},
    {"scala", CodeLanguage::kCLike},       {"dart", CodeLanguage::kCLike},
    {"php", CodeLanguage::kCLike},         {"css", CodeLanguage::kCLike},
    {"scss", CodeLanguage::kCLike},        {"python", CodeLanguage::kPython},
    {"shellscript", CodeLanguage::kHash},  {"sh", CodeLanguage::kHash},
    {"bash", CodeLanguage::kHash},         {"cmake", CodeLanguage::kHash},
    {"yaml", CodeLanguage::kHash},         {"toml", CodeLanguage::kHash},
    {"perl", CodeLanguage::kHash},         {"ruby", CodeLanguage::kHash},
    {"r", CodeLanguage::kHash},            {"makefile", CodeLanguage::kHash},
    {"dockerfile", CodeLanguage::kHash},   {"ini", CodeLanguage::kHash},
    {"json", CodeLanguage::kJson},         {"jsonc", CodeLanguage::kCLike},
    {"cuda-cpp", CodeLanguage::kCLike},
};

// The C family, by extension and by languageId (IsCFamily...).
constexpr std::string_view kCFamilyExtensions[] = {
    "c", "h", "cc", "cpp", "cxx", "hh", "hpp", "hxx", "ipp", "inl",
    "m", "mm", "cu", "cuh"};
constexpr std::string_view kCFamilyLanguageIds[] = {
    "c", "cpp", "objective-c", "objective-cpp", "cuda-cpp"};
constexpr std::string_view kPythonExtensions[] = {"py", "pyi", "pyw"};

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// Whether the extension of `path` (any case) is one of `extensions`.
template <size_t N>
bool HasExtension(std::string_view path,
                  const std::string_view (&extensions)[N]) {
  const size_t slash = path.rfind('/');
  const std::string base =
      Lower(slash == std::string_view::npos ? path : path.substr(slash + 1));
  const size_t dot = base.rfind('.');
  if (dot == std::string::npos || dot == 0) return false;
  const std::string_view extension = std::string_view(base).substr(dot + 1);
  for (std::string_view e : extensions) {
    if (e == extension) return true;
  }
  return false;
}

template <size_t N>
std::optional<CodeLanguage> Find(const Entry (&table)[N],
                                 std::string_view key) {
  for (const Entry& e : table) {
    if (e.name == key) return e.language;
  }
  return std::nullopt;
}

}  // namespace

std::optional<CodeLanguage> CodeLanguageOfFileName(std::string_view path) {
  const size_t slash = path.rfind('/');
  const std::string base =
      Lower(slash == std::string_view::npos ? path : path.substr(slash + 1));
  if (std::optional<CodeLanguage> l = Find(kFileNames, base)) return l;
  const size_t dot = base.rfind('.');
  if (dot == std::string::npos || dot == 0) return std::nullopt;
  return Find(kExtensions, std::string_view(base).substr(dot + 1));
}

std::optional<CodeLanguage> CodeLanguageOfLanguageId(std::string_view id) {
  return Find(kLanguageIds, Lower(id));
}

bool IsCFamilyFileName(std::string_view path) {
  return HasExtension(path, kCFamilyExtensions);
}

bool IsCFamilyLanguageId(std::string_view id) {
  const std::string lower = Lower(id);
  for (std::string_view e : kCFamilyLanguageIds) {
    if (e == lower) return true;
  }
  return false;
}

bool IsPythonFileName(std::string_view path) {
  return HasExtension(path, kPythonExtensions);
}

bool IsPythonLanguageId(std::string_view id) { return Lower(id) == "python"; }

}  // namespace spellfilter
