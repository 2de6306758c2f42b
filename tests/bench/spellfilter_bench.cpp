// Micro-benchmarks of the hot paths: membership (hit, miss; and the raw
// filter with 512- and 1024-bit blocks), the check-only build's hash sort,
// the tokenizer on ASCII and non-Latin text, whole-text checking,
// suggestions (typing slips and respellings by ear), and building the
// bundled dictionary (with and without the suggestion sections). Text comes from
// $SPELLFILTER_BENCH_TEXT (e.g. build/bench-data/prose-5mb.txt from
// scripts/make_prose.sh) or, without it, from words of the bundled list.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/filter/bloom_filter.h"
#include "core/check/checker.h"
#include "core/dictionary/dictionary.h"
#include "core/dictionary/builder.h"
#include "core/filter/false_positive_math.h"
#include "core/util/hash.h"
#include "core/util/hash_sort.h"
#include "core/suggest/suggester.h"
#include "core/text/tokenizer.h"

namespace spellfilter {
namespace {

std::vector<std::string> ListLines() {
  std::ifstream in(EN_US_LIST);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

std::vector<std::string> ListWords() {
  std::vector<std::string> words;
  for (const std::string& line : ListLines()) {
    if (!line.empty() && line[0] != '#') words.push_back(line.substr(0, line.find('\t')));
  }
  return words;
}

const Dictionary& Bundled() {
  static const std::unique_ptr<Dictionary> dict = [] {
    auto d = Dictionary::Open(EN_US_SFD);
    if (!d.ok()) {
      std::fprintf(stderr, "%s\n", d.status().message().c_str());
      std::exit(2);
    }
    return std::move(d).value();
  }();
  return *dict;
}

std::string EnglishText() {
  if (const char* path = std::getenv("SPELLFILTER_BENCH_TEXT")) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  // About 1 MB of list words in random order, 12 to a line.
  const std::vector<std::string> words = ListWords();
  std::mt19937_64 rng(7);
  std::string text;
  for (int i = 0; text.size() < (1 << 20); ++i) {
    text += words[rng() % words.size()];
    text += (i % 12 == 11) ? "\n" : " ";
  }
  return text;
}

std::string RussianText() {
  const std::string line =
      "\xD0\x92 \xD0\xBD\xD0\xB0\xD1\x87\xD0\xB0\xD0\xBB\xD0\xB5 "
      "\xD0\xB1\xD1\x8B\xD0\xBB\xD0\xBE \xD0\xA1\xD0\xBB\xD0\xBE\xD0\xB2\xD0\xBE, "
      "\xD0\xB8 \xD0\xA1\xD0\xBB\xD0\xBE\xD0\xB2\xD0\xBE \xD0\xB1\xD1\x8B\xD0\xBB\xD0\xBE "
      "\xD1\x83 \xD0\x91\xD0\xBE\xD0\xB3\xD0\xB0.\n";
  std::string text;
  while (text.size() < (1 << 20)) text += line;
  return text;
}

void BM_MayContainHit(benchmark::State& state) {
  const Dictionary& d = Bundled();
  const std::vector<std::string> words = ListWords();
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(d.Contains(words[i]));
    if (++i == words.size()) i = 0;
  }
}
BENCHMARK(BM_MayContainHit);

void BM_MayContainMiss(benchmark::State& state) {
  const Dictionary& d = Bundled();
  std::vector<std::string> misses;
  for (const std::string& w : ListWords()) misses.push_back(w + "qx");
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(d.Contains(misses[i]));
    if (++i == misses.size()) i = 0;
  }
}
BENCHMARK(BM_MayContainMiss);

// The blocked layout's two block sizes side by side, on a filter the size of
// american-english-huge's (384,000 keys at 1e-6, 1.7-2 MB: beyond L2), so
// the second cache line of a 1024-bit block shows. Args: block bits, hits
// (1) or misses (0).
void BM_FilterLookup(benchmark::State& state) {
  constexpr uint64_t kKeys = 384'000;
  const uint32_t block_bits = static_cast<uint32_t>(state.range(0));
  const fpmath::Sizing s =
      fpmath::SizeBlocked(kKeys, 1e-6, static_cast<int>(block_bits), 1.05);
  BloomParams params;
  params.bits = s.bits;
  params.probes = static_cast<uint32_t>(s.k);
  params.block_bits = block_bits;
  std::vector<uint64_t> bits(params.bits / 64);
  std::vector<WordHash> keys(kKeys);
  std::vector<WordHash> absent(kKeys);
  for (uint64_t i = 0; i < kKeys; ++i) {
    keys[i] = HashWord("key" + std::to_string(i), 0);
    absent[i] = HashWord("absent" + std::to_string(i), 0);
  }
  BloomFilter::AddBatch(params, bits, keys);
  const BloomFilter filter(params, bits);
  const std::vector<WordHash>& probe = state.range(1) ? keys : absent;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(filter.MayContain(probe[i]));
    if (++i == probe.size()) i = 0;
  }
  state.counters["bits/key"] = static_cast<double>(params.bits) / kKeys;
}
BENCHMARK(BM_FilterLookup)
    ->ArgNames({"block", "hit"})
    ->Args({512, 1})
    ->Args({1024, 1})
    ->Args({512, 0})
    ->Args({1024, 0});

