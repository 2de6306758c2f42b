#include "app/cli/misspelling_output.h"

#include <cstdio>
#include <cstring>

#include "app/cli/terminal_text.h"

namespace spellfilter::cli {
namespace {

constexpr size_t kFlushBytes = 16 * 1024;

size_t CodePoints(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

MisspellingOutput::MisspellingOutput(OutputFormat format, bool with_suggestions,
                                     bool unique, ColumnUnit columns,
                                     std::vector<OutputLine>* capture)
    : format_(format),
      with_suggestions_(with_suggestions),
      unique_(unique),
      columns_(columns),
      capture_(capture) {}

MisspellingOutput::~MisspellingOutput() { Flush(); }

void MisspellingOutput::BeginInput(std::string name) {
  name_ = std::move(name);
  repeats_.clear();
  line_ = 1;
  column_ = 0;
  offset_ = 0;
}

void MisspellingOutput::Advance(std::string_view text) {
  for (;;) {
    const void* nl = std::memchr(text.data(), '\n', text.size());
    if (nl == nullptr) break;
    const size_t at = static_cast<const char*>(nl) - text.data();
    ++line_;
    column_ = 0;
    text.remove_prefix(at + 1);
  }
  column_ += columns_ == ColumnUnit::kBytes ? text.size() : CodePoints(text);
}

void MisspellingOutput::Chunk(std::string_view chunk,
                              const std::vector<Found>& found) {
  // A byte-order mark is not a column: editors do not show it.
  size_t cursor = offset_ == 0 && chunk.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  for (const Found& f : found) {
    const std::string_view word = chunk.substr(f.offset, f.length);
    if (unique_ && !seen_.emplace(word).second) continue;
    if (max_repeats_ != 0 && ++repeats_[std::string(word)] > max_repeats_) {
      continue;
    }
    if (format_ != OutputFormat::kWords) {
      Advance(chunk.substr(cursor, f.offset - cursor));
      cursor = f.offset;
    }
    Emit(word, f);
  }
  if (format_ != OutputFormat::kWords) Advance(chunk.substr(cursor));
  offset_ += chunk.size();
  if (buffer_.size() >= kFlushBytes) Flush();
}

void MisspellingOutput::Emit(std::string_view word, const Found& f) {
  const std::vector<std::string>& s = f.suggestions;
  switch (format_) {
    case OutputFormat::kWords:
      buffer_.append(word);
      if (with_suggestions_) {
        buffer_.push_back(':');
        for (size_t i = 0; i < s.size(); ++i) {
          buffer_ += i == 0 ? " " : ", ";
          buffer_ += s[i];
        }
      }
      break;
    case OutputFormat::kLines:
      buffer_ += TerminalSafe(name_) + ":" + std::to_string(line_) + ":" +
                 std::to_string(column_ + 1) + ": ";
      buffer_.append(word);
      if (with_suggestions_ && !s.empty()) {
        buffer_ += " (suggestions:";
        for (size_t i = 0; i < s.size(); ++i) buffer_ += (i ? ", " : " ") + s[i];
        buffer_ += ")";
      }
      break;
    case OutputFormat::kJson:
      buffer_ += "{\"file\":" + JsonString(name_) +
                 ",\"line\":" + std::to_string(line_) +
                 ",\"column\":" + std::to_string(column_ + 1) +
                 ",\"offset\":" + std::to_string(offset_ + f.offset) +
                 ",\"word\":" + JsonString(word);
      if (with_suggestions_) {
        buffer_ += ",\"suggestions\":[";
        for (size_t i = 0; i < s.size(); ++i) {
          buffer_ += (i ? "," : "") + JsonString(s[i]);
        }
        buffer_ += "]";
      }
      buffer_ += "}";
      break;
  }
  buffer_.push_back('\n');
  if (capture_ != nullptr) {
    capture_->push_back(OutputLine{std::string(word), std::move(buffer_)});
    buffer_.clear();
  }
}

void MisspellingOutput::Print(const std::vector<OutputLine>& lines) {
  for (const OutputLine& line : lines) {
    if (unique_ && !seen_.emplace(line.word).second) continue;
    buffer_ += line.text;
  }
  if (buffer_.size() >= kFlushBytes) Flush();
}

void MisspellingOutput::Flush() {
  if (!buffer_.empty()) std::fwrite(buffer_.data(), 1, buffer_.size(), stdout);
  buffer_.clear();
}

}  // namespace spellfilter::cli
