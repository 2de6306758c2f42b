// spellfilter -a: the ispell pipe protocol, driven like an editor drives it.
#include <gtest/gtest.h>

#include "tests/cli/cli_runner.h"
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

// A misspelling is answered the same each time it comes back (the answers
// are remembered), until a saved word changes them: then the saved word is
// among the suggestions.
TEST_F(PipeModeTest, SavedWordsReachTheSuggestionsOfRepeatedMisspellings) {
  const auto out = SplitLines(
      Run(Spellfilter("-a"), "Frobozs\nFrobozs\n*Frobozz\n#\nFrobozs\n"));
  ASSERT_EQ(out.size(), 7u);
  EXPECT_EQ(out[1].rfind("& Frobozs ", 0), 0u) << out[1];
  EXPECT_EQ(out[3], out[1]);
  EXPECT_EQ(out[1].find("Frobozz"), std::string::npos) << out[1];
  EXPECT_EQ(out[5].rfind("& Frobozs ", 0), 0u) << out[5];
  EXPECT_NE(out[5].find(": Frobozz"), std::string::npos) << out[5];
}

TEST_F(PipeModeTest, VersionForClients) {
  const std::string out = Run(std::string("'") + SPELLFILTER_EXE + "' -vv", "");
  EXPECT_EQ(WEXITSTATUS(status_), 0);
  EXPECT_NE(out.find("(but really spellfilter"), std::string::npos);
}

// The kind of each result line: "*", "" or "miss WORD OFFSET".
std::vector<std::string> Kinds(const std::string& out) {
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
      k.push_back("miss " + word + " " +
                  (kind == "&" ? b.substr(0, b.size() - 1) : a));
    }
  }
  return k;
}

// A LaTeX text in which every skipped construct hides a misspelling; what
// is still checked has one too. The expected results are hunspell -a's
// (Hunspell 1.7.1, en_US) on the same input after '+'.
const char kTex[] =
    "Ths is \\textbf{wrld} and $x = \\alpha + bta$ text\n"
    "\\cite{knuth84} and \\ref{secton} and \\label{fig:wrng} \\emph{wrnog}\n"
    "foo % comment wrngo\n"
    "The \\$ sign wrngo\n"
    "$$ aaa\n"
    "bbb wrng $$ wrngo\n"
    "\\usepackage[utf8]{inputenc} \\includegraphics[width=3cm]{fgure} captin\n"
    "\\verb|wrngg| tst \\(abcd\\) efgh\n"
    "^\\section{Intrduction} of teh\n";

const std::vector<std::string> kTexKinds = {
    "miss Ths 0", "*", "miss wrld 15", "*", "*", "",
    "*", "*", "miss wrnog 59", "",
    "*", "",
    "*", "*", "miss wrngo 12", "",
    "",
    "miss wrngo 12", "",
    "miss captin 63", "",
    "miss tst 13", "miss efgh 26", "",
    "miss Intrduction 10", "*", "miss teh 26", ""};

TEST_F(PipeModeTest, TexModeSkipsCommandsMathCommentsAndArguments) {
  EXPECT_EQ(Kinds(Run(Spellfilter("-a"), std::string("+\n") + kTex)), kTexKinds);
  // -t starts in TeX mode; ~tex selects it, as in ispell.
  EXPECT_EQ(Kinds(Run(Spellfilter("-a -t"), kTex)), kTexKinds);
  EXPECT_EQ(Kinds(Run(Spellfilter("-a"), std::string("~tex\n") + kTex)), kTexKinds);
}

TEST_F(PipeModeTest, MinusAndTildeNroffLeaveTexMode) {
  const std::string line = "\\emph{wrld} $bta$\n";
  const std::vector<std::string> tex = {"miss wrld 6", ""};
  const std::vector<std::string> plain = {"miss emph 1", "miss wrld 6",
                                          "miss bta 13", ""};
  EXPECT_EQ(Kinds(Run(Spellfilter("-a"), line)), plain);
  EXPECT_EQ(Kinds(Run(Spellfilter("-a"), "+\n" + line + "-\n" + line)),
            [&] {
              auto v = tex;
              v.insert(v.end(), plain.begin(), plain.end());
              return v;
            }());
  EXPECT_EQ(Kinds(Run(Spellfilter("-a -t"), "~nroff\n" + line)), plain);
  // An unknown formatter name changes nothing, and prints nothing.
  EXPECT_EQ(Kinds(Run(Spellfilter("-a -t"), "~list\n" + line)), tex);
  // '+' starts a fresh document: an unclosed '$' does not carry over.
  EXPECT_EQ(Kinds(Run(Spellfilter("-a"), "+\n$ open\n+\n" + line)),
            std::vector<std::string>({"", "miss wrld 6", ""}));
}

