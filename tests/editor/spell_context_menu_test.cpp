// The spelling context menu through a real SpellTextEdit: suggestions and
// replacing as one undo step, Add to Dictionary (persisted, every
// occurrence unflagged at once), Ignore All (this session only), Remove
// from Dictionary, and a real right-click opening the menu.
#include "app/editor/spell_context_menu.h"

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QFile>
#include <QMenu>
#include <QTest>
#include <QTimer>
#include <memory>

#include "app/editor/spell_service.h"
#include "app/editor/spell_text_edit.h"
#include "editor_test_support.h"

namespace spellfilter::editor {
namespace {

QList<QAction*> Named(const QMenu& menu, const QString& name) {
  QList<QAction*> found;
  for (QAction* a : menu.actions()) {
    if (a->objectName() == name) found.append(a);
  }
  return found;
}

QStringList Texts(const QList<QAction*>& actions) {
  QStringList texts;
  for (const QAction* a : actions) texts.append(a->text());
  return texts;
}

}  // namespace

class SpellContextMenuTest : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    Environment().reset();  // no user words, no settings
    service_ = std::make_unique<SpellService>();
    QString error;
    QVERIFY2(service_->openDictionary(Environment().dictionary(), &error),
             qPrintable(error));
    edit_ = newEdit(service_.get());
  }
  void cleanup() {
    edit_.reset();
    service_.reset();
  }

  void misspelledWordMenu() {
    edit_->setPlainText("Ths is a tset of the editor");
    std::unique_ptr<QMenu> menu = menuAt(10);
    const QStringList suggestions = Texts(Named(*menu, "suggestion"));
    QVERIFY2(suggestions.contains("test"), qPrintable(suggestions.join(',')));
    QVERIFY(suggestions.size() <= kMaxMenuSuggestions);
    QCOMPARE(Named(*menu, "addToDictionary").size(), 1);
    QVERIFY(Named(*menu, "addToDictionary")[0]->isEnabled());
    QCOMPARE(Named(*menu, "addToDictionary")[0]->text(),
             QString::fromUtf8("&Add \u201Ctset\u201D to Dictionary"));
    QCOMPARE(Named(*menu, "ignoreAll").size(), 1);
    QVERIFY(Named(*menu, "removeFromDictionary").isEmpty());
    // The spelling actions come first, then Qt's own (Undo, Copy, ...).
    QCOMPARE(menu->actions().first()->objectName(), QString("suggestion"));
    QVERIFY(menu->actions().size() > suggestions.size() + 4);
  }

  void correctWordHasNoSpellingActions() {
    edit_->setPlainText("Ths is a tset of the editor");
    std::unique_ptr<QMenu> menu = menuAt(22);  // "editor"
    QVERIFY(Named(*menu, "suggestion").isEmpty());
    QVERIFY(Named(*menu, "addToDictionary").isEmpty());
    QVERIFY(Named(*menu, "ignoreAll").isEmpty());
  }

  void atMostEightSuggestions() {
    // Many words one letter away from "zat".
    const QString path = Environment().root() + "/rhymes.sfd";
    QVERIFY(BuildTestDictionary(
        path, QString("bat cat eat fat gat hat lat mat nat oat pat rat sat "
                      "tat vat wat the")
                  .split(u' ')));
    QString error;
    QVERIFY2(service_->openDictionary(path, &error), qPrintable(error));
    edit_->setPlainText("the zat");
    std::unique_ptr<QMenu> menu = menuAt(5);
    QCOMPARE(Named(*menu, "suggestion").size(), kMaxMenuSuggestions);
    QVERIFY(service_->suggestions("zat", 20).size() > kMaxMenuSuggestions);
  }

  void suggestionReplacesAsOneUndoStep() {
    edit_->setPlainText("Ths is a tset of the editor");
    QTextDocument* doc = edit_->document();
    QVERIFY(!doc->isUndoAvailable());
    std::unique_ptr<QMenu> menu = menuAt(11);
    QAction* test = nullptr;
    for (QAction* a : Named(*menu, "suggestion")) {
      if (a->text() == "test") test = a;
    }
    QVERIFY(test != nullptr);
    test->trigger();
    QCOMPARE(edit_->toPlainText(), QString("Ths is a test of the editor"));
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList({"Ths@0"}));
    edit_->undo();  // once
    QCOMPARE(edit_->toPlainText(), QString("Ths is a tset of the editor"));
    QVERIFY(!doc->isUndoAvailable());  // setPlainText left no other step
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList({"Ths@0", "tset@9"}));
    edit_->redo();
    QCOMPARE(edit_->toPlainText(), QString("Ths is a test of the editor"));
  }

  void addToDictionaryUnflagsEveryOccurrenceAndPersists() {
    edit_->setPlainText("zork here\nand zork there\n\nZORK and zork");
    QCOMPARE(UnderlinedWords(edit_.get()).size(), 4);
    std::unique_ptr<QMenu> menu = menuAt(1);
    Named(*menu, "addToDictionary")[0]->trigger();
    // At once: no event loop turn in between.
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList());
    QFile list(service_->userWordsPath());
    QVERIFY(list.open(QIODevice::ReadOnly));
    QCOMPARE(list.readAll(), QByteArray("zork\n"));

    // A restart: new service, new editor, same files.
    menu.reset();  // the editor owns it
    edit_.reset();
    service_ = std::make_unique<SpellService>();
    QString error;
    QVERIFY(service_->openDictionary(Environment().dictionary(), &error));
    edit_ = newEdit(service_.get());
    edit_->setPlainText("zork and Zork and ZORK, but zorks");
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList({"zorks@28"}));
  }

  void removeFromDictionary() {
    QString error;
    QVERIFY(service_->addWord("zork", &error));
    edit_->setPlainText("Zork and zork");
    QVERIFY(WaitForChecking(edit_.get()));
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList());
    std::unique_ptr<QMenu> menu = menuAt(2);  // "Zork" is accepted as "zork"
    const QList<QAction*> remove = Named(*menu, "removeFromDictionary");
    QCOMPARE(remove.size(), 1);
    QCOMPARE(remove[0]->text(),
             QString::fromUtf8("&Remove \u201Czork\u201D from Dictionary"));
    QVERIFY(Named(*menu, "addToDictionary").isEmpty());
    remove[0]->trigger();
    QVERIFY(WaitForChecking(edit_.get()));
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList({"Zork@0", "zork@9"}));
    QVERIFY(!service_->isUserWord("zork"));
    // A word of the base dictionary offers no Remove.
    menu = menuAt(6);
    QVERIFY(Named(*menu, "removeFromDictionary").isEmpty());
  }

  // `spellfilter add` in another process: the editor notices the changed
  // list (it polls every SpellService::kUserWordsPollMs) and rechecks.
  void userWordsChangedElsewhereAreNoticed() {
    edit_->setPlainText("the zork and the blorp");
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList({"zork@4", "blorp@17"}));
    SpellService elsewhere;
    QString error;
    QVERIFY(elsewhere.openDictionary(Environment().dictionary(), &error));
    QVERIFY2(elsewhere.addWord("zork", &error), qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(UnderlinedWords(edit_.get()),
                              QStringList({"blorp@17"}),
                              3 * SpellService::kUserWordsPollMs);
    QVERIFY(elsewhere.removeWord("zork", &error));
    QTRY_COMPARE_WITH_TIMEOUT(UnderlinedWords(edit_.get()),
                              QStringList({"zork@4", "blorp@17"}),
                              3 * SpellService::kUserWordsPollMs);
  }

  void ignoreAllIsForThisSessionOnly() {
    edit_->setPlainText("tset one\ntwo tset");
    std::unique_ptr<QMenu> menu = menuAt(0);
    Named(*menu, "ignoreAll")[0]->trigger();
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList());

    auto other_service = std::make_unique<SpellService>();
    QString error;
    QVERIFY(other_service->openDictionary(Environment().dictionary(), &error));
    auto other = newEdit(other_service.get());
    other->setPlainText("tset one\ntwo tset");
    QCOMPARE(UnderlinedWords(other.get()), QStringList({"tset@0", "tset@13"}));
  }

  // A real right-click: the event opens the menu (QMenu::exec), and the
  // action is chosen from the popup as a user would.
  void rightClickOpensMenu() {
    edit_->setPlainText("the wrods of the wrods");
    QTextCursor c(edit_->document());
    c.setPosition(6);
    const QPoint pos = edit_->cursorRect(c).center();
    bool seen = false;
    QTimer::singleShot(100, this, [&] {
      auto* popup = qobject_cast<QMenu*>(QApplication::activePopupWidget());
      QVERIFY(popup != nullptr);
      seen = true;
      Named(*popup, "ignoreAll").value(0)->trigger();
      popup->close();
    });
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos,
                            edit_->viewport()->mapToGlobal(pos));
    QApplication::sendEvent(edit_->viewport(), &event);
    QVERIFY(seen);
    QCOMPARE(UnderlinedWords(edit_.get()), QStringList());
    QVERIFY(service_->isIgnored("wrods"));
  }

  void noDictionaryNoSpellingActions() {
    service_->closeDictionary();
    edit_->setPlainText("tset");
    std::unique_ptr<QMenu> menu = menuAt(1);
    QVERIFY(Named(*menu, "addToDictionary").isEmpty());
    QVERIFY(!menu->actions().isEmpty());  // Qt's own actions remain
  }

 private:
  static std::unique_ptr<SpellTextEdit> newEdit(SpellService* service) {
    auto edit = std::make_unique<SpellTextEdit>(service);
    edit->resize(600, 300);
    edit->show();
    if (!QTest::qWaitForWindowExposed(edit.get())) qFatal("not exposed");
    return edit;
  }

  // The context menu as a right-click at document position `position`
  // builds it.
  std::unique_ptr<QMenu> menuAt(int position) {
    QTextCursor c(edit_->document());
    c.setPosition(position);
    const QPoint pos = edit_->cursorRect(c).center();
    std::unique_ptr<QMenu> menu(edit_->createStandardContextMenu(pos));
    AddSpellingActions(edit_.get(), menu.get(),
                       edit_->cursorForPosition(pos).position());
    return menu;
  }

  std::unique_ptr<SpellService> service_;
  std::unique_ptr<SpellTextEdit> edit_;
};

}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::SpellContextMenuTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "spell_context_menu_test.moc"
