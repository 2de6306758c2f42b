// Speaks JSON-RPC to the real `spellfilter lsp`, as an editor does: the
// lifecycle, diagnostics with UTF-16 ranges, incremental changes, code mode
// by languageId, code actions and their commands, settings, errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "tests/lsp/lsp_client.h"

namespace spellfilter::lsp_test {
namespace {

namespace fs = std::filesystem;

class LspProtocolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("spellfilter_lsp_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    client_ = std::make_unique<LspClient>(std::vector<std::string>{
        SPELLFILTER_EXE, "lsp", "-d", EN_US_SFD, "--code-dict", PROGRAMMING_SFD,
        "--user", (dir_ / "user.words").string()});
  }
  void TearDown() override {
    client_.reset();
    fs::remove_all(dir_);
  }

  json Initialize(const json& options = json::object()) {
    const int id = client_->Request(
        "initialize", {{"processId", nullptr},
                       {"rootUri", nullptr},
                       {"capabilities", json::object()},
                       {"initializationOptions", options}});
    json reply = client_->ReadReply(id);
    client_->Notify("initialized", json::object());
    return reply;
  }
  void Open(const std::string& uri, const std::string& language,
            const std::string& text) {
    client_->Notify("textDocument/didOpen",
                    {{"textDocument",
                      {{"uri", uri}, {"languageId", language}, {"version", 1}, {"text", text}}}});
  }
  // (line, start character, end character, word) of each diagnostic.
  static std::vector<std::tuple<int, int, int, std::string>> Spans(const json& params) {
    std::vector<std::tuple<int, int, int, std::string>> out;
    for (const json& d : params["diagnostics"]) {
      out.emplace_back(d["range"]["start"]["line"].get<int>(),
                       d["range"]["start"]["character"].get<int>(),
                       d["range"]["end"]["character"].get<int>(),
                       d["data"]["word"].get<std::string>());
    }
    return out;
  }
  using Spans_ = std::vector<std::tuple<int, int, int, std::string>>;

  fs::path dir_;
  std::unique_ptr<LspClient> client_;
};

TEST_F(LspProtocolTest, InitializeShutdownExit) {
  json reply = Initialize();
  const json& caps = reply["result"]["capabilities"];
  EXPECT_EQ(caps["textDocumentSync"]["change"], 2);  // incremental
  EXPECT_TRUE(caps.contains("codeActionProvider"));
  EXPECT_EQ(caps["executeCommandProvider"]["commands"][0],
            "spellfilter.addToUserDictionary");
  const int id = client_->Request("shutdown", nullptr);
  EXPECT_TRUE(client_->ReadReply(id)["result"].is_null());
  client_->Notify("exit", nullptr);
  EXPECT_EQ(client_->Wait(), 0);
}

TEST_F(LspProtocolTest, ExitWithoutShutdownIsCode1) {
  Initialize();
  client_->Notify("exit", nullptr);
  EXPECT_EQ(client_->Wait(), 1);
}

TEST_F(LspProtocolTest, RequestsBeforeInitializeAndUnknownMethodsAreErrors) {
  int id = client_->Request("textDocument/codeAction", json::object());
  EXPECT_EQ(client_->ReadReply(id)["error"]["code"], -32002);
  Initialize();
  id = client_->Request("textDocument/noSuchThing", json::object());
  EXPECT_EQ(client_->ReadReply(id)["error"]["code"], -32601);
  client_->SendRaw("{not json");
  json m = client_->Read();
  EXPECT_EQ(m["error"]["code"], -32700);
  // Bad params: an error reply, and the server goes on.
  id = client_->Request("textDocument/codeAction", {{"bad", 1}});
  EXPECT_EQ(client_->ReadReply(id)["error"]["code"], -32602);
  id = client_->Request("shutdown", nullptr);
  EXPECT_TRUE(client_->ReadReply(id).contains("result"));
}

TEST_F(LspProtocolTest, RangesAreUtf16CodeUnits) {
  Initialize();
  // U+1F600 is 4 bytes of UTF-8 and 2 UTF-16 units; é is 2 bytes and 1 unit.
  Open("file:///t.txt", "plaintext",
       "\xF0\x9F\x98\x80\xF0\x9F\x98\x80 recieve\ncaf\xC3\xA9 wrold\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///t.txt")),
            Spans_({{0, 5, 12, "recieve"}, {1, 5, 10, "wrold"}}));
}

TEST_F(LspProtocolTest, IncrementalChangesAndClose) {
  Initialize();
  const std::string uri = "file:///c.md";
  Open(uri, "markdown", "one recieve two\n`cde wrold` three\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics(uri)), Spans_({{0, 4, 11, "recieve"}}));
  // Replace "recieve" by "receive", and add a line with a typo after the
  // emoji (UTF-16 positions in the change too).
  client_->Notify(
      "textDocument/didChange",
      {{"textDocument", {{"uri", uri}, {"version", 2}}},
       {"contentChanges",
        {{{"range", {{"start", {{"line", 0}, {"character", 4}}},
                     {"end", {{"line", 0}, {"character", 11}}}}},
          {"text", "receive"}},
         {{"range", {{"start", {{"line", 2}, {"character", 0}}},
                     {"end", {{"line", 2}, {"character", 0}}}}},
          {"text", "\xF0\x9F\x98\x80 speling\n"}}}}});
  EXPECT_EQ(Spans(client_->ReadDiagnostics(uri)), Spans_({{2, 3, 10, "speling"}}));
  client_->Notify("textDocument/didClose", {{"textDocument", {{"uri", uri}}}});
  EXPECT_TRUE(client_->ReadDiagnostics(uri)["diagnostics"].empty());
}

TEST_F(LspProtocolTest, CodeDocumentsByLanguageId) {
  Initialize();
  Open("file:///a.cpp", "cpp",
       "const char* getUserNmae(); // recieve teh data\n/* a\nblock cmment */\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///a.cpp")),
            Spans_({{0, 19, 23, "Nmae"}, {0, 30, 37, "recieve"}, {2, 6, 12, "cmment"}}));
  // Opening a comment on line 0 makes line 1 a comment (no longer code):
  // the lines after an edit are rechecked while the lexer's state differs.
  client_->Notify(
      "textDocument/didChange",
      {{"textDocument", {{"uri", "file:///a.cpp"}, {"version", 2}}},
       {"contentChanges", {{{"text", "int x; /* xyzzyq\nint qzxvbnmk; */\n"}}}}});
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///a.cpp")),
            Spans_({{0, 10, 16, "xyzzyq"}, {1, 4, 12, "qzxvbnmk"}}));
}

