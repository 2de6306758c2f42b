#include "app/editor/spell_text_edit.h"

#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QHelpEvent>
#include <QMenu>
#include <QMimeData>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextLayout>
#include <QToolTip>
#include <QUrl>
#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

#include "app/editor/background_check.h"
#include "app/editor/chunked_read.h"
#include "app/editor/continued_line_layout.h"
#include "app/editor/line_number_area.h"
#include "app/editor/recheck_scheduler.h"
#include "app/editor/spell_context_menu.h"
#include "app/editor/spell_highlighter.h"
#include "app/editor/spell_service.h"
#include "app/editor/theme.h"

namespace spellfilter::editor {
namespace {

// Gives `edit` a document laid out by ContinuedLineLayout.
ContinuedLineLayout* InstallContinuedLineLayout(QPlainTextEdit* edit) {
  auto* document = new QTextDocument(edit);
  auto* layout = new ContinuedLineLayout(document);
  document->setDocumentLayout(layout);
  document->setDefaultFont(edit->font());
  edit->setDocument(document);
  return layout;
}

}  // namespace

SpellTextEdit::SpellTextEdit(SpellService* service, QWidget* parent)
    : QPlainTextEdit(parent),
      service_(service),
      layout_(InstallContinuedLineLayout(this)),
      highlighter_(new SpellHighlighter(service, document())),
      scheduler_(new RecheckScheduler(this, highlighter_, this)),
      line_number_area_(new LineNumberArea(this)),
      line_map_(document()) {
  highlighter_->setParent(this);
  // Out of sight in a window on screen: a tab in the background.
  highlighter_->setInBackground(
      [this] { return window()->isVisible() && !isVisible(); });
  connect(highlighter_, &SpellHighlighter::underlinesChanged, viewport(),
          qOverload<>(&QWidget::update));
  connect(this, &QPlainTextEdit::cursorPositionChanged, this,
          &SpellTextEdit::onCursorMoved);
  connect(this, &QPlainTextEdit::blockCountChanged, this,
          &SpellTextEdit::updateLineNumberAreaWidth);
  connect(this, &QPlainTextEdit::updateRequest, this,
          &SpellTextEdit::updateLineNumberArea);
  line_number_area_->hide();
  connect(this, &QPlainTextEdit::blockCountChanged, this,
          [this] { line_map_.invalidate(); });
  connect(document(), &QTextDocument::contentsChange, this,
          &SpellTextEdit::noteEdit);
  connect(this, &QPlainTextEdit::selectionChanged, this,
          &SpellTextEdit::recordSelection);
  // Emitted before contentsChange for an edit, never for undo or redo.
  connect(document(), &QTextDocument::undoCommandAdded, this,
          [this] { user_edit_ = true; });
  // Edits that do not come through this widget's events (menu actions,
  // the Find bar) are looked at once control returns to the event loop.
  heal_timer_.setSingleShot(true);
  heal_timer_.setInterval(0);
  connect(&heal_timer_, &QTimer::timeout, this, &SpellTextEdit::healCuts);
  // After QPlainTextEdit's own handler (connected when it was made).
  connect(verticalScrollBar(), &QScrollBar::valueChanged, this,
          &SpellTextEdit::skipSharedRowStep);
  stream_timer_.setInterval(0);
  connect(&stream_timer_, &QTimer::timeout, this,
          [this] { appendStreamed(/*all=*/false); });
}

SpellTextEdit::~SpellTextEdit() = default;

void SpellTextEdit::setService(SpellService* service) {
  if (service == service_) return;
  SpellService* old = service_;
  service_ = service;
  scheduler_->serviceChanged(old);
  highlighter_->setService(service);
  viewport()->update();
}

bool SpellTextEdit::isSpellCheckingEnabled() const {
  return highlighter_->isEnabled();
}

void SpellTextEdit::setSpellCheckingEnabled(bool enabled) {
  highlighter_->setEnabled(enabled);
}

std::optional<QTextCursor> SpellTextEdit::misspellingAt(int position) const {
  const QTextBlock block = document()->findBlock(position);
  if (!block.isValid()) return std::nullopt;
  QList<TextSpan> spans;
  service_->findMisspellings(block.text(), &spans);
  const int offset = position - block.position();
  for (const TextSpan& s : spans) {
    if (s.start <= offset && offset <= s.end()) {
      QTextCursor c(document());
      c.setPosition(block.position() + s.start);
      c.setPosition(block.position() + s.end(), QTextCursor::KeepAnchor);
      return c;
    }
  }
  return std::nullopt;
}

std::optional<QTextCursor> SpellTextEdit::findMisspelling(int from,
                                                          bool forward) const {
  from = qBound(0, from, document()->characterCount() - 1);
  QList<TextSpan> spans;
  for (QTextBlock block = document()->findBlock(from); block.isValid();
       block = forward ? block.next() : block.previous()) {
    // Current blocks answer from the highlighter's record; stale ones, and
    // all of them while underlining is off, are checked now.
    if (highlighter_->isEnabled() && highlighter_->isCurrent(block)) {
      spans = highlighter_->misspellings(block);
    } else {
      service_->findMisspellings(block.text(), &spans);
    }
    const int base = block.position();
    const TextSpan* hit = nullptr;
    if (forward) {
      for (const TextSpan& s : spans) {
        if (base + s.start >= from) {
          hit = &s;
          break;
        }
      }
    } else {
      for (auto it = spans.crbegin(); it != spans.crend(); ++it) {
        if (base + it->start < from) {
          hit = &*it;
          break;
        }
      }
    }
    if (hit != nullptr) {
      QTextCursor c(document());
      c.setPosition(base + hit->start);
      c.setPosition(base + hit->end(), QTextCursor::KeepAnchor);
      return c;
    }
  }
  return std::nullopt;
}

bool SpellTextEdit::selectMisspelling(bool forward, bool* wrapped) {
  const QTextCursor cursor = textCursor();
  std::optional<QTextCursor> found = findMisspelling(
      forward ? cursor.selectionEnd() : cursor.selectionStart(), forward);
  if (wrapped != nullptr) *wrapped = !found.has_value();
  if (!found) {
    found =
        findMisspelling(forward ? 0 : document()->characterCount(), forward);
  }
  if (!found) return false;
  setTextCursor(*found);
  ensureCursorVisible();
  return true;
}

void SpellTextEdit::checkVisibleBlocks() {
  const int height = viewport()->height();
  const QPointF offset = contentOffset();
  for (QTextBlock block = firstVisibleBlock(); block.isValid();
       block = block.next()) {
    if (!block.isVisible()) continue;
    if (blockBoundingGeometry(block).translated(offset).top() > height) break;
    if (!highlighter_->isCurrent(block)) {
      highlighter_->computeBlock(block);
      // Outside paintEvent, the new underlines need a paint.
      if (!in_paint_) viewport()->update();
    }
  }
}

template <typename Visit>
void SpellTextEdit::forVisibleLines(qreal top, qreal bottom,
                                    Visit visit) const {
  const QPointF offset = contentOffset();
  for (QTextBlock block = firstVisibleBlock(); block.isValid();
       block = block.next()) {
    if (!block.isVisible()) continue;
    const QPointF origin =
        blockBoundingGeometry(block).translated(offset).topLeft();
    const QTextLayout* layout = block.layout();
    const int count = layout->lineCount();
    // A piece's first line may be on the row above its rect's top
    // (continued_line_layout.h).
    if (origin.y() + (count > 0 ? layout->lineAt(0).y() : 0) >= bottom) break;
    if (count == 0) continue;
    // A 1 MB line has thousands of wrapped lines: find the first one on
    // screen by bisection.
    int lo = 0, hi = count;
    while (lo < hi) {
      const int mid = (lo + hi) / 2;
      const QTextLine line = layout->lineAt(mid);
      if (origin.y() + line.y() + line.height() <= top) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    for (int i = lo; i < count; ++i) {
      const QTextLine line = layout->lineAt(i);
      if (origin.y() + line.y() >= bottom) break;
      visit(block, line, origin);
    }
  }
}

template <typename SpansOf>
QList<QRectF> SpellTextEdit::spanRects(SpansOf spans_of) const {
  QList<QRectF> rects;
  const QFontMetricsF metrics(font());
  // As Qt draws a wave underline: below the baseline, its amplitude the
  // font's underline position, at most half the descent.
  const qreal radius = qBound(qreal(1), metrics.underlinePos(),
                              qMax(qreal(1), (metrics.descent() - 1) / 2));
  QTextBlock spans_block;
  QList<TextSpan> spans;
  forVisibleLines(
      0, viewport()->height(),
      [&](const QTextBlock& block, const QTextLine& line,
          const QPointF& origin) {
        if (block != spans_block) {
          spans_block = block;
          spans = spans_of(block);
        }
        const int from = line.textStart();
        const int to = from + line.textLength();
        // The first span ending after the line's start.
        auto it = std::lower_bound(spans.cbegin(), spans.cend(), from,
                                   [](const TextSpan& s, int position) {
                                     return s.end() <= position;
                                   });
        for (; it != spans.cend() && it->start < to; ++it) {
          const int start = qMax(it->start, from);
          const int end = qMin(it->end(), to);
          if (end <= start) continue;
          const qreal x1 = line.cursorToX(start);
          const qreal x2 = line.cursorToX(end);
          const qreal baseline = origin.y() + line.y() + line.ascent();
          rects.append(QRectF(origin.x() + qMin(x1, x2), baseline + 1,
                              qAbs(x2 - x1), 2 * radius));
        }
      });
  return rects;
}

QList<QRectF> SpellTextEdit::underlineRects() const {
  return spanRects([this](const QTextBlock& block) {
    return highlighter_->underlines(block);
  });
}

QList<QRectF> SpellTextEdit::uncheckedRects() const {
  if (!unchecked_marks_) return {};
  return spanRects([this](const QTextBlock& block) {
    return highlighter_->unchecked(block);
  });
}

void SpellTextEdit::setUncheckedMarksVisible(bool visible) {
  if (visible == unchecked_marks_) return;
  unchecked_marks_ = visible;
  viewport()->update();
}

QColor SpellTextEdit::uncheckedMarkColor() const {
  const QPalette& pal = viewport()->palette();
  const QColor text = pal.color(QPalette::Text);
  const QColor base = pal.color(QPalette::Base);
  return QColor((text.red() + base.red()) / 2,
                (text.green() + base.green()) / 2,
                (text.blue() + base.blue()) / 2);
}

QString SpellTextEdit::uncheckedToolTipAt(const QPoint& position) const {
  const qreal ascent = QFontMetricsF(font()).ascent();
  for (const QRectF& r : uncheckedRects()) {
    // The word's glyphs are above its mark.
    if (r.adjusted(0, -ascent - 1, 0, 0).contains(position)) {
      return tr("Not checked: the %1 dictionary does not cover this script")
          .arg(service_->dictionaryName());
    }
  }
  return {};
}

bool SpellTextEdit::viewportEvent(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    const auto* help = static_cast<QHelpEvent*>(event);
    const QString tip = uncheckedToolTipAt(help->pos());
    if (!tip.isEmpty()) {
      QToolTip::showText(help->globalPos(), tip, viewport());
      return true;
    }
    QToolTip::hideText();  // and the viewport's own tooltip, if any
  }
  return QPlainTextEdit::viewportEvent(event);
}

void SpellTextEdit::paintUnderlines(const QRect& area) {
  const QList<QRectF> rects = underlineRects();
  const QList<QRectF> unchecked = uncheckedRects();
  if (rects.isEmpty() && unchecked.isEmpty()) return;
  QPainter painter(viewport());
  painter.setClipRect(area);
  // Unchecked words: a row of 2 x 1 pixel dots in the middle of where a
  // wave would be, aligned to the viewport so neighbouring words line up.
  const QColor grey = uncheckedMarkColor();
  for (const QRectF& r : unchecked) {
    if (!r.intersects(area)) continue;
    const qreal y = std::floor(r.top() + r.height() / 2);
    for (qreal x = std::ceil(r.left() / 4) * 4; x + 2 <= r.right(); x += 4) {
      painter.fillRect(QRectF(x, y, 2, 1), grey);
    }
  }
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(QPen(QColor(Qt::red), 1));
  painter.setBrush(Qt::NoBrush);
  for (const QRectF& r : rects) {
    if (!r.intersects(area)) continue;
    // Qt's wave: half periods of the golden ratio times the amplitude.
    const qreal radius = r.height() / 2;
    const qreal half = qMax(qreal(2), radius * 1.61803399);
    const qreal mid = r.top() + radius;
    QPainterPath path;
    // Phase from the viewport's left edge, so neighbouring words line up.
    qreal x = std::floor(r.left() / (2 * half)) * 2 * half;
    qreal y = radius;
    path.moveTo(x, mid);
    while (x < r.right()) {
      x += half;
      y = -y;
      path.quadTo(x - half / 2, mid + y, x, mid);
    }
    painter.save();
    painter.setClipRect(r.adjusted(0, -1, 0, 1), Qt::IntersectClip);
    painter.drawPath(path);
    painter.restore();
  }
}

void SpellTextEdit::setPlainText(const QString& text) {
  if (isStreaming()) endStream(/*whole=*/false);
  partial_ = false;
  std::vector<int> continuations;
  const QString shown = SplitLongLines(text, &continuations);
  showText(shown, continuations);
}

void SpellTextEdit::showText(const QString& shown,
                             const std::vector<int>& continuations) {
  scheduler_->startBackgroundCheck(shown);
  healing_ = true;  // the pieces are cut at white space
  QPlainTextEdit::setPlainText(shown);
  MarkContinuations(document(), continuations);
  healing_ = false;
  edited_from_ = edited_to_ = -1;
  line_map_.invalidate();
  scheduler_->backgroundTextLoaded();
}

void SpellTextEdit::beginStream() {
  partial_ = false;
  // Streaming from here: emptying the document marks it modified for a
  // moment, which is no edit to show.
  streaming_ = true;
  highlighter_->setHeld(true);
  scheduler_->setHeld(true);
  healing_ = true;
  QPlainTextEdit::setPlainText(QString());
  healing_ = false;
  // No undo steps: the text arrives as one state, as from setPlainText.
  document()->setUndoRedoEnabled(false);
  stream_read_only_ = isReadOnly();
  setReadOnly(true);
  stream_text_.clear();
  stream_pos_ = 0;
  stream_continuations_.clear();
  stream_blocks_ = 0;
}

void SpellTextEdit::streamPlainText(const QString& text) {
  if (isStreaming()) endStream(/*whole=*/false);
  std::vector<int> continuations;
  QString shown = SplitLongLines(text, &continuations);
  if (shown.size() < kStreamMinChars) {
    partial_ = false;
    showText(shown, continuations);
    return;
  }
  scheduler_->startBackgroundCheck(shown);
  beginStream();
  stream_text_ = std::move(shown);
  stream_continuations_ = std::move(continuations);
  stream_timer_.start();
  appendStreamed(/*all=*/false);  // the first page at once
}

void SpellTextEdit::streamRead(ChunkedRead* read) {
  if (isStreaming()) endStream(/*whole=*/false);
  beginStream();
  read->setParent(this);
  stream_read_ = read;
  connect(read, &ChunkedRead::textArrived, this,
          &SpellTextEdit::takeStreamRead);
  takeStreamRead();  // the first page at once
}

void SpellTextEdit::takeStreamRead() {
  ChunkedRead* read = stream_read_;
  if (read == nullptr) return;
  // The state first: once it says kStreamed, the last text is already
  // waiting (the worker sets both at once), and the take gets it; looked
  // at after the take, the state could announce text handed over after it.
  const ChunkedRead::State state = read->state();
  if (const QString text = read->takeText(); !text.isEmpty()) {
    // The read hands over whole lines: each piece splits as in the whole
    // text, its blocks numbered after those before it.
    std::vector<int> continuations;
    const QString shown = SplitLongLines(text, &continuations);
    for (int c : continuations)
      stream_continuations_.push_back(stream_blocks_ + c);
    // Blocks as QTextDocument makes them (a lone CR and U+2029 end one
    // too); the piece ends with a line end, so the next starts a block.
    stream_blocks_ +=
        static_cast<int>(BackgroundCheck::SplitLines(shown).size()) - 1;
    stream_text_ += shown;
  }
  switch (state) {
    case ChunkedRead::State::kReading:
    case ChunkedRead::State::kStreaming:
      break;
    case ChunkedRead::State::kStreamed:
      // All read: the whole text is checked on a thread meanwhile, as for
      // streamPlainText().
      stream_read_ = nullptr;
      read->deleteLater();
      scheduler_->startBackgroundCheck(stream_text_);
      break;
    case ChunkedRead::State::kWhole:
    case ChunkedRead::State::kFailed: {
      stream_read_ = nullptr;
      const LoadedText whole = read->whole();
      const QString error = read->error();
      read->deleteLater();
      endStream(/*whole=*/false);
      partial_ = true;
      emit streamAbandoned(whole, error);
      return;
    }
  }
  if (!stream_timer_.isActive()) appendStreamed(/*all=*/false);
}

void SpellTextEdit::finishStreaming() {
  if (stream_read_ != nullptr) {
    stream_read_->waitForEnd();
    takeStreamRead();
  }
  if (isStreaming()) appendStreamed(/*all=*/true);
}

int SpellTextEdit::streamedPercent() const {
  if (!isStreaming() || stream_text_.isEmpty()) return 100;
  const int shown = static_cast<int>(stream_pos_ * 100 / stream_text_.size());
  return stream_read_ == nullptr ? shown
                                 : shown * stream_read_->percentRead() / 100;
}

void SpellTextEdit::appendStreamed(bool all) {
  QElapsedTimer clock;
  clock.start();
  QTextCursor end(document());
  end.movePosition(QTextCursor::End);
  const qsizetype size = stream_text_.size();
  healing_ = true;  // the pieces are cut at white space
  while (stream_pos_ < size && (all || clock.elapsed() < kStreamSliceMs)) {
    qsizetype cut = std::min(size, stream_pos_ + kStreamChunkChars);
    if (cut < size) {
      // After a line end: QTextDocument then makes the same blocks as of
      // the whole text (a CR LF stays together).
      const qsizetype lf = stream_text_.indexOf(QLatin1Char('\n'), cut - 1);
      cut = lf < 0 ? size : lf + 1;
    }
    const bool first = stream_pos_ == 0;
    end.insertText(stream_text_.sliced(stream_pos_, cut - stream_pos_));
    stream_pos_ = cut;
    // The widget's cursor was where the first step went in, and moved
    // with it: back to the start, where the next steps do not carry it.
    if (first) setTextCursor(QTextCursor(document()));
  }
  healing_ = false;
  document()->setModified(false);
  if (stream_pos_ < size) {
    if (!stream_timer_.isActive()) stream_timer_.start();
    emit streamProgressed(streamedPercent());
    return;
  }
  if (stream_read_ != nullptr) {
    // All that has been read is in; the rest comes with textArrived.
    stream_timer_.stop();
    emit streamProgressed(streamedPercent());
    return;
  }
  endStream(/*whole=*/true);
}

void SpellTextEdit::endStream(bool whole) {
  stream_timer_.stop();
  if (stream_read_ != nullptr) {
    // Abandoned while reading: the read stops when it is deleted.
    delete stream_read_;
    stream_read_ = nullptr;
  }
  if (whole) {
    healing_ = true;
    MarkContinuations(document(), stream_continuations_);
    healing_ = false;
  }
  document()->setUndoRedoEnabled(true);
  setReadOnly(stream_read_only_);
  stream_text_.clear();
  stream_continuations_.clear();
  stream_pos_ = 0;
  stream_blocks_ = 0;
  edited_from_ = edited_to_ = -1;
  line_map_.invalidate();
  highlighter_->setHeld(false);
  if (whole) {
    document()->setModified(false);
    scheduler_->backgroundTextLoaded();
  }
  // Streaming until here: the marks above change the document, which is
  // then set unmodified again.
  streaming_ = false;
  scheduler_->setHeld(false);
  if (whole) emit streamingFinished();
}

void SpellTextEdit::insertText(const QString& text) {
  QTextCursor cursor = textCursor();
  InsertText(cursor, text);
  setTextCursor(cursor);
  ensureCursorVisible();
}

void SpellTextEdit::insertFromMimeData(const QMimeData* source) {
  if (source == nullptr || !source->hasText()) {
    QPlainTextEdit::insertFromMimeData(source);
    return;
  }
  insertText(source->text());
}

void SpellTextEdit::recordSelection() {
  const QTextCursor cursor = textCursor();
  if (!cursor.hasSelection() || !HasContinuations(*document())) return;
  selection_ = cursor;
  selection_continues_ =
      ContinuesLine(document()->findBlock(cursor.selectionStart()));
}

QMimeData* SpellTextEdit::createMimeDataFromSelection() const {
  if (!HasContinuations(*document())) {
    return QPlainTextEdit::createMimeDataFromSelection();
  }
  auto* data = new QMimeData;
  data->setText(RealText(textCursor()));
  return data;
}

void SpellTextEdit::noteEdit(int position, int removed, int added) {
  // Undo and redo bring back states that were whole; only an edit is
  // looked at (and the document never changed after an undo, which would
  // drop the redo history).
  const bool user_edit = std::exchange(user_edit_, false);
  if (healing_ || !user_edit || !HasContinuations(*document())) return;
  // The selection, removed by this edit, leaves its first block's mark to
  // put back.
  if (!selection_.isNull() && !selection_.hasSelection()) {
    if (removed > 0 && selection_.position() >= position &&
        selection_.position() <= position + added) {
      repair_at_ = position;
      repair_continues_ = selection_continues_;
    }
    selection_ = QTextCursor();
  }
  const int end = position + added;
  edited_from_ = edited_from_ < 0 ? position : qMin(edited_from_, position);
  edited_to_ = qMax(edited_to_, end);
  heal_timer_.start();
}

void SpellTextEdit::healCuts() {
  heal_timer_.stop();
  if (edited_from_ < 0) return;
  const int from = edited_from_;
  const int to = edited_to_;
  edited_from_ = edited_to_ = -1;
  healing_ = true;
  if (repair_at_ >= 0) {
    QTextCursor cursor(document());
    cursor.setPosition(qMin(repair_at_, document()->characterCount() - 1));
    // The first block continues nothing.
    const bool continues =
        repair_continues_ && cursor.block().previous().isValid();
    if (ContinuesLine(cursor.block()) != continues) {
      cursor.joinPreviousEditBlock();
      SetContinuesLine(cursor, continues);
      cursor.endEditBlock();
    }
    repair_at_ = -1;
  }
  HealCuts(document(), from, to);
  healing_ = false;
  recordSelection();
}

bool SpellTextEdit::event(QEvent* event) {
  const bool result = QPlainTextEdit::event(event);
  if (edited_from_ >= 0) healCuts();
  return result;
}

void SpellTextEdit::setLineNumbersVisible(bool visible) {
  line_numbers_ = visible;
  line_number_area_->setVisible(visible);
  updateLineNumberAreaWidth();
}

int SpellTextEdit::lineNumberAreaWidth() const {
  if (!line_numbers_) return 0;
  int digits = 1;
  for (int max = qMax(1, blockCount()); max >= 10; max /= 10) ++digits;
  digits = qMax(digits, 2);  // no jump in width at line 10
  return 6 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits;
}

void SpellTextEdit::updateLineNumberAreaWidth() {
  setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
  const QRect cr = contentsRect();
  line_number_area_->setGeometry(
      QRect(cr.left(), cr.top(), lineNumberAreaWidth(), cr.height()));
}

void SpellTextEdit::updateLineNumberArea(const QRect& rect, int dy) {
  if (!line_numbers_) return;
  if (dy != 0) {
    line_number_area_->scroll(0, dy);
  } else {
    line_number_area_->update(0, rect.y(), line_number_area_->width(),
                              rect.height());
  }
  if (rect.contains(viewport()->rect())) updateLineNumberAreaWidth();
}

void SpellTextEdit::resizeEvent(QResizeEvent* event) {
  QPlainTextEdit::resizeEvent(event);
  updateLineNumberAreaWidth();
}

void SpellTextEdit::lineNumberAreaPaintEvent(QPaintEvent* event) {
  QPainter painter(line_number_area_);
  const QPalette& pal = palette();
  painter.fillRect(event->rect(), pal.color(QPalette::AlternateBase));
  // Quieter than the text, but readable (4.5:1) in both themes.
  painter.setPen(SubduedTextColor(pal, QPalette::AlternateBase));
  painter.setFont(font());
  QTextBlock block = firstVisibleBlock();
  int number = line_map_.lineOf(block);
  int top =
      qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
  int bottom = top + qRound(blockBoundingRect(block).height());
  const int width = line_number_area_->width() - 3;
  while (block.isValid() && top <= event->rect().bottom()) {
    // A piece of a long line (soft_lines.h) goes unnumbered, as a
    // wrapped line does.
    if (block.isVisible() && bottom >= event->rect().top() &&
        !ContinuesLine(block)) {
      painter.drawText(0, top, width, fontMetrics().height(), Qt::AlignRight,
                       QString::number(number + 1));
    }
    block = block.next();
    top = bottom;
    bottom = top + qRound(blockBoundingRect(block).height());
    if (!ContinuesLine(block)) ++number;
  }
}

void SpellTextEdit::paintEvent(QPaintEvent* event) {
  in_paint_ = true;
  checkVisibleBlocks();
  in_paint_ = false;
  if (HasContinuations(*document()) && lineWrapMode() != NoWrap) {
    // A row shared by two blocks (continued_line_layout.h) lies in the
    // bounding rect of the first: a repaint of it must paint the block
    // after too, whose rect starts below it. One row more on each side.
    const int row = fontMetrics().lineSpacing() + 1;
    QPaintEvent wider(event->rect().adjusted(0, -row, 0, row));
    QPlainTextEdit::paintEvent(&wider);
    paintSharedBottomRow(event->rect());
  } else {
    QPlainTextEdit::paintEvent(event);
  }
  paintUnderlines(event->rect());
}

void SpellTextEdit::paintSharedBottomRow(const QRect& area) {
  // QPlainTextEdit stops after the block whose rect reaches below the
  // viewport; a block sharing that block's last row is left out.
  const int height = viewport()->height();
  QPointF offset = contentOffset();
  QTextBlock block = firstVisibleBlock();
  while (block.isValid()) {
    offset.ry() += blockBoundingRect(block).height();
    block = block.next();
    if (offset.y() > height) break;
  }
  if (!block.isValid() || !layout_->sharesRow(block)) return;
  QPainter painter(viewport());
  painter.setClipRect(area);
  QList<QTextLayout::FormatRange> selections;
  const QTextCursor cursor = textCursor();
  const int start = block.position();
  const int end = start + block.length();
  if (cursor.hasSelection() && cursor.selectionStart() < end &&
      cursor.selectionEnd() > start) {
    QTextLayout::FormatRange range;
    range.start = qMax(cursor.selectionStart(), start) - start;
    range.length = qMin(cursor.selectionEnd(), end) - start - range.start;
    range.format.setBackground(palette().brush(QPalette::Highlight));
    range.format.setForeground(palette().brush(QPalette::HighlightedText));
    selections.append(range);
  }
  painter.setPen(palette().color(QPalette::Text));
  block.layout()->draw(&painter, offset, selections, area);
}

int SpellTextEdit::positionAt(QPoint point) const {
  QPointF offset = contentOffset();
  QTextBlock block = firstVisibleBlock();
  if (!block.isValid() || point.y() < offset.y()) {
    return cursorForPosition(point).position();
  }
  for (;;) {
    const qreal bottom = offset.y() + blockBoundingRect(block).height();
    if (point.y() < bottom || !block.next().isValid()) break;
    offset.setY(bottom);
    block = block.next();
  }
  return layout_->hitTest(block, QPointF(point) - offset);
}

void SpellTextEdit::followMouse(QPoint point, bool keep_anchor) {
  if (!HasContinuations(*document())) return;
  const int position = positionAt(point);
  if (position == textCursor().position()) return;
  QTextCursor cursor = textCursor();
  cursor.setPosition(position, keep_anchor ? QTextCursor::KeepAnchor
                                           : QTextCursor::MoveAnchor);
  setTextCursor(cursor);
}

void SpellTextEdit::mousePressEvent(QMouseEvent* event) {
  QPlainTextEdit::mousePressEvent(event);
  if (event->button() == Qt::LeftButton) {
    followMouse(event->position().toPoint(),
                event->modifiers() & Qt::ShiftModifier);
  }
}

void SpellTextEdit::mouseMoveEvent(QMouseEvent* event) {
  QPlainTextEdit::mouseMoveEvent(event);
  if (event->buttons() & Qt::LeftButton) {
    followMouse(event->position().toPoint(), true);
  }
}

void SpellTextEdit::mouseDoubleClickEvent(QMouseEvent* event) {
  QPlainTextEdit::mouseDoubleClickEvent(event);
  if (event->button() != Qt::LeftButton || !HasContinuations(*document())) {
    return;
  }
  const int position = positionAt(event->position().toPoint());
  const QTextCursor selected = textCursor();
  if (position >= selected.selectionStart() &&
      position <= selected.selectionEnd()) {
    return;
  }
  QTextCursor cursor(document());
  cursor.setPosition(position);
  cursor.select(QTextCursor::WordUnderCursor);
  setTextCursor(cursor);
}

bool SpellTextEdit::moveByRow(QKeyEvent* event) {
  if (lineWrapMode() == NoWrap) return false;
  const bool select = event->matches(QKeySequence::SelectPreviousLine) ||
                      event->matches(QKeySequence::SelectNextLine) ||
                      event->matches(QKeySequence::SelectStartOfLine) ||
                      event->matches(QKeySequence::SelectEndOfLine);
  const bool up = event->matches(QKeySequence::MoveToPreviousLine) ||
                  event->matches(QKeySequence::SelectPreviousLine);
  const bool down = event->matches(QKeySequence::MoveToNextLine) ||
                    event->matches(QKeySequence::SelectNextLine);
  const bool home = event->matches(QKeySequence::MoveToStartOfLine) ||
                    event->matches(QKeySequence::SelectStartOfLine);
  const bool end = event->matches(QKeySequence::MoveToEndOfLine) ||
                   event->matches(QKeySequence::SelectEndOfLine);
  if (!up && !down && !home && !end) return false;
  QTextCursor cursor = textCursor();
  const int from = cursor.position();
  int to = from;
  if (up || down) {
    if (row_x_position_ != from) row_x_ = layout_->xOf(from);
    to = up ? layout_->positionAbove(from, row_x_)
            : layout_->positionBelow(from, row_x_);
    // Above the first row, below the last: to the document's ends.
    if (to < 0) to = up ? 0 : document()->characterCount() - 1;
  } else {
    to = home ? layout_->rowStart(from) : layout_->rowEnd(from);
  }
  cursor.setPosition(
      to, select ? QTextCursor::KeepAnchor : QTextCursor::MoveAnchor);
  setTextCursor(cursor);
  ensureCursorVisible();
  keepCursorRowVisible();
  row_x_position_ = (up || down) ? to : -1;
  return true;
}

void SpellTextEdit::skipSharedRowStep(int value) {
  const int from = std::exchange(scroll_value_, value);
  if (!HasContinuations(*document()) || lineWrapMode() == NoWrap) return;
  // QPlainTextEdit counts a shared row in the lines of both blocks; the
  // step to a piece's first line shows what its second shows (the view
  // starts at the piece's own rows): step over it, the way it was going.
  const QTextBlock top = firstVisibleBlock();
  if (value != top.firstLineNumber() || !layout_->sharesRow(top)) return;
  QScrollBar* bar = verticalScrollBar();
  const int next = value + (value > from ? 1 : -1);
  if (next >= bar->minimum() && next <= bar->maximum()) bar->setValue(next);
}

void SpellTextEdit::keepCursorRowVisible() {
  if (!HasContinuations(*document())) return;
  QScrollBar* bar = verticalScrollBar();
  // The shared row is one scroll step above the block's own lines (two
  // where QPlainTextEdit counts the shared row in both blocks).
  for (int i = 0; i < 3 && cursorRect().top() < 0 && bar->value() > 0; ++i) {
    bar->setValue(bar->value() - 1);
  }
}

void SpellTextEdit::replace(const QTextCursor& range, const QString& text) {
  QTextCursor c(document());
  c.setPosition(range.selectionStart());
  c.setPosition(range.selectionEnd(), QTextCursor::KeepAnchor);
  InsertText(c, text);
}

int SpellTextEdit::replaceAll(const QString& word, const QString& text,
                              int* position) {
  QList<int> starts;
  QList<TextSpan> spans;
  for (QTextBlock block = document()->begin(); block.isValid();
       block = block.next()) {
    const QString line = block.text();
    if (!line.contains(word)) continue;
    service_->findMisspellings(line, &spans);
    for (const TextSpan& s : spans) {
      if (QStringView(line).sliced(s.start, s.length) == word) {
        starts.append(block.position() + s.start);
      }
    }
  }
  if (starts.isEmpty()) return 0;
  QTextCursor c(document());
  c.beginEditBlock();
  // Back to front, so the earlier positions stay valid.
  for (auto it = starts.crbegin(); it != starts.crend(); ++it) {
    c.setPosition(*it);
    c.setPosition(*it + word.size(), QTextCursor::KeepAnchor);
    c.insertText(text);
  }
  c.endEditBlock();
  if (position != nullptr) {
    const auto before = std::count_if(starts.cbegin(), starts.cend(),
                                      [&](int s) { return s < *position; });
    *position += static_cast<int>(before) * (text.size() - word.size());
  }
  return starts.size();
}

void SpellTextEdit::contextMenuEvent(QContextMenuEvent* event) {
  std::unique_ptr<QMenu> menu(createStandardContextMenu(event->pos()));
  AddSpellingActions(this, menu.get(),
                     HasContinuations(*document())
                         ? positionAt(event->pos())
                         : cursorForPosition(event->pos()).position());
  menu->exec(event->globalPos());
}

bool SpellTextEdit::IsWordKey(const QKeyEvent* event) {
  if (event->modifiers() &
      (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) {
    return false;
  }
  if (event->key() == Qt::Key_Backspace || event->key() == Qt::Key_Delete) {
    return true;
  }
  const QString text = event->text();
  if (text.isEmpty()) return false;
  for (QChar c : text) {
    if (!c.isLetterOrNumber() && !c.isMark() && c != u'\'' && c != u'\u2019')
      return false;
  }
  return true;
}

void SpellTextEdit::keyPressEvent(QKeyEvent* event) {
  const bool word_key = IsWordKey(event);
  // Where the edit happens, for the highlighting it triggers: a Backspace
  // removes the character before the cursor.
  const QTextCursor cursor = textCursor();
  int position = cursor.selectionStart();
  if (event->key() == Qt::Key_Backspace && !cursor.hasSelection()) {
    position = qMax(0, position - 1);
  }
  highlighter_->setTypingPosition(word_key ? position : -1);
  if (HasContinuations(*document()) && !isReadOnly()) {
    // A line end typed in a piece of a long line is a real one, not a
    // copy of the piece's mark (see soft_lines.h).
    if (event->matches(QKeySequence::InsertParagraphSeparator)) {
      insertText(QStringLiteral("\n"));
      event->accept();
      return;
    }
    if (stepOverCut(event)) {
      event->accept();
      return;
    }
    if (editNearCut(event)) {
      if (word_key) highlighter_->setTypingPosition(textCursor().position());
      event->accept();
      return;
    }
  }
  if (HasContinuations(*document()) && moveByRow(event)) {
    event->accept();
    return;
  }
  in_key_press_ = true;
  QPlainTextEdit::keyPressEvent(event);
  in_key_press_ = false;
  keepCursorRowVisible();
  if (word_key) highlighter_->setTypingPosition(textCursor().position());
}

bool SpellTextEdit::stepOverCut(QKeyEvent* event) {
  const bool left = event->matches(QKeySequence::MoveToPreviousChar) ||
                    event->matches(QKeySequence::SelectPreviousChar);
  const bool right = event->matches(QKeySequence::MoveToNextChar) ||
                     event->matches(QKeySequence::SelectNextChar);
  if (!left && !right) return false;
  QTextCursor cursor = textCursor();
  const QTextBlock block = cursor.block();
  const auto mode = event->matches(QKeySequence::SelectPreviousChar) ||
                            event->matches(QKeySequence::SelectNextChar)
                        ? QTextCursor::KeepAnchor
                        : QTextCursor::MoveAnchor;
  if (mode == QTextCursor::MoveAnchor && cursor.hasSelection()) return false;
  if (left && cursor.atBlockStart() && ContinuesLine(block)) {
    cursor.setPosition(block.position() - 1, mode);
    cursor.movePosition(QTextCursor::PreviousCharacter, mode);
  } else if (right && cursor.atBlockEnd() && ContinuesLine(block.next())) {
    cursor.setPosition(block.next().position(), mode);
    cursor.movePosition(QTextCursor::NextCharacter, mode);
  } else {
    return false;
  }
  setTextCursor(cursor);
  ensureCursorVisible();
  return true;
}

bool SpellTextEdit::editNearCut(QKeyEvent* event) {
  QTextCursor cursor = textCursor();
  const QTextBlock block = cursor.block();
  // Anything but a letter or digit typed in a piece next to a cut at a
  // mark can make its stretch an address (soft_lines.h, NextToMarkCut).
  const QString typed = event->text();
  const bool stretch_key =
      event->key() == Qt::Key_Backspace || event->key() == Qt::Key_Delete ||
      std::any_of(typed.cbegin(), typed.cend(),
                  [](QChar c) { return !c.isLetterOrNumber(); });
  if (!cursor.hasSelection() &&
      !(ContinuesLine(block) && cursor.positionInBlock() <= 1) &&
      !(ContinuesLine(block.next()) &&
        cursor.positionInBlock() >= block.length() - 2) &&
      !(stretch_key && NextToMarkCut(block))) {
    return false;
  }
  if ((event->modifiers() & ~Qt::ShiftModifier & ~Qt::KeypadModifier) !=
      Qt::NoModifier) {
    return false;
  }
  // The edit is made here, as an edit block, so that healCuts() can join
  // it (QWidgetTextControl makes a typed character or a Backspace a plain
  // command, which an edit block cannot join, and it cannot run inside
  // one of ours). A Backspace at the start of a piece, a Delete at the end
  // of the piece before one, mean the character across the cut.
  const QString text = event->text();
  if (event->key() == Qt::Key_Backspace || event->key() == Qt::Key_Delete) {
    cursor.beginEditBlock();
    if (cursor.hasSelection()) {
      InsertText(cursor, QString());
    } else if (event->key() == Qt::Key_Backspace) {
      if (cursor.atBlockStart() && ContinuesLine(block)) {
        cursor.setPosition(block.position() - 1);
      }
      cursor.deletePreviousChar();
    } else {
      if (cursor.atBlockEnd() && ContinuesLine(block.next())) {
        cursor.setPosition(block.next().position());
      }
      cursor.deleteChar();
    }
    cursor.endEditBlock();
  } else if (!text.isEmpty() &&
             std::all_of(text.cbegin(), text.cend(),
                         [](QChar c) { return c.isPrint(); })) {
    InsertText(cursor, text);
  } else {
    return false;
  }
  setTextCursor(cursor);
  ensureCursorVisible();
  return true;
}

void SpellTextEdit::onCursorMoved() {
  if (in_key_press_) return;
  if (textCursor().position() != highlighter_->typingPosition()) {
    highlighter_->setTypingPosition(-1);
  }
}

void SpellTextEdit::focusOutEvent(QFocusEvent* event) {
  highlighter_->setTypingPosition(-1);
  QPlainTextEdit::focusOutEvent(event);
}

// A tab in the background leaves the walk over its flagged words, after a
// word became correct, until it is shown (SpellHighlighter::setInBackground).
void SpellTextEdit::showEvent(QShowEvent* event) {
  QPlainTextEdit::showEvent(event);
  highlighter_->recheckFlaggedWordsIfDue();
}

QStringList SpellTextEdit::LocalFiles(const QMimeData* data) {
  QStringList paths;
  if (data == nullptr || !data->hasUrls()) return paths;
  for (const QUrl& url : data->urls()) {
    if (url.isLocalFile()) paths.append(url.toLocalFile());
  }
  return paths;
}

void SpellTextEdit::dragEnterEvent(QDragEnterEvent* event) {
  if (!LocalFiles(event->mimeData()).isEmpty()) {
    event->acceptProposedAction();
    return;
  }
  QPlainTextEdit::dragEnterEvent(event);
}

void SpellTextEdit::dragMoveEvent(QDragMoveEvent* event) {
  if (!LocalFiles(event->mimeData()).isEmpty()) {
    event->acceptProposedAction();
    return;
  }
  QPlainTextEdit::dragMoveEvent(event);
}

void SpellTextEdit::dropEvent(QDropEvent* event) {
  const QStringList files = LocalFiles(event->mimeData());
  if (!files.isEmpty()) {
    event->acceptProposedAction();
    emit filesDropped(files);
    return;
  }
  QPlainTextEdit::dropEvent(event);
}

}  // namespace spellfilter::editor
