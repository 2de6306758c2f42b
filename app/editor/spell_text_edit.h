// The editing widget: a QPlainTextEdit with a SpellHighlighter and its
// RecheckScheduler attached, the spelling context menu, keyboard navigation
// between misspellings, and "the word being typed" tracking. It draws the
// wavy underlines itself, after the text, over the lines on screen only,
// from the highlighter's per-block records: the document's layouts never
// carry spelling formats, so underlining never lays a block out again. Dropping
// files on it asks to open them (filesDropped) instead of inserting their URLs.
#ifndef SPELLFILTER_APP_EDITOR_SPELL_TEXT_EDIT_H_
#define SPELLFILTER_APP_EDITOR_SPELL_TEXT_EDIT_H_

#include <QPlainTextEdit>
#include <QStringList>
#include <QTextCursor>
#include <QTimer>
#include <optional>
#include <vector>

#include "app/editor/soft_lines.h"
#include "app/editor/text_file.h"

namespace spellfilter::editor {

class ChunkedRead;
class ContinuedLineLayout;
class LineNumberArea;
class RecheckScheduler;
class SpellHighlighter;
class SpellService;

class SpellTextEdit : public QPlainTextEdit {
  Q_OBJECT

 public:
  // `service` must outlive the widget.
  explicit SpellTextEdit(SpellService* service, QWidget* parent = nullptr);
  ~SpellTextEdit() override;
  Q_DISABLE_COPY_MOVE(SpellTextEdit)

  [[nodiscard]] SpellService* service() const { return service_; }
  // Checks with `service` (the document's language changed); it must
  // outlive the widget or be replaced first. The text is checked again.
  void setService(SpellService* service);
  [[nodiscard]] SpellHighlighter* highlighter() const { return highlighter_; }
  [[nodiscard]] RecheckScheduler* scheduler() const { return scheduler_; }

  [[nodiscard]] bool isSpellCheckingEnabled() const;
  void setSpellCheckingEnabled(bool enabled);

  // The misspelled word at document position `position` (inside it or at
  // its end), selected; checked afresh, so right even while the block is
  // stale or its word is being typed.
  std::optional<QTextCursor> misspellingAt(int position) const;
  // The first misspelling starting at or after `from` (forward), or the
  // last one starting before `from` (backward), without wrapping.
  std::optional<QTextCursor> findMisspelling(int from, bool forward) const;
  // Selects the next (previous) misspelling after (before) the cursor,
  // wrapping around the document; *wrapped tells whether it did. False
  // when the document has none.
  bool selectMisspelling(bool forward, bool* wrapped = nullptr);
  // Checks the blocks on screen that are not current (see
  // SpellHighlighter::isCurrent); paintEvent() does this before painting.
  void checkVisibleBlocks();
  // Where paintEvent() draws underlines now: one rectangle (viewport
  // coordinates, the wave's extent) per misspelling and line it is on, for
  // the lines that are at least partly on screen.
  [[nodiscard]] QList<QRectF> underlineRects() const;
  // Where paintEvent() draws the quiet grey dotted mark under words the
  // dictionary cannot check because of their script (Cyrillic under
  // en_US), as underlineRects() does for misspellings. Empty while the
  // marks are hidden or checking is off.
  [[nodiscard]] QList<QRectF> uncheckedRects() const;
  // View > Mark Unchecked Words; on by default.
  [[nodiscard]] bool uncheckedMarksVisible() const { return unchecked_marks_; }
  void setUncheckedMarksVisible(bool visible);
  // The colour of the unchecked mark: halfway between the palette's text
  // and base colours, so grey and readable on light and dark themes.
  [[nodiscard]] QColor uncheckedMarkColor() const;
  // The tooltip over an unchecked word at `position` (viewport
  // coordinates), or empty when there is none.
  [[nodiscard]] QString uncheckedToolTipAt(const QPoint& position) const;

  // QPlainTextEdit::setPlainText (it hides that non-virtual function, so
  // every caller through a SpellTextEdit gets it): shows lines longer than
  // kSplitAbove in pieces (soft_lines.h), and starts checking the whole
  // text on another thread while the document is being built; the
  // background pass then takes each block's result from there when the
  // block's text is unchanged (see BackgroundCheck). DocumentText() gives
  // the text back with its own lines.
  // Cancels a streamPlainText() under way.
  void setPlainText(const QString& text);