// The C family's words (cpp.sfd beside the programming dictionary) by
// languageId: known in cpp, not in cmake.
TEST_F(LspProtocolTest, CFamilyWordsForCAndCppDocuments) {
  Initialize();
  Open("file:///a.cpp", "cpp", "#if __cplusplus  // recieve\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///a.cpp")),
            Spans_({{0, 20, 27, "recieve"}}));
  Open("file:///a.cmake", "cmake", "# __cplusplus recieve\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///a.cmake")),
            Spans_({{0, 4, 13, "cplusplus"}, {0, 14, 21, "recieve"}}));
}

// Run-on words in identifiers (autoptr) are right in code, not in a
// comment, also when the comment runs on from an earlier line.
TEST_F(LspProtocolTest, RunOnWordsInCodeOnly) {
  Initialize();
  // Python: in C and C++ cspell's compound parts accept autoptr anywhere.
  Open("file:///r.py", "python",
       "n = autoptr()  # autoptr\ns = \"\"\"a\nautoptr\"\"\" + autoptr()\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///r.py")),
            Spans_({{0, 17, 24, "autoptr"}, {2, 0, 7, "autoptr"}}));
}

TEST_F(LspProtocolTest, CodeActionsFixAddAndIgnore) {
  Initialize();
  const std::string uri = "file:///x.txt";
  Open(uri, "plaintext", "I recieve zorbleflap zorbleflap\n");
  json diags = client_->ReadDiagnostics(uri)["diagnostics"];
  ASSERT_EQ(diags.size(), 3u);
  int id = client_->Request(
      "textDocument/codeAction",
      {{"textDocument", {{"uri", uri}}},
       {"range", diags[0]["range"]},
       {"context", {{"diagnostics", json::array({diags[0]})}}}});
  json actions = client_->ReadReply(id)["result"];
  ASSERT_GE(actions.size(), 3u);
  EXPECT_EQ(actions[0]["title"], "Change to \"receive\"");
  EXPECT_EQ(actions[0]["edit"]["changes"][uri][0]["newText"], "receive");
  EXPECT_EQ(actions[0]["edit"]["changes"][uri][0]["range"], diags[0]["range"]);
  std::vector<std::string> commands;
  for (const json& a : actions) {
    if (a.contains("command")) commands.push_back(a["command"]["command"]);
  }
  EXPECT_EQ(commands, (std::vector<std::string>{"spellfilter.addToUserDictionary",
                                                "spellfilter.addToProjectWords",
                                                "spellfilter.ignoreInFile"}));

  // Add to the user dictionary: written to the list, diagnostics updated.
  id = client_->Request("workspace/executeCommand",
                        {{"command", "spellfilter.addToUserDictionary"},
                         {"arguments", {"zorbleflap"}}});
  EXPECT_TRUE(client_->ReadReply(id).contains("result"));
  EXPECT_EQ(Spans(client_->ReadDiagnostics(uri)), Spans_({{0, 2, 9, "recieve"}}));
  std::ifstream list(dir_ / "user.words");
  std::stringstream words;
  words << list.rdbuf();
  EXPECT_NE(words.str().find("zorbleflap"), std::string::npos);

  // Ignore in this file.
  id = client_->Request("workspace/executeCommand",
                        {{"command", "spellfilter.ignoreInFile"},
                         {"arguments", {uri, "recieve"}}});
  EXPECT_TRUE(client_->ReadReply(id).contains("result"));
  EXPECT_TRUE(client_->ReadDiagnostics(uri)["diagnostics"].empty());
}

