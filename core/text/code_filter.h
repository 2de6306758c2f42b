// Code mode (`spellfilter check --mode code`, by default for source files
// by their extension, code_language.h): what in source code is not to be
// checked is blanked in place, as MarkdownFilter does for Markdown, so that
// every word keeps its byte offset, line and column. Then the Checker
// splits identifiers into their words (Checker::SetCodeWords).
//
// Scope:
//   kCommentsAndStrings  only comments and string literals are checked;
//                        the code between them is blanked
//   kAll                 identifiers are checked too (cspell's default);
//                        comment marks and quotes are still blanked
// In both, code_noise.h blanks URLs, e-mail addresses, hashes, UUIDs,
// paths, base64-like runs, escapes and format specifiers, and turns '_'
// and digits into word breaks.
//
// The lexer knows each family's comments and strings (code_language.h); it
// is a lexer, not a parser: a '#' in kHash starts a comment only at the
// start of a line or after white space; single-line strings end at their
// line's end when not closed (so Rust's 'a lifetimes and C++'s 1'000 do not
// run on); a backslash escapes the next byte in strings (not in Python raw
// strings, shell '...' or Go `...`). In the C family, an `#include` line
// (at a line's start or after blanks) is blanked whole, as cspell's C/C++
// settings do: it names files (`unicode/utypes.h`), not words.
#ifndef SPELLFILTER_CORE_TEXT_CODE_FILTER_H_
#define SPELLFILTER_CORE_TEXT_CODE_FILTER_H_

#include <span>
#include <vector>

#include "core/text/code_language.h"
#include "core/text/code_span.h"

namespace spellfilter {

enum class CodeScope { kCommentsAndStrings, kAll };

class CodeFilter {
 public:
  CodeFilter(CodeLanguage language, CodeScope scope)
      : language_(language), scope_(scope) {}

  // Blanks the parts of `text`, the document's next bytes, that are not to
  // be checked. Chunks should end at line breaks (TextReader's do); the
  // state (inside a block comment or a multi-line string) carries over.
  // With `code`, the stretches that are code are appended to *code
  // (cleared first), in order, as offsets in `text`: with scope kAll, what
  // lies outside comments and strings; and in comments and strings, each
  // name joined by '_' (g_autoptr), a name from the code, not prose.
  void Blank(std::span<char> text, std::vector<CodeSpan>* code = nullptr);
  // Same state: what follows is blanked alike.
  friend bool operator==(const CodeFilter&, const CodeFilter&) = default;
  // Back to the start of a document.
  void Reset() {
    state_ = State::kCode;
    previous_[0] = previous_[1] = '\n';
  }

 private:
  enum class State { kCode, kLineComment, kBlockComment, kString, kInclude };

  // The length of the comment or string opening at p in code (0: none);
  // sets the state it enters.
  size_t Opening(const char* p, const char* end);
  // Whether the "//" at p ends a URL's scheme ("https://x", "ftp://x"):
  // a letter and ':' before it, no blank after it. Not a comment then, so
  // the URL stays whole for code_noise.h (a C++ label or `case x:` is
  // followed by a blank before a comment in practice).
  bool AfterUrlScheme(const char* p, const char* end) const;
  // The length of the closing mark at p in the current comment or string
  // (0: none).
  size_t Closing(const char* p, const char* end) const;

  CodeLanguage language_;
  CodeScope scope_;
  State state_ = State::kCode;
  char quote_ = 0;        // kString: the quote character
  int quote_count_ = 1;   // kString: 1, or 3 for Python's triple quotes
  bool raw_ = false;      // kString: backslashes do not escape
  bool multiline_ = false;  // kString: goes on across line breaks
  char previous_[2] = {'\n', '\n'};  // the last two bytes, unblanked
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_CODE_FILTER_H_
