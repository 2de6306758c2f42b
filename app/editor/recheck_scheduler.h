// Checks the blocks a SpellHighlighter left stale, from the event loop in
// slices of a few milliseconds, so a 5 MB document gets fully checked
// while the window keeps taking keystrokes and repainting. The blocks on
// screen go first and are underlined at once (again after each scroll);
// then the document from the first stale position to the end is checked
// without being laid out (SpellHighlighter::computeBlock), its underlines
// set when it is painted.
#ifndef SPELLFILTER_APP_EDITOR_RECHECK_SCHEDULER_H_
#define SPELLFILTER_APP_EDITOR_RECHECK_SCHEDULER_H_

#include <QObject>
#include <QTextCursor>
#include <QTimer>

namespace spellfilter::editor {

class SpellHighlighter;
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
  Q_DISABLE_COPY_MOVE(RecheckScheduler)

  // Some blocks at or after `position` are stale.
  void scheduleFrom(int position);
  // Any block may be stale.
  void scheduleAll();

  [[nodiscard]] bool isIdle() const { return !timer_.isActive(); }
  // How far the current pass has come through the document, 0-100.
  [[nodiscard]] int percentDone() const;

 signals:
  // After each slice while a pass runs.
  void progressed(int percent);
  // A pass reached the end: every block is current.
  void finished();

 private:
  void runSlice();

  SpellTextEdit* edit_;
  SpellHighlighter* highlighter_;
  QTimer timer_;
  // Follows edits made while the pass runs; stays before text inserted
  // at its position.
  QTextCursor next_;
  bool visible_first_ = false;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_RECHECK_SCHEDULER_H_
