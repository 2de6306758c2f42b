// Notices when the file being edited changes on disk behind the editor's
// back (another program wrote, replaced, deleted or moved it).
//
// The monitor keeps a stamp of the file as the editor last read or wrote
// it: size, modification time and a SHA-1 of the bytes. A
// QFileSystemWatcher on the file and on its folder (a file replaced by
// rename, or created again, is only seen there) triggers a comparison;
// since a watcher can miss events (network file systems, a full inotify
// table), callers also compare before saving with check(). A changed size
// or time alone is not a change: the bytes are hashed, so `touch` or a
// rewrite of the same text is not reported.
#ifndef SPELLFILTER_APP_EDITOR_DISK_FILE_MONITOR_H_
#define SPELLFILTER_APP_EDITOR_DISK_FILE_MONITOR_H_

#include <QByteArray>
#include <QDateTime>
#include <QFileSystemWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

namespace spellfilter::editor {

class DiskFileMonitor : public QObject {
  Q_OBJECT

 public:
  enum class State { kUnchanged, kChanged, kMissing };

  explicit DiskFileMonitor(QObject* parent = nullptr);
  Q_DISABLE_COPY_MOVE(DiskFileMonitor)

  // Watches `path`; its content on disk now is what the editor has (call
  // right after reading or writing it). An empty path watches nothing.
  void setFile(const QString& path);
  [[nodiscard]] const QString& file() const { return path_; }

  // Compares the file on disk with the stamp now. `thorough` hashes the
  // bytes even when size and time are unchanged (a rewrite within the
  // file system's time resolution keeps both).
  State check(bool thorough);
  // The user has seen the change and keeps their text: the file as it is
  // on disk now becomes the reference, and is not reported again.
  void acknowledge();

 signals:
  // The file's bytes differ from the stamp; emitted once per change.
  void changedOnDisk();
  // The file is gone (deleted, or moved away); emitted once.
  void removedFromDisk();

 private:
  struct Stamp {
    bool exists = false;
    qint64 size = -1;
    QDateTime modified;
    QByteArray hash;
  };
  static Stamp Take(const QString& path, bool hash);
  void rewatch();
  void onEvent();

  QFileSystemWatcher watcher_;
  QTimer settle_;  // coalesces a burst of events (truncate, then write)
  QString path_;
  Stamp stamp_;
  State reported_ = State::kUnchanged;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_DISK_FILE_MONITOR_H_