TEST_F(LspProtocolTest, AddToProjectWordsWritesTheProjectFile) {
  const std::string root = "file://" + dir_.string();
  const int init = client_->Request("initialize", {{"rootUri", root},
                                                   {"capabilities", json::object()}});
  client_->ReadReply(init);
  fs::create_directories(dir_ / "src");
  const std::string uri = root + "/src/a.md";
  Open(uri, "markdown", "qwertzuiop asdfghjkl\n");
  EXPECT_EQ(client_->ReadDiagnostics(uri)["diagnostics"].size(), 2u);
  // No project file yet: one is made at the workspace root.
  int id = client_->Request("workspace/executeCommand",
                            {{"command", "spellfilter.addToProjectWords"},
                             {"arguments", {uri, "qwertzuiop"}}});
  client_->ReadReply(id);
  EXPECT_EQ(Spans(client_->ReadDiagnostics(uri)), Spans_({{0, 11, 20, "asdfghjkl"}}));
  const auto slurp = [](const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  EXPECT_EQ(slurp(dir_ / ".spellfilter.toml"), "words = [\"qwertzuiop\"]\n");
  // Into the existing array, comments kept.
  std::ofstream(dir_ / ".spellfilter.toml")
      << "# the project's words\nwords = [\n  \"qwertzuiop\", # first\n]\n"
         "[[overrides]]\nfiles = [\"*.txt\"]\nmode = \"text\"\n";
  id = client_->Request("workspace/executeCommand",
                        {{"command", "spellfilter.addToProjectWords"},
                         {"arguments", {uri, "asdfghjkl"}}});
  client_->ReadReply(id);
  EXPECT_TRUE(client_->ReadDiagnostics(uri)["diagnostics"].empty());
  EXPECT_EQ(slurp(dir_ / ".spellfilter.toml"),
            "# the project's words\nwords = [\n  \"qwertzuiop\", \"asdfghjkl\", # first\n]\n"
            "[[overrides]]\nfiles = [\"*.txt\"]\nmode = \"text\"\n");
}

// Issue 34, findings 1-3, through the real server: a cloned repository
// ships its .spellfilter.toml as a link to a file of mode 0640, a
// .spellfilter.toml.tmp linking to a file of the user's (~/.bashrc was
// replaced by one click on the quick fix), and ignore patterns that
// crashed std::regex on long lines or backtracked exponentially (one such
// line blocked every later request). The document is answered at once;
// "Add to project words" writes through the link into its target, mode
// kept, never through the planted temporary; the server serves on.
TEST_F(LspProtocolTest, HostileProjectFilesAndPatternsThroughTheServer) {
  client_->KillAfter(30);
  const std::string root = "file://" + dir_.string();
  fs::create_directories(dir_ / "real");
  const fs::path target = dir_ / "real" / "config.toml";
  std::ofstream(target) << "ignore = [\"https?://\\\\S+\", \"(a+)+$\", \"TODO.*\", "
                           "\"[A-Za-z0-9+/=]{40,}\"]\n";
  fs::permissions(target, fs::perms(0640));
  fs::create_symlink(target, dir_ / ".spellfilter.toml");
  const fs::path victim = dir_ / "bashrc";
  std::ofstream(victim) << "echo safe\n";
  fs::create_symlink(victim, dir_ / ".spellfilter.toml.tmp");
  client_->ReadReply(
      client_->Request("initialize", {{"rootUri", root}, {"capabilities", json::object()}}));
  std::string base64;
  while (base64.size() < 40000) base64 += "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo+/=";
  const std::string text = "see http://example.com/" + std::string(40000, 'a') + " wrold\n" +
                           std::string(40, 'a') + "b\n" + "TODO " + std::string(30000, 'x') +
                           "\n![img](data:image/png;base64," + base64 + ") qwertzuiop\n";
  const std::string uri = root + "/a.md";
  Open(uri, "markdown", text);
  std::set<std::pair<int, std::string>> flagged;
  for (const auto& [line, b, e, word] : Spans(client_->ReadDiagnostics(uri))) {
    flagged.insert({line, word});
  }
  EXPECT_TRUE(flagged.count({0, "wrold"})) << "the URL blanked, the word after it checked";
  EXPECT_TRUE(flagged.count({3, "qwertzuiop"}));
  for (const auto& [line, word] : flagged) EXPECT_NE(line, 2) << word;  // TODO.* blanked
  const int id = client_->Request("workspace/executeCommand",
                                  {{"command", "spellfilter.addToProjectWords"},
                                   {"arguments", {uri, "qwertzuiop"}}});
  EXPECT_FALSE(client_->ReadReply(id).contains("error"));
  for (const auto& [line, b, e, word] : Spans(client_->ReadDiagnostics(uri))) {
    EXPECT_NE(word, "qwertzuiop");
  }
  const auto slurp = [](const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  EXPECT_EQ(slurp(victim), "echo safe\n");
  EXPECT_TRUE(fs::is_symlink(dir_ / ".spellfilter.toml"));
  EXPECT_NE(slurp(target).find("qwertzuiop"), std::string::npos);
  EXPECT_EQ(fs::status(target).permissions() & fs::perms::all, fs::perms(0640));
  // Still serving.
  const std::string other = root + "/b.txt";
  Open(other, "plaintext", "wrold\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics(other)), Spans_({{0, 0, 5, "wrold"}}));
  EXPECT_FALSE(client_->killed());
}

TEST_F(LspProtocolTest, ProjectFlagWordsAndIgnorePatternsApply) {
  Initialize();
  std::ofstream(dir_ / ".spellfilter.toml")
      << "flagWords = [\"receive->get\"]\nignore = [\"TODO\\\\(\\\\w+\\\\)\"]\n";
  const std::string uri = "file://" + (dir_ / "n.md").string();
  Open(uri, "markdown", "I receive TODO(qwertyx) wrold\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics(uri)),
            Spans_({{0, 2, 9, "receive"}, {0, 24, 29, "wrold"}}));
}

TEST_F(LspProtocolTest, SettingsFromInitializeAndConfiguration) {
  Initialize({{"severity", "error"}, {"minLength", 6}});
  const std::string uri = "file:///s.py";
  Open(uri, "python", "# wrold recieve\n");
  json d = client_->ReadDiagnostics(uri)["diagnostics"];
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0]["data"]["word"], "recieve");
  EXPECT_EQ(d[0]["severity"], 1);
  EXPECT_EQ(d[0]["code"], "misspelling");
  EXPECT_EQ(d[0]["source"], "spellfilter");
  client_->Notify("workspace/didChangeConfiguration",
                  {{"settings", {{"spellfilter", {{"minLength", 4}, {"severity", "hint"}}}}}});
  d = client_->ReadDiagnostics(uri)["diagnostics"];
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0]["severity"], 4);
}