TEST_F(PipeModeTest, AmpersandAddsTheWordInLowerCase) {
  const auto out = Kinds(Run(Spellfilter("-a"),
                             "&FrobozzQ\nfrobozzq Frobozzq FROBOZZQ\n#\n"));
  EXPECT_EQ(out, std::vector<std::string>({"*", "*", "*", ""}));
  const std::string saved = Slurp(dir_ / "personal.words");
  EXPECT_NE(saved.find("frobozzq"), std::string::npos) << saved;
  EXPECT_EQ(saved.find("FrobozzQ"), std::string::npos) << saved;
  // '*' keeps the case: a Capitalised word stays a name, before and after
  // saving (as in Hunspell).
  const auto star = Kinds(Run(Spellfilter("-a"),
                              "*Zorkmid\nzorkmid Zorkmid ZORKMID\n#\nzorkmid\n"));
  EXPECT_EQ(star, std::vector<std::string>(
                      {"miss zorkmid 0", "*", "*", "", "miss zorkmid 0", ""}));
}

// List mode (-l), as hunspell -l: each misspelled word on a line, no
// banner; -t for TeX; the personal dictionary counts.
TEST_F(PipeModeTest, ListModePrintsTheMisspelledWords) {
  std::ofstream(dir_ / "personal.words") << "Frobozz\n";
  const std::string text = "Ths is \\emph{wrld}, Frobozz.\n$bta$ fine teh\n";
  EXPECT_EQ(Run(Spellfilter("-l"), text), "Ths\nemph\nwrld\nbta\nteh\n");
  EXPECT_EQ(WEXITSTATUS(status_), 0);
  EXPECT_EQ(Run(Spellfilter("-l -t"), text), "Ths\nwrld\nteh\n");
  // After options with values, as hunspell -d en_US -l is called.
  EXPECT_EQ(Run(Spellfilter("-i utf-8") + " -l", text),
            "Ths\nemph\nwrld\nbta\nteh\n");
  // Not list mode after a subcommand.
  EXPECT_EQ(Run(std::string("'") + SPELLFILTER_EXE + "' check -l", text), "");
  EXPECT_NE(WEXITSTATUS(status_), 0);
}

// TeX mode line by line against hunspell -a -t, as in the test below.
TEST_F(PipeModeTest, TexModeAgreesWithHunspell) {
  if (std::system("command -v hunspell >/dev/null && hunspell -D 2>&1 | grep -q en_US") != 0) {
    GTEST_SKIP() << "hunspell with en_US not installed";
  }
  const std::string text = std::string("+\n") + kTex +
                           "\\begin{equation} E = mc^2 \\end{equation} thrd\n"
                           "\\definecolor{mycol}{rgb}{0.1,0.2,0.3} colr\n"
                           "\\[ x + yy \\] nxt\n"
                           "-\n\\textbf{wrld} $bta$\n";
  EXPECT_EQ(Kinds(Run(Spellfilter("-a"), text)),
            Kinds(Run("hunspell -a -d en_US", text)));
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

// Issue 27, item 5: a line with many misspellings costs time linear in its
// length (each offset was counted from the line's start: 1 MB took 20 s).
TEST(PipeModeLongLineTest, ManyMisspellingsOnAMegabyteLineAreFast) {
  const fs::path dir = MakeTestDirectory("spellfilter_pipe_long");
  std::string line;
  while (line.size() < 1000000) line += "wrold caf\xC3\xA9 teh ";
  line += "zzqx\n";
  const std::string cmd = "timeout 15 " +
                          CommandLine(SPELLFILTER_EXE, {"-a", "-d", EN_US_SFD});
  Result r = RunShell(cmd, line, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // The last misspelling's offset is in characters: é is one.
  const size_t units = (line.size() - 5) / 16;  // 16 bytes, 15 characters
  const size_t at = r.out.rfind("zzqx ");
  ASSERT_NE(at, std::string::npos);
  const std::string result = r.out.substr(at, r.out.find('\n', at) - at);
  EXPECT_NE(result.find(" " + std::to_string(units * 15)), std::string::npos)
      << result;
  fs::remove_all(dir);
}
