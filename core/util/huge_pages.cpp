#include "core/util/huge_pages.h"

#include <cstdint>
#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace spellfilter {
namespace {

size_t RoundUp(size_t bytes) {
  return (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
}

}  // namespace

#if defined(__linux__) && defined(MADV_HUGEPAGE)

void* AllocateHugePages(size_t bytes) {
  const size_t size = RoundUp(bytes);
  if (size < bytes) return nullptr;  // overflow
  // Map one huge page more than needed, then unmap the unaligned ends.
  void* raw = ::mmap(nullptr, size + kHugePageBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const auto begin = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t aligned = (begin + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
  if (aligned > begin) ::munmap(raw, aligned - begin);
  const uintptr_t end = begin + size + kHugePageBytes;
  if (end > aligned + size) {
    ::munmap(reinterpret_cast<void*>(aligned + size), end - (aligned + size));
  }
  // A hint: without transparent huge pages the memory works as it is.
  (void)::madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(aligned);
}

void FreeHugePages(void* p, size_t bytes) {
  if (p != nullptr) ::munmap(p, RoundUp(bytes));
}

#else

void* AllocateHugePages(size_t bytes) {
  return std::aligned_alloc(kHugePageBytes, RoundUp(bytes));
}

void FreeHugePages(void* p, size_t) { std::free(p); }

#endif

}  // namespace spellfilter
