#include "app/lsp/server.h"

#include <nlohmann/json.hpp>

#include "app/lsp/json_rpc.h"
#include "app/lsp/utf16.h"

namespace spellfilter::lsp {
namespace {

using json = nlohmann::json;

constexpr int kParseError = -32700;
constexpr int kInvalidParams = -32602;
constexpr int kMethodNotFound = -32601;
constexpr int kServerNotInitialized = -32002;

json PositionJson(size_t line, size_t character) {
  return json{{"line", line}, {"character", character}};
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
  EngineSettings settings;

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

  json RangeOf(const std::string& uri, const Finding& f) const {
    const std::string_view line = engine.LineText(uri, f.line);
    return json{{"start", PositionJson(f.line, Utf16Length(line, f.begin))},
                {"end", PositionJson(f.line, Utf16Length(line, f.end))}};
  }

  void Publish(const std::string& uri) {
    engine.Recheck(uri);
    json diagnostics = json::array();
    for (const Finding& f : engine.Findings(uri)) {
      diagnostics.push_back({{"range", RangeOf(uri, f)},
                             {"severity", severity},
                             {"code", "misspelling"},
                             {"source", "spellfilter"},
                             {"message", "Unknown word: " + f.word},
                             {"data", {{"word", f.word}}}});
    }
    Notify("textDocument/publishDiagnostics",
           {{"uri", uri}, {"diagnostics", std::move(diagnostics)}});
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
    const std::string uri = params.at("textDocument").at("uri");
    json actions = json::array();
    const json& context = params.at("context");
    for (const json& d : context.value("diagnostics", json::array())) {
      if (d.value("source", "") != "spellfilter") continue;
      std::string word;
      if (auto data = d.find("data"); data != d.end() && data->is_object()) {
        word = data->value("word", "");
      }
      if (word.empty()) {
        // Clients that do not keep `data`: the word is the range's text.
        const Position s = PositionOf(d.at("range").at("start"));
        const Position e = PositionOf(d.at("range").at("end"));
        const std::string_view line = engine.LineText(uri, s.line);
        const size_t b = ByteOffsetOfUtf16(line, s.character);
        const size_t en = ByteOffsetOfUtf16(line, e.character);
        if (s.line == e.line && en > b) word = line.substr(b, en - b);
      }
      if (word.empty()) continue;
      for (const std::string& s : engine.Suggest(word)) {
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
    const std::string uri = params.at("textDocument").at("uri");
    for (const json& c : params.at("contentChanges")) {
      const std::string text = c.at("text");
      if (auto range = c.find("range"); range != c.end()) {
        engine.Change(uri, PositionOf(range->at("start")),
                      PositionOf(range->at("end")), text, false);
      } else {
        engine.Change(uri, {}, {}, text, true);
      }
    }
    Publish(uri);
  }

  // Handles one message; returns false on "exit".
  bool Handle(const json& message) {
    const std::string method = message.value("method", "");
    const bool request = message.contains("id");
    const json id = request ? message.at("id") : json();
    const json params = message.value("params", json::object());
    if (method == "exit") return false;
    if (!initialized && method != "initialize") {
      if (request) ReplyError(id, kServerNotInitialized, "not initialized");
      return true;
    }
    try {
      if (method == "initialize") {
        Reply(id, Initialize(params));
      } else if (method == "shutdown") {
        shut_down = true;
        Reply(id, nullptr);
      } else if (method == "textDocument/didOpen") {
        const json& doc = params.at("textDocument");
        const std::string uri = doc.at("uri");
        if (Status s = engine.Open(uri, doc.value("languageId", ""),
                                   doc.at("text").get<std::string>());
            !s.ok()) {
          ShowMessage(1, "spellfilter: " + s.message());
        }
        Publish(uri);
      } else if (method == "textDocument/didChange") {
        DidChange(params);
      } else if (method == "textDocument/didClose") {
        const std::string uri = params.at("textDocument").at("uri");
        engine.Close(uri);
        Notify("textDocument/publishDiagnostics",
               {{"uri", uri}, {"diagnostics", json::array()}});
      } else if (method == "textDocument/didSave") {
        bool changed = engine.ReloadUserWords();
        const std::string uri = params.at("textDocument").at("uri");
        if (uri.ends_with(std::string("/") + kProjectFileName)) {
          // A project file saved: its words, paths and overrides anew.
          if (Status s = engine.ReloadProjects(); !s.ok()) {
            ShowMessage(1, "spellfilter: " + s.message());
          }
          changed = true;
        }
        if (changed) PublishAll();
      } else if (method == "textDocument/codeAction") {
        Reply(id, CodeActions(params));
      } else if (method == "workspace/executeCommand") {
        Reply(id, ExecuteCommand(params));
      } else if (method == "workspace/didChangeConfiguration") {
        const json settings_json = params.value("settings", json::object());
        ReadSettings(settings_json.is_object()
                         ? settings_json.value("spellfilter", json::object())
                         : json::object());
        engine.SetSettings(settings);
        PublishAll();
      } else if (request) {
        ReplyError(id, kMethodNotFound, "method not found: " + method);
      }
    } catch (const std::exception& e) {
      if (request) ReplyError(id, kInvalidParams, e.what());
    }
    return true;
  }
};

Server::Server(Engine& engine, std::FILE* in, std::FILE* out)
    : impl_(new Impl(engine, in, out)) {}

Server::~Server() { delete impl_; }

int Server::Run() {
  std::string body;
  Status status = Status::Ok();
  while (ReadMessage(impl_->in, &body, &status)) {
    json message = json::parse(body, nullptr, /*allow_exceptions=*/false);
    if (message.is_discarded() || !message.is_object()) {
      impl_->ReplyError(nullptr, kParseError, "not a JSON object");
      continue;
    }
    if (!impl_->Handle(message)) break;
  }
  if (!status.ok()) std::fprintf(stderr, "spellfilter: %s\n", status.message().c_str());
  return impl_->shut_down ? 0 : 1;
}

}  // namespace spellfilter::lsp
