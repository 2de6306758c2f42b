// The main window through its real widgets: open/save round trip, invalid
// UTF-8, unsaved changes, recent files, drag and drop, the command line,
// the status bar, settings, missing and damaged dictionaries, the
// Dictionary menu, building a dictionary (progress, cancel, errors), crash
// recovery, and user words surviving a restart.
#include "app/editor/main_window.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDateTime>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUrl>
#include <memory>

#include "app/editor/dictionary_catalog.h"
#include "app/editor/dictionary_menu.h"
#include "app/editor/document_tab.h"
#include "app/editor/find_bar.h"
#include "app/editor/line_number_area.h"
#include "app/editor/notice_bar.h"
#include "app/editor/recent_files.h"
#include "app/editor/recovery_store.h"
#include "app/editor/spell_context_menu.h"
#include "app/editor/spell_highlighter.h"
#include "app/editor/spell_service.h"
#include "app/editor/spell_text_edit.h"
#include "app/editor/text_file.h"
#include "core/check/checker.h"
#include "core/dictionary/dictionary.h"
#include "editor_test_support.h"

namespace spellfilter::editor {
namespace {

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

QString Label(const QMainWindow& window, const char* name) {
  if (const auto* label = window.findChild<QLabel*>(QString::fromLatin1(name)))
    return label->text();
  // The status bar's buttons (language, encoding).
  const auto* button =
      window.findChild<QAbstractButton*>(QString::fromLatin1(name));
  return button ? button->text() : QString("<no label %1>").arg(name);
}

}  // namespace

class MainWindowTest : public QObject {
  Q_OBJECT

 private slots:
  void init() { Environment().reset(); }

  void openSaveRoundTrip() {
    const QString dir = Environment().newFolder("files");
    // A byte-order mark, CRLF line ends, a no-break space (which
    // QTextDocument::toPlainText would turn into a space), an emoji.
    const QByteArray bytes =
        "\xEF\xBB\xBF"
        "Caf\xC3\xA9 and\xC2\xA0nbsp\r\nsecond line "
        "\xF0\x9F\x98\x80\r\n";
    Write(dir + "/a.txt", bytes);
    auto w = newWindow();
    QVERIFY(w->loadFile(dir + "/a.txt"));
    QCOMPARE(w->currentFile(), dir + "/a.txt");
    QVERIFY(!w->isWindowModified());
    QVERIFY(w->saveFile(dir + "/b.txt"));
    QCOMPARE(ReadAll(dir + "/b.txt"), bytes);

    w->editor()->moveCursor(QTextCursor::End);
    QTest::keyClicks(w->editor(), "more");
    QVERIFY(w->isWindowModified());
    QVERIFY(w->saveFile(dir + "/b.txt"));
    QVERIFY(!w->isWindowModified());
    QCOMPARE(ReadAll(dir + "/b.txt"), bytes + "more");
    QCOMPARE(w->currentFile(), dir + "/b.txt");
  }

  void saveFailureIsReported() {
    auto w = newWindow();
    QTest::keyClicks(w->editor(), "text");
    auto answered = AnswerNextMessageBox("OK");
    QVERIFY(!w->saveFile(Environment().root() + "/no/such/dir/x.txt"));
    QVERIFY(*answered);
    QVERIFY(w->isWindowModified());
  }

  // A UTF-8 file with a damaged byte (its other accented letters are
  // well-formed UTF-8, so no other encoding is guessed) is not opened
  // without a question.
  void invalidUtf8Warns() {
    const QString path = Environment().newFolder("bad") + "/damaged.txt";
    const QByteArray bytes = "caf\xC3\xA9 na\xEFve\n";
    Write(path, bytes);
    auto w = newWindow();
    QString warning;
    auto answered = AnswerNextMessageBox("Cancel", 5000, &warning);
    QVERIFY(!w->loadFile(path));
    QVERIFY(*answered);
    QVERIFY2(warning.contains("offset 8"), qPrintable(warning));
    QCOMPARE(w->editor()->toPlainText(), QString());

    answered = AnswerNextMessageBox("Open Anyway");
    QVERIFY(w->loadFile(path));
    QVERIFY(*answered);
    QCOMPARE(w->editor()->toPlainText(),
             QString::fromUtf8("caf\xC3\xA9 na\xEF\xBF\xBDve\n"));
    // Saving over the original asks first; cancelling leaves it intact.
    answered = AnswerNextMessageBox("Cancel");
    QVERIFY(!w->saveFile(path));
    QVERIFY(*answered);
    QCOMPARE(ReadAll(path), bytes);
  }

  // Issue 23, item 3 and issue 35, item 3: a Latin-1 / Windows-1252 file
  // is detected (ICU's ucsdet; no question on opening), kept intact when
  // saved in it; a character it cannot hold stops the save with an offer
  // to save as UTF-8 instead of being replaced.
  void windows1252FileIsKeptIntact() {
    const QString path = Environment().newFolder("latin1") + "/caf\u00e9.txt";
    const QByteArray bytes = "caf\xE9 au lait\r\n";
    Write(path, bytes);
    auto w = newWindow();
    QVERIFY(w->loadFile(path));  // no question (none is answered)
    QCOMPARE(w->editor()->toPlainText(), QString("caf\u00e9 au lait\n"));
    QCOMPARE(w->current()->format().encoding, QString("windows-1252"));
    QCOMPARE(w->findChild<QToolButton*>("encodingButton")->text(),
             QString("Western (Windows-1252)"));
    QVERIFY(w->saveFile(path));  // no question: nothing is lost
    QCOMPARE(ReadAll(path), bytes);
    w->editor()->moveCursor(QTextCursor::End);
    w->editor()->insertPlainText("cr\u00e8me");
    QVERIFY(w->saveFile(path));
    QCOMPARE(ReadAll(path), bytes + "cr\xE8me");
    w->editor()->insertPlainText("\u20AC \u4E2D");  // the euro is in 1252
    QString offer;
    auto answered = AnswerNextMessageBox("Cancel", 5000, &offer);
    QVERIFY(!w->saveFile(path));
    QVERIFY(*answered);
    QVERIFY2(offer.contains("\u4E2D") && offer.contains("Windows-1252"),
             qPrintable(offer));
    QCOMPARE(ReadAll(path), bytes + "cr\xE8me");
    QVERIFY(w->isWindowModified());
    answered = AnswerNextMessageBox("Save as UTF-8");
    QVERIFY(w->saveFile(path));
    QVERIFY(*answered);
    QCOMPARE(ReadAll(path), QByteArray("caf\xC3\xA9 au lait\r\ncr\xC3\xA8me"
                                       "\xE2\x82\xAC \xE4\xB8\xAD"));
    QCOMPARE(w->current()->format().encoding, QString("UTF-8"));
    QCOMPARE(w->findChild<QToolButton*>("encodingButton")->text(),
             QString("Unicode (UTF-8)"));
  }

