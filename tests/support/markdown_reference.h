// The Markdown filter as it was before BlankInline was made linear
// (core/text/markdown_filter.cpp): quadratic on a line of openers without
// closers, kept only as the reference the fast one must agree with
// (tests/text/markdown_filter_test.cpp, tests/fuzz/markdown_fuzzer.cpp).
// Header-only; give it short inputs.
#ifndef SPELLFILTER_TESTS_SUPPORT_MARKDOWN_REFERENCE_H_
#define SPELLFILTER_TESTS_SUPPORT_MARKDOWN_REFERENCE_H_

#include <algorithm>
#include <cstddef>
#include <span>
#include <string_view>

namespace spellfilter::reference {

class ReferenceMarkdownFilter {
 public:
  // Blanks the parts of `text`, the document's next bytes, that are not
  // prose. The state (inside a fence, a comment, the front matter) carries
  // over to the next call.
  void Blank(std::span<char> text);
  // Back to the start of a document.
  void Reset() { *this = ReferenceMarkdownFilter(); }
  // Same state: what follows is blanked alike (a language server stops
  // rechecking lines after an edit once the state at a line is as before).
  friend bool operator==(const ReferenceMarkdownFilter&, const ReferenceMarkdownFilter&) = default;

 private:
  // One line without its line break, or the part of it in this chunk.
  void BlankLine(char* begin, char* end);
  // Code spans, link destinations, autolinks, tags and comments in a line.
  void BlankInline(char* begin, char* end);
  // Whether a whole line (at its start) is in an indented code block;
  // follows blank lines and lists.
  bool IndentedCode(const char* begin, const char* end);

