// Very long lines shown in pieces. QPlainTextEdit lays a whole block out
// again after every change in it (HarfBuzz shaping, line breaking), so a
// keystroke in a 1 MB line costs a quarter to half a second whatever the
// spell checking does. The editor therefore shows a line longer than
// kSplitAbove characters as several blocks, cut just after a space or tab
// every kPiece characters or so (in a line without white space, such as
// minified JSON, after a ',', ';', '>', '}', ']' or ')'): each keystroke
// lays out one piece.
//
// A block that continues the line of the block before it carries a mark in
// its block format (ContinuesLine). The mark is the only record of where
// the real line ends are: DocumentText() joins a continuation to the block
// before it without a line end, so saving, recovery and the disk-change
// comparison see the file's own lines, byte for byte. Marks live in the
// document, so undo and redo restore them with the text. New blocks must
// not inherit one: a line end typed or pasted inside a continuation block
// is inserted with InsertText(), which gives every new block its own
// format (QTextCursor::insertText and insertBlock() copy the current
// block's format, mark included).
//
// A cut is always at white space or at one of those marks, which end a
// word, so no word spans two blocks and each block checks alone (marks
// only where the tokenizer's rule for whole stretches, web addresses and
// paths, gives the pieces the whole line's result: see soft_lines.cpp).
// An edit can join a word across a cut (deleting the space before it);
// HealCuts() then merges the two blocks (the real text does not change)
// within the same undo step.
#ifndef SPELLFILTER_APP_EDITOR_SOFT_LINES_H_
#define SPELLFILTER_APP_EDITOR_SOFT_LINES_H_

#include <QString>
#include <QStringView>
#include <QTextBlock>
#include <utility>
#include <vector>

class QTextCursor;
class QTextDocument;

namespace spellfilter::editor {

// Lines up to this many characters stay whole.
inline constexpr qsizetype kSplitAbove = 8000;
// A long line's pieces are at least this long (the last one may be up to
// kSplitAbove); a piece ends after the first space or tab past this length
// (or, with none in the next kPiece characters, after the first mark).
inline constexpr qsizetype kPiece = 4000;

// `text` as the editor shows it: each line longer than `split_above`
// characters cut after white space (or a mark) into pieces of at least
// `piece` characters. `continuations` gets the numbers of the blocks (as
// QTextDocument::setPlainText numbers them for the result) that continue
// the line before. The result is `text` itself when nothing is cut.
QString SplitLongLines(const QString& text, std::vector<int>* continuations,
                       qsizetype split_above = kSplitAbove,
                       qsizetype piece = kPiece);

// Whether `block` continues the line of the block before it.
bool ContinuesLine(const QTextBlock& block);
// Whether the document has (or had, since its text was set) a
// continuation block; false means block numbers are line numbers.
bool HasContinuations(const QTextDocument& document);
// Whether `block` begins or ends at a cut made at a mark (not at white
// space). An edit there other than a letter or digit typed can make the
// stretch across the cut an address or a path; the editor applies it as
// an edit block so that HealCuts() can join the stretch in the same undo
// step.
bool NextToMarkCut(const QTextBlock& block);

// Marks (or unmarks) `cursor`'s block as continuing the line before it,
// as an edit of its own.
void SetContinuesLine(QTextCursor& cursor, bool continues);

// Marks the blocks numbered `continuations` as continuing their line,
// outside the undo history (for a text just set, whose history is empty);
// leaves the document unmodified.
void MarkContinuations(QTextDocument* document,
                       const std::vector<int>& continuations);

// Qt gives a block made by removing a selection that starts at a block's
// start the format of the selection's last block, not its first; whoever
// removes text keeps the first block's mark (InsertText, HealCuts and
// SpellTextEdit for the user's selections do).
//
// Inserts `text` at `cursor` (replacing its selection) as the user's own:
// each line end ('\n', '\r', CR LF, U+2029) starts a real line, never a
// continuation, and lines longer than kSplitAbove are cut into pieces.
// One undo step with the caller's edit block, if any.
void InsertText(QTextCursor& cursor, QStringView text);

// Merges each continuation block in the blocks holding [from, to] (and
// the block after them) whose cut no longer lies at white space or a mark,
// or that is empty, into the block before it, joining the previous undo
// step. Returns whether it changed the document.
bool HealCuts(QTextDocument* document, int from, int to);

// The text `cursor` selects as the file has it: '\n' at real line ends,
// nothing at cuts (QTextCursor::selectedText() gives U+2029 for both).
QString RealText(const QTextCursor& cursor);

// One real line: its text, gathered from the blocks it is shown in, and
// where each piece starts in the document.
struct RealLine {
  // The line `block` is part of.
  static RealLine Of(const QTextBlock& block);

  // The document position of offset `offset` in text; at a cut, the end
  // of the piece before it when `at_end`, else the start of the next one.
  [[nodiscard]] int position(qsizetype offset, bool at_end = false) const;

  QString text;
  QTextBlock first;
  QTextBlock last;
  // (offset in text, document position) of each piece, in order.
  std::vector<std::pair<qsizetype, int>> pieces;
};

// The document's real lines: line numbers and columns of blocks and
// positions, and the block where a line starts. Block numbers are line
// numbers unless the document has continuations; then the numbers of the
// continuation blocks are kept, found again after the block count changes.
class LineMap {
 public:
  explicit LineMap(const QTextDocument* document) : document_(document) {}

  // Forgets what it found; call when the block count or marks change.
  void invalidate() { valid_ = false; }

  // 0-based line of `block`.
  [[nodiscard]] int lineOf(const QTextBlock& block) const;
  // 0-based column of `position_in_block` in `block`, counted from the
  // start of its line.
  [[nodiscard]] int columnOf(const QTextBlock& block,
                             int position_in_block) const;
  // How many lines the document has.
  [[nodiscard]] int lineCount() const;
  // The block where 0-based `line` starts (clamped to the document).
  [[nodiscard]] QTextBlock blockOfLine(int line) const;

 private:
  void refresh() const;

  const QTextDocument* document_;
  mutable bool valid_ = false;
  mutable std::vector<int> continuations_;  // block numbers, ascending
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_SOFT_LINES_H_
