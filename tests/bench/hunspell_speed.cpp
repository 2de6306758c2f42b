// Checking speed side by side with libhunspell, in one process, on the same
// tokens (issue 32, item 6). scripts/compare_hunspell_verdicts.py writes the
// token files and runs this per language; it can also be run by hand:
//
//   hunspell_speed AFF DIC SFD TOKENS_UTF8 TOKENS_DICT [ROUNDS]
//
// TOKENS_UTF8 has one token a line in UTF-8 (what spellfilter is given);
// TOKENS_DICT has the same tokens, line for line, in the encoding of the
// .aff's SET (what Hunspell_spell is given, as an application encoding for
// the dictionary would). Each round checks every token once with
// Hunspell::spell and once with a fresh spellfilter Checker (so the
// checker's cache of known short words starts empty each round, as in a
// new process; the Checker is made before the round's clock starts, as
// the Hunspell object is made before any round, and its set-up is
// reported apart, checker_setup_s); the best (minimum) time of ROUNDS
// rounds (default 5) counts
// for each, in the thread's CPU time (clock_gettime
// CLOCK_THREAD_CPUTIME_ID), so time the process spends descheduled on a
// loaded machine is not counted.
//
// The same is then measured on the distinct tokens alone (each token's
// first line, in order): nothing repeats, so the checker's caches of
// verdicts (known_word_cache.h, verdict_memo.h) never answer and the
// figure is the cost of each word's own lookup, Hunspell's and ours.
// Running text repeats its words, so the first ratio is the one a user
// sees; the second shows what the caches hide. Prints one line of
// key=value pairs:
//
//   tokens=N hunspell_s=T spellfilter_s=T hunspell_per_s=R
//   spellfilter_per_s=R ratio=R hunspell_accepts=N spellfilter_accepts=N
//   disagreements=N distinct_tokens=N distinct_hunspell_s=T
//   distinct_spellfilter_s=T distinct_ratio=R checker_setup_s=T
//
// ratio is spellfilter's words per second over Hunspell's (above 1:
// spellfilter is faster), distinct_ratio the same on the distinct tokens.
// The accept counts and disagreements (of the running tokens) show both
// checkers answered on the same tokens. Exit 0; 2 with a one-line message
// on bad arguments, an unreadable file or a dictionary that does not open.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <hunspell.hxx>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/check/checker.h"
#include "core/dictionary/dictionary.h"

namespace {

bool ReadLines(const char* path, std::vector<std::string>* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) out->push_back(line);
  return !in.bad();
}

bool Readable(const char* path) {
  std::ifstream in(path, std::ios::binary);
  return static_cast<bool>(in);
}

[[noreturn]] void Fail(const std::string& message) {
  std::fprintf(stderr, "hunspell_speed: %s\n", message.c_str());
  std::exit(2);
}

// Seconds of this thread's CPU time `fn` takes. CPU time, not wall time:
// on a shared machine (load 20 on 2 cores) a round of a few milliseconds
// is often descheduled, and the wall clock then measured the other
// processes; both checkers are timed the same way.
double ThreadSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}
template <typename Fn>
double Time(Fn&& fn) {
  const double start = ThreadSeconds();
  fn();
  return ThreadSeconds() - start;
}