  // Texts from this size on are worth streaming (MainWindow streams
  // files of at least this many characters).
  static constexpr qsizetype kStreamMinChars = qsizetype{1} << 20;
  // The text handed to the document per step, at most (cut after a line
  // end), and the time spent adding steps before the event loop runs
  // again.
  static constexpr qsizetype kStreamChunkChars = 16 * 1024;
  static constexpr int kStreamSliceMs = 8;
  // setPlainText(text), but returning at once: the document gets the text
  // a few lines at a time from the event loop (at most kStreamSliceMs of
  // work between two paints), so a big file's first page shows while the
  // rest comes in and the window keeps painting and answering (issue 35
  // item 6). Until streamingFinished() the widget is read-only, the steps
  // make no undo steps and leave the document unmodified, and spelling
  // waits: the whole text is checked on a thread meanwhile (as for
  // setPlainText), the blocks on screen on the UI thread, and the rest is
  // taken from the thread once the text is whole. setPlainText() cancels a
  // stream; finishStreaming() adds the rest at once (before a save).
  void streamPlainText(const QString& text);
  // As streamPlainText, the text coming from `read` (started, its state
  // kStreaming or kStreamed; the edit takes it as a child and deletes it
  // once it has ended) as the worker reads it: each piece is shown as it
  // arrives, the widget read-only until the last is in. The whole text is
  // checked on a thread once it has all been read. If the read turns out
  // not streamable (ChunkedRead::State::kWhole) or fails, the stream stops
  // with what has come in and streamAbandoned() says so; the caller
  // replaces the text.
  void streamRead(ChunkedRead* read);
  [[nodiscard]] bool isStreaming() const { return streaming_; }
  // Whether the document holds only part of a file whose stream was
  // abandoned (streamAbandoned); cleared by setPlainText and a stream.
  [[nodiscard]] bool isPartial() const { return partial_; }
  // Adds the rest of the streamed text at once (waiting for a read under
  // way to end).
  void finishStreaming();
  // How much of the streamed text the document has, 0-100 (100 when not
  // streaming).
  [[nodiscard]] int streamedPercent() const;
  // Inserts `text` at the cursor as typed or pasted text (InsertText:
  // line ends are real, long lines shown in pieces).
  void insertText(const QString& text);

  // The document's real lines (a long line shown in pieces is one line).
  [[nodiscard]] const LineMap& lineMap() const { return line_map_; }
  // The document position at a viewport point, as cursorForPosition()
  // but right where two pieces of a long line share a row (word wrap on,
  // continued_line_layout.h), where QPlainTextEdit sees only the first.
  [[nodiscard]] int positionAt(QPoint point) const;

  // The line-number gutter (LineNumberArea), hidden by default.
  [[nodiscard]] bool lineNumbersVisible() const { return line_numbers_; }
  void setLineNumbersVisible(bool visible);
  [[nodiscard]] LineNumberArea* lineNumberArea() const {
    return line_number_area_;
  }
  // The gutter's width for the current block count and font (0 when
  // hidden), and its painting; called by LineNumberArea.
  [[nodiscard]] int lineNumberAreaWidth() const;
  void lineNumberAreaPaintEvent(QPaintEvent* event);

  // Replaces the text `range` selects with `text` as one undo step.
  void replace(const QTextCursor& range, const QString& text);
  // Replaces every flagged occurrence of `word` with `text` as one undo
  // step; returns how many. `*position`, if given, is moved by the length
  // changes of the occurrences before it.
  int replaceAll(const QString& word, const QString& text,
                 int* position = nullptr);

