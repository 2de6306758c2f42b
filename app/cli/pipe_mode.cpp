// The ispell pipe protocol as Hunspell speaks it (`hunspell -a`):
//
//   start   the banner "@(#) International Ispell Version 3.2.06 (but
//           really spellfilter X.Y)"
//   TEXT    one result per word, then an empty line:
//             *                       correct (not printed in terse mode)
//             & WORD N OFFSET: S1, S2  misspelled, N suggestions
//             # WORD OFFSET            misspelled, no suggestion
//           OFFSET counts characters (code points) from the start of the
//           input line, the leading '^' included, as Hunspell does.
//   ^TEXT   TEXT checked, whatever its first character
//   *WORD   add WORD to the personal dictionary (kept for the session,
//           written by '#')
//   &WORD   add WORD in lower case (ispell's "&"; Hunspell 1.7 checks the
//           line as text instead)
//   @WORD   accept WORD for this session
//   #       save the personal dictionary (the user word list)
//   !  %    terse mode on / off
//   +  -    TeX mode on / off: in TeX mode commands, math, comments and
//           the arguments of \cite, \ref, \label... are not checked, as
//           in hunspell -a -t (tex_filter.h); '+' starts a fresh document
//   ~NAME   select the formatter, as ispell does: "tex" or "latex" is
//           TeX mode, "nroff", "troff", "plain" or "text" plain text,
//           other names are ignored (Hunspell 1.7 checks the line as text)
//   `       ispell's verbose mode: accepted and ignored
//
// List mode (-l instead of -a, as ispell and hunspell -l): each misspelled
// word of stdin on a line of its own, no banner, no commands; -t for TeX
// input. Emacs's flyspell-buffer runs it on buffers over
// flyspell-large-region (1,000 characters).
//
// Options (ispell's): -d NAME|FILE dictionary (a NAME no installed
// dictionary has is tried as a language tag, so "-d de_DE" finds the
// system's Hunspell de_DE as `check --lang de_DE` does), --lang TAG, -p FILE personal dictionary
// (the user word list); -a/--pipe select this mode; -t starts in TeX mode,
// -n in plain text (nroff input is not parsed); other ispell options an
// editor may pass (-m -B -C -S -P -x -l, -T FMT, -w CHARS, -i ENCODING)
// are accepted and ignored: input and output are UTF-8.
//
// Left out: nroff/troff parsing (-n and ~nroff mean plain text, as in
// Hunspell), HTML/XML/ODF input (Hunspell's -H, -X, -O), '-' returning to
// a start-up format other than plain text, the '*' Hunspell prints for
// numbers (spellfilter skips them: no line), morphology (-m) and stems
// (ispell's "+ ROOT"), and ispell's `-w CHARS` extra word characters.
#include "app/cli/pipe_mode.h"

#include <unicode/utf8.h>

#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "app/cli/command.h"
#include "app/cli/remembered_suggestions.h"
#include "core/text/tex_filter.h"
#include "core/catalog/language_catalog.h"
#include "app/cli/dictionary_option.h"
#include "core/catalog/language_set.h"
#include "core/catalog/language_suggester.h"
#include "core/check/language_checker.h"
#include "core/dictionary/dictionary.h"
#include "core/dictionary/locator.h"
#include "core/text/letter_case.h"
#include "core/suggest/suggester.h"
#include "core/text/tokenizer.h"
#include "core/user/user_dictionary.h"
#include "core/text/word_forms.h"

