// `spellfilter check -j N` on several inputs: a file-level worker pool.
// RunInOrder(count, threads, work, deliver) calls work(item, thread) for
// items 0..count-1 on up to `threads` threads (thread: 0..threads-1, so a
// caller can give each thread its own state), and deliver(item) on the
// calling thread in item order, each as soon as it and all items before it
// are done: output stays in the order of one thread. At most kWindow items
// per thread are ahead of delivery, which bounds what waits in memory.
// A thread the system refuses to create only means fewer threads; with
// none, the calling thread does the work itself. Returns the number of
// threads that worked.
#ifndef SPELLFILTER_APP_CLI_FILE_POOL_H_
#define SPELLFILTER_APP_CLI_FILE_POOL_H_

#include <cstddef>
#include <functional>

namespace spellfilter::cli {

inline constexpr size_t kFilePoolWindow = 16;

size_t RunInOrder(size_t count, size_t threads,
                  const std::function<void(size_t item, size_t thread)>& work,
                  const std::function<void(size_t item)>& deliver);

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_FILE_POOL_H_
