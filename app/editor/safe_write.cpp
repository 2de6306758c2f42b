#include "app/editor/safe_write.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <cerrno>
#include <cstring>

namespace spellfilter::editor {
namespace {

QString Tr(const char* text) {
  return QCoreApplication::translate("spellfilter::editor::SafeWrite", text);
}

QString SystemMessage(int error_number) {
  return QString::fromLocal8Bit(std::strerror(error_number));
}

// Writes all of `bytes` to `fd`; 0 or the errno of the failure.
int WriteAll(int fd, const QByteArray& bytes) {
  const char* data = bytes.constData();
  qsizetype left = bytes.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, data, static_cast<size_t>(left));
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += n;
    left -= n;
  }
  return ::fsync(fd) == 0 ? 0 : errno;
}

// The file's mode for a new file: 0666 less the umask.
mode_t NewFileMode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

// Writes `bytes` over `path` itself, after a backup copy of it. 0 or the
// errno; *backup names the copy.
int WriteInPlace(const QString& path, const QByteArray& bytes, QString* backup,
                 QString* error) {
  QFile original(path);
  if (!original.open(QIODevice::ReadOnly)) {
    *error = original.errorString();
    return -1;
  }
  const QByteArray old = original.readAll();
  original.close();
  QDir().mkpath(BackupFolder());
  *backup = BackupFolder() + QLatin1Char('/') + QFileInfo(path).fileName() +
            QLatin1Char('~');
  // The backup itself goes through WriteFileSafely's usual way.
  QString backup_error;
  if (!WriteFileSafely(*backup, old, &backup_error)) {
    *error = Tr("no backup could be made in %1 (%2), so the file was left "
                "as it was")
                 .arg(BackupFolder(), backup_error);
    return -1;
  }
  const int fd = ::open(QFile::encodeName(path).constData(),
                        O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) {
    *error = SystemMessage(errno);
    return -1;
  }
  int failed = WriteAll(fd, bytes);
  if (failed != 0) {
    // Put the old bytes back (the space they took is free again).
    if (::ftruncate(fd, 0) == 0 && ::lseek(fd, 0, SEEK_SET) == 0 &&
        WriteAll(fd, old) == 0) {
      *error = Tr("%1; the file was restored as it was (a copy is in %2)")
                   .arg(SystemMessage(failed), *backup);
    } else {
      *error = Tr("%1; the file may be damaged: its previous version is in "
                  "%2")
                   .arg(SystemMessage(failed), *backup);
    }
  }
  if (::close(fd) != 0 && failed == 0) {
    failed = errno;
    *error = SystemMessage(failed);
  }
  return failed;
}

}  // namespace

QString BackupFolder() {
  return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
         QStringLiteral("/spellfilter/backup");
}

bool WriteFileSafely(const QString& path, const QByteArray& bytes,
                     QString* error, QString* note) {
  if (note != nullptr) note->clear();
  const QFileInfo info(path);
  // Through a symbolic link to the file it names.
  const QString target =
      info.exists() ? info.canonicalFilePath() : info.absoluteFilePath();
  const QFileInfo target_info(target);
  // Renaming over a read-only file would succeed: it is not ours to
  // replace (root may, as with any other file).
  if (target_info.exists() &&
      ::access(QFile::encodeName(target).constData(), W_OK) != 0) {
    *error = SystemMessage(errno);
    return false;
  }
  QByteArray temp_name =
      QFile::encodeName(target_info.absolutePath() + QStringLiteral("/.") +
                        target_info.fileName() + QStringLiteral(".XXXXXX"));
  const int fd = ::mkstemp(temp_name.data());
  if (fd < 0) {
    const int failed = errno;
    if ((failed == EACCES || failed == EPERM) && target_info.exists() &&
        ::access(QFile::encodeName(target).constData(), W_OK) == 0) {
      QString backup;
      if (WriteInPlace(target, bytes, &backup, error) != 0) return false;
      if (note != nullptr) {
        *note = Tr("Saved in place: the folder does not allow new files. "
                   "The previous version is in %1.")
                    .arg(QDir::toNativeSeparators(backup));
      }
      return true;
    }
    *error = SystemMessage(failed);
    return false;
  }
  auto discard = [&](int failed) {
    ::close(fd);
    ::unlink(temp_name.constData());
    *error = SystemMessage(failed);
    return false;
  };
  struct stat old_stat {};
  if (target_info.exists() &&
      ::stat(QFile::encodeName(target).constData(), &old_stat) == 0) {
    if (::fchmod(fd, old_stat.st_mode & 07777) != 0) return discard(errno);
    // Another owner's file keeps its owner where we may (as root).
    if (old_stat.st_uid != ::geteuid() || old_stat.st_gid != ::getegid()) {
      [[maybe_unused]] const int ignored =
          ::fchown(fd, old_stat.st_uid, old_stat.st_gid);
    }
  } else if (::fchmod(fd, NewFileMode()) != 0) {
    return discard(errno);
  }
  if (const int failed = WriteAll(fd, bytes); failed != 0) {
    return discard(failed);
  }
  if (::close(fd) != 0) {
    const int failed = errno;
    ::unlink(temp_name.constData());
    *error = SystemMessage(failed);
    return false;
  }
  if (::rename(temp_name.constData(), QFile::encodeName(target).constData()) !=
      0) {
    const int failed = errno;
    ::unlink(temp_name.constData());
    *error = SystemMessage(failed);
    return false;
  }
  return true;
}

}  // namespace spellfilter::editor