namespace spellfilter::cli {
namespace {

struct PipeOptions {
  std::string dictionary;
  std::string language;  // --lang: a tag, found by the language catalog
  std::string personal;
  bool tex = false;   // -t
  bool list = false;  // -l
};

bool IsIgnoredFlag(std::string_view a) {
  return a == "-m" || a == "-B" || a == "-C" || a == "-S" || a == "-P" ||
         a == "-x" || a == "-a" || a == "--pipe" || a == "-H" ||
         a == "-o";
}

bool TakesIgnoredValue(std::string_view a) {
  return a == "-T" || a == "-w" || a == "-i" || a == "--encoding";
}

StatusOr<PipeOptions> ParseArgs(int argc, char** argv) {
  PipeOptions o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto value = [&](std::string* out) -> bool {
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    if (a == "-d" || a == "--dict") {
      if (!value(&o.dictionary)) return Status::InvalidArgument("-d needs a dictionary");
    } else if (a == "--lang") {
      if (!value(&o.language)) return Status::InvalidArgument("--lang needs a language tag");
    } else if (a.starts_with("--lang=")) {
      o.language = std::string(a.substr(7));
    } else if (a.starts_with("-d") && a.size() > 2) {
      o.dictionary = std::string(a.substr(2));
    } else if (a == "-p" || a == "--user") {
      if (!value(&o.personal)) return Status::InvalidArgument("-p needs a file");
    } else if (a.starts_with("-p") && a.size() > 2) {
      o.personal = std::string(a.substr(2));
    } else if (a == "-t") {
      o.tex = true;
    } else if (a == "-n") {
      o.tex = false;
    } else if (a == "-l") {
      o.list = true;
    } else if (TakesIgnoredValue(a)) {
      std::string ignored;
      if (!value(&ignored)) return Status::InvalidArgument(std::string(a) + " needs a value");
    } else if (IsIgnoredFlag(a) || (a.starts_with("-T") || a.starts_with("-w"))) {
      continue;
    } else {
      return Status::InvalidArgument("pipe mode: unknown option " + std::string(a));
    }
  }
  if (!o.language.empty() && !o.dictionary.empty()) {
    return Status::InvalidArgument("--lang excludes -d/--dict");
  }
  return o;
}

// The dictionary -a and -l use: --lang's (as for `check --lang`); -d's name
// or file (core/dictionary/locator.h), or, for a name that is no installed
// dictionary and no file, the language tag of the same name ("-d de_DE",
// as ispell clients pass it for Hunspell); else the default.
StatusOr<std::string> PipeDictionary(const PipeOptions& o) {
  if (!o.language.empty()) return ResolveLanguage(o.language);
  if (o.dictionary.empty()) return FindDefaultDictionary();
  StatusOr<std::string> found = FindDictionary(o.dictionary);
  if (found.ok() || found.status().code() != Status::Code::kNotFound ||
      o.dictionary.find('/') != std::string::npos ||
      o.dictionary.ends_with(".sfd")) {
    return found;
  }
  StatusOr<std::string> tagged = ResolveLanguage(o.dictionary);
  // Not a tag either: the locator's error, which says where it looked.
  if (!tagged.ok() &&
      tagged.status().code() == Status::Code::kInvalidArgument) {
    return found;
  }
  return tagged;
}

std::string Banner() {
  return std::string("@(#) International Ispell Version 3.2.06 (but really "
                     "spellfilter ") + SPELLFILTER_VERSION + ")";
}

// Code points in s[from, to): with a running total, the character offsets
// of a line's misspellings cost one pass over the line, not one per
// misspelling (which made -a quadratic in the line's length).
size_t CharCount(std::string_view s, size_t from, size_t to) {
  size_t n = 0;
  for (size_t i = from; i < to && i < s.size(); ++i) {
    n += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
  }
  return n;
}

// With several languages (--lang en_US,de_DE or auto), each line is
// checked as LanguageChecker does and a word's suggestions come from its
// sentence's language; the personal dictionary (and the session's words)
// is the first language's, and accepted in every sentence.
class PipeSession {
 public:
  PipeSession(const LanguageSet& languages,
              std::unique_ptr<UserDictionary> user, std::string user_error,
              bool tex)
      : user_(std::move(user)),
        user_error_(std::move(user_error)),
        checker_(languages.NewChecker()),
        suggester_(languages),
        answered_(languages.size()),
        forms_(languages.dictionary(0).language(), false),
        turkic_(IsTurkic(languages.dictionary(0).language())),
        tex_(tex) {
    for (size_t l = 0; l < languages.size(); ++l) {
      checker_->SetUserWords(l, user_.get());
    }
    // The words as the checker cuts them: with one language, its
    // dictionary's WORDCHARS (core/text/tokenizer.h, rule 7).
    if (languages.size() == 1) {
      tokenizer_.SetWordChars(languages.dictionary(0).word_chars().chars());
    }
    RefreshUserSuggestions();
  }

  void Line(std::string_view line) {
    if (line.empty()) {
      std::fputs("\n", stdout);
      return;
    }
    const char c = line.front();
    const std::string_view rest = line.substr(1);
    switch (c) {
      case '*':
        Accept(rest);
        pending_.emplace_back(rest);
        return;
      case '&': {
        const std::string lower = Lower(rest);
        Accept(lower);
        pending_.push_back(lower);
        return;
      }
      case '@':
        Accept(rest);
        return;
      case '#':
        Save();
        return;
      case '!':
        terse_ = true;
        return;
      case '%':
        terse_ = false;
        return;
      case '+':
        SetTex(true);
        return;
      case '-':
        SetTex(false);
        return;
      case '~':
        SelectFormatter(rest);
        return;
      case '`':
        return;
      case '^':
        CheckText(line, 1);
        return;
      default:
        CheckText(line, 0);
        return;
    }
  }

