// Transparent huge pages for large build buffers. Filling tens of
// megabytes of fresh memory one 4 KiB page fault at a time costs more than
// the work done in it on a virtual machine (a dictionary build took ~7,300
// faults, a third of its time); 2 MiB pages take a five-hundredth of them.
#ifndef SPELLFILTER_CORE_UTIL_HUGE_PAGES_H_
#define SPELLFILTER_CORE_UTIL_HUGE_PAGES_H_

#include <cstddef>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

namespace spellfilter {

inline constexpr size_t kHugePageBytes = size_t{2} << 20;

// `bytes` (at least kHugePageBytes) of memory aligned to kHugePageBytes,
// mapped privately and advised MADV_HUGEPAGE, so that each 2 MiB of it is
// one page fault where the kernel has transparent huge pages (a hint: with
// none, ordinary pages). nullptr when the system has no memory for it.
void* AllocateHugePages(size_t bytes);
void FreeHugePages(void* p, size_t bytes);

// For the containers of a build's big buffers (word arenas, index arrays,
// filters): allocations of 2 MiB and more come from AllocateHugePages, the
// rest from the ordinary allocator. Stateless; all instances are equal.
template <typename T>
class HugePageAllocator {
 public:
  using value_type = T;

  HugePageAllocator() = default;
  template <typename U>
  HugePageAllocator(const HugePageAllocator<U>&) {}  // NOLINT: rebinding

  T* allocate(size_t n) {
    if (n > SIZE_MAX / sizeof(T)) throw std::bad_array_new_length();
    if (n * sizeof(T) < kHugePageBytes) return std::allocator<T>().allocate(n);
    void* p = AllocateHugePages(n * sizeof(T));
    if (p == nullptr) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t n) {
    if (n * sizeof(T) < kHugePageBytes) {
      std::allocator<T>().deallocate(p, n);
    } else {
      FreeHugePages(p, n * sizeof(T));
    }
  }

  friend bool operator==(const HugePageAllocator&, const HugePageAllocator&) {
    return true;
  }
};

// A fixed-size byte buffer from HugePageAllocator, left uninitialised:
// its pages are touched only as they are written (a reader's buffer).
class HugeBytes {
 public:
  explicit HugeBytes(size_t n)
      : data_(HugePageAllocator<char>().allocate(n)), size_(n) {}
  ~HugeBytes() {
    if (data_ != nullptr) HugePageAllocator<char>().deallocate(data_, size_);
  }
  HugeBytes(HugeBytes&& other) noexcept
      : data_(other.data_), size_(other.size_) {
    other.data_ = nullptr;
    other.size_ = 0;
  }
  HugeBytes& operator=(HugeBytes&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }
  HugeBytes(const HugeBytes&) = delete;
  HugeBytes& operator=(const HugeBytes&) = delete;

  char* data() { return data_; }
  const char* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  char* data_;
  size_t size_;
};

using HugeString =
    std::basic_string<char, std::char_traits<char>, HugePageAllocator<char>>;
template <typename T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_UTIL_HUGE_PAGES_H_
