// spellfilter build WORDS [-o FILE] [--fp P] [--capacity N] [--lang TAG]
//                         [--layout blocked|classic] [--block-bits 512|1024]
//                         [--bits M --hashes K --seed S]
// spellfilter build --hunspell xx_XX.dic [...]: expands a Hunspell dictionary
// (the .dic and the .aff beside it; core/hunspell/import.h).
#include <fcntl.h>
#include <sys/stat.h>
#include <unicode/uloc.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <thread>

#include "app/cli/command.h"
#include "core/dictionary/builder.h"
#include "core/dictionary/compound_parts_list.h"
#include "core/util/file_io.h"
#include "core/hunspell/import.h"
#include "core/text/text_reader.h"

namespace spellfilter::cli {
namespace {

struct BuildArgs {
  std::string input;
  std::string output;
  double fp = kDefaultFalsePositiveRate;
  std::optional<uint64_t> capacity;
  std::string language = "und";
  Layout layout = Layout::kBlocked;
  uint32_t block_bits = kWideBlockBits;
  std::optional<uint64_t> bits;
  std::optional<uint32_t> hashes;
  uint64_t seed = 0;
  bool quiet = false;
  bool no_suggestion_data = false;
  double prefix_fp = kDefaultPrefixFalsePositiveRate;
  bool hunspell = false;    // `input` is a Hunspell .dic
  bool no_compounds = false;  // --hunspell without the compound parts
  AffixMode affixes = AffixMode::kAuto;  // --affixes
  std::string compound_parts;  // --compound-parts: a list of parts
  bool lang_given = false;  // --lang was on the command line
  unsigned jobs = 0;        // 0: automatic
};

std::string DefaultOutput(const std::string& input) {
  const size_t slash = input.rfind('/');
  const size_t dot = input.rfind('.');
  const bool has_ext =
      dot != std::string::npos && (slash == std::string::npos || dot > slash);
  return (has_ext ? input.substr(0, dot) : input) + ".sfd";
}

// Thousands separators for the summary.
std::string Group(uint64_t v) {
  std::string s = std::to_string(v);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(i, ",");
  return s;
}

class Progress {
 public:
  Progress(int fd, bool enabled) : enabled_(enabled && isatty(2)) {
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) total_ = st.st_size;
  }
  void Update(uint64_t done) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    if (total_ > 0) {
      std::fprintf(stderr, "\rreading word list: %3d%%",
                   static_cast<int>(100.0 * done / total_));
    } else {
      std::fprintf(stderr, "\rreading word list: %s bytes", Group(done).c_str());
    }
    shown_ = true;
  }
  void Done() {
    if (shown_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  bool enabled_;
  bool shown_ = false;
  uint64_t total_ = 0;
  std::chrono::steady_clock::time_point last_{};
};

// Reads the word list into `builder`, showing progress on a terminal.
// Calls on_line(line, number) for each line of `reader`'s input (the last
// may lack its '\n'), then on_chunk() after each chunk; stops at the first
// error either returns.
template <typename OnLine, typename OnChunk>
Status ForEachLine(TextReader& reader, OnLine on_line, OnChunk on_chunk) {
  uint64_t line_number = 0;
  for (;;) {
    std::string_view chunk;
    if (Status s = reader.Next(&chunk); !s.ok() || chunk.empty()) return s;
    while (!chunk.empty()) {
      const size_t nl = chunk.find('\n');
      const std::string_view line = chunk.substr(0, nl);
      chunk.remove_prefix(nl == std::string_view::npos ? chunk.size() : nl + 1);
      if (Status s = on_line(line, ++line_number); !s.ok()) return s;
    }
    on_chunk();
  }
}

Status ReadWordList(const BuildArgs& a, DictionaryBuilder* builder) {
  const bool from_stdin = a.input == "-";
  const int fd = from_stdin ? 0 : ::open(a.input.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoStatus(a.input, errno);
  const std::string name = from_stdin ? "<stdin>" : a.input;
  TextReader reader(fd, name);
  Progress progress(fd, !a.quiet);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) builder->Reserve(st.st_size);
  const Status status = ForEachLine(
      reader,
      [&](std::string_view line, uint64_t number) {
        return builder->AddLine(line, name, number);
      },
      [&] { progress.Update(reader.bytes_read()); });
  progress.Done();
  if (!from_stdin) ::close(fd);
  return status;
}

// Reads --compound-parts' list (compound_parts_list.h) into `builder`.
Status ReadCompoundParts(const std::string& path, DictionaryBuilder* builder) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoStatus(path, errno);
  builder->EnableCompounds(CompoundPartsListSettings());
  TextReader reader(fd, path);
  const Status status = ForEachLine(
      reader,
      [&](std::string_view line, uint64_t number) {
        return AddCompoundPartsLine(line, path + ":" + std::to_string(number),
                                    builder);
      },
      [] {});
  ::close(fd);
  return status;
}

// "xx_XX.aff" -> "xx_XX.dic": --hunspell accepts either file of the pair.
std::string DicOfPair(const std::string& path) {
  if (path.size() > 4 && path.ends_with(".aff")) {
    return path.substr(0, path.size() - 4) + ".dic";
  }
  return path;
}

bool IsCountLine(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
    line.remove_suffix(1);
  }
  if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
  return !line.empty() && line.find_first_not_of("0123456789") ==
                              std::string_view::npos;
}