// As `check --max-repeats` (cspell's maxDuplicateProblems): in code a word
// is reported at most 5 times per document by default, its first five; in
// prose every time. The setting comes from the command line, then
// initializationOptions, then didChangeConfiguration.
TEST_F(LspProtocolTest, MaxRepeatsInCode) {
  Initialize();
  std::string code, prose;
  for (int i = 0; i < 7; ++i) code += "// wrold " + std::to_string(i) + "\n";
  for (int i = 0; i < 7; ++i) prose += "wrold " + std::to_string(i) + "\n";
  Open("file:///r.cpp", "cpp", code);
  Open("file:///r.md", "markdown", prose);
  Spans_ five;
  for (int i = 0; i < 5; ++i) five.emplace_back(i, 3, 8, "wrold");
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///r.cpp")), five);
  EXPECT_EQ(client_->ReadDiagnostics("file:///r.md")["diagnostics"].size(), 7u);
  client_->Notify("workspace/didChangeConfiguration",
                  {{"settings", {{"spellfilter", {{"maxRepeats", 2}}}}}});
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///r.cpp")),
            Spans_({{0, 3, 8, "wrold"}, {1, 3, 8, "wrold"}}));
  EXPECT_EQ(client_->ReadDiagnostics("file:///r.md")["diagnostics"].size(), 7u);
  // An edit that removes the first occurrence lets the third one through.
  const json range = {{"start", {{"line", 0}, {"character", 3}}},
                      {"end", {{"line", 0}, {"character", 8}}}};
  client_->Notify("textDocument/didChange",
                  {{"textDocument", {{"uri", "file:///r.cpp"}, {"version", 2}}},
                   {"contentChanges", json::array({{{"range", range}, {"text", "world"}}})}});
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///r.cpp")),
            Spans_({{1, 3, 8, "wrold"}, {2, 3, 8, "wrold"}}));
  client_->Notify("workspace/didChangeConfiguration",
                  {{"settings", {{"spellfilter", {{"maxRepeats", 0}}}}}});
  EXPECT_EQ(client_->ReadDiagnostics("file:///r.cpp")["diagnostics"].size(), 6u);
}

TEST_F(LspProtocolTest, MaxRepeatsFromInitializationOptions) {
  Initialize({{"maxRepeats", 1}});
  Open("file:///r.py", "python", "# wrold\n# wrold\n# recieve\n# recieve\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///r.py")),
            Spans_({{0, 2, 7, "wrold"}, {2, 2, 9, "recieve"}}));
}

// The command line's code options are the defaults (initialize without
// options does not reset them).
TEST_F(LspProtocolTest, CommandLineCodeOptionsAreTheDefaults) {
  client_ = std::make_unique<LspClient>(std::vector<std::string>{
      SPELLFILTER_EXE, "lsp", "-d", EN_US_SFD, "--code-dict", PROGRAMMING_SFD,
      "--no-user", "--max-repeats", "1", "--min-length", "6"});
  Initialize();
  Open("file:///r.py", "python", "# wrold recieve\n# recieve\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///r.py")),
            Spans_({{0, 8, 15, "recieve"}}));
}

// The project file's [[overrides]] choose the mode before the languageId
// does, its `paths` are not checked, and saving it applies it at once.
TEST_F(LspProtocolTest, ProjectOverridesAndPaths) {
  const std::string root = "file://" + dir_.string();
  Initialize();
  const fs::path toml = dir_ / ".spellfilter.toml";
  std::ofstream(toml) << "paths = [\"generated/**\"]\n"
                         "[[overrides]]\nfiles = [\"*.h\"]\nmode = \"text\"\n"
                         "[[overrides]]\nfiles = [\"notes/*.txt\"]\nmode = \"code\"\n"
                         "[[overrides]]\nfiles = [\"*.ltx\"]\nmode = \"tex\"\n";
  // A header the editor calls C++, checked as text: the identifier whole.
  Open(root + "/a.h", "cpp", "int getUserNmae; // wrold\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics(root + "/a.h")),
            Spans_({{0, 4, 15, "getUserNmae"}, {0, 20, 25, "wrold"}}));
  // Plain text checked as code: identifier parts, and five repeats at most.
  std::string notes = "getUserNmae\n";
  for (int i = 0; i < 6; ++i) notes += "qzxvbn\n";
  Open(root + "/notes/n.txt", "plaintext", notes);
  Spans_ code{{0, 7, 11, "Nmae"}};
  for (int i = 1; i <= 5; ++i) code.emplace_back(i, 0, 6, "qzxvbn");
  EXPECT_EQ(Spans(client_->ReadDiagnostics(root + "/notes/n.txt")), code);
  // TeX: commands and math are not words.
  Open(root + "/t.ltx", "plaintext", "\\textbf{wrold} $qzxv$ \\cite{qwertzu}\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics(root + "/t.ltx")),
            Spans_({{0, 8, 13, "wrold"}}));
  // Generated files are not checked.
  Open(root + "/generated/g.cpp", "cpp", "// wrold\n");
  EXPECT_TRUE(client_->ReadDiagnostics(root + "/generated/g.cpp")["diagnostics"].empty());

  // The project file edited and saved in the editor: no overrides, no paths.
  std::ofstream(toml) << "words = [\"qzxvbn\"]\n";
  client_->Notify("textDocument/didSave",
                  {{"textDocument", {{"uri", root + "/.spellfilter.toml"}}}});
  EXPECT_EQ(Spans(client_->ReadDiagnostics(root + "/a.h")),
            Spans_({{0, 11, 15, "Nmae"}, {0, 20, 25, "wrold"}}));
  EXPECT_EQ(Spans(client_->ReadDiagnostics(root + "/generated/g.cpp")),
            Spans_({{0, 3, 8, "wrold"}}));
  EXPECT_EQ(Spans(client_->ReadDiagnostics(root + "/notes/n.txt")),
            Spans_({{0, 0, 11, "getUserNmae"}}));
  EXPECT_EQ(client_->ReadDiagnostics(root + "/t.ltx")["diagnostics"].size(), 4u);

  // A broken project file is reported, and the documents are checked
  // without it.
  std::ofstream(toml) << "words = [\"qzxvbn\"\n";
  client_->Notify("textDocument/didSave",
                  {{"textDocument", {{"uri", root + "/.spellfilter.toml"}}}});
  json m;
  do {
    m = client_->Read();
  } while (!m.is_null() && m.value("method", "") != "window/showMessage");
  ASSERT_FALSE(m.is_null());
  EXPECT_NE(m["params"]["message"].get<std::string>().find(".spellfilter.toml:"),
            std::string::npos) << m.dump();
}

