// A text document as the language server holds it: its text, once, as
// UTF-8; the filter state (Markdown's or code's, core/text) at checkpoint
// lines; and its misspellings, packed. An edit marks the bytes it changed;
// Recheck checks the lines from the checkpoint before them on, and stops
// at the first checkpoint after them where the filter state is as before
// (an opened block comment changes what follows; an edit inside a line
// usually changes nothing else): a keystroke rechecks at most
// kCheckpointLines lines or kCheckpointBytes bytes besides its own.
// Positions are bytes of UTF-8 here; utf16.h converts. Lines end at "\n",
// "\r\n" or a lone "\r", as the protocol counts them.
//
// A long line is checked in slices of about kSliceBytes, cut after ASCII
// blanks (with one language: the checker's buffers, 32 bytes a word, are a
// slice's, not a 400 KB line's); in plain text with one language and no
// ignore patterns, where a word's verdict does not depend on what lies
// beyond the blanks around it, an edit inside a line rechecks only the
// words around it (from the blank before to the blank after), not the
// whole line.
//
// Memory (docs/lsp.md): the text and nothing per line: a line is found
// from the checkpoint before it (a line number, a byte offset and a
// filter state shared by equal ones: 32 bytes at most every
// kCheckpointLines lines, so a blank line costs its byte and one more),
// and the misspellings are one stream for the whole document: two LEB128
// numbers each, its distance from the end of the one before and its length
// (about 2 bytes for a word of prose), spliced in place where an edit
// lands, found from a mark kept about every kSpotsPerMark misspellings
// (24 bytes each), so that an edit decodes a few hundred of them, not the
// stream up to it.
// Changes give the strong guarantee: an exception (std::bad_alloc) leaves
// the document as it was; so does Recheck.
#ifndef SPELLFILTER_APP_LSP_DOCUMENT_H_
#define SPELLFILTER_APP_LSP_DOCUMENT_H_

#include <cstdint>
#include <memory>
#include <span>
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

// A misspelling: bytes of the document.
struct Spot {
  size_t offset;
  size_t length;
};

class Document {
 public:
  // A checkpoint is kept at the first line at least this many lines or
  // bytes after the one before.
  static constexpr size_t kCheckpointLines = 32;
  static constexpr size_t kCheckpointBytes = 4096;

  // Long lines are checked in slices of at least this many bytes.
  static constexpr size_t kSliceBytes = 16384;
  // A mark for finding misspellings is kept about every this many.
  static constexpr size_t kSpotsPerMark = 256;

  // `filter` is the filter in its initial state (monostate: plain text).
  Document(std::string_view text, LineFilter filter);
  // The same, taking `text` (no copy: a document opened from a message is
  // held once).
  Document(LineFilter filter, std::string&& text);

  // The whole text replaced.
  void SetText(std::string_view text);
  void SetText(std::string&& text);
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

  size_t LineCount() const { return line_count_; }
  // Line `line` without its line break ("" past the last); valid until
  // the next change.
  std::string_view Line(size_t line) const;
  // Calls f(line, line_text, spot) (Spot in bytes of the line) for each
  // misspelling as of the last Recheck, in order, while f returns true.
  template <typename F>
  void ForEachMisspelling(F f) const;
  size_t MisspellingCount() const { return spot_count_; }

  const std::string& Text() const { return text_; }
  // Bytes held (the text, the checkpoints and the misspellings, with
  // their spare capacity), for tests and measurements.
  size_t MemoryUsed() const;

 private:
  struct Checkpoint {
    size_t line;
    size_t byte;  // where the line starts
    // The filter's state at the line's start (never null; shared by
    // checkpoints with equal states).
    std::shared_ptr<const LineFilter> state;
  };