// Whether a word list given without --hunspell is a Hunspell .dic: its
// first line is a count, and an .aff lies beside it or its lines carry
// /FLAGS. Such a file would store "hello/S" and the count as words.
bool LooksLikeHunspellDic(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char head[64 * 1024];
  const ssize_t n = ::pread(fd, head, sizeof(head), 0);
  ::close(fd);
  if (n <= 0) return false;
  std::string_view h(head, static_cast<size_t>(n));
  const size_t nl = h.find('\n');
  if (nl == std::string_view::npos || !IsCountLine(h.substr(0, nl))) {
    return false;
  }
  std::string aff = path;
  const size_t slash = aff.rfind('/');
  const size_t dot = aff.rfind('.');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) {
    aff.resize(dot);
  }
  aff += ".aff";
  struct stat st;
  if (::stat(aff.c_str(), &st) == 0) return true;
  h.remove_prefix(nl + 1);
  for (size_t lines = 0; !h.empty() && lines < 100; ++lines) {
    const size_t end = h.find('\n');
    const std::string_view line = h.substr(0, end);
    const size_t slash_at = line.find('/');
    if (slash_at != std::string_view::npos && slash_at > 0 &&
        line[slash_at - 1] != '\\') {
      return true;
    }
    if (end == std::string_view::npos) break;
    h.remove_prefix(end + 1);
  }
  return false;
}

// Whether ICU parses the whole of `tag` as a BCP 47 language tag.
bool IsLanguageTag(const std::string& tag) {
  if (tag.empty()) return false;
  char locale[ULOC_FULLNAME_CAPACITY];
  int32_t parsed = 0;
  UErrorCode status = U_ZERO_ERROR;
  uloc_forLanguageTag(tag.c_str(), locale, sizeof(locale), &parsed, &status);
  return U_SUCCESS(status) && parsed == static_cast<int32_t>(tag.size());
}

