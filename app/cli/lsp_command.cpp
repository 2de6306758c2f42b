// spellfilter lsp: the Language Server Protocol over stdin and stdout
// (app/lsp/server.h). Opens the dictionary, the programming words and the
// user's words as `check` does (-d or --lang, --user, --no-user,
// --code-dict; --user names the first language's list, every other
// language has its own), then
// serves until the client says exit.
#include <malloc.h>

#include <cstdio>
#include <memory>

#include "app/cli/code_option.h"
#include "app/cli/command.h"
#include "app/cli/dictionary_option.h"
#include "app/cli/user_option.h"
#include "app/lsp/engine.h"
#include "app/lsp/server.h"

namespace spellfilter::cli {
namespace {

struct LspArgs {
  std::string dictionary;
  std::string language;  // --lang: a tag, a list or auto
  UserWordsOption user;
  CodeOption code;
  bool stdio = true;  // the only transport; accepted as clients pass it
};

int RunLsp(const LspArgs& a) {
  StatusOr<LanguageSet> languages = OpenLanguages(
      a.dictionary, DictionaryUse::kCheckAndSuggest, a.language);
  if (!languages.ok()) return ReportError(languages.status().message());
  StatusOr<CodeDictionaries> code = OpenCodeDictionaries(a.code);
  if (!code.ok()) return ReportError(code.status().message());
  // Unlike check, the server may add words, so the list is opened for
  // editing when it can be.
  std::unique_ptr<UserDictionary> user;
  if (!a.user.disabled) {
    StatusOr<std::unique_ptr<UserDictionary>> u =
        OpenUserWords(a.user, languages->dictionary(0));
    if (u.ok()) {
      user = std::move(u.value());
    } else {
      std::fprintf(stderr, "spellfilter: warning: %s; no user words\n",
                   u.status().message().c_str());
    }
  }
  lsp::Engine engine(*languages, code->programming.get(), user.get(),
                     code->c_family.get(), code->python.get());
  if (!a.user.disabled) {
    // Every other language has its own list, as in check and the editor: a
    // word added while the sentence is German goes to the German list.
    engine.SetUserListOpener(
        [](const Dictionary& base) -> std::unique_ptr<UserDictionary> {
          StatusOr<std::unique_ptr<UserDictionary>> u =
              OpenUserWords(UserWordsOption{}, base);
          if (u.ok()) return std::move(u).value();
          std::fprintf(stderr, "spellfilter: warning: %s; no user words for %s\n",
                       u.status().message().c_str(), base.language().c_str());
          return nullptr;
        });
  }
  lsp::EngineSettings settings;
  settings.scope = a.code.scope;
  settings.min_length = a.code.min_length;
  settings.max_repeats = a.code.max_repeats;
  engine.SetSettings(settings);
  // Buffers of 256 KiB and more (a message's body, its JSON, the
  // diagnostics written back) are mapped and unmapped, not kept in the
  // heap once freed: glibc's default threshold rises to 32 MiB after the
  // first such free, and the server then kept each document's transient
  // copies (docs/lsp.md, memory).
  mallopt(M_MMAP_THRESHOLD, 256 << 10);
  lsp::Server server(engine, stdin, stdout);
  return server.Run();
}

}  // namespace

Command AddLspCommand(CLI::App* parent) {
  auto args = std::make_shared<LspArgs>();
  CLI::App* c = parent->add_subcommand(
      "lsp", "Serve editors through the Language Server Protocol on stdio");
  CLI::Option* dict = c->add_option("-d,--dict", args->dictionary,
                                    "Dictionary file (default: as for check)");
  AddLangOption(c, &args->language, dict);
  AddUserOptions(c, &args->user, /*allow_disable=*/true);
  AddCodeOptions(c, &args->code, /*repeats=*/true);
  c->add_flag("--stdio", args->stdio, "Talk over stdin/stdout (the default)");
  return Command{c, [args] { return RunLsp(*args); }};
}

}  // namespace spellfilter::cli
