#include "app/editor/recheck_scheduler.h"

#include <QElapsedTimer>
#include <QScrollBar>
#include <QTextBlock>

#include "app/editor/background_check.h"
#include "app/editor/spell_highlighter.h"
#include "app/editor/spell_service.h"
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
  // A word accepted meanwhile (Add to Dictionary, Ignore All) may be in
  // the thread's results: check on this thread instead.
  connect(edit_->service(), &SpellService::flaggedWordsMayBeCorrect, this,
          &RecheckScheduler::dropBackground);
}

RecheckScheduler::~RecheckScheduler() = default;

void RecheckScheduler::serviceChanged(SpellService* old) {
  if (old != nullptr) disconnect(old, nullptr, this, nullptr);
  connect(edit_->service(), &SpellService::flaggedWordsMayBeCorrect, this,
          &RecheckScheduler::dropBackground);
  dropBackground();
}

void RecheckScheduler::startBackgroundCheck(const QString& text) {
  dropBackground();
  adopted_ = 0;
  loaded_revision_ = -1;
  SpellService* service = edit_->service();
  if (text.size() < kBackgroundMinChars || !service->hasDictionary() ||
      !highlighter_->isEnabled()) {
    return;
  }
  // One language or several (a second one, Automatic): the thread checks
  // with what the service checks with.
  background_ = std::make_unique<BackgroundCheck>(
      BackgroundCheck::Languages{service->sharedLanguages(),
                                 service->userWordsPaths(),
                                 service->isAutomatic()},
      text, highlighter_->epoch(), nullptr, service->sharedAdditions());
  // The thread checks every line: the highlighter need not check any of
  // the new text on the UI thread meanwhile (what is on screen is checked
  // when painted).
  highlighter_->deferNewText();
  connect(background_.get(), &BackgroundCheck::done, this, [this] {
    if (waiting_) {
      waiting_ = false;
      timer_.start();
    }
  });
}

void RecheckScheduler::backgroundTextLoaded() {
  if (background_ != nullptr) loaded_revision_ = edit_->document()->revision();
}

void RecheckScheduler::setHeld(bool held) {
  held_ = held;
  if (!held_ && waiting_ && !backgroundRunning()) {
    waiting_ = false;
    timer_.start();
  }
}

void RecheckScheduler::dropBackground() {
  background_.reset();
  loaded_revision_ = -1;
  if (waiting_) {
    waiting_ = false;
    timer_.start();
  }
}

bool RecheckScheduler::backgroundRunning() const {
  return background_ != nullptr && !background_->isDone() &&
         background_->epoch() == highlighter_->epoch();
}

bool RecheckScheduler::adopt(const QTextBlock& block, int i) {
  if (background_ == nullptr || !background_->isDone()) return false;
  if (background_->epoch() != highlighter_->epoch()) {
    background_.reset();
    return false;
  }
  if (i >= background_->lineCount()) return false;
  const QStringView line = background_->lineText(i);
  // Unedited since loading, each block is its line (the thread cuts lines
  // as QTextDocument cuts blocks); after an edit, compare.
  const bool unedited = loaded_revision_ >= 0 &&
                        edit_->document()->revision() == loaded_revision_;
  if (line.size() != block.length() - 1) return false;
  if (!unedited && line != block.text()) return false;
  QList<TextSpan> spans = background_->line(i).misspellings;
  SpellService* service = edit_->service();
  spans.removeIf([&](const TextSpan& s) {
    return service->isIgnored(line.sliced(s.start, s.length).toString());
  });
  highlighter_->adoptBlock(block, std::move(spans),
                           background_->line(i).unchecked,
                           background_->line(i).words);
  ++adopted_;
  return true;
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
    edit_->checkVisibleBlocks();
  }
  if (held_ || backgroundRunning()) {
    // The text is still coming in, or the thread is checking it: wait,
    // idle.
    timer_.stop();
    waiting_ = true;
    return;
  }
  QTextBlock block = edit_->document()->findBlock(next_.position());
  // The block's number, counted along (QTextBlock::blockNumber() is a
  // tree walk).
  int number = block.blockNumber();
  while (block.isValid() && clock.elapsed() < kSliceMs) {
    if (!highlighter_->isCurrent(block) && !adopt(block, number)) {
      highlighter_->computeBlock(block);
    }
    block = block.next();
    ++number;
  }
  if (block.isValid()) {
    next_.setPosition(block.position());
    emit progressed(percentDone());
    return;
  }
  timer_.stop();
  next_.setPosition(0);
  background_.reset();  // its results are taken or outdated
  emit finished();
}

}  // namespace spellfilter::editor
