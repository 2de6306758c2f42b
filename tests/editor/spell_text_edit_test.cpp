// Issue 35, item 6: SpellTextEdit::streamPlainText, a big text added to the
// document a few lines at a time from the event loop. The document it
// builds is the one setPlainText builds (blocks, long lines in pieces,
// CR LF, U+2029), with no undo step and unmodified; the event loop runs
// between the steps, the widget is read-only meanwhile, and spelling comes
// after: the counts equal core's Checker over the text, with the thread's
// results taken. setPlainText cancels a stream; finishStreaming completes
// it at once.
// A word made correct (Ignore All) is rechecked at once in the tab on
// screen and in a background tab only when it is shown.
#include "app/editor/spell_text_edit.h"

#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTextBlock>
#include <QTimer>
#include <memory>
#include <string>
#include <vector>

#include "app/editor/recheck_scheduler.h"
#include "app/editor/soft_lines.h"
#include "app/editor/spell_highlighter.h"
#include "app/editor/spell_service.h"
#include "app/editor/text_file.h"
#include "core/check/checker.h"
#include "core/dictionary/dictionary.h"
#include "editor_test_support.h"

namespace spellfilter::editor {
namespace {

// About `size` characters of lines in the test dictionary's words, with a
// misspelling in every fourth line, CR LF and U+2029 line ends here and
// there, and a few lines longer than kSplitAbove (shown in pieces).
QString BigText(qsizetype size) {
  QString text;
  for (int i = 0; text.size() < size; ++i) {
    text += QStringLiteral("the quick brown fox jumps over the lazy dog");
    if (i % 4 == 0) text += QStringLiteral(" zqx%1").arg(QChar(u'a' + i % 26));
    if (i % 997 == 0) {
      for (int w = 0; w < 2500; ++w) text += QStringLiteral(" hello world");
    }
    text += (i % 50 == 1)   ? QStringLiteral("\r\n")
            : (i % 71 == 2) ? QStringLiteral("\u2029")
                            : QStringLiteral("\n");
  }
  return text;
}

QStringList Blocks(const QTextDocument* document) {
  QStringList blocks;
  for (QTextBlock b = document->begin(); b.isValid(); b = b.next()) {
    blocks.append((ContinuesLine(b) ? "+" : "") + b.text());
  }
  return blocks;
}

class SpellTextEditTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<SpellService> service_;

 private slots:
  void init() {
    service_ = std::make_unique<SpellService>();
    QString error;
    QVERIFY2(service_->openDictionary(Environment().dictionary(), &error),
             qPrintable(error));
  }
  void cleanup() { service_.reset(); }

