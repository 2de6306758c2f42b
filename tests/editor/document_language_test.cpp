// A language per document (issue 35 item 2): each tab checks in its own
// language, chosen with the status bar's language button and its
// searchable chooser (installed languages first, the system's Hunspell
// dictionaries to convert grouped after them, converted on a worker thread
// when chosen), remembered for the file and in the session; a dictionary
// built from a word list adds to the document's language instead of
// replacing it.
//
// The "system" Hunspell folder is a temporary one, named by
// $SPELLFILTER_HUNSPELL_PATH (core/catalog/language_catalog.h).
#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QTest>
#include <QTextBlock>
#include <QToolButton>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <memory>

#include "app/editor/convert_dictionary_job.h"
#include "app/editor/dictionary_catalog.h"
#include "app/editor/document_tab.h"
#include "app/editor/language_chooser.h"
#include "app/editor/main_window.h"
#include "app/editor/recheck_scheduler.h"
#include "app/editor/spell_highlighter.h"
#include "app/editor/spell_service.h"
#include "app/editor/spell_service_pool.h"
#include "app/editor/spell_text_edit.h"
#include "editor_test_support.h"

namespace spellfilter::editor {
namespace {

void Write(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  QCOMPARE(f.write(bytes), bytes.size());
}

std::unique_ptr<MainWindow> NewWindow() {
  auto w = std::make_unique<MainWindow>();
  w->show();
  if (!QTest::qWaitForWindowExposed(w.get())) qFatal("window not exposed");
  return w;
}

int Misspellings(MainWindow* w, int tab) {
  SpellTextEdit* edit = w->document(tab)->editor();
  if (!WaitForChecking(edit)) return -1;
  return UnderlinedWords(edit).size();
}

void NewDocument(MainWindow* w) {
  for (QAction* a : w->findChildren<QAction*>()) {
    if (a->text() == "&New") {
      a->trigger();
      return;
    }
  }
  QFAIL("no New action");
}

QString ButtonText(const MainWindow& w) {
  const auto* b = w.findChild<QToolButton*>("languageButton");
  return b ? b->text() : QString("<no language button>");
}

// Opens the chooser from the status bar as a click does.
LanguageChooser* OpenChooser(MainWindow* w) {
  auto* button = w->findChild<QToolButton*>("languageButton");
  if (button == nullptr) return nullptr;
  button->click();
  return w->languageChooser();
}

QStringList VisibleLabels(const LanguageChooser* c) {
  QStringList labels;
  for (QTreeWidgetItemIterator it(c->list()); *it; ++it) {
    if ((*it)->parent() != nullptr && !(*it)->isHidden()) {
      labels << (*it)->text(0);
    }
  }
  return labels;
}

QStringList GroupTitles(const LanguageChooser* c) {
  QStringList titles;
  for (int i = 0; i < c->list()->topLevelItemCount(); ++i) {
    if (!c->list()->topLevelItem(i)->isHidden())
      titles << c->list()->topLevelItem(i)->text(0);
  }
  return titles;
}

}  // namespace

class DocumentLanguageTest : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    Environment().reset();
    Environment().newFolder("cache");  // no conversion from an earlier test
    system_ = Environment().newFolder("system-hunspell");
    qputenv("SPELLFILTER_HUNSPELL_PATH", system_.toLocal8Bit());
    QDir().mkpath(UserDictionaryFolder());
    // A German dictionary, installed.
    german_ = UserDictionaryFolder() + "/de_DE.sfd";
    QVERIFY(BuildTestDictionary(
        german_,
        {"der", "die", "das", "Brief", "ist", "gut", "und", "Haus", "the"},
        "de-DE"));
  }
  void cleanup() { qunsetenv("SPELLFILTER_HUNSPELL_PATH"); }

  void eachTabChecksInItsOwnLanguage() {
    const QString folder = Environment().newFolder("texts");
    Write(folder + "/en.txt", "the quick brown fox der Brief ist gut\n");
    Write(folder + "/de.txt", "the quick brown fox der Brief ist gut\n");
    auto w = NewWindow();
    QVERIFY(w->loadFile(folder + "/en.txt"));
    QVERIFY(w->loadFile(folder + "/de.txt"));
    QCOMPARE(w->documentCount(), 2);
    // Both start in the default language (the test dictionary, English
    // words): the German words are flagged in both.
    QCOMPARE(Misspellings(w.get(), 0), 4);
    QCOMPARE(Misspellings(w.get(), 1), 4);

    // The second tab (current) in German, through the chooser.
    LanguageChooser* chooser = OpenChooser(w.get());
    QVERIFY(chooser != nullptr);
    QTest::keyClicks(chooser->filterEdit(), "germ");
    QCOMPARE(VisibleLabels(chooser), QStringList({"German (Germany)"}));
    QTest::keyClick(chooser->filterEdit(), Qt::Key_Return);
    QTRY_VERIFY(w->languageChooser() == nullptr);
    QCOMPARE(w->document(1)->languages(), QStringList({german_}));
    // German: the English words are flagged now, the German ones are not.
    QCOMPARE(Misspellings(w.get(), 1), 3);
    QStringList flagged = UnderlinedWords(w->document(1)->editor());
    QCOMPARE(flagged, QStringList({"quick@4", "brown@10", "fox@16"}));
    QCOMPARE(ButtonText(*w), QString("German (Germany)"));
    // The first tab kept its language and its results.
    QCOMPARE(Misspellings(w.get(), 0), 4);
    QVERIFY(w->document(0)->languages().isEmpty());
    QCOMPARE(w->spellServices()->size(), 2);
    QVERIFY(w->document(0)->editor()->service() !=
            w->document(1)->editor()->service());
    w->tabWidget()->setCurrentIndex(0);
    QTRY_COMPARE(ButtonText(*w), QString("test"));
    w->tabWidget()->setCurrentIndex(1);
    QTRY_COMPARE(ButtonText(*w), QString("German (Germany)"));

    // Remembered for the file: closed and opened again, it is German.
    QVERIFY(w->closeTab(1));
    QCOMPARE(w->spellServices()->size(), 1);  // German was released
    QVERIFY(w->loadFile(folder + "/de.txt"));
    QCOMPARE(w->current()->languages(), QStringList({german_}));
    QCOMPARE(Misspellings(w.get(), 1), 3);

    // And in the session: a new window reopens both, each in its language.
    w->close();
    w.reset();
    auto again = NewWindow();
    QCOMPARE(again->restoreSession(), 2);
    QCOMPARE(again->documentCount(), 2);
    int german_tab =
        QFileInfo(again->document(0)->file()).fileName() == "de.txt" ? 0 : 1;
    QCOMPARE(again->document(german_tab)->languages(), QStringList({german_}));
    // The other one in the language it had, though German is the default
    // for new documents now (the last one chosen).
    QCOMPARE(again->defaultLanguages(), QStringList({german_}));
    QCOMPARE(
        again->document(1 - german_tab)->editor()->service()->dictionaryPaths(),
        QStringList({Environment().dictionary()}));
    QCOMPARE(Misspellings(again.get(), german_tab), 3);
    QCOMPARE(Misspellings(again.get(), 1 - german_tab), 4);
  }

  // Issue 35, item 2: a second language at once and "Automatic (per
  // sentence)" from the chooser, checked by core's LanguageChecker;
  // suggestions and Add to Dictionary from the sentence's language;
  // remembered for the file and in the session.
  // Issue 35 item 3: a big text (200,000 characters or more) in two
  // languages, and in Automatic, is checked on the background thread
  // (most blocks adopted from it; before, several languages were checked
  // on the UI thread in slices) with the result of checking each block on
  // the UI thread; the words none of the languages checks (Cyrillic under
  // an English and a German dictionary) are counted in the status bar
  // (before, the count was hidden with several languages).
  void bigTextInSeveralLanguagesOffTheUiThread() {
    auto w = NewWindow();
    const QStringList both = {Environment().dictionary(),
                              "language:" + german_};
    QString text;
    int lines = 0;
    for (; text.size() < 300'000; ++lines) {
      text += QString::fromUtf8(
                  "the quick brown fox zqx%1. der Brief ist gut und das Haus. "
                  "the lazy dog Haus привет\n")
                  .arg(QChar(u'a' + lines % 26));
    }
    for (const QStringList& languages : {both, QStringList{"auto"} + both}) {
      QVERIFY(w->setDocumentLanguages(w->current(), languages));
      SpellService* service = w->editor()->service();
      QCOMPARE(service->languageCount(), 2);
      QCOMPARE(service->isAutomatic(), languages.first() == "auto");
      w->editor()->setPlainText(text);
      QVERIFY(WaitForChecking(w->editor(), 60'000));
      QVERIFY2(w->editor()->scheduler()->adoptedBlocks() > 1000,
               qPrintable(
                   QString::number(w->editor()->scheduler()->adoptedBlocks())));
      qint64 expected = 0;
      QList<TextSpan> found;
      for (QTextBlock b = w->editor()->document()->begin(); b.isValid();
           b = b.next()) {
        service->findMisspellings(b.text(), &found);
        expected += found.size();
      }
      QVERIFY(expected >= lines);  // zqx… in every line
      QCOMPARE(w->editor()->highlighter()->totals().misspellings, expected);
      auto* label = w->findChild<QLabel*>("uncheckedCount");
      QVERIFY(label != nullptr);
      QTRY_COMPARE_WITH_TIMEOUT(label->text(),
                                QString("%L1 unchecked").arg(lines), 20000);
      QVERIFY(label->isVisible());
      QVERIFY2(label->toolTip().contains("none of the languages"),
               qPrintable(label->toolTip()));
      // Typing changes the count by the edited block's (a running total).
      w->editor()->moveCursor(QTextCursor::End);
      w->editor()->textCursor().insertText(
          QString::fromUtf8("\u043c\u0438\u0440 "));
      QTRY_COMPARE(label->text(), QString("%L1 unchecked").arg(lines + 1));
    }
  }

  void secondLanguageAndAutomaticPerSentence() {
    const QString folder = Environment().newFolder("mixed");
    const QString path = folder + "/mixed.txt";
    // An English sentence, a German one, and an English sentence with a
    // German word in it.
    Write(path,
          "the quick brown fox jumps. der Brief ist gut und das Haus.\n"
          "the lazy dog Haus.\n");
    auto w = NewWindow();
    QVERIFY(w->loadFile(path));
    // English alone: the German words are flagged (seven, and Haus again).
    QCOMPARE(Misspellings(w.get(), 0), 8);

    // German as a second language: a word is right in either.
    LanguageChooser* chooser = OpenChooser(w.get());
    QVERIFY(chooser != nullptr);
    QTest::keyClicks(chooser->filterEdit(), "germ");
    QVERIFY(chooser->secondLanguageButton()->isEnabled());
    QTest::mouseClick(chooser->secondLanguageButton(), Qt::LeftButton);
    QTRY_VERIFY(w->languageChooser() == nullptr);
    const QStringList both = {Environment().dictionary(),
                              "language:" + german_};
    QCOMPARE(w->current()->languages(), both);
    SpellService* service = w->editor()->service();
    QCOMPARE(service->languageCount(), 2);
    QVERIFY(!service->isAutomatic());
    QCOMPARE(Misspellings(w.get(), 0), 0);
    QCOMPARE(ButtonText(*w), QString("test + German (Germany)"));

    // Automatic: each sentence in its language; "Haus" in the English
    // sentence is flagged, the German sentence is not.
    chooser = OpenChooser(w.get());
    QVERIFY(chooser != nullptr);
    QTest::keyClicks(chooser->filterEdit(), "automatic");
    QCOMPARE(VisibleLabels(chooser), QStringList({"Automatic (per sentence)"}));
    QTest::keyClick(chooser->filterEdit(), Qt::Key_Return);
    QTRY_VERIFY(w->languageChooser() == nullptr);
    const QStringList automatic = QStringList{"auto"} + both;
    QCOMPARE(w->current()->languages(), automatic);
    service = w->editor()->service();
    QVERIFY(service->isAutomatic());
    QCOMPARE(UnderlinedWords(w->editor()), QStringList({"Haus@72"}));
    QCOMPARE(ButtonText(*w), QString("Automatic (test + German (Germany))"));

    // Suggestions and Add to Dictionary follow the sentence's language.
    const QString line = "the quikc brown fox jumps. der Brif ist gut.";
    QCOMPARE(service->languageAt(line, 5), 0);
    QCOMPARE(service->languageAt(line, 32), 1);
    QVERIFY(service->suggestions("quikc", 5, 0).contains("quick"));
    QVERIFY(service->suggestions("Brif", 5, 1).contains("Brief"));
    QVERIFY(!service->suggestions("Brif", 5, 0).contains("Brief"));
    QString error;
    QVERIFY2(service->addWord("Brif", &error, service->languageAt(line, 32)),
             qPrintable(error));
    QVERIFY(service->isAccepted("Brif"));
    QVERIFY(QFile::exists(Environment().configHome() +
                          "/spellfilter/user/de_DE.words"));
    QVERIFY(!QFile::exists(Environment().configHome() +
                           "/spellfilter/user/en_US.words"));

    // Remembered for the file and in the session.
    QVERIFY(w->closeTab(0));
    QVERIFY(w->loadFile(path));
    QCOMPARE(w->current()->languages(), automatic);
    QCOMPARE(Misspellings(w.get(), 0), 1);
    w->close();
    w.reset();
    QSettings().remove("documentLanguages");
    auto again = NewWindow();
    QCOMPARE(again->restoreSession(), 1);
    QCOMPARE(again->current()->languages(), automatic);
    QCOMPARE(Misspellings(again.get(), 0), 1);
    QCOMPARE(UnderlinedWords(again->editor()), QStringList({"Haus@72"}));

    // A document in one language: Automatic chooses among the installed
    // languages (German here; "test" is no language's name).
    NewDocument(again.get());
    chooser = OpenChooser(again.get());
    QVERIFY(chooser != nullptr);
    QTest::keyClicks(chooser->filterEdit(), "automatic");
    QTest::keyClick(chooser->filterEdit(), Qt::Key_Return);
    QTRY_VERIFY(again->languageChooser() == nullptr);
    QCOMPARE(again->current()->languages(), QStringList({"auto"}));
    QVERIFY(again->editor()->service()->isAutomatic());
    QVERIFY2(
        again->editor()->service()->languagePaths().contains(german_),
        qPrintable(again->editor()->service()->languagePaths().join(", ")));
  }

  void sessionKeepsTheLanguageOfEachDocument() {
    const QString folder = Environment().newFolder("session");
    Write(folder + "/a.txt", "der Brief\n");
    auto w = NewWindow();
    QVERIFY(w->loadFile(folder + "/a.txt"));
    QVERIFY(w->setDocumentLanguages(w->current(), {german_}));
    QCOMPARE(w->currentSession().documents.front().languages,
             QStringList({german_}));
    w->close();
    w.reset();
    // The per-file memory forgotten: the session alone brings it back.
    QSettings().remove("documentLanguages");
    auto again = NewWindow();
    QCOMPARE(again->restoreSession(), 1);
    QCOMPARE(again->current()->languages(), QStringList({german_}));
    QCOMPARE(Misspellings(again.get(), 0), 0);
  }

  void chooserScalesToManyLanguagesInstalledFirst() {
    // 150 Hunspell dictionaries of the system, none converted yet.
    int written = 0;
    QStringList tags;
    QStringList installed_names;  // have a .sfd: not offered to convert
    for (const DictionaryEntry& e : FindDictionaries())
      installed_names << e.name;
    for (const QLocale& locale : QLocale::matchingLocales(
             QLocale::AnyLanguage, QLocale::AnyScript, QLocale::AnyTerritory)) {
      const QString tag = locale.name();
      if (!tag.contains(u'_') || tags.contains(tag) ||
          installed_names.contains(tag))
        continue;
      tags << tag;
      Write(system_ + "/" + tag + ".aff", "SET UTF-8\n");
      Write(system_ + "/" + tag + ".dic", "1\nword\n");
      if (++written == 150) break;
    }
    QCOMPARE(written, 150);
    auto w = NewWindow();
    LanguageChooser* chooser = OpenChooser(w.get());
    QVERIFY(chooser != nullptr);
    QVERIFY(chooser->isVisible());
    // "Several languages" (Automatic) first, then Installed (the test
    // dictionary and German), then the ones to convert on first use,
    // grouped. (Then "Other dictionaries": the build tree's programming
    // words.)
    const QStringList groups = GroupTitles(chooser);
    QVERIFY2(groups.size() == 3 ||
                 (groups.size() == 4 && groups[3] == "Other dictionaries"),
             qPrintable(groups.join('|')));
    QCOMPARE(groups[0], QString("Several languages"));
    QCOMPARE(chooser->list()->topLevelItem(0)->childCount(), 1);
    QCOMPARE(groups[1], QString("Installed"));
    QVERIFY2(groups[2].startsWith("Convert on first use"),
             qPrintable(groups[2]));
    // (Installed: the test dictionary, German, and the build tree's.)
    const int installed = chooser->list()->topLevelItem(1)->childCount();
    QVERIFY(installed >= 2);
    QCOMPARE(chooser->list()->topLevelItem(2)->childCount(), 150);
    const int others =
        groups.size() == 4 ? chooser->list()->topLevelItem(3)->childCount() : 0;
    QCOMPARE(chooser->visibleCount(), 1 + installed + 150 + others);
    QCOMPARE(chooser->findChild<QLabel*>("languageCount")->text(),
             QString("%1 languages").arg(1 + installed + 150 + others));
    // The one in use is marked and selected.
    QVERIFY2(chooser->list()->currentItem()->text(0).contains("(in use)"),
             qPrintable(chooser->list()->currentItem()->text(0)));
    // A search by tag, by English name, by native name.
    const QString last = tags.last();
    chooser->setFilter(last);
    QCOMPARE(VisibleLabels(chooser), QStringList({LanguageDisplayName(last)}));
    QCOMPARE(chooser->list()->currentItem()->text(1), last);
    chooser->setFilter("deutsch");
    QVERIFY(VisibleLabels(chooser).contains("German (Germany)"));
    for (const QString& label : VisibleLabels(chooser))
      QVERIFY2(label.startsWith("German") || label.startsWith("Swiss German") ||
                   label.startsWith("Low German"),
               qPrintable(label));
    // Typing with the list focused searches as well.
    chooser->setFilter(QString());
    chooser->list()->setFocus();
    QTest::keyClicks(chooser->list(), "deutsch");
    QCOMPARE(chooser->filterEdit()->text(), QString("deutsch"));
    QVERIFY(VisibleLabels(chooser).contains("German (Germany)"));
    // A word's start: "ger" is German, not Algeria.
    chooser->setFilter("ger");
    for (const QString& label : VisibleLabels(chooser))
      QVERIFY2(label.contains("German"), qPrintable(label));
    chooser->setFilter("no such language at all");
    QCOMPARE(chooser->visibleCount(), 0);
    QCOMPARE(GroupTitles(chooser), QStringList());
    chooser->reject();
  }

  void choosingALanguageToConvertConvertsItForThatDocument() {
    Write(system_ + "/fr_FR.aff", "SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n");
    Write(system_ + "/fr_FR.dic", "3\nlettre/S\nbonjour\nami/S\n");
    auto w = NewWindow();
    w->editor()->setPlainText("bonjour lettres amis the");
    QCOMPARE(Misspellings(w.get(), 0), 3);
    DocumentTab* french = w->current();
    LanguageChooser* chooser = OpenChooser(w.get());
    QVERIFY(chooser != nullptr);
    QTest::keyClicks(chooser->filterEdit(), "french");
    QCOMPARE(VisibleLabels(chooser), QStringList({"French (France)"}));
    QTest::keyClick(chooser->filterEdit(), Qt::Key_Return);
    // Converted on a worker thread behind a progress dialog; meanwhile the
    // user opens another document, which stays in the default language.
    QVERIFY(w->findChild<QProgressDialog*>("convertProgress") != nullptr);
    w->editor()->document()->setModified(false);
    NewDocument(w.get());
    QCOMPARE(w->documentCount(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(!french->languages().isEmpty(), 30000);
    QVERIFY(french->languages().front().endsWith("fr_FR.sfd"));
    QVERIFY(w->current()->languages().isEmpty());
    QCOMPARE(Misspellings(w.get(), 0), 1);  // "the"
    french->editor()->document()->setModified(false);
  }

  void aWordListAddsToTheDocumentsLanguage() {
    // The German letter: the word list's words are accepted and the
    // German dictionary's words stay accepted.
    auto w = NewWindow();
    QVERIFY(w->setDocumentLanguages(w->current(), {german_}));
    w->editor()->setPlainText("der Brief ist gut Zorkmid Frobnitz");
    QCOMPARE(Misspellings(w.get(), 0), 2);
    const QString list = Environment().newFolder("lists") + "/mywords.txt";
    Write(list, "Zorkmid\nFrobnitz\n");
    const QString output = UserDictionaryFolder() + "/mywords.sfd";
    QString box_text;
    auto answered =
        AnswerNextMessageBox("Add to German (Germany)", 20000, &box_text);
    w->startBuild({list, output, "de-DE"});
    QTRY_VERIFY_WITH_TIMEOUT(*answered, 20000);
    QVERIFY2(box_text.contains("Add its words to this document's language"),
             qPrintable(box_text));
    QCOMPARE(w->current()->languages(), QStringList({german_, output}));
    QCOMPARE(w->spellService()->dictionaryPaths(),
             QStringList({german_, output}));
    QCOMPARE(Misspellings(w.get(), 0), 0);
    QCOMPARE(ButtonText(*w), QString("German (Germany) + mywords"));
    // The chooser lists it as a word list, which adds.
    LanguageChooser* chooser = OpenChooser(w.get());
    QVERIFY(chooser != nullptr);
    QVERIFY(
        GroupTitles(chooser).contains("Your word lists (add to the language)"));
    chooser->reject();
    // Another document in German alone is not affected.
    NewDocument(w.get());
    QCOMPARE(w->documentCount(), 2);
    QVERIFY(w->setDocumentLanguages(w->current(), {german_}));
    w->editor()->setPlainText("der Brief Zorkmid");
    QCOMPARE(Misspellings(w.get(), 1), 1);
    // Big texts are checked on another thread: with the word list too.
    QString big;
    while (big.size() < 300'000) big += "der Brief ist gut Zorkmid Frobnitz\n";
    w->tabWidget()->setCurrentIndex(0);
    w->editor()->setPlainText(big);
    QCOMPARE(Misspellings(w.get(), 0), 0);
    QVERIFY(w->editor()->scheduler()->adoptedBlocks() > 0);
    w->document(0)->editor()->document()->setModified(false);
    w->document(1)->editor()->document()->setModified(false);
  }

 private:
  QString system_;
  QString german_;
};

}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::DocumentLanguageTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "document_language_test.moc"