  bool at_line_start_ = true;
  bool first_line_ = true;
  bool in_front_matter_ = false;
  bool in_comment_ = false;
  bool previous_blank_ = true;  // the line before was blank (or none)
  bool in_list_ = false;
  bool in_indented_code_ = false;
  char fence_char_ = 0;  // '`' or '~' inside a fenced block, else 0
  size_t fence_length_ = 0;
};


// Spaces over [b, e), but not over UTF-8 continuation bytes (a blanked
// character stays one character) or line breaks.
inline void Spaces(char* b, char* e) {
  for (; b < e; ++b) {
    if ((static_cast<unsigned char>(*b) & 0xC0) != 0x80 && *b != '\n') {
      *b = ' ';
    }
  }
}

inline bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

inline char* SkipSpaces(char* p, char* e) {
  while (p < e && IsSpace(*p)) ++p;
  return p;
}

// Past the indentation and block quote markers ("> > ") of a line.
inline char* SkipLinePrefix(char* p, char* e) {
  for (;;) {
    p = SkipSpaces(p, e);
    if (p == e || *p != '>') return p;
    ++p;
  }
}

inline size_t Run(const char* p, const char* e, char c) {
  size_t n = 0;
  while (p + n < e && p[n] == c) ++n;
  return n;
}

inline bool IsAsciiLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

inline std::string_view Trimmed(const char* b, const char* e) {
  while (b < e && IsSpace(*b)) ++b;
  while (e > b && IsSpace(e[-1])) --e;
  return std::string_view(b, static_cast<size_t>(e - b));
}

// The first occurrence of `what` in [b, e), or nullptr.
inline char* Find(char* b, char* e, std::string_view what) {
  char* p = std::search(b, e, what.begin(), what.end());
  return p == e ? nullptr : p;
}


inline void ReferenceMarkdownFilter::Blank(std::span<char> text) {
  char* p = text.data();
  char* const end = p + text.size();
  while (p < end) {
    char* nl = std::find(p, end, '\n');
    BlankLine(p, nl);
    // A chunk may end inside a long line (TextReader): the rest of it
    // comes with the next chunk, not at a line start.
    at_line_start_ = nl < end;
    p = nl < end ? nl + 1 : end;
  }
}

inline void ReferenceMarkdownFilter::BlankLine(char* begin, char* end) {
  const bool line_start = at_line_start_;
  if (line_start && first_line_) {
    first_line_ = false;
    if (Trimmed(begin, end) == "---") {
      in_front_matter_ = true;
      Spaces(begin, end);
      return;
    }
  }
  if (in_front_matter_) {
    const std::string_view t = Trimmed(begin, end);
    if (line_start && (t == "---" || t == "...")) in_front_matter_ = false;
    Spaces(begin, end);
    return;
  }
  if (fence_char_ != 0) {
    if (line_start) {
      char* p = SkipLinePrefix(begin, end);
      const size_t n = Run(p, end, fence_char_);
      if (n >= fence_length_ && Trimmed(p + n, end).empty()) fence_char_ = 0;
    }
    Spaces(begin, end);
    return;
  }
  if (in_comment_) {
    char* close = Find(begin, end, "-->");
    if (close == nullptr) {
      Spaces(begin, end);
      return;
    }
    in_comment_ = false;
    Spaces(begin, close + 3);
    BlankInline(close + 3, end);
    return;
  }
  if (line_start && IndentedCode(begin, end)) {
    Spaces(begin, end);
    return;
  }
  if (line_start) {
    // Indentation (fences inside list items are indented) and block quote
    // markers come before a fence or a reference definition.
    char* p = SkipLinePrefix(begin, end);
    if (p < end && (*p == '`' || *p == '~')) {
      const size_t n = Run(p, end, *p);
      // A backtick fence's info string has no backtick (else it is a code
      // span).
      if (n >= 3 && (*p == '~' ||
                     std::find(p + n, end, '`') == end)) {
        previous_blank_ = false;
        fence_char_ = *p;
        fence_length_ = n;
        Spaces(begin, end);
        return;
      }
    }
    if (p < end && *p == '[') {
      // [label]: destination "title": the destination is no prose.
      char* close = Find(p, end, "]:");
      if (close != nullptr && std::find(p, close, '\n') == close) {
        char* dest = SkipSpaces(close + 2, end);
        char* dest_end = dest;
        while (dest_end < end && !IsSpace(*dest_end)) ++dest_end;
        if (dest_end > dest) {
          BlankInline(begin, close + 2);
          Spaces(dest, dest_end);
          BlankInline(dest_end, end);
          return;
        }
      }
    }
  }
  BlankInline(begin, end);
}

inline bool ReferenceMarkdownFilter::IndentedCode(const char* begin, const char* end) {
  // Columns of indentation (a tab to the next multiple of 4).
  size_t indent = 0;
  const char* p = begin;
  for (; p < end && (*p == ' ' || *p == '\t'); ++p) {
    indent = *p == '\t' ? (indent / 4 + 1) * 4 : indent + 1;
  }
  if (Trimmed(p, end).empty()) {  // a blank line; code may go on after it
    previous_blank_ = true;
    return false;
  }
  const bool was_blank = previous_blank_;
  previous_blank_ = false;
  // A list item: "-", "*", "+", or 1-9 digits and "." or ")", then a space
  // or the end of the line.
  const char* marker_end = p;
  if (*p == '-' || *p == '*' || *p == '+') {
    marker_end = p + 1;
  } else {
    const char* d = p;
    while (d < end && d - p < 9 && *d >= '0' && *d <= '9') ++d;
    if (d > p && d < end && (*d == '.' || *d == ')')) marker_end = d + 1;
  }
  if (marker_end > p && (marker_end == end || IsSpace(*marker_end))) {
    in_list_ = true;
    in_indented_code_ = false;
    return false;
  }
  if (indent >= 4 && !in_list_ && (was_blank || in_indented_code_)) {
    in_indented_code_ = true;
    return true;
  }
  // A paragraph at the margin after a blank line ends a list.
  if (indent == 0 && was_blank) in_list_ = false;
  in_indented_code_ = false;
  return false;
}

inline void ReferenceMarkdownFilter::BlankInline(char* begin, char* end) {
  char* p = begin;
  while (p < end) {
    const char c = *p;
    if (c == '\\' && p + 1 < end) {  // an escaped character is literal
      p += 2;
      continue;
    }
    if (c == '`') {
      // A code span: the next run of exactly as many backticks closes it.
      const size_t n = Run(p, end, '`');
      char* q = p + n;
      char* close = nullptr;
      while (q < end) {
        q = std::find(q, end, '`');
        if (q == end) break;
        const size_t m = Run(q, end, '`');
        if (m == n) {
          close = q;
          break;
        }
        q += m;
      }
      if (close == nullptr) {
        p += n;  // no closer: literal backticks
        continue;
      }
      Spaces(p, close + n);
      p = close + n;
      continue;
    }
    if (c == '<') {
      if (std::string_view(p, static_cast<size_t>(end - p)).starts_with("<!--")) {
        char* close = Find(p + 4, end, "-->");
        if (close == nullptr) {
          in_comment_ = true;
          Spaces(p, end);
          return;
        }
        Spaces(p, close + 3);
        p = close + 3;
        continue;
      }
      char* close = std::find(p + 1, end, '>');
      if (close != end) {
        const std::string_view inside(p + 1, static_cast<size_t>(close - p - 1));
        const bool autolink =
            !inside.empty() &&
            inside.find_first_of(" \t") == std::string_view::npos &&
            inside.find_first_of(":@") != std::string_view::npos;
        const bool tag =
            !inside.empty() &&
            (IsAsciiLetter(inside[0]) ||
             (inside[0] == '/' && inside.size() > 1 &&
              IsAsciiLetter(inside[1])) ||
             inside[0] == '!' || inside[0] == '?');
        if (autolink || tag) {
          Spaces(p, close + 1);
          p = close + 1;
          continue;
        }
      }
    }
    if (c == ']' && p + 1 < end && p[1] == '(') {
      // A link's or image's destination and title, to the matching ')'.
      int depth = 0;
      char* q = p + 1;
      for (; q < end; ++q) {
        if (*q == '\\' && q + 1 < end) {
          ++q;
        } else if (*q == '(') {
          ++depth;
        } else if (*q == ')' && --depth == 0) {
          break;
        }
      }
      if (q < end) {
        Spaces(p + 1, q + 1);
        p = q + 1;
        continue;
      }
    }
    ++p;
  }
}

}  // namespace spellfilter::reference

#endif  // SPELLFILTER_TESTS_SUPPORT_MARKDOWN_REFERENCE_H_
