// The Language Server Protocol side of `spellfilter lsp`: reads JSON-RPC
// messages (json_rpc.h), turns them into calls on the Engine (engine.h) and
// its answers into JSON, as clangd's ClangdLSPServer does over ClangdServer.
//
// Served: initialize, initialized, shutdown, exit; textDocument/didOpen,
// didChange (incremental, or whole), didClose, didSave; publishDiagnostics
// after each (ranges in UTF-16 code units, code "misspelling", source
// "spellfilter", the word in `data`); textDocument/codeAction: a quick fix
// per suggestion, "Add to user dictionary", "Add to project words" (local
// files: the .spellfilter.toml, engine.h) and "Ignore in this file"
// (commands run through workspace/executeCommand);
// workspace/didChangeConfiguration.
//
// Settings, in initializationOptions or as settings.spellfilter of
// didChangeConfiguration: "severity" (error, warning, information, hint;
// default information, as cspell), "codeScope" ("all" or
// "comments,strings"), "minLength" (4), "maxRepeats" (5: in code, a word
// is reported at most this often per document; 0: every time),
// "maxSuggestions" (5). The command line's --code-scope, --min-length and
// --max-repeats give the defaults.
//
// Saving a .spellfilter.toml (didSave) rereads the project files: their
// words, paths and overrides apply at once.
//
// Errors: a message that is not JSON gets a ParseError (-32700) reply with
// a null id; an unknown request MethodNotFound (-32601); requests other
// than initialize before it ServerNotInitialized (-32002). No exception
// leaves Run.
#ifndef SPELLFILTER_APP_LSP_SERVER_H_
#define SPELLFILTER_APP_LSP_SERVER_H_

#include <cstdio>
#include <string>

#include "app/lsp/engine.h"

namespace spellfilter::lsp {

inline constexpr char kAddToUserCommand[] = "spellfilter.addToUserDictionary";
inline constexpr char kIgnoreInFileCommand[] = "spellfilter.ignoreInFile";
inline constexpr char kAddToProjectCommand[] = "spellfilter.addToProjectWords";

class Server {
 public:
  // `engine` must outlive the server; `in` and `out` are the client's
  // stream (stdin and stdout for `spellfilter lsp`).
  Server(Engine& engine, std::FILE* in, std::FILE* out);
  ~Server();

  // Serves until "exit" or the end of input; returns the exit code the
  // protocol asks for: 0 after shutdown, 1 otherwise.
  int Run();

 private:
  struct Impl;
  Impl* impl_;
};

}  // namespace spellfilter::lsp

#endif  // SPELLFILTER_APP_LSP_SERVER_H_
