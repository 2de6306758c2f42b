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
  // kBlock bytes: the depth and escape state at each block's start, the
  // least depth after any byte of a block in a tree, and the least depth
  // from each block to the end. A '(' at depth d (before it) is closed by
  // the first byte after it where the depth is back to d: in the rest of
  // its block (scanned once for all the openers in it), else, when some
  // later block's depth comes down to d, the first such block (the tree
  // finds it), scanned. 16-24 bytes a block: about a third of a byte per
  // byte of the line at most, whatever it holds (a table of each '(' and
  // its ')' took 8 bytes a '(': two bytes per byte of 200 KB of "[a](").
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
      // Least depths from each block to the line's end: an opener that no
      // later block closes (a line of "[a](") is answered at once.
      least_from_.resize(blocks);
      for (size_t k = blocks; k-- > 0;) {
        least_from_[k] = k + 1 < blocks
                             ? std::min(tree_[leaves_ + k], least_from_[k + 1])
                             : tree_[leaves_ + k];
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
    char* Match(const char* open) {
      if (open < base_ || open >= end_) return nullptr;
      const auto at = static_cast<size_t>(open - base_);
      size_t block = at / kBlock;
      const size_t first = block * kBlock;
      const size_t stop =
          std::min(first + kBlock, static_cast<size_t>(end_ - base_));
      if (scanned_block_ != block || at < scanned_from_) {
        // The depths after each byte from `open` to the block's end,
        // relative to before `open` (nothing is escaped at a '(' after a
        // ']'), and their least value from each byte on.
        State relative;
        for (size_t q = at; q < stop; ++q)
          after_[q - first] = relative.Step(base_ + q, end_);
        least_after_[stop - 1 - first] = after_[stop - 1 - first];
        for (size_t q = stop - 1; q > at; --q) {
          least_after_[q - 1 - first] =
              std::min(after_[q - 1 - first], least_after_[q - first]);
        }
        scanned_block_ = block;
        scanned_from_ = at;
      }
      // An earlier opener of this block scanned it and found no ')' of its
      // own there (else this one would lie past it): its depths hold for
      // this one, shifted (none was cut at zero).
      const uint32_t before = at == scanned_from_ ? 0 : after_[at - 1 - first];
      if (at + 1 < stop && least_after_[at + 1 - first] <= before) {
        size_t q = at + 1;
        while (after_[q - first] > before) ++q;
        scanned_block_ = kNoBlock;  // depths past a ')' at zero may be cut
        return const_cast<char*>(base_ + q);
      }
      if (block + 1 >= starts_.size()) return nullptr;
      // Still open up to the next block: its depth there, less what the
      // rest of this block added, is the depth before `open`.
      const uint32_t depth =
          (starts_[block + 1] >> 1) - (after_[stop - 1 - first] - before);
      if (least_from_[block + 1] > depth) return nullptr;
      block = FirstAtMost(block + 1, depth);
      if (block == kNoBlock) return nullptr;
      State state = StateAt(block);
      const char* const block_end =
          std::min(base_ + (block + 1) * kBlock, end_);
      for (const char* q = base_ + block * kBlock; q < block_end; ++q) {
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
    // The first block at or after `from` whose least depth is at most
    // `depth` (kNoBlock: none): up the tree from `from`'s leaf to the first
    // subtree on its right that holds one, then down it.
    size_t FirstAtMost(size_t from, uint32_t depth) const {
      if (from >= leaves_) return kNoBlock;
      size_t node = leaves_ + from;
      while (tree_[node] > depth) {
        while ((node & 1) != 0) node >>= 1;  // a right child: up
        if (node == 0) return kNoBlock;      // past the root: none
        ++node;                              // a left child's right sibling
      }
      while (node < leaves_)
        node = tree_[2 * node] <= depth ? 2 * node : 2 * node + 1;
      return node - leaves_;
    }

    const char* base_ = nullptr;
    const char* end_ = nullptr;
    size_t leaves_ = 0;                 // a power of two, at least the blocks
    std::vector<uint32_t> starts_;      // per block: depth << 1 | skip
    std::vector<uint32_t> tree_;        // [leaves_ + k]: block k's least depth
    std::vector<uint32_t> least_from_;  // [k]: the least depth of blocks k...
    // The block last scanned from an opener (kNoBlock: none), where from,
    // and the depths after each of its bytes from there, relative to
    // before it, with their least values from each byte on.
    size_t scanned_block_ = kNoBlock;
    size_t scanned_from_ = 0;
    uint32_t after_[kBlock];
    uint32_t least_after_[kBlock];
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