  // UTF-16 with a byte-order mark is recognised and written back as it was;
  // File > Reopen with Encoding reads a file again in another encoding.
  void utf16AndReopenWithEncoding() {
    const QString dir = Environment().newFolder("utf16");
    QByteArray bytes("\xFF\xFE", 2);
    const QString text = "h\u00e9llo\r\nw\u00f6rld\r\n";
    bytes += QByteArray(reinterpret_cast<const char*>(text.utf16()),
                        text.size() * 2);
    Write(dir + "/le.txt", bytes);
    auto w = newWindow();
    QVERIFY(w->loadFile(dir + "/le.txt"));  // no warning
    QCOMPARE(w->editor()->toPlainText(), QString("h\u00e9llo\nw\u00f6rld\n"));
    QVERIFY(w->saveFile(dir + "/copy.txt"));
    QCOMPARE(ReadAll(dir + "/copy.txt"), bytes);

    Write(dir + "/utf8.txt", "caf\xC3\xA9\n");
    QVERIFY(w->loadFile(dir + "/utf8.txt"));
    QAction* latin1 = FindAction(w.get(), "Western (ISO-8859-1)");
    QVERIFY(latin1 && !latin1->isChecked());
    latin1->trigger();
    QCOMPARE(w->editor()->toPlainText(), QString("caf\u00c3\u00a9\n"));
    QVERIFY(latin1->isChecked());
  }

  void binaryFileWarns() {
    const QString path = Environment().newFolder("bin") + "/x.bin";
    Write(path, QByteArray("ELF\0\0\1", 6));
    auto w = newWindow();
    QString warning;
    auto answered = AnswerNextMessageBox("Cancel", 5000, &warning);
    QVERIFY(!w->loadFile(path));
    QVERIFY(*answered);
    QVERIFY2(warning.contains("binary"), qPrintable(warning));
    QCOMPARE(w->documentCount(), 1);  // no tab for it
    QCOMPARE(w->currentFile(), QString());
  }

  // New adds a tab (tabs_test); closing a modified document asks.
  void unsavedChangesArePromptedFor() {
    auto w = newWindow();
    QTest::keyClicks(w->editor(), "draft");
    QAction* close = FindAction(w.get(), "&Close");
    QVERIFY(close);
    auto answered = AnswerNextMessageBox("Cancel");
    close->trigger();
    QVERIFY(*answered);
    QCOMPARE(w->editor()->toPlainText(), QString("draft"));
    answered = AnswerNextMessageBox("Discard");
    close->trigger();
    QVERIFY(*answered);
    QCOMPARE(w->editor()->toPlainText(), QString());
    QVERIFY(!w->isWindowModified());

    QTest::keyClicks(w->editor(), "again");
    answered = AnswerNextMessageBox("Cancel");
    QVERIFY(!w->close());
    QVERIFY(*answered);
    QVERIFY(w->isVisible());
    w->editor()->document()->setModified(false);
  }

  void recentFiles() {
    const QString dir = Environment().newFolder("recent");
    Write(dir + "/one.txt", "one\n");
    Write(dir + "/two.txt", "two\n");
    {
      auto w = newWindow();
      // Nothing to list: greyed out from the start (built when opened).
      QVERIFY(!w->recentFilesMenu()->isEnabled());
      QVERIFY(w->loadFile(dir + "/one.txt"));
      QVERIFY(w->recentFilesMenu()->isEnabled());
      QVERIFY(w->loadFile(dir + "/two.txt"));
      QCOMPARE(w->recentFilesMenu()->files(),
               QStringList({dir + "/two.txt", dir + "/one.txt"}));
    }
    auto w = newWindow();  // read back from the settings
    QCOMPARE(w->recentFilesMenu()->files(),
             QStringList({dir + "/two.txt", dir + "/one.txt"}));
    emit w->recentFilesMenu()->aboutToShow();
    QStringList texts;
    for (QAction* a : w->recentFilesMenu()->actions()) texts.append(a->text());
    const QString folder = QDir::toNativeSeparators(dir);
    QVERIFY2(texts.mid(0, 2) == QStringList({"&1 two.txt \u2014 " + folder,
                                             "&2 one.txt \u2014 " + folder}),
             qPrintable(texts.join('|')));
    QCOMPARE(w->recentFilesMenu()->actions().constFirst()->toolTip(),
             QDir::toNativeSeparators(dir + "/two.txt"));
  }

  // Issue 23, item 2: the recovery record holds the canonical absolute
  // path, so an editor started in another folder recovers into the
  // original file (it wrote a new rel.txt in its own folder before).
  void recoveryFromAnotherFolderSavesToTheOriginal() {
    const QString where = Environment().newFolder("crashed-here");
    Write(where + "/rel.txt", "original\n");
    QProcess helper;
    helper.setWorkingDirectory(where);
    helper.start(QStringLiteral(RECOVERY_CRASH_HELPER),
                 {"recovered words", "rel.txt"});
    QVERIFY(helper.waitForFinished(20000));
    QCOMPARE(helper.exitStatus(), QProcess::CrashExit);

    const QString elsewhere = Environment().newFolder("started-here");
    const QString old_cwd = QDir::currentPath();
    QVERIFY(QDir::setCurrent(elsewhere));
    auto w = newWindow();
    QString prompt;
    auto answered = AnswerNextMessageBox("Recover", 5000, &prompt);
    w->offerRecovery();
    QVERIFY(*answered);
    QVERIFY2(prompt.contains(QDir::toNativeSeparators(where + "/rel.txt")),
             qPrintable(prompt));
    QCOMPARE(w->currentFile(), where + "/rel.txt");
    QVERIFY(w->saveFile(w->currentFile()));
    QDir::setCurrent(old_cwd);
    QCOMPARE(ReadAll(where + "/rel.txt"), QByteArray("recovered words"));
    QVERIFY(!QFileInfo::exists(elsewhere + "/rel.txt"));
  }

  void dropOpensFile() {
    const QString path = Environment().newFolder("drop") + "/dropped.txt";
    Write(path, "dropped text\n");
    auto w = newWindow();
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(path)});
    QWidget* viewport = w->editor()->viewport();
    const QPoint center = viewport->rect().center();
    QDragEnterEvent enter(center, Qt::CopyAction, &data, Qt::LeftButton,
                          Qt::NoModifier);
    QApplication::sendEvent(viewport, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(center, Qt::CopyAction, &data, Qt::LeftButton,
                    Qt::NoModifier);
    QApplication::sendEvent(viewport, &drop);
    QCOMPARE(w->currentFile(), path);
    QCOMPARE(w->editor()->toPlainText(), QString("dropped text\n"));
  }

