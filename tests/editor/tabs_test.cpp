// Issue 35, item 1, 2 and 5: documents in tabs (open, drop and the command
// line add tabs; Ctrl+Tab, Ctrl+Shift+Tab, Ctrl+W; the unsaved-changes
// question names the file; encodings, disk watching and recovery per
// document), session restore, the command line's +N, FILE:N:C and -, a
// second launch handing its files to the running editor, and Edit > Undo
// and Redo following the document.
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>
#include <QTextBlock>
#include <QUrl>
#include <QtConcurrent/QtConcurrentRun>
#include <memory>

#include "app/editor/command_line.h"
#include "app/editor/document_tab.h"
#include "app/editor/find_bar.h"
#include "app/editor/main_window.h"
#include "app/editor/notice_bar.h"
#include "app/editor/recovery_store.h"
#include "app/editor/session.h"
#include "app/editor/single_instance.h"
#include "app/editor/soft_lines.h"
#include "app/editor/spell_text_edit.h"
#include "app/editor/text_file.h"
#include "app/editor/theme.h"
#include "editor_test_support.h"

namespace spellfilter::editor {
namespace {

// Counts the times a window is marked modified (QEvent::ModifiedChange).
class ModifiedWatcher : public QObject {
 public:
  int marked = 0;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() == QEvent::ModifiedChange &&
        static_cast<QWidget*>(watched)->isWindowModified()) {
      ++marked;
    }
    return false;
  }
};

QByteArray ReadAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

void Write(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  QCOMPARE(f.write(bytes), bytes.size());
}

QAction* FindAction(QWidget* window, const QString& text) {
  for (QAction* a : window->findChildren<QAction*>()) {
    if (a->text() == text) return a;
  }
  return nullptr;
}

std::unique_ptr<MainWindow> NewWindow() {
  auto w = std::make_unique<MainWindow>();
  w->show();
  if (!QTest::qWaitForWindowExposed(w.get())) qFatal("window not exposed");
  return w;
}

// The 1-based line and column of the cursor.
QPair<int, int> LineAndColumn(SpellTextEdit* edit) {
  const QTextCursor cursor = edit->textCursor();
  return {
      edit->lineMap().lineOf(cursor.block()) + 1,
      edit->lineMap().columnOf(cursor.block(), cursor.positionInBlock()) + 1};
}

}  // namespace

class TabsTest : public QObject {
  Q_OBJECT

 private slots:
  void init() { Environment().reset(); }

