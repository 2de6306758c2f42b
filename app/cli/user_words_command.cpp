// spellfilter add WORD... [--from FILE]...   the user's own words
// spellfilter remove WORD...
// spellfilter words
// All take [--user FILE] [-d DICT|--lang TAG]; see core/user/user_dictionary.h and
// docs/user_dictionary.md.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/command.h"
#include "app/cli/dictionary_option.h"
#include "app/cli/user_option.h"
#include "core/util/file_io.h"
#include "core/user/user_dictionary.h"
#include "core/user/word_list.h"
#include "core/text/tokenizer.h"
#include "core/text/word_syntax.h"

namespace spellfilter::cli {
namespace {

struct UserWordsArgs {
  std::vector<std::string> words;
  std::vector<std::string> from;
  std::string dictionary;
  std::string language;  // --lang
  UserWordsOption user;
  bool quiet = false;
};

// Personal word lists are small; read whole. "-" is stdin.
StatusOr<std::string> ReadAll(const std::string& path) {
  const bool is_stdin = path == "-";
  const int fd = is_stdin ? 0 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoStatus(path, errno);
  std::string data;
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof(buf));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      if (!is_stdin) ::close(fd);
      return ErrnoStatus(path, err);
    }
    if (n == 0) break;
    data.append(buf, static_cast<size_t>(n));
  }
  if (!is_stdin) ::close(fd);
  return data;
}

std::string Plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// Up to a few words, quoted, for notes.
std::string Some(const std::vector<std::string>& words) {
  constexpr size_t kShown = 5;
  std::string s;
  for (size_t i = 0; i < words.size() && i < kShown; ++i) {
    s += (i ? ", '" : "'") + PrintableWord(words[i]) + "'";
  }
  if (words.size() > kShown) s += ", ...";
  return s;
}

void ReportDamage(const UserDictionary& user) {
  if (!user.damage().ok()) {
    ReportWarning(user.damage().message());
  }
}

StatusOr<std::unique_ptr<Dictionary>> OpenBase(const UserWordsArgs& a) {
  return OpenDictionary(a.dictionary, DictionaryUse::kCheckAndSuggest,
                        a.language);
}

// A user word is only useful if checking can meet it: the tokenizer must
// produce it, whole, as one word. Empty when it does; else why not.
std::string WhyNotOneWord(Tokenizer& tokenizer, std::string_view word,
                          std::vector<Token>* tokens) {
  tokenizer.Tokenize(word, tokens);
  if (tokens->size() == 1 && (*tokens)[0].offset == 0 &&
      (*tokens)[0].length == word.size()) {
    return "";
  }
  if (tokens->empty()) {
    return "checking never sees it as a word (digits, '_', '@', or no "
           "letters make the tokenizer skip it)";
  }
  std::string parts;
  for (const Token& t : *tokens) {
    parts += (parts.empty() ? "'" : ", '") +
             PrintableWord(word.substr(t.offset, t.length)) + "'";
  }
  return "checking splits it into " + parts +
         " (at hyphens, full stops and the like; invisible characters are "
         "not part of a word): add those instead";
}

int RunAdd(const UserWordsArgs& a) {
  if (a.words.empty() && a.from.empty()) {
    return ReportError(
        "add: give the words to add, or --from FILE (see --help)");
  }
  std::vector<SourcedWord> words;
  for (const std::string& w : a.words) words.push_back(SourcedWord{w, "add"});
  for (const std::string& file : a.from) {
    StatusOr<std::string> data = ReadAll(file);
    if (!data.ok()) return ReportError(data.status().message());
    ImportSummary summary;
    const std::string name = file == "-" ? "<stdin>" : file;
    std::vector<SourcedWord> imported = ParseImport(*data, name, &summary);
    if (!a.quiet) {
      std::string notes;
      if (summary.aspell_header) notes += "; Aspell header skipped";
      if (summary.flags_stripped) {
        notes += "; Hunspell flags stripped from " +
                 Plural(summary.flags_stripped, "word");
      }
      if (summary.forbidden) {
        notes +=
            "; " + Plural(summary.forbidden, "forbidden (*) word") + " skipped";
      }
      std::printf("%s: %s%s\n", name.c_str(),
                  Plural(imported.size(), "word").c_str(), notes.c_str());
    }
    for (SourcedWord& w : imported) words.push_back(std::move(w));
  }
  {
    // A word on the command line that checking cannot meet is refused (all
    // or nothing, as Add does); one in an imported list is skipped with a
    // note (lists such as Hunspell's hold "and/or" or "e.g.").
    Tokenizer tokenizer;
    std::vector<Token> tokens;
    std::string first_refused, first_skipped;
    size_t refused = 0, skipped = 0;
    std::vector<SourcedWord> kept;
    for (SourcedWord& w : words) {
      // Syntax errors (white space, bad UTF-8) are Add's to report.
      const std::string why = CheckUserWord(w.word, w.where).ok()
                                  ? WhyNotOneWord(tokenizer, w.word, &tokens)
                                  : std::string();
      if (why.empty()) {
        kept.push_back(std::move(w));
        continue;
      }
      const std::string what =
          w.where + ": '" + PrintableWord(w.word) + "': " + why;
      if (w.where == "add") {
        if (refused++ == 0) first_refused = what;
      } else if (skipped++ == 0) {
        first_skipped = what;
      }
    }
    if (refused > 0) {
      return ReportError(first_refused +
                         (refused > 1 ? " (and " + std::to_string(refused - 1) +
                                            " more)"
                                      : "") +
                         "; nothing was added");
    }
    if (skipped > 0) {
      ReportWarning(first_skipped +
                    (skipped > 1 ? " (and " + std::to_string(skipped - 1) +
                                       " more)"
                                 : "") +
                    "; skipped");
    }
    words = std::move(kept);
  }

  if (Status w = CheckNamedUserListForWriting(a.user); !w.ok()) {
    return ReportError("add: " + w.message());
  }
  StatusOr<std::unique_ptr<Dictionary>> base = OpenBase(a);
  if (!base.ok()) return ReportError(base.status().message());
  StatusOr<std::unique_ptr<UserDictionary>> user =
      OpenUserWords(a.user, **base);
  if (!user.ok()) return ReportError(user.status().message());
  ReportDamage(**user);
  StatusOr<UserDictionary::EditResult> r = (*user)->Add(words);
  if (!r.ok()) return ReportError(r.status().message());
  ReportDamage(**user);
  if (!a.quiet) {
    std::printf("added %s to %s", Plural(r->changed.size(), "word").c_str(),
                (*user)->path().c_str());
    if (!r->unchanged.empty()) {
      std::printf(" (%zu already there: %s)", r->unchanged.size(),
                  Some(r->unchanged).c_str());
    }
    std::printf("\n");
  }
  return kExitOk;
}

