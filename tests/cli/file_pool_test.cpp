// RunInOrder (app/cli/file_pool.h): items run on several threads at once,
// and are delivered on the calling thread in item order.
#include "app/cli/file_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

namespace spellfilter::cli {
namespace {

TEST(FilePoolTest, DeliversInItemOrderWhateverOrderTheWorkEnds) {
  constexpr size_t kItems = 200;
  std::vector<int> delays(kItems);
  std::mt19937 random(7);
  for (int& d : delays) d = static_cast<int>(random() % 300);
  std::vector<size_t> value(kItems, 0);
  std::vector<size_t> delivered;
  const std::thread::id caller = std::this_thread::get_id();
  bool delivered_elsewhere = false;
  const size_t threads = RunInOrder(
      kItems, 4,
      [&](size_t i, size_t thread) {
        EXPECT_LT(thread, 4u);
        std::this_thread::sleep_for(std::chrono::microseconds(delays[i]));
        value[i] = i * i;
      },
      [&](size_t i) {
        if (std::this_thread::get_id() != caller) delivered_elsewhere = true;
        EXPECT_EQ(value[i], i * i);
        delivered.push_back(i);
      });
  EXPECT_EQ(threads, 4u);
  EXPECT_FALSE(delivered_elsewhere);
  ASSERT_EQ(delivered.size(), kItems);
  for (size_t i = 0; i < kItems; ++i) EXPECT_EQ(delivered[i], i);
}

// Item 0 waits until item 1 has started: only threads that work at the
// same time get past it (with a timeout, so one thread fails, not hangs).
TEST(FilePoolTest, ItemsRunAtTheSameTime) {
  std::mutex mu;
  std::condition_variable cv;
  bool second_started = false;
  bool first_saw_second = false;
  RunInOrder(
      2, 2,
      [&](size_t i, size_t) {
        std::unique_lock<std::mutex> lock(mu);
        if (i == 1) {
          second_started = true;
          cv.notify_all();
          return;
        }
        first_saw_second = cv.wait_for(lock, std::chrono::seconds(5),
                                       [&] { return second_started; });
      },
      [](size_t) {});
  EXPECT_TRUE(first_saw_second);
}

TEST(FilePoolTest, OneThreadAndNoItems) {
  std::vector<size_t> order;
  EXPECT_EQ(RunInOrder(
                3, 1, [&](size_t i, size_t t) { EXPECT_EQ(t, 0u); order.push_back(i); },
                [&](size_t i) { order.push_back(100 + i); }),
            1u);
  EXPECT_EQ(order, (std::vector<size_t>{0, 100, 1, 101, 2, 102}));
  std::atomic<int> calls = 0;
  RunInOrder(0, 4, [&](size_t, size_t) { ++calls; }, [&](size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

}  // namespace
}  // namespace spellfilter::cli
