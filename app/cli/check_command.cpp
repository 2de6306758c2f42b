// spellfilter check [FILE...]: prints each misspelled word, in order of
// appearance (like `hunspell -l`, `aspell list`); --suggest adds
// suggestions, --format chooses words|lines|json (misspelling_output.h),
// --unique prints each word once, -j N checks several files on N threads
// (file_pool.h), or one file's chunks on N threads (output order unchanged), --mode markdown or tex (the defaults for *.md
// and *.tex files) leaves code and markup unchecked (core/text/markdown_filter.h,
// tex_filter.h), --mode code (the default for source files by extension,
// core/text/code_language.h) checks comments, strings and identifier parts
// (code_filter.h, code_option.h), each word at most 5 times per file
// (--max-repeats). A directory is walked (tree_walk.h); the
// nearest .spellfilter.toml applies to each file (project_config.h).
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <vector>

#include "app/cli/code_option.h"
#include "app/cli/command.h"
#include "app/cli/dictionary_option.h"
#include "app/cli/file_pool.h"
#include "app/cli/misspelling_output.h"
#include "app/project/project_words.h"
#include "app/project/project_config.h"
#include "app/cli/tree_walk.h"
#include "app/cli/remembered_suggestions.h"
#include "core/text/tex_filter.h"
#include "app/cli/user_option.h"
#include "core/catalog/language_set.h"
#include "core/catalog/language_suggester.h"
#include "core/check/language_checker.h"
#include "core/util/file_io.h"
#include "core/util/huge_pages.h"
#include "core/text/code_filter.h"
#include "core/text/code_language.h"
#include "core/text/markdown_filter.h"
#include "core/suggest/suggester.h"
#include "core/text/text_reader.h"

namespace spellfilter::cli {
namespace {

// What the input is: auto chooses by the file's name.
enum class TextMode { kAuto, kText, kMarkdown, kTex, kCode };

struct CheckArgs {
  std::vector<std::string> files;
  TextMode mode = TextMode::kAuto;
  std::string dictionary;
  std::string language;  // --lang: a tag, found by the language catalog
  UserWordsOption user;
  bool suggest = false;
  size_t max_suggestions = kDefaultMaxSuggestions;
  OutputFormat format = OutputFormat::kWords;
  ColumnUnit columns = ColumnUnit::kBytes;
  bool unique = false;
  unsigned jobs = 1;
  CodeOption code;
};

// What one thread needs: LanguageChecker, LanguageSuggester and
// UserDictionary are not thread-safe, so each worker has its own, over the
// shared dictionaries. With several languages (--lang en_US,de_DE or auto)
// each misspelling's suggestions come from its sentence's language.
class Worker {
 public:
  // `users` (entries may be null) are shared by all workers, one per
  // language, read-only while they run; `user_words` are their words, for
  // suggestions.
  Worker(const LanguageSet& languages,
         std::span<const std::unique_ptr<UserDictionary>> users,
         const std::vector<std::vector<std::string>>& user_words,
         const CheckArgs& a)
      : checker_(languages.NewChecker()), answered_(languages.size()) {
    for (size_t l = 0; l < users.size(); ++l) {
      checker_->SetUserWords(l, users[l].get());
    }
    if (a.suggest) {
      SuggestOptions options;
      options.max_suggestions = a.max_suggestions;
      suggester_ = std::make_unique<LanguageSuggester>(languages, options);
      for (size_t l = 0; l < user_words.size(); ++l) {
        if (!user_words[l].empty()) {
          suggester_->SetUserWords(l, user_words[l]);
        }
      }
    }
  }

  // Code mode on (with the programming words and the language family's,
  // if any) or off.
  void SetCode(bool on, size_t min_length, const Dictionary* programming,
               const Dictionary* family) {
    checker_->SetCodeWords(on ? min_length : 0);
    checker_->SetExtraDictionary(on ? programming : nullptr,
                                 on ? family : nullptr);
  }

  // The project's words and flag words (nullptr: none).
  void SetProject(const ProjectConfig* project) { project_ = project; }

