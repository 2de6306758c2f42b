#include "app/editor/continued_line_layout.h"

#include <QTextBoundaryFinder>
#include <QTextDocument>
#include <QTextLayout>
#include <QTextOption>
#include <climits>

#include "app/editor/soft_lines.h"

namespace spellfilter::editor {
namespace {

// Positions closer than this (in pixels) are the same.
constexpr qreal kSame = 1.0 / 128;

// Whether a line may end at `end` in `text`: its end, or a line-break
// opportunity (a line wrapped at any character ends elsewhere).
bool MayBreakAt(const QString& text, int end) {
  if (end >= text.size()) return true;
  // The rules look a few characters around; a stretch of text is enough.
  const int from = qMax(0, end - 32);
  const QString around = text.mid(from, 64);
  QTextBoundaryFinder finder(QTextBoundaryFinder::Line, around);
  finder.setPosition(end - from);
  return finder.isAtBoundary();
}

}  // namespace

ContinuedLineLayout::ContinuedLineLayout(QTextDocument* document)
    : QPlainTextDocumentLayout(document),
      block_count_(document->blockCount()) {}

qreal ContinuedLineLayout::lineWidth(const QTextBlock& block) const {
  // The width the base class gives every line (private to it); a
  // continuation keeps the one it was laid out for, its first line
  // being shorter.
  if (ContinuesLine(block)) {
    const auto it = decisions_.constFind(block.layout());
    if (it != decisions_.cend()) return it->width;
  }
  const QTextLayout* layout = block.layout();
  return layout->lineAt(layout->lineCount() - 1).width();
}

bool ContinuedLineLayout::wraps() const {
  return document()->defaultTextOption().wrapMode() != QTextOption::NoWrap;
}

qreal ContinuedLineLayout::endX(const QTextBlock& block) const {
  const QTextLayout* layout = block.layout();
  const QTextLine last = layout->lineAt(layout->lineCount() - 1);
  return last.x() + last.horizontalAdvance();
}

bool ContinuedLineLayout::isCurrent(const QTextBlock& block) const {
  const QTextLayout* layout = block.layout();
  if (layout->lineCount() == 0) return false;
  const auto it = decisions_.constFind(layout);
  if (it == decisions_.cend()) return false;
  const QPointF first = layout->lineAt(0).position();
  if (qAbs(first.x() - it->first_line.x()) > kSame ||
      qAbs(first.y() - it->first_line.y()) > kSame) {
    return false;
  }
  // Without word wrap no piece shares a row: where the block before ends
  // does not matter.
  if (!wraps() && first.y() >= 0) return true;
  const QTextBlock previous = block.previous();
  return previous.layout()->lineCount() > 0 &&
         qAbs(endX(previous) - it->start_x) <= kSame;
}

void ContinuedLineLayout::ensureLaidOut(const QTextBlock& block) const {
  if (!block.isValid()) return;
  const QTextBlock previous = block.previous();
  if (!ContinuesLine(block) || !previous.isValid()) {
    if (block.layout()->lineCount() == 0) ensureBlockLayout(block);
    return;
  }
  // Back over blocks not laid out (after a change of width or font, all).
  if (previous.layout()->lineCount() == 0) ensureLaidOut(previous);
  if (!isCurrent(block)) layoutContinuation(block);
}

void ContinuedLineLayout::layoutContinuation(const QTextBlock& block) const {
  const QTextBlock previous = block.previous();
  if (previous.layout()->lineCount() == 0) ensureLaidOut(previous);
  const QTextLayout* before = previous.layout();
  QTextLayout* layout = block.layout();
  const qreal margin = document()->documentMargin();
  const qreal width = lineWidth(previous);
  const qreal start = endX(previous);
  // The previous block's last row, in this block's coordinates: its
  // bounding rect ends where this one's begins.
  const QTextLine last = before->lineAt(before->lineCount() - 1);
  const qreal row_y =
      last.y() - QPlainTextDocumentLayout::blockBoundingRect(previous).height();
  const qreal room = margin + width - start;
  const QString text = block.text();
  layout->setTextOption(document()->defaultTextOption());
  bool shared = false;
  qreal height = 0;
  if (wraps() && start > margin + kSame && room > kSame) {
    layout->beginLayout();
    QTextLine first = layout->createLine();
    if (first.isValid()) {
      first.setLeadingIncluded(true);
      first.setLineWidth(room);
      // The first word fits (a line takes its first word even when it
      // does not, and may cut it anywhere when wrapping so).
      shared = first.naturalTextWidth() <= room + kSame &&
               MayBreakAt(text, first.textStart() + first.textLength());
      if (shared) {
        first.setPosition(QPointF(start, row_y));
        height = row_y + first.height();
      }
    }
    if (!shared) layout->endLayout();
  }
  if (!shared) {
    layout->beginLayout();
    height = 0;
  }
  for (;;) {
    QTextLine line = layout->createLine();
    if (!line.isValid()) break;
    line.setLeadingIncluded(true);
    line.setLineWidth(width);
    line.setPosition(QPointF(margin, height));
    height += line.height();
  }
  layout->endLayout();
  decisions_.insert(layout,
                    Decision{width, start, layout->lineAt(0).position()});
  const int lines_before = document()->lineCount();
  const_cast<QTextBlock&>(block).setLineCount(
      block.isVisible() ? layout->lineCount() : 0);
  if (document()->lineCount() != lines_before) {
    emit const_cast<ContinuedLineLayout*>(this)->documentSizeChanged(
        documentSize());
  }
}

QRectF ContinuedLineLayout::blockBoundingRect(const QTextBlock& block) const {
  if (block.isValid() && ContinuesLine(block)) ensureLaidOut(block);
  return QPlainTextDocumentLayout::blockBoundingRect(block);
}

bool ContinuedLineLayout::sharesRow(const QTextBlock& block) const {
  if (!block.isValid() || !ContinuesLine(block)) return false;
  ensureLaidOut(block);
  const QTextLayout* layout = block.layout();
  return layout->lineCount() > 0 && layout->lineAt(0).y() < -kSame;
}

void ContinuedLineLayout::relayoutFollowing(QTextBlock block) {
  for (QTextBlock b = block.next(); b.isValid() && ContinuesLine(b);
       b = b.next()) {
    // Not laid out yet: it will be when it is needed.
    if (b.layout()->lineCount() == 0 || isCurrent(b)) break;
    const qreal height =
        QPlainTextDocumentLayout::blockBoundingRect(b).height();
    ensureLaidOut(b);
    if (QPlainTextDocumentLayout::blockBoundingRect(b).height() != height) {
      emit update(
          QRectF(0., -document()->documentMargin(), 1000000000., 1000000000.));
      return;
    }
    // Its first line is (or was) on the row of the block before.
    if (wraps()) emit updateBlock(b.previous());
    emit updateBlock(b);
  }
}

void ContinuedLineLayout::documentChanged(int from, int removed, int added) {
  QTextDocument* doc = document();
  const QTextBlock first = doc->findBlock(from);
  const QTextBlock last = doc->findBlock(qMax(0, from + added - 1));
  // A keystroke in a continuation: laid out here, once (the base class
  // would lay it out as a block of its own first).
  if (first == last && doc->blockCount() == block_count_ &&
      ContinuesLine(first) && first.layout()->lineCount() > 0) {
    const qreal height =
        QPlainTextDocumentLayout::blockBoundingRect(first).height();
    const bool shared = first.layout()->lineAt(0).y() < -kSame;
    decisions_.remove(first.layout());
    ensureLaidOut(first);
    if (QPlainTextDocumentLayout::blockBoundingRect(first).height() != height) {
      emit update(QRectF(0., -doc->documentMargin(), 1000000000., 1000000000.));
    } else {
      // The row shared with the block before is in that block's rect.
      if (shared || sharesRow(first)) emit updateBlock(first.previous());
      emit updateBlock(first);
    }
    relayoutFollowing(first);
    return;
  }
  block_count_ = doc->blockCount();
  QPlainTextDocumentLayout::documentChanged(from, removed, added);
  if (from == 0 && added >= doc->characterCount() - 1) decisions_.clear();
  for (QTextBlock b = first; b.isValid(); b = b.next()) {
    decisions_.remove(b.layout());
    // Laid out by the base class as a block of its own.
    if (ContinuesLine(b) && b.layout()->lineCount() > 0) {
      ensureLaidOut(b);
      if (sharesRow(b)) emit updateBlock(b.previous());
    }
    if (b == last) break;
  }
  relayoutFollowing(last);
}

ContinuedLineLayout::Row ContinuedLineLayout::canonical(Row row) const {
  while (row.line == 0 && sharesRow(row.block)) {
    row.block = row.block.previous();
    row.line = row.block.layout()->lineCount() - 1;
  }
  return row;
}

ContinuedLineLayout::Row ContinuedLineLayout::rowOf(int position) const {
  const QTextBlock block = document()->findBlock(position);
  ensureLaidOut(block);
  const QTextLayout* layout = block.layout();
  if (layout->lineCount() == 0) return Row{block, 0};
  QTextLine line = layout->lineForTextPosition(position - block.position());
  if (!line.isValid()) line = layout->lineAt(layout->lineCount() - 1);
  return canonical(Row{block, line.lineNumber()});
}

int ContinuedLineLayout::positionInRow(Row row, qreal x) const {
  QTextBlock owner = row.block;
  int index = row.line;
  // Right of the row's part in this block: the part of a block after.
  for (QTextBlock next = owner.next();
       index == owner.layout()->lineCount() - 1 && sharesRow(next) &&
       x >= next.layout()->lineAt(0).x();
       next = next.next()) {
    owner = next;
    index = 0;
  }
  const QTextLayout* layout = owner.layout();
  if (layout->lineCount() == 0) return owner.position();
  return owner.position() + layout->lineAt(index).xToCursor(x);
}

int ContinuedLineLayout::hitTest(const QTextBlock& block, QPointF point) const {
  ensureLaidOut(block);
  const QTextLayout* layout = block.layout();
  const int count = layout->lineCount();
  if (count == 0) return block.position();
  // The line at point's height, among the block's own rows (a first line
  // on the row before belongs to that row).
  int index = sharesRow(block) && count > 1 ? 1 : 0;
  while (index + 1 < count && point.y() >= layout->lineAt(index + 1).y()) {
    ++index;
  }
  return positionInRow(canonical(Row{block, index}), point.x());
}

qreal ContinuedLineLayout::xOf(int position) const {
  const QTextBlock block = document()->findBlock(position);
  ensureLaidOut(block);
  const QTextLayout* layout = block.layout();
  if (layout->lineCount() == 0) return 0;
  const int in_block = position - block.position();
  QTextLine line = layout->lineForTextPosition(in_block);
  if (!line.isValid()) line = layout->lineAt(layout->lineCount() - 1);
  return line.cursorToX(in_block);
}

int ContinuedLineLayout::positionAbove(int position, qreal x) const {
  Row row = rowOf(position);
  if (row.line > 0) {
    row = canonical(Row{row.block, row.line - 1});
  } else {
    const QTextBlock previous = row.block.previous();
    if (!previous.isValid()) return -1;
    ensureLaidOut(previous);
    row = canonical(Row{previous, previous.layout()->lineCount() - 1});
  }
  return positionInRow(row, x);
}

int ContinuedLineLayout::positionBelow(int position, qreal x) const {
  Row row = rowOf(position);
  QTextBlock block = row.block;
  ensureLaidOut(block);
  if (row.line + 1 < block.layout()->lineCount()) {
    return positionInRow(Row{block, row.line + 1}, x);
  }
  // Past the blocks whose first line is on this row (and nothing more).
  for (block = block.next(); block.isValid(); block = block.next()) {
    if (!sharesRow(block)) return positionInRow(Row{block, 0}, x);
    if (block.layout()->lineCount() > 1) return positionInRow(Row{block, 1}, x);
  }
  return -1;
}

int ContinuedLineLayout::rowStart(int position) const {
  const Row row = rowOf(position);
  const QTextLayout* layout = row.block.layout();
  if (layout->lineCount() == 0) return row.block.position();
  return row.block.position() + layout->lineAt(row.line).textStart();
}

int ContinuedLineLayout::rowEnd(int position) const {
  const Row row = rowOf(position);
  QTextBlock block = row.block;
  if (block.layout()->lineCount() == 0) return block.position();
  QTextLine line = block.layout()->lineAt(row.line);
  // On to the last block sharing the row.
  while (line.lineNumber() == block.layout()->lineCount() - 1 &&
         sharesRow(block.next())) {
    block = block.next();
    line = block.layout()->lineAt(0);
  }
  int end = line.textStart() + line.textLength();
  // A wrapped line ends before its trailing space (on the row, as Qt's
  // End key leaves it); a block's last line at the block's end.
  if (line.lineNumber() < block.layout()->lineCount() - 1 && end > 0 &&
      block.text().at(end - 1).isSpace()) {
    --end;
  }
  return block.position() + end;
}

}  // namespace spellfilter::editor
