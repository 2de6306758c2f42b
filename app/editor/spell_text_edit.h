// The editing widget: a QPlainTextEdit with a SpellHighlighter and its
// RecheckScheduler attached, the spelling context menu, keyboard navigation
// between misspellings, and "the word being typed" tracking. Dropping files
// on it asks to open them (filesDropped) instead of inserting their URLs.
#ifndef SPELLFILTER_APP_EDITOR_SPELL_TEXT_EDIT_H_
#define SPELLFILTER_APP_EDITOR_SPELL_TEXT_EDIT_H_

#include <QPlainTextEdit>
#include <QStringList>
#include <QTextCursor>
#include <optional>

namespace spellfilter::editor {

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
  // Checks and underlines the blocks on screen that are not underlined for
  // the current state yet (see SpellHighlighter); paintEvent() does this
  // before painting.
  void formatVisibleBlocks();

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

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void focusOutEvent(QFocusEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragMoveEvent(QDragMoveEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  static bool IsWordKey(const QKeyEvent* event);
  static QStringList LocalFiles(const QMimeData* data);
  void onCursorMoved();
  void updateLineNumberAreaWidth();
  void updateLineNumberArea(const QRect& rect, int dy);

  SpellService* service_;
  SpellHighlighter* highlighter_;
  RecheckScheduler* scheduler_;
  LineNumberArea* line_number_area_;
  bool line_numbers_ = false;
  bool in_key_press_ = false;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_SPELL_TEXT_EDIT_H_
