#include "app/lsp/server.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <limits>
#include <new>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>

#include "app/lsp/json_rpc.h"
#include "app/lsp/utf16.h"

namespace spellfilter::lsp {
namespace {

using json = nlohmann::json;

// A message buffer larger than this is freed after its message (a 400 KB
// document's kept 1 MB of buffer for the keystrokes that followed).
constexpr size_t kKeptBodyBytes = size_t{64} << 10;

constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kServerNotInitialized = -32002;
constexpr int kRequestFailed = -32803;

// A request's params are not what its method takes.
struct InvalidParams : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Whether `body` nests arrays and objects deeper than kMaxJsonDepth: a
// linear scan before parsing, so that no parsed value is deep enough for
// recursion on it (copying, destroying, dumping) to exhaust the stack.
bool TooDeep(std::string_view body) {
  size_t depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) return true;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return false;
}

// The uri of a textDocument (or of params naming one).
std::string UriOf(const json& holder) {
  const json& uri = holder.at("uri");
  if (!uri.is_string()) throw InvalidParams("uri is not a string");
  if (uri.get_ref<const std::string&>().size() > kMaxUriBytes) {
    throw InvalidParams("uri longer than " + std::to_string(kMaxUriBytes) +
                        " bytes");
  }
  return uri.get<std::string>();
}

Position PositionOf(const json& j) {
  return Position{j.at("line").get<size_t>(), j.at("character").get<size_t>()};
}

int SeverityOf(const std::string& name, int fallback) {
  if (name == "error") return 1;
  if (name == "warning") return 2;
  if (name == "information" || name == "info") return 3;
  if (name == "hint") return 4;
  return fallback;
}

}  // namespace

struct Server::Impl {
  // The engine's settings (the command line's) are the defaults that
  // initializationOptions and didChangeConfiguration change.
  Impl(Engine& e, std::FILE* i, std::FILE* o)
      : engine(e), in(i), out(o), settings(e.settings()) {}

  Engine& engine;
  std::FILE* in;
  std::FILE* out;
  bool initialized = false;
  bool shut_down = false;
  int severity = 3;
  size_t max_diagnostics = kDefaultMaxDiagnostics;  // 0: no cap
  std::set<std::string> capped_uris;  // told that the cap was hit
  EngineSettings settings;
  // The `language` setting last read (nullopt: never given), and the one
  // the engine uses.
  std::optional<std::string> language;
  std::optional<std::string> applied_language;

  // Opens the languages of the `language` setting if it changed; an error
  // (unknown language, bad list) is shown and the languages stay as they
  // were.
  void ApplyLanguage() {
    if (!language || language == applied_language) return;
    applied_language = language;
    if (Status s = engine.SetLanguages(*language); !s.ok()) {
      ShowMessage(1, "spellfilter: language \"" + *language + "\": " +
                         s.message() + "; checking in " + engine.languages());
    }
  }