  void commandLineFile() {
    const QString dir = Environment().newFolder("cli");
    Write(dir + "/exists.txt", "hello world\n");
    auto w = newWindow();
    w->openFromCommandLine(dir + "/exists.txt");
    QCOMPARE(w->editor()->toPlainText(), QString("hello world\n"));
    auto w2 = newWindow();
    w2->openFromCommandLine(dir + "/new.txt");
    QCOMPARE(w2->currentFile(), dir + "/new.txt");
    QCOMPARE(w2->editor()->toPlainText(), QString());
    QTest::keyClicks(w2->editor(), "fresh");
    QVERIFY(w2->saveFile(w2->currentFile()));
    QCOMPARE(ReadAll(dir + "/new.txt"), QByteArray("fresh"));
  }

  // Issue 23, item 4: a file big enough for its first highlighting burst
  // to run out of budget, opened as main.cpp opens it (no event processing
  // between the window's construction and the load), is checked whole: the
  // counts equal core's Checker over the same text.
  void largeFileFromCommandLineIsCheckedWhole() {
    const QString path = Environment().newFolder("large") + "/big.txt";
    QByteArray bytes;
    const QByteArray line = "the quick brown fox jumps over the lazy dog ";
    for (int i = 0; bytes.size() < 5'000'000; ++i) {
      bytes += line;
      QByteArray odd = "zq";  // a misspelling in every third line
      for (int n = i; n > 0; n /= 26) odd += char('a' + n % 26);
      bytes += (i % 3 == 0) ? odd : QByteArray("hello");
      bytes += " world\n";
    }
    Write(path, bytes);
    StatusOr<std::unique_ptr<Dictionary>> dictionary =
        Dictionary::Open(Environment().dictionary().toStdString());
    QVERIFY(dictionary.ok());
    Checker checker(**dictionary);
    std::vector<Misspelling> expected;
    checker.Check(std::string_view(bytes.constData(), bytes.size()), &expected);
    QVERIFY(expected.size() > 10'000);
    qint64 words = 0;  // runs of non-space bytes, as wc -w counts
    for (qsizetype i = 0; i < bytes.size(); ++i) {
      const bool space = bytes[i] == ' ' || bytes[i] == '\n';
      if (!space && (i == 0 || bytes[i - 1] == ' ' || bytes[i - 1] == '\n')) {
        ++words;
      }
    }

    MainWindow w;  // as main.cpp: construct, show, open, then the loop
    w.show();
    w.openFromCommandLine(path);
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(WaitForChecking(w.editor(), 120'000));
    const SpellTotals& totals = w.editor()->highlighter()->totals();
    QCOMPARE(totals.misspellings, static_cast<qint64>(expected.size()));
    QCOMPARE(totals.words, words);
    QTRY_COMPARE(Label(w, "misspellingCount"),
                 QString("%L1 misspellings").arg(expected.size()));
  }

  // Issue 23, item 1: another program's change is shown in the notice bar
  // (Reload / Keep My Version), and Save asks before overwriting it.
  void externalChangeIsOfferedForReload() {
    const QString path = Environment().newFolder("external") + "/a.txt";
    Write(path, "first version\n");
    auto w = newWindow();
    QVERIFY(w->loadFile(path));
    Write(path, "changed by another program\n");
    QTRY_VERIFY(w->noticeBar()->text().contains("changed on disk"));
    QAction* reload = FindAction(w.get(), "&Reload");
    QVERIFY(reload);
    reload->trigger();
    QCOMPARE(w->editor()->toPlainText(),
             QString("changed by another program\n"));
    QVERIFY(!w->isWindowModified());
    QVERIFY(w->noticeBar()->text().isEmpty());
    // Reloading is one undo step: the text before it is not lost.
    w->editor()->undo();
    QCOMPARE(w->editor()->toPlainText(), QString("first version\n"));
  }

  void keepMyVersionThenSaveOverwrites() {
    const QString path = Environment().newFolder("keep") + "/a.txt";
    Write(path, "first version\n");
    auto w = newWindow();
    QVERIFY(w->loadFile(path));
    w->editor()->moveCursor(QTextCursor::End);
    QTest::keyClicks(w->editor(), "mine");
    Write(path, "theirs\n");
    QTRY_VERIFY(w->noticeBar()->text().contains("changed on disk"));
    FindAction(w.get(), "&Keep My Version")->trigger();
    QVERIFY(w->noticeBar()->text().isEmpty());
    QVERIFY(w->saveFile(path));  // no question: the user chose
    QCOMPARE(ReadAll(path), QByteArray("first version\nmine"));
  }

  // The watcher may miss an event (here: no event loop runs between the
  // change and Save); Save compares the file with what was read and asks.
  void saveAsksBeforeOverwritingAChangedFile() {
    const QString path = Environment().newFolder("overwrite") + "/a.txt";
    Write(path, "first version\n");
    auto w = newWindow();
    QVERIFY(w->loadFile(path));
    w->editor()->moveCursor(QTextCursor::End);
    QTest::keyClicks(w->editor(), "mine");
    Write(path, "theirs, same size?\n");
    QString question;
    auto answered = AnswerNextMessageBox("Cancel", 5000, &question);
    QVERIFY(!w->saveFile(path));
    QVERIFY(*answered);
    QVERIFY2(question.contains("changed on disk"), qPrintable(question));
    QCOMPARE(ReadAll(path), QByteArray("theirs, same size?\n"));
    answered = AnswerNextMessageBox("Overwrite");
    QVERIFY(w->saveFile(path));
    QVERIFY(*answered);
    QCOMPARE(ReadAll(path), QByteArray("first version\nmine"));
    // Saved: the file is ours again, so the next save does not ask.
    QTest::keyClicks(w->editor(), "!");
    QVERIFY(w->saveFile(path));
    QCOMPARE(ReadAll(path), QByteArray("first version\nmine!"));
  }

  void deletedFileIsReported() {
    const QString path = Environment().newFolder("deleted") + "/a.txt";
    Write(path, "text\n");
    auto w = newWindow();
    QVERIFY(w->loadFile(path));
    QVERIFY(QFile::remove(path));
    QTRY_VERIFY(w->noticeBar()->text().contains("deleted or moved"));
    QVERIFY(w->isWindowModified());  // closing asks: the text exists only here
    QVERIFY(w->saveFile(path));
    QCOMPARE(ReadAll(path), QByteArray("text\n"));
  }

  void statusBar() {
    auto w = newWindow();
    w->editor()->setPlainText("Ths is a tset of the editor");
    QVERIFY(WaitForChecking(w->editor()));
    QTRY_COMPARE(Label(*w, "misspellingCount"), QString("2 misspellings"));
    QCOMPARE(Label(*w, "wordCount"), QString("7 words"));
    QCOMPARE(Label(*w, "languageButton"), QString("test"));
    QAction* toggle = FindAction(w.get(), "Check Spelling as You &Type");
    QVERIFY(toggle && toggle->isChecked());
    toggle->trigger();
    QVERIFY(WaitForChecking(w->editor()));
    QTRY_COMPARE(Label(*w, "misspellingCount"), QString("Spell checking off"));
    QCOMPARE(UnderlinedWords(w->editor()), QStringList());
    QCOMPARE(Label(*w, "wordCount"), QString("7 words"));
    toggle->trigger();
    QVERIFY(WaitForChecking(w->editor()));
    QTRY_COMPARE(Label(*w, "misspellingCount"), QString("2 misspellings"));
  }

  // Issue 35 item 7: the character count in the status bar, line ends
  // included, a long line's pieces counted as the one line they are (their
  // joins are not characters), following typing.
  void statusBarCountsCharacters() {
    auto w = newWindow();
    w->editor()->setPlainText(QString::fromUtf8("h\u00e9llo w\u00f6rld\nzz"));
    QTRY_COMPARE(Label(*w, "characterCount"), QString("14 characters"));
    w->editor()->moveCursor(QTextCursor::End);
    QTest::keyClicks(w->editor(), "z");
    QTRY_COMPARE(Label(*w, "characterCount"), QString("15 characters"));
    QString line;
    while (line.size() < 20'000) line += "the quick brown fox ";
    w->editor()->setPlainText(line + "\nab");
    QVERIFY(w->editor()->document()->blockCount() > 3);  // in pieces
    QTRY_COMPARE(Label(*w, "characterCount"),
                 QString("%L1 characters").arg(line.size() + 3));
  }

  // Issue 35 item 8: the Open dialog's default filter shows every file
  // (README, .log and .csv are text too).
  void openDialogShowsAllFiles() {
    auto w = newWindow();
    QString filter;
    QTimer closer;
    closer.setInterval(10);
    connect(&closer, &QTimer::timeout, [&] {
      for (QWidget* top : QApplication::topLevelWidgets()) {
        if (auto* d = qobject_cast<QFileDialog*>(top); d && d->isVisible()) {
          if (d->acceptMode() == QFileDialog::AcceptOpen) {
            filter = d->selectedNameFilter();
          }
          d->reject();
        }
      }
    });
    closer.start();
    QAction* open = FindAction(w.get(), "&Open...");
    QVERIFY(open != nullptr);
    open->trigger();
    QTRY_VERIFY(!filter.isEmpty());
    closer.stop();
    QCOMPARE(filter, QString("All files (*)"));
  }

  void nextAndPreviousMisspellingKeys() {
    auto w = newWindow();
    w->editor()->setPlainText("zza the zzb the zzc");
    w->editor()->setFocus();
    QTest::keyClick(w.get(), Qt::Key_F8);
    QCOMPARE(w->editor()->textCursor().selectedText(), QString("zza"));
    QTest::keyClick(w.get(), Qt::Key_F8);
    QCOMPARE(w->editor()->textCursor().selectedText(), QString("zzb"));
    QTest::keyClick(w.get(), Qt::Key_F8, Qt::ShiftModifier);
    QCOMPARE(w->editor()->textCursor().selectedText(), QString("zza"));
    QTest::keyClick(w.get(), Qt::Key_F8, Qt::ShiftModifier);  // wraps
    QCOMPARE(w->editor()->textCursor().selectedText(), QString("zzc"));
  }

  // Issue 23, item 8: Save As is Ctrl+Shift+S on every desktop (the
  // platform's QKeySequence::SaveAs is empty on this one), zoom in is
  // Ctrl+= too, Ctrl+0 resets the zoom.
  void shortcutsWorkEverywhere() {
    auto w = newWindow();
    w->editor()->setFocus();
    bool dialog_seen = false;
    QTimer closer;
    closer.setInterval(10);
    connect(&closer, &QTimer::timeout, [&] {
      for (QWidget* top : QApplication::topLevelWidgets()) {
        if (auto* d = qobject_cast<QFileDialog*>(top); d && d->isVisible()) {
          dialog_seen = d->acceptMode() == QFileDialog::AcceptSave;
          d->reject();
        }
      }
    });
    closer.start();
    QTest::keyClick(w.get(), Qt::Key_S,
                    Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(dialog_seen);
    closer.stop();
    QApplication::setActiveWindow(w.get());
    QVERIFY(QTest::qWaitForWindowActive(w.get()));

    const int size = w->editor()->font().pointSize();
    QTest::keyClick(w.get(), Qt::Key_Equal, Qt::ControlModifier);
    QCOMPARE(w->editor()->font().pointSize(), size + 1);
    QTest::keyClick(w.get(), Qt::Key_Equal, Qt::ControlModifier);
    QCOMPARE(w->editor()->font().pointSize(), size + 2);
    QTest::keyClick(w.get(), Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(w->editor()->font().pointSize(), size);
  }

  // Issue 23, item 6: Find (Ctrl+F) and Replace (Ctrl+H) with match case,
  // whole words and regular expressions, F3 / Shift+F3, every match
  // highlighted, Replace All as one undo step.
  void findAndReplace() {
    auto w = newWindow();
    w->editor()->setPlainText("Cat cat concat CAT\nthe cat sat");
    w->editor()->setFocus();
    FindBar* bar = w->findBar();
    QVERIFY(!bar->isVisible());
    QTest::keyClick(w.get(), Qt::Key_F, Qt::ControlModifier);
    QVERIFY(bar->isVisible());
    QVERIFY(!bar->replaceEdit()->isVisible());
    QTest::keyClicks(bar->findEdit(), "cat");
    auto selection = [&] {
      const QTextCursor c = w->editor()->textCursor();
      return QString("%1@%2").arg(c.selectedText()).arg(c.selectionStart());
    };
    QTest::keyClick(w.get(), Qt::Key_F3);
    QCOMPARE(selection(), QString("Cat@0"));
    QTest::keyClick(w.get(), Qt::Key_F3);
    QCOMPARE(selection(), QString("cat@4"));
    QTest::keyClick(w.get(), Qt::Key_F3);
    QCOMPARE(selection(), QString("cat@11"));                // in concat
    QTRY_COMPARE(w->editor()->extraSelections().size(), 5);  // all shown
    bar->wholeWordsBox()->setChecked(true);
    QTest::keyClick(w.get(), Qt::Key_F3);
    QCOMPARE(selection(), QString("CAT@15"));
    QTest::keyClick(w.get(), Qt::Key_F3, Qt::ShiftModifier);
    QCOMPARE(selection(), QString("cat@4"));
    bar->matchCaseBox()->setChecked(true);
    QTest::keyClick(w.get(), Qt::Key_F3);
    QCOMPARE(selection(), QString("cat@23"));  // next line
    QTest::keyClick(w.get(), Qt::Key_F3);      // wraps around
    QCOMPARE(selection(), QString("cat@4"));
    QTRY_COMPARE(w->editor()->extraSelections().size(), 2);

    // Replace (Ctrl+H): a regular expression with a captured group.
    QTest::keyClick(w.get(), Qt::Key_H, Qt::ControlModifier);
    QVERIFY(bar->replaceEdit()->isVisible());
    bar->matchCaseBox()->setChecked(false);
    bar->wholeWordsBox()->setChecked(false);
    bar->regularExpressionBox()->setChecked(true);
    bar->findEdit()->setText("([cs])at\\b");
    bar->replaceEdit()->setText("\\1og");
    QCOMPARE(bar->replaceAll(), 6);
    QCOMPARE(w->editor()->toPlainText(),
             QString("Cog cog concog Cog\nthe cog sog"));
    w->editor()->undo();  // one step undoes all six
    QCOMPARE(w->editor()->toPlainText(),
             QString("Cat cat concat CAT\nthe cat sat"));
    // An invalid expression is reported, not searched.
    bar->findEdit()->setText("(");
    QVERIFY(!bar->findNext());
    QVERIFY(!bar->message().isEmpty());
    QTest::keyClick(bar->findEdit(), Qt::Key_Escape);
    QVERIFY(!bar->isVisible());
    QCOMPARE(w->editor()->extraSelections().size(), 0);
  }

  // Issue 23, item 7: Go to Line (Ctrl+G), word wrap on/off (remembered),
  // Revert (asks when modified; Undo brings the changes back).
  void goToLineWordWrapAndRevert() {
    const QString path = Environment().newFolder("revert") + "/a.txt";
    Write(path, "one\ntwo\nthree\nfour\n");
    {
      auto w = newWindow();
      QVERIFY(w->loadFile(path));
      w->editor()->setFocus();
      QTimer answer;
      answer.setInterval(10);
      bool asked = false;
      connect(&answer, &QTimer::timeout, [&] {
        for (QWidget* top : QApplication::topLevelWidgets()) {
          if (auto* d = qobject_cast<QInputDialog*>(top); d && d->isVisible()) {
            asked = true;
            d->setIntValue(3);
            d->accept();
          }
        }
      });
      answer.start();
      QTest::keyClick(w.get(), Qt::Key_G, Qt::ControlModifier);
      QTRY_VERIFY(asked);
      answer.stop();
      QCOMPARE(w->editor()->textCursor().blockNumber(), 2);
      QCOMPARE(Label(*w, "cursorPosition"), QString("Ln 3, Col 1"));

      QAction* wrap = FindAction(w.get(), "&Word Wrap");
      QVERIFY(wrap && wrap->isChecked());
      QCOMPARE(w->editor()->lineWrapMode(), QPlainTextEdit::WidgetWidth);
      wrap->trigger();
      QCOMPARE(w->editor()->lineWrapMode(), QPlainTextEdit::NoWrap);

      QTest::keyClicks(w->editor(), "changed ");
      auto answered = AnswerNextMessageBox("Discard");
      FindAction(w.get(), "Re&vert")->trigger();
      QVERIFY(*answered);
      QCOMPARE(w->editor()->toPlainText(), QString("one\ntwo\nthree\nfour\n"));
      QVERIFY(!w->isWindowModified());
      w->editor()->undo();
      QCOMPARE(w->editor()->toPlainText(),
               QString("one\ntwo\nchanged three\nfour\n"));
      w->editor()->document()->setModified(false);
    }
    auto w = newWindow();  // the wrap setting is remembered
    QCOMPARE(w->editor()->lineWrapMode(), QPlainTextEdit::NoWrap);
  }

  // Issue 23, item 5: a file with 1 MB lines is shown in pieces, but its
  // lines are what the status bar, Go to Line and Save see.
  void longLinesRoundTrip() {
    const QString path = Environment().newFolder("long") + "/long.txt";
    QByteArray line;
    for (int i = 0; line.size() < 1'000'000; ++i) {
      line += (i % 9 == 0) ? "wrnog " : (i % 5 == 0 ? "the  " : "hello ");
    }
    const QByteArray bytes = "first\r\n" + line + "\r\nthird\r\n" + line;
    Write(path, bytes);
    auto w = newWindow();
    QVERIFY(w->loadFile(path));
    // 2 MB stream in (SpellTextEdit::streamPlainText); then it is whole.
    QTRY_VERIFY_WITH_TIMEOUT(!w->editor()->isStreaming(), 60'000);
    QTextDocument* document = w->editor()->document();
    QVERIFY(document->blockCount() > 200);
    // Said in the notice strip, whole (the status bar cut it).
    QVERIFY2(w->noticeBar()->text().contains("shown in pieces"),
             qPrintable(w->noticeBar()->text()));
    QVERIFY(w->noticeBar()->isVisible());
    QCOMPARE(w->editor()->lineMap().lineCount(), 4);
    // Saved untouched: byte for byte, CRLF and all.
    QVERIFY(w->saveFile(path));
    QCOMPARE(ReadAll(path), bytes);

    // The third piece of line 2: line 2, the column counted from its start.
    const QTextBlock piece = document->findBlockByNumber(3);
    QTextCursor c(piece);
    c.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, 3);
    w->editor()->setTextCursor(c);
    const int column =
        piece.position() + 3 - document->findBlockByNumber(1).position() - 2;
    QCOMPARE(Label(*w, "cursorPosition"),
             QStringLiteral("Ln 2, Col %L1").arg(column + 1));
    // Line 3 is a real line, whatever block it is.
    w->goToLine(3);
    QCOMPARE(w->editor()->textCursor().block().text(), QString("third"));
    QCOMPARE(Label(*w, "cursorPosition"), QString("Ln 3, Col 1"));

    // An edit in a piece, saved: the file has the edit and its own lines.
    w->editor()->setTextCursor(c);
    QTest::keyClicks(w->editor(), "xyz");
    QVERIFY(w->saveFile(path));
    QByteArray edited = bytes;
    edited.insert(7 + column, "xyz");
    QCOMPARE(ReadAll(path), edited);
    QCOMPARE(DocumentText(*document).toUtf8(),
             QByteArray(edited).replace("\r\n", "\n"));
  }

  // Issue 23, item 9: View > Theme: System / Light / Dark, remembered.
  void lightAndDarkThemes() {
    const QColor system_base = QApplication::palette().color(QPalette::Base);
    {
      auto w = newWindow();
      FindAction(w.get(), "&Dark")->trigger();
      QVERIFY(QApplication::palette().color(QPalette::Base).lightness() < 60);
      QTRY_VERIFY(w->editor()->palette().color(QPalette::Base).lightness() <
                  60);
      FindAction(w.get(), "&Light")->trigger();
      QVERIFY(QApplication::palette().color(QPalette::Base).lightness() > 200);
      FindAction(w.get(), "&Dark")->trigger();
    }
    {
      auto w = newWindow();  // remembered
      QVERIFY(FindAction(w.get(), "&Dark")->isChecked());
      QVERIFY(QApplication::palette().color(QPalette::Base).lightness() < 60);
      FindAction(w.get(), "&System")->trigger();
      QCOMPARE(QApplication::palette().color(QPalette::Base), system_base);
    }
  }

  // Issue 23, item 10: the cursor's line and column in the status bar.
  void statusBarShowsLineAndColumn() {
    auto w = newWindow();
    w->editor()->setPlainText("first\nsecond line");
    QCOMPARE(Label(*w, "cursorPosition"), QString("Ln 1, Col 1"));
    QTextCursor c = w->editor()->textCursor();
    c.setPosition(9);
    w->editor()->setTextCursor(c);
    QCOMPARE(Label(*w, "cursorPosition"), QString("Ln 2, Col 4"));
  }

  // Issue 23, item 7: View > Line Numbers, a gutter whose width follows
  // the number of lines; remembered.
  void lineNumbers() {
    {
      auto w = newWindow();
      SpellTextEdit* e = w->editor();
      QAction* action = FindAction(w.get(), "&Line Numbers");
      QVERIFY(!action->isChecked());
      QVERIFY(!e->lineNumberArea()->isVisible());
      QCOMPARE(e->viewport()->x() - e->contentsRect().left(), 0);
      e->setPlainText("one\ntwo\nthree");
      action->trigger();
      QVERIFY(e->lineNumberArea()->isVisible());
      const int narrow = e->lineNumberArea()->width();
      QVERIFY(narrow > 0);
      QCOMPARE(e->viewport()->x() - e->contentsRect().left(), narrow);
      QStringList lines;
      for (int i = 0; i < 12345; ++i) lines << QString::number(i);
      e->setPlainText(lines.join('\n'));
      const int wide = e->lineNumberArea()->width();
      QVERIFY2(wide > narrow,
               qPrintable(QString("%1 <= %2").arg(wide).arg(narrow)));
      QCOMPARE(e->viewport()->x() - e->contentsRect().left(), wide);
      QCOMPARE(wide - narrow,
               3 * e->fontMetrics().horizontalAdvance(QLatin1Char('9')));
      e->lineNumberArea()->repaint();  // paints without crashing
      e->document()->setModified(false);
      QVERIFY(w->close());
    }
    {
      auto w = newWindow();  // remembered
      QAction* action = FindAction(w.get(), "&Line Numbers");
      QVERIFY(action->isChecked());
      QVERIFY(w->editor()->lineNumberArea()->isVisible());
      action->trigger();
      QVERIFY(!w->editor()->lineNumberArea()->isVisible());
      SpellTextEdit* e = w->editor();
      QCOMPARE(e->viewport()->x() - e->contentsRect().left(), 0);
    }
    auto w = newWindow();
    QVERIFY(!FindAction(w.get(), "&Line Numbers")->isChecked());
    QVERIFY(!w->editor()->lineNumberArea()->isVisible());
  }

  // Issue 23, item 14: View > Mark Unchecked Words, on by default, turns
  // the grey mark under words in a script the dictionary cannot check off
  // and on; remembered.
  void markUncheckedWords() {
    {
      auto w = newWindow();
      SpellTextEdit* e = w->editor();
      QAction* action = FindAction(w.get(), "Mark &Unchecked Words");
      QVERIFY(action->isChecked());
      e->setPlainText(QString::fromUtf8("the \xD0\xBC\xD0\xB8\xD1\x80 word"));
      QVERIFY(WaitForChecking(e));
      QCOMPARE(e->uncheckedRects().size(), 1);
      action->trigger();
      QVERIFY(e->uncheckedRects().isEmpty());
      e->document()->setModified(false);
      QVERIFY(w->close());
    }
    auto w = newWindow();  // remembered
    QAction* action = FindAction(w.get(), "Mark &Unchecked Words");
    QVERIFY(!action->isChecked());
    QVERIFY(!w->editor()->uncheckedMarksVisible());
    action->trigger();
    QVERIFY(w->editor()->uncheckedMarksVisible());
  }

  // Issue 23, item 7: File > Print (Ctrl+P) and File > Export as PDF.
  void exportAsPdf() {
    auto w = newWindow();
    QVERIFY(FindAction(w.get(), "&Print...")
                ->shortcuts()
                .contains(QKeySequence(Qt::CTRL | Qt::Key_P)));
    QVERIFY(FindAction(w.get(), "E&xport as PDF...") != nullptr);
    w->editor()->setPlainText(
        "Dear Margaret,\nthe lamp arrived on Tuesday.\nRegards");
    const QString dir = Environment().newFolder("pdf");
    const QString path = dir + "/letter.pdf";
    Write(path, "old contents");  // a regular file is replaced
    QVERIFY(w->exportPdf(path));
    const QByteArray pdf = ReadAll(path);
    QVERIFY2(pdf.startsWith("%PDF-"), pdf.left(20).constData());
    QCOMPARE(QDir(dir).entryList(QDir::Files | QDir::Hidden),
             QStringList{"letter.pdf"});  // no temporary file left
    const QString pdftotext = QStandardPaths::findExecutable("pdftotext");
    if (pdftotext.isEmpty()) {
      qWarning("pdftotext not installed (poppler-utils): text not checked");
    } else {
      QProcess p;
      p.start(pdftotext, {path, "-"});
      QVERIFY(p.waitForFinished(30000));
      QCOMPARE(p.exitCode(), 0);
      const QString text = QString::fromUtf8(p.readAllStandardOutput());
      QVERIFY2(text.contains("Dear Margaret,"), qPrintable(text));
      QVERIFY2(text.contains("the lamp arrived on Tuesday."), qPrintable(text));
    }

    // Not a regular file: refused, reported, left alone.
    const QString folder = Environment().newFolder("pdf/a-folder.pdf");
    auto answered = AnswerNextMessageBox("OK");
    QVERIFY(!w->exportPdf(folder));
    QVERIFY(*answered);
    QVERIFY(QFileInfo(folder).isDir());
    const QString fifo = dir + "/fifo.pdf";
    QCOMPARE(QProcess::execute("mkfifo", {fifo}), 0);
    answered = AnswerNextMessageBox("OK");
    QVERIFY(!w->exportPdf(fifo));
    QVERIFY(*answered);
    QVERIFY(!QFileInfo(fifo).isFile());
    QVERIFY(QFileInfo::exists(fifo));
    const QString link = dir + "/link.pdf";
    QVERIFY(QFile::link(fifo, link));
    answered = AnswerNextMessageBox("OK");
    QVERIFY(!w->exportPdf(link));
    QVERIFY(*answered);
    QVERIFY(QFileInfo(link).isSymLink());
    // A folder that does not exist.
    answered = AnswerNextMessageBox("OK");
    QVERIFY(!w->exportPdf(dir + "/no/such/dir/x.pdf"));
    QVERIFY(*answered);
    QVERIFY(!QFileInfo::exists(dir + "/no"));
    QCOMPARE(ReadAll(path), pdf);
  }

  void settingsAreRemembered() {
    QFont font("DejaVu Sans Mono", 17);
    {
      auto w = newWindow();
      w->editor()->setFont(font);
      w->resize(640, 480);
      FindAction(w.get(), "Check Spelling as You &Type")->trigger();
      QVERIFY(w->close());
    }
    auto w = newWindow();
    QCOMPARE(w->editor()->font().pointSize(), 17);
    QCOMPARE(w->size(), QSize(640, 480));
    QVERIFY(!w->editor()->isSpellCheckingEnabled());
    // The dictionary found by default is not written down as a choice.
    QVERIFY(!QSettings().contains("dictionary"));
  }

  // Issue 35 item 1: building and showing the window writes nothing to
  // disk (every QSettings write syncs the file twice; the recovery lock was
  // synced too), so a busy disk does not delay the first paint: the
  // settings file keeps its time, the settings they hold are applied, and
  // no recovery lock exists until there is something to recover.
  void startingWritesNothingToDisk() {
    {
      QSettings settings;
      settings.setValue("wordWrap", false);
      settings.setValue("lineNumbers", true);
      settings.setValue("theme", "dark");
      settings.setValue("recentFiles",
                        QStringList{Environment().root() + "/gone.txt"});
    }
    const QString conf = QSettings().fileName();
    const QDateTime old = QDateTime::currentDateTime().addSecs(-3600);
    {
      QFile f(conf);
      QVERIFY(f.open(QIODevice::ReadWrite));
      QVERIFY(f.setFileTime(old, QFileDevice::FileModificationTime));
    }
    const QString recovery = RecoveryStore::DefaultFolder();
    QDir(recovery).removeRecursively();
    {
      auto w = newWindow();
      QCOMPARE(w->editor()->lineWrapMode(), QPlainTextEdit::NoWrap);
      QVERIFY(w->editor()->lineNumbersVisible());
      QCOMPARE(QFileInfo(conf).lastModified(), old);
      QVERIFY(QDir(recovery).entryList(QDir::Files).isEmpty());
      // Typed text gets its snapshot, under a lock, as before.
      QTest::keyClicks(w->editor(), "unsaved");
      QVERIFY(w->recovery()->snapshotNow());
      QCOMPARE(QDir(recovery).entryList({"*.lock"}, QDir::Files).size(), 1);
      w->setTheme(Theme::kSystem);  // as the other tests expect
      w->editor()->document()->setModified(false);
    }
  }

  void missingDictionaryStillEdits() {
    const QByteArray saved = qgetenv("SPELLFILTER_DICTIONARY");
    qputenv("SPELLFILTER_DICTIONARY",
            QFile::encodeName(Environment().root() + "/gone.sfd"));
    auto w = newWindow();
    qputenv("SPELLFILTER_DICTIONARY", saved);
    QVERIFY(!w->spellService()->hasDictionary());
    QVERIFY2(w->noticeBar()->text().contains("gone.sfd"),
             qPrintable(w->noticeBar()->text()));
    QTest::keyClicks(w->editor(), "zzz still edits");
    QCOMPARE(w->editor()->toPlainText(), QString("zzz still edits"));
    QCOMPARE(UnderlinedWords(w->editor()), QStringList());
    w->findChild<QLabel*>("misspellingCount");
    QTRY_COMPARE(Label(*w, "misspellingCount"),
                 QString("Not checking: no dictionary"));
    w->editor()->document()->setModified(false);
  }

  void damagedDictionaryIsReported() {
    const QString path = Environment().root() + "/damaged.sfd";
    QByteArray bytes = ReadAll(Environment().dictionary());
    bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x5A);
    Write(path, bytes);
    auto w = newWindow();
    QVERIFY(!w->useDictionary(path));
    QVERIFY(!w->spellService()->hasDictionary());
    const QString notice = w->noticeBar()->text();
    QVERIFY2(notice.contains("damaged.sfd") &&
                 notice.contains("could not be opened"),
             qPrintable(notice));
    QTest::keyClicks(w->editor(), "typing works");
    QCOMPARE(w->editor()->toPlainText(), QString("typing works"));
    w->editor()->document()->setModified(false);
  }

  void damagedUserWordsAreReported() {
    const QString list =
        Environment().configHome() + "/spellfilter/user/en_US.words";
    QDir().mkpath(QFileInfo(list).absolutePath());
    Write(list, "fine\nnot a word\n");
    auto w = newWindow();
    QVERIFY(w->spellService()->hasDictionary());
    const QString notice = w->noticeBar()->text();
    QVERIFY2(notice.contains("en_US.words"), qPrintable(notice));
    w->editor()->setPlainText("the zzz");
    QCOMPARE(UnderlinedWords(w->editor()), QStringList({"zzz@4"}));
  }

  void rememberedDictionaryGoneFallsBack() {
    QSettings().setValue("dictionary", Environment().root() + "/vanished.sfd");
    auto w = newWindow();
    QVERIFY(w->spellService()->hasDictionary());
    QCOMPARE(w->spellService()->dictionaryPath(), Environment().dictionary());
    QVERIFY(w->noticeBar()->text().contains("vanished.sfd"));
  }

  void dictionaryMenuListsAndSwitches() {
    QDir().mkpath(UserDictionaryFolder());
    const QString second = UserDictionaryFolder() + "/second.sfd";
    QVERIFY(BuildTestDictionary(second, {"zork", "the"}));
    auto w = newWindow();
    w->editor()->setPlainText("the zork");
    QCOMPARE(UnderlinedWords(w->editor()), QStringList({"zork@4"}));
    DictionaryMenu* menu = w->dictionaryMenu();
    emit menu->aboutToShow();
    QAction* second_action = nullptr;
    QAction* test_action = nullptr;
    for (QAction* a : menu->actions()) {
      if (a->data().toString() == second) second_action = a;
      if (a->data().toString() == Environment().dictionary()) test_action = a;
    }
    QVERIFY(second_action && test_action);
    QCOMPARE(second_action->text(), QString("second (built by you)"));
    QVERIFY(test_action->isChecked());
    second_action->trigger();
    QCOMPARE(w->spellService()->dictionaryPath(), second);
    QVERIFY(WaitForChecking(w->editor()));
    QCOMPARE(UnderlinedWords(w->editor()), QStringList());
    QCOMPARE(QSettings().value("dictionary").toString(), second);
    emit menu->aboutToShow();
    for (QAction* a : menu->actions()) {
      if (a->data().toString() == second) QVERIFY(a->isChecked());
    }
    QTRY_COMPARE(Label(*w, "languageButton"), QString("second"));
  }

  void buildDictionaryFromWordList() {
    const QString list = Environment().newFolder("lists") + "/mywords.txt";
    Write(list, "# my words\nflurble\nthe\nzork\t3\n\nQt\n");
    auto w = newWindow();
    const QString output = UserDictionaryFolder() + "/mywords.sfd";
    // "Add its words to this document's language, test?"
    auto answered = AnswerNextMessageBox("Add to test", 20000);
    w->startBuild({list, output, "en-US"});
    QVERIFY(w->findChild<QProgressDialog*>("buildProgress") != nullptr);
    // It adds to the document's dictionary, which stays its language.
    QTRY_COMPARE_WITH_TIMEOUT(w->spellService()->dictionaryPaths(),
                              QStringList({Environment().dictionary(), output}),
                              20000);
    QCOMPARE(w->spellService()->dictionaryPath(), Environment().dictionary());
    QVERIFY(QFile::exists(output));
    emit w->dictionaryMenu()->aboutToShow();
    QStringList texts;
    for (QAction* a : w->dictionaryMenu()->actions()) texts.append(a->text());
    QVERIFY2(texts.contains("mywords (built by you)"),
             qPrintable(texts.join('|')));
    // The list's words and the dictionary's ("quick") are both accepted.
    w->editor()->setPlainText("flurble Qt zork QT qt quick");
    QVERIFY(WaitForChecking(w->editor()));
    QCOMPARE(UnderlinedWords(w->editor()), QStringList({"qt@19"}));
    QTRY_COMPARE(Label(*w, "languageButton"), QString("test + mywords"));
  }

  void buildCanBeCancelled() {
    const QString list = Environment().newFolder("biglist") + "/big.txt";
    {
      QFile f(list);
      QVERIFY(f.open(QIODevice::WriteOnly));
      QByteArray chunk;
      for (int i = 0; i < 2'000'000; ++i) {
        chunk += "word" + QByteArray::number(i, 36) + '\n';
        if (chunk.size() > (1 << 20)) {
          f.write(chunk);
          chunk.clear();
        }
      }
      f.write(chunk);
    }
    auto w = newWindow();
    const QString output = UserDictionaryFolder() + "/big.sfd";
    w->startBuild({list, output, "und"});
    auto* progress = w->findChild<QProgressDialog*>("buildProgress");
    QVERIFY(progress);
    QTest::qWait(50);
    auto* cancel = progress->findChild<QPushButton*>();
    QVERIFY(cancel);
    cancel->click();  // as the user does
    QTRY_VERIFY_WITH_TIMEOUT(
        w->findChild<QProgressDialog*>("buildProgress") == nullptr, 20000);
    QVERIFY(!QFile::exists(output));
    QCOMPARE(w->spellService()->dictionaryPath(), Environment().dictionary());
  }

  void buildErrorIsReported() {
    const QString list = Environment().newFolder("badlist") + "/bad.txt";
    Write(list, "good\ntwo words\n");
    auto w = newWindow();
    AnswerNextMessageBox("OK");
    w->startBuild({list, UserDictionaryFolder() + "/bad.sfd", "und"});
    QTRY_VERIFY_WITH_TIMEOUT(
        w->findChild<QProgressDialog*>("buildProgress") == nullptr, 20000);
    QVERIFY(!QFile::exists(UserDictionaryFolder() + "/bad.sfd"));
  }

  void recoveryAfterCrash() {
    const QString document = Environment().root() + "/draft.txt";
    QProcess helper;
    helper.start(QStringLiteral(RECOVERY_CRASH_HELPER),
                 {"unsaved words of a crashed editor", document});
    QVERIFY(helper.waitForFinished(20000));
    QCOMPARE(helper.exitStatus(), QProcess::CrashExit);

    auto w = newWindow();
    auto answered = AnswerNextMessageBox("Recover");
    w->offerRecovery();
    QVERIFY(*answered);
    QCOMPARE(w->editor()->toPlainText(),
             QString("unsaved words of a crashed editor"));
    QCOMPARE(w->currentFile(), document);
    QVERIFY(w->isWindowModified());
    // Offered once: the orphan is gone.
    auto w2 = newWindow();
    QVERIFY(w2->recovery()->findOrphans().isEmpty());
    w->editor()->document()->setModified(false);
  }

  void anotherRunningEditorIsNotAnOrphan() {
    auto running = newWindow();
    QTest::keyClicks(running->editor(), "in progress");
    QVERIFY(running->recovery()->snapshotNow());
    QVERIFY(QFile::exists(running->recovery()->textFile()));
    auto w = newWindow();
    QVERIFY(w->recovery()->findOrphans().isEmpty());
    // Saving removes the snapshot.
    QVERIFY(running->saveFile(Environment().root() + "/progress.txt"));
    QVERIFY(!QFile::exists(running->recovery()->textFile()));
  }

  void addedWordSurvivesRestart() {
    {
      auto w = newWindow();
      w->editor()->setPlainText("the zork");
      QMenu menu;
      AddSpellingActions(w->editor(), &menu, 5);
      QAction* add = nullptr;
      for (QAction* a : menu.actions()) {
        if (a->objectName() == "addToDictionary") add = a;
      }
      QVERIFY(add && add->isEnabled());
      add->trigger();
      QCOMPARE(UnderlinedWords(w->editor()), QStringList());
      w->editor()->document()->setModified(false);
    }
    auto w = newWindow();
    w->editor()->setPlainText("the zork");
    QCOMPARE(UnderlinedWords(w->editor()), QStringList());
  }

 private:
  static std::unique_ptr<MainWindow> newWindow() {
    auto w = std::make_unique<MainWindow>();
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get())) qFatal("window not exposed");
    return w;
  }
};

}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::MainWindowTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "main_window_test.moc"