  // `code`: the chunk's stretches of code (InputFilter::Blank's).
  void Check(std::string_view chunk, std::span<const CodeSpan> code,
             std::vector<Found>* out) {
    checker_->Check(chunk, &misspelled_, code);
    languages_ = checker_->languages();
    if (project_ != nullptr) {
      // ProjectWords drops misspellings: keep each one's language with it.
      for (size_t i = 0; i < misspelled_.size(); ++i) {
        language_at_[misspelled_[i].offset] = languages_[i];
      }
      project_words_.Apply(*project_, chunk, &misspelled_);
    }
    out->clear();
    for (size_t i = 0; i < misspelled_.size(); ++i) {
      const Misspelling& m = misspelled_[i];
      const std::string_view word = chunk.substr(m.offset, m.length);
      if (project_ != nullptr) {
        auto flag = project_->flag_words.find(word);
        if (flag != project_->flag_words.end()) {
          out->push_back(Found{m.offset, m.length, {}});
          if (suggester_ && !flag->second.empty()) {
            out->back().suggestions = {flag->second};
          }
          continue;
        }
      }
      out->push_back(Found{m.offset, m.length, {}});
      if (suggester_) {
        size_t language = 0;
        if (project_ != nullptr) {
          const auto it = language_at_.find(m.offset);
          if (it != language_at_.end()) language = it->second;
        } else {
          language = languages_[i];
        }
        out->back().suggestions = answered_[language].Get(
            suggester_->suggester(language), word);
      }
    }
    language_at_.clear();
  }

 private:
  const ProjectConfig* project_ = nullptr;
  ProjectWords project_words_;
  std::unique_ptr<LanguageChecker> checker_;
  std::unique_ptr<LanguageSuggester> suggester_;
  std::vector<Misspelling> misspelled_;
  std::vector<size_t> languages_;
  std::unordered_map<size_t, size_t> language_at_;  // offset -> language
  // Each distinct misspelling is searched once per worker and language.
  std::vector<RememberedSuggestions> answered_;
};

// Blanks, in place and in input order, what an input's mode leaves
// unchecked: Markdown's code and markup, or what Hunspell's TeX mode skips.
class InputFilter {
 public:
  InputFilter(TextMode mode, CodeLanguage language, CodeScope scope,
              const ProjectConfig* project)
      : mode_(mode), code_(language, scope), project_(project) {}
  bool active() const {
    return mode_ == TextMode::kMarkdown || mode_ == TextMode::kTex ||
           mode_ == TextMode::kCode ||
           (project_ != nullptr && !project_->ignore.empty());
  }

  // *code (cleared first) receives the chunk's stretches of code, outside
  // comments and strings, in code mode.
  void Blank(std::span<char> chunk, std::vector<CodeSpan>* code) {
    code->clear();
    if (project_ != nullptr) project_->BlankIgnored(chunk.data(), chunk.size());
    if (mode_ == TextMode::kText) return;
    if (mode_ == TextMode::kMarkdown) {
      markdown_.Blank(chunk);
      return;
    }
    if (mode_ == TextMode::kCode) {
      code_.Blank(chunk, code);
      return;
    }
    // TexFilter works line by line on a copy. It blanks bytes; UTF-8
    // continuation bytes are kept, so a blanked character stays one
    // character (columns), as in the Markdown filter.
    char* p = chunk.data();
    char* const end = p + chunk.size();
    while (p < end) {
      char* nl = std::find(p, end, '\n');
      line_.assign(p, nl);
      tex_.Blank(&line_);
      for (size_t i = 0; i < line_.size(); ++i) {
        if ((static_cast<unsigned char>(p[i]) & 0xC0) != 0x80) p[i] = line_[i];
      }
      p = nl < end ? nl + 1 : end;
    }
  }

