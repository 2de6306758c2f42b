// Poses the editor for scripts/editor_screenshot.sh: the main window with a
// document, checked, and the context menu of one misspelled word open (a
// real QContextMenuEvent, so the menu is the one a right-click shows). When
// the menu is up it prints "READY" and waits until the file given with
// --done exists, so the script can capture the screen of the X server.
//   editor_screenshot_driver --file DOC --done FILE [--word WORD]
//                            [--size WxH] [--theme NAME] [--line-numbers]
#include <QApplication>
#include <QCommandLineParser>
#include <QContextMenuEvent>
#include <QFile>
#include <QMenu>
#include <QScreen>
#include <QSettings>
#include <QTest>
#include <QTextBlock>
#include <QTimer>
#include <cstdio>

#include "app/editor/main_window.h"
#include "app/editor/recheck_scheduler.h"
#include "app/editor/spell_text_edit.h"

using spellfilter::editor::MainWindow;

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName("spellfilter");
  QCoreApplication::setApplicationName("spellfilter-editor");
  QGuiApplication::setApplicationDisplayName("spellfilter editor");
  QCommandLineParser parser;
  parser.addOption({"file", "Document to show.", "DOC"});
  parser.addOption({"done", "Quit once this file exists.", "FILE"});
  parser.addOption({"word",
                    "The misspelling whose menu to open (default: the second).",
                    "WORD"});
  parser.addOption({"size", "Window size.", "WxH", "860x540"});
  parser.addOption(
      {"theme", "system, light or dark (as View > Theme).", "NAME"});
  parser.addOption(
      {"line-numbers", "Show line numbers (View > Line Numbers)."});
  parser.process(app);
  // Through the settings, as a user's choices reach the window.
  if (parser.isSet("theme")) {
    QSettings().setValue("theme", parser.value("theme"));
  }
  if (parser.isSet("line-numbers")) QSettings().setValue("lineNumbers", true);

  const QStringList size = parser.value("size").split(u'x');
  MainWindow window;
  window.resize(size.value(0).toInt(), size.value(1).toInt());
  window.move(0, 0);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window) ||
      !window.loadFile(parser.value("file"))) {
    return 2;
  }
  spellfilter::editor::SpellTextEdit* edit = window.editor();
  if (!QTest::qWaitFor([edit] { return edit->scheduler()->isIdle(); }, 10000)) {
    return 4;
  }

  // The word: the one asked for, or the second misspelling.
  std::optional<QTextCursor> word = edit->findMisspelling(0, true);
  if (word) word = edit->findMisspelling(word->selectionEnd(), true);
  if (parser.isSet("word")) {
    word = edit->document()->find(parser.value("word"));
    if (word->isNull()) return 3;
  }
  if (!word) return 3;
  QTextCursor at = *word;
  at.setPosition(word->selectionStart() + 2);
  edit->setTextCursor(QTextCursor(edit->document()));  // caret at the start
  QTest::qWait(300);  // the status bar's counts

  QTimer::singleShot(200, [&] {
    const QRect r = edit->cursorRect(at);
    const QPoint pos(r.center().x(), r.bottom());
    // While the menu runs its own loop: select the first suggestion as a
    // hovering mouse would, say READY, and wait for the capture.
    auto* poll = new QTimer(&app);
    QObject::connect(poll, &QTimer::timeout, [&, poll] {
      auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
      if (menu == nullptr) return;
      static bool ready = false;
      if (!ready) {
        ready = true;
        if (!menu->actions().isEmpty())
          menu->setActiveAction(menu->actions().first());
        QTimer::singleShot(300, [] {
          std::printf("READY\n");
          std::fflush(stdout);
        });
      }
      if (QFile::exists(parser.value("done"))) {
        poll->stop();
        menu->close();
        QTimer::singleShot(0, &app, &QCoreApplication::quit);
      }
    });
    poll->start(50);
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos,
                            edit->viewport()->mapToGlobal(pos));
    QApplication::sendEvent(edit->viewport(), &event);
  });
  const int result = app.exec();
  window.editor()->document()->setModified(false);
  return result;
}
