// `spellfilter check` with a project file (.spellfilter.toml) and on a
// directory: words, flag words, ignore patterns, paths, modes per pattern,
// .gitignore, stable order, errors naming file and line.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
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

// Issue 34, finding 2: a 40,000-character line with an ordinary URL
// pattern crashed std::regex (recursion per character); (a+)+$ hung.
TEST_F(ProjectCliTest, IgnorePatternsOnLongLinesAnswerAtOnce) {
  Write(
      dir_ / ".spellfilter.toml",
      "ignore = [\"https?://\\\\S+\", \"(a+)+$\", \"[A-Za-z0-9+/=]{40,}\"]\n");
  Write(dir_ / "long.txt", "wrold https://" + std::string(40000, 'x') +
                               " helo\n" + std::string(40000, 'a') + "b\n" +
                               std::string(60000, 'Q') + " speling\n");
  Result r = Run({"long.txt"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  // (The 40,001-letter word is longer than any word checked.)
  EXPECT_TRUE(r.out == "wrold\nhelo\nspeling\n") << r.out.substr(0, 200);
  Write(dir_ / ".spellfilter.toml",
        "words = [\"x\"]\nignore = [\n  \"a(?!b)\"]\n");
  r = Run({"long.txt"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(".spellfilter.toml:3:3: bad ignore pattern \"a(?!b)\""),
            std::string::npos)
      << r.err;
}

// Finding 4: a project file of another user (root gives it away here) is
// ignored with a warning that says how to trust it; trusted, it applies.
TEST_F(ProjectCliTest, ProjectFileOfAnotherUserIsIgnoredWithAWarning) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to give a file away";
  Write(dir_ / ".spellfilter.toml", "ignore = [\".+\"]\n");
  ASSERT_EQ(::chown((dir_ / ".spellfilter.toml").c_str(), 4242, 4242), 0);
  Write(dir_ / "t.txt", "wrold\n");
  Result r = Run({"t.txt"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "wrold\n");
  EXPECT_NE(r.err.find("warning: " + (dir_ / ".spellfilter.toml").string() +
                       ": ignored: owned by uid 4242"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("SPELLFILTER_TRUSTED_DIRS"), std::string::npos) << r.err;
  r = RunShell(
      "cd " + Quote(dir_.string()) +
          " && SPELLFILTER_TRUSTED_DIRS=" + Quote(dir_.string()) + " " +
          CommandLine(SPELLFILTER_EXE,
                      {"check", "-d", EN_US_SFD, "--no-user", "t.txt"}),
      "", dir_);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  // A folder everyone may write, without the sticky bit: the same.
  ASSERT_EQ(::chown((dir_ / ".spellfilter.toml").c_str(), 0, 0), 0);
  fs::permissions(dir_, fs::perms::all);
  r = Run({"t.txt"});
  EXPECT_EQ(r.out, "wrold\n");
  EXPECT_NE(r.err.find("no sticky bit"), std::string::npos) << r.err;
  fs::permissions(dir_, fs::perms::all | fs::perms::sticky_bit);
  r = Run({"t.txt"});
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
}

// Finding 7: check DIR reports every file it can, names each problem on
// one line, and exits 2 at the end (as grep -r): a broken project file in
// a subfolder, a folder it cannot read (below).
TEST_F(ProjectCliTest, DirectoryWalkGoesOnPastWhatItCannotRead) {
  fs::create_directories(dir_ / "broken");
  Write(dir_ / "broken" / ".spellfilter.toml", "wordz = 1\n");
  Write(dir_ / "broken" / "b.txt", "brokn\n");
  Write(dir_ / "docs" / "d.txt", "documnt\n");
  Write(dir_ / "src" / "s.txt", "sorce\n");
  Result r = Run({"-f", "lines", "."});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.out, "./docs/d.txt:1:1: documnt\n./src/s.txt:1:1: sorce\n");
  EXPECT_EQ(r.err,
            "spellfilter: " + (dir_ / "broken" / ".spellfilter.toml").string() +
                ":1:1: unknown key \"wordz\"\n");
  fs::remove_all(dir_ / "broken");
}

// Creates `depth` nested folders named `name` under `top` through
// descriptors (mkdir by name meets ENAMETOOLONG), and `file` holding
// `text` in the deepest; returns its folders' descriptors, top first.
std::vector<int> MakeDeepTree(const fs::path& top, const std::string& name,
                              int depth, const char* file,
                              const std::string& text) {
  fs::create_directories(top);
  std::vector<int> fds = {::open(top.c_str(), O_RDONLY | O_DIRECTORY)};
  for (int i = 0; i < depth; ++i) {
    EXPECT_EQ(::mkdirat(fds.back(), name.c_str(), 0755), 0);
    fds.push_back(::openat(fds.back(), name.c_str(), O_RDONLY | O_DIRECTORY));
    EXPECT_GE(fds.back(), 0);
  }
  const int f = ::openat(fds.back(), file, O_WRONLY | O_CREAT, 0644);
  EXPECT_GE(f, 0);
  EXPECT_EQ(::write(f, text.data(), text.size()),
            static_cast<ssize_t>(text.size()));
  ::close(f);
  return fds;
}

// Removes what MakeDeepTree made, through the descriptors (remove_all
// meets ENAMETOOLONG as well).
void RemoveDeepTree(std::vector<int>& fds, const std::string& name,
                    const char* file) {
  EXPECT_EQ(::unlinkat(fds.back(), file, 0), 0);
  for (size_t i = fds.size() - 1; i > 0; --i) {
    ::close(fds[i]);
    EXPECT_EQ(::unlinkat(fds[i - 1], name.c_str(), AT_REMOVEDIR), 0);
  }
  ::close(fds[0]);
}

// Issue 34, finding 7: a file deeper than PATH_MAX (4096 bytes) is checked
// (opened relative to its folders, as find and grep -r do), not named as
// "File name too long"; its path is printed in full.
TEST_F(ProjectCliTest, FilesDeeperThanPathMaxAreChecked) {
  Write(dir_ / "docs" / "d.txt", "documnt\n");
  Write(dir_ / "src" / "s.txt", "sorce\n");
  const std::string name(250, 'd');
  std::vector<int> fds = MakeDeepTree(dir_ / "deep", name, 20, "z.txt", "zzword\n");
  std::string deep_path = "./deep";
  for (int i = 0; i < 20; ++i) deep_path += "/" + name;
  deep_path += "/z.txt";
  ASSERT_GT(deep_path.size(), 4096u);
  Result r = Run({"-f", "lines", "."});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, deep_path + ":1:1: zzword\n./docs/d.txt:1:1: documnt\n"
                   "./src/s.txt:1:1: sorce\n");
  EXPECT_EQ(r.err, "");
  // So with an absolute root, and with --jobs 2 (a file per worker).
  r = Run({"-f", "lines", "-j", "2", (dir_ / "deep").string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("/z.txt:1:1: zzword\n"), std::string::npos) << r.out;
  RemoveDeepTree(fds, name, "z.txt");
}

// A project file that deep cannot be read by name: named, its folder not
// checked without it, the rest checked, exit 2.
TEST_F(ProjectCliTest, AProjectFileDeeperThanPathMaxIsNamed) {
  Write(dir_ / "docs" / "d.txt", "documnt\n");
  Write(dir_ / "src" / "s.txt", "sorce\n");
  const std::string name(250, 'e');
  std::vector<int> fds =
      MakeDeepTree(dir_ / "deep", name, 17, ".spellfilter.toml", "words = [\"zzword\"]\n");
  const int f = ::openat(fds.back(), "z.txt", O_WRONLY | O_CREAT, 0644);
  ASSERT_GE(f, 0);
  ASSERT_EQ(::write(f, "zzword\n", 7), 7);
  ::close(f);
  Result r = Run({"-f", "lines", "."});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.out, "./docs/d.txt:1:1: documnt\n./src/s.txt:1:1: sorce\n");
  EXPECT_NE(r.err.find("/.spellfilter.toml: project file in a folder deeper than PATH_MAX"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  ASSERT_EQ(::unlinkat(fds.back(), "z.txt", 0), 0);
  RemoveDeepTree(fds, name, ".spellfilter.toml");
}

// An unreadable folder (as an unprivileged user: root reads everything):
// named, and the rest still checked.
TEST_F(ProjectCliTest, UnreadableFolderIsNamedAndTheRestChecked) {
  if (::geteuid() != 0 || std::system("command -v setpriv >/dev/null") != 0) {
    GTEST_SKIP() << "needs root and setpriv to run as another user";
  }
  fs::create_directories(dir_ / "locked");
  Write(dir_ / "locked" / "l.txt", "lockd\n");
  Write(dir_ / "docs" / "d.txt", "documnt\n");
  Write(dir_ / "src" / "s.txt", "sorce\n");
  // Everything readable by uid 4242 but the locked folder (and the binary
  // and dictionary, in the build tree, are readable by all already).
  fs::permissions(dir_, fs::perms::all);
  fs::permissions(dir_ / "locked", fs::perms::none);
  const Result r = RunShell(
      "cd " + Quote(dir_.string()) +
          " && setpriv --reuid=4242 --regid=4242 --clear-groups " +
          CommandLine(SPELLFILTER_EXE, {"check", "-d", EN_US_SFD, "--no-user",
                                        "-f", "lines", "."}),
      "", dir_);
  fs::permissions(dir_ / "locked", fs::perms::owner_all);
  fs::permissions(dir_, fs::perms::owner_all);
  if (r.err.find("Permission denied") != std::string::npos &&
      r.err.find("locked") == std::string::npos) {
    GTEST_SKIP() << "the build tree is not readable by other users: " << r.err;
  }
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.out, "./docs/d.txt:1:1: documnt\n./src/s.txt:1:1: sorce\n");
  EXPECT_EQ(r.err, "spellfilter: ./locked: Permission denied\n");
}

// Finding 8: named files that are not regular files are refused at once,
// never waited on (a FIFO blocked open(2) for good).
TEST_F(ProjectCliTest, FifosNamedAsDictionariesAreRefused) {
  ASSERT_EQ(::mkfifo((dir_ / "fifo").c_str(), 0644), 0);
  // A Hunspell pair whose .aff is a FIFO, and one whose .dic is.
  ASSERT_EQ(::mkfifo((dir_ / "xx_XX.aff").c_str(), 0644), 0);
  Write(dir_ / "xx_XX.dic", "1\nword\n");
  Write(dir_ / "yy_YY.aff", "SET UTF-8\n");
  ASSERT_EQ(::mkfifo((dir_ / "yy_YY.dic").c_str(), 0644), 0);
  Write(dir_ / "t.txt", "text\n");
  const std::string fifo = (dir_ / "fifo").string();
  for (const std::string& named : {(dir_ / "xx_XX.dic").string(), (dir_ / "yy_YY.dic").string()}) {
    const std::string bad = named.find("xx_XX") != std::string::npos
                                ? (dir_ / "xx_XX.aff").string()
                                : named;
    const Result r = RunShell("cd " + Quote(dir_.string()) + " && timeout 20 " +
                                  CommandLine(SPELLFILTER_EXE, {"build", "--hunspell", named, "-o",
                                                                (dir_ / "out.sfd").string()}),
                              "", dir_);
    EXPECT_EQ(r.exit_code, 2) << named << ": " << r.err;
    EXPECT_NE(r.err.find(bad + ": not a regular file"), std::string::npos) << r.err;
  }
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"check", "-d", fifo, "t.txt"},
        std::vector<std::string>{"check", "-d", EN_US_SFD, "--code-dict", fifo,
                                 "t.txt"},
        std::vector<std::string>{"check", "-d", EN_US_SFD, "--user", fifo,
                                 "t.txt"},
        std::vector<std::string>{"stats", fifo}}) {
    const Result r = RunShell("cd " + Quote(dir_.string()) + " && timeout 20 " +
                                  CommandLine(SPELLFILTER_EXE, args),
                              "", dir_);
    EXPECT_EQ(r.exit_code, 2) << args[1] << " " << args[2] << ": " << r.err;
    EXPECT_NE(r.err.find(fifo + ": not a regular file"), std::string::npos)
        << r.err;
  }
}

