// `spellfilter check` with a project file (.spellfilter.toml) and on a
// directory: words, flag words, ignore patterns, paths, modes per pattern,
// .gitignore, stable order, errors naming file and line.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/cli/cli_runner.h"

namespace {

namespace fs = std::filesystem;
using spellfilter::cli_runner::CommandLine;
using spellfilter::cli_runner::MakeTestDirectory;
using spellfilter::cli_runner::Quote;
using spellfilter::cli_runner::Result;
using spellfilter::cli_runner::RunShell;
using spellfilter::cli_runner::Write;

class ProjectCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTestDirectory("spellfilter_project_cli");
    fs::create_directories(dir_ / "src");
    fs::create_directories(dir_ / "build");
    fs::create_directories(dir_ / "docs");
  }
  void TearDown() override { fs::remove_all(dir_); }
  // Runs in dir_, with the build tree's dictionaries.
  Result Run(const std::vector<std::string>& args) {
    std::vector<std::string> all = {"check", "-d", EN_US_SFD, "--no-user",
                                    "--code-dict", PROGRAMMING_SFD};
    all.insert(all.end(), args.begin(), args.end());
    return RunShell("cd " + Quote(dir_.string()) + " && " +
                        CommandLine(SPELLFILTER_EXE, all),
                    "", dir_);
  }
  fs::path dir_;
};

TEST_F(ProjectCliTest, WordsFlagWordsIgnoreAndModes) {
  Write(dir_ / ".spellfilter.toml",
        "words = [\"Nmae\", \"zorbleflap\"]\n"
        "flagWords = [\"the->THE\", \"receive\"]\n"
        "ignore = [\"TODO\\\\(\\\\w+\\\\)\"]\n"
        "[[overrides]]\nfiles = [\"*.txt\"]\nmode = \"markdown\"\n");
  Write(dir_ / "src" / "a.cpp",
        "int getUserNmae(); // receive zorbleflap wrold TODO(qwertyx)\n");
  Write(dir_ / "docs" / "n.txt", "`wrold` qwertyx\n");
  Result r = Run({"-f", "lines", "src/a.cpp", "docs/n.txt"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out,
            "src/a.cpp:1:23: receive\n"
            "src/a.cpp:1:42: wrold\n"
            "docs/n.txt:1:9: qwertyx\n") << r.out;
  // A flag word's correction is its suggestion.
  Write(dir_ / "docs" / "f.md", "the cat\n");
  r = Run({"-s", "docs/f.md"});
  EXPECT_EQ(r.out, "the: THE\n") << r.out;
  // Without the project file: Nmae, zorbleflap and the TODO are flagged,
  // receive is not.
  fs::remove(dir_ / ".spellfilter.toml");
  r = Run({"src/a.cpp"});
  EXPECT_EQ(r.out, "Nmae\nzorbleflap\nwrold\nqwertyx\n");
}

TEST_F(ProjectCliTest, DirectoryWalkSkipsGitignoreAndPathsInStableOrder) {
  Write(dir_ / ".spellfilter.toml", "paths = [\"build/**\", \"*.gen.py\"]\n");
  Write(dir_ / ".gitignore", "# comment\nignored.md\n/docs/private/\n");
  Write(dir_ / "src" / "b.py", "# wrold\n");
  Write(dir_ / "src" / "a.cpp", "// speling\n");
  Write(dir_ / "src" / "x.gen.py", "# generatd\n");
  Write(dir_ / "build" / "c.cpp", "// bilt\n");
  Write(dir_ / "ignored.md", "ignord\n");
  fs::create_directories(dir_ / "docs" / "private");
  Write(dir_ / "docs" / "private" / "p.md", "privat\n");
  Write(dir_ / "docs" / "d.md", "documnt\n");
  Write(dir_ / "docs" / "image.png", "binary\n");
  Result r = Run({"-f", "lines", "."});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out,
            "./docs/d.md:1:1: documnt\n"
            "./src/a.cpp:1:4: speling\n"
            "./src/b.py:1:3: wrold\n");
}

