// Word wrap across the pieces of a long line (continued_line_layout.h):
// with word wrap on, a line shown in pieces wraps exactly as the same line
// in one block (issue 35: a short visual line showed where each ~4,000-
// character piece ended), and the keys and the mouse follow the rows.
#include "app/editor/continued_line_layout.h"

#include <QImage>
#include <QPlainTextEdit>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>
#include <memory>

#include "app/editor/soft_lines.h"
#include "app/editor/spell_service.h"
#include "app/editor/spell_text_edit.h"
#include "app/editor/text_file.h"
#include "editor_test_support.h"

namespace spellfilter::editor {
namespace {

// A line of `words` words, a double space now and then, no line end.
QString LongLine(int words, quint32 seed) {
  static const QStringList kWords = {
      "the", "quick", "brown", "fox",   "jumps",    "over", "lazy",
      "dog", "hello", "world", "text",  "wrapping", "a",    "internationally",
      "of",  "line",  "rows",  "piece", "editor",   "I"};
  QRandomGenerator random(seed);
  QString line;
  for (int i = 0; i < words; ++i) {
    if (i > 0) line += random.bounded(12) == 0 ? u"  " : u" ";
    line += kWords[random.bounded(kWords.size())];
  }
  return line;
}

// Where each visual row of `edit`'s first line starts, as offsets in the
// line: a block's first line on the row of the block before starts none.
QList<int> RowStarts(const QPlainTextEdit& edit) {
  const QTextDocument* document = edit.document();
  QAbstractTextDocumentLayout* layout = document->documentLayout();
  QList<int> starts;
  int piece = 0;
  for (QTextBlock b = document->begin();
       b.isValid() && (b == document->begin() || ContinuesLine(b));
       b = b.next()) {
    (void)layout->blockBoundingRect(b);  // laid out
    const QTextLayout* lines = b.layout();
    for (int i = 0; i < lines->lineCount(); ++i) {
      if (i == 0 && lines->lineAt(0).y() < 0) continue;
      starts.append(piece + lines->lineAt(i).textStart());
    }
    piece += b.length() - 1;
  }
  return starts;
}

// `edit`'s cursor rectangle at offset `offset` of its first line (at the
// start of the piece holding it, where a piece starts there).
QRect CursorRectAt(const QPlainTextEdit& edit, int offset) {
  const RealLine line = RealLine::Of(edit.document()->begin());
  QTextCursor cursor(const_cast<QTextDocument*>(edit.document()));
  cursor.setPosition(line.position(offset));
  return edit.cursorRect(cursor);
}

class ContinuedLineLayoutTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<SpellService> service_;

  // A SpellTextEdit showing `text` (spelling off, so that it paints the
  // text alone) and a plain QPlainTextEdit with it in one block, the same
  // size.
  struct Pair {
    std::unique_ptr<SpellTextEdit> pieces;
    std::unique_ptr<QPlainTextEdit> whole;

    void resize(int width, int height) {
      pieces->resize(width, height);
      whole->resize(width, height);
      QCoreApplication::processEvents();
    }
  };

  Pair MakePair(const QString& text) {
    Pair pair;
    pair.pieces = std::make_unique<SpellTextEdit>(service_.get());
    pair.pieces->setSpellCheckingEnabled(false);
    pair.pieces->setPlainText(text);
    pair.whole = std::make_unique<QPlainTextEdit>();
    pair.whole->setPlainText(text);
    for (QPlainTextEdit* edit :
         {static_cast<QPlainTextEdit*>(pair.pieces.get()), pair.whole.get()}) {
      edit->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
      edit->setLineWrapMode(QPlainTextEdit::WidgetWidth);
      edit->show();
    }
    return pair;
  }

 private slots:
  void init() {
    service_ = std::make_unique<SpellService>();
    QString error;
    QVERIFY2(service_->openDictionary(Environment().dictionary(), &error),
             qPrintable(error));
  }
  void cleanup() { service_.reset(); }

