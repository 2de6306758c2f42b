#include "core/text/markdown_filter.h"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace spellfilter {
namespace {

// Spaces over [b, e), but not over UTF-8 continuation bytes (a blanked
// character stays one character) or line breaks.
void Spaces(char* b, char* e) {
  for (; b < e; ++b) {
    if ((static_cast<unsigned char>(*b) & 0xC0) != 0x80 && *b != '\n') {
      *b = ' ';
    }
  }
}

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

char* SkipSpaces(char* p, char* e) {
  while (p < e && IsSpace(*p)) ++p;
  return p;
}

// Past the indentation and block quote markers ("> > ") of a line.
char* SkipLinePrefix(char* p, char* e) {
  for (;;) {
    p = SkipSpaces(p, e);
    if (p == e || *p != '>') return p;
    ++p;
  }
}

size_t Run(const char* p, const char* e, char c) {
  size_t n = 0;
  while (p + n < e && p[n] == c) ++n;
  return n;
}

bool IsAsciiLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

std::string_view Trimmed(const char* b, const char* e) {
  while (b < e && IsSpace(*b)) ++b;
  while (e > b && IsSpace(e[-1])) --e;
  return std::string_view(b, static_cast<size_t>(e - b));
}

// The first occurrence of `what` in [b, e), or nullptr.
char* Find(char* b, char* e, std::string_view what) {
  char* p = std::search(b, e, what.begin(), what.end());
  return p == e ? nullptr : p;
}

}  // namespace