// Issue 34, finding 5: bad messages are answered or skipped, and the
// server goes on. Each block ends with a request whose reply shows it.
TEST_F(LspProtocolTest, WrongTypesAreErrorRepliesAlsoBeforeInitialize) {
  // Before initialize: "method" a number, null, an array (used to abort
  // with an uncaught type_error).
  client_->SendRaw(R"({"jsonrpc":"2.0","id":1,"method":5})");
  EXPECT_EQ(client_->ReadReply(1)["error"]["code"], -32600);
  client_->SendRaw(R"({"jsonrpc":"2.0","id":2,"method":null})");
  EXPECT_EQ(client_->ReadReply(2)["error"]["code"], -32600);
  client_->SendRaw(R"({"jsonrpc":"2.0","id":3,"method":["initialize"]})");
  EXPECT_EQ(client_->ReadReply(3)["error"]["code"], -32600);
  client_->SendRaw(R"({"jsonrpc":"2.0","method":5})");  // a notification: dropped
  client_->SendRaw(R"({"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"})");
  json m = client_->Read();
  EXPECT_EQ(m["error"]["code"], -32600);
  EXPECT_TRUE(m["id"].is_null());
  client_->SendRaw(R"([1, 2])");
  EXPECT_EQ(client_->Read()["error"]["code"], -32600);
  client_->SendRaw(R"(null)");
  EXPECT_EQ(client_->Read()["error"]["code"], -32600);
  client_->SendRaw(R"({"jsonrpc":"2.0","id":4,"method":"initialize","params":7})");
  EXPECT_EQ(client_->ReadReply(4)["error"]["code"], -32602);
  Initialize();
  // After it: params and their members of the wrong types.
  client_->SendRaw(R"({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":[1]}})");
  client_->SendRaw(R"({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":5,"text":"x"}}})");
  client_->SendRaw(R"({"jsonrpc":"2.0","method":"textDocument/didChange","params":"x"})");
  client_->SendRaw(R"({"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a.txt"},"contentChanges":{"text":5}}})");
  int id = client_->Request("textDocument/codeAction", "params as a string");
  EXPECT_EQ(client_->ReadReply(id)["error"]["code"], -32602);
  id = client_->Request("textDocument/codeAction",
                        {{"textDocument", {{"uri", nullptr}}}, {"context", json::object()}});
  EXPECT_EQ(client_->ReadReply(id)["error"]["code"], -32602);
  id = client_->Request("workspace/executeCommand", {{"command", json::array()}});
  EXPECT_EQ(client_->ReadReply(id)["error"]["code"], -32602);
  // A bad change among good ones changes nothing.
  Open("file:///a.txt", "plaintext", "one wrold\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///a.txt")), Spans_({{0, 4, 9, "wrold"}}));
  client_->Notify("textDocument/didChange",
                  {{"textDocument", {{"uri", "file:///a.txt"}, {"version", 2}}},
                   {"contentChanges", {{{"text", "whole recieve"}}, {{"text", 5}}}}});
  client_->Notify("textDocument/didChange",
                  {{"textDocument", {{"uri", "file:///a.txt"}, {"version", 3}}},
                   {"contentChanges", {{{"text", "two speling"}}}}});
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///a.txt")), Spans_({{0, 4, 11, "speling"}}));
  id = client_->Request("shutdown", nullptr);
  EXPECT_TRUE(client_->ReadReply(id).contains("result"));
  client_->Notify("exit", nullptr);
  EXPECT_EQ(client_->Wait(), 0);
}

TEST_F(LspProtocolTest, FramingErrorsSkipToTheNextHeader) {
  Initialize();
  const std::string ok = R"({"jsonrpc":"2.0","id":%d,"method":"nothing/such"})";
  const auto request = [&](int id) {
    std::string body = ok;
    body.replace(body.find("%d"), 2, std::to_string(id));
    return body;
  };
  const auto framed = [](const std::string& body) {
    return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  };
  // No Content-Length; a negative one; one that is no number; then a good
  // message (each was the end of the session).
  client_->SendBytes("Content-Type: application/json\r\n\r\n" + request(101));
  client_->SendBytes("Content-Length: -5\r\n\r\n" + request(102));
  client_->SendBytes("Content-Length: 12abc\r\n\r\n" + request(103));
  client_->SendBytes(framed(request(104)));
  json m = client_->Read();
  EXPECT_EQ(m["id"], 104);
  EXPECT_EQ(m["error"]["code"], -32601);
  // Too short: the cut body is no JSON (a ParseError), the rest of it is
  // skipped up to the next header.
  client_->SendBytes("Content-Length: 10\r\n\r\n" + request(105) + framed(request(106)));
  EXPECT_EQ(client_->Read()["error"]["code"], -32700);
  EXPECT_EQ(client_->Read()["id"], 106);
  // Longer than the 64 MiB allowed, with no body: nothing allocated,
  // the next header read.
  const size_t before = client_->ResidentBytes();
  client_->SendBytes("Content-Length: 1073741823\r\n\r\n" + framed(request(107)));
  EXPECT_EQ(client_->Read()["id"], 107);
  // A header line of 16 MiB without a line break, a Content-Length at its
  // end.
  client_->SendBytes(std::string(16 << 20, 'x') + framed(request(108)));
  EXPECT_EQ(client_->Read()["id"], 108);
  // Header fields beyond 8 KiB in all.
  std::string fields;
  for (int i = 0; i < 2000; ++i) fields += "X-Field: value\r\n";
  client_->SendBytes(fields + "\r\n" + framed(request(109)));
  EXPECT_EQ(client_->Read()["id"], 109);
  EXPECT_LT(client_->ResidentBytes(), before + (8 << 20));
  const int id = client_->Request("shutdown", nullptr);
  EXPECT_TRUE(client_->ReadReply(id).contains("result"));
  client_->Notify("exit", nullptr);
  EXPECT_EQ(client_->Wait(), 0);
}

