#include "app/cli/file_pool.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace spellfilter::cli {

size_t RunInOrder(size_t count, size_t threads,
                  const std::function<void(size_t item, size_t thread)>& work,
                  const std::function<void(size_t item)>& deliver) {
  threads = std::max<size_t>(1, std::min(threads, count));
  if (threads <= 1) {
    for (size_t i = 0; i < count; ++i) {
      work(i, 0);
      deliver(i);
    }
    return 1;
  }
  std::mutex mu;
  std::condition_variable work_cv;  // an item may be taken
  std::condition_variable done_cv;  // an item is done
  std::vector<char> done(count, 0);
  size_t next = 0;       // first item not yet taken
  size_t delivered = 0;  // items delivered so far
  size_t window = kFilePoolWindow * threads;

  auto loop = [&](size_t thread) {
    for (;;) {
      size_t item;
      {
        std::unique_lock<std::mutex> lock(mu);
        work_cv.wait(lock, [&] {
          return next >= count || next - delivered < window;
        });
        if (next >= count) return;
        item = next++;
      }
      work(item, thread);
      {
        std::lock_guard<std::mutex> lock(mu);
        done[item] = 1;
      }
      done_cv.notify_one();
    }
  };

  std::vector<std::thread> pool;
  for (size_t t = 0; t < threads; ++t) {
    try {
      pool.emplace_back(loop, t);
    } catch (const std::system_error&) {
      break;  // fewer threads
    }
  }
  if (pool.empty()) {
    for (size_t i = 0; i < count; ++i) {
      work(i, 0);
      deliver(i);
    }
    return 1;
  }
  {
    // Fewer threads than asked: a smaller window.
    std::lock_guard<std::mutex> lock(mu);
    window = kFilePoolWindow * pool.size();
  }
  while (delivered < count) {
    {
      std::unique_lock<std::mutex> lock(mu);
      done_cv.wait(lock, [&] { return done[delivered] != 0; });
    }
    deliver(delivered);
    {
      std::lock_guard<std::mutex> lock(mu);
      ++delivered;
    }
    work_cv.notify_all();
  }
  for (std::thread& t : pool) t.join();
  return pool.size();
}

}  // namespace spellfilter::cli