TEST_F(ProjectCliTest, BrokenProjectFileNamesFileAndLine) {
  Write(dir_ / ".spellfilter.toml", "words = [\"a\",\nflag = 3\n");
  Write(dir_ / "t.txt", "text\n");
  Result r = Run({"t.txt"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(".spellfilter.toml:2:"), std::string::npos) << r.err;

  Write(dir_ / ".spellfilter.toml", "\n\nwordz = [\"a\"]\n");
  r = Run({"t.txt"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(".spellfilter.toml:3:1: unknown key \"wordz\""),
            std::string::npos) << r.err;

  Write(dir_ / ".spellfilter.toml", "ignore = [\"(\"]\n");
  r = Run({"t.txt"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad ignore pattern"), std::string::npos) << r.err;
}

TEST_F(ProjectCliTest, NearestProjectFileApplies) {
  Write(dir_ / ".spellfilter.toml", "words = [\"outerword\"]\n");
  Write(dir_ / "src" / ".spellfilter.toml", "words = [\"innerword\"]\n");
  Write(dir_ / "src" / "t.md", "outerword innerword\n");
  Write(dir_ / "docs" / "t.md", "outerword innerword\n");
  Result r = Run({"-f", "lines", "src/t.md", "docs/t.md"});
  EXPECT_EQ(r.out, "src/t.md:1:1: outerword\ndocs/t.md:1:11: innerword\n");
}

// check -j 2 on many files (file_pool.h): the same output, errors and exit
// code as one thread, in every format.
TEST_F(ProjectCliTest, ParallelFilesPrintAsOneThread) {
  Write(dir_ / ".spellfilter.toml", "words = [\"zorbleflap\"]\n");
  for (int d = 0; d < 6; ++d) {
    const fs::path sub = dir_ / "src" / ("d" + std::to_string(d));
    fs::create_directories(sub);
    for (int f = 0; f < 12; ++f) {
      const std::string n = std::to_string(d * 12 + f);
      std::string text;
      // Files of different sizes, so the threads finish out of order.
      for (int i = 0; i < (f * 7919 + d * 31) % 300; ++i) {
        text += "// wrold" + n + " zorbleflap speling recieve fine text\n";
      }
      Write(sub / ("f" + n + (f % 3 == 0 ? ".md" : ".cpp")), text + "// teh end\n");
    }
  }
  for (const std::vector<std::string>& opts :
       std::vector<std::vector<std::string>>{
           {}, {"-f", "lines"}, {"-f", "json", "-s", "-n", "1"}, {"-u"}}) {
    std::vector<std::string> one = opts, two = opts;
    one.insert(one.end(), {"-j", "1", "."});
    two.insert(two.end(), {"-j", "2", "."});
    const Result a = Run(one);
    const Result b = Run(two);
    EXPECT_EQ(a.exit_code, 1) << a.err;
    EXPECT_EQ(b.exit_code, 1) << b.err;
    EXPECT_GT(a.out.size(), opts == std::vector<std::string>{"-u"} ? 20u : 1000u);
    EXPECT_EQ(a.out, b.out) << opts.size();
    EXPECT_EQ(a.err, b.err);
  }
  // Several files named, a missing one among them: the error in its place,
  // the files after it still checked, exit code 2.
  const std::vector<std::string> files = {"src/d0/f1.cpp", "nope.txt",
                                          "src/d1/f13.cpp", "src/d2/f24.md"};
  std::vector<std::string> one = {"-f", "lines", "-j", "1"};
  std::vector<std::string> two = {"-f", "lines", "-j", "2"};
  one.insert(one.end(), files.begin(), files.end());
  two.insert(two.end(), files.begin(), files.end());
  const Result a = Run(one);
  const Result b = Run(two);
  EXPECT_EQ(a.exit_code, 2);
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_NE(a.err.find("nope.txt"), std::string::npos) << a.err;
  EXPECT_EQ(a.err, b.err);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(b.out.find("src/d2/f24.md:"), std::string::npos);
}

}  // namespace
