// Word wrap across the pieces of a long line. The editor shows a line
// longer than kSplitAbove characters as several blocks (soft_lines.h), so
// that a keystroke lays out one piece; laid out alone, each piece would
// end in a short visual line. This layout lays a piece that continues a
// line (ContinuesLine) out after the piece before it: its first visual
// line starts on the last row of that piece, at the x where its text ends,
// as wide as the rest of the row, and its other lines follow as usual. A
// piece is cut after white space, where the whole line's greedy breaking
// may break too, so the rows are the same as the whole line's in one block
// (ContinuedLineLayoutTest compares them at several widths).
//
// The shared row belongs to the block before: a continuation's first line
// sits at a negative y in its block (one row up) and its bounding rect
// starts on the row after. When the rest of the row cannot take the
// piece's first word (or word wrap is off), the piece starts a row of its
// own, as any block does.
//
// What QPlainTextEdit then gets wrong on a shared row, SpellTextEdit puts
// right with HitTest(), RowStart()/RowEnd() and paints both blocks of a
// shared row whatever part of it is exposed (see SpellTextEdit).
#ifndef SPELLFILTER_APP_EDITOR_CONTINUED_LINE_LAYOUT_H_
#define SPELLFILTER_APP_EDITOR_CONTINUED_LINE_LAYOUT_H_

#include <QHash>
#include <QPlainTextDocumentLayout>
#include <QPointF>
#include <QTextBlock>

class QTextLayout;

namespace spellfilter::editor {

class ContinuedLineLayout : public QPlainTextDocumentLayout {
  Q_OBJECT

 public:
  explicit ContinuedLineLayout(QTextDocument* document);

  // Lays a continuation block out after the block before it, if it is not
  // yet (or was laid out by the base class, or for another width or
  // start); then as the base class.
  [[nodiscard]] QRectF blockBoundingRect(
      const QTextBlock& block) const override;

  // Whether `block`'s first visual line is on the last row of the block
  // before it. Lays `block` out first if needed.
  [[nodiscard]] bool sharesRow(const QTextBlock& block) const;

  // The document position of the point `point`, given in the coordinates
  // of `block`'s bounding rect (as QPlainTextEdit's hit test gives them):
  // on the last row of `block`, right of its text, the position in the
  // next block's first line when that shares the row.
  [[nodiscard]] int hitTest(const QTextBlock& block, QPointF point) const;

  // The first and last positions on the visual row holding `position`
  // (its line, and the line of a neighbouring block sharing its row).
  [[nodiscard]] int rowStart(int position) const;
  [[nodiscard]] int rowEnd(int position) const;
  // The x (in layout coordinates) of `position`, and the position at x on
  // the visual row above or below it (-1 where there is none).
  [[nodiscard]] qreal xOf(int position) const;
  [[nodiscard]] int positionAbove(int position, qreal x) const;
  [[nodiscard]] int positionBelow(int position, qreal x) const;

 protected:
  void documentChanged(int from, int removed, int added) override;

 private:
  // A visual row: the block whose row it is and its line there (never
  // the first line of a block sharing the row of the block before).
  struct Row {
    QTextBlock block;
    int line = 0;
  };
  [[nodiscard]] Row rowOf(int position) const;
  [[nodiscard]] Row canonical(Row row) const;
  [[nodiscard]] int positionInRow(Row row, qreal x) const;

  // How a continuation block was laid out: for which width and starting
  // x, and where its first line went (to see whether the base class laid
  // it out again since).
  struct Decision {
    qreal width = 0;
    qreal start_x = 0;
    QPointF first_line;
  };

  // Whether `block` is a continuation laid out by layoutContinuation for
  // the present end of the block before it (a change of width or font
  // clears every layout: QPlainTextDocumentLayout::setTextWidth).
  [[nodiscard]] bool isCurrent(const QTextBlock& block) const;
  // Makes sure `block` is laid out as it should be (continuation or not).
  void ensureLaidOut(const QTextBlock& block) const;
  // Lays continuation `block` out after the block before it (laid out).
  void layoutContinuation(const QTextBlock& block) const;
  // Lays out again the continuations after `block` whose start moved;
  // asks for their repaint.
  void relayoutFollowing(QTextBlock block);
  // Where the text of `block` (laid out) ends on its last row, in its
  // layout's x, and that row's top relative to the next block's top.
  [[nodiscard]] qreal endX(const QTextBlock& block) const;
  // The width of a full line, as `block` (laid out) was laid out for.
  [[nodiscard]] qreal lineWidth(const QTextBlock& block) const;
  [[nodiscard]] bool wraps() const;

  mutable QHash<const QTextLayout*, Decision> decisions_;
  // The block count the base class last saw (it keeps its own).
  int block_count_ = 1;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_CONTINUED_LINE_LAYOUT_H_
