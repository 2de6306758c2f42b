// Issue 35, items 3 and 4: encodings without traps (ICU's detector for
// files that are not UTF-8, the encoding in the status bar and changeable
// there, an encoding choice in Save As) and saves that explain and
// succeed (the system's own message, in place where the folder allows no
// new file, read-only files marked).
#include <sys/stat.h>
#include <unistd.h>

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <memory>

#include "app/editor/document_tab.h"
#include "app/editor/main_window.h"
#include "app/editor/safe_write.h"
#include "app/editor/spell_text_edit.h"
#include "app/editor/text_encoding.h"
#include "app/editor/text_file.h"
#include "editor_test_support.h"

namespace spellfilter::editor {
namespace {

QByteArray ReadAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

// Root may write anywhere, so the cases about permissions run as the
// unprivileged user `nobody` when the test runs as root (CI does): this
// test program again, for the one function, through setpriv(1) (util-linux),
// in a fresh environment of its own (TestEnvironment). True when the caller
// is to run the case itself (not root); false when it ran as nobody (and
// passed, else the test failed here) or could not (then it is skipped,
// saying why).
bool RunAsNobodyIfRoot(const char* function) {
  if (::geteuid() != 0) return true;
  const QString setpriv = QStandardPaths::findExecutable("setpriv");
  if (setpriv.isEmpty()) {
    QTest::qSkip(
        "running as root without setpriv(1): cannot drop to an "
        "ordinary user for this permission case",
        __FILE__, __LINE__);
    return false;
  }
  const QString self = QCoreApplication::applicationFilePath();
  // nobody must reach the program: every folder above it searchable.
  if (::access(QFile::encodeName(self), R_OK | X_OK) != 0 || [&] {
        for (QDir d = QFileInfo(self).dir(); !d.isRoot(); d.cdUp()) {
          struct stat st {};
          if (::stat(QFile::encodeName(d.path()), &st) != 0 ||
              (st.st_mode & S_IXOTH) == 0) {
            return true;
          }
        }
        return false;
      }()) {
    QTest::qSkip(
        "running as root, and the user nobody cannot reach this "
        "test program to run the permission case",
        __FILE__, __LINE__);
    return false;
  }
  QProcess child;
  child.setProcessChannelMode(QProcess::MergedChannels);
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("TMPDIR", "/tmp");  // nobody's temporary folder
  child.setProcessEnvironment(env);
  child.setWorkingDirectory("/");
  child.start(setpriv, {"--reuid=65534", "--regid=65534", "--clear-groups",
                        "--", self, QString::fromLatin1(function)});
  if (!child.waitForFinished(60000)) {
    child.kill();
    child.waitForFinished();
  }
  const QString output = QString::fromUtf8(child.readAll());
  const QRegularExpression passed(
      QStringLiteral("PASS   : \\S*EncodingTest::%1\\(\\)").arg(function));
  if (child.exitStatus() != QProcess::NormalExit || child.exitCode() != 0 ||
      !output.contains(passed) || output.contains(QLatin1String("SKIP"))) {
    QTest::qFail(qPrintable("as the user nobody: " + output), __FILE__,
                 __LINE__);
    return false;
  }
  qInfo("ran as the user nobody (uid 65534): passed");
  return false;
}

void Write(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  QCOMPARE(f.write(bytes), bytes.size());
}

QByteArray Utf16Le(const QString& text) {
  return QByteArray(reinterpret_cast<const char*>(text.utf16()),
                    text.size() * 2);
}

std::unique_ptr<MainWindow> NewWindow() {
  auto w = std::make_unique<MainWindow>();
  w->show();
  if (!QTest::qWaitForWindowExposed(w.get())) qFatal("window not exposed");
  return w;
}

QString EncodingButton(const MainWindow& w) {
  const auto* button = w.findChild<QToolButton*>("encodingButton");
  return button ? button->text() : QString("<no encodingButton>");
}

const char kRussian[] =
    "\u0412 \u043b\u0435\u0441\u0443 \u0440\u043e\u0434\u0438\u043b\u0430"
    "\u0441\u044c \u0451\u043b\u043e\u0447\u043a\u0430, \u0432 \u043b\u0435"
    "\u0441\u0443 \u043e\u043d\u0430 \u0440\u043e\u0441\u043b\u0430. "
    "\u0417\u0438\u043c\u043e\u0439 \u0438 \u043b\u0435\u0442\u043e\u043c "
    "\u0441\u0442\u0440\u043e\u0439\u043d\u0430\u044f, \u0437\u0435\u043b"
    "\u0451\u043d\u0430\u044f \u0431\u044b\u043b\u0430.\n";

}  // namespace

class EncodingTest : public QObject {
  Q_OBJECT