void MarkdownFilter::Blank(std::span<char> text) {
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

void MarkdownFilter::BlankLine(char* begin, char* end) {
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

bool MarkdownFilter::IndentedCode(const char* begin, const char* end) {
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

namespace {

// Searches BlankInline makes from positions that only grow along a line,
// answered so that the whole line costs O(n log n), not a scan to the
// line's end per opener (`<` or `[a](` repeated). Built from the raw text
// after a position; BlankInline blanks only what lies before the position
// it asks from, so the answers stay right.
class InlineIndex {
 public:
  explicit InlineIndex(char* end) : end_(end) {}

  // The first byte at or after `from` that `pred` accepts (or end), for
  // `from`s that never decrease: each byte is looked at about once.
  template <typename Pred>
  static char* Next(char*& cache, char* from, char* end, Pred pred) {
    if (cache == nullptr || cache < from) cache = std::find_if(from, end, pred);
    return cache;
  }
  char* NextGt(char* from) {
    return Next(gt_, from, end_, [](char c) { return c == '>'; });
  }
  char* NextBlank(char* from) {
    return Next(blank_, from, end_, [](char c) { return c == ' ' || c == '\t'; });
  }
  char* NextColonOrAt(char* from) {
    return Next(colon_, from, end_, [](char c) { return c == ':' || c == '@'; });
  }

  // The first run of exactly n backticks starting after `from` (or
  // nullptr). A direct search first; once one fails (the line holds
  // openers without closers), every run is indexed by its length.
  char* CodeSpanCloser(char* from, size_t n) {
    if (!runs_built_) {
      char* q = from;
      while (q < end_) {
        q = std::find(q, end_, '`');
        if (q == end_) break;
        const size_t m = Run(q, end_, '`');
        if (m == n) return q;
        q += m;
      }
      // Runs starting at `from` or later are maximal there (the byte
      // before `from` ends the opener's run) and stay unblanked.
      for (char* r = from; r < end_;) {
        r = std::find(r, end_, '`');
        if (r == end_) break;
        const size_t m = Run(r, end_, '`');
        runs_[m].push_back(r);
        r += m;
      }
      runs_built_ = true;
      return nullptr;
    }
    auto it = runs_.find(n);
    if (it == runs_.end()) return nullptr;
    auto at = std::lower_bound(it->second.begin(), it->second.end(), from);
    return at == it->second.end() ? nullptr : *at;
  }

  // The ')' matching the '(' at `open` (escapes skipped), or nullptr. A
  // direct scan first; once one fails, every '(' after it is matched in
  // one pass, and later openers look theirs up. Each '(' costs 8 bytes
  // (its offset and its ')''s, from the first, in room counted first):
  // 200 KB of "[a](" took 2 MB as pointer pairs and a stack grown by
  // doubling. While matching, an open '(' holds the one open before it
  // (kOpen set): the stack is threaded through the table.
  char* ClosingParen(char* open) {
    if (!parens_built_) {
      int depth = 0;
      for (char* q = open; q < end_; ++q) {
        if (*q == '\\' && q + 1 < end_) {
          ++q;
        } else if (*q == '(') {
          ++depth;
        } else if (*q == ')' && --depth == 0) {
          return q;
        }
      }
      // Offsets from `open` fit below kOpen (a line of 2 GiB is scanned
      // as above for each opener instead).
      if (end_ - open >= static_cast<ptrdiff_t>(kOpen)) return nullptr;
      // `open` follows a ']' (no backslash), so escapes pair alike from
      // here as from any later '('.
      size_t count = 0;
      for (char* q = open; q < end_; ++q) {
        if (*q == '\\' && q + 1 < end_) {
          ++q;
        } else if (*q == '(') {
          ++count;
        }
      }
      parens_base_ = open;
      parens_.reserve(count);
      uint32_t top = kNone;
      for (char* q = open; q < end_; ++q) {
        if (*q == '\\' && q + 1 < end_) {
          ++q;
        } else if (*q == '(') {
          parens_.push_back({static_cast<uint32_t>(q - open), kOpen | top});
          top = static_cast<uint32_t>(parens_.size() - 1);
        } else if (*q == ')' && top != kNone) {
          const uint32_t below = parens_[top].second & ~kOpen;
          parens_[top].second = static_cast<uint32_t>(q - open);
          top = below;
        }
      }
      while (top != kNone) {
        const uint32_t below = parens_[top].second & ~kOpen;
        parens_[top].second = kNone;
        top = below;
      }
      parens_built_ = true;
      return nullptr;
    }
    if (parens_.empty() || open < parens_base_) return nullptr;
    const auto at = static_cast<uint32_t>(open - parens_base_);
    while (paren_cursor_ < parens_.size() && parens_[paren_cursor_].first < at) {
      ++paren_cursor_;
    }
    if (paren_cursor_ < parens_.size() && parens_[paren_cursor_].first == at &&
        parens_[paren_cursor_].second != kNone) {
      return parens_base_ + parens_[paren_cursor_].second;
    }
    return nullptr;
  }

 private:
  char* end_;
  char* gt_ = nullptr;
  char* blank_ = nullptr;
  char* colon_ = nullptr;
  bool runs_built_ = false;
  std::unordered_map<size_t, std::vector<char*>> runs_;
  static constexpr uint32_t kOpen = uint32_t{1} << 31;
  static constexpr uint32_t kNone = kOpen - 1;  // no ')' (no '(' below)
  bool parens_built_ = false;
  char* parens_base_ = nullptr;
  // Each '(' and its ')' (kNone: none), offsets from parens_base_.
  std::vector<std::pair<uint32_t, uint32_t>> parens_;
  size_t paren_cursor_ = 0;
};

}  // namespace

void MarkdownFilter::BlankInline(char* begin, char* end) {
  InlineIndex index(end);
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
      char* close = index.CodeSpanCloser(p + n, n);
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
      char* close = index.NextGt(p + 1);
      if (close != end) {
        const std::string_view inside(p + 1, static_cast<size_t>(close - p - 1));
        const bool autolink = !inside.empty() && index.NextBlank(p + 1) >= close &&
                              index.NextColonOrAt(p + 1) < close;
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
      if (char* q = index.ClosingParen(p + 1); q != nullptr) {
        Spaces(p + 1, q + 1);
        p = q + 1;
        continue;
      }
    }
    ++p;
  }
}

}  // namespace spellfilter