  // The rows (where each starts in the line), the cursor rectangle at
  // each piece's start and the pixels on screen are those of the line in
  // one block, at several widths: no short row where a piece ends.
  void wrapsAsOneBlock_data() {
    QTest::addColumn<int>("width");
    QTest::newRow("400 px") << 400;
    QTest::newRow("623 px") << 623;
    QTest::newRow("777 px") << 777;
  }
  void wrapsAsOneBlock() {
    QFETCH(int, width);
    const QString text = LongLine(3'000, 7);  // about 20,000 characters
    Pair pair = MakePair(text);
    QVERIFY(pair.pieces->document()->blockCount() >= 3);  // in pieces
    QCOMPARE(DocumentText(*pair.pieces->document()), text);
    pair.resize(width, 600);
    const QList<int> expected = RowStarts(*pair.whole);
    QCOMPARE(RowStarts(*pair.pieces), expected);
    // Each piece's first character is where it is in the whole line.
    int shared = 0;
    const RealLine line = RealLine::Of(pair.pieces->document()->begin());
    for (const auto& [offset, position] : line.pieces) {
      QCOMPARE(CursorRectAt(*pair.pieces, int(offset)),
               CursorRectAt(*pair.whole, int(offset)));
      const QTextBlock block = pair.pieces->document()->findBlock(position);
      if (block.layout()->lineAt(0).y() < 0) ++shared;
    }
    // Most cuts fall inside a row (one at a row's start is by chance).
    QVERIFY2(shared >= 2, qPrintable(QString::number(shared)));
    // On screen: the same pixels, at the top and scrolled to rows where
    // pieces meet.
    for (const auto& [offset, position] : line.pieces) {
      for (QPlainTextEdit* edit :
           {static_cast<QPlainTextEdit*>(pair.pieces.get()),
            pair.whole.get()}) {
        QTextCursor cursor(edit->document());
        cursor.setPosition(edit == pair.whole.get() ? int(offset) : position);
        edit->setTextCursor(cursor);
        edit->centerCursor();
        edit->setTextCursor(QTextCursor(edit->document()));  // no caret
      }
      QCoreApplication::processEvents();
      const QImage pieces = pair.pieces->viewport()->grab().toImage();
      const QImage whole = pair.whole->viewport()->grab().toImage();
      QVERIFY2(
          pieces == whole,
          qPrintable(QString("at offset %1, %2 px").arg(offset).arg(width)));
    }
  }

  // Typing in a piece lays the rows out again as in one block; so does a
  // change of width, and undo and redo after it give the text back
  // exactly (the pieces are not touched: nothing enters the history).
  void editsAndWidthChangesKeepTheRows() {
    const QString text = LongLine(3'000, 11);
    Pair pair = MakePair(text);
    pair.resize(500, 400);
    SpellTextEdit* edit = pair.pieces.get();
    const RealLine line = RealLine::Of(edit->document()->begin());
    // Near the end of the second piece, so the third one's start moves.
    const int offset = int(line.pieces[2].first) - 30;
    QTextCursor cursor(edit->document());
    cursor.setPosition(line.position(offset));
    edit->setTextCursor(cursor);
    edit->setFocus();
    QTest::keyClicks(edit, "wider words here ");
    QCoreApplication::processEvents();
    QString typed = text;
    typed.insert(offset, "wider words here ");
    QCOMPARE(DocumentText(*edit->document()), typed);
    pair.whole->setPlainText(typed);
    QCoreApplication::processEvents();
    QCOMPARE(RowStarts(*edit), RowStarts(*pair.whole));
    pair.resize(703, 400);
    QCOMPARE(RowStarts(*edit), RowStarts(*pair.whole));
    edit->undo();
    QCoreApplication::processEvents();
    QCOMPARE(DocumentText(*edit->document()), text);
    pair.whole->setPlainText(text);
    QCOMPARE(RowStarts(*edit), RowStarts(*pair.whole));
    pair.resize(450, 400);
    edit->redo();
    QCOMPARE(DocumentText(*edit->document()), typed);
    edit->undo();
    QCOMPARE(DocumentText(*edit->document()), text);
    QVERIFY(!edit->document()->isModified());
  }

  // Each step of the vertical scroll bar moves the view one row, down and
  // up, also where a piece's first line is on the row before (Qt counts
  // that row in both blocks).
  void everyScrollStepMovesARow() {
    const QString text = LongLine(3'000, 7);
    Pair pair = MakePair(text);
    pair.resize(623, 300);
    SpellTextEdit* edit = pair.pieces.get();
    QScrollBar* bar = edit->verticalScrollBar();
    const int row = edit->fontMetrics().lineSpacing();
    const auto top = [&] { return edit->positionAt(QPoint(2, row / 2)); };
    const RealLine line = RealLine::Of(edit->document()->begin());
    const int end_of_third = int(line.pieces[3].second);
    int steps = 0;
    QList<int> tops = {top()};
    while (tops.last() < end_of_third && steps < 1000) {
      bar->triggerAction(QAbstractSlider::SliderSingleStepAdd);
      QCoreApplication::processEvents();
      tops.append(top());
      ++steps;
      QVERIFY2(
          tops.last() > tops[tops.size() - 2],
          qPrintable(QString("step %1 down: %2").arg(steps).arg(tops.last())));
    }
    // As many rows as the whole line has up to there, and back up.
    QVERIFY(steps > 40);
    for (int i = tops.size() - 2; i >= 0; --i) {
      bar->triggerAction(QAbstractSlider::SliderSingleStepSub);
      QCoreApplication::processEvents();
      QCOMPARE(top(), tops[i]);
    }
  }

  // Up, Down, Home, End and a click on a row two pieces share land where
  // they would in one block.
  void keysAndMouseFollowTheRows() {
    const QString text = LongLine(3'000, 7);
    Pair pair = MakePair(text);
    pair.resize(623, 600);
    SpellTextEdit* edit = pair.pieces.get();
    // A piece whose first line is on the row before, with text of the
    // piece before at its left.
    const RealLine line = RealLine::Of(edit->document()->begin());
    int piece = -1;
    for (size_t i = 1; i < line.pieces.size(); ++i) {
      const QTextBlock b = edit->document()->findBlock(line.pieces[i].second);
      if (b.layout()->lineAt(0).y() < 0 && b.layout()->lineCount() > 2) {
        piece = int(i);
        break;
      }
    }
    QVERIFY(piece > 0);
    const int cut = int(line.pieces[piece].first);
    const auto offset_of = [&](QPlainTextEdit* e) {
      const int position = e->textCursor().position();
      if (e == pair.whole.get()) return position;
      const QTextBlock b = e->document()->findBlock(position);
      return int(RealLine::Of(b).pieces[b.blockNumber()].first) + position -
             b.position();
    };
    const auto place = [&](QPlainTextEdit* e, int offset) {
      QTextCursor c(e->document());
      c.setPosition(e == pair.whole.get() ? offset : line.position(offset));
      e->setTextCursor(c);
      e->centerCursor();
    };
    struct Step {
      const char* name;
      int from;  // offset in the line
      Qt::Key key;
    };
    const QList<Step> steps = {
        {"Home on the shared row, right of the cut", cut + 3, Qt::Key_Home},
        {"End on the shared row, left of the cut", cut - 3, Qt::Key_End},
        {"Down onto the shared row", cut - 60, Qt::Key_Down},
        {"Down from the shared row, left", cut - 3, Qt::Key_Down},
        {"Down from the shared row, right", cut + 2, Qt::Key_Down},
        {"Up onto the shared row", cut + 120, Qt::Key_Up},
        {"Up from the shared row, right", cut + 2, Qt::Key_Up},
    };
    for (const Step& step : steps) {
      int landed[2];
      int i = 0;
      for (QPlainTextEdit* e :
           {static_cast<QPlainTextEdit*>(edit), pair.whole.get()}) {
        place(e, step.from);
        QTest::keyClick(e, step.key);
        landed[i++] = offset_of(e);
      }
      QVERIFY2(landed[0] == landed[1],
               qPrintable(QString("%1: %2, in one block %3")
                              .arg(step.name)
                              .arg(landed[0])
                              .arg(landed[1])));
    }
    // A click right of the cut on the shared row, and one left of it.
    for (int offset : {cut + 2, cut - 4}) {
      int landed[2];
      int i = 0;
      for (QPlainTextEdit* e :
           {static_cast<QPlainTextEdit*>(edit), pair.whole.get()}) {
        place(e, offset);
        const QRect rect = e->cursorRect();
        // The cursor elsewhere on screen, the view where it was.
        QTextCursor c = e->textCursor();
        c.setPosition(c.position() + 5);
        e->setTextCursor(c);
        QTest::mouseClick(e->viewport(), Qt::LeftButton, {}, rect.center());
        landed[i++] = offset_of(e);
      }
      QCOMPARE(landed[0], landed[1]);
    }
  }
};

}  // namespace
}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::ContinuedLineLayoutTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "continued_line_layout_test.moc"
