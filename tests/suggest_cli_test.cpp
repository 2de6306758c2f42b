// `spellfilter suggest` and `spellfilter check --suggest`, run as a user
// would: output lines, batch mode on stdin, options and errors.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct Result {
  int exit_code;
  std::string out;
  std::string err;
};

std::string Quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class SuggestCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("spellfilter_suggest_cli_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    std::ofstream(dir_ / "words.txt")
        << "the\t10\nthen\t10\ncat\t10\nsat\t20\non\t10\nmat\t35\nParis\t20\n"
           "receive\t20\na\t10\nlot\t10\n";
    ASSERT_EQ(Run({"build", Path("words.txt"), "-o", Path("t.sfd"), "--lang",
                   "en-US", "-q"})
                  .exit_code,
              0);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Path(const std::string& name) const {
    return (dir_ / name).string();
  }

  Result Run(const std::vector<std::string>& args,
             const std::string& input = "") {
    std::ofstream(dir_ / "stdin", std::ios::binary) << input;
    std::string cmd = Quote(SPELLFILTER_EXE);
    for (const std::string& a : args) cmd += " " + Quote(a);
    cmd += " < " + Quote(Path("stdin")) + " > " + Quote(Path("stdout")) +
           " 2> " + Quote(Path("stderr"));
    const int status = std::system(cmd.c_str());
    return Result{WIFEXITED(status) ? WEXITSTATUS(status) : -1,
                  Slurp(dir_ / "stdout"), Slurp(dir_ / "stderr")};
  }

  fs::path dir_;
};

TEST_F(SuggestCliTest, OneLinePerWordBestFirst) {
  Result r = Run({"suggest", "-d", Path("t.sfd"), "teh", "Recieve", "xyzzyq"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  ASSERT_TRUE(std::getline(lines, line));
  EXPECT_EQ(line.rfind("teh: the", 0), 0u) << line;
  ASSERT_TRUE(std::getline(lines, line));
  EXPECT_EQ(line, "Recieve: Receive");
  ASSERT_TRUE(std::getline(lines, line));
  EXPECT_EQ(line, "xyzzyq:");  // nothing to suggest
  EXPECT_FALSE(std::getline(lines, line));
}

TEST_F(SuggestCliTest, ReadsWordsFromStdinAndHonoursMax) {
  Result r = Run({"suggest", "-d", Path("t.sfd"), "--max", "1"},
                 "teh\n\nalot\r\nparis\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "teh: the\nalot: a lot\nparis: Paris\n");
}

TEST_F(SuggestCliTest, StatsGoToStderr) {
  Result r = Run({"suggest", "-d", Path("t.sfd"), "--stats", "teh"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.err.find("words 1;"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.rfind("teh: the", 0), 0u);
}

TEST_F(SuggestCliTest, CheckSuggestAddsSuggestionsToMisspellings) {
  Result r = Run({"check", "-d", Path("t.sfd"), "--suggest", "-n", "2"},
                 "The cat sat on teh mat in Pariss.\n");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "teh: the, then\nin: on, a\nPariss: Paris\n");
  Result plain = Run({"check", "-d", Path("t.sfd")}, "teh cat\n");
  EXPECT_EQ(plain.out, "teh\n");
}

TEST_F(SuggestCliTest, BadOptionsAreErrors) {
  Result r = Run({"suggest", "-d", Path("t.sfd"), "--max", "0", "teh"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--max"), std::string::npos);
  r = Run({"suggest", "-d", Path("missing.sfd"), "teh"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("missing.sfd"), std::string::npos);
}

}  // namespace
