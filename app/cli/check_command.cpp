// spellfilter check [FILE...] [--dict FILE]: prints each misspelled word on
// its own line, in order of appearance (like `hunspell -l`, `aspell list`);
// with --suggest, as "word: s1, s2, ..." (suggest_command.cpp).
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <memory>
#include <vector>

#include "app/cli/command.h"
#include "app/cli/dictionary_option.h"
#include "app/cli/suggestion_line.h"
#include "app/cli/user_option.h"
#include "core/checker.h"
#include "core/suggester.h"
#include "core/text_reader.h"

namespace spellfilter::cli {
namespace {

struct CheckArgs {
  std::vector<std::string> files;
  std::string dictionary;
  UserWordsOption user;
  bool suggest = false;
  size_t max_suggestions = kDefaultMaxSuggestions;
};

class Output {
 public:
  ~Output() { Flush(); }
  void Line(std::string_view s) {
    buffer_.append(s);
    buffer_.push_back('\n');
    if (buffer_.size() >= kFlushBytes) Flush();
  }
  void Flush() {
    if (!buffer_.empty()) std::fwrite(buffer_.data(), 1, buffer_.size(), stdout);
    buffer_.clear();
  }

 private:
  static constexpr size_t kFlushBytes = 64 * 1024;
  std::string buffer_;
};

// Checks one input; returns the number of misspellings or an error.
// `suggester` may be null (no suggestions).
StatusOr<uint64_t> CheckStream(int fd, const std::string& name,
                               Checker* checker, Suggester* suggester,
                               Output* out) {
  TextReader reader(fd, name);
  std::vector<Misspelling> found;
  uint64_t count = 0;
  for (;;) {
    std::string_view chunk;
    if (Status s = reader.Next(&chunk); !s.ok()) return s;
    if (chunk.empty()) return count;
    checker->Check(chunk, &found);
    for (const Misspelling& m : found) {
      const std::string_view word = chunk.substr(m.offset, m.length);
      if (suggester == nullptr) {
        out->Line(word);
      } else {
        out->Line(SuggestionLine(word, suggester->Suggest(word)));
      }
    }
    count += found.size();
  }
}

int RunCheck(const CheckArgs& a) {
  StatusOr<std::unique_ptr<Dictionary>> dict = OpenDictionary(a.dictionary);
  if (!dict.ok()) return ReportError(dict.status().message());
  Checker checker(**dict);
  const std::unique_ptr<UserDictionary> user =
      OpenUserWordsForChecking(a.user, **dict);
  checker.SetUserWords(user.get());
  if (a.suggest && a.max_suggestions == 0) {
    return ReportError("check: --max must be at least 1");
  }
  std::unique_ptr<Suggester> suggester;
  if (a.suggest) {
    SuggestOptions options;
    options.max_suggestions = a.max_suggestions;
    suggester = std::make_unique<Suggester>(**dict, options);
  }
  Output out;

  std::vector<std::string> files = a.files;
  if (files.empty()) files.push_back("-");
  bool failed = false;
  uint64_t misspelled = 0;
  for (const std::string& file : files) {
    const bool is_stdin = file == "-";
    const int fd = is_stdin ? 0 : ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      out.Flush();
      ReportError(ErrnoStatus(file, errno).message());
      failed = true;
      continue;
    }
    StatusOr<uint64_t> n = CheckStream(fd, is_stdin ? "<stdin>" : file,
                                       &checker, suggester.get(), &out);
    if (!is_stdin) ::close(fd);
    if (!n.ok()) {
      out.Flush();
      ReportError(n.status().message());
      failed = true;
      continue;
    }
    misspelled += *n;
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
  c->add_option("files", args->files, "Text files, UTF-8; '-' or none: stdin");
  c->add_option("-d,--dict", args->dictionary,
                "Dictionary file (default: $SPELLFILTER_DICTIONARY, "
                "~/.config/spellfilter/en_US.sfd, PREFIX/share/spellfilter, "
                "the build tree)");
  AddUserOptions(c, &args->user, /*allow_disable=*/true);
  c->add_flag("-s,--suggest", args->suggest,
              "Print 'word: s1, s2, ...' with suggestions, best first");
  c->add_option("-n,--max", args->max_suggestions,
                "With --suggest: most suggestions per word")
      ->capture_default_str();
  return Command{c, [args] { return RunCheck(*args); }};
}

}  // namespace spellfilter::cli
