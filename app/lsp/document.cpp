#include "app/lsp/document.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <span>

#include "app/lsp/utf16.h"

namespace spellfilter::lsp {
namespace {

using document_internal::GetVarint;

void PutVarint(uint64_t v, std::vector<uint8_t>* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<uint8_t>(v | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<uint8_t>(v));
}

// The line breaks at positions [0, count_end) of `s`: a "\n", or a "\r"
// not followed by "\n" ("\r\n" counts once, at its "\n"). A "\r" at the
// last position of `s` is a break when `s` ends the text.
size_t CountBreaks(std::string_view s, size_t count_end, bool ends_text) {
  size_t n = 0;
  for (size_t i = 0; i < count_end; ++i) {
    if (s[i] == '\n') {
      ++n;
    } else if (s[i] == '\r') {
      if (i + 1 < s.size() ? s[i + 1] != '\n' : ends_text) ++n;
    }
  }
  return n;
}

size_t VarintSize(uint64_t v) {
  size_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}

uint8_t* WriteVarint(uint64_t v, uint8_t* out) {
  while (v >= 0x80) {
    *out++ = static_cast<uint8_t>(v | 0x80);
    v >>= 7;
  }
  *out++ = static_cast<uint8_t>(v);
  return out;
}

bool IsBreak(char c) { return c == '\n' || c == '\r'; }

// A line as its filter left it, without a copy: the bytes set in
// `blanked` (MarkdownFilter::MarkLine; null: none) read as spaces, except
// line breaks and UTF-8 continuation bytes, as the filter's Blank writes.
struct MarkedText {
  std::string_view raw;
  const uint64_t* blanked = nullptr;

