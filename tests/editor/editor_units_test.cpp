// The editor's non-widget parts: reading and writing text files, the
// dictionary catalog, the dictionary build job, the recovery store.

#include <sys/stat.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QTextCursor>
#include <QTextDocument>
#include <QTimer>

#include "app/editor/background_read.h"
#include "app/editor/build_dictionary_dialog.h"
#include "app/editor/build_dictionary_job.h"
#include "app/editor/dictionary_catalog.h"
#include "app/editor/language_list.h"
#include "app/editor/recovery_store.h"
#include "app/editor/text_file.h"
#include "core/check/checker.h"
#include "core/dictionary/dictionary.h"
#include "editor_test_support.h"

namespace spellfilter::editor {
namespace {

QString WriteFile(const QString& name, const QByteArray& bytes) {
  const QString path = Environment().root() + "/" + name;
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
    return {};
  return path;
}

}  // namespace

class EditorUnitsTest : public QObject {
  Q_OBJECT

 private slots:
  // language_list.h: the lists written before several languages existed
  // mean what they meant; several languages and "auto" round-trip.
  void languageListsRoundTrip() {
    QCOMPARE(ParseLanguageList({"/d/en.sfd", "/d/mine.sfd"}),
             (LanguageList{false, {"/d/en.sfd"}, {"/d/mine.sfd"}}));
    const LanguageList several{false, {"/d/en.sfd", "/d/de.sfd"}, {"/w.sfd"}};
    QCOMPARE(ToStringList(several),
             QStringList({"/d/en.sfd", "language:/d/de.sfd", "/w.sfd"}));
    QCOMPARE(ParseLanguageList(ToStringList(several)), several);
    const LanguageList automatic{true, {"/d/en.sfd", "/d/de.sfd"}, {}};
    QCOMPARE(ToStringList(automatic),
             QStringList({"auto", "/d/en.sfd", "language:/d/de.sfd"}));
    QCOMPARE(ParseLanguageList(ToStringList(automatic)), automatic);
    QCOMPARE(ParseLanguageList({"auto"}), (LanguageList{true, {}, {}}));
    QCOMPARE(DictionaryFilesOf(ToStringList(several)),
             QStringList({"/d/en.sfd", "/d/de.sfd", "/w.sfd"}));
    QCOMPARE(DictionaryFilesOf({"auto"}), QStringList());
  }

  void init() { Environment().reset(); }

  void firstBadByte_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<qint64>("bad");
    QTest::addColumn<bool>("binary");
    QTest::newRow("ascii") << QByteArray("plain text\n") << qint64(-1) << false;
    QTest::newRow("4-byte")
        << QByteArray("ok \xF0\x9F\x98\x80 \xE2\x82\xAC \xC3\xA9") << qint64(-1)
        << false;
    QTest::newRow("latin1") << QByteArray("caf\xE9") << qint64(3) << false;
    QTest::newRow("overlong") << QByteArray("ab\xC0\x80") << qint64(2) << false;
    QTest::newRow("surrogate")
        << QByteArray("a\xED\xA0\x80") << qint64(1) << false;
    QTest::newRow("too big")
        << QByteArray("a\xF4\x90\x80\x80") << qint64(1) << false;
    QTest::newRow("truncated")
        << QByteArray("abc\xE2\x82") << qint64(3) << false;
    QTest::newRow("nul") << QByteArray("ab\0c", 4) << qint64(2) << true;
    QTest::newRow("after bom")
        << QByteArray("\xEF\xBB\xBFx\xFF") << qint64(4) << false;
  }
  void firstBadByte() {
    QFETCH(QByteArray, bytes);
    QFETCH(qint64, bad);
    QFETCH(bool, binary);
    LoadedText loaded;
    QString error;
    QVERIFY(ReadTextFile(WriteFile("t.txt", bytes), &loaded, &error));
    QCOMPARE(loaded.first_bad_byte, bad);
    QCOMPARE(loaded.binary, binary);
  }

