#include "core/user/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

#include "core/util/file_io.h"

namespace spellfilter {

StatusOr<FileLock> FileLock::Acquire(const std::string& path, Mode mode) {
  return Lock(path, mode, /*wait=*/true);
}

StatusOr<FileLock> FileLock::TryAcquire(const std::string& path, Mode mode) {
  return Lock(path, mode, /*wait=*/false);
}

StatusOr<FileLock> FileLock::AcquireDirectory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return ErrnoStatus(dir, errno);
  int rc;
  do {
    rc = ::flock(fd, LOCK_EX);
  } while (rc != 0 && errno == EINTR);
  if (rc != 0) {
    const int err = errno;
    ::close(fd);
    return ErrnoStatus(dir, err);
  }
  FileLock lock;
  lock.fd_ = fd;
  return lock;
}

StatusOr<FileLock> FileLock::Lock(const std::string& path, Mode mode,
                                  bool wait) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) return ErrnoStatus(path, errno);
  const int op =
      (mode == Mode::kShared ? LOCK_SH : LOCK_EX) | (wait ? 0 : LOCK_NB);
  int rc;
  do {
    rc = ::flock(fd, op);
  } while (rc != 0 && errno == EINTR);
  if (rc != 0) {
    const int err = errno;
    ::close(fd);
    if (!wait && err == EWOULDBLOCK) return FileLock();
    return ErrnoStatus(path, err);
  }
  FileLock lock;
  lock.fd_ = fd;
  return lock;
}

FileLock::FileLock(FileLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)) {}

FileLock& FileLock::operator=(FileLock&& other) noexcept {
  if (this != &other) {
    Release();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

FileLock::~FileLock() { Release(); }

void FileLock::Release() {
  if (fd_ >= 0) {
    ::close(fd_);  // closing the last descriptor releases the flock
    fd_ = -1;
  }
}

}  // namespace spellfilter
