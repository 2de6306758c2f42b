// spellfilter suggest [WORD...] [--max N] [--dict FILE|--lang TAG] [--stats]: prints
// "WORD: s1, s2, ..." for each word, best first ("WORD:" when there is no
// suggestion). Without WORD arguments it reads words from stdin, one per
// line (blank lines are skipped), and answers each chunk of input as it
// arrives: the batch mode for scripts and the evaluation. With -j N the
// words of each chunk are answered on N threads (one Suggester each, a few
// words at a time) and printed in input order.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <cstdio>
#include <memory>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "app/cli/command.h"
#include "app/cli/dictionary_option.h"
#include "app/cli/suggestion_line.h"
#include "app/cli/user_option.h"
#include "core/catalog/language_set.h"
#include "core/catalog/language_suggester.h"
#include "core/suggest/suggester.h"
#include "core/text/text_reader.h"

namespace spellfilter::cli {
namespace {

struct SuggestArgs {
  std::vector<std::string> words;
  std::string dictionary;
  std::string language;  // --lang
  UserWordsOption user;
  size_t max = kDefaultMaxSuggestions;
  bool stats = false;
  int repeat = 1;
  unsigned jobs = 1;
  SuggestOptions options;
};

// A chunk is split over the threads only when each gets at least this many
// words: fewer are answered at once anyway (an interactive pipe).
inline constexpr size_t kMinWordsPerThread = 4;
// The words a thread takes at a time.
inline constexpr size_t kSliceWords = 4;

struct Totals {
  uint64_t words = 0;
  uint64_t work = 0;
  uint64_t word_probes = 0;
  uint64_t filter_hits = 0;
  uint64_t fingerprint_rejects = 0;
  uint64_t expansions = 0;
  uint64_t max_work = 0;
  uint64_t budget_exhausted = 0;
  uint64_t by_ear = 0;
  uint64_t ear_prefixes_cut = 0;
  uint64_t chunks = 0;
  uint64_t suggestions = 0;
  double fastest_seconds = 0;  // sum over words of the fastest of the runs

  void Add(const Totals& o) {
    words += o.words;
    work += o.work;
    word_probes += o.word_probes;
    filter_hits += o.filter_hits;
    fingerprint_rejects += o.fingerprint_rejects;
    expansions += o.expansions;
    max_work = std::max(max_work, o.max_work);
    budget_exhausted += o.budget_exhausted;
    by_ear += o.by_ear;
    ear_prefixes_cut += o.ear_prefixes_cut;
    chunks += o.chunks;
    suggestions += o.suggestions;
    fastest_seconds += o.fastest_seconds;
  }
};

class Answerer {
 public:
  // With several languages (--lang en_US,de_DE) a word's suggestions are
  // every language's, merged by cost (language_suggester.h).
  Answerer(const LanguageSet& languages, const SuggestOptions& options,
           int repeat)
      : suggester_(languages, options), repeat_(repeat) {}

  void SetUserWords(size_t language, const std::vector<std::string>& words) {
    suggester_.SetUserWords(language, words);
  }

  // The line for `word`, "word: s1, s2, ...\n"; counts into totals().
  std::string Answer(std::string_view word) {
    std::vector<std::string> s;
    double fastest = 0;
    for (int r = 0; r < repeat_; ++r) {
      const auto start = std::chrono::steady_clock::now();
      s = suggester_.SuggestAny(word);
      const double t = std::chrono::duration<double>(
                           std::chrono::steady_clock::now() - start)
                           .count();
      if (r == 0 || t < fastest) fastest = t;
    }
    totals_.fastest_seconds += fastest;
    std::string line = SuggestionLine(word, s);
    line.push_back('\n');
    // The statistics are the first language's search's.
    const SuggestStats& st = suggester_.suggester(0).stats();
    ++totals_.words;
    totals_.work += st.work;
    totals_.word_probes += st.word_probes;
    totals_.filter_hits += st.filter_hits;
    totals_.fingerprint_rejects += st.fingerprint_rejects;
    totals_.expansions += st.expansions;
    totals_.max_work = std::max(totals_.max_work, st.work);
    totals_.budget_exhausted += st.budget_exhausted;
    totals_.by_ear += st.by_ear;
    totals_.ear_prefixes_cut += st.ear_prefixes_cut;
    totals_.chunks += st.chunks;
    totals_.suggestions += s.size();
    return line;
  }

  const Totals& totals() const { return totals_; }
  Suggester& suggester() { return suggester_.suggester(0); }

