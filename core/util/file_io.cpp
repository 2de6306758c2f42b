#include "core/util/file_io.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>
#include <vector>

namespace spellfilter {

Status ErrnoStatus(const std::string& path, int err) {
  std::string msg = path + ": " + std::strerror(err);
  if (err == ENOENT) return Status::NotFound(std::move(msg));
  return Status::IOError(std::move(msg));
}

StatusOr<int> OpenRegularFile(const std::string& path) {
  // O_NONBLOCK: open(2) of a FIFO would otherwise wait for a writer.
  const int fd =
      ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return ErrnoStatus(path, errno);
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    return ErrnoStatus(path, err);
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return Status::InvalidArgument(path + ": not a regular file");
  }
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) (void)::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return fd;
}

StatusOr<std::string> ReadRegularFile(const std::string& path) {
  StatusOr<int> fd = OpenRegularFile(path);
  if (!fd.ok()) return fd.status();
  std::string out;
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(*fd, buf, sizeof(buf));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(*fd);
      return ErrnoStatus(path, err);
    }
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(*fd);
  return out;
}

StatusOr<MappedFile> MappedFile::Open(const std::string& path, bool populate) {
  return OpenPrefix(path, populate, 0, nullptr);
}

StatusOr<MappedFile> MappedFile::OpenPrefix(const std::string& path,
                                            bool populate, size_t head_bytes,
                                            const PrefixChooser& choose) {
  // A FIFO or device is refused before anything waits on it.
  StatusOr<int> opened = OpenRegularFile(path);
  if (!opened.ok()) return opened.status();
  const int fd = *opened;
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    return ErrnoStatus(path, err);
  }
  MappedFile file;
  file.file_size_ = static_cast<uint64_t>(st.st_size);
  uint64_t length = file.file_size_;
  if (choose && length > 0) {
    std::vector<std::byte> head(std::min<uint64_t>(head_bytes, length));
    size_t got = 0;
    while (got < head.size()) {
      const ssize_t n = ::pread(fd, head.data() + got, head.size() - got,
                                static_cast<off_t>(got));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        const int err = errno;
        ::close(fd);
        return ErrnoStatus(path, err);
      }
      if (n == 0) break;  // shrunk meanwhile: the decoder will say so
      got += static_cast<size_t>(n);
    }
    head.resize(got);
    length = std::min(length, choose(head, file.file_size_));
  }
  if (length > 0) {
    void* p = ::mmap(nullptr, length, PROT_READ,
                     MAP_PRIVATE | (populate ? MAP_POPULATE : 0), fd, 0);
    if (p == MAP_FAILED) {
      const int err = errno;
      ::close(fd);
      return ErrnoStatus(path, err);
    }
    file.data_ = static_cast<const std::byte*>(p);
    file.size_ = length;
  }
  ::close(fd);
  return file;
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      file_size_(std::exchange(other.file_size_, 0)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    this->~MappedFile();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    file_size_ = std::exchange(other.file_size_, 0);
  }
  return *this;
}

MappedFile::~MappedFile() {
  if (data_ != nullptr) {
    ::munmap(const_cast<std::byte*>(data_), size_);
  }
}

namespace {

std::string DirectoryOf(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

bool WriteAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(n);
  }
  return true;
}

}  // namespace

StatusOr<std::string> ResolveWriteTarget(const std::string& path) {
  std::string target = path;
  // Follow the chain of links by hand: the last one may name a file that
  // does not exist yet (realpath(3) fails on it), which is then created.
  for (int hops = 0;; ++hops) {
    struct stat st;
    if (::lstat(target.c_str(), &st) != 0) {
      if (errno == ENOENT) return target;
      return ErrnoStatus(path, errno);
    }
    if (S_ISREG(st.st_mode)) return target;
    if (!S_ISLNK(st.st_mode)) {
      return Status::InvalidArgument(
          path + ": exists and is not a regular file (not replaced)");
    }
    if (hops >= 40) return ErrnoStatus(path, ELOOP);
    std::string link(4096, '\0');
    const ssize_t n = ::readlink(target.c_str(), link.data(), link.size());
    if (n < 0) return ErrnoStatus(path, errno);
    link.resize(static_cast<size_t>(n));
    if (link.empty() || link.front() != '/') {
      const std::string dir = DirectoryOf(target);
      link = (dir == "/" ? "/" : dir + "/") + link;
    }
    target = std::move(link);
  }
}

Status WriteFileAtomically(const std::string& path, std::string_view data) {
  StatusOr<std::string> resolved = ResolveWriteTarget(path);
  if (!resolved.ok()) return resolved.status();
  const std::string& target = *resolved;
  struct stat old;
  const bool existed = ::stat(target.c_str(), &old) == 0;
  std::string tmp = target + ".tmp.XXXXXX";
  const int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
  if (fd < 0) return ErrnoStatus(path, errno);
  // mkostemp creates 0600: a new file gets the ordinary mode (0666 less the
  // umask), a replaced one keeps its mode, and its owner and group where
  // this process may give them (root may; others keep what they can).
  mode_t mode;
  if (existed) {
    mode = old.st_mode & 07777;
    if (::fchown(fd, old.st_uid, old.st_gid) != 0) {
      (void)::fchown(fd, static_cast<uid_t>(-1), old.st_gid);
    }
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  if (!WriteAll(fd, data) || ::fchmod(fd, mode) != 0 || ::fsync(fd) != 0) {
    const int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    return ErrnoStatus(path, err);
  }
  if (::close(fd) != 0 || ::rename(tmp.c_str(), target.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return ErrnoStatus(path, err);
  }
  const std::string dir = DirectoryOf(target);
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return Status::Ok();
}

}  // namespace spellfilter