TEST_F(LspProtocolTest, DeepJsonIsRefused) {
  Initialize();
  // 100,000 levels in 200 KB (used to overflow the stack).
  client_->SendRaw(std::string(100000, '[') + std::string(100000, ']'));
  EXPECT_EQ(client_->Read()["error"]["code"], -32600);
  client_->SendRaw(R"({"jsonrpc":"2.0","id":7,"method":"x","params":{"a":)" +
                   std::string(300, '[') + std::string(300, ']') + "}}");
  EXPECT_EQ(client_->Read()["error"]["code"], -32600);
  // 200 levels are fine.
  const int id = client_->Request(
      "textDocument/codeAction",
      {{"textDocument", {{"uri", "file:///none"}}},
       {"context", {{"diagnostics", json::array()}}},
       {"deep", json::parse(std::string(200, '[') + std::string(200, ']'))}});
  EXPECT_TRUE(client_->ReadReply(id)["result"].is_array());
}

// Issue 34, finding 8: the lifecycle as the specification says.
TEST_F(LspProtocolTest, SecondInitializeAndRequestsAfterShutdownAreErrors) {
  Initialize();
  int id = client_->Request("initialize", {{"capabilities", json::object()}});
  EXPECT_EQ(client_->ReadReply(id)["error"]["code"], -32600);
  id = client_->Request("shutdown", nullptr);
  EXPECT_TRUE(client_->ReadReply(id)["result"].is_null());
  id = client_->Request("textDocument/codeAction", json::object());
  EXPECT_EQ(client_->ReadReply(id)["error"]["code"], -32600);
  id = client_->Request("shutdown", nullptr);
  EXPECT_EQ(client_->ReadReply(id)["error"]["code"], -32600);
  Open("file:///late.txt", "plaintext", "wrold");  // dropped
  client_->Notify("exit", nullptr);
  EXPECT_EQ(client_->Wait(), 0);
  for (const json& n : client_->notifications()) {
    EXPECT_NE(n.value("method", ""), "textDocument/publishDiagnostics");
  }
}

TEST_F(LspProtocolTest, ExitBeforeInitializeIsCode1) {
  client_->Notify("exit", nullptr);
  EXPECT_EQ(client_->Wait(), 1);
}

// A lone CR ends a line, as \n and \r\n do (LSP positions).
TEST_F(LspProtocolTest, ALoneCarriageReturnIsALineBreak) {
  Initialize();
  Open("file:///cr.txt", "plaintext", "one\rtwo wrold\r\nthree recieve\nfour\rspeling");
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///cr.txt")),
            Spans_({{1, 4, 9, "wrold"}, {2, 6, 13, "recieve"}, {4, 0, 7, "speling"}}));
  // An edit on the line after a lone CR.
  client_->Notify("textDocument/didChange",
                  {{"textDocument", {{"uri", "file:///cr.txt"}, {"version", 2}}},
                   {"contentChanges",
                    {{{"range", {{"start", {{"line", 1}, {"character", 4}}},
                                 {"end", {{"line", 1}, {"character", 9}}}}},
                      {"text", "world"}}}}});
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///cr.txt")),
            Spans_({{2, 6, 13, "recieve"}, {4, 0, 7, "speling"}}));
}

// Issue 34, finding 6: at most 10,000 diagnostics per document (as
// cspell), configurable; one more says so.
TEST_F(LspProtocolTest, DiagnosticsPerDocumentAreCapped) {
  Initialize();
  std::string text;
  for (int i = 0; i < 12000; ++i) text += std::string("qzv") + char('a' + i % 10) + "x wrold\n";
  Open("file:///many.txt", "plaintext", text);
  json d = client_->ReadDiagnostics("file:///many.txt")["diagnostics"];
  ASSERT_EQ(d.size(), 10001u);
  EXPECT_EQ(d[9999]["range"]["start"]["line"], 4999);
  EXPECT_EQ(d[10000]["code"], "too-many-diagnostics");
  EXPECT_NE(d[10000]["message"].get<std::string>().find("10000"), std::string::npos);
  client_->Notify("workspace/didChangeConfiguration",
                  {{"settings", {{"spellfilter", {{"maxDiagnostics", 3}}}}}});
  d = client_->ReadDiagnostics("file:///many.txt")["diagnostics"];
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(d[3]["code"], "too-many-diagnostics");
  bool logged = false;
  const int id = client_->Request("shutdown", nullptr);
  client_->ReadReply(id);
  for (const json& n : client_->notifications()) {
    logged |= n.value("method", "") == "window/logMessage";
  }
  EXPECT_TRUE(logged);
}

