// The user word list under process death and contention:
//  * a writer is SIGKILLed at random moments, hundreds of times; after each
//    kill the list is exactly the old or the new state of a transaction and
//    the filter file is whole and is exactly the filter of the current list
//    or of the one before (the list is renamed first), never a mix;
//  * N processes add M words each, one transaction per word, while removing
//    scratch words in between, and a reader reloads; all N x M are found.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include "core/check/checker.h"
#include "core/util/hash.h"
#include "core/user/user_dictionary.h"
#include "core/user/filter_file.h"
#include "tests/support/test_dictionary.h"
#include "tests/support/user_test_util.h"

namespace spellfilter {
namespace {

namespace fs = std::filesystem;
using V = std::vector<std::string>;

// Kill test: the list is always k<lo> .. k<hi-1>, changed in batches of
// three (so a torn transaction would show), between 27 and 30 words once
// full.
constexpr int kBatch = 3;
constexpr int kMaxListed = 30;

std::string KillWord(int i) { return "k" + std::to_string(i); }

V Range(int lo, int hi) {
  V v;
  for (int i = lo; i < hi; ++i) v.push_back(KillWord(i));
  return v;
}

// Runs transactions until killed, or `limit` of them.
[[noreturn]] void KillTestWriter(const Dictionary& base,
                                 const std::string& list, int limit) {
  StatusOr<std::unique_ptr<UserDictionary>> u =
      UserDictionary::Open(list, base);
  if (!u.ok()) ::_exit(3);
  for (int done = 0; limit < 0 || done < limit; ++done) {
    StatusOr<V> words = (*u)->Words();
    if (!words.ok()) ::_exit(4);
    const int hi = words->empty() ? 0 : std::stoi(words->back().substr(1)) + 1;
    StatusOr<UserDictionary::EditResult> r =
        static_cast<int>(words->size()) >= kMaxListed
            ? (*u)->Remove(V(words->begin(), words->begin() + kBatch))
            : (*u)->Add(std::span<const std::string>(Range(hi, hi + kBatch)));
    if (!r.ok() || r->changed.size() != kBatch) ::_exit(5);
  }
  ::_exit(0);
}

// Whether `f` is, bit for bit, the filter ScalableFilter builds from `words`.
// `scratch` keeps the layers' sizing from call to call.
bool IsFilterOf(const UserFilterFile& f, ScalableFilter* scratch,
                const V& words) {
  scratch->Clear();
  for (const std::string& w : words) {
    if (!scratch->Add(w).ok()) return false;
  }
  if (f.geometry != scratch->geometry() ||
      f.layers.size() != scratch->layers().size()) {
    return false;
  }
  for (size_t i = 0; i < f.layers.size(); ++i) {
    const FilterLayer& a = f.layers[i];
    const FilterLayer& b = scratch->layers()[i];
    if (a.params.bits != b.params.bits || a.params.probes != b.params.probes ||
        a.words != b.words || a.bits != b.bits) {
      return false;
    }
  }
  return true;
}

TEST(UserDictionaryDurabilityTest, SigkillLeavesOldOrNewStateNeverAMix) {
  auto base = MakeDictionary({"the", "cat"});
  const ScalableGeometry geometry = UserDictionary::GeometryFor(*base);
  TempDir dir;
  const std::string list = dir.File("kill.words");
  const std::string filter = list + kUserFilterSuffix;

  // Kills land anywhere in a fresh writer's life: from its start to a few
  // transactions in (25 ms, or the time a first writer took to open and do
  // three transactions, in slow sanitizer builds: half of it left a writer
  // under ASan on a loaded machine too little time to commit anything in
  // most runs, so that the progress check below failed by chance).
  const auto start = std::chrono::steady_clock::now();
  const pid_t warmup = ::fork();
  ASSERT_GE(warmup, 0);
  if (warmup == 0) KillTestWriter(*base, list, 3);
  int warmup_status = 0;
  ASSERT_EQ(::waitpid(warmup, &warmup_status, 0), warmup);
  ASSERT_TRUE(WIFEXITED(warmup_status) && WEXITSTATUS(warmup_status) == 0);
  const int warmup_us =
      static_cast<int>(std::chrono::duration_cast<std::chrono::microseconds>(
                           std::chrono::steady_clock::now() - start)
                           .count());
  const int max_delay_us = std::max(25000, warmup_us);

  ScalableFilter scratch(geometry);
  constexpr int kRuns = 300;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(90);
  std::mt19937 rng(12345);
  std::uniform_int_distribution<int> delay_us(0, max_delay_us);
  int runs = 0, filter_current = 0, filter_previous = 0, temp_files_seen = 0;
  int no_change = 0, opened_checks = 0;
  int prev_lo = 0, prev_hi = 3 * kBatch;  // after the warm-up
  for (; runs < kRuns && std::chrono::steady_clock::now() < deadline; ++runs) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) KillTestWriter(*base, list, -1);
    std::this_thread::sleep_for(std::chrono::microseconds(delay_us(rng)));
    ::kill(pid, SIGKILL);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
        << "the writer failed by itself, status " << status;