 private:
  TextMode mode_;
  MarkdownFilter markdown_;
  CodeFilter code_;
  const ProjectConfig* project_;
  TexFilter tex_;
  std::string line_;
};

// Checks one input with several workers: the main thread reads chunks into
// a ring of 2 slots per worker and prints finished slots in input order,
// while persistent worker threads take queued slots and check them. Reading
// and printing overlap the checking, and memory stays at two chunks per
// worker.
StatusOr<uint64_t> CheckStreamParallel(
    TextReader& reader, std::span<std::unique_ptr<Worker>> workers,
    InputFilter* filter, MisspellingOutput* out) {
  // A slot's chunk stays in the reader's buffer that it was read into: the
  // reader takes the slot's buffer in exchange (TextReader::NextExchanging),
  // so the text is never copied.
  struct Slot {
    explicit Slot(size_t bytes) : buffer(bytes) {}
    HugeBytes buffer;
    std::string_view text;
    std::vector<Found> found;
    std::vector<CodeSpan> code;
    bool done = false;
  };
  const size_t ring = 2 * workers.size();
  std::vector<Slot> slots;
  slots.reserve(ring);
  for (size_t i = 0; i < ring; ++i) slots.emplace_back(reader.buffer_bytes());
  std::mutex mu;
  std::condition_variable work_cv;
  std::condition_variable done_cv;
  std::deque<size_t> queue;  // slot indices waiting for a worker
  bool stop = false;

  std::vector<std::thread> threads;
  Status thread_error;
  for (std::unique_ptr<Worker>& worker : workers) {
    // A thread that cannot be created (ulimit -u, memory for its stack)
    // leaves fewer to share the chunks; with none, this thread checks them.
    if (!thread_error.ok()) break;
    try {
    threads.emplace_back([&, w = worker.get()] {
      for (;;) {
        size_t i;
        {
          std::unique_lock<std::mutex> lock(mu);
          work_cv.wait(lock, [&] { return stop || !queue.empty(); });
          if (queue.empty()) return;
          i = queue.front();
          queue.pop_front();
        }
        w->Check(slots[i].text, slots[i].code, &slots[i].found);
        {
          std::lock_guard<std::mutex> lock(mu);
          slots[i].done = true;
        }
        done_cv.notify_all();
      }
    });
    } catch (const std::system_error& e) {
      thread_error = Status::IOError(e.what());
    }
  }
  Worker* const inline_worker = threads.empty() ? workers[0].get() : nullptr;

  Status error = Status::Ok();
  bool end = false;
  uint64_t filled = 0;   // chunks read so far
  uint64_t printed = 0;  // chunks printed so far
  uint64_t count = 0;
  for (;;) {
    while (!end && filled - printed < ring) {
      Slot& slot = slots[filled % ring];
      std::string_view chunk;
      if (Status s = reader.NextExchanging(&slot.buffer, &chunk); !s.ok()) {
        error = s;
        end = true;
      } else if (chunk.empty()) {
        end = true;
      } else {
        // Blanked here, in input order: the filter's state runs on.
        if (filter != nullptr) {
          filter->Blank(std::span<char>(
              slot.buffer.data() + (chunk.data() - slot.buffer.data()),
              chunk.size()), &slot.code);
        }
        slot.text = chunk;
        {
          std::lock_guard<std::mutex> lock(mu);
          slot.done = false;
          queue.push_back(filled % ring);
        }
        work_cv.notify_one();
        ++filled;
      }
    }
    if (printed == filled) break;
    Slot& slot = slots[printed % ring];
    if (inline_worker != nullptr) {
      std::lock_guard<std::mutex> lock(mu);
      while (!queue.empty()) {
        Slot& s = slots[queue.front()];
        queue.pop_front();
        inline_worker->Check(s.text, s.code, &s.found);
        s.done = true;
      }
    }
    {
      std::unique_lock<std::mutex> lock(mu);
      done_cv.wait(lock, [&] { return slot.done; });
    }
    out->Chunk(slot.text, slot.found);
    count += slot.found.size();
    ++printed;
  }
  {
    std::lock_guard<std::mutex> lock(mu);
    stop = true;
  }
  work_cv.notify_all();
  for (std::thread& t : threads) t.join();
  if (!error.ok()) return error;
  return count;
}

// What the first bytes of an input say it is. UTF-16 and UTF-32 are
// recognised by their byte-order mark; a NUL byte in the first block marks
// binary data, as grep decides. A pipe is judged by what its first read
// brings (TextReader::Peek), so that a slow one is not waited for.
enum class InputKind { kText, kUtf16Or32, kBinary };
constexpr size_t kSniffBytes = 32 * 1024;

InputKind SniffHead(std::string_view head, std::string* encoding) {
  const std::string_view h = head.substr(0, kSniffBytes);
  if (h.starts_with(std::string_view("\xFF\xFE\0\0", 4))) {
    *encoding = "UTF-32LE";
  } else if (h.starts_with(std::string_view("\0\0\xFE\xFF", 4))) {
    *encoding = "UTF-32BE";
  } else if (h.starts_with("\xFF\xFE")) {
    *encoding = "UTF-16LE";
  } else if (h.starts_with("\xFE\xFF")) {
    *encoding = "UTF-16BE";
  }
  if (!encoding->empty()) return InputKind::kUtf16Or32;
  return h.find('\0') != std::string_view::npos ? InputKind::kBinary
                                                 : InputKind::kText;
}

// Checks one input; returns the number of misspellings or an error (after
// printing what preceded it). Input in UTF-16/32 is an error; binary input
// is not checked, and *warning says so.
StatusOr<uint64_t> CheckStream(int fd, const std::string& name,
                               std::span<std::unique_ptr<Worker>> workers,
                               TextMode mode, CodeLanguage language,
                               CodeScope scope, const ProjectConfig* project,
                               MisspellingOutput* out, std::string* warning) {
  const size_t n = workers.size();
  // One worker checks each chunk as it comes, so smaller chunks only save
  // memory (a 128 KiB buffer instead of 2 MiB: it counts in the peak RSS
  // that docs/benchmarks.md compares with Aspell's) at no measurable cost
  // in speed. Several workers share the chunks out: 128 KiB (up to 256 KiB
  // each) keeps them evenly busy to the end of a 5-10 MB input (1 MiB
  // chunks left one idle for the last ones: -j 2 on 10 MB 15.6 ms instead
  // of 14.0), costs nothing on 50 MB, and holds 1.3 MB of buffers
  // instead of 10 (peak RSS with -j 2: 8.6 MB instead of 20-34).
  constexpr size_t kSingleChunkBytes = 16 * 1024;
  constexpr size_t kParallelChunkBytes = 128 * 1024;
  TextReader reader(fd, name, n == 1 ? kSingleChunkBytes : kParallelChunkBytes);
  std::string_view head;
  if (Status s = reader.Peek(&head); !s.ok()) return s;
  std::string encoding;
  switch (SniffHead(head, &encoding)) {
    case InputKind::kText:
      break;
    case InputKind::kUtf16Or32:
      return Status::InvalidArgument(
          name + ": " + encoding +
          " text (byte-order mark); spellfilter reads UTF-8: convert it "
          "first, e.g. iconv -f " + encoding + " -t UTF-8");
    case InputKind::kBinary:
      *warning = name + ": binary file (a NUL byte in its first " +
                 std::to_string(kSniffBytes / 1024) + " KiB), not checked";
      return uint64_t{0};
  }
  out->BeginInput(name);
  InputFilter filter(mode, language, scope, project);
  InputFilter* blank = filter.active() ? &filter : nullptr;
  if (n > 1) return CheckStreamParallel(reader, workers, blank, out);
  // One worker: no copies, no threads. The filter blanks a buffer of its
  // own, which the reader takes in exchange for the next chunk.
  std::optional<HugeBytes> own;
  if (blank != nullptr) own.emplace(reader.buffer_bytes());
  std::vector<Found> found;
  std::vector<CodeSpan> code;
  uint64_t count = 0;
  for (;;) {
    std::string_view chunk;
    if (Status s = blank == nullptr ? reader.Next(&chunk)
                                    : reader.NextExchanging(&*own, &chunk);
        !s.ok()) {
      return s;
    }
    if (chunk.empty()) return count;
    if (blank != nullptr) {
      blank->Blank(std::span<char>(own->data() + (chunk.data() - own->data()),
                                   chunk.size()), &code);
    }
    workers[0]->Check(chunk, code, &found);
    out->Chunk(chunk, found);
    count += found.size();
  }
}


// Markdown for *.md, *.markdown and the like, TeX for *.tex, *.ltx and
// *.latex (any case), code for source files (code_language.h), else text.
TextMode ModeOfName(const std::string& file) {
  const size_t dot = file.rfind('.');
  if (dot == std::string::npos || file.find('/', dot) != std::string::npos) {
    return CodeLanguageOfFileName(file) ? TextMode::kCode : TextMode::kText;
  }
  std::string ext = file.substr(dot + 1);
  for (char& c : ext) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (ext == "md" || ext == "markdown" || ext == "mdown" || ext == "mkd" ||
      ext == "mkdn" || ext == "mdwn") {
    return TextMode::kMarkdown;
  }
  if (ext == "tex" || ext == "ltx" || ext == "latex") return TextMode::kTex;
  if (CodeLanguageOfFileName(file)) return TextMode::kCode;
  return TextMode::kText;
}

// A mode as a project file names it (project_config.h checks the names).
TextMode ModeOfConfigName(const std::string& name) {
  if (name == "markdown") return TextMode::kMarkdown;
  if (name == "tex") return TextMode::kTex;
  if (name == "code") return TextMode::kCode;
  return TextMode::kText;
}

// Checks one input (a file or "-") with `workers` (one, or several that
// share its chunks), printing to *out; returns the number of misspellings
// or an error (after what preceded it is printed).
StatusOr<uint64_t> CheckFile(
    const std::string& file,
    const StatusOr<std::shared_ptr<const ProjectConfig>>& config,
    const CheckArgs& a, const CodeDictionaries& code,
    std::span<std::unique_ptr<Worker>> workers, MisspellingOutput* out,
    std::string* warning) {
  const bool is_stdin = file == "-";
  // A directory walk's error, or a broken project file: said before the
  // file is opened (it may be a folder that cannot be).
  if (!config.ok()) return config.status();
  const int fd = is_stdin ? 0 : OpenBeyondPathMax(file, O_RDONLY);
  if (fd < 0) return ErrnoStatus(file, errno);
  const std::shared_ptr<const ProjectConfig>& project = config.value();
  std::optional<std::string> project_mode;
  if (project) project_mode = project->ModeFor(file);
  const TextMode mode = a.mode != TextMode::kAuto ? a.mode
                        : is_stdin                ? TextMode::kText
                        : project_mode            ? ModeOfConfigName(*project_mode)
                                                  : ModeOfName(file);
  // Code of an unknown language (stdin, --mode code on any file) is
  // lexed as C-like.
  const CodeLanguage language =
      CodeLanguageOfFileName(file).value_or(CodeLanguage::kCLike);
  // The language's own words (C family, Python) by the file's name; none
  // for stdin's code.
  const Dictionary* family = is_stdin ? nullptr : code.ForFileName(file);
  out->SetMaxRepeats(mode == TextMode::kCode ? a.code.max_repeats : 0);
  for (std::unique_ptr<Worker>& w : workers) {
    w->SetCode(mode == TextMode::kCode, a.code.min_length,
               code.programming.get(), family);
    w->SetProject(project.get());
  }
  StatusOr<uint64_t> n =
      CheckStream(fd, is_stdin ? "<stdin>" : file, workers, mode, language,
                  a.code.scope, project.get(), out, warning);
  if (!is_stdin) ::close(fd);
  return n;
}

int RunCheck(const CheckArgs& a) {
  StatusOr<LanguageSet> languages = OpenLanguages(
      a.dictionary, a.suggest ? DictionaryUse::kCheckAndSuggest
                              : DictionaryUse::kCheckOnly, a.language);
  if (!languages.ok()) return ReportError(languages.status().message());
  if (a.suggest && a.max_suggestions == 0) {
    return ReportError("check: --max must be at least 1");
  }
  // More threads than cores only cost memory and start-up (-j 20000 took
  // 1.7 GB): the work is all computation.
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const unsigned jobs = a.jobs == 0 ? cores : std::min(a.jobs, cores);
  // One user list per language for all workers: they only read them. A
  // list named by --user is the first language's.
  std::vector<std::unique_ptr<UserDictionary>> users;
  std::vector<std::vector<std::string>> user_words(languages->size());
  for (size_t l = 0; l < languages->size(); ++l) {
    UserWordsOption option = a.user;
    if (l > 0) option.path.clear();
    StatusOr<std::unique_ptr<UserDictionary>> opened =
        OpenUserWordsForChecking(option, languages->dictionary(l));
    if (!opened.ok()) return ReportError(opened.status().message());
    users.push_back(std::move(opened).value());
    if (users.back() != nullptr && a.suggest) {
      if (StatusOr<std::vector<std::string>> w = users.back()->Words(); w.ok()) {
        user_words[l] = std::move(w).value();
      }
    }
  }
  std::vector<std::unique_ptr<Worker>> workers;
  for (unsigned i = 0; i < jobs; ++i) {
    workers.push_back(
        std::make_unique<Worker>(*languages, users, user_words, a));
  }
  StatusOr<CodeDictionaries> code = OpenCodeDictionaries(a.code);
  if (!code.ok()) return ReportError(code.status().message());
  MisspellingOutput out(a.format, a.suggest, a.unique, a.columns);

  bool failed = false;
  // Directories become the files under them (tree_walk.h); what the walk
  // could not read stays in its place as an input that fails with the
  // walk's error (reported in order, exit 2 at the end, as grep -r).
  ProjectConfigFinder configs;
  std::vector<std::string> files;
  std::vector<Status> walk_errors;
  for (const std::string& f : a.files) {
    std::error_code ec;
    if (f == "-" || !std::filesystem::is_directory(f, ec)) {
      files.push_back(f);
      walk_errors.push_back(Status::Ok());
      continue;
    }
    for (WalkEntry& e : FilesToCheck(f, &configs)) {
      files.push_back(std::move(e.path));
      walk_errors.push_back(std::move(e.error));
    }
  }
  if (a.files.empty()) {
    files.push_back("-");
    walk_errors.push_back(Status::Ok());
  }
  // The project file of each input, looked up here in input order (the
  // finder is not shared between threads).
  std::vector<StatusOr<std::shared_ptr<const ProjectConfig>>> projects;
  projects.reserve(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    const std::string& file = files[i];
    projects.push_back(!walk_errors[i].ok() ? walk_errors[i]
                       : file == "-"
                           ? StatusOr<std::shared_ptr<const ProjectConfig>>(
                                 std::shared_ptr<const ProjectConfig>())
                           : configs.For(file));
  }
  uint64_t misspelled = 0;
  auto report = [&](const StatusOr<uint64_t>& n, const std::string& warning) {
    if (!warning.empty()) {
      out.Flush();
      ReportWarning(warning);
    }
    if (n.ok()) {
      misspelled += n.value();
      return;
    }
    out.Flush();
    ReportError(n.status().message());
    failed = true;
  };
  const std::span<std::unique_ptr<Worker>> all(workers);
  if (workers.size() == 1 || files.size() == 1) {
    // One input shares its chunks among the workers (CheckStreamParallel).
    for (size_t i = 0; i < files.size(); ++i) {
      std::string warning;
      report(CheckFile(files[i], projects[i], a, *code, all, &out,
                       &warning),
             warning);
    }
  } else {
    // Several inputs: one worker per file at a time (file_pool.h), each
    // file's lines kept and printed in input order.
    struct Done {
      std::vector<OutputLine> lines;
      StatusOr<uint64_t> n = uint64_t{0};
      std::string warning;
    };
    std::vector<Done> done(files.size());
    RunInOrder(
        files.size(), workers.size(),
        [&](size_t i, size_t t) {
          MisspellingOutput own(a.format, a.suggest, a.unique, a.columns,
                                &done[i].lines);
          done[i].n = CheckFile(files[i], projects[i], a, *code,
                                all.subspan(t, 1), &own, &done[i].warning);
          own.Flush();
        },
        [&](size_t i) {
          out.Print(done[i].lines);
          report(done[i].n, done[i].warning);
          done[i] = Done();
        });
  }
  out.Flush();
  if (std::fflush(stdout) != 0) return ReportError("<stdout>: write failed");
  if (failed) return kExitError;
  return misspelled > 0 ? kExitMisspelled : kExitOk;
}

}  // namespace

Command AddCheckCommand(CLI::App* parent) {
  auto args = std::make_shared<CheckArgs>();
  CLI::App* c = parent->add_subcommand(
      "check", "Print the misspelled words of the files (or stdin), one per line");
  c->add_option("files", args->files,
                "Text files, UTF-8, or directories (the files under them, "
                "without what .gitignore and .spellfilter.toml exclude); "
                "'-' or none: stdin");
  CLI::Option* dict = c->add_option(
      "-d,--dict", args->dictionary,
      "Dictionary file (default: $SPELLFILTER_DICTIONARY, "
      "~/.config/spellfilter/en_US.sfd, PREFIX/share/spellfilter, "
      "the build tree)");
  c->add_option("--lang", args->language, kLangOptionHelp)->excludes(dict);
  AddUserOptions(c, &args->user, /*allow_disable=*/true);
  c->add_flag("-s,--suggest", args->suggest,
              "Add suggestions, best first ('word: s1, s2, ...')");
  c->add_option("-n,--max", args->max_suggestions,
                "With --suggest: most suggestions per word")
      ->capture_default_str();
  const std::map<std::string, OutputFormat> formats = {
      {"words", OutputFormat::kWords},
      {"lines", OutputFormat::kLines},
      {"json", OutputFormat::kJson}};
  c->add_option("-f,--format", args->format,
                "words: one per line; lines: FILE:LINE:COLUMN: word (1-based, "
                "columns as --columns says); json: one object per line with "
                "file, line, column, offset (bytes), word[, suggestions]")
      ->transform(CLI::CheckedTransformer(formats, CLI::ignore_case));
  const std::map<std::string, ColumnUnit> units = {
      {"bytes", ColumnUnit::kBytes}, {"chars", ColumnUnit::kChars}};
  c->add_option("--columns", args->columns,
                "What -f lines and json columns count: bytes (default; as "
                "gcc and grep, for Vim's quickfix and Emacs's compilation "
                "mode) or chars (code points, for tools that count "
                "characters, e.g. LSP-like consumers in UTF-32)")
      ->transform(CLI::CheckedTransformer(units, CLI::ignore_case))
      ->default_str("bytes");
  const std::map<std::string, TextMode> modes = {
      {"auto", TextMode::kAuto},
      {"text", TextMode::kText},
      {"markdown", TextMode::kMarkdown},
      {"tex", TextMode::kTex},
      {"code", TextMode::kCode}};
  c->add_option("-m,--mode", args->mode,
                "What the input is: text; markdown (code blocks and spans, "
                "link targets and HTML tags are not checked); tex (commands, "
                "math, comments and non-text arguments are not checked, as "
                "in hunspell -t); code (comments, strings and identifiers split "
                "into words; programming words known); or auto: markdown for "
                "*.md, tex for *.tex, code for source files, else text")
      ->transform(CLI::CheckedTransformer(modes, CLI::ignore_case))
      ->default_str("auto");
  AddCodeOptions(c, &args->code, /*repeats=*/true);
  c->add_flag("-u,--unique", args->unique, "Print each misspelled word once");
  c->add_option("-j,--jobs", args->jobs,
                "Threads; 0: one per core, and never more than the cores. "
                "Output order is unchanged")
      ->capture_default_str();
  return Command{c, [args] { return RunCheck(*args); }};
}

}  // namespace spellfilter::cli
