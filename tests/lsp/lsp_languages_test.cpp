// Several languages in the real `spellfilter lsp` (docs/multilingual.md):
// --lang en_US,de_DE on its command line, and the `language` setting from
// initializationOptions and didChangeConfiguration (a string, a list, auto,
// and an unknown language, which is shown and changes nothing); code
// actions suggest in the language of the word's sentence.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/lsp/lsp_client.h"

namespace spellfilter::lsp_test {
namespace {

namespace fs = std::filesystem;

class LspLanguagesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("spellfilter_lsp_lang_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_ / "config/spellfilter");
    // A small German dictionary where the server looks for languages.
    std::ofstream(dir_ / "de.txt")
        << "der\ndie\nHund\nKatze\nbellt\nlaut\nschläft\nist\ngut\n";
    const std::string build = std::string(SPELLFILTER_EXE) + " build " +
                              (dir_ / "de.txt").string() + " -o " +
                              (dir_ / "config/spellfilter/de_DE.sfd").string() +
                              " --lang de-DE >/dev/null";
    ASSERT_EQ(std::system(build.c_str()), 0);
    setenv("XDG_CONFIG_HOME", (dir_ / "config").c_str(), 1);
    setenv("XDG_CACHE_HOME", (dir_ / "cache").c_str(), 1);
    setenv("SPELLFILTER_HUNSPELL_PATH", (dir_ / "none").c_str(), 1);
    setenv("LC_ALL", "C", 1);
  }
  void TearDown() override {
    client_.reset();
    unsetenv("SPELLFILTER_HUNSPELL_PATH");
    fs::remove_all(dir_);
  }
  // The server without the user's lists (`with_user_lists`: with them,
  // under dir_/config).
  void Start(const std::vector<std::string>& args,
             bool with_user_lists = false) {
    std::vector<std::string> argv = {SPELLFILTER_EXE, "lsp"};
    if (!with_user_lists) argv.push_back("--no-user");
    argv.insert(argv.end(), args.begin(), args.end());
    client_ = std::make_unique<LspClient>(argv);
    client_->KillAfter(60);
  }
  void Initialize(const json& options = json::object()) {
    const int id = client_->Request(
        "initialize", {{"processId", nullptr},
                       {"rootUri", nullptr},
                       {"capabilities", json::object()},
                       {"initializationOptions", options}});
    ASSERT_FALSE(client_->ReadReply(id).is_null());
    client_->Notify("initialized", json::object());
  }
  void Open(const std::string& uri, const std::string& text) {
    client_->Notify("textDocument/didOpen",
                    {{"textDocument",
                      {{"uri", uri}, {"languageId", "plaintext"}, {"version", 1},
                       {"text", text}}}});
  }
  std::vector<std::string> Words(const json& params) {
    std::vector<std::string> out;
    for (const json& d : params["diagnostics"]) out.push_back(d["data"]["word"]);
    return out;
  }
  // The first fix offered for diagnostic `d`.
  std::string FirstFix(const std::string& uri, const json& d) {
    const int id = client_->Request(
        "textDocument/codeAction",
        {{"textDocument", {{"uri", uri}}},
         {"range", d["range"]},
         {"context", {{"diagnostics", json::array({d})}}}});
    const json actions = client_->ReadReply(id)["result"];
    if (actions.empty() || !actions[0].contains("edit")) return "";
    return actions[0]["edit"]["changes"][uri][0]["newText"];
  }
  void Configure(const json& language) {
    client_->Notify("workspace/didChangeConfiguration",
                    {{"settings", {{"spellfilter", {{"language", language}}}}}});
  }

  // The code action that adds the word of diagnostic `d` to a user list.
  json AddAction(const std::string& uri, const json& d) {
    const int id = client_->Request(
        "textDocument/codeAction",
        {{"textDocument", {{"uri", uri}}},
         {"range", d["range"]},
         {"context", {{"diagnostics", json::array({d})}}}});
    const json reply = client_->ReadReply(id);
    for (const json& a : reply["result"]) {
      if (a.contains("command") &&
          a["command"]["command"] == "spellfilter.addToUserDictionary") {
        return a;
      }
    }
    return json();
  }
  std::string UserList(const std::string& tag) {
    std::ifstream in(dir_ / "config/spellfilter/user" / (tag + ".words"));
    std::stringstream words;
    words << in.rdbuf();
    return words.str();
  }

