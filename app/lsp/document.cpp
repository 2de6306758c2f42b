#include "app/lsp/document.h"

#include <algorithm>
#include <span>

#include "app/lsp/utf16.h"

namespace spellfilter::lsp {
namespace {

// Splits at "\n", "\r\n" and a lone "\r" (the protocol's line breaks).
std::vector<std::string> SplitLines(std::string_view text) {
  std::vector<std::string> out;
  size_t begin = 0;
  for (;;) {
    const size_t br = text.find_first_of("\r\n", begin);
    if (br == std::string_view::npos) {
      out.emplace_back(text.substr(begin));
      return out;
    }
    out.emplace_back(text.substr(begin, br - begin));
    begin = br + 1;
    if (text[br] == '\r' && begin < text.size() && text[begin] == '\n') ++begin;
  }
}

void PutVarint(uint32_t v, std::vector<uint8_t>* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<uint8_t>(v | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<uint8_t>(v));
}

uint32_t GetVarint(const uint8_t*& p) {
  uint32_t v = 0;
  for (int shift = 0;; shift += 7) {
    const uint8_t b = *p++;
    v |= static_cast<uint32_t>(b & 0x7F) << shift;
    if ((b & 0x80) == 0) return v;
  }
}

}  // namespace

Spots::Spots(const std::vector<Misspelling>& from) {
  if (from.empty()) return;
  std::vector<uint8_t> packed;
  packed.reserve(from.size() * 2 + 5);
  PutVarint(static_cast<uint32_t>(from.size()), &packed);
  uint32_t end = 0;
  for (const Misspelling& m : from) {
    const auto offset = static_cast<uint32_t>(m.offset);
    // In order and apart (CheckLine sorts them); one that started before
    // the last end would be moved to it.
    PutVarint(offset >= end ? offset - end : 0, &packed);
    PutVarint(static_cast<uint32_t>(m.length), &packed);
    end = std::max(end, offset) + static_cast<uint32_t>(m.length);
  }
  bytes_.reset(new uint8_t[packed.size()]);
  std::copy(packed.begin(), packed.end(), bytes_.get());
}

size_t Spots::size() const {
  if (bytes_ == nullptr) return 0;
  const uint8_t* p = bytes_.get();
  return GetVarint(p);
}

Spots::Iterator Spots::begin() const {
  if (bytes_ == nullptr) return end();
  const uint8_t* p = bytes_.get();
  const uint32_t n = GetVarint(p);
  return Iterator(p, n);
}

void Spots::Iterator::Decode() {
  if (left_ == 0) return;
  if (--left_ == 0) return;
  spot_.offset = end_ + GetVarint(p_);
  spot_.length = GetVarint(p_);
  end_ = spot_.offset + spot_.length;
}

Document::Document(std::string_view text, LineFilter filter)
    : initial_(std::make_shared<const LineFilter>(std::move(filter))) {
  SetText(text);
}

void Document::SetText(std::string_view text) {
  std::vector<std::string> split = SplitLines(text);
  std::vector<Line> lines;
  lines.reserve(split.size());
  for (std::string& l : split) {
    lines.push_back(Line{std::move(l), {}, initial_, true});
    // Freed as they move: the peak is one copy of the text, not two.
    std::string().swap(l);
  }
  lines_.swap(lines);
}

void Document::Replace(Position start, Position end, std::string_view text) {
  if (lines_.empty()) lines_.push_back(Line{"", {}, initial_, true});
  const auto clamp = [&](Position p) {
    if (p.line >= lines_.size()) {
      return std::pair<size_t, size_t>(lines_.size() - 1,
                                       lines_.back().text.size());
    }
    return std::pair<size_t, size_t>(
        p.line, ByteOffsetOfUtf16(lines_[p.line].text, p.character));
  };
  auto [first, first_byte] = clamp(start);
  auto [last, last_byte] = clamp(end);
  if (last < first || (last == first && last_byte < first_byte)) {
    std::swap(first, last);
    std::swap(first_byte, last_byte);
  }
  std::string joined = lines_[first].text.substr(0, first_byte);
  joined += text;
  joined += std::string_view(lines_[last].text).substr(last_byte);
  std::vector<std::string> replacement = SplitLines(joined);
  // The first line keeps its start state (it depends on the lines before);
  // the others get a placeholder, computed when they are checked.
  const std::shared_ptr<const LineFilter> state = lines_[first].state;
  std::vector<Line> fresh;
  fresh.reserve(replacement.size());
  for (std::string& l : replacement) {
    fresh.push_back(Line{std::move(l), {}, state, true});
  }
  // Room first: the erase and insert below then cannot throw.
  const size_t replaced = last - first + 1;
  lines_.reserve(lines_.size() - replaced + fresh.size());
  // Lines replaced one for one are assigned: a keystroke inside a line
  // moves no other line.
  const size_t same = std::min(replaced, fresh.size());
  for (size_t k = 0; k < same; ++k) lines_[first + k] = std::move(fresh[k]);
  const auto at = lines_.begin() + static_cast<std::ptrdiff_t>(first + same);
  if (replaced > same) {
    lines_.erase(at, at + static_cast<std::ptrdiff_t>(replaced - same));
  } else {
    lines_.insert(at, std::make_move_iterator(fresh.begin() + static_cast<std::ptrdiff_t>(same)),
                  std::make_move_iterator(fresh.end()));
  }
}

void Document::MarkAllDirty() {
  for (Line& l : lines_) l.dirty = true;
  if (!lines_.empty()) lines_[0].state = initial_;
}

void Document::CheckLine(LanguageChecker& checker, Line& line, LineFilter& state) {
  found_.clear();
  scratch_.assign(line.text);
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
  // Flag words are added after the checker's: in order for Spots.
  std::sort(found_.begin(), found_.end(),
            [](const Misspelling& a, const Misspelling& b) { return a.offset < b.offset; });
  line.misspelled = Spots(found_);
  // A long line's buffers are not kept for the short ones after it.
  if (scratch_.capacity() > (size_t{64} << 10)) std::string().swap(scratch_);
  if (found_.capacity() > 4096) std::vector<Misspelling>().swap(found_);
}

size_t Document::Recheck(LanguageChecker& checker) {
  size_t i = 0;
  while (i < lines_.size() && !lines_[i].dirty) ++i;
  if (i == lines_.size()) return 0;
  size_t checked = 0;
  // The state at line i's start, and a shared copy of it (lines starting
  // in equal states share one).
  std::shared_ptr<const LineFilter> shared = lines_[i].state;
  LineFilter state = *shared;
  while (i < lines_.size()) {
    Line& line = lines_[i];
    if (!line.dirty && (line.state == shared || *line.state == state)) {
      // Unchanged from here to the next dirty line.
      while (i < lines_.size() && !lines_[i].dirty) ++i;
      if (i == lines_.size()) break;
      shared = lines_[i].state;
      state = *shared;
      continue;
    }
    if (shared == nullptr) shared = std::make_shared<const LineFilter>(state);
    line.state = shared;
    CheckLine(checker, line, state);  // leaves `state` at the next line
    if (state != *shared) shared = nullptr;  // made when a line needs it
    line.dirty = false;
    ++checked;
    ++i;
  }
  return checked;
}

std::string Document::Text() const {
  std::string out;
  for (size_t i = 0; i < lines_.size(); ++i) {
    if (i > 0) out += '\n';
    out += lines_[i].text;
  }
  return out;
}

}  // namespace spellfilter::lsp