    for (const auto& e : fs::directory_iterator(dir.path())) {
      temp_files_seen +=
          e.path().filename().string().find(".tmp.") != std::string::npos;
    }

    // The list: whole, canonical, a state some transaction left.
    int lo = 0, hi = 0;
    std::string bytes;
    if (fs::exists(list)) {
      bytes = Slurp(list);
      WordForms forms("en-US", false);
      V words;
      Status parsed = ParseWordList(bytes, list, &forms, &words);
      ASSERT_TRUE(parsed.ok()) << "run " << runs << ": " << parsed.message();
      ASSERT_EQ(SerializeWordList(words), bytes) << "run " << runs;
      ASSERT_FALSE(words.empty()) << "run " << runs;
      lo = std::stoi(words.front().substr(1));
      hi = lo + static_cast<int>(words.size());
      ASSERT_EQ(words, Range(lo, hi)) << "run " << runs << ": not contiguous";
      ASSERT_EQ(lo % kBatch, 0) << "run " << runs << ": torn removal";
      ASSERT_EQ(hi % kBatch, 0) << "run " << runs << ": torn addition";
      ASSERT_LE(hi - lo, kMaxListed);
    } else {
      ASSERT_EQ(prev_hi, 0) << "run " << runs << ": the list vanished";
    }
    ASSERT_GE(lo, prev_lo) << "run " << runs << ": went back in time";
    ASSERT_GE(hi, prev_hi) << "run " << runs << ": went back in time";
    no_change += lo == prev_lo && hi == prev_hi;

    // The filter: whole, and the filter of the current list or of the state
    // just before (killed between the list's rename and its own).
    if (fs::exists(filter)) {
      const std::string image = Slurp(filter);
      StatusOr<UserFilterFile> f = DecodeUserFilter(image, filter);
      ASSERT_TRUE(f.ok()) << "run " << runs << ": " << f.status().message();
      struct Candidate {
        V words;
        bool current;
      };
      std::vector<Candidate> candidates = {{Range(lo, hi), true}};
      if (hi - lo >= kBatch)
        candidates.push_back({Range(lo, hi - kBatch), false});
      if (lo >= kBatch) candidates.push_back({Range(lo - kBatch, hi), false});
      bool matched = false;
      for (const Candidate& c : candidates) {
        const std::string cb = SerializeWordList(c.words);
        if (f->list_hash != Checksum(cb.data(), cb.size()) ||
            f->list_bytes != cb.size()) {
          continue;
        }
        ASSERT_TRUE(IsFilterOf(*f, &scratch, c.words))
            << "run " << runs << ": filter bits are not those of its list";
        (c.current ? filter_current : filter_previous)++;
        matched = true;
        break;
      }
      ASSERT_TRUE(matched) << "run " << runs
                           << ": filter belongs to no neighbouring state";
    }

    // What a reader sees: every listed word (every other run, because an
    // opening reader repairs a stale filter, and the writer should meet
    // stale filters too).
    if (runs % 2 == 1) {
      StatusOr<std::unique_ptr<UserDictionary>> u =
          UserDictionary::Open(list, *base);
      ASSERT_TRUE(u.ok()) << u.status().message();
      ASSERT_TRUE((*u)->damage().ok()) << (*u)->damage().message();
      ASSERT_EQ((*u)->size(), static_cast<uint64_t>(hi - lo));
      for (const std::string& w : Range(lo, hi)) ASSERT_TRUE((*u)->Contains(w));
      ++opened_checks;
    }
    prev_lo = lo;
    prev_hi = hi;
  }
  // A last writer cleans up the temporary files of killed ones.
  {
    StatusOr<std::unique_ptr<UserDictionary>> u =
        UserDictionary::Open(list, *base);
    ASSERT_TRUE(u.ok());
    ASSERT_TRUE((*u)->Add(std::span<const std::string>(
                              Range(prev_hi, prev_hi + kBatch)))
                    .ok());
    for (const auto& e : fs::directory_iterator(dir.path())) {
      EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos)
          << e.path();
    }
  }
  const int transactions = prev_hi / kBatch + prev_lo / kBatch;
  std::printf(
      "kill test: %d runs (SIGKILL after 0-%d ms), %d transactions committed "
      "(%d words added, %d removed); after the kills: filter of the current "
      "list %d, of the previous list %d (killed between the renames), "
      "leftover temporary files %d, runs without progress %d; %d reopen "
      "checks; torn or mixed states: 0\n",
      runs, max_delay_us / 1000, transactions, prev_hi, prev_lo, filter_current,
      filter_previous, temp_files_seen, no_change, opened_checks);
  RecordProperty("runs", runs);
  RecordProperty("transactions", transactions);
  EXPECT_GE(runs, 200);
  EXPECT_GT(transactions, runs / 2);  // the writers did make progress
}

