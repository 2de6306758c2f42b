#include "app/lsp/server.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <charconv>
#include <limits>
#include <new>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>

#include "app/lsp/json_rpc.h"
#include "app/lsp/message_parser.h"
#include "app/lsp/utf16.h"
#include "core/user/language_list.h"

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

// A message's text as it is made: counted first (Content-Length comes
// before the body), then made again and written through a 64 KiB buffer
// (Publish), so that a reply of 10,000 diagnostics (2 MB) is never held
// whole.
class TextSink {
 public:
  // `out` null: counting only.
  explicit TextSink(std::FILE* out) : out_(out) {
    if (out_ != nullptr) buffer_.reserve(kBuffer);
  }
  void Put(std::string_view text) {
    size_ += text.size();
    if (out_ == nullptr) return;
    if (buffer_.size() + text.size() > kBuffer) Flush();
    if (text.size() >= kBuffer) {
      std::fwrite(text.data(), 1, text.size(), out_);
    } else {
      buffer_.append(text);
    }
  }
  void Put(char c) { Put(std::string_view(&c, 1)); }
  void PutNumber(size_t n) {
    char digits[24];
    const auto [end, ec] = std::to_chars(digits, digits + sizeof(digits), n);
    Put(std::string_view(digits, static_cast<size_t>(end - digits)));
  }
  // `text` inside a JSON string (invalid UTF-8 replaced): as it is when it
  // needs no escaping, as words almost always do.
  void PutEscaped(std::string_view text) {
    for (const char c : text) {
      const auto u = static_cast<unsigned char>(c);
      if (u < 0x20 || u >= 0x80 || c == '"' || c == '\\') {
        const std::string quoted = nlohmann::json(std::string(text)).dump(
            -1, ' ', false, nlohmann::json::error_handler_t::replace);
        Put(std::string_view(quoted).substr(1, quoted.size() - 2));
        return;
      }
    }
    Put(text);
  }
  void Flush() {
    if (out_ != nullptr && !buffer_.empty()) {
      std::fwrite(buffer_.data(), 1, buffer_.size(), out_);
      buffer_.clear();
    }
  }
  size_t size() const { return size_; }

