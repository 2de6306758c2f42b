// A text document as the language server holds it: its lines, the filter
// state at the start of each line (Markdown's or code's, core/text), and
// each line's misspellings. An edit marks the lines it touches; Recheck
// checks those, and the lines after them only as long as the filter state
// at their start differs from before (an opened block comment changes what
// follows; an edit inside a line usually changes nothing else). Positions
// are bytes of UTF-8 here; utf16.h converts. Lines end at "\n", "\r\n"
// or a lone "\r", as the protocol counts them.
//
// Memory: a line costs its text plus sizeof(Line) (64 bytes on x86-64:
// the filter state is shared by the lines that start in the same one, and
// a line without misspellings holds a null pointer), and about 2 bytes per
// misspelling (Spots).
// Changes give the strong guarantee: an exception (std::bad_alloc) leaves
// the document as it was.
#ifndef SPELLFILTER_APP_LSP_DOCUMENT_H_
#define SPELLFILTER_APP_LSP_DOCUMENT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "app/project/project_config.h"
#include "app/project/project_words.h"
#include "core/check/language_checker.h"
#include "core/text/code_filter.h"
#include "core/text/markdown_filter.h"
#include "core/text/tex_filter.h"

namespace spellfilter::lsp {

// What a document's text is: plain text, Markdown, TeX, or code of a
// family (document_kind.h decides).
using LineFilter =
    std::variant<std::monostate, MarkdownFilter, TexFilter, CodeFilter>;

struct Position {
  size_t line;
  size_t character;  // UTF-16 code units, as in the protocol
};

// A misspelling in a line: bytes (a line is at most a message's 64 MiB).
struct Spot {
  uint32_t offset;
  uint32_t length;
};

// A line's misspellings, packed: their count, then each as two LEB128
// numbers, its distance from the end of the one before and its length
// (about 2 bytes for a word of prose, where two uint32 took 8 and size_t
// 16); one null pointer when there are none. Iterating yields Spot values.
class Spots {
 public:
  class Iterator {
   public:
    Spot operator*() const { return spot_; }
    Iterator& operator++() {
      Decode();
      return *this;
    }
    bool operator==(const Iterator& o) const { return left_ == o.left_; }

   private:
    friend class Spots;
    Iterator(const uint8_t* p, uint32_t left) : p_(p), left_(left + 1) { Decode(); }
    void Decode();
    const uint8_t* p_;
    uint32_t left_;  // spots not yet yielded, counting the current one
    uint32_t end_ = 0;
    Spot spot_{};
  };

  Spots() = default;
  explicit Spots(const std::vector<Misspelling>& from);
  Iterator begin() const;
  Iterator end() const { return Iterator(nullptr, 0); }
  size_t size() const;
  bool empty() const { return bytes_ == nullptr; }

 private:
  std::unique_ptr<uint8_t[]> bytes_;
};

class Document {
 public:
  struct Line {
    std::string text;  // without its line break
    Spots misspelled;  // byte offsets in text
    // The filter's state at the line's start (never null).
    std::shared_ptr<const LineFilter> state;
    bool dirty = true;
  };

  // `filter` is the filter in its initial state (monostate: plain text).
  Document(std::string_view text, LineFilter filter);

  // The whole text replaced.
  void SetText(std::string_view text);
  // Replaces the text from `start` to `end` (an LSP range) by `text`.
  // Positions past a line's end mean its end; past the last line, the end.
  void Replace(Position start, Position end, std::string_view text);
  // Marks every line for checking (the dictionary or the settings changed).
  void MarkAllDirty();
  // The project file's rules (ignore patterns, words, flag words) applied
  // to each line (nullptr: none; not owned, must outlive its use); every
  // line is marked for checking.
  void SetProject(const ProjectConfig* project) {
    project_ = project;
    MarkAllDirty();
  }

  // Checks what needs it with `checker`; returns the number of lines
  // checked.
  size_t Recheck(LanguageChecker& checker);

  const std::vector<Line>& lines() const { return lines_; }
  std::string Text() const;

 private:
  void CheckLine(LanguageChecker& checker, Line& line, LineFilter& state);

  std::shared_ptr<const LineFilter> initial_;
  const ProjectConfig* project_ = nullptr;
  ProjectWords project_words_;
  std::vector<Line> lines_;
  std::string scratch_;
  std::vector<CodeSpan> code_;  // the checked line's code (CodeFilter's)
  std::vector<Misspelling> found_;  // the checked line's misspellings
};

}  // namespace spellfilter::lsp

#endif  // SPELLFILTER_APP_LSP_DOCUMENT_H_
