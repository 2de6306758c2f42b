// Checks the blocks a SpellHighlighter left stale, from the event loop in
// slices of a few milliseconds, so a 5 MB document gets fully checked
// while the window keeps taking keystrokes and repainting. The blocks on
// screen go first and are underlined at once (again after each scroll);
// then the document from the first stale position to the end is checked
// (SpellHighlighter::computeBlock). When a BackgroundCheck of the whole
// text was started (startBackgroundCheck, by SpellTextEdit::setPlainText),
// the pass waits for it (the event loop idle meanwhile) and then takes each
// block's result from it when the block's text is still its line's.
#ifndef SPELLFILTER_APP_EDITOR_RECHECK_SCHEDULER_H_
#define SPELLFILTER_APP_EDITOR_RECHECK_SCHEDULER_H_

#include <QObject>
#include <QTextCursor>
#include <QTimer>
#include <memory>

namespace spellfilter::editor {

class BackgroundCheck;
class SpellHighlighter;
class SpellService;
class SpellTextEdit;

class RecheckScheduler : public QObject {
  Q_OBJECT

 public:
  // Longest stretch of checking between two returns to the event loop.
  static constexpr int kSliceMs = 8;

  // Both must outlive the scheduler; `edit` shows the highlighter's
  // document.
  RecheckScheduler(SpellTextEdit* edit, SpellHighlighter* highlighter,
                   QObject* parent = nullptr);
  ~RecheckScheduler() override;
  Q_DISABLE_COPY_MOVE(RecheckScheduler)

  // Texts shorter than this are checked within the highlighter's budget or
  // in a few slices; no thread is started for them.
  static constexpr int kBackgroundMinChars = 200'000;
  // Starts checking `text`, about to become the whole document, on another
  // thread (see BackgroundCheck); any earlier one is dropped.
  void startBackgroundCheck(const QString& text);
  // The text given to startBackgroundCheck() is now the whole document,
  // unedited: until the document's revision moves on, a block's line of
  // that text need not be compared with the block before its result is
  // taken.
  void backgroundTextLoaded();
  // While held, a pass checks the blocks on screen and then waits, as it
  // waits for a BackgroundCheck (the document is still being streamed in:
  // SpellTextEdit::streamPlainText); released, it goes on.
  void setHeld(bool held);
  // How many blocks the last pass took from a BackgroundCheck.
  [[nodiscard]] int adoptedBlocks() const { return adopted_; }

  // The edit's SpellService changed (SpellTextEdit::setService) from
  // `old`: a running BackgroundCheck (of the old language) is dropped.
  void serviceChanged(SpellService* old);

  // Some blocks at or after `position` are stale.
  void scheduleFrom(int position);
  // Any block may be stale.
  void scheduleAll();

  [[nodiscard]] bool isIdle() const { return !timer_.isActive() && !waiting_; }
  // How far the current pass has come through the document, 0-100.
  [[nodiscard]] int percentDone() const;

 signals:
  // After each slice while a pass runs.
  void progressed(int percent);
  // A pass reached the end: every block is current.
  void finished();

 private:
  void runSlice();
  // Whether a BackgroundCheck that can still be used is running.
  [[nodiscard]] bool backgroundRunning() const;
  // Takes `block`'s result from the BackgroundCheck if it applies.
  // `number`: the block's number.
  bool adopt(const QTextBlock& block, int number);
  void dropBackground();

  SpellTextEdit* edit_;
  SpellHighlighter* highlighter_;
  QTimer timer_;
  // Follows edits made while the pass runs; stays before text inserted
  // at its position.
  QTextCursor next_;
  bool visible_first_ = false;
  std::unique_ptr<BackgroundCheck> background_;
  bool waiting_ = false;  // for background_, or while held_
  bool held_ = false;
  int adopted_ = 0;
  // The document's revision when the BackgroundCheck's text was loaded
  // into it; -1 until then.
  int loaded_revision_ = -1;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_RECHECK_SCHEDULER_H_