// Best (minimum) seconds of `rounds` rounds checking tokens `which` (indices
// into utf8/encoded), each checker given its own encoding; the verdicts go
// to *hunspell_says and *spellfilter_says (indexed like `which`).
struct Times {
  double hunspell_s = std::numeric_limits<double>::infinity();
  double spellfilter_s = std::numeric_limits<double>::infinity();
  double setup_s = std::numeric_limits<double>::infinity();  // the Checker's
};
Times Measure(Hunspell& hunspell, const spellfilter::Dictionary& dictionary,
              const std::vector<std::string>& utf8,
              const std::vector<std::string>& encoded,
              const std::vector<size_t>& which, int rounds,
              std::vector<char>* hunspell_says,
              std::vector<char>* spellfilter_says) {
  hunspell_says->assign(which.size(), 0);
  spellfilter_says->assign(which.size(), 0);
  Times t;
  for (int round = 0; round < rounds; ++round) {
    t.hunspell_s = std::min(t.hunspell_s, Time([&] {
                              for (size_t i = 0; i < which.size(); ++i) {
                                (*hunspell_says)[i] =
                                    hunspell.spell(encoded[which[i]]);
                              }
                            }));
    // A fresh Checker each round, its caches empty; made outside the
    // timed part, as the Hunspell object is (its set-up is the
    // dictionary's opening, not checking), and timed apart.
    std::optional<spellfilter::Checker> checker;
    t.setup_s = std::min(t.setup_s, Time([&] { checker.emplace(dictionary); }));
    t.spellfilter_s = std::min(t.spellfilter_s, Time([&] {
                                 for (size_t i = 0; i < which.size(); ++i) {
                                   (*spellfilter_says)[i] =
                                       checker->IsCorrect(utf8[which[i]]);
                                 }
                               }));
  }
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6 && argc != 7) {
    Fail("usage: hunspell_speed AFF DIC SFD TOKENS_UTF8 TOKENS_DICT [ROUNDS]");
  }
  const char* aff = argv[1];
  const char* dic = argv[2];
  int rounds = 5;
  if (argc == 7) {
    rounds = std::atoi(argv[6]);
    if (rounds < 1 || rounds > 1000) {
      Fail(std::string(argv[6]) + ": ROUNDS must be 1 to 1000");
    }
  }
  for (const char* path : {aff, dic}) {
    if (!Readable(path)) Fail(std::string(path) + ": cannot read");
  }
  std::vector<std::string> utf8, encoded;
  if (!ReadLines(argv[4], &utf8)) Fail(std::string(argv[4]) + ": cannot read");
  if (!ReadLines(argv[5], &encoded))
    Fail(std::string(argv[5]) + ": cannot read");
  if (utf8.size() != encoded.size()) {
    Fail(std::string(argv[5]) + ": " + std::to_string(encoded.size()) +
         " lines, but " + argv[4] + " has " + std::to_string(utf8.size()));
  }
  auto dictionary = spellfilter::Dictionary::Open(
      argv[3], spellfilter::DictionaryUse::kCheckOnly);
  if (!dictionary.ok()) Fail(dictionary.status().message());
  Hunspell hunspell(aff, dic);

  std::vector<size_t> running(utf8.size()), distinct;
  std::unordered_set<std::string_view> seen;
  for (size_t i = 0; i < utf8.size(); ++i) {
    running[i] = i;
    if (seen.insert(utf8[i]).second) distinct.push_back(i);
  }
  std::vector<char> hunspell_says, spellfilter_says;
  std::vector<char> distinct_hunspell_says, distinct_spellfilter_says;
  const Times times = Measure(hunspell, **dictionary, utf8, encoded, running,
                              rounds, &hunspell_says, &spellfilter_says);
  const Times distinct_times =
      Measure(hunspell, **dictionary, utf8, encoded, distinct, rounds,
              &distinct_hunspell_says, &distinct_spellfilter_says);
  const double hunspell_s = times.hunspell_s;
  const double spellfilter_s = times.spellfilter_s;
  size_t hunspell_accepts = 0, spellfilter_accepts = 0, disagreements = 0;
  for (size_t i = 0; i < utf8.size(); ++i) {
    hunspell_accepts += hunspell_says[i] != 0;
    spellfilter_accepts += spellfilter_says[i] != 0;
    disagreements += (hunspell_says[i] != 0) != (spellfilter_says[i] != 0);
  }
  const double n = static_cast<double>(utf8.size());
  // A clock tick is the floor, so an empty or tiny list prints no infinity.
  const double floor_s = 1e-9;
  const double h = std::max(hunspell_s, floor_s);
  const double s = std::max(spellfilter_s, floor_s);
  const double dh = std::max(distinct_times.hunspell_s, floor_s);
  const double ds = std::max(distinct_times.spellfilter_s, floor_s);
  std::printf(
      "tokens=%zu hunspell_s=%.6f spellfilter_s=%.6f hunspell_per_s=%.0f "
      "spellfilter_per_s=%.0f ratio=%.2f hunspell_accepts=%zu "
      "spellfilter_accepts=%zu disagreements=%zu distinct_tokens=%zu "
      "distinct_hunspell_s=%.6f distinct_spellfilter_s=%.6f "
      "distinct_ratio=%.2f checker_setup_s=%.6f\n",
      utf8.size(), hunspell_s, spellfilter_s, n / h, n / s, h / s,
      hunspell_accepts, spellfilter_accepts, disagreements, distinct.size(),
      distinct_times.hunspell_s, distinct_times.spellfilter_s, dh / ds,
      times.setup_s);
  return 0;
}
