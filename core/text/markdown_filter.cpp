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
void WriteSpaces(char* b, char* e) {
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

// Sets bits [b, e) of `bits`.
void SetBits(uint64_t* bits, size_t b, size_t e) {
  while (b < e) {
    const size_t word = b / 64;
    const size_t lo = b % 64;
    const size_t hi = std::min<size_t>(64, lo + (e - b));
    const uint64_t ones =
        hi - lo == 64 ? ~uint64_t{0} : ((uint64_t{1} << (hi - lo)) - 1);
    bits[word] |= ones << lo;
    b += hi - lo;
  }
}

}  // namespace

void MarkdownFilter::Spaces(char* b, char* e) const {
  if (mark_bits_ == nullptr) {
    WriteSpaces(b, e);
  } else if (b < e) {
    SetBits(mark_bits_, static_cast<size_t>(b - mark_base_),
            static_cast<size_t>(e - mark_base_));
  }
}

void MarkdownFilter::MarkLine(std::string_view line,
                              std::span<uint64_t> blanked) {
  // BlankLine and BlankInline read only bytes they have not blanked yet
  // (each search starts past what was blanked), so reading the raw line
  // finds what reading the blanked copy did: the same bytes are marked.
  char* const begin = const_cast<char*>(line.data());  // read, never written
  mark_base_ = begin;
  mark_bits_ = blanked.data();
  BlankLine(begin, begin + line.size());
  mark_base_ = nullptr;
  mark_bits_ = nullptr;
  at_line_start_ = true;  // as Blank after the line break
}

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
      if (n >= 3 && (*p == '~' || std::find(p + n, end, '`') == end)) {
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
    return Next(blank_, from, end_,
                [](char c) { return c == ' ' || c == '\t'; });
  }
  char* NextColonOrAt(char* from) {
    return Next(colon_, from, end_,
                [](char c) { return c == ':' || c == '@'; });
  }

  // The first run of exactly n backticks starting after `from` (or
  // nullptr). A direct search first; once one fails (the line holds
  // openers without closers), every run is indexed by its length (4 bytes
  // a run: its offset from where the index starts).
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
      // Offsets fit in 32 bits (a longer line is searched directly for
      // each opener instead).
      if (static_cast<uint64_t>(end_ - from) > UINT32_MAX) return nullptr;
      // Runs starting at `from` or later are maximal there (the byte
      // before `from` ends the opener's run) and stay unblanked.
      runs_base_ = from;
      for (char* r = from; r < end_;) {
        r = std::find(r, end_, '`');
        if (r == end_) break;
        const size_t m = Run(r, end_, '`');
        runs_[m].push_back(static_cast<uint32_t>(r - from));
        r += m;
      }
      runs_built_ = true;
      return nullptr;
    }
    auto it = runs_.find(n);
    if (it == runs_.end() || from < runs_base_) return nullptr;
    const auto at = std::lower_bound(it->second.begin(), it->second.end(),
                                     static_cast<uint64_t>(from - runs_base_));
    return at == it->second.end() ? nullptr : runs_base_ + *at;
  }

  // The ')' matching the '(' at `open` (escapes skipped), or nullptr. A
  // direct scan first; once one fails, the rest of the line is indexed by
  // its depth of nesting (ParenDepths) and later openers look theirs up.
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
      // `open` follows a ']' (no backslash), so escapes pair alike from
      // here as from any later '('.
      parens_built_ = parens_.Build(open, end_);
      return nullptr;
    }
    return parens_.Match(open);
  }

 private:
  // The depth of nesting of parentheses along [base, end) (escaped ones
  // do not count; a ')' with none open is ignored), kept for blocks of
  // kBlock bytes: the depth and escape state at each block's start and,
  // in a tree, the least depth after any byte of a block. A '(' at depth d
  // (before it) is closed by the first byte after it where the depth is
  // back to d: the rest of its block is scanned, then the tree finds the
  // first later block whose least depth is at most d, which is scanned.
  // 12-20 bytes a block: about a fifth of a byte per byte of the line,
  // whatever it holds (a table of each '(' and its ')' took 8 bytes a
  // '(': two bytes per byte of 200 KB of "[a](").
  class ParenDepths {
   public:
    // Indexes [base, end), where `base` is a '(' at which escapes pair as
    // from the line's start. False (nothing built) for a line of 2 GiB
    // or more, whose openers are then scanned for directly.
    bool Build(const char* base, const char* end) {
      if (static_cast<uint64_t>(end - base) >= (uint64_t{1} << 31))
        return false;
      base_ = base;
      end_ = end;
      const size_t blocks =
          (static_cast<size_t>(end - base) + kBlock - 1) / kBlock;
      leaves_ = 1;
      while (leaves_ < blocks) leaves_ *= 2;
      starts_.reserve(blocks);
      tree_.assign(2 * leaves_, UINT32_MAX);
      State state;
      for (size_t k = 0; k < blocks; ++k) {
        starts_.push_back(state.depth << 1 | (state.skip ? 1u : 0u));
        uint32_t least = UINT32_MAX;
        const char* q = base + k * kBlock;
        const char* const stop = std::min(q + kBlock, end);
        for (; q < stop; ++q) least = std::min(least, state.Step(q, end));
        tree_[leaves_ + k] = least;
      }
      for (size_t i = leaves_ - 1; i >= 1; --i) {
        tree_[i] = std::min(tree_[2 * i], tree_[2 * i + 1]);
      }
      return true;
    }

    // The ')' closing the '(' at `open` (>= the base), or nullptr. Reads
    // nothing before `open`, which the filter may have blanked since the
    // index was built: the depth before `open`, in the index's terms, is
    // the depth at the next block's start less what [open, that start)
    // adds.
    char* Match(const char* open) const {
      if (open < base_ || open >= end_) return nullptr;
      size_t block = static_cast<size_t>(open - base_) / kBlock;
      State relative;  // from `open`, where nothing is escaped
      const char* q = open;
      const char* stop = std::min(base_ + (block + 1) * kBlock, end_);
      for (; q < stop; ++q) {
        if (relative.Step(q, end_) == 0) return const_cast<char*>(q);
      }
      if (block + 1 >= starts_.size()) return nullptr;
      // Still open (relative.depth >= 1) up to the next block.
      const uint32_t depth = (starts_[block + 1] >> 1) - relative.depth;
      block = FirstAtMost(1, 0, leaves_, block + 1, depth);
      if (block == kNoBlock) return nullptr;
      State state = StateAt(block);
      stop = std::min(base_ + (block + 1) * kBlock, end_);
      for (q = base_ + block * kBlock; q < stop; ++q) {
        if (state.Step(q, end_) <= depth) return const_cast<char*>(q);
      }
      return nullptr;  // not reached: the block's least depth is at most
                       // `depth`
    }

   private:
    static constexpr size_t kBlock = 64;
    static constexpr size_t kNoBlock = SIZE_MAX;
    struct State {
      uint32_t depth = 0;
      bool skip = false;  // the byte is escaped by the backslash before it
      // Reads the byte at q; returns the depth after it.
      uint32_t Step(const char* q, const char* end) {
        if (skip) {
          skip = false;
        } else if (*q == '\\' && q + 1 < end) {
          skip = true;
        } else if (*q == '(') {
          ++depth;
        } else if (*q == ')' && depth > 0) {
          --depth;
        }
        return depth;
      }
    };
    State StateAt(size_t block) const {
      return State{starts_[block] >> 1, (starts_[block] & 1) != 0};
    }
    // The first block at or after `from`, within node's blocks [lo, hi),
    // whose least depth is at most `depth` (kNoBlock: none).
    size_t FirstAtMost(size_t node, size_t lo, size_t hi, size_t from,
                       uint32_t depth) const {
      if (hi <= from || tree_[node] > depth) return kNoBlock;
      if (hi - lo == 1) return lo;
      const size_t mid = lo + (hi - lo) / 2;
      const size_t left = FirstAtMost(2 * node, lo, mid, from, depth);
      return left != kNoBlock ? left
                              : FirstAtMost(2 * node + 1, mid, hi, from, depth);
    }

    const char* base_ = nullptr;
    const char* end_ = nullptr;
    size_t leaves_ = 0;             // a power of two, at least the blocks
    std::vector<uint32_t> starts_;  // per block: depth << 1 | skip
    std::vector<uint32_t> tree_;    // [leaves_ + k]: block k's least depth
  };

  char* end_;
  char* gt_ = nullptr;
  char* blank_ = nullptr;
  char* colon_ = nullptr;
  bool runs_built_ = false;
  char* runs_base_ = nullptr;
  std::unordered_map<size_t, std::vector<uint32_t>> runs_;
  bool parens_built_ = false;
  ParenDepths parens_;
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
      if (std::string_view(p, static_cast<size_t>(end - p))
              .starts_with("<!--")) {
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
        const std::string_view inside(p + 1,
                                      static_cast<size_t>(close - p - 1));
        const bool autolink = !inside.empty() &&
                              index.NextBlank(p + 1) >= close &&
                              index.NextColonOrAt(p + 1) < close;
        const bool tag =
            !inside.empty() && (IsAsciiLetter(inside[0]) ||
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
