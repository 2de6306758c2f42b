// An advisory, whole-file lock (flock(2)) on a lock file that is created if
// missing and never deleted: deleting a lock file would let two processes
// lock two different inodes under the same name. The lock is released when
// the FileLock is destroyed (or the process dies, however it dies).
//
// flock locks are per open file description: two FileLocks on the same path
// in one process exclude each other like two processes do. They do not work
// across NFS on every system; the user word list is meant for a local
// configuration directory.
#ifndef SPELLFILTER_CORE_USER_FILE_LOCK_H_
#define SPELLFILTER_CORE_USER_FILE_LOCK_H_

#include <string>

#include "core/util/status.h"

namespace spellfilter {

class FileLock {
 public:
  enum class Mode { kShared, kExclusive };

  // Opens (creating, mode 0666 & ~umask) `path` and waits for the lock.
  static StatusOr<FileLock> Acquire(const std::string& path, Mode mode);
  // The same without waiting: a FileLock whose held() is false when another
  // process holds a conflicting lock.
  static StatusOr<FileLock> TryAcquire(const std::string& path, Mode mode);
  // An exclusive lock on the directory `dir` itself (flock on the
  // directory, which always exists and needs no lock file left beside the
  // files it guards), waiting for it.
  static StatusOr<FileLock> AcquireDirectory(const std::string& dir);

  FileLock() = default;
  FileLock(FileLock&& other) noexcept;
  FileLock& operator=(FileLock&& other) noexcept;
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock();

  bool held() const { return fd_ >= 0; }
  // Releases early; the destructor does nothing afterwards.
  void Release();

 private:
  static StatusOr<FileLock> Lock(const std::string& path, Mode mode, bool wait);
  int fd_ = -1;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_USER_FILE_LOCK_H_
