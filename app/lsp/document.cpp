#include "app/lsp/document.h"

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

}  // namespace

Spots::Spots(const std::vector<Misspelling>& from)
    : spots_(from.empty() ? nullptr : new Spot[from.size()]),
      size_(static_cast<uint32_t>(from.size())) {
  for (size_t i = 0; i < from.size(); ++i) {
    spots_[i] = Spot{static_cast<uint32_t>(from[i].offset),
                     static_cast<uint32_t>(from[i].length)};
  }
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
  lines_.reserve(lines_.size() - (last - first + 1) + fresh.size());
  lines_.erase(lines_.begin() + static_cast<std::ptrdiff_t>(first),
               lines_.begin() + static_cast<std::ptrdiff_t>(last) + 1);
  lines_.insert(lines_.begin() + static_cast<std::ptrdiff_t>(first),
                std::make_move_iterator(fresh.begin()),
                std::make_move_iterator(fresh.end()));
}

void Document::MarkAllDirty() {
  for (Line& l : lines_) l.dirty = true;
  if (!lines_.empty()) lines_[0].state = initial_;
}

void Document::CheckLine(Checker& checker, Line& line, LineFilter& state) {
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
  line.misspelled = Spots(found_);
  // A long line's scratch is not kept for the short ones after it.
  if (scratch_.capacity() > (size_t{1} << 20)) {
    std::string().swap(scratch_);
    std::vector<Misspelling>().swap(found_);
  }
}

size_t Document::Recheck(Checker& checker) {
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