// A 400 KB line of misspellings took 30 s to open and 37 s per keystroke
// (each finding's UTF-16 column counted from the line's start). Here the
// server is killed if the open and two keystrokes take 30 s (they take
// well under a second).
TEST_F(LspProtocolTest, ALongLineOfMisspellingsIsFast) {
  client_->KillAfter(30);
  Initialize();
  std::string line;
  while (line.size() < 400000) line += "\xC3\xA9qzv wrold ";
  Open("file:///long.txt", "plaintext", line);
  json d = client_->ReadDiagnostics("file:///long.txt")["diagnostics"];
  ASSERT_EQ(d.size(), 10001u);
  // Columns in UTF-16 units: each "éqzv wrold " is 11 units.
  EXPECT_EQ(d[1]["range"]["start"]["character"], 5);
  EXPECT_EQ(d[3]["range"]["start"]["character"], 11 + 5);
  EXPECT_EQ(d[9999]["range"]["start"]["character"], 4999 * 11 + 5);
  for (int k = 0; k < 2; ++k) {
    client_->Notify("textDocument/didChange",
                    {{"textDocument", {{"uri", "file:///long.txt"}, {"version", 2 + k}}},
                     {"contentChanges",
                      {{{"range", {{"start", {{"line", 0}, {"character", 0}}},
                                   {"end", {{"line", 0}, {"character", 0}}}}},
                        {"text", "x"}}}}});
    d = client_->ReadDiagnostics("file:///long.txt")["diagnostics"];
    ASSERT_EQ(d.size(), 10001u);
  }
  EXPECT_FALSE(client_->killed());
}

// The same for a Markdown line of 200 KB of `[a](` (each opener scanned
// to the line's end: 6 s per keystroke).
TEST_F(LspProtocolTest, AMarkdownLineOfOpenersIsFast) {
  client_->KillAfter(30);
  Initialize();
  std::string line;
  while (line.size() < 200000) line += "[a](";
  Open("file:///links.md", "markdown", line + "\nwrold\n");
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///links.md")), Spans_({{1, 0, 5, "wrold"}}));
  client_->Notify("textDocument/didChange",
                  {{"textDocument", {{"uri", "file:///links.md"}, {"version", 2}}},
                   {"contentChanges",
                    {{{"range", {{"start", {{"line", 0}, {"character", 1}}},
                                 {"end", {{"line", 0}, {"character", 1}}}}},
                      {"text", " "}}}}});
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///links.md")), Spans_({{1, 0, 5, "wrold"}}));
  EXPECT_FALSE(client_->killed());
}

// Blank lines cost about 200 bytes each (20 MB of them: 4.1 GB). Here
// 2,000,000 of them must cost less than 3 bytes each (2 measured).
TEST_F(LspProtocolTest, BlankLinesCostLittleMemory) {
  Initialize();
  Open("file:///small.txt", "plaintext", "wrold");
  client_->ReadDiagnostics("file:///small.txt");
  const size_t before = client_->ResidentBytes();
  ASSERT_GT(before, 0u);
  constexpr size_t kLines = 2000000;
  Open("file:///blank.txt", "plaintext", std::string(kLines, '\n') + "wrold");
  EXPECT_EQ(Spans(client_->ReadDiagnostics("file:///blank.txt")),
            Spans_({{static_cast<int>(kLines), 0, 5, "wrold"}}));
  const size_t after = client_->ResidentBytes();
  // Its byte and about one more (the checkpoints, app/lsp/document.h):
  // 131.7 bytes a line on main before issue 34, 64 with an object per line.
  // (Resident memory: a few MB of code and dictionary pages besides.)
  EXPECT_LT(after - before, kLines * 3 + (6 << 20))
      << (after - before) / kLines << " bytes per line";
}

// The peak while a message is handled (its body, what is parsed from it,
// the document, the checker's buffers, the diagnostics written back) stays
// within 3 times the document, besides the dictionary's and code's pages
// (a 512 KiB allowance): a 400 KB line of misspellings and 2 MB of them in
// short lines, opened and typed in. Main before this round: 12.8 and 4.0
// times (the parsed message, the lexer's copies, the 2 MB reply text, the
// checker's 32 bytes a word of the whole line).
TEST_F(LspProtocolTest, PeakMemoryIsWithinThreeTimesTheDocument) {
  client_->KillAfter(60);
  Initialize();
  Open("file:///warm.txt", "plaintext", "one wrold\n");
  client_->ReadDiagnostics("file:///warm.txt");
  Open("file:///warm.md", "markdown", "one [wrold](x) `y`\n");
  client_->ReadDiagnostics("file:///warm.md");
  const std::string unit = "qzvx wrold teh recieve ";
  std::string line;
  while (line.size() < 400000) line += unit;
  std::string lines;
  for (int i = 0; lines.size() < 2000000; ++i) {
    lines += "speling" + std::to_string(i % 97) + " " + unit + unit + unit + "\n";
  }
  // A Markdown line of link openers, none closed (the filter's worst
  // case): the filter's copy of the line and an 8-byte table entry per
  // '(' made the peak 4.3 times the document.
  std::string links;
  while (links.size() < (size_t{1} << 20)) links += "[a](";
  links += "\nwrold `code` [a](b)\n";
  struct Case {
    std::string uri;
    std::string language;
    const std::string& text;
    size_t line;
    size_t diagnostics;  // after the open and after each keystroke
    std::string typed;   // what each keystroke inserts
  };
  const Case cases[] = {{"file:///line.txt", "plaintext", line, 0, 10001, "x"},
                        {"file:///lines.txt", "plaintext", lines, 10000, 10001, "x"},
                        {"file:///links.md", "markdown", links, 0, 1, "("}};
  int version = 1;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.uri);
    // A request answered: the server is done with what came before.
    client_->ReadReply(client_->Request("spellfilter/ping", json::object()));
    // The peak set back first, then the resident memory read: pages the
    // server touches in between (its threads settling) count in both.
    if (!client_->ResetPeak()) GTEST_SKIP() << "cannot reset VmHWM";
    const size_t before = client_->ResidentBytes();
    ASSERT_LE(client_->PeakBytes(), before + (64 << 10));
    Open(c.uri, c.language, c.text);
    json d = client_->ReadDiagnostics(c.uri)["diagnostics"];
    ASSERT_EQ(d.size(), c.diagnostics);
    for (int k = 0; k < 6; ++k) {
      // An "x" typed into a misspelling (or past the 10,000 shown), a "("
      // into the links: as many diagnostics as before.
      const int at = 1001 + 4 * k;
      client_->Notify("textDocument/didChange",
                      {{"textDocument", {{"uri", c.uri}, {"version", ++version}}},
                       {"contentChanges",
                        {{{"range", {{"start", {{"line", c.line}, {"character", at}}},
                                     {"end", {{"line", c.line}, {"character", at}}}}},
                          {"text", c.typed}}}}});
      ASSERT_EQ(client_->ReadDiagnostics(c.uri)["diagnostics"].size(), c.diagnostics);
    }
    client_->ReadReply(client_->Request("spellfilter/ping", json::object()));
    const size_t peak = client_->PeakBytes() - before;
    EXPECT_LE(peak, 3 * c.text.size() + (512 << 10))
        << peak / double(c.text.size()) << " times the document";
  }
  EXPECT_FALSE(client_->killed());
}

