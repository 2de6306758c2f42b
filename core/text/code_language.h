// The language families the code filter (code_filter.h) knows, and how a
// file name or an LSP languageId maps to one. A family shares its comment
// and string syntax; no more is needed to find prose in code.
//
//   kCLike   C, C++, Objective-C, Java, C#, JavaScript, TypeScript, Go,
//            Rust, Kotlin, Swift, Scala, Dart, PHP, CSS: // and /* */
//            comments; "..." '...' strings, `...` (JS templates, Go raw
//            strings, across lines)
//   kPython  Python: # comments; '...' "..." strings, '''...''' """..."""
//            across lines, prefixes (r, b, f, u) included
//   kHash    shell, CMake, YAML, TOML, Perl, Ruby, R, Makefiles, .ini-like
//            configs: # comments; '...' "..." strings (across lines, as in
//            shell)
//   kJson    JSON: "..." strings only
#ifndef SPELLFILTER_CORE_TEXT_CODE_LANGUAGE_H_
#define SPELLFILTER_CORE_TEXT_CODE_LANGUAGE_H_

#include <optional>
#include <string_view>

namespace spellfilter {

enum class CodeLanguage { kCLike, kPython, kHash, kJson };

// The family of a file by its name (the extension, any case, or a known
// file name: CMakeLists.txt, Makefile, Dockerfile, .bashrc...); nullopt
// when the name is not a known source file.
std::optional<CodeLanguage> CodeLanguageOfFileName(std::string_view path);

// The family of an LSP languageId ("cpp", "python", "shellscript"...);
// nullopt for prose ("plaintext", "markdown") and ids not known.
std::optional<CodeLanguage> CodeLanguageOfLanguageId(std::string_view id);

// Whether a file (by its extension) or an LSP languageId is C, C++,
// Objective-C or CUDA: the languages whose own words (cpp.sfd, C and C++
// library and header names) apply beside the programming words, as cspell
// enables its C++ dictionaries for c, cpp and cuda-cpp only. Java, Go,
// JavaScript... share the C family's lexer (kCLike) but not its words.
bool IsCFamilyFileName(std::string_view path);
bool IsCFamilyLanguageId(std::string_view id);

// Whether a file (.py, .pyi, .pyw) or an LSP languageId ("python") is
// Python: Python's own words (python.sfd) apply, as cspell enables its
// django and data-science lists for Python only (meson.build, lexed as
// Python, is not).
bool IsPythonFileName(std::string_view path);
bool IsPythonLanguageId(std::string_view id);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_CODE_LANGUAGE_H_
