// The issue's figures on a real dictionary (not run by ctest):
//
//   build-user/tests/user_words_bench [DICT.sfd] [WORDS] [PROBES]
//
// Adds WORDS (default 100,000) random words to a fresh user word list on
// top of DICT (default: the bundled en_US), times adding one more word,
// removing one and reopening, and measures the compound false-positive rate
// (base or user words accepting a random non-word) on PROBES (default
// 100,000,000) probes, against the prediction.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "core/dictionary/dictionary.h"
#include "core/user/user_dictionary.h"

namespace {

using spellfilter::Dictionary;
using spellfilter::UserDictionary;

double Ms(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - t0)
      .count();
}

int Fail(const std::string& msg) {
  std::fprintf(stderr, "user_words_bench: %s\n", msg.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dict_path = argc > 1 && argv[1][0] ? argv[1] : EN_US_SFD;
  const uint64_t n_words =
      argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 100000;
  const uint64_t n_probes =
      argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 100000000;
  auto base = Dictionary::Open(dict_path);
  if (!base.ok()) return Fail(base.status().message());
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("spellfilter_user_bench_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string list = (dir / "bench.words").string();

  // Random lower-case words of 6 to 12 letters that the base rejects.
  std::mt19937_64 rng(2024);
  std::vector<std::string> words;
  words.reserve(n_words);
  while (words.size() < n_words) {
    std::string w(6 + rng() % 7, 'a');
    for (char& c : w) c = static_cast<char>('a' + rng() % 26);
    if (!(*base)->Contains(w)) words.push_back(std::move(w));
  }

  auto user = UserDictionary::Open(list, **base);
  if (!user.ok()) return Fail(user.status().message());
  auto t0 = std::chrono::steady_clock::now();
  auto added = (*user)->Add(std::span<const std::string>(words));
  if (!added.ok()) return Fail(added.status().message());
  const double bulk_ms = Ms(t0);

  std::vector<double> add_ms;
  for (int i = 0; i < 21; ++i) {
    const std::vector<std::string> one = {"benchextra" + std::to_string(i)};
    t0 = std::chrono::steady_clock::now();
    if (auto r = (*user)->Add(std::span<const std::string>(one)); !r.ok()) {
      return Fail(r.status().message());
    }
    add_ms.push_back(Ms(t0));
  }
  std::sort(add_ms.begin(), add_ms.end());
  t0 = std::chrono::steady_clock::now();
  if (auto r = (*user)->Remove(std::vector<std::string>{words[n_words / 2]});
      !r.ok()) {
    return Fail(r.status().message());
  }
  const double remove_ms = Ms(t0);
  t0 = std::chrono::steady_clock::now();
  auto reopened = UserDictionary::Open(list, **base);
  if (!reopened.ok()) return Fail(reopened.status().message());
  const double open_ms = Ms(t0);
  const UserDictionary& u = **reopened;

  std::printf("dictionary %s, target %.3g, base rate at build %.4g\n",
              dict_path.c_str(), (*base)->contents().target_fp, u.BaseRate());
  std::printf(
      "user words %llu in %zu layers; list %llu bytes, filter %llu bytes\n",
      static_cast<unsigned long long>(u.size()), u.filter().layers().size(),
      static_cast<unsigned long long>(std::filesystem::file_size(list)),
      static_cast<unsigned long long>(
          std::filesystem::file_size(u.filter_path())));
  for (size_t i = 0; i < u.filter().layers().size(); ++i) {
    const auto& l = u.filter().layers()[i];
    std::printf("  layer %zu: %llu/%llu words, %llu bits, k %u, target %.3g\n",
                i, static_cast<unsigned long long>(l.words),
                static_cast<unsigned long long>(l.capacity),
                static_cast<unsigned long long>(l.params.bits), l.params.probes,
                l.target);
  }
  std::printf(
      "bulk add of %llu words %.0f ms; add one word to it: median %.2f ms "
      "(min %.2f, max %.2f, 21 runs); remove one %.1f ms; reopen %.1f ms\n",
      static_cast<unsigned long long>(n_words), bulk_ms,
      add_ms[add_ms.size() / 2], add_ms.front(), add_ms.back(), remove_ms,
      open_ms);

  // Probes: "#" + 16 hex digits, a string no word list holds ('#' cannot
  // start a word).
  uint64_t base_hits = 0, user_hits = 0, hits = 0;
  char probe[18] = "#";
  t0 = std::chrono::steady_clock::now();
  std::mt19937_64 probe_rng(99);
  for (uint64_t i = 0; i < n_probes; ++i) {
    uint64_t x = probe_rng();
    for (int j = 16; j >= 1; --j, x >>= 4)
      probe[j] = "0123456789abcdef"[x & 15];
    const std::string_view p(probe, 17);
    const bool b = (*base)->Contains(p);
    const bool us = u.Contains(p);
    base_hits += b;
    user_hits += us;
    hits += b || us;
  }
  const double secs = Ms(t0) / 1000;
  const double predicted = u.CompoundRate();
  const double measured = static_cast<double>(hits) / n_probes;
  const double se = std::sqrt(predicted / n_probes);
  std::printf(
      "compound fp: predicted %.4g, measured %.4g +- %.2g (%llu of %llu "
      "probes, %.0f s); base alone %.4g (predicted %.4g), user alone %.4g "
      "(predicted %.4g); target %.3g\n",
      predicted, measured, se, static_cast<unsigned long long>(hits),
      static_cast<unsigned long long>(n_probes), secs,
      static_cast<double>(base_hits) / n_probes, u.BaseRate(),
      static_cast<double>(user_hits) / n_probes, u.filter().PredictedRate(),
      (*base)->contents().target_fp);
  std::filesystem::remove_all(dir);
  return 0;
}
