// Crash recovery. While the document has unsaved changes its text is
// copied every few seconds to a recovery file; saving, discarding or a
// clean exit removes it, so a file that survives is the mark of a crash.
//
// Layout, in ${XDG_DATA_HOME:-~/.local/share}/spellfilter/recovery/:
//   ID.txt   the text, UTF-8 (written atomically with QSaveFile)
//   ID.json  {"path": the document's file, canonical, or "", "saved": ISO time,
//             "bom": bool, "crlf": bool, "encoding": ICU's name}
//   ID.lock  a QLockFile held by the running editor
// ID is the writer's process id and a random suffix. An orphan is a
// recovery file whose lock is free: its editor has gone (QLockFile tells a
// dead owner from a live one by its process id), so another running
// editor's files are never offered. Snapshots are encoded and written on a
// worker thread; only copying the text out of the document happens on the
// UI thread.
#ifndef SPELLFILTER_APP_EDITOR_RECOVERY_STORE_H_
#define SPELLFILTER_APP_EDITOR_RECOVERY_STORE_H_

#include <QDateTime>
#include <QElapsedTimer>
#include <QFuture>
#include <QHash>
#include <QList>
#include <QLockFile>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <memory>

#include "app/editor/text_file.h"

class QTextDocument;

namespace spellfilter::editor {

class RecoveryStore : public QObject {
  Q_OBJECT

 public:
  static constexpr int kDefaultIntervalMs = 5000;
  // A snapshot copies the whole text on the UI thread (QTextDocument is
  // not thread-safe): 10-20 ms for 5 MB. It waits while the user types
  // (an edit less than kTypingPauseMs ago), so it does not land between
  // keystrokes, but never longer than kMaxDelayMs after the first change
  // it would save.
  static constexpr int kTypingPauseMs = 700;
  static constexpr int kMaxDelayMs = 30000;

  struct Orphan {
    QString id;
    QString document_path;  // empty for an untitled document
    QDateTime saved;
    TextFormat format;
  };

  static QString DefaultFolder();
  // `path` absolute, symlinks and ".." resolved; for a file not created
  // yet, its folder's canonical path and its name.
  static QString CanonicalPath(const QString& path);

  explicit RecoveryStore(const QString& folder = DefaultFolder(),
                         QObject* parent = nullptr);
  // A clean exit: waits for a pending write and removes this session's files.
  ~RecoveryStore() override;
  Q_DISABLE_COPY_MOVE(RecoveryStore)

  // Snapshots `document` every `interval_ms` while it is modified and has
  // changed since the last snapshot (waiting for a pause in typing, see
  // kTypingPauseMs); removes the files once it is no longer modified.
  void watch(QTextDocument* document, int interval_ms = kDefaultIntervalMs);
  // What a restore should reopen: the file (stored as CanonicalPath) and
  // its format.
  void setDocument(const QString& path, const TextFormat& format);
  // Takes a snapshot now if one is due; waits for it to be written.
  // False if writing failed (errorString() says why).
  bool snapshotNow();
  // The document was saved or discarded: remove the files.
  void clear();
  [[nodiscard]] QString errorString() const { return error_; }
  [[nodiscard]] QString textFile() const;

  // Recovery files of editors that are gone, newest first. They stay
  // claimed by this store (no other editor offers them) until restore() or
  // discard(), or until the store is destroyed.
  QList<Orphan> findOrphans();
  bool restore(const Orphan& orphan, QString* text, QString* error);
  void discard(const Orphan& orphan);

 private:
  // Snapshots if due; unless `now`, not while the user types.
  void tick(bool now = false);
  void removeFiles(const QString& id);
  // Makes the folder and takes this session's lock, once.
  void lock();
  QString file(const QString& id, const char* suffix) const;

  QString folder_;
  QString id_;
  std::unique_ptr<QLockFile> lock_;
  QHash<QString, std::shared_ptr<QLockFile>> claimed_;
  QPointer<QTextDocument> document_;
  QTimer timer_;
  bool dirty_ = false;
  QElapsedTimer last_edit_;    // since the last change of the text
  QElapsedTimer dirty_since_;  // since the first change not yet saved
  bool has_files_ = false;
  QString path_;
  TextFormat format_;
  QFuture<QString> write_;  // the pending write; its result is the error
  QString error_;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_RECOVERY_STORE_H_
