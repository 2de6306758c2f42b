#include "app/editor/recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace spellfilter::editor {
namespace {

const QString kKey = QStringLiteral("recentFiles");

}  // namespace

RecentFilesMenu::RecentFilesMenu(QWidget* parent)
    : QMenu(tr("Open &Recent"), parent) {
  connect(this, &QMenu::aboutToShow, this, &RecentFilesMenu::rebuild);
  rebuild();
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
  list.removeIf([](const QString& f) { return !QFileInfo::exists(f); });
  Store(list);
  for (int i = 0; i < list.size(); ++i) {
    const QString& path = list[i];
    QString name = QFileInfo(path).fileName();
    name.replace(u'&', QStringLiteral("&&"));
    QAction* a =
        addAction(i < 9 ? QStringLiteral("&%1 %2").arg(i + 1).arg(name) : name);
    a->setStatusTip(QDir::toNativeSeparators(path));
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