void TokenizeBench(benchmark::State& state, const std::string& text,
                   Tokenizer::Mode mode) {
  Tokenizer tokenizer(mode);
  std::vector<Token> tokens;
  for (auto _ : state) {
    tokenizer.Tokenize(text, &tokens);
    benchmark::DoNotOptimize(tokens.data());
  }
  state.SetBytesProcessed(state.iterations() * text.size());
}

void BM_TokenizeEnglish(benchmark::State& state) {
  static const std::string text = EnglishText();
  TokenizeBench(state, text, Tokenizer::Mode::kAuto);
}
BENCHMARK(BM_TokenizeEnglish)->Unit(benchmark::kMillisecond);

// The SSE2 block scanner, which kAuto replaces by the AVX-512 one where the
// processor has it.
void BM_TokenizeEnglishSse2(benchmark::State& state) {
  static const std::string text = EnglishText();
  TokenizeBench(state, text, Tokenizer::Mode::kSse2);
}
BENCHMARK(BM_TokenizeEnglishSse2)->Unit(benchmark::kMillisecond);

void BM_TokenizeEnglishIcuOnly(benchmark::State& state) {
  static const std::string text = EnglishText();
  TokenizeBench(state, text, Tokenizer::Mode::kIcuOnly);
}
BENCHMARK(BM_TokenizeEnglishIcuOnly)->Unit(benchmark::kMillisecond);

void BM_TokenizeRussian(benchmark::State& state) {
  static const std::string text = RussianText();
  TokenizeBench(state, text, Tokenizer::Mode::kAuto);
}
BENCHMARK(BM_TokenizeRussian)->Unit(benchmark::kMillisecond);

void BM_CheckEnglish(benchmark::State& state) {
  static const std::string text = EnglishText();
  Checker checker(Bundled());
  std::vector<Misspelling> found;
  for (auto _ : state) {
    checker.Check(text, &found);
    benchmark::DoNotOptimize(found.data());
  }
  state.SetBytesProcessed(state.iterations() * text.size());
}
BENCHMARK(BM_CheckEnglish)->Unit(benchmark::kMillisecond);

// BM_CheckEnglish reuses one Checker, so after the first iteration its
// known-word cache (core/check/known_word_cache.h) is warm; a fresh Checker per
// iteration starts cold, as the CLI does for each run.
void BM_CheckEnglishFreshChecker(benchmark::State& state) {
  static const std::string text = EnglishText();
  std::vector<Misspelling> found;
  for (auto _ : state) {
    Checker checker(Bundled());
    checker.Check(text, &found);
    benchmark::DoNotOptimize(found.data());
  }
  state.SetBytesProcessed(state.iterations() * text.size());
}
BENCHMARK(BM_CheckEnglishFreshChecker)->Unit(benchmark::kMillisecond);