 private:
  void SetTex(bool on) {
    tex_ = on;
    tex_filter_.Reset();
  }

  void SelectFormatter(std::string_view name) {
    std::string n;
    for (char c : name) {
      n.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
    }
    if (n == "tex" || n == "latex") {
      SetTex(true);
    } else if (n == "nroff" || n == "troff" || n == "plain" || n == "text") {
      SetTex(false);
    }
  }

  // `word` in lower case, letter by letter in the dictionary's language.
  std::string Lower(std::string_view word) const {
    std::u32string cps;
    if (!DecodeUtf8(word, &cps)) return std::string(word);
    for (char32_t& c : cps) c = LowerLetter(c, turkic_);
    return EncodeUtf8(cps);
  }

  // A word accepted for the session covers what it would as a dictionary
  // word: its own case forms ("foo" accepts "Foo" and "FOO", "Foo" not
  // "foo"), through the checked word's lookup forms.
  void Accept(std::string_view word) {
    std::string normalized;
    if (forms_.Normalize(word, &normalized)) accepted_.insert(normalized);
  }

  bool AcceptedForSession(std::string_view word) {
    for (const std::string& form : forms_.LookupForms(word)) {
      if (accepted_.count(form)) return true;
    }
    return false;
  }

  void Save() {
    if (pending_.empty()) return;
    if (user_ == nullptr) {
      ReportError("cannot save the personal dictionary: " + user_error_);
      return;
    }
    StatusOr<UserDictionary::EditResult> r = user_->Add(pending_);
    if (!r.ok()) {
      ReportError(r.status().message());
      return;
    }
    pending_.clear();
    RefreshUserSuggestions();
  }

  void RefreshUserSuggestions() {
    if (user_ == nullptr) return;
    StatusOr<std::vector<std::string>> words = user_->Words();
    // The user words are among the suggestions, in every language.
    for (size_t l = 0; l < answered_.size(); ++l) {
      if (words.ok()) suggester_.SetUserWords(l, *words);
      answered_[l].Forget();
    }
  }

  void CheckText(std::string_view line, size_t skip) {
    std::string_view text = line.substr(skip);
    if (tex_) {
      // Blanked with spaces byte for byte, so offsets stay those of `line`.
      blanked_.assign(text);
      tex_filter_.Blank(&blanked_);
      text = blanked_;
    }
    tokenizer_.Tokenize(text, &tokens_);
    checker_->Check(text, &misspelled_);
    size_t m = 0;
    std::string out;
    size_t counted_bytes = 0;  // line[0, counted_bytes) holds
    size_t counted_chars = 0;  // counted_chars code points
    for (const Token& t : tokens_) {
      while (m < misspelled_.size() && misspelled_[m].offset < t.offset) ++m;
      const bool wrong = m < misspelled_.size() && misspelled_[m].offset == t.offset;
      const std::string_view word = text.substr(t.offset, t.length);
      if (!wrong || AcceptedForSession(word)) {
        if (!terse_) out += "*\n";
        continue;
      }
      counted_chars += CharCount(line, counted_bytes, skip + t.offset);
      counted_bytes = skip + t.offset;
      const size_t offset = counted_chars;
      const size_t language = checker_->languages()[m];
      const std::vector<std::string>& s =
          answered_[language].Get(suggester_.suggester(language), word);
      if (s.empty()) {
        out += "# " + std::string(word) + " " + std::to_string(offset) + "\n";
        continue;
      }
      out += "& " + std::string(word) + " " + std::to_string(s.size()) + " " +
             std::to_string(offset) + ":";
      for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : " ") + s[i];
      out += "\n";
    }
    out += "\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
  }