// What the Hunspell expansion did, and what it could not do.
void PrintHunspellSummary(std::FILE* out, const HunspellImport& h,
                          const HunspellImportSummary& hs) {
  const ExpandStats& e = hs.expand;
  if (hs.affix_aware) {
    std::fprintf(out,
                 "  hunspell        %s entries -> %s stems and %s flag keys, "
                 "affix rules kept (over %s forms; docs/affix_dictionaries.md)\n"
                 "                  probes per misspelling %.3g, per-probe "
                 "rate %.3g",
                 Group(e.entries).c_str(), Group(e.stems).c_str(),
                 Group(hs.stem_keys).c_str(), Group(kAutoExpandForms).c_str(),
                 hs.probes_per_word, hs.probe_fp);
    if (e.forms > 0) {
      std::fprintf(out, ", %s forms of KEEPCASE entries",
                   Group(e.forms).c_str());
    }
  } else {
    std::fprintf(out, "  hunspell        %s entries -> %s word forms",
                 Group(e.entries).c_str(), Group(e.forms).c_str());
  }
  if (e.upper_forms > 0) {
    std::fprintf(out, " (%s ALL UPPER forms of mixed-case words)",
                Group(e.upper_forms).c_str());
  }
  std::fprintf(out, "\n");
  if (hs.estimated_forms > 0 || e.steps > 0) {
    std::fprintf(out, "                  %s affix applications tried",
                 Group(e.steps).c_str());
    if (hs.estimated_forms == UINT64_MAX) {
      std::fprintf(out, "; a sample of the entries is over the expansion's "
                        "limits, so stems kept without expanding");
    } else if (hs.estimated_forms > 0) {
      std::fprintf(out, "; about %s forms estimated from a sample%s",
                   Group(hs.estimated_forms).c_str(),
                   hs.kept_by_estimate ? ", so stems kept without expanding"
                                       : "");
    }
    std::fprintf(out, "\n");
  }
  if (e.forbidden_entries + e.forbidden_forms > 0) {
    std::fprintf(out, "                  forbidden: %s entries, %s forms dropped\n",
                Group(e.forbidden_entries).c_str(),
                Group(e.forbidden_forms).c_str());
  }
  const CompoundRules& cr = h.rules().compound;
  if (h.compounds() && cr.any_or_rules() && cr.max_parts != 1) {
    std::fprintf(out,
        "                  compounds: %s parts by position and flag (%s "
        "stems only occur inside compounds), COMPOUNDMIN %u",
        Group(e.compound_parts).c_str(),
        Group(e.compound_only_entries).c_str(), cr.min_part);
    if (cr.max_parts > 0) std::fprintf(out, ", COMPOUNDWORDMAX %u", cr.max_parts);
    if (!cr.rules.empty()) {
      std::fprintf(out, ", %zu COMPOUNDRULE patterns", cr.rules.size());
    }
    std::fprintf(out, "\n");
  } else if (h.rules().compounding) {
    std::fprintf(out,
        "                  compound parts not kept (--no-compounds, or "
        "COMPOUNDWORDMAX 1): a compound word is accepted only if the .dic "
        "lists it\n");
  }
  if (!cr.unsupported.empty()) {
    std::string names;
    for (const std::string& n : cr.unsupported) {
      names += names.empty() ? n : ", " + n;
    }
    std::fprintf(out, "                  not applied: %s "
                "(docs/hunspell_dictionaries.md)\n",
                names.c_str());
  }
  if (e.multiword_entries > 0) {
    std::fprintf(out, "                  %s multi-word entries skipped\n",
                Group(e.multiword_entries).c_str());
  }
  if (hs.skipped_forms > 0) {
    std::fprintf(out, "                  %s forms skipped (not storable words)\n",
                Group(hs.skipped_forms).c_str());
  }
  const uint64_t warnings = hs.aff_warning_count + e.warning_count;
  if (warnings > 0) {
    std::fprintf(out, "                  %s warnings (first: %s)\n",
                Group(warnings).c_str(),
                (hs.aff_warnings.empty() ? e.warnings : hs.aff_warnings)
                    .front()
                    .c_str());
  }
}

