// The file operations core needs, POSIX underneath: a read-only memory map
// (dictionaries are used in place, never parsed into memory) and an atomic
// replace (temporary file in the same directory, fsync, rename, fsync of the
// directory), so a crash leaves either the old file or the new one.
#ifndef SPELLFILTER_CORE_UTIL_FILE_IO_H_
#define SPELLFILTER_CORE_UTIL_FILE_IO_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "core/util/status.h"

namespace spellfilter {

class MappedFile {
 public:
  // `populate`: read every page in at once (MAP_POPULATE), for a caller
  // that will read all of them; otherwise pages are read as touched.
  static StatusOr<MappedFile> Open(const std::string& path,
                                   bool populate = true);

  // Decides how much of a file to map from its first bytes: `head` holds
  // min(file size, head bytes asked for) of them; returns a length, clamped
  // to the file size.
  using PrefixChooser = std::function<uint64_t(
      std::span<const std::byte> head, uint64_t file_size)>;
  // Maps only the prefix `choose` asks for, after reading the first
  // `head_bytes` with pread: pages past it are never mapped, so they never
  // count in the process's memory, even where the kernel maps a whole
  // large page-cache folio on the first touch of one of its pages.
  static StatusOr<MappedFile> OpenPrefix(const std::string& path,
                                         bool populate, size_t head_bytes,
                                         const PrefixChooser& choose);

  MappedFile() = default;
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  // The mapped bytes: the whole file, or the prefix OpenPrefix chose.
  std::span<const std::byte> bytes() const { return {data_, size_}; }
  // The file's size when it was opened.
  uint64_t file_size() const { return file_size_; }

 private:
  const std::byte* data_ = nullptr;
  size_t size_ = 0;
  uint64_t file_size_ = 0;
};

// Replaces the file at `path` with `data` atomically. A symbolic link is
// followed (the chain of them, to a file that may not exist yet): the file
// it names is replaced, in that file's directory, and the link stays. A
// replaced file keeps its mode, and its owner and group where permitted; a
// new one gets 0666 less the umask. InvalidArgument, and nothing written,
// when `path` (or what its links name) exists and is not a regular file: a
// device, a FIFO, a directory is never replaced.
[[nodiscard]] Status WriteFileAtomically(const std::string& path,
                                         std::string_view data);

// The file WriteFileAtomically(path) would replace: `path` with its links
// followed. InvalidArgument when that exists and is not a regular file.
[[nodiscard]] StatusOr<std::string> ResolveWriteTarget(const std::string& path);

// The bytes of the regular file `path`. It is opened without blocking
// (O_NONBLOCK) and checked with fstat before it is read: a FIFO, a device or
// a directory is InvalidArgument ("PATH: not a regular file"), never waited
// on.
[[nodiscard]] StatusOr<std::string> ReadRegularFile(const std::string& path);

// Opens `path` read-only for a caller that needs a regular file: without
// blocking on a FIFO (O_NONBLOCK, cleared again once fstat has shown a
// regular file). Returns the descriptor (O_CLOEXEC), or an error naming the
// path: "not a regular file" for a FIFO, device or directory.
[[nodiscard]] StatusOr<int> OpenRegularFile(const std::string& path);

// "PATH: <strerror(err)>" as a Status of the fitting code.
Status ErrnoStatus(const std::string& path, int err);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_UTIL_FILE_IO_H_