 private slots:
  void init() { Environment().reset(); }

  void detectedEncodingsNeedNoQuestion_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("encoding");
    const QString french =
        "Le c\u0153ur de la cr\u00e8me br\u00fbl\u00e9e, \u00e0 la "
        "fa\u00e7on na\u00efve d'un \u00e9t\u00e9 \u00ab d\u00e9j\u00e0 "
        "vu \u00bb.\n";
    QByteArray bytes;
    QString error;
    QVERIFY(Encode(french, "windows-1252", &bytes, &error));
    QTest::newRow("Windows-1252") << bytes << french << "windows-1252";
    const QString latin = "caf\u00e9 au lait\n";
    QTest::newRow("ISO-8859-1 (read as its superset Windows-1252)")
        << latin.toLatin1() << latin << "windows-1252";
    const QString english = "Hello, world. This text has no mark.\n";
    QTest::newRow("UTF-16 LE without a mark")
        << Utf16Le(english) << english << "UTF-16LE";
    const QString russian = QString::fromUtf8(kRussian).repeated(3);
    QVERIFY(Encode(russian, "windows-1251", &bytes, &error));
    QTest::newRow("Windows-1251") << bytes << russian << "windows-1251";
    QVERIFY(Encode(russian, "KOI8-R", &bytes, &error));
    QTest::newRow("KOI8-R") << bytes << russian << "KOI8-R";
  }

