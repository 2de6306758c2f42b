// The editor and languages (issue 23, items 12 and 14): the Dictionary menu
// offers the system's Hunspell dictionaries that have no spellfilter build
// ("German (Germany) — convert"), converts one through core's catalog on a
// worker thread and switches to it; the user's words follow the language,
// not the dictionary file; words in a script the dictionary cannot check
// are counted as unchecked in the status bar.
//
// The "system" Hunspell folder is a temporary one, named by
// $SPELLFILTER_HUNSPELL_PATH (core/catalog/language_catalog.h).
#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QProgressDialog>
#include <QSettings>
#include <QTest>
#include <memory>
#include <string>

#include "app/editor/dictionary_catalog.h"
#include "app/editor/dictionary_menu.h"
#include "app/editor/main_window.h"
#include "app/editor/spell_service.h"
#include "app/editor/spell_text_edit.h"
#include "core/catalog/language_catalog.h"
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

QAction* MenuAction(QMenu* menu, const QString& text) {
  emit menu->aboutToShow();  // as opening it does: the list is re-read
  for (QAction* a : menu->actions()) {
    if (a->text() == text) return a;
  }
  return nullptr;
}

QStringList MenuTexts(QMenu* menu) {
  QStringList texts;
  for (QAction* a : menu->actions()) texts << a->text();
  return texts;
}

}  // namespace