  // Where the line that starts at `begin` ends (its line break, or the
  // text's end), and where the next starts (past the line break; size + 1
  // for the last line).
  size_t LineEnd(size_t begin) const;
  size_t NextLine(size_t end) const;
  size_t LineStart(size_t line) const;
  // The byte offset of an LSP position, clamped.
  size_t ByteOf(Position p) const;
  // The last position ByteOf found: its line (kNone: none), the line's
  // first byte, and the UTF-16 units before its byte in the line. Kept
  // across an edit after it (bytes before an edit do not change).
  struct Located {
    static constexpr size_t kNone = SIZE_MAX;
    size_t line = kNone;
    size_t line_begin = 0;
    size_t units = 0;
    size_t byte = 0;
  };
  mutable Located located_;  // (the server uses a document from one thread)
  // Misspellings packed as they are found (a line's, a region's): the
  // first one's distance is from where the region starts (`end` set to it
  // first).
  struct PackedSpots {
    std::vector<uint8_t> bytes;
    size_t count = 0;
    size_t end = 0;  // where the last one ends
    void Add(size_t offset, size_t length);
  };
  // Where decoding the stream may start: spots_[pos] is a spot's first
  // byte, `end_before` where the spot before it ends (its distance is from
  // there), `count_before` how many come before it.
  struct SpotMark {
    size_t pos;
    size_t end_before;
    size_t count_before;
  };
  // Replaces, in place, the spots overlapping [lo, hi) by `fresh` (in
  // order, inside [lo, hi), distances from lo) and moves those after by
  // `shift`. Strong guarantee: it allocates (and may throw) before it
  // changes anything.
  void Splice(size_t lo, size_t hi, ptrdiff_t shift, const PackedSpots& fresh);
  void CheckLine(LanguageChecker& checker, size_t begin, size_t end,
                 LineFilter& state, PackedSpots* out);
  // Checks `text`, which holds the document's bytes from `base` on (a line
  // or a part of one, blanked by its filter or not), in slices cut after
  // blanks when there is one language; adds what it finds to *out.
  // `blanked` (MarkdownFilter::MarkLine's bits for `text`; null: none)
  // marks the bytes to read as blanks: each slice is then blanked in
  // scratch_.
  void CheckText(LanguageChecker& checker, size_t base, std::string_view text,
                 std::span<const CodeSpan> code, PackedSpots* out,
                 const uint64_t* blanked = nullptr);
  // Whether an edit inside a line may recheck only the words around it:
  // plain text, one language, no ignore patterns.
  bool Windowed(const LanguageChecker& checker) const;
  // The region [*begin, *end) around the dirty bytes that a windowed
  // recheck checks: from a blank (or the line's start) before them to a
  // blank (or the line's end) after; false when it would hold a line
  // break or be no shorter than the line.
  bool Window(size_t* begin, size_t* end) const;

  std::shared_ptr<const LineFilter> initial_;
  const ProjectConfig* project_ = nullptr;
  ProjectWords project_words_;
  std::string text_;
  size_t line_count_ = 1;
  std::vector<Checkpoint> checkpoints_;  // by line; [0] is line 0
  std::vector<uint8_t> spots_;           // packed, in order
  size_t spot_count_ = 0;
  std::vector<SpotMark> marks_;  // by pos
  // The bytes changed since the last Recheck: [dirty_begin_, dirty_end_]
  // (when dirty_).
  bool dirty_ = true;
  size_t dirty_begin_ = 0;
  size_t dirty_end_ = 0;
  std::string scratch_;
  std::vector<CodeSpan> code_;        // the checked line's code (CodeFilter's)
  std::vector<Misspelling> found_;    // the checked slice's misspellings
  std::vector<CodeSpan> slice_code_;  // the checked slice's code
  std::vector<uint64_t> blanked_;     // the checked Markdown line's marks
};

namespace document_internal {
inline uint64_t GetVarint(const uint8_t*& p) {
  uint64_t v = 0;
  for (int shift = 0;; shift += 7) {
    const uint8_t b = *p++;
    v |= static_cast<uint64_t>(b & 0x7F) << shift;
    if ((b & 0x80) == 0) return v;
  }
}
}  // namespace document_internal

template <typename F>
void Document::ForEachMisspelling(F f) const {
  const uint8_t* p = spots_.data();
  const uint8_t* const end = p + spots_.size();
  size_t previous_end = 0;
  // The line holding the current spot: its number, start and end.
  size_t line = 0;
  size_t begin = 0;
  size_t line_end = spot_count_ > 0 ? LineEnd(0) : 0;
  size_t checkpoint = 0;
  while (p != end) {
    const size_t offset = previous_end + document_internal::GetVarint(p);
    const size_t length = document_internal::GetVarint(p);
    previous_end = offset + length;
    if (offset > line_end) {
      // Jump to the last checkpoint before the spot, if past this line.
      while (checkpoint + 1 < checkpoints_.size() &&
             checkpoints_[checkpoint + 1].byte <= offset) {
        ++checkpoint;
      }
      if (checkpoints_[checkpoint].byte > begin) {
        begin = checkpoints_[checkpoint].byte;
        line = checkpoints_[checkpoint].line;
        line_end = LineEnd(begin);
      }
      while (offset > line_end) {
        begin = NextLine(line_end);
        ++line;
        line_end = LineEnd(begin);
      }
    }
    if (!f(line, std::string_view(text_).substr(begin, line_end - begin),
           Spot{offset - begin, length})) {
      return;
    }
  }
}

}  // namespace spellfilter::lsp

#endif  // SPELLFILTER_APP_LSP_DOCUMENT_H_