 signals:
  void filesDropped(const QStringList& paths);
  // A context-menu or dialog action on the user dictionary failed.
  void spellingActionFailed(const QString& message);
  // A streamPlainText() ended: the document holds the whole text.
  void streamingFinished();
  // After each step of a streamPlainText(), with streamedPercent().
  void streamProgressed(int percent);
  // The read given to streamRead() ended without handing over the whole
  // text: `whole` is the file as ReadTextFile decides it (the read's
  // state was kWhole), or `error` says why it could not be read.
  void streamAbandoned(const spellfilter::editor::LoadedText& whole,
                       const QString& error);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void focusOutEvent(QFocusEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragMoveEvent(QDragMoveEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  bool viewportEvent(QEvent* event) override;
  bool event(QEvent* event) override;
  void insertFromMimeData(const QMimeData* source) override;
  // Copy, Cut and dragging take the text as the file has it: the pieces of
  // a long line (soft_lines.h) come out as one line.
  QMimeData* createMimeDataFromSelection() const override;

 private:
  static bool IsWordKey(const QKeyEvent* event);
  static QStringList LocalFiles(const QMimeData* data);
  void onCursorMoved();
  void updateLineNumberAreaWidth();
  void updateLineNumberArea(const QRect& rect, int dy);
  // Calls `visit(block, line, top-left of the block)` for each laid-out
  // line intersecting the viewport's rows [top, bottom).
  template <typename Visit>
  void forVisibleLines(qreal top, qreal bottom, Visit visit) const;
  // One rectangle per span and line on screen, the spans of a block
  // being spans_of(block).
  template <typename SpansOf>
  QList<QRectF> spanRects(SpansOf spans_of) const;
  void paintUnderlines(const QRect& area);
  // Notes an edit of [from, to] for healCuts().
  void noteEdit(int position, int removed, int added);
  void recordSelection();
  // Makes a key's edit next to a cut (or over a selection) itself; false
  // if the key is not one it makes.
  bool editNearCut(QKeyEvent* event);
  // Left and Right (with Shift, selecting) step over a cut as over no
  // character: the end of a piece and the start of the next are one place
  // in the line. False if `event` is not such a key there.
  bool stepOverCut(QKeyEvent* event);
  // The pieces of a long line continue each other's rows with word wrap
  // on (continued_line_layout.h), where QPlainTextEdit knows only a
  // A click or drag at `point` lands where positionAt() says (keeping
  // the anchor if `keep_anchor`).
  void followMouse(QPoint point, bool keep_anchor);
  // Up, Down, Home and End (with Shift, selecting) by visual rows; false if
  // `event` is none of them.
  bool moveByRow(QKeyEvent* event);
  // Steps the vertical scroll bar over a value that shows what the next
  // one shows (a piece's first line, on the row before: see the .cpp).
  void skipSharedRowStep(int value);
  // Scrolls the row the cursor is on into view when QPlainTextEdit showed
  // the block's own lines from their top, leaving it just above.
  void keepCursorRowVisible();
  // Paints the first line of a block sharing the bottom row on screen,
  // which QPlainTextEdit's paintEvent does not reach.
  void paintSharedBottomRow(const QRect& area);
  // Merges the pieces of long lines whose cut the last edit moved off
  // white space (HealCuts), in the same undo step as the edit.
  void healCuts();
  // Sets the document to `shown` (SplitLongLines' result) at once.
  void showText(const QString& shown, const std::vector<int>& continuations);
  // Adds the next steps of the streamed text for up to kStreamSliceMs (all
  // of them if `all`); ends the stream after the last.
  void appendStreamed(bool all);
  // Stops streaming; `whole`: the document has the whole text.
  void endStream(bool whole);
  // Starts a stream into an empty, read-only document.
  void beginStream();
  // Takes what stream_read_ has read into stream_text_; ends or abandons
  // the stream when the read has ended.
  void takeStreamRead();

  // The edited range not yet looked at by healCuts(); -1 when none. First,
  // as event() reads it while the members below are being made.
  int edited_from_ = -1;
  int edited_to_ = -1;
  bool healing_ = false;
  bool user_edit_ = false;  // the change being made is not an undo or redo
  SpellService* service_;
  ContinuedLineLayout* layout_;
  SpellHighlighter* highlighter_;
  RecheckScheduler* scheduler_;
  LineNumberArea* line_number_area_;
  bool line_numbers_ = false;
  bool in_key_press_ = false;
  bool in_paint_ = false;
  // Up and Down keep the x they started from while they are repeated.
  qreal row_x_ = 0;
  int row_x_position_ = -1;
  int scroll_value_ = 0;  // the vertical scroll bar's value before
  bool unchecked_marks_ = true;
  LineMap line_map_;
  QTimer heal_timer_;
  // The user's selection (following the edits) and whether its first block
  // continues a line: Qt gives the block left by removing it the mark of
  // its last block; healCuts() puts the first one's back (soft_lines.h).
  QTextCursor selection_;
  bool selection_continues_ = false;
  int repair_at_ = -1;
  bool repair_continues_ = false;
  // streamPlainText(): the text shown, how much of it the document has,
  // the pieces to mark once it is whole, the read-only state to restore.
  QTimer stream_timer_;
  QString stream_text_;
  qsizetype stream_pos_ = 0;
  std::vector<int> stream_continuations_;
  bool stream_read_only_ = false;
  bool streaming_ = false;
  bool partial_ = false;
  // streamRead(): the read, and the blocks stream_text_ has so far.
  ChunkedRead* stream_read_ = nullptr;
  int stream_blocks_ = 0;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_SPELL_TEXT_EDIT_H_
