#include "app/editor/recovery_store.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTextDocument>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace spellfilter::editor {
namespace {

// Writes `bytes` to `path` atomically; returns the error or empty.
QString WriteAtomically(const QString& path, const QByteArray& bytes) {
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() ||
      !f.commit()) {
    return QStringLiteral("%1: %2").arg(path, f.errorString());
  }
  return {};
}

}  // namespace

QString RecoveryStore::DefaultFolder() {
  return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
         QStringLiteral("/spellfilter/recovery");
}

RecoveryStore::RecoveryStore(const QString& folder, QObject* parent)
    : QObject(parent), folder_(folder) {
  id_ = QStringLiteral("%1-%2")
            .arg(QCoreApplication::applicationPid())
            .arg(QRandomGenerator::global()->generate(), 8, 16, QChar(u'0'));
  // The folder and the lock that tells other editors this session's files
  // are not orphans are made before the first snapshot (tick), not here:
  // the lock file is synced to disk, which cost every new tab, and the
  // window's first paint, milliseconds to tens of milliseconds.
  connect(&timer_, &QTimer::timeout, this, [this] { tick(); });
}

RecoveryStore::~RecoveryStore() {
  write_.waitForFinished();
  if (has_files_) removeFiles(id_);
  if (lock_) lock_->unlock();
}

void RecoveryStore::lock() {
  if (lock_) return;
  QDir().mkpath(folder_);
  lock_ = std::make_unique<QLockFile>(file(id_, ".lock"));
  lock_->setStaleLockTime(0);  // stale only when its process is gone
  lock_->tryLock(0);
}

QString RecoveryStore::file(const QString& id, const char* suffix) const {
  return folder_ + u'/' + id + QLatin1String(suffix);
}

QString RecoveryStore::textFile() const { return file(id_, ".txt"); }

void RecoveryStore::watch(QTextDocument* document, int interval_ms) {
  if (document_) disconnect(document_, nullptr, this, nullptr);
  document_ = document;
  connect(document, &QTextDocument::contentsChange, this,
          [this](int, int removed, int added) {
            if (removed == 0 && added == 0) return;
            if (!dirty_) dirty_since_.start();
            dirty_ = true;
            last_edit_.start();
          });
  connect(document, &QTextDocument::modificationChanged, this,
          [this](bool modified) {
            if (!modified) clear();
          });
  timer_.start(interval_ms);
}

QString RecoveryStore::CanonicalPath(const QString& path) {
  if (path.isEmpty()) return path;
  const QFileInfo info(path);
  const QString canonical = info.canonicalFilePath();
  if (!canonical.isEmpty()) return canonical;
  // Not created yet: the canonical folder and the name.
  const QString folder = QFileInfo(info.absolutePath()).canonicalFilePath();
  return folder.isEmpty() ? info.absoluteFilePath()
                          : QDir(folder).filePath(info.fileName());
}

void RecoveryStore::setDocument(const QString& path, const TextFormat& format) {
  // Canonical and absolute: the editor that recovers the text may run in
  // another folder, and a symlink may be replaced.
  path_ = CanonicalPath(path);
  format_ = format;
  dirty_ = true;  // the metadata changed
}

void RecoveryStore::tick(bool now) {
  if (!document_ || !dirty_ || write_.isRunning()) return;
  if (!now && last_edit_.isValid() && last_edit_.elapsed() < kTypingPauseMs &&
      dirty_since_.isValid() && dirty_since_.elapsed() < kMaxDelayMs) {
    return;  // typing: the next tick
  }
  if (!document_->isModified()) {
    clear();
    return;
  }
  dirty_ = false;
  lock();  // before the files exist: they are never seen unclaimed
  has_files_ = true;
  QJsonObject meta{{QStringLiteral("path"), path_},
                   {QStringLiteral("saved"),
                    QDateTime::currentDateTime().toString(Qt::ISODate)},
                   {QStringLiteral("bom"), format_.byte_order_mark},
                   {QStringLiteral("crlf"), format_.crlf},
                   {QStringLiteral("encoding"), format_.encoding}};
  write_ = QtConcurrent::run(
      [text = DocumentText(*document_), meta = std::move(meta),
       text_path = file(id_, ".txt"), meta_path = file(id_, ".json")] {
        QString error = WriteAtomically(text_path, text.toUtf8());
        if (error.isEmpty()) {
          error = WriteAtomically(meta_path, QJsonDocument(meta).toJson());
        }
        return error;
      });
}

bool RecoveryStore::snapshotNow() {
  tick(/*now=*/true);
  write_.waitForFinished();
  error_ = write_.isValid() && write_.resultCount() > 0 ? write_.result()
                                                        : QString();
  return error_.isEmpty();
}

void RecoveryStore::clear() {
  dirty_ = document_ && document_->isModified();
  if (!has_files_) return;
  write_.waitForFinished();
  removeFiles(id_);
  has_files_ = false;
}

void RecoveryStore::removeFiles(const QString& id) {
  QFile::remove(file(id, ".txt"));
  QFile::remove(file(id, ".json"));
}

QList<RecoveryStore::Orphan> RecoveryStore::findOrphans() {
  QList<Orphan> orphans;
  const QDir dir(folder_);
  for (const QString& name :
       dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
    const QString id = name.chopped(5);
    if (id == id_) continue;
    if (!claimed_.contains(id)) {
      auto lock = std::make_shared<QLockFile>(file(id, ".lock"));
      lock->setStaleLockTime(0);
      if (!lock->tryLock(0)) continue;  // its editor is still running
      claimed_.insert(id, lock);
    }
    QFile meta_file(file(id, ".json"));
    if (!meta_file.open(QIODevice::ReadOnly) ||
        !QFile::exists(file(id, ".txt"))) {
      continue;
    }
    const QJsonObject meta =
        QJsonDocument::fromJson(meta_file.readAll()).object();
    Orphan o;
    o.id = id;
    o.document_path = meta.value(QStringLiteral("path")).toString();
    o.saved = QDateTime::fromString(
        meta.value(QStringLiteral("saved")).toString(), Qt::ISODate);
    o.format.byte_order_mark = meta.value(QStringLiteral("bom")).toBool();
    o.format.crlf = meta.value(QStringLiteral("crlf")).toBool();
    o.format.encoding = meta.value(QStringLiteral("encoding"))
                            .toString(QStringLiteral("UTF-8"));
    orphans.append(o);
  }
  std::sort(orphans.begin(), orphans.end(),
            [](const Orphan& a, const Orphan& b) { return a.saved > b.saved; });
  return orphans;
}

bool RecoveryStore::restore(const Orphan& orphan, QString* text,
                            QString* error) {
  QFile f(file(orphan.id, ".txt"));
  if (!f.open(QIODevice::ReadOnly)) {
    *error = f.errorString();
    return false;
  }
  *text = QString::fromUtf8(f.readAll());
  discard(orphan);
  return true;
}

void RecoveryStore::discard(const Orphan& orphan) {
  removeFiles(orphan.id);
  if (auto lock = claimed_.take(orphan.id)) lock->unlock();
}

}  // namespace spellfilter::editor