  size_t size() const { return raw.size(); }
  char operator[](size_t i) const {
    const char c = raw[i];
    if (blanked == nullptr || ((blanked[i / 64] >> (i % 64)) & 1) == 0)
      return c;
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80 || c == '\n' ? c
                                                                       : ' ';
  }
  // Bytes [b, e), blanked, into *out.
  void CopyTo(size_t b, size_t e, std::string* out) const {
    out->assign(raw.substr(b, e - b));
    if (blanked == nullptr) return;
    for (size_t i = b; i < e; ++i) (*out)[i - b] = (*this)[i];
  }
};

// Whether a slice may start at `i` of `text`: right after an ASCII blank
// between ASCII bytes (no tokenizer rule looks across white space followed
// by an ASCII byte, core/text/tokenizer.h; URLs end at white space; and not
// inside a run of a script written without spaces, whose words the checker
// segments with their neighbours). A line without white space is checked
// whole.
template <typename Text>
bool CutAfterBlank(const Text& text, size_t i) {
  if (i == 0 || i > text.size()) return false;
  const char c = text[i - 1];
  if (c != ' ' && c != '\t') return false;
  if (i < text.size() && static_cast<unsigned char>(text[i]) >= 0x80)
    return false;
  return i == 1 || static_cast<unsigned char>(text[i - 2]) < 0x80;
}

bool IsBracket(char c) {
  return c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' ||
         c == '<' || c == '>';
}

// Whether `text` may also be cut between two brackets (CutBetweenBrackets):
// nothing in it that the tokenizer reads across them, a URL ("://",
// "www."), an e-mail address ('@') or a path (a run with a '/' before its
// first letter, as "*/([a](..."), which are runs up to white space: no '/'
// at all, to be simple.
bool BracketCutsAllowed(std::string_view text) {
  if (text.find('/') != std::string_view::npos ||
      text.find('@') != std::string_view::npos) {
    return false;
  }
  for (size_t i = text.find_first_of("wW"); i != std::string_view::npos;
       i = text.find_first_of("wW", i + 1)) {
    if (i + 4 <= text.size() && (text[i + 1] | 0x20) == 'w' &&
        (text[i + 2] | 0x20) == 'w' && text[i + 3] == '.') {
      return false;
    }
  }
  return true;
}

// The same for a marked line, as if blanked: none of those characters is
// a space, so only a match inside the raw line can be one in the blanked
// line, where each of its bytes must be unmarked.
bool BracketCutsAllowed(const MarkedText& text) {
  if (text.blanked == nullptr) return BracketCutsAllowed(text.raw);
  const auto unmarked = [&](size_t b, size_t n) {
    for (size_t i = b; i < b + n; ++i) {
      if (text[i] != text.raw[i]) return false;
    }
    return true;
  };
  for (const std::string_view what :
       {std::string_view("/"), std::string_view("@")}) {
    for (size_t i = text.raw.find(what); i != std::string_view::npos;
         i = text.raw.find(what, i + 1)) {
      if (unmarked(i, what.size())) return false;
    }
  }
  const std::string_view raw = text.raw;
  for (size_t i = raw.find_first_of("wW"); i != std::string_view::npos;
       i = raw.find_first_of("wW", i + 1)) {
    if (i + 4 <= raw.size() && (raw[i + 1] | 0x20) == 'w' &&
        (raw[i + 2] | 0x20) == 'w' && raw[i + 3] == '.' && unmarked(i, 4)) {
      return false;
    }
  }
  return true;
}

// Whether a slice may start at `i`, between two ASCII brackets: words
// always break there (Unicode's word rules; no hyphen or apostrophe joins
// across them), so a long line without white space (Markdown's "[a](" run
// 200 KB long) is still checked in slices.
template <typename Text>
bool CutBetweenBrackets(const Text& text, size_t i) {
  return i > 0 && i < text.size() && IsBracket(text[i - 1]) &&
         IsBracket(text[i]);
}

// Where the slice of `text` from `start` ends: the first cut at least
// `slice` bytes on that leaves at least `slice` bytes after it, or the end.
template <typename Text>
size_t SliceEnd(const Text& text, size_t start, size_t slice, bool brackets) {
  for (size_t i = start + slice; i + slice <= text.size(); ++i) {
    if (CutAfterBlank(text, i) || (brackets && CutBetweenBrackets(text, i)))
      return i;
  }
  return text.size();
}

// The room to keep after a text of `size` bytes.
size_t Room(size_t size) { return std::min<size_t>(size / 64, 64 << 10) + 64; }

// A string holding `text` with a little room to grow: a keystroke does not
// reallocate it, and it is not the double that std::string's growth makes.
std::string WithRoom(std::string_view text) {
  std::string out;
  out.reserve(text.size() + Room(text.size()));
  out.assign(text);
  return out;
}

}  // namespace

void Document::PackedSpots::Add(size_t offset, size_t length) {
  PutVarint(offset - end, &bytes);
  PutVarint(length, &bytes);
  end = offset + length;
  ++count;
}

Document::Document(std::string_view text, LineFilter filter)
    : initial_(std::make_shared<const LineFilter>(std::move(filter))) {
  SetText(text);
}

Document::Document(LineFilter filter, std::string&& text)
    : initial_(std::make_shared<const LineFilter>(std::move(filter))) {
  SetText(std::move(text));
}

void Document::SetText(std::string_view text) { SetText(WithRoom(text)); }

void Document::SetText(std::string&& text) {
  std::vector<Checkpoint> checkpoints = {Checkpoint{0, 0, initial_}};
  const size_t lines = CountBreaks(text, text.size(), true) + 1;
  // Nothing below throws.
  text_.swap(text);
  std::string().swap(text);
  checkpoints_.swap(checkpoints);
  std::vector<uint8_t>().swap(spots_);
  std::vector<SpotMark>().swap(marks_);
  spot_count_ = 0;
  line_count_ = lines;
  located_ = Located{};
  MarkAllDirty();
}

size_t Document::LineEnd(size_t begin) const {
  // memchr for each break (a long line is scanned at memory speed, not a
  // byte at a time).
  const size_t size = text_.size();
  if (begin >= size) return size;
  const char* const p = text_.data();
  const void* nl = std::memchr(p + begin, '\n', size - begin);
  const size_t until =
      nl != nullptr ? static_cast<size_t>(static_cast<const char*>(nl) - p)
                    : size;
  const void* cr = std::memchr(p + begin, '\r', until - begin);
  return cr != nullptr ? static_cast<size_t>(static_cast<const char*>(cr) - p)
                       : until;
}

size_t Document::NextLine(size_t end) const {
  if (end >= text_.size()) return text_.size() + 1;
  if (text_[end] == '\r' && end + 1 < text_.size() && text_[end + 1] == '\n') {
    return end + 2;
  }
  return end + 1;
}

size_t Document::LineStart(size_t line) const {
  // The last checkpoint at or before the line.
  const auto after = std::upper_bound(
      checkpoints_.begin(), checkpoints_.end(), line,
      [](size_t l, const Checkpoint& c) { return l < c.line; });
  const Checkpoint& c = *std::prev(after);
  size_t begin = c.byte;
  for (size_t l = c.line; l < line && begin <= text_.size(); ++l) {
    begin = NextLine(LineEnd(begin));
  }
  return std::min(begin, text_.size());
}

std::string_view Document::Line(size_t line) const {
  if (line >= line_count_) return {};
  const size_t begin = LineStart(line);
  return std::string_view(text_).substr(begin, LineEnd(begin) - begin);
}

size_t Document::ByteOf(Position p) const {
  if (p.line >= line_count_) return text_.size();
  const size_t begin = LineStart(p.line);
  const char* const t = text_.data();
  const size_t size = text_.size();
  const auto continuation = [&](size_t i) {
    return (static_cast<unsigned char>(t[i]) & 0xC0) == 0x80;
  };
  const auto units_of = [&](size_t i) -> size_t {
    return continuation(i)                            ? 0
           : static_cast<unsigned char>(t[i]) >= 0xF0 ? 2
                                                      : 1;
  };
  // As ByteOffsetOfUtf16 on the line (utf16.h), from the last position
  // found when it is in this line: a keystroke next to the last one
  // counts a few characters, not the line up to it.
  size_t i = begin;
  size_t counted = 0;
  if (located_.line == p.line && located_.line_begin == begin) {
    i = located_.byte;
    counted = located_.units;
    if (counted > p.character) {
      // Back a code point at a time (each one's units, as counted
      // forwards); stray continuation bytes at the line's start: from the
      // start.
      bool from_start = false;
      while (counted > p.character) {
        size_t j = i - 1;
        while (j > begin && continuation(j)) --j;
        if (continuation(j)) {
          from_start = true;
          break;
        }
        counted -= units_of(j);
        i = j;
      }
      if (!from_start) {
        located_ = Located{p.line, begin, counted, i};
        return i;
      }
      i = begin;
      counted = 0;
    }
  }
  for (; i < size && t[i] != '\n' && t[i] != '\r'; ++i) {
    const size_t u = units_of(i);
    if (u == 0) continue;
    if (counted + u > p.character) break;
    counted += u;
  }
  located_ = Located{p.line, begin, counted, i};
  return i;
}

void Document::Splice(size_t lo, size_t hi, ptrdiff_t shift,
                      const PackedSpots& fresh) {
  uint8_t* const data = spots_.data();
  const size_t size = spots_.size();
  // Decoding starts at the last mark at or before lo.
  const auto mark = std::upper_bound(
      marks_.begin(), marks_.end(), lo,
      [](size_t x, const SpotMark& m) { return x < m.end_before; });
  const SpotMark from =
      mark == marks_.begin() ? SpotMark{0, 0, 0} : *std::prev(mark);
  const uint8_t* p = data + from.pos;
  const uint8_t* const end = data + size;
  size_t previous_end = from.end_before;
  size_t kept_count = from.count_before;
  // Kept as they are: the spots that end at or before lo.
  while (p != end) {
    const uint8_t* at = p;
    const size_t offset = previous_end + GetVarint(p);
    const size_t length = GetVarint(p);
    if (offset + length > lo) {
      p = at;
      break;
    }
    previous_end = offset + length;
    ++kept_count;
  }
  const size_t kept_pos = static_cast<size_t>(p - data);
  const size_t kept_end = previous_end;
  // Dropped: those that start before hi. The first after is written anew
  // (moved, its distance from a new one before); the rest stay as they
  // are (their distances do not change).
  size_t dropped = 0;
  bool has_after = false;
  size_t after_offset = 0;
  size_t after_length = 0;
  size_t rest_pos = size;
  while (p != end) {
    const size_t offset = previous_end + GetVarint(p);
    const size_t length = GetVarint(p);
    previous_end = offset + length;
    if (offset < hi) {
      ++dropped;
      continue;
    }
    has_after = true;
    after_offset = offset;
    after_length = length;
    rest_pos = static_cast<size_t>(p - data);
    break;
  }
  // The new middle: fresh (its first distance from kept_end), then the
  // one after.
  size_t middle = 0;
  size_t first_offset = 0;
  size_t first_length = 0;
  const uint8_t* fresh_rest = fresh.bytes.data();
  size_t out_end = kept_end;
  if (fresh.count > 0) {
    first_offset = lo + GetVarint(fresh_rest);
    first_length = GetVarint(fresh_rest);
    middle += VarintSize(first_offset - kept_end) + VarintSize(first_length) +
              static_cast<size_t>(fresh.bytes.data() + fresh.bytes.size() -
                                  fresh_rest);
    out_end = fresh.end;
  }
  const size_t moved =
      static_cast<size_t>(static_cast<ptrdiff_t>(after_offset) + shift);
  if (has_after)
    middle += VarintSize(moved - out_end) + VarintSize(after_length);
  const size_t old_middle = rest_pos - kept_pos;
  const size_t new_size = size - old_middle + middle;
  const size_t rest_count =
      has_after ? spot_count_ - kept_count - dropped - 1 : 0;
  const size_t new_count =
      kept_count + fresh.count + (has_after ? 1 + rest_count : 0);

  // The marks: those up to kept_pos, one every kSpotsPerMark in fresh,
  // one at the spot after, and those of the rest, moved. (A mark closer
  // than a quarter of the stride to the one before is left out, so that
  // edits do not pile them up.)
  std::vector<SpotMark> marks;
  marks.reserve(static_cast<size_t>(mark - marks_.begin()) + 2 +
                fresh.count / kSpotsPerMark + (marks_.end() - mark));
  const auto add = [&](SpotMark m) {
    if (!marks.empty() &&
        m.count_before < marks.back().count_before + kSpotsPerMark / 4) {
      return;
    }
    marks.push_back(m);
  };
  for (const SpotMark& m : marks_) {
    if (m.pos > kept_pos) break;
    add(m);
  }
  if (fresh.count > 0) {
    const size_t first_size =
        VarintSize(first_offset - kept_end) + VarintSize(first_length);
    const uint8_t* f = fresh_rest;
    const uint8_t* const fresh_end = fresh.bytes.data() + fresh.bytes.size();
    size_t end_before = first_offset + first_length;
    for (size_t i = 1; f != fresh_end; ++i) {
      if (i % kSpotsPerMark == 0) {
        add(SpotMark{
            kept_pos + first_size + static_cast<size_t>(f - fresh_rest),
            end_before, kept_count + i});
      }
      const size_t offset = end_before + GetVarint(f);
      end_before = offset + GetVarint(f);
    }
  }
  if (has_after) {
    add(SpotMark{kept_pos + middle - VarintSize(moved - out_end) -
                     VarintSize(after_length),
                 out_end, kept_count + fresh.count});
  }
  const size_t rest_start = kept_pos + middle;
  for (const SpotMark& m : marks_) {
    if (m.pos < rest_pos || !has_after) continue;
    add(SpotMark{
        m.pos - rest_pos + rest_start,
        static_cast<size_t>(static_cast<ptrdiff_t>(m.end_before) + shift),
        m.count_before + new_count - spot_count_});
  }
  if (new_size > spots_.capacity()) {
    // Exactly the stream made at an open; room for edits after.
    spots_.reserve(new_size + (size == 0 ? 0 : new_size / 16 + 64));
  }

  // Nothing below throws (no reallocation).
  const size_t rest_size = size - rest_pos;
  if (middle > old_middle) spots_.resize(new_size);
  if (rest_size > 0) {
    std::memmove(spots_.data() + rest_start, spots_.data() + rest_pos,
                 rest_size);
  }
  if (middle <= old_middle) spots_.resize(new_size);
  uint8_t* out = spots_.data() + kept_pos;
  if (fresh.count > 0) {
    out = WriteVarint(first_offset - kept_end, out);
    out = WriteVarint(first_length, out);
    const size_t n = static_cast<size_t>(fresh.bytes.data() +
                                         fresh.bytes.size() - fresh_rest);
    if (n > 0) std::memcpy(out, fresh_rest, n);
    out += n;
  }
  if (has_after) {
    out = WriteVarint(moved - out_end, out);
    WriteVarint(after_length, out);
  }
  marks_.swap(marks);
  spot_count_ = new_count;
  // A stream that shrank a lot gives its room back.
  if (spots_.capacity() > 2 * spots_.size() + 4096) {
    try {
      spots_.shrink_to_fit();
    } catch (const std::bad_alloc&) {
    }
  }
}

void Document::Replace(Position start, Position end, std::string_view text) {
  size_t a = ByteOf(start);
  Located at_a = located_;
  size_t b = ByteOf(end);
  if (b < a) {
    std::swap(a, b);
    at_a = located_;
  }
  const size_t size = text_.size();
  const size_t new_size = size - (b - a) + text.size();
  const ptrdiff_t shift =
      static_cast<ptrdiff_t>(new_size) - static_cast<ptrdiff_t>(size);
  // Line breaks change only in [a - 1, b] (a "\r" counts by what follows
  // it): counted there before and after.
  const size_t lo = a > 0 ? a - 1 : 0;
  const size_t old_hi = std::min(b + 1, size);
  const size_t old_window_end = std::min(b + 2, size);
  const std::string_view old_window =
      std::string_view(text_).substr(lo, old_window_end - lo);
  std::string new_window(text_, lo, a - lo);
  new_window += text;
  new_window.append(text_, b, old_window_end - b);
  const size_t breaks_before =
      CountBreaks(old_window, old_hi - lo, old_window_end == size);
  const size_t breaks_after =
      CountBreaks(new_window, (a - lo) + text.size() + (old_hi - b),
                  old_window_end == size);

  // Everything that can throw first; the text last, in place.
  std::vector<Checkpoint> checkpoints;
  checkpoints.reserve(checkpoints_.size());
  for (size_t i = 0; i < checkpoints_.size(); ++i) {
    const Checkpoint& c = checkpoints_[i];
    if (i == 0 || c.byte < a) {
      checkpoints.push_back(c);
    } else if (c.byte > b) {
      checkpoints.push_back(Checkpoint{
          c.line + breaks_after - breaks_before,
          static_cast<size_t>(static_cast<ptrdiff_t>(c.byte) + shift),
          c.state});
    }  // else: a line start in the replaced text, gone
  }
  std::string grown;
  if (new_size > text_.capacity()) {
    // Reserved once, from empty: exactly what is asked.
    grown.reserve(new_size + Room(new_size));
    grown.append(text_, 0, a);
    grown += text;
    grown.append(text_, b);
  }
  // A word cut by the edit is dropped; those after it move. (Throws only
  // before it changes anything.)
  Splice(a, std::max(b, a + 1), shift, PackedSpots{});
  // Nothing below throws (no reallocation).
  if (new_size > text_.capacity()) {
    text_.swap(grown);
  } else {
    text_.replace(a, b - a, text);
  }
  checkpoints_.swap(checkpoints);
  line_count_ = line_count_ + breaks_after - breaks_before;
  // The changed bytes, with those changed before (moved).
  const size_t changed_end = a + text.size();
  if (dirty_) {
    const auto moved = [&](size_t x, size_t inside) {
      if (x < a) return x;
      if (x >= b) return static_cast<size_t>(static_cast<ptrdiff_t>(x) + shift);
      return inside;
    };
    dirty_begin_ = std::min(moved(dirty_begin_, a), a);
    dirty_end_ = std::max(moved(dirty_end_, changed_end), changed_end);
  } else {
    dirty_ = true;
    dirty_begin_ = a;
    dirty_end_ = changed_end;
  }
  // The edit's start stays a known position if its line starts before the
  // edit (a line starting at `a` may start later now: "\r" + "\n").
  located_ = at_a.byte == a && at_a.line_begin < a ? at_a : Located{};
}

void Document::MarkAllDirty() {
  dirty_ = true;
  dirty_begin_ = 0;
  dirty_end_ = text_.size();
  checkpoints_[0].state = initial_;
}

bool Document::Windowed(const LanguageChecker& checker) const {
  return std::holds_alternative<std::monostate>(*initial_) &&
         checker.size() == 1 &&
         (project_ == nullptr || project_->ignore.empty());
}

bool Document::Window(size_t* begin, size_t* end) const {
  // A few words of margin on each side, and at most this far to look for
  // a blank (a line without any is checked whole).
  constexpr size_t kMargin = 64;
  constexpr size_t kFarthest = 64 << 10;
  const std::string_view text = text_;
  const size_t size = text.size();
  const size_t lo = std::min(dirty_begin_, size);
  const size_t hi = std::min(std::max(dirty_end_, lo), size);
  for (size_t i = lo; i < hi; ++i) {
    if (IsBreak(text[i])) return false;
  }
  // Backwards from lo - kMargin: a blank, or the line's start.
  size_t b = lo > kMargin ? lo - kMargin : 0;
  bool line_start = false;
  for (size_t i = lo; i > b; --i) {
    if (IsBreak(text[i - 1])) {
      b = i;
      line_start = true;
      break;
    }
  }
  if (!line_start) {
    const size_t stop = b > kFarthest ? b - kFarthest : 0;
    for (;; --b) {
      if (b == 0 || IsBreak(text[b - 1])) {
        line_start = true;
        break;
      }
      if (CutAfterBlank(text, b)) break;
      if (b == stop) return false;
    }
  }
  // Forwards from hi + kMargin: a blank, or the line's end.
  size_t e = std::min(hi + kMargin, size);
  bool line_end = false;
  for (size_t i = hi; i < e; ++i) {
    if (IsBreak(text[i])) {
      e = i;
      line_end = true;
      break;
    }
  }
  if (!line_end) {
    const size_t stop = std::min(e + kFarthest, size);
    for (;; ++e) {
      if (e == size || IsBreak(text[e])) {
        line_end = true;
        break;
      }
      if (CutAfterBlank(text, e)) break;
      if (e == stop) return false;
    }
  }
  // A whole line is checked as a line (its checkpoints kept as they are).
  if (line_start && line_end) return false;
  *begin = b;
  *end = e;
  return true;
}

void Document::CheckText(LanguageChecker& checker, size_t base,
                         std::string_view text, std::span<const CodeSpan> code,
                         PackedSpots* out, const uint64_t* blanked) {
  const MarkedText marked{text, blanked};
  size_t start = 0;
  bool brackets = false;
  while (start < text.size()) {
    size_t cut = text.size();
    if (checker.size() == 1 && text.size() - start >= 2 * kSliceBytes) {
      if (start == 0) brackets = BracketCutsAllowed(marked);
      cut = blanked != nullptr ? SliceEnd(marked, start, kSliceBytes, brackets)
                               : SliceEnd(text, start, kSliceBytes, brackets);
    }
    std::string_view slice = text.substr(start, cut - start);
    if (blanked != nullptr) {
      // The slice blanked, in a buffer of its size (not the line's).
      marked.CopyTo(start, cut, &scratch_);
      slice = scratch_;
    }
    std::span<const CodeSpan> slice_code = code;
    if (!code.empty() && (start > 0 || cut < text.size())) {
      // The code spans inside the slice, from its start.
      slice_code_.clear();
      for (const CodeSpan& c : code) {
        if (c.end <= start || c.begin >= cut) continue;
        slice_code_.push_back(CodeSpan{std::max(c.begin, start) - start,
                                       std::min(c.end, cut) - start});
      }
      slice_code = slice_code_;
    }
    found_.clear();
    checker.Check(slice, &found_, slice_code);
    if (project_ != nullptr) project_words_.Apply(*project_, slice, &found_);
    // Flag words are added after the checker's: in order for the stream,
    // and apart (one that started before the last end is dropped).
    std::sort(found_.begin(), found_.end(),
              [](const Misspelling& a, const Misspelling& b) {
                return a.offset < b.offset;
              });
    for (const Misspelling& m : found_) {
      const size_t offset = base + start + m.offset;
      if (m.length == 0 || (out->count > 0 && offset < out->end)) continue;
      out->Add(offset, m.length);
    }
    start = cut;
  }
  if (found_.capacity() > 4096) std::vector<Misspelling>().swap(found_);
  if (slice_code_.capacity() > 4096) std::vector<CodeSpan>().swap(slice_code_);
}

void Document::CheckLine(LanguageChecker& checker, size_t begin, size_t end,
                         LineFilter& state, PackedSpots* out) {
  const bool no_ignore = project_ == nullptr || project_->ignore.empty();
  const std::string_view line =
      std::string_view(text_).substr(begin, end - begin);
  if (std::holds_alternative<std::monostate>(state) && no_ignore) {
    // Nothing to blank: checked where it is, not copied.
    CheckText(checker, begin, line, {}, out);
  } else if (auto* markdown = std::get_if<MarkdownFilter>(&state);
             markdown != nullptr && no_ignore) {
    // Markdown marks what it blanks in a bitmap (an eighth of the line),
    // and each slice is blanked in a copy of its own: a 200 KB line of
    // "[a](" is not copied whole.
    blanked_.assign((line.size() + 63) / 64, 0);
    markdown->MarkLine(line, blanked_);
    const bool any = std::any_of(blanked_.begin(), blanked_.end(),
                                 [](uint64_t w) { return w != 0; });
    CheckText(checker, begin, line, {}, out, any ? blanked_.data() : nullptr);
    if (blanked_.capacity() > 4096) std::vector<uint64_t>().swap(blanked_);
  } else {
    scratch_.reserve(end - begin + 1);  // exactly: the line and its '\n'
    scratch_.assign(text_, begin, end - begin);
    scratch_.push_back('\n');
    code_.clear();
    std::visit(
        [&](auto& f) {
          using F = std::decay_t<decltype(f)>;
          if constexpr (std::is_same_v<F, CodeFilter>) {
            f.Blank(std::span<char>(scratch_.data(), scratch_.size()), &code_);
          } else if constexpr (!std::is_same_v<F, std::monostate>) {
            f.Blank(std::span<char>(scratch_.data(), scratch_.size()));
          }
        },
        state);
    if (project_ != nullptr)
      project_->BlankIgnored(scratch_.data(), scratch_.size());
    CheckText(checker, begin, scratch_, code_, out);
  }
  // A long line's buffers are not kept for the short ones after it.
  if (scratch_.capacity() > (size_t{64} << 10)) {
    std::string().swap(scratch_);
    checker.ReleaseBuffers();
  } else if (end - begin > (size_t{64} << 10) && checker.size() > 1) {
    checker.ReleaseBuffers();  // (one language: a slice's buffers only)
  }
  if (code_.capacity() > 4096) std::vector<CodeSpan>().swap(code_);
}

size_t Document::Recheck(LanguageChecker& checker) {
  if (!dirty_) return 0;
  if (size_t b, e; Windowed(checker) && Window(&b, &e)) {
    // Inside a line of plain text: the words around the edit only.
    PackedSpots found;
    found.end = b;
    CheckText(checker, b, std::string_view(text_).substr(b, e - b), {}, &found);
    Splice(b, e, 0, found);
    dirty_ = false;
    return 1;
  }
  // From the last checkpoint at or before the first change.
  const auto after = std::upper_bound(
      checkpoints_.begin(), checkpoints_.end(), dirty_begin_,
      [](size_t byte, const Checkpoint& c) { return byte < c.byte; });
  const size_t first =
      static_cast<size_t>(std::prev(after) - checkpoints_.begin());
  const size_t size = text_.size();
  size_t begin = checkpoints_[first].byte;
  size_t line = checkpoints_[first].line;
  const size_t region_begin = begin;
  // The state at the current line's start, and a shared copy of it (null
  // until a checkpoint needs one).
  std::shared_ptr<const LineFilter> shared = checkpoints_[first].state;
  LineFilter state = *shared;
  std::vector<Checkpoint> fresh;
  PackedSpots found;
  found.end = begin;  // distances from the region's start
  size_t last_line = line;
  size_t last_byte = begin;
  size_t old = first + 1;  // the old checkpoints after the start
  bool stopped = false;
  size_t checked = 0;
  for (;;) {
    if (begin > dirty_end_) {
      // Past the changes: at an old checkpoint whose state is as now,
      // everything after is as before.
      while (old < checkpoints_.size() && checkpoints_[old].byte < begin) ++old;
      if (old < checkpoints_.size() && checkpoints_[old].byte == begin &&
          (checkpoints_[old].state == shared ||
           *checkpoints_[old].state == state)) {
        stopped = true;
        break;
      }
    }
    if (begin > size) break;
    if (checked > 0 && (line - last_line >= kCheckpointLines ||
                        begin - last_byte >= kCheckpointBytes)) {
      if (shared == nullptr) shared = std::make_shared<const LineFilter>(state);
      fresh.push_back(Checkpoint{line, begin, shared});
      last_line = line;
      last_byte = begin;
    }
    const size_t end = LineEnd(begin);
    CheckLine(checker, begin, end, state,
              &found);  // leaves `state` at the next line
    if (shared != nullptr && state != *shared) shared = nullptr;
    begin = NextLine(end);
    ++line;
    ++checked;
  }
  // The region checked is [region_begin, begin): its checkpoints and
  // misspellings replace the old ones.
  std::vector<Checkpoint> checkpoints;
  checkpoints.reserve(first + 1 + fresh.size() +
                      (stopped ? checkpoints_.size() - old : 0));
  checkpoints.insert(checkpoints.end(), checkpoints_.begin(),
                     checkpoints_.begin() + static_cast<ptrdiff_t>(first) + 1);
  checkpoints.insert(checkpoints.end(), std::make_move_iterator(fresh.begin()),
                     std::make_move_iterator(fresh.end()));
  if (stopped) {
    checkpoints.insert(checkpoints.end(),
                       checkpoints_.begin() + static_cast<ptrdiff_t>(old),
                       checkpoints_.end());
  }
  Splice(region_begin, begin, 0,
         found);  // throws only before it changes anything
  // Nothing below throws.
  checkpoints_.swap(checkpoints);
  dirty_ = false;
  return checked;
}

size_t Document::MemoryUsed() const {
  return text_.capacity() + checkpoints_.capacity() * sizeof(Checkpoint) +
         spots_.capacity() + marks_.capacity() * sizeof(SpotMark) +
         scratch_.capacity() + found_.capacity() * sizeof(Misspelling) +
         code_.capacity() * sizeof(CodeSpan) +
         slice_code_.capacity() * sizeof(CodeSpan) +
         blanked_.capacity() * sizeof(uint64_t);
}

}  // namespace spellfilter::lsp