  // The streamed document is the one setPlainText makes, with no undo
  // step, unmodified, writable again and the cursor at the start.
  void streamedDocumentEqualsSetPlainText() {
    const QString text = BigText(3'000'000);
    SpellTextEdit expected(service_.get());
    expected.setPlainText(text);

    SpellTextEdit edit(service_.get());
    edit.resize(600, 400);
    edit.show();
    QSignalSpy progressed(&edit, &SpellTextEdit::streamProgressed);
    QSignalSpy finished(&edit, &SpellTextEdit::streamingFinished);
    edit.streamPlainText(text);
    // Returned at once with a first page, not the whole text.
    QVERIFY(edit.isStreaming());
    QVERIFY(edit.isReadOnly());
    QVERIFY(edit.document()->characterCount() > 1);
    QVERIFY(edit.document()->characterCount() < text.size() / 4);
    QVERIFY(finished.wait(60'000));
    QCOMPARE(finished.count(), 1);
    QVERIFY(!edit.isStreaming());
    QVERIFY(!edit.isReadOnly());
    QVERIFY(progressed.count() >= 3);
    int last = -1;
    for (const QList<QVariant>& p : progressed) {
      QVERIFY(p.at(0).toInt() >= last);
      last = p.at(0).toInt();
    }
    QCOMPARE(edit.document()->blockCount(), expected.document()->blockCount());
    QCOMPARE(Blocks(edit.document()), Blocks(expected.document()));
    QCOMPARE(DocumentText(*edit.document()),
             DocumentText(*expected.document()));
    QVERIFY(HasContinuations(*edit.document()));
    QVERIFY(!edit.document()->isUndoAvailable());
    QVERIFY(!edit.document()->isModified());
    QCOMPARE(edit.textCursor().position(), 0);
    // Typing works again, and is one undo step.
    QTest::keyClicks(&edit, "abc");
    QVERIFY(edit.document()->toPlainText().startsWith("abcthe quick"));
    edit.undo();
    QCOMPARE(DocumentText(*edit.document()),
             DocumentText(*expected.document()));
  }

  // The event loop runs between the steps (a timer fires many times while
  // the text comes in), and no step takes long.
  void eventLoopRunsWhileStreaming() {
    const QString text = BigText(2'000'000);
    SpellTextEdit edit(service_.get());
    edit.resize(600, 400);
    edit.show();
    int ticks = 0;
    QTimer tick;
    tick.setInterval(0);
    connect(&tick, &QTimer::timeout, [&] { ++ticks; });
    QSignalSpy finished(&edit, &SpellTextEdit::streamingFinished);
    edit.streamPlainText(text);
    tick.start();
    QVERIFY(finished.wait(60'000));
    tick.stop();
    // 2 MB in steps of at most kStreamChunkChars, the loop turning after
    // each slice.
    QVERIFY2(ticks >= 10, qPrintable(QString::number(ticks)));
    SpellTextEdit expected(service_.get());
    expected.setPlainText(text);
    QCOMPARE(edit.toPlainText(), expected.toPlainText());
  }

  // Spelling after: once whole, the counts are core's Checker's over the
  // text, with most blocks taken from the thread that checked the text
  // while it came in.
  void spellingAfterStreaming() {
    QString text;
    for (int i = 0; text.size() < 1'500'000; ++i) {
      text += QStringLiteral("the quick brown fox zqx%1 over the dog\n")
                  .arg(QChar(u'a' + i % 26));
    }
    StatusOr<std::unique_ptr<Dictionary>> dictionary =
        Dictionary::Open(Environment().dictionary().toStdString());
    QVERIFY(dictionary.ok());
    Checker checker(**dictionary);
    std::vector<Misspelling> expected;
    const std::string utf8 = text.toStdString();
    checker.Check(utf8, &expected);
    QVERIFY(expected.size() > 10'000);

    SpellTextEdit edit(service_.get());
    edit.resize(600, 400);
    edit.show();
    edit.streamPlainText(text);
    QVERIFY(edit.isStreaming());
    // Held while streaming: the scheduler has not finished a pass.
    QVERIFY(!edit.scheduler()->isIdle());
    QVERIFY(WaitForChecking(&edit, 60'000));
    QCOMPARE(edit.highlighter()->totals().misspellings,
             static_cast<qint64>(expected.size()));
    QVERIFY2(edit.scheduler()->adoptedBlocks() > 1000,
             qPrintable(QString::number(edit.scheduler()->adoptedBlocks())));
  }

  // setPlainText during a stream cancels it; finishStreaming adds the
  // rest at once.
  void cancelAndFinish() {
    const QString text = BigText(2'000'000);
    SpellTextEdit edit(service_.get());
    QSignalSpy finished(&edit, &SpellTextEdit::streamingFinished);
    edit.streamPlainText(text);
    QVERIFY(edit.isStreaming());
    edit.setPlainText("short text\n");
    QVERIFY(!edit.isStreaming());
    QVERIFY(!edit.isReadOnly());
    QCOMPARE(edit.toPlainText(), QString("short text\n"));
    QTest::qWait(50);
    QCOMPARE(edit.toPlainText(), QString("short text\n"));
    QCOMPARE(finished.count(), 0);

    SpellTextEdit expected(service_.get());
    expected.setPlainText(text);
    edit.streamPlainText(text);
    QVERIFY(edit.isStreaming());
    edit.finishStreaming();
    QVERIFY(!edit.isStreaming());
    QCOMPARE(finished.count(), 1);
    QCOMPARE(DocumentText(*edit.document()),
             DocumentText(*expected.document()));
    QVERIFY(!edit.document()->isUndoAvailable());
    // A small text is shown at once.
    edit.streamPlainText("small\n");
    QVERIFY(!edit.isStreaming());
    QCOMPARE(edit.toPlainText(), QString("small\n"));
  }

  // Ignore All with several tabs open walks the flagged words of the tab
  // on screen only; a background tab walks when it is shown, and shows
  // the word unflagged then.
  void ignoreAllRechecksBackgroundTabsWhenShown() {
    QTabWidget tabs;
    auto* front = new SpellTextEdit(service_.get());
    auto* back = new SpellTextEdit(service_.get());
    front->setPlainText(QStringLiteral("the zqxa dog"));
    back->setPlainText(QStringLiteral("the zqxa fox"));
    tabs.addTab(front, QStringLiteral("front"));
    tabs.addTab(back, QStringLiteral("back"));
    tabs.resize(600, 400);
    tabs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tabs));
    const QTextBlock front_block = front->document()->begin();
    const QTextBlock back_block = back->document()->begin();
    // The background tab was checked as it got its text.
    QCOMPARE(front->highlighter()->misspellings(front_block).size(), 1);
    QCOMPARE(back->highlighter()->misspellings(back_block).size(), 1);

    service_->ignoreAll(QStringLiteral("zqxa"));
    QCOMPARE(front->highlighter()->misspellings(front_block).size(), 0);
    QVERIFY(!front->highlighter()->isFlaggedRecheckDue());
    QVERIFY(back->highlighter()->isFlaggedRecheckDue());
    QCOMPARE(back->highlighter()->misspellings(back_block).size(), 1);

    tabs.setCurrentWidget(back);
    QTRY_VERIFY(back->isVisible());
    QVERIFY(!back->highlighter()->isFlaggedRecheckDue());
    QCOMPARE(back->highlighter()->misspellings(back_block).size(), 0);
  }
};

}  // namespace
}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::SpellTextEditTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "spell_text_edit_test.moc"
