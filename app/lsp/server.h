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
// "maxSuggestions" (5), "maxDiagnostics" (also "maxNumberOfProblems", as
// cspell names it: at most this many diagnostics per document, 10,000 as
// cspell; 0: no cap; when there are more, one more diagnostic and a
// window/logMessage say so). The command line's --code-scope,
// --min-length and --max-repeats give the defaults.
//
// Saving a .spellfilter.toml (didSave) rereads the project files: their
// words, paths and overrides apply at once.
//
// Errors (the server goes on after each): bad framing is skipped
// (json_rpc.h); a message that is not JSON gets a ParseError (-32700)
// reply with a null id; JSON that is not an object, nests deeper than
// kMaxJsonDepth, or whose id or method has the wrong type, InvalidRequest
// (-32600); params of the wrong type or shape InvalidParams (-32602) (for
// a notification: a line on stderr); an unknown request MethodNotFound
// (-32601); a request that runs out of memory RequestFailed (-32803),
// leaving its document as before. Lifecycle, as the specification says:
// requests other than initialize before it get ServerNotInitialized
// (-32002) and notifications are dropped; a second initialize is an
// InvalidRequest; after shutdown every request but exit is an
// InvalidRequest; exit ends Run with 0 after shutdown, 1 otherwise. URIs
// are at most kMaxUriBytes. No exception leaves Run.
#ifndef SPELLFILTER_APP_LSP_SERVER_H_
#define SPELLFILTER_APP_LSP_SERVER_H_

#include <cstdio>
#include <string>

#include "app/lsp/engine.h"

namespace spellfilter::lsp {

inline constexpr char kAddToUserCommand[] = "spellfilter.addToUserDictionary";
inline constexpr char kIgnoreInFileCommand[] = "spellfilter.ignoreInFile";
inline constexpr char kAddToProjectCommand[] = "spellfilter.addToProjectWords";

// Deeper JSON is refused: the parse stops there (message_parser.h; no
// recursion on nesting); editors' messages nest fewer than 10 levels.
inline constexpr size_t kMaxJsonDepth = 256;
// A document URI longer than this is refused (PATH_MAX is 4096; a URI
// escapes some bytes as %XX).
inline constexpr size_t kMaxUriBytes = 16 << 10;
inline constexpr size_t kDefaultMaxDiagnostics = 10000;

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