  // Invalid UTF-8 (none should reach here: documents come as JSON) is
  // replaced rather than thrown.
  void Send(const json& message) {
    WriteMessage(out, message.dump(-1, ' ', false, json::error_handler_t::replace));
  }
  void Reply(const json& id, json result) {
    Send(json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
  }
  void ReplyError(const json& id, int code, const std::string& message) {
    Send(json{{"jsonrpc", "2.0"},
              {"id", id},
              {"error", {{"code", code}, {"message", message}}}});
  }
  void Notify(const std::string& method, json params) {
    Send(json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }
  void ShowMessage(int type, const std::string& message) {
    Notify("window/showMessage", {{"type", type}, {"message", message}});
  }

  // Diagnostics are written as text, not built as a JSON tree: 10,000 of
  // them took 25 ms as a tree (allocating, dumping and freeing its nodes)
  // and take about 2 ms so (docs/lsp.md).
  void Publish(const std::string& uri) {
    engine.Recheck(uri);
    bool capped = false;
    const size_t limit = max_diagnostics == 0
                             ? std::numeric_limits<size_t>::max()
                             : max_diagnostics;
    const std::vector<Finding> findings = engine.Findings(uri, limit, &capped);
    const std::string severity_text = std::to_string(severity);
    std::string body;
    // About what a diagnostic takes (200 bytes and its word twice): one
    // allocation, not a doubling series of copies.
    body.reserve(uri.size() + 400 + findings.size() * 240);
    body += R"({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":)";
    body += Quoted(uri);
    body += R"(,"diagnostics":[)";
    const auto range = [&](size_t line, size_t begin, size_t end) {
      body += R"({"range":{"start":{"line":)";
      body += std::to_string(line);
      body += R"(,"character":)";
      body += std::to_string(begin);
      body += R"(},"end":{"line":)";
      body += std::to_string(line);
      body += R"(,"character":)";
      body += std::to_string(end);
      body += "}},";
    };
    // One pass per line from finding to finding (findings come in order),
    // not from the line's start for each.
    Utf16Cursor cursor;
    size_t cursor_line = std::numeric_limits<size_t>::max();
    size_t last_line = 0;
    size_t last_end = 0;
    for (size_t i = 0; i < findings.size(); ++i) {
      const Finding& f = findings[i];
      if (f.line != cursor_line) {
        cursor = Utf16Cursor(f.line_text);
        cursor_line = f.line;
      }
      const size_t begin = cursor.UnitsAt(f.begin);
      const size_t end = cursor.UnitsAt(f.end);
      if (i > 0) body += ',';
      range(f.line, begin, end);
      const std::string word = Quoted(f.word);
      body += R"("severity":)";
      body += severity_text;
      body += R"(,"code":"misspelling","source":"spellfilter","message":)";
      body += Quoted("Unknown word: " + f.word);
      body += R"(,"data":{"word":)";
      body += word;
      body += "}}";
      last_line = f.line;
      last_end = end;
    }
    if (capped) {
      // Said once, where the last one shown ends, as a diagnostic of its
      // own (no word: no code action), and in the client's log.
      const std::string message =
          "spellfilter: more than " + std::to_string(limit) +
          " unknown words; only the first " + std::to_string(limit) +
          " are shown (setting maxDiagnostics)";
      if (!findings.empty()) body += ',';
      range(last_line, last_end, last_end);
      body += R"("severity":3,"code":"too-many-diagnostics","source":"spellfilter","message":)";
      body += Quoted(message);
      body += '}';
      if (capped_uris.insert(uri).second) {
        Notify("window/logMessage", {{"type", 2}, {"message", message + ": " + uri}});
      }
    } else {
      capped_uris.erase(uri);
    }
    body += "]}}";
    WriteMessage(out, body);
  }

  // `text` as a JSON string (invalid UTF-8 replaced).
  static std::string Quoted(const std::string& text) {
    return json(text).dump(-1, ' ', false, json::error_handler_t::replace);
  }

  void PublishAll() {
    for (const std::string& uri : engine.Uris()) Publish(uri);
  }

  void ReadSettings(const json& s) {
    if (!s.is_object()) return;
    if (auto it = s.find("severity"); it != s.end() && it->is_string()) {
      severity = SeverityOf(it->get<std::string>(), severity);
    }
    if (auto it = s.find("codeScope"); it != s.end() && it->is_string()) {
      const std::string scope = it->get<std::string>();
      settings.scope = scope == "all" ? CodeScope::kAll
                                      : CodeScope::kCommentsAndStrings;
    }
    if (auto it = s.find("minLength"); it != s.end() && it->is_number_unsigned()) {
      settings.min_length = it->get<size_t>();
    }
    if (auto it = s.find("maxRepeats"); it != s.end() && it->is_number_unsigned()) {
      settings.max_repeats = it->get<size_t>();
    }
    for (const char* key : {"maxDiagnostics", "maxNumberOfProblems"}) {
      if (auto it = s.find(key); it != s.end() && it->is_number_unsigned()) {
        max_diagnostics = it->get<size_t>();
      }
    }
    // The languages, as --lang names them: "en_US,de_DE", ["en_US",
    // "de_DE"], "auto"; applied by ApplyLanguage.
    if (auto it = s.find("language"); it != s.end()) {
      if (it->is_string()) {
        language = it->get<std::string>();
      } else if (it->is_array()) {
        std::string joined;
        for (const json& tag : *it) {
          if (!tag.is_string()) continue;
          if (!joined.empty()) joined += ',';
          joined += tag.get<std::string>();
        }
        language = joined;
      } else if (it->is_null()) {
        language = "";
      }
    }
    if (auto it = s.find("maxSuggestions");
        it != s.end() && it->is_number_unsigned() && it->get<size_t>() > 0) {
      settings.max_suggestions = it->get<size_t>();
    }
  }

  json Initialize(const json& params) {
    if (auto it = params.find("initializationOptions"); it != params.end()) {
      ReadSettings(*it);
    }
    if (auto root = params.find("rootUri"); root != params.end() && root->is_string()) {
      engine.SetRoot(root->get<std::string>());
    }
    engine.SetSettings(settings);
    ApplyLanguage();
    initialized = true;
    return json{
        {"capabilities",
         {{"textDocumentSync",
           {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
          {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
          {"executeCommandProvider",
           {{"commands",
             {kAddToUserCommand, kAddToProjectCommand, kIgnoreInFileCommand}}}}}},
        {"serverInfo", {{"name", "spellfilter"}, {"version", SPELLFILTER_VERSION}}}};
  }

  json CodeActions(const json& params) {
    const std::string uri = UriOf(params.at("textDocument"));
    json actions = json::array();
    const json& context = params.at("context");
    for (const json& d : context.value("diagnostics", json::array())) {
      if (d.value("source", "") != "spellfilter") continue;
      std::string word;
      if (auto data = d.find("data"); data != d.end() && data->is_object()) {
        word = data->value("word", "");
      }
      // The range's line and offset: the word's sentence (for the language
      // to suggest in, with several) and, for clients that do not keep
      // `data`, the word itself.
      const Position start = PositionOf(d.at("range").at("start"));
      const Position end = PositionOf(d.at("range").at("end"));
      const std::string_view line = engine.LineText(uri, start.line);
      const size_t b = ByteOffsetOfUtf16(line, start.character);
      if (word.empty()) {
        const size_t en = ByteOffsetOfUtf16(line, end.character);
        if (start.line == end.line && en > b) word = line.substr(b, en - b);
      }
      if (word.empty()) continue;
      for (const std::string& s : engine.Suggest(word, line, b)) {
        actions.push_back(
            {{"title", "Change to \"" + s + "\""},
             {"kind", "quickfix"},
             {"diagnostics", json::array({d})},
             {"edit",
              {{"changes", {{uri, json::array({{{"range", d.at("range")},
                                                {"newText", s}}})}}}}}});
      }
      actions.push_back(
          {{"title", "Add \"" + word + "\" to user dictionary"},
           {"kind", "quickfix"},
           {"diagnostics", json::array({d})},
           {"command",
            {{"title", "Add to user dictionary"},
             {"command", kAddToUserCommand},
             {"arguments", json::array({word})}}}});
      if (engine.IsFile(uri)) {
        actions.push_back(
            {{"title", "Add \"" + word + "\" to project words"},
             {"kind", "quickfix"},
             {"diagnostics", json::array({d})},
             {"command",
              {{"title", "Add to project words"},
               {"command", kAddToProjectCommand},
               {"arguments", json::array({uri, word})}}}});
      }
      actions.push_back(
          {{"title", "Ignore \"" + word + "\" in this file"},
           {"kind", "quickfix"},
           {"diagnostics", json::array({d})},
           {"command",
            {{"title", "Ignore in this file"},
             {"command", kIgnoreInFileCommand},
             {"arguments", json::array({uri, word})}}}});
    }
    return actions;
  }

  json ExecuteCommand(const json& params) {
    const std::string command = params.at("command");
    const json args = params.value("arguments", json::array());
    if (command == kAddToUserCommand && !args.empty() && args[0].is_string()) {
      if (Status s = engine.AddUserWord(args[0].get<std::string>()); !s.ok()) {
        ShowMessage(1, "spellfilter: " + s.message());
      }
      PublishAll();
    } else if (command == kAddToProjectCommand && args.size() >= 2 &&
               args[0].is_string() && args[1].is_string()) {
      if (Status s = engine.AddProjectWord(args[0].get<std::string>(),
                                           args[1].get<std::string>());
          !s.ok()) {
        ShowMessage(1, "spellfilter: " + s.message());
      }
      PublishAll();
    } else if (command == kIgnoreInFileCommand && args.size() >= 2 &&
               args[0].is_string() && args[1].is_string()) {
      engine.IgnoreInDocument(args[0].get<std::string>(),
                              args[1].get<std::string>());
      Publish(args[0].get<std::string>());
    } else {
      throw std::invalid_argument("unknown command " + command);
    }
    return nullptr;
  }

  void DidChange(const json& params) {
    const std::string uri = UriOf(params.at("textDocument"));
    const json& changes = params.at("contentChanges");
    if (!changes.is_array()) throw InvalidParams("contentChanges is not an array");
    // All checked before any is applied: a bad change leaves the document
    // as it was.
    for (const json& c : changes) {
      if (!c.at("text").is_string()) throw InvalidParams("change text is not a string");
      if (auto range = c.find("range"); range != c.end()) {
        PositionOf(range->at("start"));
        PositionOf(range->at("end"));
      }
    }
    for (const json& c : changes) {
      const std::string& text = c.at("text").get_ref<const std::string&>();
      if (auto range = c.find("range"); range != c.end()) {
        engine.Change(uri, PositionOf(range->at("start")),
                      PositionOf(range->at("end")), text, false);
      } else {
        engine.Change(uri, {}, {}, text, true);
      }
    }
    Publish(uri);
  }

  // Handles one message (a JSON object); returns false on "exit".
  bool Handle(const json& message) {
    const bool request = message.contains("id");
    const json id = request ? message.at("id") : json();
    if (request && !id.is_string() && !id.is_number_integer()) {
      ReplyError(nullptr, kInvalidRequest, "id is not a string or an integer");
      return true;
    }
    const auto method_it = message.find("method");
    if (method_it == message.end()) {
      // A response (the server sends no requests), or nothing.
      if (request && !message.contains("result") && !message.contains("error")) {
        ReplyError(id, kInvalidRequest, "message without method");
      }
      return true;
    }
    if (!method_it->is_string()) {
      if (request) {
        ReplyError(id, kInvalidRequest, "method is not a string");
      } else {
        Log("notification whose method is not a string; ignored");
      }
      return true;
    }
    const std::string& method = method_it->get_ref<const std::string&>();
    json params = message.value("params", json::object());
    if (params.is_null()) params = json::object();
    if (method == "exit") return false;
    if (!params.is_object()) {
      if (request) {
        ReplyError(id, kInvalidParams, method + ": params is not an object");
      } else {
        Log(method + ": params is not an object; ignored");
      }
      return true;
    }
    if (!initialized && method != "initialize") {
      if (request) ReplyError(id, kServerNotInitialized, "not initialized");
      return true;
    }
    if (shut_down) {
      if (request) ReplyError(id, kInvalidRequest, "shut down: only exit is served");
      return true;
    }
    try {
      Dispatch(method, request, id, params);
    } catch (const std::bad_alloc&) {
      // The request fails; what it changed is as before (engine.h).
      if (request) {
        ReplyError(id, kRequestFailed, method + ": out of memory");
      } else {
        ShowMessage(1, "spellfilter: " + method + ": out of memory");
      }
    } catch (const std::exception& e) {
      if (request) {
        ReplyError(id, kInvalidParams, e.what());
      } else {
        Log(method + ": " + e.what());
      }
    }
    return true;
  }

  void Dispatch(const std::string& method, bool request, const json& id,
                const json& params) {
    if (method == "initialize") {
      if (!request) return;
      if (initialized) {
        ReplyError(id, kInvalidRequest, "initialize: already initialized");
        return;
      }
      Reply(id, Initialize(params));
    } else if (method == "shutdown") {
      shut_down = true;
      if (request) Reply(id, nullptr);
    } else if (method == "textDocument/didOpen") {
      const json& doc = params.at("textDocument");
      const std::string uri = UriOf(doc);
      const json& language = doc.value("languageId", json(""));
      const json& text = doc.at("text");
      if (!text.is_string()) throw InvalidParams("text is not a string");
      if (Status s = engine.Open(uri, language.is_string() ? language.get<std::string>() : "",
                                 text.get_ref<const std::string&>());
          !s.ok()) {
        ShowMessage(1, "spellfilter: " + s.message());
      }
      Publish(uri);
    } else if (method == "textDocument/didChange") {
      DidChange(params);
    } else if (method == "textDocument/didClose") {
      const std::string uri = UriOf(params.at("textDocument"));
      engine.Close(uri);
      capped_uris.erase(uri);
      Notify("textDocument/publishDiagnostics",
             {{"uri", uri}, {"diagnostics", json::array()}});
    } else if (method == "textDocument/didSave") {
      bool changed = engine.ReloadUserWords();
      const std::string uri = UriOf(params.at("textDocument"));
      if (uri.ends_with(std::string("/") + kProjectFileName)) {
        // A project file saved: its words, paths and overrides anew.
        if (Status s = engine.ReloadProjects(); !s.ok()) {
          ShowMessage(1, "spellfilter: " + s.message());
        }
        changed = true;
      }
      if (changed) PublishAll();
    } else if (method == "textDocument/codeAction") {
      if (request) Reply(id, CodeActions(params));
    } else if (method == "workspace/executeCommand") {
      if (request) Reply(id, ExecuteCommand(params));
    } else if (method == "workspace/didChangeConfiguration") {
      const json settings_json = params.value("settings", json::object());
      ReadSettings(settings_json.is_object()
                       ? settings_json.value("spellfilter", json::object())
                       : json::object());
      engine.SetSettings(settings);
      ApplyLanguage();
      PublishAll();
    } else if (request) {
      ReplyError(id, kMethodNotFound, "method not found: " + method);
    }
  }

  // A line for the user's log (the client shows stderr as the server's
  // log).
  static void Log(const std::string& message) {
    std::fprintf(stderr, "spellfilter: lsp: %s\n", message.c_str());
  }
};

Server::Server(Engine& engine, std::FILE* in, std::FILE* out)
    : impl_(new Impl(engine, in, out)) {}

Server::~Server() { delete impl_; }

int Server::Run() {
  std::string body;
  Status status = Status::Ok();
  for (;;) {
    const ReadResult r = ReadMessage(impl_->in, &body, &status);
    if (r == ReadResult::kEnd) break;
    if (r == ReadResult::kBadFrame) {
      Impl::Log(status.message());
      continue;
    }
    bool go_on = true;
    try {
      if (TooDeep(body)) {
        impl_->ReplyError(nullptr, kInvalidRequest,
                          "JSON nested deeper than " + std::to_string(kMaxJsonDepth));
      } else {
        json message = json::parse(body, nullptr, /*allow_exceptions=*/false);
        // The body is not kept beside its parsed copy.
        if (body.capacity() > kKeptBodyBytes) std::string().swap(body);
        if (message.is_discarded()) {
          impl_->ReplyError(nullptr, kParseError, "not JSON");
        } else if (!message.is_object()) {
          impl_->ReplyError(nullptr, kInvalidRequest, "not a JSON object");
        } else {
          go_on = impl_->Handle(message);
        }
      }
    } catch (const std::bad_alloc&) {
      impl_->ReplyError(nullptr, kRequestFailed, "out of memory");
    } catch (const std::exception& e) {
      Impl::Log(e.what());
    }
    // A large message's buffer is not kept for the next, small ones.
    if (body.capacity() > kKeptBodyBytes) std::string().swap(body);
#ifdef __GLIBC__
    // What checking a long line freed goes back to the system (glibc keeps
    // freed heap pages otherwise): memory follows the documents, not their
    // largest moment (docs/lsp.md).
    malloc_trim(0);
#endif
    if (!go_on) break;
  }
  if (!status.ok()) Impl::Log(status.message());
  return impl_->shut_down ? 0 : 1;
}

}  // namespace spellfilter::lsp
