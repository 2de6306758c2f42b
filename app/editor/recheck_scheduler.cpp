#include "app/editor/recheck_scheduler.h"

#include <QElapsedTimer>
#include <QScrollBar>
#include <QTextBlock>

#include "app/editor/spell_highlighter.h"
#include "app/editor/spell_text_edit.h"

namespace spellfilter::editor {

RecheckScheduler::RecheckScheduler(SpellTextEdit* edit,
                                   SpellHighlighter* highlighter,
                                   QObject* parent)
    : QObject(parent), edit_(edit), highlighter_(highlighter) {
  timer_.setInterval(0);
  connect(&timer_, &QTimer::timeout, this, &RecheckScheduler::runSlice);
  connect(highlighter_, &SpellHighlighter::blocksDeferred, this,
          &RecheckScheduler::scheduleFrom);
  connect(highlighter_, &SpellHighlighter::allBlocksStale, this,
          &RecheckScheduler::scheduleAll);
  connect(edit_->verticalScrollBar(), &QScrollBar::valueChanged, this,
          [this] { visible_first_ = !isIdle(); });
}

void RecheckScheduler::scheduleFrom(int position) {
  if (next_.isNull() || next_.document() != edit_->document()) {
    next_ = QTextCursor(edit_->document());
    // Text inserted at the first stale position is stale too: without
    // this, QTextDocument::setPlainText (a clear, which the highlighter may
    // defer, then one insertion at 0) would carry the cursor to the end of
    // the new text, and the pass would end after the last block.
    next_.setKeepPositionOnInsert(true);
    next_.setPosition(position);
  } else if (isIdle() || position < next_.position()) {
    next_.setPosition(position);
  }
  visible_first_ = true;
  timer_.start();
}

void RecheckScheduler::scheduleAll() { scheduleFrom(0); }

int RecheckScheduler::percentDone() const {
  if (isIdle()) return 100;
  const int total = qMax(1, edit_->document()->characterCount());
  return static_cast<int>(qint64{next_.position()} * 100 / total);
}

void RecheckScheduler::runSlice() {
  QElapsedTimer clock;
  clock.start();
  if (visible_first_) {
    visible_first_ = false;
    edit_->formatVisibleBlocks();
  }
  QTextBlock block = edit_->document()->findBlock(next_.position());
  while (block.isValid() && clock.elapsed() < kSliceMs) {
    if (!highlighter_->isCurrent(block)) highlighter_->computeBlock(block);
    block = block.next();
  }
  if (block.isValid()) {
    next_.setPosition(block.position());
    emit progressed(percentDone());
    return;
  }
  timer_.stop();
  next_.setPosition(0);
  emit finished();
}

}  // namespace spellfilter::editor
