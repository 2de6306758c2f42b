// spellfilter -a: the ispell pipe protocol, driven like an editor drives it.
#include <gtest/gtest.h>

#include "tests/cli_runner.h"
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using spellfilter::cli_runner::CommandLine;
using spellfilter::cli_runner::MakeTestDirectory;
using spellfilter::cli_runner::Quote;
using spellfilter::cli_runner::Result;
using spellfilter::cli_runner::RunShell;
using spellfilter::cli_runner::Slurp;
using spellfilter::cli_runner::Write;

std::vector<std::string> SplitLines(const std::string& s) {
  std::vector<std::string> lines;
  std::stringstream ss(s);
  std::string line;
  while (std::getline(ss, line)) lines.push_back(line);
  return lines;
}

class PipeModeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTestDirectory("spellfilter_pipe_test");
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs `command` with `input` on stdin; returns stdout.
  std::string Run(const std::string& command, const std::string& input) {
    std::ofstream(dir_ / "in", std::ios::binary) << input;
    const std::string cmd = command + " < '" + (dir_ / "in").string() + "' > '" +
                            (dir_ / "out").string() + "' 2> '" +
                            (dir_ / "err").string() + "'";
    status_ = std::system(cmd.c_str());
    return Slurp(dir_ / "out");
  }

  std::string Spellfilter(const std::string& args) {
    return std::string("'") + SPELLFILTER_EXE + "' " + args + " -d '" +
           EN_US_SFD + "' -p '" + (dir_ / "personal.words").string() + "'";
  }

  fs::path dir_;
  int status_ = 0;
};

TEST_F(PipeModeTest, BannerThenOneResultPerWordAndAnEmptyLine) {
  const auto out = SplitLines(Run(Spellfilter("-a"), "hello wrold\nxyzzyqq\n"));
  ASSERT_GE(out.size(), 6u);
  EXPECT_EQ(out[0].rfind("@(#) International Ispell Version 3.2.06 (but really spellfilter", 0), 0u);
  EXPECT_EQ(out[1], "*");
  EXPECT_EQ(out[2].rfind("& wrold ", 0), 0u) << out[2];
  EXPECT_NE(out[2].find(" 6: world"), std::string::npos) << out[2];
  EXPECT_EQ(out[3], "");
  EXPECT_EQ(out[4], "# xyzzyqq 0");
  EXPECT_EQ(out[5], "");
  EXPECT_EQ(WEXITSTATUS(status_), 0);
}

TEST_F(PipeModeTest, SuggestionCountMatchesTheList) {
  const auto out = SplitLines(Run(Spellfilter("-a"), "teh\n"));
  ASSERT_GE(out.size(), 2u);
  // "& teh N 0: a, b, ..." with N items.
  const std::string& l = out[1];
  const size_t colon = l.find(':');
  const int n = std::stoi(l.substr(6, l.find(' ', 6) - 6));
  EXPECT_EQ(n, 1 + static_cast<int>(std::count(l.begin() + colon, l.end(), ',')));
  EXPECT_NE(l.find(": the"), std::string::npos) << l;
}

TEST_F(PipeModeTest, OffsetsCountCharactersAndTheCaret) {
  const auto out = SplitLines(Run(Spellfilter("-a"), "^ab tset\ncaf\xC3\xA9 wrold\n"));
  ASSERT_GE(out.size(), 6u);
  EXPECT_EQ(out[1], "*");
  EXPECT_NE(out[2].find("& tset "), std::string::npos);
  EXPECT_NE(out[2].find(" 4: "), std::string::npos) << out[2];
  EXPECT_EQ(out[4], "*");
  EXPECT_NE(out[5].find(" 5: "), std::string::npos) << out[5];
}

TEST_F(PipeModeTest, TerseModeAndSessionWords) {
  const auto out = SplitLines(Run(Spellfilter("-a"),
                             "!\nfine wrod\n%\n@Frobozz\nFrobozz fine\n"));
  // Terse: no '*' for "fine"; then '%' restores it; @word accepts.
  ASSERT_GE(out.size(), 6u);
  EXPECT_EQ(out[1].rfind("& wrod ", 0), 0u) << out[1];
  EXPECT_EQ(out[2], "");
  EXPECT_EQ(out[3], "*");
  EXPECT_EQ(out[4], "*");
  EXPECT_EQ(out[5], "");
}

TEST_F(PipeModeTest, AddedWordsAreSavedByHash) {
  Run(Spellfilter("-a"), "*Frobozz\n#\n");
  EXPECT_NE(Slurp(dir_ / "personal.words").find("Frobozz"), std::string::npos);
  const auto out = SplitLines(Run(Spellfilter("-a"), "Frobozz FROBOZZ\n"));
  ASSERT_GE(out.size(), 3u);
  EXPECT_EQ(out[1], "*");
  EXPECT_EQ(out[2], "*");
}

TEST_F(PipeModeTest, VersionForClients) {
  const std::string out = Run(std::string("'") + SPELLFILTER_EXE + "' -vv", "");
  EXPECT_EQ(WEXITSTATUS(status_), 0);
  EXPECT_NE(out.find("(but really spellfilter"), std::string::npos);
}

// Line by line against hunspell -a on a text both dictionaries agree on
// (KJV-style prose): the same kind of answer for each word, and for
// misspellings the same word and offset. Suggestions differ by design.
TEST_F(PipeModeTest, AgreesWithHunspellOnKinds) {
  if (std::system("command -v hunspell >/dev/null && hunspell -D 2>&1 | grep -q en_US") != 0) {
    GTEST_SKIP() << "hunspell with en_US not installed";
  }
  const std::string text =
      "In the beginnning God created the heaven and the earth.\n"
      "And the earth was without form, and vod; and darkness was upon the face of the deep.\n"
      "^And God said, Let there be lihgt: and there was light.\n";
  auto kinds = [](const std::string& out) {
    std::vector<std::string> k;
    for (const std::string& l : SplitLines(out)) {
      if (l.rfind("@(#)", 0) == 0) continue;
      if (l.empty() || l == "*") {
        k.push_back(l);
      } else {
        std::istringstream in(l);
        std::string kind, word, a, b;
        in >> kind >> word >> a >> b;
        // "& word n off:" or "# word off"
        k.push_back("miss " + word + " " + (kind == "&" ? b.substr(0, b.size() - 1) : a));
      }
    }
    return k;
  };
  const auto ours = kinds(Run(Spellfilter("-a"), text));
  const auto theirs = kinds(Run("hunspell -a -d en_US", text));
  EXPECT_EQ(ours, theirs);
}

}  // namespace
