#include "app/editor/recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace spellfilter::editor {
namespace {

const QString kKey = QStringLiteral("recentFiles");

// `folder` with the home folder shown as "~".
QString ShortFolder(const QString& folder) {
  const QString home = QDir::homePath();
  QString shown = folder;
  if (folder == home || folder.startsWith(home + u'/')) {
    shown = u'~' + folder.mid(home.size());
  }
  return QDir::toNativeSeparators(shown);
}

}  // namespace

RecentFilesMenu::RecentFilesMenu(QWidget* parent)
    : QMenu(tr("Open &Recent"), parent) {
  setToolTipsVisible(true);  // the full path
  connect(this, &QMenu::aboutToShow, this, &RecentFilesMenu::rebuild);
  // Built when it first opens: checking that each file still exists (and
  // writing the settings) has no place before the window's first paint.
  // Greyed out at once when there is nothing to list (a settings read).
  setEnabled(!files().isEmpty());
}

QStringList RecentFilesMenu::files() const {
  return QSettings().value(kKey).toStringList();
}

void RecentFilesMenu::Store(const QStringList& files) {
  QSettings().setValue(kKey, files.mid(0, kMaxRecentFiles));
}

void RecentFilesMenu::add(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList list = files();
  list.removeAll(absolute);
  list.prepend(absolute);
  Store(list);
  rebuild();
}

void RecentFilesMenu::rebuild() {
  clear();
  QStringList list = files();
  if (list.removeIf([](const QString& f) { return !QFileInfo::exists(f); }) >
      0) {
    Store(list);
  }
  for (int i = 0; i < list.size(); ++i) {
    const QString& path = list[i];
    // The folder beside the name: two notes.txt must be told apart.
    QString name = tr("%1 \u2014 %2")
                       .arg(QFileInfo(path).fileName(),
                            ShortFolder(QFileInfo(path).absolutePath()));
    name.replace(u'&', QStringLiteral("&&"));
    QAction* a =
        addAction(i < 9 ? QStringLiteral("&%1 %2").arg(i + 1).arg(name) : name);
    a->setStatusTip(QDir::toNativeSeparators(path));
    a->setToolTip(QDir::toNativeSeparators(path));
    connect(a, &QAction::triggered, this,
            [this, path] { emit fileChosen(path); });
  }
  setEnabled(!list.isEmpty());
  if (list.isEmpty()) return;
  addSeparator();
  connect(addAction(tr("&Clear List")), &QAction::triggered, this, [this] {
    Store({});
    rebuild();
  });
}

}  // namespace spellfilter::editor
