// Long lines shown in pieces (app/editor/soft_lines.h): the text comes back
// byte for byte through any edit, undo and redo; line ends typed or pasted
// in a piece are real; the pieces stay cut at white space (or, in a line
// without it, at punctuation that ends a word); line numbers,
// columns and Go to Line count real lines; each piece is checked alone with
// the same result as the whole line.

#include "app/editor/soft_lines.h"

#include <QApplication>
#include <QClipboard>
#include <QPlainTextDocumentLayout>
#include <QRandomGenerator>
#include <QTest>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <memory>

#include "app/editor/pdf_export.h"
#include "app/editor/spell_highlighter.h"
#include "app/editor/spell_service.h"
#include "app/editor/spell_text_edit.h"
#include "app/editor/text_file.h"
#include "app/editor/text_search.h"
#include "editor_test_support.h"

namespace spellfilter::editor {
namespace {

// A line of `words` words from a small vocabulary, one misspelled ("tset")
// every 50 words.
QString LongLine(int words, quint32 seed = 1) {
  static const QStringList kWords = {"the",   "quick", "brown", "fox",
                                     "jumps", "over",  "lazy",  "dog",
                                     "hello", "world", "test",  "text"};
  QRandomGenerator random(seed);
  QString line;
  for (int i = 0; i < words; ++i) {
    if (i > 0)
      line +=
          random.bounded(10) == 0 ? QStringLiteral("  ") : QStringLiteral(" ");
    line += i % 50 == 49 ? QStringLiteral("tset")
                         : kWords[random.bounded(kWords.size())];
  }
  return line;
}

// The same words as minified JSON, without white space: an array of
// objects such as {"text":7,"over":["fox","tset"]}, joined by ','.
QString MinifiedLine(int words, quint32 seed = 1) {
  const QStringList words_list =
      LongLine(words, seed).split(u' ', Qt::SkipEmptyParts);
  QString line = QStringLiteral("[");
  for (qsizetype i = 0; i < words_list.size(); i += 2) {
    if (i > 0) line += u',';
    line += QStringLiteral("{\"text\":%1,\"over\":[\"%2\"")
                .arg(i)
                .arg(words_list[i]);
    if (i + 1 < words_list.size())
      line += QStringLiteral(",\"%1\"").arg(words_list[i + 1]);
    line += QStringLiteral("]}");
  }
  return line + u']';
}

// The characters after which a piece may end (white space, or in a line
// without it, punctuation that ends a word).
bool IsCutChar(QChar c) {
  return c == u' ' || c == u'\t' || c == u',' || c == u';' || c == u'>' ||
         c == u'}' || c == u']' || c == u')';
}

// Sets `text` as SpellTextEdit::setPlainText does, on a bare document.
void SetText(QTextDocument* document, const QString& text) {
  std::vector<int> continuations;
  document->setPlainText(SplitLongLines(text, &continuations));
  MarkContinuations(document, continuations);
}

// How many characters of the real text come before document position
// `position`: each continuation's block separator is not in it.
int RealPosition(const QTextDocument& document, int position) {
  int real = position;
  for (QTextBlock b = document.begin(); b.isValid(); b = b.next()) {
    if (b.position() > position) break;
    if (ContinuesLine(b)) --real;
  }
  return real;
}

// Whether every cut lies at white space or a cut mark, between non-empty
// pieces.
bool CutsHealthy(const QTextDocument& document) {
  for (QTextBlock b = document.begin(); b.isValid(); b = b.next()) {
    if (!ContinuesLine(b)) continue;
    const QString before = b.previous().text();
    const QString text = b.text();
    if (before.isEmpty() || text.isEmpty()) return false;
    if (!IsCutChar(before.back()) && !IsCutChar(text.front())) return false;
  }
  return true;
}

// Where `a` and `b` first differ, for failure messages.
QString Difference(const QString& a, const QString& b) {
  qsizetype d = 0;
  while (d < a.size() && d < b.size() && a[d] == b[d]) ++d;
  return QStringLiteral(
             "sizes %1 and %2, first difference at %3: \"%4\" / \"%5\"")
      .arg(a.size())
      .arg(b.size())
      .arg(d)
      .arg(a.mid(qMax(0, d - 8), 20), b.mid(qMax(0, d - 8), 20));
}

}  // namespace

class SoftLinesTest : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    Environment().reset();
    QString error;
    QVERIFY2(service_.openDictionary(Environment().dictionary(), &error),
             qPrintable(error));
  }

  void shortLinesAreLeftAlone() {
    std::vector<int> continuations{7};
    const QString text = QStringLiteral("one\ntwo\r\nthree\n") + LongLine(1000);
    QVERIFY(text.size() < kSplitAbove);
    QCOMPARE(SplitLongLines(text, &continuations), text);
    QVERIFY(continuations.empty());
    QTextDocument document;
    document.setDocumentLayout(new QPlainTextDocumentLayout(&document));
    SetText(&document, text);
    QVERIFY(!HasContinuations(document));
    QCOMPARE(DocumentText(document), QString(text).replace("\r\n", "\n"));
  }

  void longLinesAreCutAtWhiteSpace() {
    const QString line = LongLine(100000);  // about 500,000 characters
    const QString text = "first\n" + line + "\nlast\n" + line;
    std::vector<int> continuations;
    SplitLongLines(text, &continuations);
    QVERIFY(!continuations.empty());
    QTextDocument document;
    document.setDocumentLayout(new QPlainTextDocumentLayout(&document));
    SetText(&document, text);
    QVERIFY(HasContinuations(document));
    QVERIFY(!document.isModified());
    QVERIFY(!document.isUndoAvailable());
    QCOMPARE(DocumentText(document), text);
    QVERIFY(CutsHealthy(document));
    int pieces = 0;
    for (QTextBlock b = document.begin(); b.isValid(); b = b.next()) {
      QVERIFY2(b.text().size() <= kSplitAbove + 20,
               qPrintable(QString::number(b.text().size())));
      if (ContinuesLine(b)) {
        ++pieces;
        QVERIFY(b.text().size() >= 1);
        QVERIFY(b.previous().text().size() >= kPiece);
      }
    }
    QCOMPARE(pieces, static_cast<int>(continuations.size()));
    QCOMPARE(document.blockCount(), 4 + pieces);
    LineMap lines(&document);
    QCOMPARE(lines.lineCount(), 4);
    QCOMPARE(lines.blockOfLine(2).text(), QStringLiteral("last"));
    const QTextBlock fourth = lines.blockOfLine(3);
    QVERIFY(!ContinuesLine(fourth));
    QCOMPARE(fourth.previous().text(), QStringLiteral("last"));
    QVERIFY(line.startsWith(fourth.text()));
    QCOMPARE(lines.blockOfLine(99).position(), fourth.position());
    QCOMPARE(lines.lineOf(lines.blockOfLine(3)), 3);
    QCOMPARE(lines.lineOf(document.lastBlock()), 3);
    // The column of the last character counts from the line's start.
    const QTextBlock last = document.lastBlock();
    QCOMPARE(lines.columnOf(last, last.length() - 1),
             static_cast<int>(line.size()));
  }

  void aLineWithoutWhiteSpaceStaysWhole() {
    // Nowhere to cut without splitting a word (or a URL: '/', '.', ':'
    // are not cut marks).
    const QString text = QString(20000, u'x') + "y";
    std::vector<int> continuations;
    QCOMPARE(SplitLongLines(text, &continuations), text);
    QVERIFY(continuations.empty());
    const QString url =
        "https://example.org/" + QStringLiteral("a/b.").repeated(5000);
    QCOMPARE(SplitLongLines(url, &continuations), url);
    QVERIFY(continuations.empty());
  }

  // A line without white space (minified JSON) is cut after ',', '}' or
  // ']'; white space, where a line has some, comes first.
  void minifiedLinesAreCutAtMarks() {
    const QString line = MinifiedLine(60000);  // about 600,000 characters
    QVERIFY(!line.contains(u' '));
    const QString text = line + "\nnext\n";
    std::vector<int> continuations;
    const QString shown = SplitLongLines(text, &continuations);
    QCOMPARE(QString(shown).remove(u'\n'), QString(text).remove(u'\n'));
    QVERIFY(continuations.size() > 100);
    QTextDocument document;
    document.setDocumentLayout(new QPlainTextDocumentLayout(&document));
    SetText(&document, text);
    QCOMPARE(DocumentText(document), text);
    QVERIFY(CutsHealthy(document));
    for (QTextBlock b = document.begin(); b.isValid(); b = b.next()) {
      QVERIFY2(b.text().size() <= kSplitAbove + 60,
               qPrintable(QString::number(b.text().size())));
      if (ContinuesLine(b)) {
        QVERIFY(b.previous().text().size() >= kPiece);
        QVERIFY(IsCutChar(b.previous().text().back()));
      }
    }
    QCOMPARE(LineMap(&document).lineCount(), 3);

    // Spaces a piece and a half apart: the cuts are at spaces, not at the
    // nearer commas.
    QString spaced;
    for (int i = 0; spaced.size() < 100000; ++i)
      spaced +=
          (i % 600 == 599) ? QStringLiteral("ab ") : QStringLiteral("a,b,");
    SplitLongLines(spaced, &continuations);
    QVERIFY(!continuations.empty());
    SetText(&document, spaced);
    for (QTextBlock b = document.begin(); b.isValid(); b = b.next())
      if (ContinuesLine(b)) QCOMPARE(b.previous().text().back(), u' ');
  }

  // What is checked in pieces is what is checked in the whole line, for
  // lines cut at marks where the tokenizer judges whole stretches between
  // white space (docs/tokenizer.md, rule 4): web and e-mail addresses,
  // paths, "www." Such stretches are not cut, and no piece starts like
  // one.
  void markCutsNeverChangeWhatIsChecked() {
    const QString json = MinifiedLine(3000);
    struct Case {
      const char* name;
      QString line;
      bool cut;  // whether it is cut at all
    };
    const QString tail = json.mid(1);
    const QList<Case> cases = {
        {"plain", json, true},
        {"a URL in the middle",
         json.left(9000) + "\"https://tset.org/tset\"," + tail, false},
        {"an e-mail address", json.left(9000) + "\"tset@tset.org\"," + tail,
         false},
        {"a path first", "/tset/" + json, false},
        {"www. first", "www.tset," + json, false},
        {"paths after every comma",
         QString(json).replace(u',', QStringLiteral(",/")) + ",/end", false},
        // Cut after ']' or '}', before ",www."
        {"www. after every comma", QString(json).replace(",{", ",www.{"), true},
        {"a URL in another stretch", json + " https://tset.org/ " + json, true},
        {"paths after some commas",
         QString(json).replace(",{\"text\":1", ",\"/tset\",{\"text\":1"), true},
    };
    for (const Case& c : cases) {
      QVERIFY(c.line.size() > kSplitAbove);
      std::vector<int> continuations;
      const QString shown = SplitLongLines(c.line, &continuations);
      QCOMPARE(QString(shown).remove(u'\n'), c.line);
      QVERIFY2(continuations.empty() != c.cut, c.name);
      QList<TextSpan> whole;
      service_.findMisspellings(c.line, &whole);
      if (c.line == json) QCOMPARE(whole.size(), 3000 / 50);
      QList<TextSpan> pieces;
      qsizetype offset = 0;
      for (const QString& piece : shown.split(u'\n')) {
        QList<TextSpan> found;
        service_.findMisspellings(piece, &found);
        for (const TextSpan& s : found)
          pieces.append(TextSpan{static_cast<int>(s.start + offset), s.length});
        offset += piece.size();
      }
      QVERIFY2(pieces.size() == whole.size(),
               qPrintable(QStringLiteral("%1: %2 in pieces, %3 whole")
                              .arg(c.name)
                              .arg(pieces.size())
                              .arg(whole.size())));
      for (qsizetype k = 0; k < whole.size(); ++k) {
        QVERIFY2(pieces[k].start == whole[k].start &&
                     pieces[k].length == whole[k].length,
                 c.name);
      }
    }
  }

  // Typing that makes a stretch cut at marks an address or a path joins
  // its pieces again, in the same undo step: the stretch is then checked
  // whole, as the file's line is; Undo brings the pieces back.
  void anEditThatMakesAnAddressJoinsTheStretch() {
    std::unique_ptr<SpellTextEdit> shown = ShownEditor();
    QVERIFY(shown != nullptr);
    SpellTextEdit& edit = *shown;
    const QString json = MinifiedLine(3000);
    struct Case {
      const char* name;
      int piece;  // the block typed in
      int at;     // where in it
      QString keys;
    };
    const QList<Case> cases = {
        {"a URL", 2, 100, "://"},
        {"an e-mail address", 1, 50, "x@x"},
        {"a path at the line's start", 0, 0, "/"},
        {"www. at the line's start", 0, 0, "www."},
    };
    for (const Case& c : cases) {
      edit.setPlainText(json + "\nnext line\n");
      QTextDocument& document = *edit.document();
      const int pieces = document.blockCount();
      QVERIFY(pieces > 4);
      const QTextBlock block = document.findBlockByNumber(c.piece);
      QTextCursor cursor(block);
      cursor.setPosition(block.position() + c.at);
      const int real_at = RealPosition(document, cursor.position());
      edit.setTextCursor(cursor);
      QTest::keyClicks(&edit, c.keys);
      QApplication::processEvents();
      const QString typed = QString(json).insert(real_at, c.keys);
      QCOMPARE(DocumentText(document), typed + "\nnext line\n");
      // The line in one block, "next line", the empty last line.
      QVERIFY2(document.blockCount() == 3,
               qPrintable(QStringLiteral("%1: %2 blocks")
                              .arg(c.name)
                              .arg(document.blockCount())));
      // Checked as `spellfilter check` checks the line.
      QVERIFY(WaitForChecking(&edit));
      QList<TextSpan> whole;
      service_.findMisspellings(typed, &whole);
      QCOMPARE(Underlined(&edit, document.begin()), whole);
      while (document.isUndoAvailable()) edit.undo();
      QCOMPARE(DocumentText(document), json + "\nnext line\n");
      QCOMPARE(document.blockCount(), pieces);
    }
    // Elsewhere (after a space, in another stretch), an address leaves
    // the pieces alone.
    edit.setPlainText(json + " tail");
    const int pieces = edit.document()->blockCount();
    QTextCursor end(edit.document());
    end.movePosition(QTextCursor::End);
    edit.setTextCursor(end);
    QTest::keyClicks(&edit, " https://x.org");
    QApplication::processEvents();
    QCOMPARE(edit.document()->blockCount(), pieces);
  }

  // Random edits as the user makes them (keys, a selection typed over or
  // cut, paste, undo, redo), near the cuts more often than elsewhere, on a
  // document with long lines in pieces, against the same edits on the
  // plain text: the text is always the plain text, every cut stays at
  // white space, and undo goes back through every state.
  void randomEditsKeepTheTextExact() {
    // SOFT_LINES_SEED and SOFT_LINES_ROUNDS run other and more rounds (90
    // rounds of 6 seeds passed).
    QRandomGenerator random(2026 +
                            qEnvironmentVariableIntValue("SOFT_LINES_SEED"));
    const int rounds = qEnvironmentVariableIsSet("SOFT_LINES_ROUNDS")
                           ? qEnvironmentVariableIntValue("SOFT_LINES_ROUNDS")
                           : 10;
    for (int round = 0; round < rounds; ++round) {
      std::unique_ptr<SpellTextEdit> shown = ShownEditor();
      QVERIFY(shown != nullptr);
      SpellTextEdit& edit = *shown;
      // Every other round, the second long line is minified JSON, cut at
      // marks.
      const QString start = LongLine(3000, round) + "\nshort line\n" +
                            (round % 2 == 1 ? MinifiedLine(2500, round + 100)
                                            : LongLine(2500, round + 100)) +
                            "\n";
      edit.setPlainText(start);
      QTextDocument& document = *edit.document();
      QVERIFY(HasContinuations(document));
      QStringList history{start};
      int now = 0;
      for (int step = 0; step < 250; ++step) {
        const int size = document.characterCount() - 1;
        const int kind = random.bounded(100);
        QString what;
        // Qt merges typing into the step before, so an undo or redo may
        // pass several of the states below: it must land on one of them.
        if (kind < 10 && document.isUndoAvailable()) {
          edit.undo();
          QApplication::processEvents();
          const QString text = DocumentText(document);
          while (now > 0 && history[now] != text) --now;
          if (history[now] != text) now = -1;
          what = "undo";
        } else if (kind < 16 && document.isRedoAvailable()) {
          edit.redo();
          QApplication::processEvents();
          const QString text = DocumentText(document);
          while (now + 1 < history.size() && history[now] != text) ++now;
          what = "redo";
        } else {
          QString real = history[now];
          int at = random.bounded(size + 1);
          if (random.bounded(3) != 0) {  // at or next to a cut
            QList<int> cuts;
            for (QTextBlock b = document.begin(); b.isValid(); b = b.next())
              if (ContinuesLine(b)) cuts.append(b.position());
            if (!cuts.isEmpty()) {
              at = qBound(
                  0, cuts[random.bounded(cuts.size())] + random.bounded(5) - 3,
                  size);
            }
          }
          QTextCursor cursor(&document);
          cursor.setPosition(at);
          const int real_at = RealPosition(document, at);
          int real_end = real_at;
          if (kind >= 60) {  // with a selection, short or long
            const int to =
                qMin(size, at + 1 + random.bounded(kind < 80 ? 3 : 9000));
            // A selection from the start of a line, sometimes.
            if (random.bounded(4) == 0)
              cursor.movePosition(QTextCursor::StartOfBlock);
            const int from = cursor.position();
            cursor.setPosition(to, QTextCursor::KeepAnchor);
            real_end = RealPosition(document, to);
            what = QStringLiteral("select [%1, %2)").arg(from).arg(to);
            const int real_from = RealPosition(document, from);
            real.remove(real_from, real_end - real_from);
            real_end = real_from;
          }
          const int real_cursor = cursor.hasSelection() ? real_end : real_at;
          edit.setTextCursor(cursor);
          const int key = random.bounded(9);
          switch (key) {
            case 0:
              if (!cursor.hasSelection()) {
                if (real_cursor > 0) real.remove(real_cursor - 1, 1);
              }
              QTest::keyClick(&edit, Qt::Key_Backspace);
              what += " Backspace";
              break;
            case 1:
              if (!cursor.hasSelection() && real_cursor < real.size())
                real.remove(real_cursor, 1);
              QTest::keyClick(&edit, Qt::Key_Delete);
              what += " Delete";
              break;
            case 2:
              real.insert(real_cursor, u'x');
              QTest::keyClick(&edit, Qt::Key_X);
              what += " x";
              break;
            case 3:
              real.insert(real_cursor, u' ');
              QTest::keyClick(&edit, Qt::Key_Space);
              what += " space";
              break;
            case 4:
              real.insert(real_cursor, u'\n');
              QTest::keyClick(&edit, Qt::Key_Return);
              what += " Return";
              break;
            case 5: {
              // Some make a stretch cut at marks an address or a path.
              static const QStringList kPastes = {
                  "ab", "a\nb", "\r\n", " word\n", "://", "a@b", "/", "www."};
              const QString paste =
                  random.bounded(8) == 0
                      ? LongLine(2000, step) + "\nz"
                      : kPastes[random.bounded(kPastes.size())];
              real.insert(real_cursor, QString(paste).replace("\r\n", "\n"));
              QApplication::clipboard()->setText(paste);
              edit.paste();
              what += " paste";
              break;
            }
            case 7:
            case 8: {
              // Ctrl+Backspace, Ctrl+Delete: Qt's word deletion, whose
              // extent the model takes from the document; what is checked
              // is that the cuts stay whole and Undo and Redo exact.
              QTest::keyClick(&edit,
                              key == 7 ? Qt::Key_Backspace : Qt::Key_Delete,
                              Qt::ControlModifier);
              QApplication::processEvents();
              real = DocumentText(document);
              what += key == 7 ? " Ctrl+Backspace" : " Ctrl+Delete";
              break;
            }
            default:
              if (!cursor.hasSelection()) continue;
              edit.cut();
              what += " cut";
              break;
          }
          QApplication::processEvents();
          QVERIFY2(DocumentText(document) == real, qPrintable(what));
          // An edit drops the redo history; a key that changed nothing
          // (Backspace at the start) leaves it.
          if (!document.isRedoAvailable()) {
            history.resize(now + 1);
            history.append(real);
            ++now;
          }
        }
        const QString context = QStringLiteral("round %1 step %2: %3")
                                    .arg(round)
                                    .arg(step)
                                    .arg(what);
        QVERIFY2(now >= 0, qPrintable(context + ": not an earlier state"));
        QVERIFY2(DocumentText(document) == history[now],
                 qPrintable(context + ": " +
                            Difference(DocumentText(document), history[now])));
        QVERIFY2(CutsHealthy(document), qPrintable(context));
        QVERIFY2(PiecesCheckLikeLines(document), qPrintable(context));
      }
      // The status bar's word count is `wc -w`'s over the real text.
      QVERIFY(WaitForChecking(&edit));
      QCOMPARE(edit.highlighter()->totals().words,
               qint64{SpellHighlighter::CountWords(DocumentText(document))});
      // All the way back and forth again.
      while (document.isUndoAvailable()) edit.undo();
      QCOMPARE(DocumentText(document), start);
      while (document.isRedoAvailable()) edit.redo();
      QCOMPARE(DocumentText(document), history.back());
      QVERIFY(CutsHealthy(document));
    }
  }

  // Through the widget: Enter, Backspace, Delete and paste in a long line.
  void typingInALongLine() {
    std::unique_ptr<SpellTextEdit> shown = ShownEditor();
    QVERIFY(shown != nullptr);
    SpellTextEdit& edit = *shown;
    const QString line = LongLine(5000);
    edit.setPlainText(line + "\nend");
    QVERIFY(HasContinuations(*edit.document()));
    QVERIFY(!edit.document()->isModified());
    QTextBlock piece = edit.document()->begin().next();
    QVERIFY(ContinuesLine(piece));

    // Backspace at the start of a piece deletes the space before the cut;
    // the word then spans the cut, so the pieces are joined.
    const int blocks = edit.document()->blockCount();
    QTextCursor cursor(piece);
    edit.setTextCursor(cursor);
    const int real = RealPosition(*edit.document(), piece.position());
    QTest::keyClick(&edit, Qt::Key_Backspace);
    QString expected = line + "\nend";
    expected.remove(real - 1, 1);
    QCOMPARE(DocumentText(*edit.document()), expected);
    QCOMPARE(edit.document()->blockCount(), blocks - 1);
    QVERIFY(CutsHealthy(*edit.document()));
    // One undo step brings back the space and the cut.
    edit.undo();
    QCOMPARE(DocumentText(*edit.document()), line + "\nend");
    QCOMPARE(edit.document()->blockCount(), blocks);

    // Delete at the end of the piece before a cut deletes the next
    // character, not the cut.
    piece = edit.document()->begin().next();
    cursor = QTextCursor(piece.previous());
    cursor.movePosition(QTextCursor::EndOfBlock);
    edit.setTextCursor(cursor);
    QTest::keyClick(&edit, Qt::Key_Delete);
    expected = line + "\nend";
    expected.remove(RealPosition(*edit.document(), piece.position()), 1);
    QCOMPARE(DocumentText(*edit.document()), expected);
    edit.undo();

    // Enter in a piece makes a real line end, which Undo takes back.
    piece = edit.document()->begin().next();
    cursor = QTextCursor(piece);
    cursor.movePosition(QTextCursor::NextWord);
    edit.setTextCursor(cursor);
    const int at = RealPosition(*edit.document(), cursor.position());
    QTest::keyClick(&edit, Qt::Key_Return);
    expected = line + "\nend";
    expected.insert(at, u'\n');
    QCOMPARE(DocumentText(*edit.document()), expected);
    QVERIFY(!ContinuesLine(edit.textCursor().block()));
    QCOMPARE(edit.lineMap().lineOf(edit.textCursor().block()), 1);
    QCOMPARE(edit.lineMap().columnOf(edit.textCursor().block(), 0), 0);
    QCOMPARE(edit.lineMap().lineCount(), 3);
    edit.undo();
    QCOMPARE(DocumentText(*edit.document()), line + "\nend");

    // Pasted lines are real lines; a pasted long line is shown in pieces.
    piece = edit.document()->begin().next();
    cursor = QTextCursor(piece);
    cursor.movePosition(QTextCursor::NextWord);
    edit.setTextCursor(cursor);
    const int paste_at = RealPosition(*edit.document(), cursor.position());
    const QString pasted = "one\r\ntwo\n" + LongLine(3000, 9) + "\nthree";
    QApplication::clipboard()->setText(pasted);
    edit.paste();
    QApplication::processEvents();
    expected = line + "\nend";
    expected.insert(paste_at, QString(pasted).replace("\r\n", "\n"));
    QCOMPARE(DocumentText(*edit.document()), expected);
    QCOMPARE(edit.lineMap().lineCount(), 2 + 3);  // three line ends pasted
    QVERIFY(CutsHealthy(*edit.document()));
    for (QTextBlock b = edit.document()->begin(); b.isValid(); b = b.next())
      QVERIFY(b.text().size() <= kSplitAbove + 20);
  }

  // Copy, Find and the arrow keys see one line where it is shown in pieces.
  void copyFindAndArrowsAcrossACut() {
    std::unique_ptr<SpellTextEdit> shown = ShownEditor();
    QVERIFY(shown != nullptr);
    SpellTextEdit& edit = *shown;
    const QString line = LongLine(5000);
    edit.setPlainText("first\n" + line);
    QTextDocument& document = *edit.document();
    const QTextBlock piece = document.findBlockByNumber(2);
    QVERIFY(ContinuesLine(piece));
    // The words on either side of the cut, as one phrase.
    const QString before = piece.previous().text().trimmed().section(u' ', -1);
    const QString after = piece.text().section(u' ', 0, 0);
    const QString tail = piece.previous().text().mid(
        piece.previous().text().lastIndexOf(before));
    const QString phrase = tail + after;

    // Copy: the selection over the cut comes out without a line end.
    QTextCursor c(&document);
    c.setPosition(piece.position() - tail.size() - 1);
    c.setPosition(piece.position() + after.size(), QTextCursor::KeepAnchor);
    edit.setTextCursor(c);
    edit.copy();
    QCOMPARE(QApplication::clipboard()->text(), tail + after);
    QVERIFY(!QApplication::clipboard()->text().contains(u'\n'));
    QCOMPARE(RealText(c), tail + after);

    // Find: a phrase running over the cut is found, and replaced.
    TextSearch search(phrase, SearchOptions{true, false, false});
    const auto found =
        search.find(&document, piece.position() - 1 - tail.size(), true);
    QVERIFY(found.has_value());
    QCOMPARE(RealText(*found), phrase);
    QCOMPARE(found->selectionStart(), piece.position() - 1 - tail.size());
    QVERIFY(search.findAll(&document, 1000).size() >= 1);
    const int replaced = search.replaceAll(&document, QStringLiteral("XY "));
    QVERIFY(replaced >= 1);
    QString expected = "first\n" + line;
    expected.replace(phrase, QStringLiteral("XY "));
    QCOMPARE(DocumentText(document), expected);
    edit.undo();
    QCOMPARE(DocumentText(document), "first\n" + line);

    // Left at the start of a piece goes to the character before the cut;
    // Right at the end of a piece, past the first character after it.
    const QTextBlock cut = document.findBlockByNumber(2);
    edit.setTextCursor(QTextCursor(cut));
    QTest::keyClick(&edit, Qt::Key_Left);
    QCOMPARE(edit.textCursor().position(), cut.position() - 2);
    QTest::keyClick(&edit, Qt::Key_Right);
    QCOMPARE(edit.textCursor().position(), cut.position() - 1);
    QTest::keyClick(&edit, Qt::Key_Right);
    QCOMPARE(edit.textCursor().position(), cut.position() + 1);
    QTest::keyClick(&edit, Qt::Key_Left, Qt::ShiftModifier);
    QCOMPARE(edit.textCursor().position(), cut.position());
    QTest::keyClick(&edit, Qt::Key_Left, Qt::ShiftModifier);
    QCOMPARE(edit.textCursor().position(), cut.position() - 2);
    QCOMPARE(RealText(edit.textCursor()), cut.text().left(1).prepend(u' '));
  }

  // Printing and PDF export print the file's lines, not the pieces.
  void printingShowsRealLines() {
    SpellTextEdit edit(&service_);
    const QString line = LongLine(5000);
    edit.setPlainText("first\n" + line + "\nlast");
    QVERIFY(edit.document()->blockCount() > 3);
    std::unique_ptr<QTextDocument> printed = PrintableDocument(edit, false);
    QVERIFY(printed != nullptr);
    QCOMPARE(printed->blockCount(), 3);
    QCOMPARE(printed->findBlockByNumber(1).text(), line);
    QCOMPARE(printed->defaultFont(), edit.document()->defaultFont());
    QTextCursor c(edit.document()->findBlockByNumber(1));
    c.setPosition(edit.document()->findBlockByNumber(3).position() + 3,
                  QTextCursor::KeepAnchor);
    edit.setTextCursor(c);
    printed = PrintableDocument(edit, true);
    QCOMPARE(printed->blockCount(), 1);
    QCOMPARE(printed->toPlainText(), RealText(c));
    // Without pieces, the editor prints its own document.
    edit.setPlainText("short\nlines");
    QVERIFY(PrintableDocument(edit, false) == nullptr);
  }

  // Each piece is checked alone, with the whole line's result.
  void piecesAreCheckedLikeTheLine() {
    std::unique_ptr<SpellTextEdit> shown = ShownEditor();
    QVERIFY(shown != nullptr);
    SpellTextEdit& edit = *shown;
    const QString line = LongLine(5000);
    edit.setPlainText(line);
    QVERIFY(WaitForChecking(&edit));
    int underlined = 0;
    for (QTextBlock b = edit.document()->begin(); b.isValid(); b = b.next()) {
      for (const TextSpan& s : Underlined(&edit, b)) {
        QCOMPARE(b.text().mid(s.start, s.length), QStringLiteral("tset"));
        ++underlined;
      }
    }
    QCOMPARE(underlined, 5000 / 50);

    QCOMPARE(edit.highlighter()->totals().words, 5000);

    // The same words in minified JSON, cut at marks: one "word" for the
    // status bar, as `wc -w` counts, however many pieces.
    const QString minified = MinifiedLine(5000);
    edit.setPlainText(minified);
    QVERIFY(edit.document()->blockCount() > 3);
    QVERIFY(WaitForChecking(&edit));
    QCOMPARE(edit.highlighter()->totals().words, 1);
    underlined = 0;
    for (QTextBlock b = edit.document()->begin(); b.isValid(); b = b.next()) {
      for (const TextSpan& s : Underlined(&edit, b)) {
        QCOMPARE(b.text().mid(s.start, s.length), QStringLiteral("tset"));
        ++underlined;
      }
    }
    QCOMPARE(underlined, 5000 / 50);

    // A space typed after the mark at the end of a piece makes two words;
    // deleting it, one again (the piece after it is not edited).
    const QTextBlock second = edit.document()->begin().next();
    QVERIFY(ContinuesLine(second));
    const int cut = second.position() - 1;  // in the real text
    QTextCursor cursor(second);
    cursor.movePosition(QTextCursor::PreviousCharacter);
    edit.setTextCursor(cursor);
    QTest::keyClick(&edit, Qt::Key_Space);
    QVERIFY(WaitForChecking(&edit));
    QCOMPARE(DocumentText(*edit.document()),
             QString(minified).insert(cut, u' '));
    QCOMPARE(edit.highlighter()->totals().words, 2);
    QTest::keyClick(&edit, Qt::Key_Backspace);
    QVERIFY(WaitForChecking(&edit));
    QCOMPARE(DocumentText(*edit.document()), minified);
    QCOMPARE(edit.highlighter()->totals().words, 1);
  }

 private:
  // Whether the pieces of every long line, each checked alone, give the
  // misspellings of the whole line checked at once.
  bool PiecesCheckLikeLines(const QTextDocument& document) {
    QString line;
    QList<TextSpan> pieces;
    for (QTextBlock b = document.begin(); b.isValid(); b = b.next()) {
      if (!ContinuesLine(b)) {
        line.clear();
        pieces.clear();
      }
      QList<TextSpan> found;
      service_.findMisspellings(b.text(), &found);
      for (const TextSpan& s : found)
        pieces.append(
            TextSpan{static_cast<int>(s.start + line.size()), s.length});
      line += b.text();
      if (!ContinuesLine(b.next()) && ContinuesLine(b)) {
        QList<TextSpan> whole;
        service_.findMisspellings(line, &whole);
        if (whole != pieces) return false;
      }
    }
    return true;
  }

  // An editor over the test dictionary, shown, with the focus; null if it
  // could not be shown.
  std::unique_ptr<SpellTextEdit> ShownEditor() {
    auto edit = std::make_unique<SpellTextEdit>(&service_);
    edit->resize(600, 400);
    edit->show();
    if (!QTest::qWaitForWindowExposed(edit.get())) return nullptr;
    edit->setFocus();
    return edit;
  }

  SpellService service_;
};

}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::SoftLinesTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "soft_lines_test.moc"
