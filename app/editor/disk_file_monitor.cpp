#include "app/editor/disk_file_monitor.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>

namespace spellfilter::editor {
namespace {

constexpr int kSettleMs = 150;

}  // namespace

DiskFileMonitor::DiskFileMonitor(QObject* parent) : QObject(parent) {
  settle_.setSingleShot(true);
  settle_.setInterval(kSettleMs);
  connect(&settle_, &QTimer::timeout, this, &DiskFileMonitor::onEvent);
  connect(&watcher_, &QFileSystemWatcher::fileChanged, &settle_,
          qOverload<>(&QTimer::start));
  connect(&watcher_, &QFileSystemWatcher::directoryChanged, &settle_,
          qOverload<>(&QTimer::start));
}

DiskFileMonitor::Stamp DiskFileMonitor::Take(const QString& path, bool hash) {
  Stamp s;
  const QFileInfo info(path);
  s.exists = info.exists();
  if (!s.exists) return s;
  s.size = info.size();
  s.modified = info.lastModified();
  if (hash) {
    QFile file(path);
    if (file.open(QIODevice::ReadOnly)) {
      QCryptographicHash h(QCryptographicHash::Sha1);
      h.addData(&file);
      s.hash = h.result();
    }
  }
  return s;
}

void DiskFileMonitor::setFile(const QString& path) {
  path_ = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
  stamp_ = path_.isEmpty() ? Stamp() : Take(path_, true);
  reported_ = State::kUnchanged;
  settle_.stop();
  rewatch();
}

void DiskFileMonitor::rewatch() {
  const QStringList watched = watcher_.files() + watcher_.directories();
  if (!watched.isEmpty()) watcher_.removePaths(watched);
  if (path_.isEmpty()) return;
  const QFileInfo info(path_);
  if (info.exists()) watcher_.addPath(path_);
  if (QFileInfo::exists(info.absolutePath())) {
    watcher_.addPath(info.absolutePath());
  }
}

DiskFileMonitor::State DiskFileMonitor::check(bool thorough) {
  if (path_.isEmpty()) return State::kUnchanged;
  Stamp now = Take(path_, false);
  if (!now.exists) return stamp_.exists ? State::kMissing : State::kUnchanged;
  if (!stamp_.exists) return State::kChanged;  // created behind our back
  if (!thorough && now.size == stamp_.size && now.modified == stamp_.modified) {
    return State::kUnchanged;
  }
  now = Take(path_, true);
  if (now.hash != stamp_.hash) return State::kChanged;
  stamp_ = now;  // touched, or rewritten with the same bytes
  return State::kUnchanged;
}

void DiskFileMonitor::acknowledge() {
  if (path_.isEmpty()) return;
  stamp_ = Take(path_, true);
  reported_ = State::kUnchanged;
  rewatch();
}

void DiskFileMonitor::onEvent() {
  rewatch();  // a replaced file is a new inode; a deleted one may be back
  const State state = check(false);
  if (state == reported_) return;
  reported_ = state;
  if (state == State::kChanged) emit changedOnDisk();
  if (state == State::kMissing) emit removedFromDisk();
}

}  // namespace spellfilter::editor
