#include "app/lsp/document.h"

#include <algorithm>
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

// A string holding `text` with a little room to grow: a keystroke does not
// reallocate it, and it is not the double that std::string's growth makes.
std::string WithRoom(std::string_view text) {
  std::string out;
  out.reserve(text.size() + std::min<size_t>(text.size() / 64, 64 << 10) + 64);
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

void Document::SetText(std::string_view text) {
  std::string fresh = WithRoom(text);
  std::vector<Checkpoint> checkpoints = {Checkpoint{0, 0, initial_}};
  const size_t lines = CountBreaks(text, text.size(), true) + 1;
  // Nothing below throws.
  text_.swap(fresh);
  checkpoints_.swap(checkpoints);
  std::vector<uint8_t>().swap(spots_);
  spot_count_ = 0;
  line_count_ = lines;
  MarkAllDirty();
}

size_t Document::LineEnd(size_t begin) const {
  const char* p = text_.data();
  const size_t size = text_.size();
  size_t i = std::min(begin, size);
  while (i < size && p[i] != '\n' && p[i] != '\r') ++i;
  return i;
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
  const std::string_view line =
      std::string_view(text_).substr(begin, LineEnd(begin) - begin);
  return begin + ByteOffsetOfUtf16(line, p.character);
}

std::vector<uint8_t> Document::Spliced(size_t lo, size_t hi, ptrdiff_t shift,
                                       const PackedSpots& fresh,
                                       size_t* count) const {
  std::vector<uint8_t> out;
  out.reserve(spots_.size() + fresh.bytes.size() + 20);
  const uint8_t* p = spots_.data();
  const uint8_t* const end = p + spots_.size();
  size_t n = 0;
  // Kept as they are: the spots that end at or before lo.
  size_t previous_end = 0;
  const uint8_t* kept = p;
  while (p != end) {
    const uint8_t* at = p;
    const size_t offset = previous_end + GetVarint(p);
    const size_t length = GetVarint(p);
    if (offset + length > lo) {
      p = at;
      break;
    }
    kept = p;
    previous_end = offset + length;
    ++n;
  }
  out.insert(out.end(), spots_.data(), kept);
  size_t out_end = previous_end;
  if (!fresh.bytes.empty()) {
    // The first one's distance is from lo: written anew from the last
    // kept; the others' distances stay.
    const uint8_t* f = fresh.bytes.data();
    const size_t offset = lo + GetVarint(f);
    const size_t length = GetVarint(f);
    PutVarint(offset - out_end, &out);
    PutVarint(length, &out);
    out.insert(out.end(), f, fresh.bytes.data() + fresh.bytes.size());
    out_end = fresh.end;
    n += fresh.count;
  }
  // Dropped: those that start before hi; the first after is written anew
  // (moved), and the rest copied (their distances do not change).
  while (p != end) {
    const size_t offset = previous_end + GetVarint(p);
    const size_t length = GetVarint(p);
    previous_end = offset + length;
    if (offset < hi) continue;
    const size_t moved = static_cast<size_t>(static_cast<ptrdiff_t>(offset) + shift);
    PutVarint(moved - out_end, &out);
    PutVarint(length, &out);
    ++n;
    const uint8_t* rest = p;
    while (p != end) {
      GetVarint(p);
      GetVarint(p);
      ++n;
    }
    out.insert(out.end(), rest, end);
    break;
  }
  out.shrink_to_fit();
  *count = n;
  return out;
}

void Document::Replace(Position start, Position end, std::string_view text) {
  size_t a = ByteOf(start);
  size_t b = ByteOf(end);
  if (b < a) std::swap(a, b);
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
  const size_t breaks_after = CountBreaks(
      new_window, (a - lo) + text.size() + (old_hi - b), old_window_end == size);

  // Everything that can throw first; the text last, in place.
  std::vector<Checkpoint> checkpoints;
  checkpoints.reserve(checkpoints_.size());
  for (size_t i = 0; i < checkpoints_.size(); ++i) {
    const Checkpoint& c = checkpoints_[i];
    if (i == 0 || c.byte < a) {
      checkpoints.push_back(c);
    } else if (c.byte > b) {
      checkpoints.push_back(Checkpoint{c.line + breaks_after - breaks_before,
                                       static_cast<size_t>(static_cast<ptrdiff_t>(c.byte) + shift),
                                       c.state});
    }  // else: a line start in the replaced text, gone
  }
  // A word cut by the edit is dropped; those after it move.
  size_t count = 0;
  std::vector<uint8_t> spots = Spliced(a, std::max(b, a + 1), shift, PackedSpots{}, &count);
  std::string grown;
  if (new_size > text_.capacity()) {
    // Reserved once, from empty: exactly what is asked.
    grown.reserve(new_size + std::min<size_t>(new_size / 64, 64 << 10) + 64);
    grown.append(text_, 0, a);
    grown += text;
    grown.append(text_, b);
  }
  // Nothing below throws (no reallocation).
  if (new_size > text_.capacity()) {
    text_.swap(grown);
  } else {
    text_.replace(a, b - a, text);
  }
  checkpoints_.swap(checkpoints);
  spots_.swap(spots);
  spot_count_ = count;
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
}

void Document::MarkAllDirty() {
  dirty_ = true;
  dirty_begin_ = 0;
  dirty_end_ = text_.size();
  checkpoints_[0].state = initial_;
}

void Document::CheckLine(LanguageChecker& checker, size_t begin, size_t end,
                         LineFilter& state, PackedSpots* out) {
  found_.clear();
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
  if (project_ != nullptr) project_->BlankIgnored(scratch_.data(), scratch_.size());
  checker.Check(scratch_, &found_, code_);
  if (project_ != nullptr) project_words_.Apply(*project_, scratch_, &found_);
  // Flag words are added after the checker's: in order for the stream,
  // and apart (one that started before the last end is dropped).
  std::sort(found_.begin(), found_.end(),
            [](const Misspelling& a, const Misspelling& b) { return a.offset < b.offset; });
  size_t last_end = 0;
  for (const Misspelling& m : found_) {
    if (m.offset < last_end || m.length == 0) continue;
    out->Add(begin + m.offset, m.length);
    last_end = m.offset + m.length;
  }
  // A long line's buffers are not kept for the short ones after it.
  if (scratch_.capacity() > (size_t{64} << 10)) {
    std::string().swap(scratch_);
    checker.ReleaseBuffers();
  }
  if (found_.capacity() > 4096) std::vector<Misspelling>().swap(found_);
  if (code_.capacity() > 4096) std::vector<CodeSpan>().swap(code_);
}

size_t Document::Recheck(LanguageChecker& checker) {
  if (!dirty_) return 0;
  // From the last checkpoint at or before the first change.
  const auto after = std::upper_bound(
      checkpoints_.begin(), checkpoints_.end(), dirty_begin_,
      [](size_t byte, const Checkpoint& c) { return byte < c.byte; });
  const size_t first = static_cast<size_t>(std::prev(after) - checkpoints_.begin());
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
          (checkpoints_[old].state == shared || *checkpoints_[old].state == state)) {
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
    CheckLine(checker, begin, end, state, &found);  // leaves `state` at the next line
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
  size_t count = 0;
  std::vector<uint8_t> spots = Spliced(region_begin, begin, 0, found, &count);
  // Nothing below throws.
  checkpoints_.swap(checkpoints);
  spots_.swap(spots);
  spot_count_ = count;
  dirty_ = false;
  return checked;
}

size_t Document::MemoryUsed() const {
  return text_.capacity() + checkpoints_.capacity() * sizeof(Checkpoint) +
         spots_.capacity() + scratch_.capacity() +
         found_.capacity() * sizeof(Misspelling) +
         code_.capacity() * sizeof(CodeSpan);
}

}  // namespace spellfilter::lsp
