// Code mode's options (check --mode code, and the language server): what is
// checked (--code-scope), the shortest part flagged (--min-length), how
// often one word is reported per file (--max-repeats; `check` and `lsp`) and the
// programming dictionary used beside the language's (--code-dict; default:
// programming.sfd, found where the language dictionary is,
// core/dictionary/locator.h; "none" for no programming words), with the C
// family's words (cpp.sfd beside it, for C, C++, Objective-C and CUDA
// files only) and Python's (python.sfd beside it, for Python files only).
#ifndef SPELLFILTER_APP_CLI_CODE_OPTION_H_
#define SPELLFILTER_APP_CLI_CODE_OPTION_H_

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <string_view>

#include "core/dictionary/dictionary.h"
#include "core/text/code_filter.h"

namespace spellfilter::cli {

struct CodeOption {
  CodeScope scope = CodeScope::kAll;
  size_t min_length = 4;  // cspell's minWordLength
  // A word is reported at most this often per file, 0: every time. As
  // cspell's maxDuplicateProblems (default 5): a word flagged at every use
  // in code is most often a name (ICU's U_CAPI, 1,183 times in its
  // headers); five reports show it, and every distinct word is still
  // reported. Text, Markdown and TeX report every occurrence, as
  // hunspell -l does.
  size_t max_repeats = 5;
  std::string dictionary;  // empty: the default; "none": none
};

// Registers --code-scope, --min-length and --code-dict on `c`, and
// --max-repeats when `repeats`.
void AddCodeOptions(CLI::App* c, CodeOption* o, bool repeats = false);

// Code mode's dictionaries: the programming words, for all code, and
// beside them the C family's (IsCFamilyFileName, IsCFamilyLanguageId) and
// Python's (IsPythonFileName, IsPythonLanguageId).
struct CodeDictionaries {
  std::unique_ptr<Dictionary> programming;
  std::unique_ptr<Dictionary> c_family;
  std::unique_ptr<Dictionary> python;

  // The language's own dictionary for a file (nullptr: none).
  const Dictionary* ForFileName(std::string_view path) const;
};

// The programming dictionary `o` names, and cpp.sfd and python.sfd in its
// directory. The default, when not installed, is no dictionary (nullptr,
// not an error), as is a missing cpp.sfd or python.sfd; a file named with
// --code-dict that cannot be opened is an error, as is a cpp.sfd or
// python.sfd that is there but cannot be opened.
StatusOr<CodeDictionaries> OpenCodeDictionaries(const CodeOption& o);

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_CODE_OPTION_H_