  void openedFilesGoToTabs() {
    const QString dir = Environment().newFolder("tabs");
    Write(dir + "/a.txt", "alpha\n");
    Write(dir + "/b.txt", "beta\n");
    auto w = NewWindow();
    QCOMPARE(w->documentCount(), 1);
    // The empty untitled document is replaced, not kept beside.
    QVERIFY(w->loadFile(dir + "/a.txt"));
    QCOMPARE(w->documentCount(), 1);
    QVERIFY(w->loadFile(dir + "/b.txt"));
    QCOMPARE(w->documentCount(), 2);
    QCOMPARE(w->editor()->toPlainText(), QString("beta\n"));
    QCOMPARE(w->tabWidget()->tabText(0), QString("a.txt"));
    QCOMPARE(w->tabWidget()->tabText(1), QString("b.txt"));
    QCOMPARE(w->windowFilePath(), dir + "/b.txt");
    // Opening an open file shows its tab.
    QVERIFY(w->loadFile(dir + "/a.txt"));
    QCOMPARE(w->documentCount(), 2);
    QCOMPARE(w->currentFile(), dir + "/a.txt");
    QCOMPARE(w->windowFilePath(), dir + "/a.txt");

    // Ctrl+Tab and Ctrl+Shift+Tab from the text, wrapping.
    w->editor()->setFocus();
    QTest::keyClick(w->editor(), Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(w->currentFile(), dir + "/b.txt");
    QTest::keyClick(w->editor(), Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(w->currentFile(), dir + "/a.txt");
    QTest::keyClick(w->editor(), Qt::Key_Backtab,
                    Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(w->currentFile(), dir + "/b.txt");
    QCOMPARE(w->editor()->toPlainText(), QString("beta\n"));
    QVERIFY(w->editor()->hasFocus());

    // A drop of two files opens both.
    Write(dir + "/c.txt", "gamma\n");
    Write(dir + "/d.txt", "delta\n");
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(dir + "/c.txt"),
                  QUrl::fromLocalFile(dir + "/d.txt")});
    QWidget* viewport = w->editor()->viewport();
    const QPoint center = viewport->rect().center();
    QDragEnterEvent enter(center, Qt::CopyAction, &data, Qt::LeftButton,
                          Qt::NoModifier);
    QApplication::sendEvent(viewport, &enter);
    QDropEvent drop(center, Qt::CopyAction, &data, Qt::LeftButton,
                    Qt::NoModifier);
    QApplication::sendEvent(viewport, &drop);
    QCOMPARE(w->documentCount(), 4);
    QCOMPARE(w->currentFile(), dir + "/d.txt");

    // New adds an untitled tab; Ctrl+W closes the current tab.
    FindAction(w.get(), "&New")->trigger();
    QCOMPARE(w->documentCount(), 5);
    QCOMPARE(w->currentFile(), QString());
    QTest::keyClick(w->editor(), Qt::Key_W, Qt::ControlModifier);
    QCOMPARE(w->documentCount(), 4);
    QCOMPARE(w->currentFile(), dir + "/d.txt");
  }

  void unsavedChangesQuestionNamesTheFile() {
    const QString dir = Environment().newFolder("unsaved");
    Write(dir + "/letter.txt", "Dear\n");
    Write(dir + "/other.txt", "other\n");
    auto w = NewWindow();
    QVERIFY(w->loadFile(dir + "/letter.txt"));
    QVERIFY(w->loadFile(dir + "/other.txt"));
    w->tabWidget()->setCurrentIndex(0);
    QTest::keyClicks(w->editor(), "My ");
    QCOMPARE(w->tabWidget()->tabText(0), QString("*letter.txt"));
    QVERIFY(w->isWindowModified());
    w->tabWidget()->setCurrentIndex(1);
    QVERIFY(!w->isWindowModified());  // the title follows the tab

    // Closing the modified tab asks, naming it, with mnemonics.
    QStringList buttons;
    QString question;
    QTimer::singleShot(0, this, [&] {
      QTRY_VERIFY(QApplication::activeModalWidget() != nullptr);
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      QVERIFY(box);
      question = box->text();
      for (QAbstractButton* b : box->buttons()) buttons.append(b->text());
      for (QAbstractButton* b : box->buttons()) {
        if (b->text() == "&Cancel") b->click();
      }
    });
    QVERIFY(!w->closeTab(0));
    QVERIFY2(question.contains("letter.txt"), qPrintable(question));
    buttons.sort();
    QCOMPARE(buttons, QStringList({"&Cancel", "&Discard", "&Save"}));
    QCOMPARE(w->documentCount(), 2);
    QCOMPARE(w->currentFile(), dir + "/letter.txt");  // shown while asked

    auto answered = AnswerNextMessageBox("Save");
    QVERIFY(w->closeTab(0));
    QVERIFY(*answered);
    QCOMPARE(ReadAll(dir + "/letter.txt"), QByteArray("My Dear\n"));
    QCOMPARE(w->documentCount(), 1);

    // Closing the window asks for each modified document.
    QTest::keyClicks(w->editor(), "x");
    FindAction(w.get(), "&New")->trigger();
    QTest::keyClicks(w->editor(), "draft");
    QString first;
    QString second;
    answered = AnswerNextMessageBox("Discard", 5000, &first);
    QTimer::singleShot(200, this, [&] {
      // The second question comes after the first is answered.
      static std::shared_ptr<bool> next;
      next = AnswerNextMessageBox("Cancel", 5000, &second);
    });
    QVERIFY(!w->close());
    QVERIFY(*answered);
    QVERIFY2(first.contains("other.txt"), qPrintable(first));
    QVERIFY2(second.contains("untitled"), qPrintable(second));
    QVERIFY(w->isVisible());
    QCOMPARE(w->documentCount(), 2);
    for (int i = 0; i < w->documentCount(); ++i) {
      w->document(i)->editor()->document()->setModified(false);
    }
  }

  void lastTabClosedLeavesAnEmptyDocument() {
    const QString dir = Environment().newFolder("last");
    Write(dir + "/a.txt", "alpha\n");
    auto w = NewWindow();
    QVERIFY(w->loadFile(dir + "/a.txt"));
    QVERIFY(w->closeTab(0));
    QCOMPARE(w->documentCount(), 1);
    QCOMPARE(w->currentFile(), QString());
    QCOMPARE(w->editor()->toPlainText(), QString());
    QCOMPARE(w->windowFilePath(), QString("untitled.txt"));
  }

  void encodingAndDiskWatchArePerDocument() {
    const QString dir = Environment().newFolder("perdoc");
    QByteArray utf16("\xFF\xFE", 2);
    const QString text = "w\u00f6rld\n";
    utf16 += QByteArray(reinterpret_cast<const char*>(text.utf16()),
                        text.size() * 2);
    Write(dir + "/le.txt", utf16);
    Write(dir + "/plain.txt", "plain\n");
    auto w = NewWindow();
    QVERIFY(w->loadFile(dir + "/le.txt"));
    QVERIFY(w->loadFile(dir + "/plain.txt"));
    QAction* utf16_action = nullptr;
    QAction* utf8_action = nullptr;
    for (QAction* a : w->findChildren<QAction*>()) {
      if (a->data().toString() == "UTF-16LE") utf16_action = a;
      if (a->data().toString() == "UTF-8") utf8_action = a;
    }
    QVERIFY(utf16_action && utf8_action);
    QVERIFY(utf8_action->isChecked() && !utf16_action->isChecked());
    w->tabWidget()->setCurrentIndex(0);
    QVERIFY(utf16_action->isChecked() && !utf8_action->isChecked());
    // Each saves in its own encoding.
    QTest::keyClicks(w->editor(), "h");
    QVERIFY(w->saveFile(w->currentFile()));
    QVERIFY(ReadAll(dir + "/le.txt").startsWith(QByteArray("\xFF\xFEh\0", 4)));

    // A change on disk to a tab not shown waits for it.
    Write(dir + "/plain.txt", "changed elsewhere\n");
    QTRY_VERIFY(w->document(1)->diskNews() == DocumentTab::DiskNews::kChanged);
    QVERIFY(!w->noticeBar()->text().contains("changed on disk"));
    QVERIFY(w->tabWidget()->tabToolTip(1).contains("Changed on disk"));
    w->tabWidget()->setCurrentIndex(1);
    QVERIFY(w->noticeBar()->text().contains("plain.txt"));
    QVERIFY(w->noticeBar()->text().contains("changed on disk"));
    w->tabWidget()->setCurrentIndex(0);
    QVERIFY(w->noticeBar()->text().isEmpty());
    w->tabWidget()->setCurrentIndex(1);
    FindAction(w.get(), "&Reload")->trigger();
    QCOMPARE(w->editor()->toPlainText(), QString("changed elsewhere\n"));
    QCOMPARE(w->document(1)->diskNews(), DocumentTab::DiskNews::kNone);
    QVERIFY(w->noticeBar()->text().isEmpty());
  }

  void sessionIsRestored() {
    const QString dir = Environment().newFolder("session");
    Write(dir + "/a.txt", "first line\nsecond line\nthird\n");
    Write(dir + "/b.txt", "beta\n");
    Write(dir + "/latin.txt", "caf\xE9\n");
    QVERIFY(SessionRestoreEnabled());  // on by default
    {
      auto w = NewWindow();
      QVERIFY(w->loadFile(dir + "/a.txt"));
      w->goToLine(2, 4);
      QVERIFY(w->loadFileAs(dir + "/latin.txt", "windows-1252"));
      QVERIFY(w->loadFile(dir + "/b.txt"));
      FindAction(w.get(), "&New")->trigger();  // untitled: not kept
      w->tabWidget()->setCurrentIndex(0);
      QVERIFY(w->close());
    }
    {
      auto w = NewWindow();
      QCOMPARE(w->restoreSession(), 3);
      QCOMPARE(w->documentCount(), 3);
      QCOMPARE(w->currentFile(), dir + "/a.txt");
      QCOMPARE(LineAndColumn(w->editor()), qMakePair(2, 4));
      QCOMPARE(w->document(1)->file(), dir + "/latin.txt");
      QCOMPARE(w->document(1)->editor()->toPlainText(), QString("caf\u00e9\n"));
      QCOMPARE(w->document(1)->format().encoding, QString("windows-1252"));
      QCOMPARE(w->document(2)->file(), dir + "/b.txt");
      // Off in the settings: nothing is reopened.
      QAction* restore = w->findChild<QAction*>("restoreSession");
      QVERIFY(restore && restore->isChecked());
      restore->trigger();
      QVERIFY(!SessionRestoreEnabled());
      QVERIFY(w->close());
    }
    auto w = NewWindow();
    QCOMPARE(w->restoreSession(), 0);
    QCOMPARE(w->documentCount(), 1);
  }

  void sessionSkipsGoneFiles() {
    const QString dir = Environment().newFolder("gone");
    Write(dir + "/a.txt", "a\n");
    Write(dir + "/b.txt", "b\n");
    {
      auto w = NewWindow();
      QVERIFY(w->loadFile(dir + "/a.txt"));
      QVERIFY(w->loadFile(dir + "/b.txt"));
      QVERIFY(w->close());
    }
    QVERIFY(QFile::remove(dir + "/a.txt"));
    auto w = NewWindow();
    QCOMPARE(w->restoreSession(), 1);
    QCOMPARE(w->currentFile(), dir + "/b.txt");
    QVERIFY(w->statusBar()->currentMessage().contains("a.txt"));
  }

  void fileArgumentsAreParsed() {
    const QString dir = Environment().newFolder("args");
    Write(dir + "/a.txt", "a\n");
    Write(dir + "/odd:7", "a file with a colon\n");
    FileArguments args =
        ParseFileArguments({"a.txt", "+12", "b.txt", "a.txt:3", "a.txt:4:9",
                            "odd:7", "-", "new.txt:5", "+x"},
                           dir);
    QCOMPARE(args.files.size(), 8);  // +12 is not a file
    QCOMPARE(args.files[0].path, dir + "/a.txt");
    QCOMPARE(args.files[0].line, 0);
    QCOMPARE(args.files[1].path, dir + "/b.txt");
    QCOMPARE(args.files[1].line, 12);
    QCOMPARE(args.files[2].path, dir + "/a.txt");
    QCOMPARE(args.files[2].line, 3);
    QCOMPARE(args.files[2].column, 0);
    QCOMPARE(args.files[3].line, 4);
    QCOMPARE(args.files[3].column, 9);
    QCOMPARE(args.files[4].path, dir + "/odd:7");  // an existing name wins
    QCOMPARE(args.files[4].line, 0);
    QVERIFY(args.files[5].standard_input);
    // FILE:N where FILE does not exist either: a new file of that name.
    QCOMPARE(args.files[6].path, dir + "/new.txt:5");
    QCOMPARE(args.files[7].path, dir + "/+x");  // not a line number
    QVERIFY(args.warnings.isEmpty());
  }

  void lineArgumentWarnings() {
    FileArguments args = ParseFileArguments({"+3", "+4", "a", "+5"}, "/tmp");
    QCOMPARE(args.files.size(), 1);
    QCOMPARE(args.files[0].line, 4);
    QCOMPARE(args.warnings.size(), 2);
    QVERIFY(args.warnings[0].contains("+3"));
    QVERIFY(args.warnings[1].contains("+5"));
  }

  void commandLineLandsOnLineAndColumn() {
    const QString dir = Environment().newFolder("landing");
    QByteArray text;
    for (int i = 1; i <= 300; ++i)
      text += "line number " + QByteArray::number(i) + "\n";
    Write(dir + "/long.txt", text);
    Write(dir + "/short.txt", "one\ntwo\n");
    auto w = NewWindow();
    OpenRequest request;
    request.files =
        ParseFileArguments({"+150", "long.txt", "short.txt:2:3", "-"}, dir)
            .files;
    request.has_standard_input = true;
    request.standard_input = "from a pipe\n";
    w->openRequest(request);
    QCOMPARE(w->documentCount(), 3);
    QCOMPARE(w->document(0)->file(), dir + "/long.txt");
    QCOMPARE(LineAndColumn(w->document(0)->editor()), qMakePair(150, 1));
    QCOMPARE(w->document(1)->file(), dir + "/short.txt");
    QCOMPARE(LineAndColumn(w->document(1)->editor()), qMakePair(2, 3));
    // Standard input: an untitled document, unsaved.
    QCOMPARE(w->currentFile(), QString());
    QCOMPARE(w->editor()->toPlainText(), QString("from a pipe\n"));
    QVERIFY(w->isWindowModified());
    // A line past the end lands on the last; a column past the line's end
    // on its end.
    w->openFromCommandLine(dir + "/short.txt", 99, 99);
    QCOMPARE(w->currentFile(), dir + "/short.txt");
    QCOMPARE(LineAndColumn(w->editor()), qMakePair(3, 1));
    w->goToLine(1, 99);
    QCOMPARE(LineAndColumn(w->editor()), qMakePair(1, 4));
    w->document(2)->editor()->document()->setModified(false);
  }

  // Issue 35, item 6: before a big file is read, the window has its title,
  // the tab its name and the page says "Loading big.txt…" (and is
  // painted: showLoading repaints); then the text streams in from the
  // event loop (SpellTextEdit::streamPlainText), read-only meanwhile, and
  // is whole at the end, unmodified, with "Opened big.txt" in the status
  // bar. A +N from the command line lands once the line is there.
  void bigFileSaysLoadingThenStreams() {
    const QString path = Environment().newFolder("big") + "/big.txt";
    QByteArray bytes;
    for (int i = 0; bytes.size() < 3'000'000; ++i) {
      bytes += "line " + QByteArray::number(i) +
               " the quick brown fox jumps over the lazy dog\n";
    }
    Write(path, bytes);
    auto w = NewWindow();
    ModifiedWatcher modified;  // the title never says "*" meanwhile
    w->installEventFilter(&modified);
    QStringList seen;  // "title|tab|page|message" as each message appears
    connect(
        w->statusBar(), &QStatusBar::messageChanged, this,
        [&](const QString& message) {
          if (message.isEmpty()) return;
          seen.append(w->windowFilePath() + "|" +
                      w->tabWidget()->tabText(w->tabWidget()->currentIndex()) +
                      "|" + w->editor()->placeholderText() + "|" + message);
        });
    OpenRequest request;
    request.files.append({path, false, 30'000, 0});
    w->openRequest(request);
    QVERIFY2(!seen.isEmpty(), "no status message");
    QCOMPARE(seen.first(),
             path + "|big.txt|Loading big.txt\u2026|Loading big.txt\u2026");
    // Returned with the first page shown and the rest coming.
    SpellTextEdit* edit = w->editor();
    QVERIFY(edit->isStreaming());
    QVERIFY(edit->isReadOnly());
    QVERIFY(edit->toPlainText().startsWith("line 0 the quick"));
    QVERIFY(edit->toPlainText().size() < bytes.size());
    QCOMPARE(w->windowFilePath(), path);
    QCOMPARE(w->tabWidget()->tabText(0), QString("big.txt"));
    QVERIFY(w->statusBar()->currentMessage().startsWith("Loading big.txt"));
    QTRY_VERIFY_WITH_TIMEOUT(!edit->isStreaming(), 60'000);
    QCOMPARE(edit->toPlainText().toUtf8(), bytes);
    QVERIFY(!edit->isReadOnly());
    QVERIFY(!w->isWindowModified());
    QCOMPARE(modified.marked, 0);
    QVERIFY(!edit->document()->isUndoAvailable());
    QCOMPARE(edit->placeholderText(), QString());
    QCOMPARE(w->statusBar()->currentMessage(), QString("Opened big.txt"));
    // The +N of the request: line 30,000 (1-based), once it had come in.
    QCOMPARE(edit->textCursor().blockNumber(), 29'999);
    QVERIFY(seen.filter("%").size() >= 2);  // "Loading big.txt… N%"
  }

  // Issue 35 ("Why", 8): at 800 px the status bar's "Loading big5.txt…
  // N%" showed as "Loading bi", squeezed by the counts. While a file
  // streams in, the counts give way, a long name is elided in the middle
  // (its start and extension stay), and the whole message fits in the
  // room QStatusBar paints it in (left of the first permanent widget).
  void loadingMessageFitsAt800Pixels() {
    const QString name =
        "a-rather-long-file-name-for-the-status-bar-of-2026.txt";
    const QString path = Environment().newFolder("bigname") + "/" + name;
    QByteArray bytes;
    for (int i = 0; bytes.size() < 3'000'000; ++i) {
      bytes += "line " + QByteArray::number(i) +
               " the quick brown fox jumps over the lazy dog\n";
    }
    Write(path, bytes);
    auto w = NewWindow();
    w->resize(800, 600);
    QStatusBar* bar = w->statusBar();
    // The room the message is painted in (QStatusBar: 6 px from the left
    // to 2 px before the first visible permanent widget).
    const auto room = [&] {
      int right = bar->width() - 12;
      for (QWidget* child : bar->findChildren<QWidget*>()) {
        if (child->isVisible() && child->parentWidget() == bar &&
            child->x() > 0) {
          right = qMin(right, child->x() - 2);
        }
      }
      return right - 6;
    };
    QStringList shown;  // each "Loading… N%" message, and whether it fit
    connect(bar, &QStatusBar::messageChanged, this,
            [&](const QString& message) {
              if (!message.contains('%')) return;
              bar->layout()->activate();  // laid out as it will be painted
              const int needed = bar->fontMetrics().horizontalAdvance(message);
              shown.append(message + (needed <= room() ? "" : " (cut)"));
            });
    // From the loading page on, before the read starts.
    bool counts_while_loading = false;
    connect(bar, &QStatusBar::messageChanged, this, [&](const QString& m) {
      if (m.startsWith("Loading") &&
          w->findChild<QLabel*>("wordCount")->isVisible()) {
        counts_while_loading = true;
      }
    });
    OpenRequest request;
    request.files.append({path, false, 0, 0});
    w->openRequest(request);
    SpellTextEdit* edit = w->editor();
    QVERIFY(edit->isStreaming());
    QVERIFY(!counts_while_loading);
    QVERIFY(!w->findChild<QLabel*>("wordCount")->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!edit->isStreaming(), 60'000);
    QVERIFY(!shown.isEmpty());
    for (const QString& message : shown) {
      // The name in 32 characters, cut in the middle; never cut itself.
      QVERIFY2(message.startsWith(
                   "Loading a-rather-long-f\u2026-bar-of-2026.txt\u2026 ") &&
                   message.endsWith("%"),
               qPrintable(message));
    }
    QTRY_VERIFY(w->findChild<QLabel*>("wordCount")->isVisible());
    QVERIFY(w->findChild<QLabel*>("characterCount")->isVisible());
    QVERIFY(w->findChild<QLabel*>("misspellingCount")->isVisible());
  }

  // Issue 35, item 6: saving while a file streams in writes all of it,
  // never a part.
  void saveWhileStreamingWritesWholeFile() {
    const QString folder = Environment().newFolder("bigsave");
    const QString path = folder + "/big.txt";
    QByteArray bytes;
    while (bytes.size() < 2'500'000) {
      bytes += "the quick brown fox jumps over the lazy dog\r\n";
    }
    Write(path, bytes);
    auto w = NewWindow();
    QVERIFY(w->loadFile(path));
    QVERIFY(w->editor()->isStreaming());
    QVERIFY(w->saveFile(folder + "/copy.txt"));
    QVERIFY(!w->editor()->isStreaming());
    QCOMPARE(ReadAll(folder + "/copy.txt"), bytes);
  }

  // Issue 35, item 6, the read in chunks: a big file whose first chunks
  // are clean UTF-8 and whose end is Windows-1252 starts streaming as
  // UTF-8; the late byte makes it decided whole, as a whole read decides
  // it (detected as Windows-1252), and the whole text replaces the part
  // in the same tab; a save before that is refused, writing nothing.
  void lateNonUtf8ByteIsDecidedWhole() {
    const QString folder = Environment().newFolder("late");
    const QString path = folder + "/late.txt";
    QByteArray bytes;
    while (bytes.size() < 2'000'000) {
      bytes += "the quick brown fox jumps over the lazy dog\n";
    }
    bytes +=
        "caf\xe9 cr\xe8me br\xfbl\xe9"
        "e\n";
    Write(path, bytes);
    LoadedText direct;
    QString error;
    QVERIFY(ReadTextFile(path, &direct, &error));
    QCOMPARE(direct.format.encoding, QString("windows-1252"));
    auto w = NewWindow();
    QVERIFY(w->loadFile(path));
    SpellTextEdit* edit = w->editor();
    QVERIFY(edit->isStreaming() || edit->isPartial());
    QCOMPARE(w->tabWidget()->count(), 1);
    // A save now waits for the read, which ends undecided: refused.
    QVERIFY(!w->saveFile(folder + "/partial.txt"));
    QVERIFY(!QFile::exists(folder + "/partial.txt"));
    QVERIFY(edit->isPartial());
    QTRY_VERIFY_WITH_TIMEOUT(!edit->isStreaming() && !edit->isPartial() &&
                                 DocumentText(*edit->document()) == direct.text,
                             30000);
    QCOMPARE(w->current()->format().encoding, QString("windows-1252"));
    QCOMPARE(w->tabWidget()->count(), 1);
    QVERIFY(!w->isWindowModified());
    QVERIFY(w->saveFile(folder + "/copy.txt"));
    QCOMPARE(ReadAll(folder + "/copy.txt"), bytes);
  }

  // Issue 35, item 8: the find bar counts the matches ("2 of 3").
  void findBarCountsMatches() {
    auto w = NewWindow();
    w->editor()->setPlainText("lamp and lamp and lamp\n");
    FindBar* bar = w->findBar();
    bar->open(false);
    bar->findEdit()->setText("lamp");
    QTRY_COMPARE(bar->message(), QString("3 matches"));
    QVERIFY(bar->findNext());
    QCOMPARE(bar->message(), QString("1 of 3"));
    QVERIFY(bar->findNext());
    QCOMPARE(bar->message(), QString("2 of 3"));
    QVERIFY(bar->findNext());
    QVERIFY(bar->findNext());
    QCOMPARE(bar->message(),
             QString("Continued from the beginning \u2014 1 of 3"));
    bar->findEdit()->setText("lamps");
    QTRY_COMPARE(bar->message(), QString("Not found"));
  }

  // Issue 35, item 8: in the dark theme the notice strip is dark too, and
  // line numbers read at 4.5:1 or better in both themes (they were about
  // 3:1 in the dark one).
  void darkThemeStripAndLineNumbers() {
    auto w = NewWindow();
    for (const Theme theme : {Theme::kLight, Theme::kDark}) {
      w->setTheme(theme);
      const QPalette palette = QApplication::palette();
      QCOMPARE(IsDark(palette), theme == Theme::kDark);
      const QPalette strip = w->noticeBar()->palette();
      QCOMPARE(IsDark(strip), theme == Theme::kDark);
      QVERIFY(ContrastRatio(strip.color(QPalette::WindowText),
                            strip.color(QPalette::Window)) >= 7);
      const QColor numbers = SubduedTextColor(palette, QPalette::AlternateBase);
      QVERIFY2(
          ContrastRatio(numbers, palette.color(QPalette::AlternateBase)) >= 4.5,
          qPrintable(numbers.name()));
      // Quieter than the text itself.
      QVERIFY(ContrastRatio(numbers, palette.color(QPalette::AlternateBase)) <
              ContrastRatio(palette.color(QPalette::Text),
                            palette.color(QPalette::AlternateBase)));
    }
    w->setTheme(Theme::kSystem);
  }

  // A long line is several blocks; the column counts along the line.
  void columnInALongLine() {
    const QString dir = Environment().newFolder("longline");
    QByteArray line(kSplitAbove * 2 + 100, 'a');
    for (int i = 50; i < line.size(); i += 50) line[i] = ' ';
    Write(dir + "/wide.txt", "first\n" + line + "\n");
    auto w = NewWindow();
    const int column = static_cast<int>(kSplitAbove) + 10;
    QVERIFY(w->openFromCommandLine(dir + "/wide.txt", 2, column));
    QCOMPARE(LineAndColumn(w->editor()), qMakePair(2, column));
  }

  void secondLaunchOpensInTheRunningWindow() {
    const QString dir = Environment().newFolder("instance");
    Write(dir + "/one.txt", "one\n");
    Write(dir + "/two.txt", "two\nsecond\n");
    auto w = NewWindow();
    SingleInstanceServer server;
    const QString name = dir + "/socket";
    QVERIFY2(server.listen(name), qPrintable(server.errorString()));
    connect(&server, &SingleInstanceServer::openRequested, w.get(),
            &MainWindow::openRequest);
    OpenRequest request;
    request.files = ParseFileArguments({"one.txt", "+2", "two.txt"}, dir).files;
    // The second launch blocks until the files are open: on a thread.
    QFuture<bool> sent = QtConcurrent::run(
        [name, request] { return SendToRunningEditor(name, request, 5000); });
    QTRY_VERIFY(sent.isFinished());
    QVERIFY(sent.result());
    QCOMPARE(w->documentCount(), 2);
    QCOMPARE(w->currentFile(), dir + "/two.txt");
    QCOMPARE(LineAndColumn(w->editor()).first, 2);

    // No editor listening: the launch opens its own window.
    QVERIFY(!SendToRunningEditor(dir + "/nobody", request, 500));
    // A live editor's socket is not taken over by another.
    SingleInstanceServer again;
    QVERIFY(!again.listen(name));
    // A socket left by an editor that crashed is taken over.
    Write(dir + "/stale", "");
    QVERIFY2(again.listen(dir + "/stale"), qPrintable(again.errorString()));
  }

  void openRequestsSurviveEncoding() {
    OpenRequest request;
    request.files.append({"/tmp/a b.txt", false, 3, 4});
    request.files.append({QString(), true, 0, 0});
    request.has_standard_input = true;
    request.standard_input = "\u0436 text\n";
    OpenRequest back;
    QVERIFY(DecodeOpenRequest(EncodeOpenRequest(request), &back));
    QCOMPARE(back.files.size(), 2);
    QCOMPARE(back.files[0].path, QString("/tmp/a b.txt"));
    QCOMPARE(back.files[0].line, 3);
    QCOMPARE(back.files[0].column, 4);
    QVERIFY(back.files[1].standard_input);
    QCOMPARE(back.standard_input, QString("\u0436 text\n"));
    QVERIFY(!DecodeOpenRequest("not json", &back));
    QVERIFY(
        !DecodeOpenRequest(R"({"files":[{"path":"relative.txt"}]})", &back));
  }

  // Issue 35, item 5: Edit > Undo is enabled whenever Ctrl+Z would undo,
  // and Redo whenever Ctrl+Shift+Z would redo, in the current document.
  void undoAndRedoFollowTheDocument() {
    auto w = NewWindow();
    QAction* undo = FindAction(w.get(), "&Undo");
    QAction* redo = FindAction(w.get(), "&Redo");
    QVERIFY(undo && redo);
    QCOMPARE(w->editor()->document()->availableUndoSteps(), 0);
    QVERIFY(!undo->isEnabled());
    QVERIFY(!redo->isEnabled());
    QTest::keyClicks(w->editor(), "one two");
    QVERIFY(undo->isEnabled());
    QVERIFY(!redo->isEnabled());
    undo->trigger();
    QCOMPARE(undo->isEnabled(), w->editor()->document()->isUndoAvailable());
    QVERIFY(redo->isEnabled());
    // After one undo with more to undo, Undo stays enabled.
    QTest::keyClicks(w->editor(), " three");
    QTest::keyClick(w->editor(), Qt::Key_Return);
    QTest::keyClicks(w->editor(), "four");
    undo->trigger();
    QVERIFY(w->editor()->document()->isUndoAvailable());
    QVERIFY(undo->isEnabled());
    QVERIFY(redo->isEnabled());
    // Another tab has its own history.
    FindAction(w.get(), "&New")->trigger();
    QVERIFY(!undo->isEnabled() && !redo->isEnabled());
    w->tabWidget()->setCurrentIndex(0);
    QVERIFY(undo->isEnabled() && redo->isEnabled());
    // Reloading a file is one undo step; Undo shows it.
    const QString path = Environment().newFolder("undo") + "/u.txt";
    Write(path, "saved\n");
    QVERIFY(w->loadFile(path));
    QVERIFY(!undo->isEnabled());
    QTest::keyClick(w->editor(), Qt::Key_X);
    QVERIFY(undo->isEnabled());
    while (w->editor()->document()->isUndoAvailable()) undo->trigger();
    QVERIFY(!undo->isEnabled());
    QCOMPARE(w->editor()->toPlainText(), QString("saved\n"));
    for (int i = 0; i < w->documentCount(); ++i) {
      w->document(i)->editor()->document()->setModified(false);
    }
  }

  // Every document left by an editor that crashed comes back, each in a
  // tab.
  void recoveryOfSeveralDocuments() {
    for (const char* name : {"/first.txt", "/second.txt"}) {
      QProcess helper;
      helper.start(QStringLiteral(RECOVERY_CRASH_HELPER),
                   {QString("text of ") + name, Environment().root() + name});
      QVERIFY(helper.waitForFinished(20000));
      QCOMPARE(helper.exitStatus(), QProcess::CrashExit);
    }
    auto w = NewWindow();
    QString prompt;
    auto answered = AnswerNextMessageBox("Recover", 5000, &prompt);
    w->offerRecovery();
    QVERIFY(*answered);
    QVERIFY2(prompt.contains("2 documents"), qPrintable(prompt));
    QCOMPARE(w->documentCount(), 2);
    QStringList files;
    for (int i = 0; i < 2; ++i) {
      files.append(QFileInfo(w->document(i)->file()).fileName());
      QVERIFY(w->document(i)->isModified());
      QCOMPARE(w->document(i)->editor()->toPlainText(),
               "text of /" + files.last());
    }
    files.sort();
    QCOMPARE(files, QStringList({"first.txt", "second.txt"}));
    for (int i = 0; i < w->documentCount(); ++i) {
      w->document(i)->editor()->document()->setModified(false);
    }
  }
};

}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::TabsTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "tabs_test.moc"