int RunBuild(const BuildArgs& a) {
  const bool from_stdin = a.input == "-";
  if (from_stdin && a.output.empty()) {
    return ReportError("build: reading the word list from stdin needs -o FILE");
  }
  if (from_stdin && a.hunspell) {
    return ReportError("build: --hunspell needs the .dic file (its .aff is "
                       "read from beside it), not stdin");
  }
  const std::string input = a.hunspell ? DicOfPair(a.input) : a.input;
  if (a.lang_given && !IsLanguageTag(a.language)) {
    return ReportError("build: --lang '" + a.language +
                       "': not a BCP 47 language tag (e.g. en-GB, de-DE, "
                       "pt-BR, und)");
  }
  if (!a.hunspell && !from_stdin && LooksLikeHunspellDic(input)) {
    return ReportError(
        "build: " + input +
        ": looks like a Hunspell .dic (a count on the first line, and "
        "word/FLAGS lines or an .aff beside it); use --hunspell to expand "
        "it with its .aff");
  }
  const std::string output = a.output.empty() ? DefaultOutput(input) : a.output;
  // -o -: the dictionary on stdout (not a terminal), the summary on stderr.
  const bool to_stdout = output == "-";
  if (to_stdout && isatty(1)) {
    return ReportError("build: -o -: refusing to write a dictionary to a "
                       "terminal; redirect stdout");
  }
  // A target that exists and is not a regular file (a device, a FIFO, a
  // directory) is refused before the work, not after it.
  if (!to_stdout) {
    if (StatusOr<std::string> t = ResolveWriteTarget(output); !t.ok()) {
      return ReportError("build: " + t.status().message());
    }
  }
  std::optional<HunspellImport> hunspell;
  if (a.hunspell) {
    StatusOr<HunspellImport> h = HunspellImport::Open(input);
    if (!h.ok()) return ReportError(h.status().message());
    hunspell.emplace(std::move(h).value());
    hunspell->set_compounds(!a.no_compounds);
    hunspell->set_affix_mode(a.affixes);
  }

  BuildOptions options;
  options.fp = a.fp;
  options.capacity = a.capacity;
  options.language = a.language;
  options.layout = a.layout;
  options.block_bits = a.block_bits;
  options.bits = a.bits;
  options.probes = a.hashes;
  options.seed = a.seed;
  options.suggestion_data = !a.no_suggestion_data;
  options.prefix_fp = a.prefix_fp;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  options.threads = a.jobs > 0 ? std::min(a.jobs, cores) : cores;
  if (hunspell && !a.lang_given) options.language = hunspell->language();
  DictionaryBuilder builder(options);
  if (!builder.status().ok()) {
    return ReportError("build: " + builder.status().message());
  }

  HunspellImportSummary hunspell_summary;
  const Status status =
      hunspell ? hunspell->AddTo(&builder, options.language, &hunspell_summary)
               : ReadWordList(a, &builder);
  if (!status.ok()) return ReportError(status.message());
  if (!a.compound_parts.empty()) {
    if (hunspell) {
      return ReportError("build: --compound-parts: not with --hunspell");
    }
    const Status parts = ReadCompoundParts(a.compound_parts, &builder);
    if (!parts.ok()) return ReportError(parts.message());
  }

  BuildSummary s;
  StatusOr<std::string> image = builder.Finish(&s);
  if (!image.ok()) return ReportError("build: " + image.status().message());
  if (s.words == 0) {
    ReportWarning((from_stdin ? std::string("<stdin>") : input) +
                  ": no words (an empty word list): the dictionary accepts "
                  "nothing");
  }
  if (to_stdout) {
    if (std::fwrite(image->data(), 1, image->size(), stdout) != image->size() ||
        std::fflush(stdout) != 0) {
      return ReportError("build: <stdout>: " +
                         std::string(std::strerror(errno)));
    }
  } else if (Status w = WriteFileAtomically(output, *image); !w.ok()) {
    return ReportError("build: " + w.message());
  }
  if (a.quiet) return kExitOk;
  std::FILE* out = to_stdout ? stderr : stdout;
  const double m = static_cast<double>(s.params.bits);
  std::fprintf(out, "wrote %s\n", to_stdout ? "<stdout>" : output.c_str());
  std::fprintf(out, "  words           %s", Group(s.words).c_str());
  if (s.duplicates > 0) {
    std::fprintf(out, " (%s duplicates counted once)", Group(s.duplicates).c_str());
  }
  if (s.upper_forms > 0) {
    std::fprintf(out, ", and %s ALL UPPER forms of mixed-case words (PHD for PhD)",
                Group(s.upper_forms).c_str());
  }
  const uint64_t keys = s.words + s.upper_forms;
  std::fprintf(out, "\n  capacity        %s (room for %s more words)\n",
              Group(s.capacity).c_str(),
              Group(s.capacity > keys ? s.capacity - keys : 0).c_str());
  std::fprintf(out, "  layout          %s\n",
              BloomFilter::DescribeLayout(s.params).c_str());
  std::fprintf(out, "  bits            %s (%.2f per word, %.2f per word at capacity)\n",
              Group(s.params.bits).c_str(), s.words ? m / s.words : 0.0,
              m / s.capacity);
  std::fprintf(out, "  probes          %u\n", s.params.probes);
  std::fprintf(out, "  seed            %llu\n",
              static_cast<unsigned long long>(s.params.seed));
  std::fprintf(out, "  predicted fp    %.3g now, %.3g at capacity (target %.3g)\n",
              s.predicted_fp, s.predicted_fp_at_capacity, a.fp);
  std::fprintf(out, "  file size       %s bytes (%.2f bytes per word)\n",
              Group(s.file_bytes).c_str(),
              s.words ? static_cast<double>(s.file_bytes) / s.words : 0.0);
  if (s.sound_skeletons > 0) {
    std::fprintf(out, "  sound skeletons %s distinct, %s bytes (%.3g per probe)\n",
                Group(s.sound_skeletons).c_str(),
                Group(s.sound_skeleton_bytes).c_str(),
                kDefaultSkeletonFalsePositiveRate);
  }
  if (s.sound_prefixes > 0) {
    std::fprintf(out, "  sound prefixes  %s (skeleton, first letters) pairs, %s "
                "bytes (%.3g per probe)\n",
                Group(s.sound_prefixes).c_str(),
                Group(s.sound_prefix_bytes).c_str(),
                kDefaultSoundPrefixFalsePositiveRate);
  }
  if (s.mixed_case_words > 0) {
    std::fprintf(out, "  mixed case      %s words (\"JavaScript\"), %s bytes\n",
                Group(s.mixed_case_words).c_str(),
                Group(s.mixed_case_bytes).c_str());
  }
  if (s.compound_parts > 0) {
    std::fprintf(out, "  compound parts  %s (role, part) keys, %s bytes (%.2f bits "
                "per key, %.3g per probe)\n",
                Group(s.compound_parts).c_str(),
                Group(s.compound_bytes).c_str(),
                8.0 * static_cast<double>(s.compound_bytes) / s.compound_parts,
                kDefaultCompoundFalsePositiveRate);
  }
  if (s.keep_case_words > 0) {
    std::fprintf(out, "  keep case       %s words valid only as written, %s bytes "
                "(%.3g per probe)\n",
                Group(s.keep_case_words).c_str(),
                Group(s.keep_case_bytes).c_str(),
                kDefaultKeepCaseFalsePositiveRate);
  }
  if (hunspell) PrintHunspellSummary(out, *hunspell, hunspell_summary);
  return kExitOk;
}

}  // namespace

