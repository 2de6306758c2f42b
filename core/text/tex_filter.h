// TeX mode of the ispell pipe protocol ('+', or -t): what Hunspell's LaTeX
// parser (hunspell -a -t) leaves unchecked is blanked out of each line
// before the line is checked, so words keep their offsets:
//
//   \name                  command names (ASCII letters after '\'); "\\",
//                          "\$" and "\%" are escapes
//   % ...                  comments, to the end of the line
//   $...$  $$...$$  \(...\)  \[...\]  and the math, displaymath, equation,
//   equation* and verbatim environments, \verb+...+ (also | # *)
//                          skipped to their end, across lines
//   \documentclass ... \begin{document}   the preamble
//   \cite{...} \ref{...} \label{...} \usepackage{...} \begin{...} ...
//                          commands whose arguments are not text: their
//                          first N {...} (or [...] options) arguments
//
// Everything else, \textbf{...} and \emph{...} arguments included, is
// checked. The command list and argument counts are Hunspell 1.7's
// (src/parsers/latexparser.cxx); command names match case-insensitively
// and as prefixes, as there ("\include" also covers "\includegraphics").
// Differences: a command name ends at the end of its line (TeX's rule;
// Hunspell carries it over), an escaped character inside skipped
// arguments skips one character (Hunspell two), and Hunspell's entry for
// '' (closing quotes, which then skips text up to the next '}') is left
// out.
#ifndef SPELLFILTER_CORE_TEXT_TEX_FILTER_H_
#define SPELLFILTER_CORE_TEXT_TEX_FILTER_H_

#include <span>
#include <string>
#include <string_view>

namespace spellfilter {

class TexFilter {
 public:
  // Replaces the bytes of `line` that are not to be checked by spaces. The
  // state (inside math, the preamble, arguments) carries over to the next
  // line; a comment ends with its line.
  void Blank(std::string* line);
  // The same over `text`, the document's next bytes, line by line (as the
  // Markdown and code filters take them, for the language server): a
  // blanked character keeps its UTF-8 continuation bytes, so it stays one
  // character (columns).
  void Blank(std::span<char> text);
  // Back to plain text, as at the start of a document.
  void Reset();
  // Same state: what follows is blanked alike.
  friend bool operator==(const TexFilter&, const TexFilter&) = default;

 private:
  enum class State { kText, kCommand, kUntil, kArguments, kComment };

  State state_ = State::kText;
  std::string_view until_;  // kUntil: the closing string
  int depth_ = 0;           // kArguments: brace depth
  int args_ = 0;            // kArguments: arguments skipped so far
  int want_ = 0;            // kArguments: arguments to skip
  bool option_ = true;      // kArguments: a '[' may open an argument
  bool escaped_ = false;    // kArguments: after a '\'
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_TEX_FILTER_H_
