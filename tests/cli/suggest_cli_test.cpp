// `spellfilter suggest` and `spellfilter check --suggest`, run as a user
// would: output lines, batch mode on stdin, options and errors.
#include <gtest/gtest.h>

#include "tests/cli/cli_runner.h"
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
using spellfilter::cli_runner::CommandLine;
using spellfilter::cli_runner::Lines;
using spellfilter::cli_runner::MakeTestDirectory;
using spellfilter::cli_runner::Quote;
using spellfilter::cli_runner::Result;
using spellfilter::cli_runner::RunShell;
using spellfilter::cli_runner::Slurp;
using spellfilter::cli_runner::Write;

class SuggestCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTestDirectory("spellfilter_suggest_cli");
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
    return RunShell(CommandLine(SPELLFILTER_EXE, args), input, dir_);
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

// -j answers on several threads and prints in input order: the same lines
// as one thread, and the same counts in --stats.
TEST_F(SuggestCliTest, JobsKeepInputOrderAndOutput) {
  const std::vector<std::string> typed = {"teh",   "Recieve", "alot", "pariss",
                                          "caat",  "mta",     "xyzzyq", "thne",
                                          "lott",  "sta",     "ont",   "recive"};
  std::string input;
  for (int round = 0; round < 10; ++round) {
    for (const std::string& w : typed) input += w + "\n";
  }
  Result one = Run({"suggest", "-d", Path("t.sfd"), "--stats"}, input);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  ASSERT_EQ(Lines(one.out), static_cast<int>(10 * typed.size()));
  for (const char* jobs : {"2", "3", "0"}) {
    Result many =
        Run({"suggest", "-d", Path("t.sfd"), "--stats", "-j", jobs}, input);
    EXPECT_EQ(many.exit_code, 0) << many.err;
    EXPECT_EQ(many.out, one.out) << "-j " << jobs;
    // The counts agree (the timing at the end of the line may not).
    EXPECT_EQ(many.err.substr(0, many.err.find(" us per word")).substr(0, 200),
              one.err.substr(0, one.err.find(" us per word")).substr(0, 200));
  }
  std::vector<std::string> args = {"suggest", "-d", Path("t.sfd"), "-j", "2"};
  args.insert(args.end(), typed.begin(), typed.end());
  Result from_args = Run(args);
  EXPECT_EQ(from_args.out, one.out.substr(0, from_args.out.size()));
  EXPECT_EQ(Lines(from_args.out), static_cast<int>(typed.size()));
}

TEST_F(SuggestCliTest, CheckSuggestAddsSuggestionsToMisspellings) {
  Result r = Run({"check", "-d", Path("t.sfd"), "--suggest", "-n", "2"},
                 "The cat sat on teh mat in Pariss.\n");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "teh: the, then\nin: on, a\nPariss: Paris\n");
  Result plain = Run({"check", "-d", Path("t.sfd")}, "teh cat\n");
  EXPECT_EQ(plain.out, "teh\n");
}

// Each distinct misspelling is searched once per worker and remembered:
// every occurrence still gets the suggestions `suggest` gives that word.
TEST_F(SuggestCliTest, CheckSuggestAnswersRepeatedMisspellingsAlike) {
  const std::string teh = Run({"suggest", "-d", Path("t.sfd"), "teh"}).out;
  const std::string pariss =
      Run({"suggest", "-d", Path("t.sfd"), "Pariss"}).out;
  const std::string tehs = Run({"suggest", "-d", Path("t.sfd"), "Teh"}).out;
  for (const char* jobs : {"1", "2"}) {
    Result r = Run({"check", "-d", Path("t.sfd"), "--suggest", "-j", jobs},
                   "teh cat Pariss\nteh Teh Pariss teh\nPariss\n");
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, teh + pariss + teh + tehs + pariss + teh + pariss)
        << "-j " << jobs;
  }
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