// Concurrency: kProcesses writers x kWords words, one transaction each.
constexpr int kProcesses = 8;
constexpr int kWords = 40;

std::string ConcurrentWord(int p, int i) {
  return "p" + std::to_string(p) + "w" + std::to_string(i);
}

[[noreturn]] void ConcurrentWriter(const Dictionary& base,
                                   const std::string& list, int p) {
  StatusOr<std::unique_ptr<UserDictionary>> u =
      UserDictionary::Open(list, base);
  if (!u.ok()) ::_exit(3);
  for (int i = 0; i < kWords; ++i) {
    StatusOr<UserDictionary::EditResult> r =
        (*u)->Add(std::span<const std::string>(V{ConcurrentWord(p, i)}));
    if (!r.ok() || r->changed.size() != 1) ::_exit(4);
    if (i % 4 == 0) {
      const V scratch = {"scratch" + std::to_string(p)};
      if (!(*u)->Add(std::span<const std::string>(scratch)).ok()) ::_exit(5);
      StatusOr<UserDictionary::EditResult> gone = (*u)->Remove(scratch);
      if (!gone.ok() || gone->changed.size() != 1) ::_exit(6);
    }
  }
  ::_exit(0);
}

// Reloads until it sees all words; never sees damage.
[[noreturn]] void ConcurrentReader(const Dictionary& base,
                                   const std::string& list) {
  StatusOr<std::unique_ptr<UserDictionary>> u =
      UserDictionary::Open(list, base);
  if (!u.ok()) ::_exit(3);
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    StatusOr<bool> changed = (*u)->ReloadIfChanged();
    if (!changed.ok() || !(*u)->damage().ok()) ::_exit(4);
    bool all = true;
    for (int p = 0; p < kProcesses && all; ++p) {
      for (int i = 0; i < kWords && all; ++i) {
        all = (*u)->Contains(ConcurrentWord(p, i));
      }
    }
    if (all) ::_exit(0);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ::_exit(7);
}

TEST(UserDictionaryDurabilityTest, ConcurrentWritersLoseNothing) {
  auto base = MakeDictionary({"the", "cat"});
  TempDir dir;
  const std::string list = dir.File("sub/dir/shared.words");
  std::vector<pid_t> pids;
  const pid_t reader = ::fork();
  ASSERT_GE(reader, 0);
  if (reader == 0) ConcurrentReader(*base, list);
  for (int p = 0; p < kProcesses; ++p) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) ConcurrentWriter(*base, list, p);
    pids.push_back(pid);
  }
  for (pid_t pid : pids) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "writer status " << status;
  }
  int status = 0;
  ASSERT_EQ(::waitpid(reader, &status, 0), reader);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
      << "reader status " << status;

  StatusOr<std::unique_ptr<UserDictionary>> u =
      UserDictionary::Open(list, *base);
  ASSERT_TRUE(u.ok());
  EXPECT_TRUE((*u)->filter_was_cached());
  StatusOr<V> words = (*u)->Words();
  ASSERT_TRUE(words.ok());
  std::unordered_set<std::string> expected;
  for (int p = 0; p < kProcesses; ++p) {
    for (int i = 0; i < kWords; ++i) expected.insert(ConcurrentWord(p, i));
  }
  const std::unordered_set<std::string> got(words->begin(), words->end());
  EXPECT_EQ(words->size(), got.size()) << "duplicates";
  EXPECT_EQ(got, expected);
  int lost = 0;
  Checker checker(*base);
  checker.SetUserWords(u->get());
  for (const std::string& w : expected) lost += !checker.IsCorrect(w);
  EXPECT_EQ(lost, 0);
  std::printf(
      "concurrency test: %d processes x %d words (plus %d scratch "
      "add/remove pairs each) and a reloading reader: %zu of %d "
      "found, %d lost\n",
      kProcesses, kWords, (kWords + 3) / 4, got.size(), kProcesses * kWords,
      lost);
}

}  // namespace
}  // namespace spellfilter
