// Helper for main_window_test's crash recovery test: an editor session
// that snapshots unsaved text through RecoveryStore and is then killed
// (SIGKILL: no destructor, no cleanup), leaving what a crash leaves.
//   recovery_crash_helper TEXT DOCUMENT_PATH
#include <signal.h>
#include <unistd.h>

#include <QApplication>
#include <QTextDocument>

#include "app/editor/recovery_store.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  if (argc != 3) return 2;
  QTextDocument document;
  spellfilter::editor::RecoveryStore store;
  store.watch(&document, 60000);
  document.setPlainText(QString::fromUtf8(argv[1]));
  document.setModified(true);
  store.setDocument(QString::fromUtf8(argv[2]), {});
  if (!store.snapshotNow()) return 3;
  ::kill(::getpid(), SIGKILL);
  return 4;
}