Command AddBuildCommand(CLI::App* parent) {
  auto args = std::make_shared<BuildArgs>();
  CLI::App* c = parent->add_subcommand(
      "build", "Compile a word list (UTF-8, one word per line) into a dictionary");
  c->add_option("words", args->input,
                "Word list; '-' reads stdin. Blank lines and '#' comments are "
                "ignored; a TAB-separated second column (a commonness class, "
                "smaller = commoner) is kept for ranking suggestions. With "
                "--hunspell: the .dic")
      ->required();
  c->add_flag("--hunspell", args->hunspell,
              "WORDS is a Hunspell .dic (with its .aff beside it; either file "
              "of the pair may be named): expand its "
              "affixes into word forms; the language comes from the file "
              "name (de_DE -> de-DE) unless --lang is given. Compounding "
              "flags (German) are kept as a compound parts section");
  c->add_option("-o,--output", args->output,
                "Dictionary file to write (default: the list's name with .sfd); "
                "'-' writes it to stdout (not a terminal) and the summary to "
                "stderr. A symbolic link is followed and the file it names "
                "replaced, keeping its mode; a target that is not a regular "
                "file is refused");
  c->add_option("--fp", args->fp, "Target false-positive rate at capacity")
      ->capture_default_str();
  c->add_option("--capacity", args->capacity,
                "Words to size for (default: list + max(10%, 10000) for user words)");
  CLI::Option* lang = c->add_option("--lang", args->language,
                "Language tag (BCP 47, checked by ICU), used for case rules")
      ->capture_default_str();
  const std::map<std::string, Layout> layouts = {
      {"blocked", Layout::kBlocked}, {"classic", Layout::kClassic}};
  c->add_option("--layout", args->layout,
                "blocked: one block of --block-bits per word (default); "
                "classic: k probes over the whole array")
      ->transform(CLI::CheckedTransformer(layouts, CLI::ignore_case));
  c->add_option("--block-bits", args->block_bits,
                "Experiments: the blocked layout's block, 1024 (two cache "
                "lines, smaller file) or 512 (one cache line)")
      ->check(CLI::IsMember({kBlockBits, kWideBlockBits}))
      ->capture_default_str();
  c->add_option("--bits", args->bits, "Experiments: filter size in bits");
  c->add_option("--hashes", args->hashes, "Experiments: number of probes k");
  c->add_option("--seed", args->seed, "Hash seed")->capture_default_str();
  const std::map<std::string, AffixMode> affix_modes = {
      {"auto", AffixMode::kAuto},
      {"expand", AffixMode::kExpand},
      {"keep", AffixMode::kKeep}};
  c->add_option("--affixes", args->affixes,
                "With --hunspell: auto (default) lists every word form when "
                "there are at most 4 million (and 20 times the files' size), "
                "else keeps stems and affix rules; expand always lists forms; keep always keeps stems "
                "and rules (docs/affix_dictionaries.md)")
      ->transform(CLI::CheckedTransformer(affix_modes, CLI::ignore_case));
  c->add_flag("--no-compounds", args->no_compounds,
              "With --hunspell: leave the compound parts out (compounds are "
              "then accepted only if the .dic lists them)");
  c->add_option("--compound-parts", args->compound_parts,
                "Also accept compounds of the parts listed in this file, one "
                "'part<TAB>roles' a line (roles: b begins a compound, m stands "
                "inside, e ends it), as cspell's compound words; not with "
                "--hunspell");
  c->add_flag("--no-suggestion-data", args->no_suggestion_data,
              "Leave out the prefix filter, word classes and sound skeletons: "
              "a smaller file for checking only; suggestions are then "
              "distance 1, unranked");
  c->add_option("--prefix-fp", args->prefix_fp,
                "Experiments: false-edge rate of the prefix filter (time "
                "against size of the suggestion data)")
      ->capture_default_str();
  c->add_option("-j,--jobs", args->jobs,
                "Threads (default: one per core; never more than the cores); "
                "with 2 or more the "
                "suggestion data is built beside the filter. The file is the "
                "same");
  c->add_flag("-q,--quiet", args->quiet, "No summary, no progress");
  return Command{c, [args, lang] {
                   args->lang_given = lang->count() > 0;
                   return RunBuild(*args);
                 }};
}

}  // namespace spellfilter::cli