// Misspellings made from lower-case list words of 5 to 12 letters by
// `slips` random slips each (a letter changed, added or left out, two
// swapped), the same every run; not from any evaluation set.
std::vector<std::string> Slips(int slips) {
  std::vector<std::string> words;
  for (const std::string& w : ListWords()) {
    if (w.size() >= 5 && w.size() <= 12 &&
        std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; })) {
      words.push_back(w);
    }
  }
  std::mt19937_64 rng(20261125);
  std::vector<std::string> out;
  while (out.size() < 500) {
    std::string w = words[rng() % words.size()];
    for (int k = 0; k < slips; ++k) {
      const size_t at = rng() % w.size();
      const char letter = static_cast<char>('a' + rng() % 26);
      switch (rng() % 4) {
        case 0: w[at] = letter; break;
        case 1: w.insert(w.begin() + at, letter); break;
        case 2: if (w.size() > 3) w.erase(at, 1); break;
        default: if (at + 1 < w.size()) std::swap(w[at], w[at + 1]); break;
      }
    }
    if (!Bundled().Contains(w)) out.push_back(w);
  }
  return out;
}

void SuggestBench(benchmark::State& state, const std::vector<std::string>& words) {
  Suggester suggester(Bundled());
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(suggester.Suggest(words[i]));
    if (++i == words.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_SuggestOneSlip(benchmark::State& state) {
  static const std::vector<std::string> words = Slips(1);
  SuggestBench(state, words);
}
BENCHMARK(BM_SuggestOneSlip)->Unit(benchmark::kMicrosecond);

void BM_SuggestTwoSlips(benchmark::State& state) {
  static const std::vector<std::string> words = Slips(2);
  SuggestBench(state, words);
}
BENCHMARK(BM_SuggestTwoSlips)->Unit(benchmark::kMicrosecond);

// Words spelled by their sound, which only the by-ear search reaches
// (docs/suggestions.md; the suggester tests' examples).
void BM_SuggestByEar(benchmark::State& state) {
  static const std::vector<std::string> words = {
      "sacrin",    "tork",       "zookeeni",       "nekesarie",
      "bewtiwool", "katerbiler", "speficifcation", "definartly"};
  SuggestBench(state, words);
}
BENCHMARK(BM_SuggestByEar)->Unit(benchmark::kMicrosecond);

// Arg 0: BuildOptions::threads (2: the prefix filter beside the rest);
// arg 1: 1 with the suggestion sections, 0 check-only (hashes only).
void BM_BuildBundled(benchmark::State& state) {
  const std::vector<std::string> lines = ListLines();
  for (auto _ : state) {
    BuildOptions options;
    options.language = "en-US";
    options.threads = static_cast<unsigned>(state.range(0));
    options.suggestion_data = state.range(1) != 0;
    DictionaryBuilder builder(options);
    for (const std::string& line : lines) (void)builder.AddLine(line, "en_US.txt");
    auto image = builder.Finish(nullptr);
    benchmark::DoNotOptimize(image.value().data());
  }
  state.SetItemsProcessed(state.iterations() * lines.size());
}
BENCHMARK(BM_BuildBundled)
    ->Args({1, 1})
    ->Args({2, 1})
    ->Args({1, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// A check-only build's sort: american-english-huge's count of random
// 128-bit hashes, sorted and made distinct (a fresh copy each time, outside
// the timing).
void BM_SortDistinctHashes(benchmark::State& state) {
  std::mt19937_64 rng(5);
  std::vector<WordHash> hashes(347'000);
  for (WordHash& h : hashes) h = WordHash{rng(), rng()};
  std::vector<WordHash> work;
  for (auto _ : state) {
    state.PauseTiming();
    work = hashes;
    state.ResumeTiming();
    benchmark::DoNotOptimize(SortDistinctHashes(work));
  }
  state.SetItemsProcessed(state.iterations() * hashes.size());
}
BENCHMARK(BM_SortDistinctHashes)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace spellfilter

BENCHMARK_MAIN();