  void formatIsKeptOnSave() {
    const QByteArray bytes = "\xEF\xBB\xBFone\r\ntwo\xC2\xA0three\r\n";
    LoadedText loaded;
    QString error;
    QVERIFY(ReadTextFile(WriteFile("crlf.txt", bytes), &loaded, &error));
    QVERIFY(loaded.format.byte_order_mark);
    QVERIFY(loaded.format.crlf);
    QCOMPARE(loaded.text, QString::fromUtf8("one\ntwo\xC2\xA0three\n"));
    QTextDocument document;
    document.setPlainText(loaded.text);
    QCOMPARE(DocumentText(document), loaded.text);  // the no-break space stays
    const QString out = Environment().root() + "/out.txt";
    QVERIFY(WriteTextFile(out, DocumentText(document), loaded.format, &error));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), bytes);
  }

  void saveWritesThroughLinksAndNeverReplacesAFifo() {
    const QString root = Environment().root();
    const QString real = root + "/real.txt";
    const QString link = root + "/link.txt";
    QString error;
    QVERIFY(WriteTextFile(real, "old\n", TextFormat(), &error));
    QVERIFY(QFile::setPermissions(real, QFile::ReadOwner | QFile::WriteOwner));
    QVERIFY(QFile::link(real, link));
    QVERIFY2(WriteTextFile(link, "new\n", TextFormat(), &error),
             qPrintable(error));
    QVERIFY(QFileInfo(link).isSymLink());
    struct stat real_stat;
    QCOMPARE(::stat(QFile::encodeName(real).constData(), &real_stat), 0);
    QCOMPARE(real_stat.st_mode & 0777, 0600u);  // the mode is kept
    QFile f(real);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("new\n"));

    const QString fifo = root + "/fifo";
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QVERIFY(!WriteTextFile(fifo, "text\n", TextFormat(), &error));
    QVERIFY(error.contains("not a regular file"));
    struct stat st;
    QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &st), 0);
    QVERIFY(S_ISFIFO(st.st_mode));
  }

  void unreadableFile() {
    LoadedText loaded;
    QString error;
    QVERIFY(
        !ReadTextFile(Environment().root() + "/missing.txt", &loaded, &error));
    QVERIFY(!error.isEmpty());
  }

  // background_read.h (issue 35 item 3): the result is ReadTextFile's and
  // ReadTextFileAs's, and the calling thread's event loop runs while the
  // worker reads (a timer ticks; a read on the calling thread would let
  // none through); a missing file is an error as before.
  void readsOffTheCallingThread() {
    QByteArray bytes;
    while (bytes.size() < 24'000'000) {
      bytes += "caf\xc3\xa9 the quick brown fox, \xd0\xb6\xd1\x83\xd0\xba\r\n";
    }
    const QString path = WriteFile("big-read.txt", bytes);
    QVERIFY(!path.isEmpty());
    LoadedText direct;
    QString error;
    QVERIFY(ReadTextFile(path, &direct, &error));
    int ticks = 0;
    QTimer tick;
    tick.setInterval(0);
    connect(&tick, &QTimer::timeout, this, [&ticks] { ++ticks; });
    tick.start();
    LoadedText loaded;
    QVERIFY(ReadTextFileInBackground(path, QString(), &loaded, &error));
    tick.stop();
    QVERIFY2(ticks > 0, "the event loop did not run during the read");
    QCOMPARE(loaded.text, direct.text);
    QCOMPARE(loaded.format.crlf, direct.format.crlf);
    QCOMPARE(loaded.format.encoding, direct.format.encoding);
    QCOMPARE(loaded.first_bad_byte, direct.first_bad_byte);

    LoadedText latin;
    QVERIFY(ReadTextFileInBackground(path, "ISO-8859-1", &latin, &error));
    LoadedText latin_direct;
    QVERIFY(ReadTextFileAs(path, "ISO-8859-1", &latin_direct, &error));
    QCOMPARE(latin.text, latin_direct.text);
    QVERIFY(latin.text != loaded.text);

    error.clear();
    QVERIFY(!ReadTextFileInBackground(Environment().root() + "/missing.txt",
                                      QString(), &loaded, &error));
    QVERIFY(!error.isEmpty());
  }

  void catalogFindsDictionaries() {
    QDir().mkpath(UserDictionaryFolder());
    QVERIFY(
        BuildTestDictionary(UserDictionaryFolder() + "/mine.sfd", {"word"}));
    // A system-wide one, under $XDG_DATA_DIRS/spellfilter.
    const QString system = Environment().root() + "/system-data/spellfilter";
    QDir().mkpath(system);
    QVERIFY(BuildTestDictionary(system + "/de_DE.sfd", {"Wort"}, "de"));
    // The same file twice (a symlink) is listed once.
    QVERIFY(QFile::link(system + "/de_DE.sfd",
                        UserDictionaryFolder() + "/alias.sfd"));
    const QList<DictionaryEntry> found = FindDictionaries();
    QStringList names;
    for (const DictionaryEntry& e : found) names.append(e.name);
    QVERIFY2(names.contains("mine") && names.contains("test") &&
                 names.contains("de_DE") + names.contains("alias") == 1,
             qPrintable(names.join(',')));
    for (const DictionaryEntry& e : found) {
      if (e.name == "mine") QVERIFY(e.user_built);
      if (e.name == "test") QVERIFY(!e.user_built);
    }
    QVERIFY(DictionaryFolders().contains(system));
    QString error;
    QCOMPARE(DefaultDictionaryPath(&error), Environment().dictionary());
  }

  void buildWritesDictionary() {
    const QString list =
        WriteFile("list.txt", "# comment\nalpha\nbeta\t2\nGamma\n");
    const QString output = Environment().root() + "/out/built.sfd";
    QList<int> progress;
    const BuildResult result =
        BuildDictionary({list, output, "en"}, [&](int p) {
          progress.append(p);
          return true;
        });
    QVERIFY2(result.ok, qPrintable(result.message));
    QCOMPARE(result.words, quint64(3));
    QCOMPARE(progress.last(), BuildDictionaryJob::kProgressMax);
    QVERIFY(std::is_sorted(progress.begin(), progress.end()));
    auto d = Dictionary::Open(output.toStdString());
    QVERIFY(d.ok());
    QCOMPARE(QString::fromStdString((*d)->language()), QString("en"));
  }

  // Issue 23, item 11: a Hunspell .dic goes through core's Hunspell import
  // (its affixes expanded), chosen by the file's kind; a plain list named
  // .dic without an .aff stays a word list.
  // Issue 35, item 8: the summary says the false-positive rate in plain
  // words, not "3.6e-25".
  void falsePositiveRateInPlainWords() {
    QCOMPARE(FalsePositiveInWords(3.6e-25),
             QString("a misspelling is practically never taken for a word "
                     "(less than once in a billion)"));
    QCOMPARE(
        FalsePositiveInWords(1.0 / 123456),
        QLocale().toString(120000ULL).prepend("about one misspelling in ") +
            " is taken for a word");
    QCOMPARE(FalsePositiveInWords(0.01),
             QString("about one misspelling in 100 is taken for a word"));
    QCOMPARE(FalsePositiveInWords(0.9),
             QString("most misspellings are taken for words"));
  }

  // Issue 35, item 8: Browse and Build have their own mnemonics; the
  // language is not pre-filled with "und".
  void buildDialogMnemonicsAndLanguage() {
    BuildDictionaryDialog dialog;
    auto* browse = dialog.findChild<QPushButton*>("browse");
    QVERIFY(browse);
    QStringList mnemonics;
    for (QAbstractButton* b : dialog.findChildren<QAbstractButton*>()) {
      const qsizetype at = b->text().indexOf(u'&');
      if (at >= 0 && at + 1 < b->text().size()) {
        mnemonics.append(b->text().mid(at + 1, 1).toLower());
      }
    }
    QVERIFY2(mnemonics.removeDuplicates() == 0,
             qPrintable(mnemonics.join(',')));
    QVERIFY(mnemonics.contains("o"));  // Br&owse
    QVERIFY(mnemonics.contains("b"));  // &Build
    for (QLineEdit* edit : dialog.findChildren<QLineEdit*>()) {
      QVERIFY(edit->text() != "und");
    }
  }

  void buildExpandsHunspellDictionaries() {
    WriteFile("en_GB.aff", "SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n");
    const QString dic = WriteFile("en_GB.dic", "2\nhouse/S\nwalk\n");
    QVERIFY(IsHunspellDictionary(dic));
    const QString output = Environment().root() + "/out/hunspell.sfd";
    const BuildResult result =
        BuildDictionary({dic, output, "und"}, [](int) { return true; });
    QVERIFY2(result.ok, qPrintable(result.message));
    auto d = Dictionary::Open(output.toStdString());
    QVERIFY(d.ok());
    QCOMPARE(QString::fromStdString((*d)->language()), QString("en-GB"));
    Checker checker(**d);
    QVERIFY(checker.IsCorrect("houses"));
    QVERIFY(checker.IsCorrect("house"));
    QVERIFY(checker.IsCorrect("walk"));
    QVERIFY(!checker.IsCorrect("walks"));  // no S flag

    const QString plain = WriteFile("plain.dic", "alpha\nbeta\n");
    QVERIFY(!IsHunspellDictionary(plain));
  }

  void buildReportsBadLines() {
    const QString list = WriteFile("bad.txt", "fine\nnot fine\n");
    const BuildResult result =
        BuildDictionary({list, Environment().root() + "/bad.sfd", "und"},
                        [](int) { return true; });
    QVERIFY(!result.ok);
    QVERIFY2(result.message.contains("bad.txt:2"), qPrintable(result.message));
    QVERIFY(!QFile::exists(Environment().root() + "/bad.sfd"));
  }

  void buildStopsWhenCancelled() {
    const QString list = WriteFile("one.txt", "alpha\n");
    const BuildResult result =
        BuildDictionary({list, Environment().root() + "/stopped.sfd", "und"},
                        [](int) { return false; });
    QVERIFY(!result.ok);
    QVERIFY(!QFile::exists(Environment().root() + "/stopped.sfd"));
  }

  void jobBuildsInTheBackground() {
    const QString list = WriteFile("job.txt", "alpha\nbeta\n");
    BuildDictionaryJob job;
    QSignalSpy finished(&job, &BuildDictionaryJob::finished);
    QSignalSpy progress(&job, &BuildDictionaryJob::progressChanged);
    job.start({list, Environment().root() + "/job.sfd", "und"});
    QVERIFY(finished.wait(10000));  // delivered through the event loop
    const auto result = finished.first().first().value<BuildResult>();
    QVERIFY2(result.ok, qPrintable(result.message));
    QVERIFY(QFile::exists(Environment().root() + "/job.sfd"));
  }

  void guessLanguage() {
    QCOMPARE(BuildDictionaryDialog::GuessLanguage("en_GB"), QString("en-GB"));
    QCOMPARE(BuildDictionaryDialog::GuessLanguage("de"), QString("de"));
    QCOMPARE(BuildDictionaryDialog::GuessLanguage("my-words"), QString("und"));
    // Issue 23, item 13: names of Hunspell and SCOWL dictionaries.
    QCOMPARE(BuildDictionaryDialog::GuessLanguage("en_GB-large"),
             QString("en-GB"));
    QCOMPARE(BuildDictionaryDialog::GuessLanguage("de_DE_frami"),
             QString("de-DE"));
    QCOMPARE(BuildDictionaryDialog::GuessLanguage("american-english"),
             QString("und"));
  }

  // Issue 23, item 13: the build dialog's label, typed paths, and the
  // Browse filter.
  void buildDialogFillsInFromATypedPath() {
    BuildDictionaryDialog dialog;
    for (QLabel* label : dialog.findChildren<QLabel*>()) {
      if (label->text().contains(u'&')) {
        QVERIFY2(label->buddy() != nullptr, qPrintable(label->text()));
      }
    }
    QTest::keyClicks(dialog.wordListEdit(),
                     "/usr/share/hunspell/en_GB-large.dic");
    QCOMPARE(dialog.name(), QString("en_GB-large"));
    QCOMPARE(dialog.language(), QString("en-GB"));
    // The default filter shows lists without an extension.
    const QString first = BuildDictionaryDialog::BrowseFilters().split(";;")[0];
    const QString patterns = first.section(u'(', 1).chopped(1);
    bool shown = false;
    for (const QString& p : patterns.split(u' ')) {
      shown = shown || QRegularExpression(
                           QRegularExpression::wildcardToRegularExpression(p))
                           .match("american-english")
                           .hasMatch();
    }
    QVERIFY2(shown, qPrintable(first));
  }

  void recoveryStoreSnapshotsOnlyModifiedText() {
    const QString folder = Environment().newFolder("recovery");
    QTextDocument document;
    RecoveryStore store(folder);
    store.watch(&document, 60000);
    QVERIFY(store.snapshotNow());
    QVERIFY(!QFile::exists(store.textFile()));  // nothing unsaved
    document.setPlainText(QString::fromUtf8("unsaved \xC3\xA9 text"));
    document.setModified(true);
    store.setDocument("/tmp/doc.txt", TextFormat{false, true});
    QVERIFY(store.snapshotNow());
    QFile f(store.textFile());
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(f.readAll()),
             QString::fromUtf8("unsaved \xC3\xA9 text"));
    f.close();
    // Our own files are never offered to ourselves or as orphans while we run.
    RecoveryStore other(folder);
    QVERIFY(other.findOrphans().isEmpty());
    document.setModified(false);  // saved: the snapshot goes
    QVERIFY(!QFile::exists(store.textFile()));
  }

  // Issue 35 item 2: a snapshot (the whole text copied on the UI thread)
  // waits for a pause in typing, so it does not land between keystrokes;
  // then it is taken at the next tick.
  void recoverySnapshotWaitsForAPauseInTyping() {
    const QString folder = Environment().newFolder("recovery-typing");
    QTextDocument document;
    // As in the editor, where a view lays it out: QTextDocument emits
    // contentsChange only once it has a layout.
    document.documentLayout();
    RecoveryStore store(folder);
    store.watch(&document, 20);  // a tick every 20 ms
    QTextCursor cursor(&document);
    QElapsedTimer typing;
    typing.start();
    while (typing.elapsed() < 3 * RecoveryStore::kTypingPauseMs) {
      cursor.insertText("a");
      document.setModified(true);
      QElapsedTimer gap;
      gap.start();
      QTest::qWait(50);
      if (gap.elapsed() > RecoveryStore::kTypingPauseMs / 2) {
        QSKIP(
            "the machine stalled this process for longer than a typing "
            "pause; the test needs 50 ms waits to take about 50 ms");
      }
      QVERIFY2(!QFile::exists(store.textFile()),
               "a snapshot was taken while typing");
    }
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(store.textFile()),
                             4 * RecoveryStore::kTypingPauseMs);
  }
};

}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::EditorUnitsTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "editor_units_test.moc"