 private:
  LanguageSuggester suggester_;
  int repeat_;
  Totals totals_;
};

// Up to `jobs` answerers, made when a chunk first has words enough for
// them (each holds a Suggester and its scratch buffers: a one-word pipe
// at -j 64 should not pay for 64).
struct Answerers {
  unsigned jobs = 1;
  std::function<std::unique_ptr<Answerer>()> make;
  std::vector<std::unique_ptr<Answerer>> made;
};

// Answers `words` and prints their lines in input order. With several
// answerers, each on its own thread takes the next kSliceWords words in
// turn, so a run of hard words does not leave the other threads idle.
// Returns false when stdout fails.
bool AnswerAll(const std::vector<std::string_view>& words, Answerers& all) {
  std::vector<std::string> lines(words.size());
  const size_t threads = std::min<size_t>(
      all.jobs, std::max<size_t>(1, words.size() / kMinWordsPerThread));
  while (all.made.size() < threads) all.made.push_back(all.make());
  std::vector<std::unique_ptr<Answerer>>& answerers = all.made;
  std::atomic<size_t> next{0};
  auto answer = [&words, &answerers, &lines, &next](size_t t) {
    for (;;) {
      const size_t start = next.fetch_add(kSliceWords);
      if (start >= words.size()) return;
      const size_t end = std::min(words.size(), start + kSliceWords);
      for (size_t i = start; i < end; ++i) {
        lines[i] = answerers[t]->Answer(words[i]);
      }
    }
  };
  std::vector<std::thread> workers;
  for (size_t t = 1; t < threads; ++t) {
    try {
      workers.emplace_back(answer, t);
    } catch (const std::system_error&) {
      break;  // no more threads to be had: the others take their words
    }
  }
  answer(0);
  for (std::thread& w : workers) w.join();
  std::string out;
  for (const std::string& line : lines) out += line;
  return (out.empty() ||
          std::fwrite(out.data(), 1, out.size(), stdout) == out.size()) &&
         std::fflush(stdout) == 0;
}

void PrintStats(Answerers& all) {
  if (all.made.empty()) all.made.push_back(all.make());
  Totals t;
  for (const auto& a : all.made) t.Add(a->totals());
  Suggester& s = all.made.front()->suggester();
  const double n = t.words ? static_cast<double>(t.words) : 1.0;
  std::fprintf(stderr,
               "words %llu; per word: %.1f suggestions, %.0f work (max %llu), "
               "%.0f prefix expansions, %.0f word probes, %.2f filter hits, "
               "%.4f fingerprint rejects; budget exhausted %llu times; "
               "searched by ear %llu times (%.1f prefixes cut by the sound "
               "prefixes per word); "
               "for runs of letters left out or typed too many %llu times; "
               "prefix filter %s, word classes %s, sound prefixes %s; %.1f us "
               "per word (fastest of the runs of each)\n",
               static_cast<unsigned long long>(t.words), t.suggestions / n,
               t.work / n, static_cast<unsigned long long>(t.max_work),
               t.expansions / n, t.word_probes / n, t.filter_hits / n,
               t.fingerprint_rejects / n,
               static_cast<unsigned long long>(t.budget_exhausted),
               static_cast<unsigned long long>(t.by_ear),
               t.ear_prefixes_cut / n,
               static_cast<unsigned long long>(t.chunks),
               s.has_prefix_filter() ? "yes" : "no",
               s.has_word_classes() ? "yes" : "no",
               s.has_sound_prefixes() ? "yes" : "no",
               1e6 * t.fastest_seconds / n);
}

int RunSuggest(const SuggestArgs& a) {
  if (a.max == 0) return ReportError("suggest: --max must be at least 1");
  StatusOr<LanguageSet> languages = OpenLanguages(
      a.dictionary, DictionaryUse::kCheckAndSuggest, a.language);
  if (!languages.ok()) return ReportError(languages.status().message());
  SuggestOptions options = a.options;
  options.max_suggestions = a.max;
  if (a.repeat < 1) return ReportError("suggest: --repeat must be at least 1");
  // Never more threads than cores: each answerer holds its own search state.
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const unsigned jobs = a.jobs > 0 ? std::min(a.jobs, cores) : cores;
  // Each language's user words (a list named by --user: the first's).
  std::vector<std::vector<std::string>> user_words(languages->size());
  for (size_t l = 0; l < languages->size(); ++l) {
    UserWordsOption option = a.user;
    if (l > 0) option.path.clear();
    StatusOr<std::unique_ptr<UserDictionary>> opened =
        OpenUserWordsForChecking(option, languages->dictionary(l));
    if (!opened.ok()) return ReportError(opened.status().message());
    if (const std::unique_ptr<UserDictionary>& user = *opened) {
      if (StatusOr<std::vector<std::string>> words = user->Words();
          words.ok()) {
        user_words[l] = std::move(words).value();
      }
    }
  }
  Answerers answerers;
  answerers.jobs = jobs;
  answerers.make = [&languages, &options, &a, &user_words] {
    auto answerer = std::make_unique<Answerer>(*languages, options, a.repeat);
    for (size_t l = 0; l < user_words.size(); ++l) {
      if (!user_words[l].empty()) answerer->SetUserWords(l, user_words[l]);
    }
    return answerer;
  };

  std::vector<std::string_view> words;
  if (!a.words.empty()) {
    words.assign(a.words.begin(), a.words.end());
    if (!AnswerAll(words, answerers)) {
      return ReportError("<stdout>: write failed");
    }
  } else {
    TextReader reader(0, "<stdin>");
    for (;;) {
      std::string_view chunk;
      if (Status s = reader.Next(&chunk); !s.ok()) {
        return ReportError(s.message());
      }
      if (chunk.empty()) break;
      words.clear();
      while (!chunk.empty()) {
        const size_t nl = chunk.find('\n');
        std::string_view line = chunk.substr(0, nl);
        chunk.remove_prefix(nl == std::string_view::npos ? chunk.size()
                                                         : nl + 1);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!line.empty()) words.push_back(line);
      }
      if (!AnswerAll(words, answerers)) {
        return ReportError("<stdout>: write failed");
      }
    }
  }
  if (a.stats) PrintStats(answerers);
  return kExitOk;
}

}  // namespace