  using Words_ = std::vector<std::string>;
  fs::path dir_;
  std::unique_ptr<LspClient> client_;
};

TEST_F(LspLanguagesTest, CommandLineListAndSuggestionsFromTheSentence) {
  Start({"--lang", "en_US,de_DE"});
  Initialize();
  const std::string uri = "file:///mixed.txt";
  Open(uri, "The dogg sleeps. Der Hnud bellt laut.\n");
  const json params = client_->ReadDiagnostics(uri);
  EXPECT_EQ(Words(params), (Words_{"dogg", "Hnud"}));
  ASSERT_EQ(params["diagnostics"].size(), 2u);
  EXPECT_EQ(FirstFix(uri, params["diagnostics"][0]), "dog");
  EXPECT_EQ(FirstFix(uri, params["diagnostics"][1]), "Hund");
}

TEST_F(LspLanguagesTest, TheLanguageSetting) {
  Start({"-d", EN_US_SFD});
  Initialize({{"language", {"en_US", "de_DE"}}});
  const std::string uri = "file:///s.txt";
  Open(uri, "The dog bellt. Der Hund bellt laut.\n");
  EXPECT_EQ(Words(client_->ReadDiagnostics(uri)), Words_{});
  // auto: the German word is wrong in the English sentence.
  Configure("auto:en_US,de_DE");
  EXPECT_EQ(Words(client_->ReadDiagnostics(uri)), Words_{"bellt"});
  // An unknown language is shown, and the languages stay.
  Configure("en_US,xx_YY");
  EXPECT_EQ(Words(client_->ReadDiagnostics(uri)), Words_{"bellt"});
  bool shown = false;
  for (const json& m : client_->notifications()) {
    if (m.value("method", "") == "window/showMessage" &&
        m["params"]["message"].get<std::string>().find("xx_YY") !=
            std::string::npos) {
      shown = true;
    }
  }
  EXPECT_TRUE(shown);
  // Empty: back to the command line's dictionary, English alone.
  Configure("");
  EXPECT_EQ(Words(client_->ReadDiagnostics(uri)),
            (Words_{"bellt", "Hund", "bellt", "laut"}));
}

// Each language its own user list, as in check and the editor: a word added
// from a German sentence goes to the German list, and a list is accepted in
// its language only.
TEST_F(LspLanguagesTest, EachLanguageHasItsOwnUserList) {
  // A word already in the German list (added by the CLI) is accepted.
  const std::string add =
      std::string(SPELLFILTER_EXE) + " add -q -d " +
      (dir_ / "config/spellfilter/de_DE.sfd").string() + " Wauwau";
  ASSERT_EQ(std::system(add.c_str()), 0);
  ASSERT_NE(UserList("de_DE").find("Wauwau"), std::string::npos);

  Start({"--lang", "en_US,de_DE"}, /*with_user_lists=*/true);
  Initialize();
  const std::string uri = "file:///lists.txt";
  Open(uri, "The cat sleeps. Der Wauwau bellt. Der Kläffer bellt laut.\n");
  json params = client_->ReadDiagnostics(uri);
  ASSERT_EQ(Words(params), Words_{"Kläffer"});

  // Adding from the German sentence: the German list, named in the title.
  const json action = AddAction(uri, params["diagnostics"][0]);
  ASSERT_FALSE(action.is_null()) << params.dump();
  EXPECT_NE(action["title"].get<std::string>().find("de_DE"), std::string::npos)
      << action["title"];
  const int id = client_->Request("workspace/executeCommand", action["command"]);
  EXPECT_TRUE(client_->ReadReply(id).contains("result"));
  EXPECT_EQ(Words(client_->ReadDiagnostics(uri)), Words_{});
  EXPECT_NE(UserList("de_DE").find("Kläffer"), std::string::npos);
  EXPECT_EQ(UserList("en_US").find("Kläffer"), std::string::npos);

  // English alone: the German list does not count.
  Configure("en_US");
  const Words_ english = Words(client_->ReadDiagnostics(uri));
  EXPECT_NE(std::find(english.begin(), english.end(), "Wauwau"), english.end());
  EXPECT_NE(std::find(english.begin(), english.end(), "Kläffer"), english.end());
  // German alone: it does.
  Configure("de_DE");
  const Words_ german = Words(client_->ReadDiagnostics(uri));
  EXPECT_EQ(std::find(german.begin(), german.end(), "Wauwau"), german.end());
  EXPECT_EQ(std::find(german.begin(), german.end(), "Kläffer"), german.end());
}

}  // namespace
}  // namespace spellfilter::lsp_test
