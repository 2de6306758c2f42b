// The highlighter through a real SpellTextEdit: what typing underlines, the
// word being typed, UTF-16 positions, undo, the on/off switch, and big
// documents checked in slices.
#include "app/editor/spell_highlighter.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QHelpEvent>
#include <QImage>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QTimer>
#include <QToolTip>

#include "app/editor/background_check.h"
#include "app/editor/recheck_scheduler.h"
#include "app/editor/spell_service.h"
#include "app/editor/spell_text_edit.h"
#include "app/editor/text_file.h"
#include "app/editor/utf8_text.h"
#include "editor_test_support.h"

namespace spellfilter::editor {

class SpellHighlighterTest : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    service_ = std::make_unique<SpellService>();
    QString error;
    QVERIFY2(service_->openDictionary(Environment().dictionary(), &error),
             qPrintable(error));
    edit_ = std::make_unique<SpellTextEdit>(service_.get());
    edit_->resize(600, 400);
    edit_->show();
    QVERIFY(QTest::qWaitForWindowExposed(edit_.get()));
    edit_->setFocus();
  }
  void cleanup() {
    edit_.reset();
    service_.reset();
  }

  void typedTextIsUnderlined() {
    QTest::keyClicks(edit_.get(), "Ths is a tset of the editor ");
    QVERIFY(WaitForChecking(edit_.get()));
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList({"Ths@0", "tset@9"}));
    // Drawn by the widget: the layout carries no formats, so underlining
    // never lays the block out again.
    const QTextBlock block = edit_->document()->firstBlock();
    QVERIFY(block.layout()->formats().isEmpty());
  }

  // The underlines are painted: red wave pixels under each misspelled word
  // and nowhere else.
  void underlinesArePaintedUnderMisspelledWords() {
    edit_->setPlainText("the wrnog word\nsome text here\nand zzq is here");
    QVERIFY(WaitForChecking(edit_.get()));
    const QList<QRectF> rects = edit_->underlineRects();
    QCOMPARE(rects.size(), 2);
    ExpectRedExactlyUnder(rects, {"wrnog", "zzq"});
  }

  // Words in a script the dictionary cannot check (Cyrillic under the
  // Latin test dictionary) get a grey dotted mark, painted like the waves:
  // the pixels the mark adds are all under the Cyrillic words, in the
  // mark's grey, and none under the Latin words. The text comes through
  // the background check (its blocks find their unchecked words when
  // first painted).
  void uncheckedWordsAreMarkedInGrey() {
    edit_->setPlainText(QString::fromUtf8(
        "the \xD0\xBA\xD0\xBE\xD1\x82 word\nsome text here\n"
        "\xD0\xBC\xD0\xB8\xD0\xBB\xD0\xBE the wrnog"));  // кот, мило
    QVERIFY(WaitForChecking(edit_.get()));
    const QList<QRectF> rects = edit_->uncheckedRects();
    QCOMPARE(rects.size(), 2);
    const QImage marked = edit_->viewport()->grab().toImage();
    edit_->setUncheckedMarksVisible(false);
    QVERIFY(edit_->uncheckedRects().isEmpty());
    const QImage plain = edit_->viewport()->grab().toImage();
    edit_->setUncheckedMarksVisible(true);
    QCOMPARE(marked.size(), plain.size());
    const qreal dpr = marked.devicePixelRatio();
    const QColor grey = edit_->uncheckedMarkColor();
    // Grey: neither red nor the text's colour nor the background's.
    QVERIFY(qAbs(grey.red() - grey.green()) < 16 &&
            qAbs(grey.green() - grey.blue()) < 16);
    QVERIFY(grey != edit_->viewport()->palette().color(QPalette::Base));
    QList<int> in(rects.size(), 0);
    int stray = 0;
    int other_colour = 0;
    for (int y = 0; y < marked.height(); ++y) {
      for (int x = 0; x < marked.width(); ++x) {
        if (marked.pixel(x, y) == plain.pixel(x, y)) continue;
        const QPointF at(x / dpr, y / dpr);
        bool inside = false;
        for (int i = 0; i < rects.size(); ++i) {
          if (rects[i].adjusted(-1, -1, 1, 1).contains(at)) {
            ++in[i];
            inside = true;
          }
        }
        if (!inside) ++stray;
        if (marked.pixelColor(x, y) != grey) ++other_colour;
      }
    }
    QCOMPARE(stray, 0);
    QCOMPARE(other_colour, 0);
    const QStringList words = {
        QString::fromUtf8("\xD0\xBA\xD0\xBE\xD1\x82"),
        QString::fromUtf8("\xD0\xBC\xD0\xB8\xD0\xBB\xD0\xBE")};
    for (int i = 0; i < rects.size(); ++i) {
      QVERIFY2(in[i] > 3, qPrintable(QString::number(in[i])));
      const QPoint above =
          QPointF(rects[i].center().x(), rects[i].top() - 4).toPoint();
      QTextCursor c = edit_->cursorForPosition(above);
      c.select(QTextCursor::WordUnderCursor);
      QCOMPARE(c.selectedText(), words[i]);
      // Hovering the word explains the mark.
      QVERIFY2(edit_->uncheckedToolTipAt(above).contains(
                   "Not checked: the test dictionary"),
               qPrintable(edit_->uncheckedToolTipAt(above)));
    }
    // The same through a real tooltip event on the viewport.
    {
      const QPoint above =
          QPointF(rects[1].center().x(), rects[1].top() - 4).toPoint();
      QHelpEvent help(QEvent::ToolTip, above,
                      edit_->viewport()->mapToGlobal(above));
      QApplication::sendEvent(edit_->viewport(), &help);
      QTRY_VERIFY(QToolTip::isVisible());
      QVERIFY(QToolTip::text().startsWith("Not checked: the test dictionary"));
      QToolTip::hideText();
    }
    // Not over a Latin word, misspelled or not.
    const QList<QRectF> waves = edit_->underlineRects();
    QCOMPARE(waves.size(), 1);
    QVERIFY(
        edit_
            ->uncheckedToolTipAt(
                QPointF(waves[0].center().x(), waves[0].top() - 4).toPoint())
            .isEmpty());
    // Nothing is marked while checking is off.
    edit_->setSpellCheckingEnabled(false);
    QVERIFY(edit_->uncheckedRects().isEmpty());
  }

  // Typing keeps the unchecked words of the block as a fresh check finds
  // them, checking only around the edit.
  void uncheckedWordsFollowTyping() {
    TypeText(QString::fromUtf8(
        "the \xD0\xBC\xD0\xB8\xD1\x80 and \xD0\xBA\xD0\xBE\xD1\x82 end of "
        "some text that makes the line longer than a check around an edit"));
    QVERIFY(WaitForChecking(edit_.get()));
    const QTextBlock block = edit_->document()->firstBlock();
    QCOMPARE(edit_->highlighter()->unchecked(block),
             QList<TextSpan>({{4, 3}, {12, 3}}));
    QTextCursor c(edit_->document());
    c.setPosition(0);
    edit_->setTextCursor(c);
    TypeText(QString::fromUtf8("\xD0\xB4\xD0\xB0 "));
    QVERIFY(edit_->highlighter()->lastCheckedLength() < 20);
    // Kept by the keystroke's check, not found again when painted.
    const auto* data = static_cast<const BlockSpellData*>(block.userData());
    QVERIFY(data != nullptr && data->uncheckedKnown());
    QList<TextSpan> fresh;
    service_->findUnchecked(block.text(), &fresh);
    QCOMPARE(fresh, QList<TextSpan>({{0, 2}, {7, 3}, {15, 3}}));
    QCOMPARE(edit_->highlighter()->unchecked(block), fresh);
    // ASCII text has none.
    service_->findUnchecked(QStringLiteral("plain ascii words"), &fresh);
    QVERIFY(fresh.isEmpty());
  }

  // In a 1 MB line, scrolled to its middle: the wrapped lines on screen
  // are underlined where their misspellings are, and the line is never
  // given formats.
  void underlinesArePaintedInTheMiddleOfALongLine() {
    QString line;
    for (int i = 0; line.size() < 1'000'000; ++i) {
      line += (i % 7 == 0) ? QStringLiteral("wrnog ") : QStringLiteral("the ");
    }
    edit_->setPlainText(line);
    QVERIFY(WaitForChecking(edit_.get()));
    QTextCursor c(edit_->document());
    c.setPosition(600'000);
    edit_->setTextCursor(c);
    edit_->centerCursor();
    const QList<QRectF> rects = edit_->underlineRects();
    QVERIFY2(rects.size() > 10, qPrintable(QString::number(rects.size())));
    QStringList words;
    for (int i = 0; i < rects.size(); ++i) words.append("wrnog");
    ExpectRedExactlyUnder(rects, words);
    QVERIFY(edit_->document()->firstBlock().layout()->formats().isEmpty());
    // A keystroke there rechecks a few words and adds no formats.
    QTest::keyClicks(edit_.get(), "zz ");
    QVERIFY(edit_->highlighter()->lastCheckedLength() < 100);
    QVERIFY(edit_->document()->firstBlock().layout()->formats().isEmpty());
  }

  // QTextDocument's blocks and BackgroundCheck's lines are the same.
  void backgroundCheckSplitsLinesAsTheDocument() {
    const QString text = QString::fromUtf16(
        u"one\r\ntwo\rthree\nfour\u2029five\u2028still five\n\n\r\nlast");
    QTextDocument document;
    document.setPlainText(text);
    const auto lines = BackgroundCheck::SplitLines(text);
    QCOMPARE(static_cast<int>(lines.size()), document.blockCount());
    int i = 0;
    for (QTextBlock b = document.begin(); b.isValid(); b = b.next(), ++i) {
      QCOMPARE(QStringView(text).sliced(lines[i].first, lines[i].second),
               b.text());
    }
  }

  // A big text is checked on another thread while the document is built,
  // and the blocks take their results from there: the same records a
  // check of each block finds.
  void bigTextIsCheckedOnAnotherThread() {
    QString text;
    const QString line = "the quick brown fox jumps over the lazy dog zzq\n";
    while (text.size() < 1'000'000) text += line;
    edit_->setPlainText(text);
    QVERIFY(WaitForChecking(edit_.get(), 120000));
    const int blocks = edit_->document()->blockCount();
    // All but the few checked within the highlighter's first burst.
    QVERIFY2(edit_->scheduler()->adoptedBlocks() > blocks / 2,
             qPrintable(QString::number(edit_->scheduler()->adoptedBlocks())));
    QCOMPARE(edit_->highlighter()->totals().misspellings, blocks - 1);
    ExpectEveryBlockAsAFreshCheck();
  }

  // The thread reads the user's words as the UI thread's checker does.
  void theThreadAcceptsUserWords() {
    QString error;
    QVERIFY2(service_->addWord("zzq", &error), qPrintable(error));
    // The list is the test's HOME's, shared by the later tests.
    const auto remove =
        qScopeGuard([&] { service_->removeWord("zzq", &error); });
    QString text;
    const QString line = "the quick brown fox jumps over the lazy dog zzq\n";
    while (text.size() < 1'000'000) text += line;
    text += "wrnog";
    edit_->setPlainText(text);
    QVERIFY(WaitForChecking(edit_.get(), 120000));
    QVERIFY(edit_->scheduler()->adoptedBlocks() >
            edit_->document()->blockCount() / 2);
    QCOMPARE(edit_->highlighter()->totals().misspellings, 1);
  }

  // Blocks edited while the thread runs are checked on the UI thread, and
  // a word ignored meanwhile is not taken back from the thread's results.
  void editsAndIgnoreAllWhileTheThreadRunsAreKept() {
    QString text;
    const QString line = "the quick brown fox jumps over the lazy dog zzq\n";
    while (text.size() < 1'000'000) text += line;
    edit_->setPlainText(text);
    QTextCursor c(edit_->document()->findBlockByNumber(5000));
    c.insertText("wrnog ");
    c.setPosition(edit_->document()->findBlockByNumber(7000).position());
    c.insertText("a\nzzkx ");  // a new block: the lines shift
    QTextCursor same(edit_->document()->findBlockByNumber(3000));
    same.movePosition(QTextCursor::EndOfBlock);
    same.movePosition(QTextCursor::Left, QTextCursor::KeepAnchor, 3);
    same.insertText("fox");  // "zzq" -> "fox": the same length, other text
    QVERIFY(WaitForChecking(edit_.get(), 120000));
    ExpectEveryBlockAsAFreshCheck();

    edit_->setPlainText(text);
    service_->ignoreAll("zzq");
    QVERIFY(WaitForChecking(edit_.get(), 120000));
    QCOMPARE(edit_->highlighter()->totals().misspellings, 0);
    ExpectEveryBlockAsAFreshCheck();
  }

  void wordBeingTypedIsNotFlagged() {
    QTest::keyClicks(edit_.get(), "hello wrng");
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList());
    QTest::keyClick(edit_.get(), Qt::Key_Backspace);  // still typing it
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList());
    QTest::keyClick(edit_.get(), Qt::Key_Space);  // the word is finished
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList({"wrn@6"}));

    // Typing into it again hides it; moving away shows it.
    QTest::keyClick(edit_.get(), Qt::Key_Left);
    QTest::keyClick(edit_.get(), Qt::Key_X);
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList());
    QTest::keyClick(edit_.get(), Qt::Key_Home);
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList({"wrnx@6"}));
  }

  void positionsAreUtf16() {
    // An emoji (two UTF-16 units, four UTF-8 bytes), accented letters
    // (two bytes, one unit) and CJK (three bytes, one unit) before the
    // misspellings.
    edit_->setPlainText(QString::fromUtf8(
        "\xF0\x9F\x98\x80 wrng caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC qwv the "
        "\xF0\x9F\x98\x80\xF0\x9F\x98\x80zzq"));
    QVERIFY(WaitForChecking(edit_.get()));
    QCOMPARE(UnderlinedWords(edit_.get()),
             QStringList({"wrng@3", QString::fromUtf8("caf\xC3\xA9@8"),
                          "qwv@16", "zzq@28"}));
  }

  void utf8TextMapsLoneSurrogates() {
    Utf8Text text;
    const QString s = QString(QChar(0xD800)) + "ab" + QChar(0xDC00) + "cd";
    text.assign(s);
    QCOMPARE(text.bytes().size(), size_t{3 + 2 + 3 + 2});
    struct Span {
      size_t offset, length;
    };
    QList<TextSpan> out;
    text.mapToUtf16(std::vector<Span>{{3, 2}, {8, 2}}, &out);
    QCOMPARE(out, QList<TextSpan>({{1, 2}, {4, 2}}));
  }

  void multipleBlocks() {
    edit_->setPlainText("the wrd\n\nqq the\nfine text zzz");
    QVERIFY(WaitForChecking(edit_.get()));
    QCOMPARE(UnderlinedWords(edit_.get()),
             QStringList({"wrd@4", "qq@9", "fine@16", "zzz@26"}));
    QCOMPARE(edit_->highlighter()->totals().misspellings, 4);
    QCOMPARE(edit_->highlighter()->totals().words, 7);
  }

  void undoRedoAreUntouched() {
    // Two undo steps (typing alone would merge into one).
    QTextCursor c = edit_->textCursor();
    for (const char* piece : {"the wrd ", "zzz "}) {
      c.beginEditBlock();
      c.insertText(piece);
      c.endEditBlock();
    }
    QTextDocument* doc = edit_->document();
    const int steps = doc->availableUndoSteps();
    doc->setModified(false);
    QSignalSpy changes(doc, &QTextDocument::contentsChange);
    // Re-underlining everything (switching off and on) changes formats only.
    edit_->setSpellCheckingEnabled(false);
    QVERIFY(WaitForChecking(edit_.get()));
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList());
    edit_->setSpellCheckingEnabled(true);
    QVERIFY(WaitForChecking(edit_.get()));
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList({"wrd@4", "zzz@8"}));
    QCOMPARE(doc->availableUndoSteps(), steps);
    QVERIFY(!doc->isModified());
    QCOMPARE(changes.count(), 0);
    edit_->undo();
    QCOMPARE(edit_->toPlainText(), QString("the wrd "));
    edit_->redo();
    QCOMPARE(edit_->toPlainText(), QString("the wrd zzz "));
  }

  void switchingOffKeepsCountingWords() {
    edit_->setPlainText("one twoo three");
    edit_->setSpellCheckingEnabled(false);
    QVERIFY(WaitForChecking(edit_.get()));
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList());
    QCOMPARE(edit_->highlighter()->totals().words, 3);
    QCOMPARE(edit_->highlighter()->totals().misspellings, 0);
  }

  void noDictionaryFlagsNothing() {
    service_->closeDictionary();
    edit_->setPlainText("zzz qqq");
    QVERIFY(WaitForChecking(edit_.get()));
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList());
    edit_->moveCursor(QTextCursor::End);
    QTest::keyClicks(edit_.get(), " more typing works");
    QVERIFY(edit_->toPlainText().endsWith("more typing works"));
  }

  void navigationWraps() {
    edit_->setPlainText("zza the zzb\nthe zzc");
    QVERIFY(WaitForChecking(edit_.get()));
    QTextCursor c = edit_->textCursor();
    c.setPosition(5);
    edit_->setTextCursor(c);
    bool wrapped = true;
    QVERIFY(edit_->selectMisspelling(true, &wrapped));
    QCOMPARE(edit_->textCursor().selectedText(), QString("zzb"));
    QVERIFY(!wrapped);
    QVERIFY(edit_->selectMisspelling(true, &wrapped));
    QCOMPARE(edit_->textCursor().selectedText(), QString("zzc"));
    QVERIFY(edit_->selectMisspelling(true, &wrapped));
    QCOMPARE(edit_->textCursor().selectedText(), QString("zza"));
    QVERIFY(wrapped);
    QVERIFY(edit_->selectMisspelling(false, &wrapped));
    QCOMPARE(edit_->textCursor().selectedText(), QString("zzc"));
    QVERIFY(wrapped);
    QVERIFY(edit_->selectMisspelling(false, &wrapped));
    QCOMPARE(edit_->textCursor().selectedText(), QString("zzb"));
  }

  // A big document: setPlainText returns without checking everything, the
  // event loop keeps running while the rest is checked in slices, and in
  // the end every misspelling is counted and underlined wherever the view
  // goes.
  void bigDocumentIsCheckedInSlices() {
    QString text;
    const QString line = "the quick brown fox jumps over the lazy dog zzq\n";
    while (text.size() < 2'000'000) text += line;
    const int lines = text.count(u'\n');

    QElapsedTimer clock;
    clock.start();
    edit_->setPlainText(text);
    const qint64 set_ms = clock.elapsed();
    QVERIFY(!edit_->scheduler()->isIdle());

    // The longest the event loop goes without running a 1 ms timer.
    qint64 longest_gap = 0;
    QElapsedTimer gap;
    gap.start();
    QTimer probe;
    probe.setInterval(1);
    connect(&probe, &QTimer::timeout, this,
            [&] { longest_gap = qMax(longest_gap, gap.restart()); });
    probe.start();
    QVERIFY(WaitForChecking(edit_.get(), 120000));
    probe.stop();
    const qint64 total_ms = clock.elapsed();
    qInfo(
        "2 MB: setPlainText %lld ms, all checked after %lld ms, longest "
        "event-loop gap while checking %lld ms",
        set_ms, total_ms, longest_gap);
    QCOMPARE(edit_->highlighter()->totals().misspellings, lines);
    // Off-screen blocks are checked, not laid out; whatever scrolls into
    // view is underlined by the time it is painted.
    for (double where : {0.0, 0.3, 0.77, 1.0}) {
      const int line_number = static_cast<int>(where * (lines - 1));
      edit_->setTextCursor(
          QTextCursor(edit_->document()->findBlockByNumber(line_number)));
      edit_->centerCursor();
      edit_->viewport()->repaint();
      const QRect area = edit_->viewport()->rect();
      const QTextBlock first = edit_->cursorForPosition(area.topLeft()).block();
      const QTextBlock last =
          edit_->cursorForPosition(area.bottomRight()).block();
      int visible = 0;
      for (QTextBlock b = first; b.isValid(); b = b.next()) {
        if (b.length() > 1) {
          QCOMPARE(Underlined(edit_.get(), b), QList<TextSpan>({{44, 3}}));
          ++visible;
        }
        if (b == last) break;
      }
      QVERIFY(visible > 5);
    }
    // Generous, for slow machines: slices are 8 ms.
    QVERIFY2(longest_gap < 250, qPrintable(QString::number(longest_gap)));
  }

  // Issue 23, item 5: an edit in a long line rechecks only the words
  // around it, and the line's misspellings are then exactly those a full
  // check finds (kept before the edit, shifted after it).
  void editInALongLineChecksOnlyAroundIt() {
    QString line;
    for (int i = 0; line.size() < 1'000'000; ++i) {
      line += (i % 7 == 0) ? QStringLiteral("wrnog ") : QStringLiteral("the ");
    }
    edit_->setPlainText(line);
    QVERIFY(WaitForChecking(edit_.get()));
    // The line is shown in pieces (soft_lines.h); each is checked alone,
    // and all of them give the whole line's misspellings.
    QVERIFY(edit_->document()->blockCount() > 100);
    auto expect_full_check = [&] {
      qsizetype total = 0;
      for (QTextBlock block = edit_->document()->firstBlock(); block.isValid();
           block = block.next()) {
        QList<TextSpan> full;
        service_->findMisspellings(block.text(), &full);
        QCOMPARE(edit_->highlighter()->misspellings(block), full);
        total += full.size();
      }
      QList<TextSpan> whole;
      service_->findMisspellings(DocumentText(*edit_->document()), &whole);
      QCOMPARE(total, whole.size());
      QCOMPARE(edit_->highlighter()->totals().misspellings, total);
    };
    expect_full_check();

    QTextCursor c(edit_->document());
    c.setPosition(500'002);  // typing into a word in the middle
    edit_->setTextCursor(c);
    QTest::keyClicks(edit_.get(), "zz");
    QVERIFY2(
        edit_->highlighter()->lastCheckedLength() < 100,
        qPrintable(QString::number(edit_->highlighter()->lastCheckedLength())));
    expect_full_check();
    QTest::keyClick(edit_.get(), Qt::Key_Space);  // splits the word
    QVERIFY(edit_->highlighter()->lastCheckedLength() < 100);
    expect_full_check();
    // Joining two words by deleting the space between them.
    c.setPosition(700'000);
    c.movePosition(QTextCursor::NextWord);
    c.movePosition(QTextCursor::Left);
    edit_->setTextCursor(c);
    QTest::keyClick(edit_.get(), Qt::Key_Delete);
    QVERIFY(edit_->highlighter()->lastCheckedLength() < 100);
    expect_full_check();
    // Undo restores both, checked around the change as well.
    edit_->undo();
    edit_->undo();
    expect_full_check();
    // Leaving the word (the typing position changes) underlines it from
    // the record, without checking the line again.
    QTest::keyClick(edit_.get(), Qt::Key_End);
    QVERIFY(edit_->highlighter()->lastCheckedLength() < 100);
    expect_full_check();
  }

 private:
  // Types `text` key by key (QTest::keyClicks takes Latin-1 only).
  void TypeText(const QString& text) {
    for (QChar c : text) {
      QTest::sendKeyEvent(QTest::Press, edit_.get(), Qt::Key_unknown,
                          QString(c), Qt::NoModifier);
      QTest::sendKeyEvent(QTest::Release, edit_.get(), Qt::Key_unknown,
                          QString(c), Qt::NoModifier);
    }
  }

  // Every pixel of the viewport that is clearly red lies in one of `rects`,
  // each rect has some, and the text just above each is `words[i]`.
  void ExpectRedExactlyUnder(const QList<QRectF>& rects,
                             const QStringList& words) {
    const QImage image = edit_->viewport()->grab().toImage();
    const qreal dpr = image.devicePixelRatio();
    QList<int> red_in(rects.size(), 0);
    int stray = 0;
    for (int y = 0; y < image.height(); ++y) {
      for (int x = 0; x < image.width(); ++x) {
        const QColor p = image.pixelColor(x, y);
        if (!(p.red() > 150 && p.green() < 120 && p.blue() < 120)) continue;
        const QPointF at(x / dpr, y / dpr);
        bool inside = false;
        for (int i = 0; i < rects.size(); ++i) {
          if (rects[i].adjusted(-1, -1, 1, 1).contains(at)) {
            ++red_in[i];
            inside = true;
          }
        }
        if (!inside) ++stray;
      }
    }
    QCOMPARE(stray, 0);
    const QRectF area = QRectF(edit_->viewport()->rect()).adjusted(0, 4, 0, 0);
    for (int i = 0; i < rects.size(); ++i) {
      // A line cut by the viewport's edge may show too little of its wave.
      if (!area.contains(rects[i])) continue;
      QVERIFY2(red_in[i] > 3, qPrintable(QString::number(i)));
      // The word whose glyphs are just above the wave.
      const QPointF above(rects[i].center().x(), rects[i].top() - 4);
      // (positionAt: QPlainTextEdit's own hit test sees only the first of
      // two pieces of a long line sharing a row.)
      QTextCursor c(edit_->document());
      c.setPosition(edit_->positionAt(above.toPoint()));
      c.select(QTextCursor::WordUnderCursor);
      QCOMPARE(c.selectedText(), words[i]);
    }
  }

  void ExpectEveryBlockAsAFreshCheck() {
    QList<TextSpan> full;
    qint64 total = 0;
    for (QTextBlock b = edit_->document()->begin(); b.isValid(); b = b.next()) {
      service_->findMisspellings(b.text(), &full);
      QCOMPARE(edit_->highlighter()->misspellings(b), full);
      total += full.size();
    }
    QCOMPARE(edit_->highlighter()->totals().misspellings, total);
  }

  std::unique_ptr<SpellService> service_;
  std::unique_ptr<SpellTextEdit> edit_;
};

}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::SpellHighlighterTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "spell_highlighter_test.moc"