  // Opened without a question, shown in the status bar, saved back to
  // the same bytes.
  void detectedEncodingsNeedNoQuestion() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, text);
    QFETCH(QString, encoding);
    const QString dir = Environment().newFolder("detect");
    Write(dir + "/file.txt", bytes);
    LoadedText loaded;
    QString error;
    QVERIFY(ReadTextFile(dir + "/file.txt", &loaded, &error));
    QVERIFY2(loaded.detected_confidence > 0,
             qPrintable(QString("read as %1").arg(loaded.format.encoding)));
    QCOMPARE(loaded.format.encoding, encoding);
    auto w = NewWindow();
    QVERIFY(w->loadFile(dir + "/file.txt"));
    QCOMPARE(w->editor()->toPlainText(), text);
    QCOMPARE(w->current()->format().encoding, encoding);
    QCOMPARE(EncodingButton(*w), EncodingLabel(encoding));
    QVERIFY2(w->statusBar()->currentMessage().contains("detected"),
             qPrintable(w->statusBar()->currentMessage()));
    QVERIFY(w->saveFile(dir + "/copy.txt"));
    QCOMPARE(ReadAll(dir + "/copy.txt"), bytes);
  }

  // A binary file with NUL bytes is not taken for UTF-16.
  void binaryIsNotUtf16() {
    const QString dir = Environment().newFolder("binary");
    QByteArray bytes;
    for (int i = 0; i < 4096; ++i) bytes += char(i * 7 % 256);
    Write(dir + "/blob.bin", bytes);
    LoadedText loaded;
    QString error;
    QVERIFY(ReadTextFile(dir + "/blob.bin", &loaded, &error));
    QCOMPARE(loaded.detected_confidence, 0);
    QVERIFY(loaded.binary);
  }

  // The status bar's button: Reopen with, and Save with, an encoding.
  void statusBarChangesTheEncoding() {
    const QString dir = Environment().newFolder("button");
    Write(dir + "/a.txt", "caf\xC3\xA9\n");
    auto w = NewWindow();
    QVERIFY(w->loadFile(dir + "/a.txt"));
    QCOMPARE(EncodingButton(*w), QString("Unicode (UTF-8)"));
    auto* button = w->findChild<QToolButton*>("encodingButton");
    QVERIFY(button && button->menu());
    auto* save_menu = w->findChild<QMenu*>("saveEncodingMenu");
    QVERIFY(save_menu);
    QAction* utf16 = nullptr;
    for (QAction* a : save_menu->actions()) {
      if (a->data().toString() == "UTF-16LE") utf16 = a;
    }
    QVERIFY(utf16);
    utf16->trigger();
    QVERIFY(w->isWindowModified());  // the bytes on disk will change
    QCOMPARE(EncodingButton(*w), QString("Unicode (UTF-16 LE) with BOM"));
    QVERIFY(w->saveFile(w->currentFile()));
    QCOMPARE(ReadAll(dir + "/a.txt"),
             QByteArray("\xFF\xFE", 2) + Utf16Le("caf\u00e9\n"));
    // Saving in an encoding that cannot hold the text is refused at once.
    w->editor()->moveCursor(QTextCursor::End);
    w->editor()->insertPlainText("\u0436");
    QAction* latin1 = nullptr;
    for (QAction* a : save_menu->actions()) {
      if (a->data().toString() == "ISO-8859-1") latin1 = a;
    }
    QString refusal;
    auto answered = AnswerNextMessageBox("OK", 5000, &refusal);
    latin1->trigger();
    QVERIFY(*answered);
    QVERIFY2(refusal.contains("\u0436"), qPrintable(refusal));
    QCOMPARE(w->current()->format().encoding, QString("UTF-16LE"));
    QVERIFY(!latin1->isChecked());
    w->editor()->document()->setModified(false);
  }

  // Save As has an encoding choice.
  void saveAsChoosesTheEncoding() {
    const QString dir = Environment().newFolder("saveas");
    auto w = NewWindow();
    w->editor()->insertPlainText("na\u00efve");
    bool seen = false;
    QTimer::singleShot(0, this, [&] {
      QFileDialog* dialog = nullptr;
      QTRY_VERIFY((dialog = w->findChild<QFileDialog*>("saveAsDialog")) &&
                  dialog->isVisible());
      auto* combo = dialog->findChild<QComboBox*>("saveAsEncoding");
      QVERIFY(combo);
      QCOMPARE(combo->currentData().toString(), QString("UTF-8"));
      combo->setCurrentIndex(combo->findData("windows-1252"));
      dialog->selectFile(dir + "/western.txt");
      seen = true;
      QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);
    });
    QVERIFY(QMetaObject::invokeMethod(w.get(), "saveAs"));
    QVERIFY(seen);
    QCOMPARE(ReadAll(dir + "/western.txt"), QByteArray("na\xEFve"));
    QCOMPARE(w->current()->format().encoding, QString("windows-1252"));
    QCOMPARE(EncodingButton(*w), QString("Western (Windows-1252)"));
  }

  // The system's own words: a folder that does not exist, a file that is
  // a folder; with the file's name and Save As offered.
  void saveFailureNamesTheCause() {
    const QString dir = Environment().newFolder("failure");
    auto w = NewWindow();
    QTest::keyClicks(w->editor(), "words");
    QString message;
    auto answered = AnswerNextMessageBox("OK", 5000, &message);
    QVERIFY(!w->saveFile(dir + "/missing/x.txt"));
    QVERIFY(*answered);
    QVERIFY2(message.contains("x.txt") &&
                 message.contains("No such file or directory"),
             qPrintable(message));
    QVERIFY(w->isWindowModified());
    QCOMPARE(w->editor()->toPlainText(), QString("words"));
    // Save As is offered (and opens the dialog).
    answered = AnswerNextMessageBox("Save As\u2026");
    bool dialog_seen = false;
    QTimer::singleShot(300, this, [&] {
      QFileDialog* dialog = nullptr;
      QTRY_VERIFY((dialog = w->findChild<QFileDialog*>("saveAsDialog")) &&
                  dialog->isVisible());
      dialog_seen = true;
      dialog->reject();
    });
    QVERIFY(!w->saveFile(dir + "/missing/x.txt"));
    QVERIFY(*answered);
    QTRY_VERIFY(dialog_seen);
    w->editor()->document()->setModified(false);
  }

  // Saving keeps the mode, goes through a symbolic link, and leaves no
  // temporary file behind.
  void safeWriteKeepsModeAndLinks() {
    const QString dir = Environment().newFolder("safe");
    Write(dir + "/target.txt", "old");
    QVERIFY(::chmod(QFile::encodeName(dir + "/target.txt"), 0640) == 0);
    QVERIFY(QFile::link(dir + "/target.txt", dir + "/link.txt"));
    QString error;
    QVERIFY2(WriteFileSafely(dir + "/link.txt", "new", &error),
             qPrintable(error));
    QCOMPARE(ReadAll(dir + "/target.txt"), QByteArray("new"));
    QVERIFY(QFileInfo(dir + "/link.txt").isSymLink());
    struct stat st {};
    QVERIFY(::stat(QFile::encodeName(dir + "/target.txt"), &st) == 0);
    QCOMPARE(st.st_mode & 07777, 0640u);
    QCOMPARE(QDir(dir).entryList(QDir::Files | QDir::Hidden).size(), 2);
  }

  // Where the folder forbids new files but the file is writable, the file
  // is written in place after a backup copy, and the user is told.
  void inPlaceWhereTheFolderIsReadOnly() {
    // Root may create files in a read-only folder: an ordinary user's case.
    if (!RunAsNobodyIfRoot("inPlaceWhereTheFolderIsReadOnly")) return;
    const QString dir = Environment().newFolder("locked");
    Write(dir + "/keep.txt", "before");
    QVERIFY(::chmod(QFile::encodeName(dir), 0555) == 0);
    QString error;
    QString note;
    const bool ok = WriteFileSafely(dir + "/keep.txt", "after", &error, &note);
    ::chmod(QFile::encodeName(dir), 0755);
    QVERIFY2(ok, qPrintable(error));
    QCOMPARE(ReadAll(dir + "/keep.txt"), QByteArray("after"));
    QVERIFY2(note.contains("in place"), qPrintable(note));
    QCOMPARE(ReadAll(BackupFolder() + "/keep.txt~"), QByteArray("before"));
  }

  void readOnlyFileIsMarked() {
    // Every file is writable for root: an ordinary user's case.
    if (!RunAsNobodyIfRoot("readOnlyFileIsMarked")) return;
    const QString dir = Environment().newFolder("readonly");
    Write(dir + "/ro.txt", "fixed\n");
    QVERIFY(::chmod(QFile::encodeName(dir + "/ro.txt"), 0444) == 0);
    auto w = NewWindow();
    QVERIFY(w->loadFile(dir + "/ro.txt"));
    QVERIFY(w->current()->readOnlyOnDisk());
    QVERIFY(w->tabWidget()->tabText(0).contains("read-only"));
    QVERIFY(w->statusBar()->currentMessage().contains("read-only"));
    QTest::keyClicks(w->editor(), "x");
    QString message;
    auto answered = AnswerNextMessageBox("OK", 5000, &message);
    QVERIFY(!w->saveFile(dir + "/ro.txt"));
    QVERIFY(*answered);
    QVERIFY2(message.contains("Permission denied"), qPrintable(message));
    QCOMPARE(ReadAll(dir + "/ro.txt"), QByteArray("fixed\n"));
    w->editor()->document()->setModified(false);
  }
};

}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::EncodingTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "encoding_test.moc"
