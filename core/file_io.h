// The file operations core needs, POSIX underneath: a read-only memory map
// (dictionaries are used in place, never parsed into memory) and an atomic
// replace (temporary file in the same directory, fsync, rename, fsync of the
// directory), so a crash leaves either the old file or the new one.
#ifndef SPELLFILTER_CORE_FILE_IO_H_
#define SPELLFILTER_CORE_FILE_IO_H_

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "core/status.h"

namespace spellfilter {

class MappedFile {
 public:
  // `populate`: read every page in at once (MAP_POPULATE), for a caller
  // that will read all of them; otherwise pages are read as touched.
  static StatusOr<MappedFile> Open(const std::string& path,
                                   bool populate = true);

  MappedFile() = default;
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::span<const std::byte> bytes() const { return {data_, size_}; }

 private:
  const std::byte* data_ = nullptr;
  size_t size_ = 0;
};

Status WriteFileAtomically(const std::string& path, std::string_view data);

// "PATH: <strerror(err)>" as a Status of the fitting code.
Status ErrnoStatus(const std::string& path, int err);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILE_IO_H_
