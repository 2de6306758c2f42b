#include "app/cli/code_option.h"

#include <map>

#include "core/dictionary/locator.h"

namespace spellfilter::cli {

inline constexpr char kProgrammingDictionaryName[] = "programming";

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
                "(default: programming.sfd beside it; 'none': none)");
}

StatusOr<std::unique_ptr<Dictionary>> OpenCodeDictionary(const CodeOption& o) {
  if (o.dictionary == "none") return std::unique_ptr<Dictionary>();
  if (!o.dictionary.empty()) {
    return Dictionary::Open(o.dictionary, DictionaryUse::kCheckOnly);
  }
  StatusOr<std::string> found = FindDictionary(kProgrammingDictionaryName);
  if (!found.ok()) return std::unique_ptr<Dictionary>();
  return Dictionary::Open(*found, DictionaryUse::kCheckOnly);
}

}  // namespace spellfilter::cli