// A 40 KB URI took 24 s and 794 MB; URIs beyond 16 KiB are refused, and a
// long one of a path no file can have is served as a file of no project.
TEST_F(LspProtocolTest, LongUrisAreCappedAndCheap) {
  client_->KillAfter(30);
  Initialize();
  std::string uri = "file://";
  while (uri.size() < 40000) uri += "/a";
  Open(uri, "plaintext", "wrold");
  int id = client_->Request("textDocument/codeAction",
                            {{"textDocument", {{"uri", uri}}},
                             {"context", {{"diagnostics", json::array()}}}});
  EXPECT_EQ(client_->ReadReply(id)["error"]["code"], -32602);
  uri.resize(12000);
  Open(uri, "plaintext", "wrold");
  EXPECT_EQ(Spans(client_->ReadDiagnostics(uri)), Spans_({{0, 0, 5, "wrold"}}));
  EXPECT_FALSE(client_->killed());
}

// An allocation failure in didOpen (a document too large for the memory
// the server may have) fails that message; the document is not left
// half-made (a null one made the next codeAction crash) and the server
// goes on.
TEST(LspMemoryTest, RunningOutOfMemoryFailsTheMessageOnly) {
  // 160 MiB of address space (about 45 MiB are the program, its libraries
  // and the dictionary); documents of 16 MB of lines (about 32 MB each in
  // the server) are opened until one fails: a message too large
  // to read is skipped, one too large to parse is an error reply, one too
  // large to hold or check is a window/showMessage.
  LspClient client({SPELLFILTER_EXE, "lsp", "-d", EN_US_SFD, "--no-user"},
                   size_t{160} << 20);
  client.KillAfter(60);
  int id = client.Request("initialize", {{"capabilities", json::object()}});
  ASSERT_TRUE(client.ReadReply(id).contains("result"));
  const json code_action_context = {
      {"diagnostics",
       {{{"range", {{"start", {{"line", 0}, {"character", 0}}},
                    {"end", {{"line", 0}, {"character", 5}}}}},
         {"source", "spellfilter"}}}}};
  std::string failed_uri;
  for (int i = 0; i < 40 && failed_uri.empty(); ++i) {
    const std::string uri = "file:///huge" + std::to_string(i) + ".txt";
    client.Notify("textDocument/didOpen",
                  {{"textDocument", {{"uri", uri}, {"languageId", "plaintext"},
                                     {"version", 1}, {"text", std::string(16000000, '\n')}}}});
    // A request after it: its reply ends what the open caused.
    id = client.Request("textDocument/codeAction",
                        {{"textDocument", {{"uri", uri}}},
                         {"range", {{"start", {{"line", 0}, {"character", 0}}},
                                    {"end", {{"line", 0}, {"character", 5}}}}},
                         {"context", code_action_context}});
    bool published = false;
    for (;;) {
      json m = client.Read();
      ASSERT_FALSE(m.is_null()) << "the server ended after " << i << " documents";
      if (m.value("method", "") == "textDocument/publishDiagnostics") {
        published = published || m["params"]["uri"] == uri;
      } else if (m.value("method", "") == "window/showMessage") {
        EXPECT_NE(m["params"]["message"].get<std::string>().find("out of memory"),
                  std::string::npos);
      } else if (m.contains("id") && m["id"] == id) {
        // Served, whether the document could be opened or not.
        EXPECT_TRUE(m["result"].is_array()) << m.dump();
        break;
      } else if (m.contains("error")) {
        EXPECT_EQ(m["error"]["code"], -32803) << m.dump();
      }
    }
    if (!published) failed_uri = uri;
  }
  ASSERT_FALSE(failed_uri.empty()) << "40 documents of 16 MB fit in 160 MiB";
  // The server goes on: a small document is checked.
  client.Notify("textDocument/didOpen",
                {{"textDocument", {{"uri", "file:///ok.txt"}, {"languageId", "plaintext"},
                                   {"version", 1}, {"text", "wrold"}}}});
  EXPECT_EQ(client.ReadDiagnostics("file:///ok.txt")["diagnostics"].size(), 1u);
  EXPECT_FALSE(client.killed());
}

}  // namespace
}  // namespace spellfilter::lsp_test