// In a git work tree, .gitignore as git reads it (libgit2): negations,
// "**/build/" at any depth, .git/info/exclude; the rough reading dropped
// negations and matched "**/" at one depth only.
TEST_F(ProjectCliTest, GitWorkTreeIgnoresAsGitDoes) {
  if (std::system("command -v git >/dev/null") != 0) GTEST_SKIP() << "no git";
  ASSERT_EQ(std::system(("git init -q " + Quote(dir_.string())).c_str()), 0);
  Write(dir_ / ".gitignore", "**/build/\n*.md\n!keep.md\n");
  Write(dir_ / ".git" / "info" / "exclude", "excluded.txt\n");
  fs::create_directories(dir_ / "a" / "b" / "build");
  Write(dir_ / "a" / "b" / "build" / "x.txt", "bilt\n");
  Write(dir_ / "build" / "y.txt", "bilt\n");
  Write(dir_ / "docs" / "keep.md", "keepd\n");
  Write(dir_ / "docs" / "other.md", "othr\n");
  Write(dir_ / "excluded.txt", "exclded\n");
  Write(dir_ / "src" / "s.txt", "sorce\n");
  Result r = Run({"-f", "lines", "."});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "./docs/keep.md:1:1: keepd\n./src/s.txt:1:1: sorce\n");
  // From a subfolder of the work tree: the rules of the whole tree.
  r = Run({"-f", "lines", "docs"});
  EXPECT_EQ(r.out, "docs/keep.md:1:1: keepd\n");
}

}  // namespace