  std::unique_ptr<UserDictionary> user_;
  std::string user_error_;
  std::unique_ptr<LanguageChecker> checker_;
  LanguageSuggester suggester_;
  std::vector<RememberedSuggestions> answered_;  // per language
  Tokenizer tokenizer_;
  WordForms forms_;
  bool turkic_;
  bool tex_;
  TexFilter tex_filter_;
  std::string blanked_;
  std::vector<Token> tokens_;
  std::vector<Misspelling> misspelled_;
  std::unordered_set<std::string> accepted_;
  std::vector<std::string> pending_;
  bool terse_ = false;
};

// List mode: the misspelled words of stdin, one per line.
int RunListMode(const LanguageSet& languages, const UserDictionary* user,
                bool tex) {
  std::unique_ptr<LanguageChecker> checker = languages.NewChecker();
  for (size_t l = 0; l < languages.size(); ++l) checker->SetUserWords(l, user);
  TexFilter tex_filter;
  std::vector<Misspelling> misspelled;
  std::string line;
  std::string out;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (tex) tex_filter.Blank(&line);
    checker->Check(line, &misspelled);
    out.clear();
    for (const Misspelling& m : misspelled) {
      out.append(line, m.offset, m.length);
      out += '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
  std::fflush(stdout);
  return kExitOk;
}

}  // namespace

bool WantsPipeMode(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "-a") == 0 || std::strcmp(argv[i], "--pipe") == 0 ||
        std::strcmp(argv[i], "-v") == 0 || std::strcmp(argv[i], "-vv") == 0) {
      return true;
    }
  }
  // -l only among ispell options, before any subcommand ("check -l" is not
  // list mode; "-d en_US -l" is).
  for (int i = 1; i < argc && argv[i][0] == '-'; ++i) {
    const std::string_view a = argv[i];
    if (a == "-l") return true;
    if (a == "-d" || a == "--dict" || a == "-p" || a == "--user" ||
        a == "--lang" || TakesIgnoredValue(a)) {
      ++i;
    }
  }
  return false;
}

constexpr char kPipeUsage[] =
    "Usage: spellfilter -a [-d DICT|--lang TAG] [-p FILE] [-t|-n]\n"
    "       spellfilter -l [-d DICT|--lang TAG] [-p FILE] [-t|-n]\n"
    "\n"
    "ispell-compatible modes, for editors (Emacs ispell/flyspell and others).\n"
    "  -a, --pipe     the ispell pipe protocol on stdin/stdout: a banner, then\n"
    "                 for each word '*' (correct), '& WORD N OFFSET: s1, ...'\n"
    "                 or '# WORD OFFSET', and an empty line after each line\n"
    "  -l             print the misspelled words of stdin, one per line\n"
    "  -d, --dict D   dictionary name or file (default: as for `spellfilter\n"
    "                 check`); a name no dictionary has is tried as a tag\n"
    "  --lang TAG     language tag (de_DE, de), several (en_US,de_DE) or auto,\n"
    "                 as for `spellfilter check`\n"
    "  -p, --user F   user word list ('*word' and '#' in -a save to it)\n"
    "  -t / -n        TeX mode on / off\n"
    "  -v             print the version banner\n"
    "ispell's other options (-m -B -C -S -P -x -H -o -T -w -i --encoding)\n"
    "are accepted and ignored. spellfilter(1) has the protocol's commands.\n";

int RunPipeMode(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "-h") == 0 || std::strcmp(argv[i], "--help") == 0) {
      std::fputs(kPipeUsage, stdout);
      return kExitOk;
    }
    if (std::strcmp(argv[i], "-v") == 0 || std::strcmp(argv[i], "-vv") == 0) {
      std::printf("%s\n", Banner().c_str());
      return kExitOk;
    }
  }
  StatusOr<PipeOptions> o = ParseArgs(argc, argv);
  if (!o.ok()) return ReportError(o.status().message());
  StatusOr<LanguageSet> languages =
      IsLanguageList(o->language)
          ? OpenLanguages("", DictionaryUse::kCheckAndSuggest, o->language)
          : StatusOr<LanguageSet>(Status::NotFound(""));
  if (!IsLanguageList(o->language)) {
    StatusOr<std::string> path = PipeDictionary(*o);
    if (!path.ok()) return ReportError(path.status().message());
    StatusOr<std::unique_ptr<Dictionary>> opened = Dictionary::Open(*path);
    if (!opened.ok()) return ReportError(opened.status().message());
    const std::string tag = (*opened)->language();
    languages = LanguageSet::Single(std::move(opened).value(), tag);
  }
  if (!languages.ok()) return ReportError(languages.status().message());
  const Dictionary* const dict = &languages->dictionary(0);

  std::unique_ptr<UserDictionary> user;
  std::string user_error;
  StatusOr<std::string> user_path =
      o->personal.empty() ? UserDictionary::DefaultPath(*dict)
                          : StatusOr<std::string>(o->personal);
  if (user_path.ok()) {
    StatusOr<std::unique_ptr<UserDictionary>> opened =
        UserDictionary::Open(*user_path, *dict);
    if (opened.ok()) {
      user = std::move(opened.value());
    } else {
      user_error = opened.status().message();
      ReportWarning(user_error);
    }
  } else {
    user_error = user_path.status().message();
  }

  if (o->list) return RunListMode(*languages, user.get(), o->tex);
  std::printf("%s\n", Banner().c_str());
  std::fflush(stdout);
  PipeSession session(*languages, std::move(user), user_error, o->tex);
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    session.Line(line);
    std::fflush(stdout);
  }
  return kExitOk;
}

}  // namespace spellfilter::cli