int RunRemove(const UserWordsArgs& a) {
  StatusOr<std::unique_ptr<Dictionary>> base = OpenBase(a);
  if (!base.ok()) return ReportError(base.status().message());
  StatusOr<std::unique_ptr<UserDictionary>> user =
      OpenUserWords(a.user, **base);
  if (!user.ok()) return ReportError(user.status().message());
  ReportDamage(**user);
  StatusOr<UserDictionary::EditResult> r = (*user)->Remove(a.words);
  if (!r.ok()) return ReportError(r.status().message());
  if (!a.quiet) {
    std::printf("removed %s from %s\n",
                Plural(r->changed.size(), "word").c_str(),
                (*user)->path().c_str());
  }
  // The others are removed; a word that was not there is an error (a typo
  // must not look like success).
  if (!r->unchanged.empty()) {
    return ReportError("not in " + (*user)->path() + ": " +
                       Some(r->unchanged));
  }
  return kExitOk;
}

int RunWords(const UserWordsArgs& a) {
  StatusOr<std::unique_ptr<Dictionary>> base = OpenBase(a);
  if (!base.ok()) return ReportError(base.status().message());
  StatusOr<std::unique_ptr<UserDictionary>> user =
      OpenUserWords(a.user, **base);
  if (!user.ok()) return ReportError(user.status().message());
  ReportDamage(**user);
  StatusOr<std::vector<std::string>> words = (*user)->Words();
  if (!words.ok()) return ReportError(words.status().message());
  std::string out;
  for (const std::string& w : *words) {
    out += w;
    out += '\n';
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (std::fflush(stdout) != 0) return ReportError("<stdout>: write failed");
  return kExitOk;
}

void AddCommonOptions(CLI::App* c, UserWordsArgs* a) {
  CLI::Option* dict =
      c->add_option("-d,--dict", a->dictionary,
                    "Dictionary the words belong to (default: the default "
                    "dictionary); names the default user word list");
  AddLangOption(c, &a->language, dict);
  AddUserOptions(c, &a->user, /*allow_disable=*/false);
}

}  // namespace

Command AddAddCommand(CLI::App* parent) {
  auto args = std::make_shared<UserWordsArgs>();
  CLI::App* c = parent->add_subcommand(
      "add", "Add words to the user word list (check then accepts them)");
  c->add_option("words", args->words,
                "Words, as they should be accepted: 'foo' accepts Foo and "
                "FOO, 'Qt' accepts QT but not qt");
  c->add_option("--from", args->from,
                "Import a word list: one word per line, a Hunspell personal "
                "dictionary (word/flags) or an Aspell .pws list; '-' reads "
                "stdin")
      ->allow_extra_args(false);
  c->add_flag("-q,--quiet", args->quiet, "No summary");
  AddCommonOptions(c, args.get());
  return Command{c, [args] { return RunAdd(*args); }};
}

Command AddRemoveCommand(CLI::App* parent) {
  auto args = std::make_shared<UserWordsArgs>();
  CLI::App* c =
      parent->add_subcommand("remove", "Remove words from the user word list");
  c->add_option("words", args->words,
                "Words, exactly as listed by `words`; one that is not in the "
                "list is an error (exit 2), the others are removed")
      ->required();
  c->add_flag("-q,--quiet", args->quiet, "No summary");
  AddCommonOptions(c, args.get());
  return Command{c, [args] { return RunRemove(*args); }};
}

Command AddWordsCommand(CLI::App* parent) {
  auto args = std::make_shared<UserWordsArgs>();
  CLI::App* c = parent->add_subcommand(
      "words",
      "List the user word list, one word per line, in the order added");
  AddCommonOptions(c, args.get());
  return Command{c, [args] { return RunWords(*args); }};
}

}  // namespace spellfilter::cli
