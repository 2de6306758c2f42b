// spellfilter stats [DICT|--lang TAG] [--measure FILE]: the filter's parameters, fill,
// the word count estimated from the fill, the predicted false-positive rate
// by the classic formula and by the exact or layout-specific one, and
// optionally the rate measured on a list of words known to be absent.
// An affix-aware dictionary (docs/affix_dictionaries.md) also shows its
// rules, the probes a misspelling costs (E[A], measured by the builder) and
// the per-word rate they make of the per-probe one; --measure then counts
// whole lookups, so its figure is per word.
// With user words (--user, or the default list when it exists): their
// layers, and the compound rate of base and user words together.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <memory>

#include "app/cli/command.h"
#include "app/cli/dictionary_option.h"
#include "app/cli/user_option.h"
#include "core/dictionary/affix_lookup.h"
#include "core/dictionary/builder.h"
#include "core/dictionary/dictionary.h"
#include "core/filter/false_positive_math.h"
#include "core/filter/prefix_filter.h"
#include "core/filter/prefix_graph.h"
#include "core/filter/sound_prefix_filter.h"
#include "core/text/text_reader.h"
#include "core/text/word_forms.h"
#include "core/util/byte_order.h"

namespace spellfilter::cli {
namespace {

struct StatsArgs {
  std::string dictionary;
  std::string language;  // --lang
  std::string measure;
  UserWordsOption user;
};

struct Measurement {
  uint64_t probes = 0;
  uint64_t positives = 0;
};

// A word counts as accepted when the base or the user words (if any) have
// it: the compound rate.
StatusOr<Measurement> Measure(const Dictionary& dict, const UserDictionary* user,
                              const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoStatus(path, errno);
  TextReader reader(fd, path);
  WordForms forms(dict.language(), false);
  std::string normalized;
  Measurement m;
  for (;;) {
    std::string_view chunk;
    if (Status s = reader.Next(&chunk); !s.ok()) {
      ::close(fd);
      return s;
    }
    if (chunk.empty()) break;
    while (!chunk.empty()) {
      const size_t nl = chunk.find('\n');
      std::string_view word = chunk.substr(0, nl);
      chunk.remove_prefix(nl == std::string_view::npos ? chunk.size() : nl + 1);
      if (!word.empty() && word.back() == '\r') word.remove_suffix(1);
      if (word.empty() || !forms.Normalize(word, &normalized)) continue;
      ++m.probes;
      m.positives += dict.Contains(normalized) ||
                     (user != nullptr && user->Contains(normalized));
    }
  }
  ::close(fd);
  return m;
}

// The sections only suggestions read, with the prefix filter's parameters
// (docs/dictionary_format.md).
void PrintSuggestionSections(const DictionaryContents& c) {
  PrefixFilter prefixes;
  PrefixGraph graph;
  if (c.prefixes.empty() && c.prefix_graph.size() > kPrefixHeaderBytes &&
      PrefixGraph::Parse(c.prefix_graph.subspan(kPrefixHeaderBytes), &graph) ==
          nullptr) {
    // The filter is made from the graph when suggesting.
    std::printf(
        "prefix graph      %zu bytes, %llu nodes, %llu edges (%u bits per "
        "edge), for a prefix filter of %llu trie edges made when suggesting "
        "(%llu bytes)\n",
        c.prefix_graph.size(), static_cast<unsigned long long>(graph.nodes()),
        static_cast<unsigned long long>(graph.slots() - PrefixGraph::kLeaves),
        graph.slot_bits(),
        static_cast<unsigned long long>(
            GetFixed<uint64_t>(c.prefix_graph.data() + 24)),
        static_cast<unsigned long long>(
            kPrefixHeaderBytes +
            GetFixed<uint64_t>(c.prefix_graph.data() + 8) / 8));
  } else if (c.prefixes.empty() ||
             PrefixFilter::Parse(c.prefixes, &prefixes) != nullptr) {
    std::printf(
        "suggestion data   none (built with --no-suggestion-data): "
        "one edit, unranked\n");
    return;
  } else {
    std::printf(
        "prefix filter     %zu bytes, %llu trie edges (%.1f bits per "
        "edge), %u probes, %s probes, target fp %.3g\n",
        c.prefixes.size(), static_cast<unsigned long long>(prefixes.edges()),
        prefixes.edges() ? static_cast<double>(prefixes.bits()) /
                               static_cast<double>(prefixes.edges())
                         : 0.0,
        prefixes.probes(),
        prefixes.scheme() == ProbeScheme::kSum ? "sum" : "xor (older)",
        prefixes.target_fp());
  }
  std::printf("word classes      %zu bytes\n", c.word_classes.size());
  std::printf("sound skeletons   %zu bytes\n", c.sound_skeletons.size());
  SoundPrefixFilter sound_prefixes;
  if (!c.sound_prefixes.empty() &&
      SoundPrefixFilter::Parse(c.sound_prefixes, &sound_prefixes) == nullptr) {
    std::printf(
        "sound prefixes    %zu bytes, %llu pairs of a skeleton and up to %u "
        "first letters, target fp %.3g\n",
        c.sound_prefixes.size(),
        static_cast<unsigned long long>(sound_prefixes.pairs()),
        sound_prefixes.depth(), sound_prefixes.target_fp());
  } else {
    std::printf("sound prefixes    none\n");
  }
  std::printf("mixed case        %zu bytes\n", c.mixed_case.size());
}

// How the words are stored: every form a key (one probe a word), or stems
// with the .aff's rules, where a misspelling costs E[A] probes and the
// per-word rate is about E[A] times the per-probe one (an upper bound: the
// STEMS filter stops most candidate stems before the main filter).
void PrintStorage(const Dictionary& dict, double per_probe) {
  const AffixLookup* affixes = dict.affixes();
  if (affixes == nullptr || !affixes->table().has_rules()) {
    std::printf("stored            expanded: every word form is a key, one "
                "probe a word%s\n",
                affixes != nullptr ? " (input conversions kept)" : "");
    return;
  }
  const AffixTable& t = affixes->table();
  std::printf("stored            affix-aware: stems and flags as keys, %zu "
              "prefix and %zu suffix rules, %zu input conversions\n",
              t.prefixes.size(), t.suffixes.size(), t.iconv.size());
  if (!dict.stems().empty()) {
    std::printf("  stems filter    %llu stems, target fp %.3g (a prefilter: "
                "candidate stems it rejects cost no probe)\n",
                static_cast<unsigned long long>(dict.stems().stems()),
                dict.stems().target_fp());
  }
  std::printf("  probes E[A]     %.3g per misspelling, measured at build\n",
              t.probes_per_word);
  std::printf("  per-word fp     %.4g  E[A] x the predicted rate above "
              "(target %.3g; an upper bound)\n",
              t.probes_per_word * per_probe, t.word_fp);
}

// The user word layers (core/filter/scalable_filter.h) and the compound rate.
void PrintUserWords(const UserDictionary& user, double target) {
  const ScalableFilter& f = user.filter();
  const ScalableGeometry& g = f.geometry();
  // The filter's keys are the words and the ALL UPPER forms of those in
  // mixed case ("GITLAB" for "GitLab").
  const StatusOr<std::vector<std::string>> words = user.Words();
  const uint64_t listed = words.ok() ? words->size() : user.size();
  std::printf(
      "user words        %llu in %s%s\n",
      static_cast<unsigned long long>(listed), user.path().c_str(),
      user.filter_was_cached() ? "" : " (filter rebuilt from the list)");
  if (user.size() > listed) {
    std::printf(
        "  upper forms     %llu (ALL UPPER forms of mixed-case words, "
        "keys of the filter too)\n",
        static_cast<unsigned long long>(user.size() - listed));
  }
  std::printf("  budget          %.4g = target - base rate at build, split "
              "p_i = budget/2^(i+1)\n",
              g.budget);
  std::printf("  layers          %zu (first holds %llu words = the base's "
              "headroom; each next twice as many)\n",
              f.layers().size(),
              static_cast<unsigned long long>(g.first_capacity));
  for (size_t i = 0; i < f.layers().size(); ++i) {
    const FilterLayer& l = f.layers()[i];
    std::printf("  layer %-2zu        %llu of %llu words, %llu bits (%.2f per "
                "word at capacity), k %u, target %.3g, predicted %.3g\n",
                i, static_cast<unsigned long long>(l.words),
                static_cast<unsigned long long>(l.capacity),
                static_cast<unsigned long long>(l.params.bits),
                static_cast<double>(l.params.bits) / l.capacity,
                l.params.probes, l.target, PredictedRate(l.params, l.words));
  }
  std::printf("  user fp         %.4g predicted (bound %.4g while these "
              "layers last)\n",
              f.PredictedRate(), f.RateBound());
  const double compound = user.CompoundRate();
  std::printf("compound fp       %.4g  base %.4g + user words, "
              "1 - (1 - f_base)(1 - f_user); target %.3g%s\n",
              compound, user.BaseRate(), target,
              compound <= target ? "" : "  ABOVE TARGET");
}

int RunStats(const StatsArgs& a) {
  StatusOr<std::unique_ptr<Dictionary>> opened = OpenDictionary(a.dictionary, DictionaryUse::kCheckAndSuggest, a.language);
  if (!opened.ok()) return ReportError(opened.status().message());
  const Dictionary& dict = **opened;
  const DictionaryContents& c = dict.contents();
  const BloomParams& p = c.filter;
  const double m = static_cast<double>(p.bits);
  const int k = static_cast<int>(p.probes);
  const uint64_t n = c.words_at_build;
  const uint64_t set = dict.filter().CountSetBits();

  std::printf("dictionary        %s\n", dict.name().c_str());
  std::printf("format            version %u, hash XXH3-128, seed %llu\n",
              kFormatVersion, static_cast<unsigned long long>(p.seed));
  std::printf("language          %s\n", c.language.c_str());
  std::printf("layout            %s\n",
              BloomFilter::DescribeLayout(p).c_str());
  std::printf("bits (m)          %llu (%llu bytes)\n",
              static_cast<unsigned long long>(p.bits),
              static_cast<unsigned long long>(p.bits / 8));
  std::printf("probes (k)        %d\n", k);
  std::printf("words at build    %llu (%.2f bits per word)\n",
              static_cast<unsigned long long>(n), n ? m / n : 0.0);
  std::printf("capacity          %llu\n", static_cast<unsigned long long>(c.capacity));
  std::printf("target fp         %.3g at capacity\n", c.target_fp);
  std::printf("alphabet          %zu code points\n", c.alphabet.size());
  std::printf("bits set (X)      %llu (%.4f of m)\n",
              static_cast<unsigned long long>(set), set / m);
  if (p.layout == Layout::kBlocked) {
    std::printf("estimated words   %.0f  (fill inverted for %u-bit blocks)\n",
                fpmath::EstimateCountBlocked(p.bits / p.block_bits,
                                             static_cast<int>(p.block_bits), k,
                                             static_cast<double>(set)),
                p.block_bits);
  } else {
    std::printf("estimated words   %.0f  (n* = -(m/k) ln(1 - X/m))\n",
                fpmath::EstimateCount(m, k, static_cast<double>(set)));
  }
  std::printf("predicted fp      %.4g  classic formula (1 - e^(-kn/m))^k\n",
              fpmath::ClassicRate(m, static_cast<double>(n), k));
  if (p.layout == Layout::kBlocked) {
    std::printf("                  %.4g  blocked layout, exact within blocks\n",
                PredictedRate(p, n));
  } else if (std::optional<double> exact = fpmath::ExactRate(p.bits, n, k)) {
    std::printf("                  %.4g  exact (Christensen et al. 2010)\n",
                *exact);
  } else {
    std::printf("                  (filter too large for the exact formula)\n");
  }
  std::printf("  at capacity     %.4g\n", PredictedRate(p, c.capacity));
  PrintStorage(dict, PredictedRate(p, n));
  PrintSuggestionSections(c);

  StatusOr<std::unique_ptr<UserDictionary>> opened_user =
      OpenUserWordsForChecking(a.user, dict);
  if (!opened_user.ok()) return ReportError(opened_user.status().message());
  const std::unique_ptr<UserDictionary> user = std::move(opened_user).value();
  if (user != nullptr) PrintUserWords(*user, c.target_fp);

  if (!a.measure.empty()) {
    StatusOr<Measurement> r = Measure(dict, user.get(), a.measure);
    if (!r.ok()) return ReportError(r.status().message());
    const double rate = r->probes ? double(r->positives) / r->probes : 0.0;
    const double se = r->probes ? std::sqrt(rate * (1 - rate) / r->probes) : 0.0;
    std::printf("measured fp       %.4g +- %.2g  (%llu of %llu absent words "
                "accepted%s%s)\n",
                rate, se, static_cast<unsigned long long>(r->positives),
                static_cast<unsigned long long>(r->probes),
                user != nullptr ? " by base or user words" : "",
                dict.affixes() != nullptr && dict.affixes()->table().has_rules()
                    ? ", each through the affix rules: a per-word rate"
                    : "");
  }
  return kExitOk;
}

}  // namespace

Command AddStatsCommand(CLI::App* parent) {
  auto args = std::make_shared<StatsArgs>();
  CLI::App* c = parent->add_subcommand(
      "stats", "Show a dictionary's filter parameters and false-positive rates");
  CLI::Option* dict =
      c->add_option("dictionary", args->dictionary,
                    "Dictionary file (default: the default dictionary)");
  AddLangOption(c, &args->language, dict);
  c->add_option("--measure", args->measure,
                "Measure the false-positive rate on FILE, words known not to "
                "be in the dictionary, one per line");
  AddUserOptions(c, &args->user, /*allow_disable=*/true);
  return Command{c, [args] { return RunStats(*args); }};
}

}  // namespace spellfilter::cli