class DictionaryLanguagesTest : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    Environment().reset();
    Environment().newFolder("cache");  // no conversion from an earlier test
    system_ = Environment().newFolder("system-hunspell");
    // A small German Hunspell pair: "Hause" only through the suffix rule.
    Write(system_ + "/de_DE.aff",
          "SET UTF-8\nTRY esianrtolcdugmphbyfvkwzESIANRTOLCDUGMPHBYFVKWZ\n"
          "SFX S Y 1\nSFX S 0 e .\n");
    Write(system_ + "/de_DE.dic", "3\nHaus/S\nStra\xC3\x9F" "e\nsch\xC3\xB6n\n");
    qputenv("SPELLFILTER_HUNSPELL_PATH", system_.toLocal8Bit());
  }
  void cleanup() { qunsetenv("SPELLFILTER_HUNSPELL_PATH"); }

  void systemHunspellDictionaryIsConvertedFromTheMenu() {
    const StatusOr<std::string> cache_dir = HunspellCacheDirectory();
    QVERIFY(cache_dir.ok());
    const QString cached =
        QString::fromStdString(cache_dir.value()) + "/de_DE.sfd";
    QVERIFY(!QFile::exists(cached));

    auto w = NewWindow();
    DictionaryMenu* menu = w->dictionaryMenu();
    QAction* convert =
        MenuAction(menu, QString::fromUtf8("German (Germany) \u2014 convert"));
    QVERIFY2(convert != nullptr, qPrintable(MenuTexts(menu).join(" | ")));
    QVERIFY(!convert->isCheckable());

    convert->trigger();  // the second click
    // Converting runs on a worker thread behind a progress dialog; the
    // editor's event loop keeps running meanwhile.
    QVERIFY(w->findChild<QProgressDialog*>("convertProgress") != nullptr);
    QTRY_COMPARE_WITH_TIMEOUT(w->spellService()->dictionaryPath(), cached,
                              30000);
    QVERIFY(QFileInfo(cached).size() > 0);
    QTRY_VERIFY(w->findChild<QProgressDialog*>("convertProgress") == nullptr);
    QCOMPARE(QSettings().value("dictionary").toString(), cached);

    // German is checked now: the affixed form and the umlauts are known.
    w->editor()->setPlainText(QString::fromUtf8("Haus Hause Stra\u00DFe sch\u00F6n Strase"));
    QVERIFY(WaitForChecking(w->editor()));
    QCOMPARE(UnderlinedWords(w->editor()), QStringList({"Strase@24"}));

    // Converted: listed by its language and checked, no longer offered.
    QVERIFY(MenuAction(menu, QString::fromUtf8(
                                 "German (Germany) \u2014 convert")) == nullptr);
    QAction* listed = MenuAction(menu, "German (Germany)");
    QVERIFY2(listed != nullptr, qPrintable(MenuTexts(menu).join(" | ")));
    QVERIFY(listed->isChecked());
    QCOMPARE(listed->data().toString(), cached);
  }

  void aLanguageWithASpellfilterBuildIsNotOffered() {
    QDir().mkpath(UserDictionaryFolder());
    QVERIFY(BuildTestDictionary(UserDictionaryFolder() + "/de_DE.sfd",
                                {"Haus"}, "de-DE"));
    auto w = NewWindow();
    QVERIFY(MenuAction(w->dictionaryMenu(),
                       QString::fromUtf8("German (Germany) \u2014 convert")) ==
            nullptr);
  }

  void aBrokenHunspellDictionaryIsReported() {
    Write(system_ + "/de_DE.aff", "SET NO-SUCH-ENCODING\n");
    auto w = NewWindow();
    const QString before = w->spellService()->dictionaryPath();
    QAction* convert = MenuAction(
        w->dictionaryMenu(), QString::fromUtf8("German (Germany) \u2014 convert"));
    QVERIFY(convert != nullptr);
    QString text;
    auto answered = AnswerNextMessageBox("OK", 30000, &text);
    convert->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(*answered, 30000);
    QVERIFY2(text.contains("de_DE.dic") || text.contains("de_DE.aff"),
             qPrintable(text));
    QCOMPARE(w->spellService()->dictionaryPath(), before);
  }

  void userWordsFollowTheLanguageNotTheFile() {
    QDir().mkpath(UserDictionaryFolder());
    const QString first = UserDictionaryFolder() + "/first.sfd";
    const QString second = UserDictionaryFolder() + "/second.sfd";
    QVERIFY(BuildTestDictionary(first, {"the"}, "en-US"));
    QVERIFY(BuildTestDictionary(second, {"the"}, "en_US"));
    const QString german = UserDictionaryFolder() + "/german.sfd";
    QVERIFY(BuildTestDictionary(german, {"the"}, "de-DE"));
    auto w = NewWindow();
    QVERIFY(w->useDictionary(first));
    w->editor()->setPlainText("the zork");
    QVERIFY(WaitForChecking(w->editor()));
    QCOMPARE(UnderlinedWords(w->editor()), QStringList({"zork@4"}));
    QString error;
    QVERIFY2(w->spellService()->addWord("zork", &error), qPrintable(error));
    QCOMPARE(QFileInfo(w->spellService()->userWordsPath()).fileName(),
             QString("en_US.words"));
    QCOMPARE(UnderlinedWords(w->editor()), QStringList());

    // Another English (US) dictionary: the word is still the user's.
    QVERIFY(w->useDictionary(second));
    QVERIFY(WaitForChecking(w->editor()));
    QCOMPARE(UnderlinedWords(w->editor()), QStringList());
    // Another language has its own list.
    QVERIFY(w->useDictionary(german));
    QVERIFY(WaitForChecking(w->editor()));
    QCOMPARE(UnderlinedWords(w->editor()), QStringList({"zork@4"}));
  }

  void wordsInAnUncoveredScriptAreCountedAsUnchecked() {
    auto w = NewWindow();
    QVERIFY(w->spellService()->hasDictionary());
    // Latin test dictionary; Cyrillic words are neither accepted nor
    // flagged, so the status bar counts them.
    w->editor()->setPlainText(QString::fromUtf8(
        "the zzz привет мир"));
    QVERIFY(WaitForChecking(w->editor()));
    QCOMPARE(UnderlinedWords(w->editor()), QStringList({"zzz@4"}));
    auto* label = w->findChild<QLabel*>("uncheckedCount");
    QVERIFY(label != nullptr);
    QTRY_COMPARE(label->text(), QString("2 unchecked"));
    QVERIFY(label->isVisible());
    QVERIFY(label->toolTip().contains("not checked"));
    w->editor()->setPlainText("the zzz");
    QTRY_VERIFY(!label->isVisible());
  }

 private:
  QString system_;
};

}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::DictionaryLanguagesTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "dictionary_languages_test.moc"