 private:
  static constexpr size_t kBuffer = 64 << 10;
  std::FILE* out_;
  std::string buffer_;
  size_t size_ = 0;
};

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
  // The document texts of the message being handled (message_parser.h).
  std::vector<std::string> texts;
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

  // Diagnostics are written as text as they are found, not built as a
  // JSON tree nor held whole: 10,000 of them took 25 ms as a tree
  // (allocating, dumping and freeing its nodes), and 2 MB as text; they
  // are made twice (counted, then written through a small buffer), from
  // the document's misspellings stream (docs/lsp.md).
  void Publish(const std::string& uri) {
    engine.Recheck(uri);
    const size_t limit = max_diagnostics == 0
                             ? std::numeric_limits<size_t>::max()
                             : max_diagnostics;
    bool capped = false;
    const std::string message =
        "spellfilter: more than " + std::to_string(limit) +
        " unknown words; only the first " + std::to_string(limit) +
        " are shown (setting maxDiagnostics)";
    const auto make = [&](TextSink& sink) {
      sink.Put(R"({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":")");
      sink.PutEscaped(uri);
      sink.Put(R"(","diagnostics":[)");
      const auto range = [&](size_t line, size_t begin, size_t end) {
        sink.Put(R"({"range":{"start":{"line":)");
        sink.PutNumber(line);
        sink.Put(R"(,"character":)");
        sink.PutNumber(begin);
        sink.Put(R"(},"end":{"line":)");
        sink.PutNumber(line);
        sink.Put(R"(,"character":)");
        sink.PutNumber(end);
        sink.Put("}},");
      };
      // One pass per line from finding to finding (findings come in
      // order), not from the line's start for each.
      Utf16Cursor cursor;
      size_t cursor_line = std::numeric_limits<size_t>::max();
      size_t last_line = 0;
      size_t last_end = 0;
      bool first = true;
      capped = engine.ForEachFinding(uri, limit, [&](const Finding& f) {
        if (f.line != cursor_line) {
          cursor = Utf16Cursor(f.line_text);
          cursor_line = f.line;
        }
        const size_t begin = cursor.UnitsAt(f.begin);
        const size_t end = cursor.UnitsAt(f.end);
        if (!first) sink.Put(',');
        first = false;
        range(f.line, begin, end);
        sink.Put(R"("severity":)");
        sink.PutNumber(static_cast<size_t>(severity));
        sink.Put(R"(,"code":"misspelling","source":"spellfilter","message":"Unknown word: )");
        sink.PutEscaped(f.word);
        sink.Put(R"(","data":{"word":")");
        sink.PutEscaped(f.word);
        sink.Put(R"("}})");
        last_line = f.line;
        last_end = end;
      });
      if (capped) {
        // Said once, where the last one shown ends, as a diagnostic of its
        // own (no word: no code action), and in the client's log.
        if (!first) sink.Put(',');
        range(last_line, last_end, last_end);
        sink.Put(R"("severity":3,"code":"too-many-diagnostics","source":"spellfilter","message":")");
        sink.PutEscaped(message);
        sink.Put(R"("})");
      }
      sink.Put("]}}");
    };
    TextSink counter(nullptr);
    make(counter);
    // The log line first, as before the diagnostics were streamed.
    if (capped) {
      if (capped_uris.insert(uri).second) {
        Notify("window/logMessage", {{"type", 2}, {"message", message + ": " + uri}});
      }
    } else {
      capped_uris.erase(uri);
    }
    std::fprintf(out, "Content-Length: %zu\r\n\r\n", counter.size());
    TextSink writer(out);
    make(writer);
    writer.Flush();
    std::fflush(out);
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
      // With several languages the word goes to its sentence's list, and
      // the title says which.
      const std::string language = engine.LanguageAt(line, b);
      const std::string tag = UserListTag(language);
      actions.push_back(
          {{"title", engine.language_count() > 1 && !tag.empty()
                         ? "Add \"" + word + "\" to the " + tag +
                               " user dictionary"
                         : "Add \"" + word + "\" to user dictionary"},
           {"kind", "quickfix"},
           {"diagnostics", json::array({d})},
           {"command",
            {{"title", "Add to user dictionary"},
             {"command", kAddToUserCommand},
             {"arguments", json::array({word, language})}}}});
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
      // The second argument, the language, came with the code action
      // (older clients may send the word alone: the first language's).
      const std::string language =
          args.size() >= 2 && args[1].is_string() ? args[1].get<std::string>()
                                                  : std::string();
      if (Status s = engine.AddUserWord(args[0].get<std::string>(), language);
          !s.ok()) {
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
      const json& text = c.at("text");
      if (!text.is_string() && !text.is_binary()) {
        throw InvalidParams("change text is not a string");
      }
      if (auto range = c.find("range"); range != c.end()) {
        PositionOf(range->at("start"));
        PositionOf(range->at("end"));
      }
    }
    std::string text;
    for (const json& c : changes) {
      if (!TakeText(c.at("text"), texts, &text)) {
        throw InvalidParams("change text is not a string");
      }
      if (auto range = c.find("range"); range != c.end()) {
        engine.Change(uri, PositionOf(range->at("start")),
                      PositionOf(range->at("end")), text, false);
      } else {
        engine.SetText(uri, std::move(text));
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
      std::string text;
      if (!TakeText(doc.at("text"), texts, &text)) throw InvalidParams("text is not a string");
      if (Status s = engine.Open(uri, language.is_string() ? language.get<std::string>() : "",
                                 std::move(text));
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
      json message;
      const ParseResult parsed = ParseMessage(body, kMaxJsonDepth, &message, &impl_->texts);
      // The body is not kept beside what was parsed from it.
      if (body.capacity() > kKeptBodyBytes) std::string().swap(body);
      if (parsed == ParseResult::kTooDeep) {
        impl_->ReplyError(nullptr, kInvalidRequest,
                          "JSON nested deeper than " + std::to_string(kMaxJsonDepth));
      } else {
        if (parsed == ParseResult::kNotJson) {
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
    std::vector<std::string>().swap(impl_->texts);
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