Command AddSuggestCommand(CLI::App* parent) {
  auto args = std::make_shared<SuggestArgs>();
  CLI::App* c = parent->add_subcommand(
      "suggest",
      "Print corrections for each WORD (or each line of stdin), best first, "
      "as 'word: s1, s2, ...' ('word:' if none)");
  c->add_option("words", args->words,
                "Words as typed; none: read one word per line from stdin");
  c->add_option("-n,--max", args->max, "Most suggestions per word")
      ->capture_default_str();
  AddUserOptions(c, &args->user, /*allow_disable=*/true);
  CLI::Option* dict =
      c->add_option("-d,--dict", args->dictionary,
                    "Dictionary file (default: $SPELLFILTER_DICTIONARY, "
                    "~/.config/spellfilter/en_US.sfd, PREFIX/share/spellfilter, "
                    "the build tree)");
  AddLangOption(c, &args->language, dict);
  c->add_option("--max-edits", args->options.max_edits,
                "Experiments: most edits per candidate (0-" +
                    std::to_string(kMaxEdits) + ")")
      ->check(CLI::Range(0, kMaxEdits).description(""))
      ->capture_default_str();
  c->add_option("--max-cost", args->options.max_cost,
                "Experiments: most edit weight per candidate")
      ->capture_default_str();
  c->add_option("--wide-below", args->options.wide_search_below,
                "Experiments: search a third edit and sound-alike spellings "
                "only if no candidate within one edit costs less (0: always)")
      ->capture_default_str();
  c->add_flag("!--no-sound-alike", args->options.sound_alike,
              "Experiments: no sound-alike spellings (ph/f, vowel runs)");
  c->add_flag("!--no-by-ear", args->options.by_ear,
              "Experiments: no words found by their sound (English)");
  c->add_option("--by-ear-below", args->options.by_ear_below,
                "Experiments: search words by their sound only if no "
                "candidate costs less (0: always)")
      ->capture_default_str();
  c->add_option("--by-ear-edit", args->options.by_ear_edit,
                "Experiments: 0 same sounds; 1 also up to two left out or two "
                "swapped; 2 also one changed or added")
      ->capture_default_str();
  c->add_flag("!--no-compounds", args->options.compounds,
              "Experiments: no compounds corrected part by part");
  c->add_flag("!--no-replacements", args->options.replacements,
              "Experiments: no REP and MAP rules of the dictionary's .aff");
  c->add_flag("!--no-chunks", args->options.chunks,
              "Experiments: no runs of letters left out or typed too many");
  c->add_flag("!--no-sound-prefixes", args->options.sound_prefixes,
              "Experiments: walk by ear without the dictionary's sound "
              "prefixes (as for a file without them)");
  c->add_flag("!--no-bound", args->options.bounded,
              "Experiments: search without bounding by the cost of the "
              "--max'th candidate found (same list, more work)");
  c->add_option("--chunks-below", args->options.chunks_below,
                "Experiments: look for runs of letters left out or typed too "
                "many only if no candidate costs less (0: always)")
      ->capture_default_str();
  c->add_option("--inflection-cost", args->options.inflection_cost,
                "Experiments: cost of a verb ending put on a word that does "
                "not take it ('splitted', 'stucked'; English; 0: not searched)")
      ->capture_default_str();
  c->add_option("--work-budget", args->options.work_budget,
                "Experiments: most hash computations per word")
      ->capture_default_str();
  c->add_option("--repeat", args->repeat,
                "Experiments: compute each word's suggestions this many times "
                "(--stats then reports the fastest run of each)")
      ->capture_default_str();
  c->add_flag("--stats", args->stats,
              "Print the mean search cost per word on stderr at the end");
  c->add_option("-j,--jobs", args->jobs,
                "Threads; 0: one per core, and never more than the cores. "
                "Output order is unchanged")
      ->capture_default_str();
  return Command{c, [args] { return RunSuggest(*args); }};
}

}  // namespace spellfilter::cli
