#include "core/text/tex_filter.h"

#include <algorithm>
#include <cstddef>

namespace spellfilter {
namespace {

// A construct that is not text: from `open` to `close`, or, when `close`
// is empty, `open` and its first `args` arguments. In Hunspell's order:
// the first that matches wins ("$$" before "$", "\includeonly" before
// "\include").
struct Skip {
  std::string_view open;
  std::string_view close;
  int args;
};

constexpr Skip kSkips[] = {
    {"\\(", "\\)", 0},
    {"$$", "$$", 0},
    {"$", "$", 0},
    {"\\begin{math}", "\\end{math}", 0},
    {"\\[", "\\]", 0},
    {"\\begin{displaymath}", "\\end{displaymath}", 0},
    {"\\begin{equation}", "\\end{equation}", 0},
    {"\\begin{equation*}", "\\end{equation*}", 0},
    {"\\cite", "", 1},
    {"\\nocite", "", 1},
    {"\\index", "", 1},
    {"\\label", "", 1},
    {"\\ref", "", 1},
    {"\\pageref", "", 1},
    {"\\autoref", "", 1},
    {"\\parbox", "", 1},
    {"\\begin{verbatim}", "\\end{verbatim}", 0},
    {"\\verb+", "+", 0},
    {"\\verb|", "|", 0},
    {"\\verb#", "#", 0},
    {"\\verb*", "*", 0},
    {"\\documentstyle", "\\begin{document}", 0},
    {"\\documentclass", "\\begin{document}", 0},
    {"\\usepackage", "", 1},
    {"\\includeonly", "", 1},
    {"\\include", "", 1},
    {"\\input", "", 1},
    {"\\vspace", "", 1},
    {"\\setlength", "", 2},
    {"\\addtolength", "", 2},
    {"\\settowidth", "", 2},
    {"\\rule", "", 2},
    {"\\hspace", "", 1},
    {"\\\\[", "]", 0},
    {"\\pagebreak[", "]", 0},
    {"\\nopagebreak[", "]", 0},
    {"\\enlargethispage", "", 1},
    {"\\begin{tabular}", "", 1},
    {"\\addcontentsline", "", 2},
    {"\\begin{thebibliography}", "", 1},
    {"\\bibliography", "", 1},
    {"\\bibliographystyle", "", 1},
    {"\\bibitem", "", 1},
    {"\\begin", "", 1},
    {"\\end", "", 1},
    {"\\pagestyle", "", 1},
    {"\\pagenumbering", "", 1},
    {"\\thispagestyle", "", 1},
    {"\\newtheorem", "", 2},
    {"\\newcommand", "", 2},
    {"\\renewcommand", "", 2},
    {"\\setcounter", "", 2},
    {"\\addtocounter", "", 1},
    {"\\stepcounter", "", 1},
    {"\\selectlanguage", "", 1},
    {"\\inputencoding", "", 1},
    {"\\hyphenation", "", 1},
    {"\\definecolor", "", 3},
    {"\\color", "", 1},
    {"\\textcolor", "", 1},
    {"\\pagecolor", "", 1},
    {"\\colorbox", "", 2},
    {"\\fcolorbox", "", 2},
    {"\\declaregraphicsextensions", "", 1},
    {"\\psfig", "", 1},
    {"\\url", "", 1},
    {"\\eqref", "", 1},
    {"\\vskip", "", 1},
    {"\\vglue", "", 1},
};

char AsciiLower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool IsAsciiLetter(char c) {
  const char l = AsciiLower(c);
  return l >= 'a' && l <= 'z';
}

// Whether `s` continues at `at` with `p`, ASCII case ignored in `s`.
bool StartsAt(std::string_view s, size_t at, std::string_view p) {
  if (p.empty() || s.size() - at < p.size()) return false;
  for (size_t k = 0; k < p.size(); ++k) {
    if (AsciiLower(s[at + k]) != p[k]) return false;
  }
  return true;
}

const Skip* OpeningAt(std::string_view s, size_t at) {
  for (const Skip& k : kSkips) {
    if (StartsAt(s, at, k.open)) return &k;
  }
  return nullptr;
}

// Whether `close` ends the skipped construct at `at`: the first closing
// string that matches there must be it, so "$$" does not end "$...".
bool ClosesAt(std::string_view s, size_t at, std::string_view close) {
  for (const Skip& k : kSkips) {
    if (StartsAt(s, at, k.close)) return k.close == close;
  }
  return false;
}

}  // namespace

void TexFilter::Reset() { *this = TexFilter(); }

void TexFilter::Blank(std::span<char> text) {
  std::string line;
  char* p = text.data();
  char* const end = p + text.size();
  while (p < end) {
    char* nl = std::find(p, end, '\n');
    line.assign(p, nl);
    Blank(&line);
    for (size_t i = 0; i < line.size(); ++i) {
      if ((static_cast<unsigned char>(p[i]) & 0xC0) != 0x80) p[i] = line[i];
    }
    p = nl < end ? nl + 1 : end;
  }
}

void TexFilter::Blank(std::string* line) {
  std::string& s = *line;
  const size_t n = s.size();
  auto blank = [&s](size_t from, size_t count) {
    for (size_t k = from; k < from + count && k < s.size(); ++k) s[k] = ' ';
  };
  size_t i = 0;
  while (i < n) {
    switch (state_) {
      case State::kText: {
        if (const Skip* k = OpeningAt(s, i)) {
          blank(i, k->open.size());
          i += k->open.size();
          if (!k->close.empty()) {
            state_ = State::kUntil;
            until_ = k->close;
          } else {
            state_ = State::kArguments;
            depth_ = 0;
            args_ = 0;
            want_ = k->args;
            option_ = true;
            escaped_ = false;
          }
        } else if (s[i] == '%') {
          state_ = State::kComment;
        } else if (s[i] == '\\') {
          if (i + 1 < n && (s[i + 1] == '\\' || s[i + 1] == '$' ||
                            s[i + 1] == '%')) {
            blank(i, 2);
            i += 2;
          } else {
            blank(i, 1);
            ++i;
            state_ = State::kCommand;
          }
        } else {
          ++i;
        }
        break;
      }
      case State::kCommand:
        if (IsAsciiLetter(s[i])) {
          blank(i, 1);
          ++i;
        } else {
          state_ = State::kText;
        }
        break;
      case State::kUntil:
        if (ClosesAt(s, i, until_)) {
          blank(i, until_.size());
          i += until_.size();
          state_ = State::kText;
        } else {
          blank(i, 1);
          ++i;
        }
        break;
      case State::kArguments: {
        const char c = s[i];
        if (escaped_) {
          escaped_ = false;
        } else if (c == '\\') {
          escaped_ = true;
        } else if (c == '{' || (option_ && c == '[')) {
          ++depth_;
          option_ = false;
        } else if (c == '}') {
          --depth_;
          if (depth_ == 0) {
            option_ = true;
            ++args_;
          }
          if ((depth_ == 0 && args_ == want_) || depth_ < 0) {
            state_ = State::kText;
          }
        } else if (c == ']') {
          --depth_;
        }
        blank(i, 1);
        ++i;
        break;
      }
      case State::kComment:
        blank(i, n - i);
        i = n;
        break;
    }
  }
  if (state_ == State::kComment || state_ == State::kCommand) {
    state_ = State::kText;
  }
}

}  // namespace spellfilter
