#include "app/cli/code_option.h"

#include <filesystem>
#include <map>

#include "core/dictionary/locator.h"
#include "core/text/code_language.h"

namespace spellfilter::cli {

inline constexpr char kProgrammingDictionaryName[] = "programming";
inline constexpr char kCFamilyDictionaryFile[] = "cpp.sfd";
inline constexpr char kPythonDictionaryFile[] = "python.sfd";

// `name` in `directory` if it is there (nullptr if not), or the error
// opening it.
StatusOr<std::unique_ptr<Dictionary>> OpenBeside(
    const std::filesystem::path& directory, const char* name) {
  const std::filesystem::path path = directory / name;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::unique_ptr<Dictionary>();
  return Dictionary::Open(path.string(), DictionaryUse::kCheckOnly);
}

void AddCodeOptions(CLI::App* c, CodeOption* o, bool repeats) {
  const std::map<std::string, CodeScope> scopes = {
      {"all", CodeScope::kAll},
      {"comments,strings", CodeScope::kCommentsAndStrings},
      {"strings,comments", CodeScope::kCommentsAndStrings}};
  c->add_option("--code-scope", o->scope,
                "In code: all (identifiers too, split at case changes, '_', "
                "'-' and digits) or comments,strings")
      ->transform(CLI::CheckedTransformer(scopes, CLI::ignore_case))
      ->default_str("all");
  c->add_option("--min-length", o->min_length,
                "In code: words and identifier parts shorter than this are "
                "not checked")
      ->capture_default_str();
  if (repeats) {
    c->add_option("--max-repeats", o->max_repeats,
                  "In code: report a word at most this often per file "
                  "(cspell's maxDuplicateProblems); 0: every time")
        ->capture_default_str();
  }
  c->add_option("--code-dict", o->dictionary,
                "In code: programming words accepted beside the dictionary's "
                "(default: programming.sfd beside it; 'none': none); in C and "
                "C++ files also cpp.sfd beside that file, in Python "
                "python.sfd");
}

StatusOr<CodeDictionaries> OpenCodeDictionaries(const CodeOption& o) {
  CodeDictionaries out;
  if (o.dictionary == "none") return out;
  std::string path = o.dictionary;
  if (path.empty()) {
    StatusOr<std::string> found = FindDictionary(kProgrammingDictionaryName);
    if (!found.ok()) return out;
    path = *found;
  }
  StatusOr<std::unique_ptr<Dictionary>> programming =
      Dictionary::Open(path, DictionaryUse::kCheckOnly);
  if (!programming.ok()) return programming.status();
  out.programming = std::move(programming).value();
  const std::filesystem::path directory = std::filesystem::path(path).parent_path();
  StatusOr<std::unique_ptr<Dictionary>> c =
      OpenBeside(directory, kCFamilyDictionaryFile);
  if (!c.ok()) return c.status();
  out.c_family = std::move(c).value();
  StatusOr<std::unique_ptr<Dictionary>> python =
      OpenBeside(directory, kPythonDictionaryFile);
  if (!python.ok()) return python.status();
  out.python = std::move(python).value();
  return out;
}

const Dictionary* CodeDictionaries::ForFileName(std::string_view path) const {
  if (IsCFamilyFileName(path)) return c_family.get();
  if (IsPythonFileName(path)) return python.get();
  return nullptr;
}

}  // namespace spellfilter::cli
