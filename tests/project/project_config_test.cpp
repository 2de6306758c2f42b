// The project file: RE2 ignore patterns (linear time, errors naming file,
// line and column), globs compiled once (the same answers as fnmatch(3)),
// unknown keys in [[overrides]], trust (owner, writable folders,
// SPELLFILTER_TRUSTED_DIRS), and AddProjectWord (atomic, through links,
// mode kept, FIFOs refused, no duplicates or invisible characters,
// concurrent processes keep every word).
#include "app/project/project_config.h"

#include <fnmatch.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace spellfilter {
namespace {

namespace fs = std::filesystem;

std::string Read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void Write(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

class ProjectConfigTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char templ[] = "/tmp/spellfilter_project_XXXXXX";
    ASSERT_NE(::mkdtemp(templ), nullptr);
    dir_ = templ;
    ::unsetenv("SPELLFILTER_TRUSTED_DIRS");
  }
  void TearDown() override {
    ::unsetenv("SPELLFILTER_TRUSTED_DIRS");
    fs::permissions(dir_, fs::perms::owner_all);
    fs::remove_all(dir_);
  }
  fs::path file() const { return dir_ / ".spellfilter.toml"; }
  StatusOr<std::shared_ptr<const ProjectConfig>> Load(const std::string& text) {
    Write(file(), text);
    return LoadProjectConfig(file().string());
  }
  std::string Blank(const ProjectConfig& c, std::string text) {
    c.BlankIgnored(text.data(), text.size());
    return text;
  }
  fs::path dir_;
};

TEST_F(ProjectConfigTest, IgnorePatternsBlankWhatTheyMatch) {
  auto c =
      Load("ignore = [\"TODO\\\\(\\\\w+\\\\)\", \"0x[0-9a-f]+\", \"x*\"]\n");
  ASSERT_TRUE(c.ok()) << c.status().message();
  // Every match of a line, empty ones (x*) stepping on by a character;
  // \\w is ASCII, as it was with std::regex.
  EXPECT_EQ(Blank(**c, "a TODO(bob) 0xff b\nTODO(é) yxxy"),
            "a                b\nTODO(é) y  y");
}

// std::regex recursed once per character (SIGSEGV on a 40,000-character
// URL) and backtracked exponentially on (a+)+$; RE2 is linear.
TEST_F(ProjectConfigTest, IgnorePatternsAreLinearOnLongLines) {
  auto c = Load("ignore = [\"https?://\\\\S+\", \"(a+)+$\", \"TODO.*\"]\n");
  ASSERT_TRUE(c.ok()) << c.status().message();
  const std::string url = "https://" + std::string(400000, 'x');
  EXPECT_EQ(Blank(**c, "see " + url + " now"),
            "see " + std::string(url.size(), ' ') + " now");
  const std::string as = std::string(200000, 'a') + "b";
  EXPECT_EQ(Blank(**c, as), as);  // no match, and an answer
  EXPECT_EQ(Blank(**c, std::string(200000, 'a')), std::string(200000, ' '));
  const std::string todo = "x TODO" + std::string(300000, 'y');
  EXPECT_EQ(Blank(**c, todo), "x " + std::string(todo.size() - 2, ' '));
}

TEST_F(ProjectConfigTest, PatternRe2CannotTakeNamesFileLineAndColumn) {
  auto c = Load("words = []\nignore = [\"ok\",\n  \"(?=look-ahead)\"]\n");
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(
      c.status().message().rfind(file().string() + ":3:3: bad ignore "
                                                   "pattern \"(?=look-ahead)\"",
                                 0),
      0u)
      << c.status().message();
  c = Load("ignore = [\"(unclosed\"]\n");
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.status().message().find(":1:11: bad ignore pattern"),
            std::string::npos)
      << c.status().message();
}

TEST_F(ProjectConfigTest, UnknownKeyInOverridesIsAnError) {
  auto c = Load(
      "[[overrides]]\nfiles = [\"*.txt\"]\nmode = \"markdown\"\nmdoe = 1\n");
  ASSERT_FALSE(c.ok());
  EXPECT_NE(
      c.status().message().find(":4:1: unknown key \"mdoe\" in [[overrides]]"),
      std::string::npos)
      << c.status().message();
}

// The compiled globs give fnmatch's answer (flags 0) on the relative path,
// and on the base name for globs without '/'.
TEST_F(ProjectConfigTest, GlobsAnswerAsFnmatch) {
  const std::vector<std::string> globs = {
      "*.txt", "docs/*.rst", "a?c",    "[abc]x",   "[!abc]x",      "[a-c]*.md",
      "*",     "src/*/gen",  "\\*lit", "x[]]y",    "[[:digit:]]*", "[",
      "a[b",   "*.[ch]",     "é*",     "a.b+c(d)", "**/x",         "?"};
  const std::vector<std::string> paths = {
      "a.txt",     "docs/a.rst", "docs/x/a.rst", "abc",  "bx",   "dx",
      "b1.md",     "src/a/gen",  "src/a/b/gen",  "*lit", "alit", "x]y",
      "9z",        "[",          "a[b",          "f.c",  "f.h",  "f.o",
      "éa",        "a.b+c(d)",   "axb+c(d)",     "q/x",  "x",    "z",
      "dir/a.txt", "dir/bx"};
  for (size_t g = 0; g < globs.size(); ++g) {
    GlobSet set;
    ASSERT_TRUE(set.Add(globs[g], 7)) << globs[g];
    ASSERT_TRUE(set.Compile());
    for (const std::string& p : paths) {
      const std::string base = fs::path(p).filename().string();
      bool want = fnmatch(globs[g].c_str(), p.c_str(), 0) == 0;
      if (globs[g].find('/') == std::string::npos) {
        want = want || fnmatch(globs[g].c_str(), base.c_str(), 0) == 0;
      }
      EXPECT_EQ(set.FirstMatch(p, base) == 7, want)
          << "glob " << globs[g] << " path " << p;
    }
  }
  GlobSet below;
  ASSERT_TRUE(below.Add("build/**", 0));
  ASSERT_TRUE(below.Compile());
  EXPECT_EQ(below.FirstMatch("build", "build"), 0);
  EXPECT_EQ(below.FirstMatch("build/x/y.txt", "y.txt"), 0);
  EXPECT_EQ(below.FirstMatch("builder", "builder"), -1);
}

// 20,000 overrides: the first that matches wins, as before, and the globs
// are compiled once (this took 66 s for 200 files with fnmatch per glob).
TEST_F(ProjectConfigTest, ManyOverridesFirstMatchWins) {
  std::string text;
  for (int i = 0; i < 20000; ++i) {
    text += "[[overrides]]\nfiles = [\"f" + std::to_string(i) +
            "_*.txt\", \"dir" + std::to_string(i) + "/**\"]\nmode = \"" +
            (i % 2 == 0 ? "markdown" : "tex") + "\"\n";
  }
  text += "[[overrides]]\nfiles = [\"*.txt\"]\nmode = \"code\"\n";
  auto c = Load(text);
  ASSERT_TRUE(c.ok()) << c.status().message();
  for (int i = 0; i < 200; ++i) {
    const int n = i * 97;
    EXPECT_EQ(
        (*c)->ModeFor((dir_ / ("f" + std::to_string(n) + "_a.txt")).string()),
        n % 2 == 0 ? "markdown" : "tex");
  }
  EXPECT_EQ((*c)->ModeFor((dir_ / "dir7" / "x.c").string()), "tex");
  EXPECT_EQ((*c)->ModeFor((dir_ / "other.txt").string()), "code");
  EXPECT_EQ((*c)->ModeFor((dir_ / "other.c").string()), std::nullopt);
}

TEST_F(ProjectConfigTest, ConfigThatIsAFifoIsRefusedNotWaitedOn) {
  ASSERT_EQ(::mkfifo(file().c_str(), 0644), 0);
  auto c = LoadProjectConfig(file().string());
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.status().message().find("not a regular file"), std::string::npos);
}

// As git's safe.directory: another user's file, or one in a folder others
// may write without the sticky bit, is not trusted unless
// SPELLFILTER_TRUSTED_DIRS says so.
TEST_F(ProjectConfigTest, TrustFollowsOwnerAndFolder) {
  Write(file(), "ignore = [\".+\"]\n");
  ASSERT_EQ(::chmod(dir_.c_str(), 0755), 0);
  EXPECT_EQ(ProjectTrust(file().string()), "");
  if (::geteuid() == 0) {
    // Root may give the file away: owned by uid 4242, not root or us.
    ASSERT_EQ(::chown(file().c_str(), 4242, 4242), 0);
    const std::string why = ProjectTrust(file().string());
    EXPECT_NE(why.find("owned by uid 4242"), std::string::npos) << why;
    EXPECT_NE(why.find("SPELLFILTER_TRUSTED_DIRS"), std::string::npos) << why;
    std::vector<std::string> warnings;
    ProjectConfigFinder finder(
        [&](const std::string& m) { warnings.push_back(m); });
    auto c = finder.For((dir_ / "a.txt").string());
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(*c, nullptr);
    EXPECT_EQ(warnings.size(), 1u);
    ::setenv("SPELLFILTER_TRUSTED_DIRS", ("/nowhere:" + dir_.string()).c_str(),
             1);
    EXPECT_EQ(ProjectTrust(file().string()), "");
    ProjectConfigFinder trusting([](const std::string&) {});
    c = trusting.For((dir_ / "a.txt").string());
    ASSERT_TRUE(c.ok());
    EXPECT_NE(*c, nullptr);
    ::unsetenv("SPELLFILTER_TRUSTED_DIRS");
    ASSERT_EQ(::chown(file().c_str(), 0, 0), 0);
  }
  ASSERT_EQ(::chmod(dir_.c_str(), 0777), 0);
  EXPECT_NE(ProjectTrust(file().string()).find("no sticky bit"),
            std::string::npos);
  ::setenv("SPELLFILTER_TRUSTED_DIRS", "*", 1);
  EXPECT_EQ(ProjectTrust(file().string()), "");
  ::unsetenv("SPELLFILTER_TRUSTED_DIRS");
  ASSERT_EQ(::chmod(dir_.c_str(), 01777), 0);  // as /tmp: sticky
  EXPECT_EQ(ProjectTrust(file().string()), "");
  ASSERT_EQ(::chmod(dir_.c_str(), 0755), 0);
  ASSERT_EQ(::chmod(file().c_str(), 0666), 0);
  EXPECT_NE(ProjectTrust(file().string()).find("others may write it"),
            std::string::npos);
}

std::vector<std::string> WordsOf(const fs::path& file) {
  auto c = LoadProjectConfig(file.string());
  EXPECT_TRUE(c.ok()) << c.status().message();
  if (!c.ok()) return {};
  return std::vector<std::string>((*c)->words.begin(), (*c)->words.end());
}

TEST_F(ProjectConfigTest, AddKeepsTheFileAndRefusesDuplicatesAndInvisibles) {
  Write(file(), "# mine\nwords = [\"alpha\"] # end\n");
  ASSERT_TRUE(AddProjectWord(file().string(), "beta").ok());
  ASSERT_TRUE(AddProjectWord(file().string(), "beta").ok());
  EXPECT_EQ(Read(file()), "# mine\nwords = [\"alpha\", \"beta\"] # end\n");
  for (const std::string bad :
       {"two words", "zero\u200Bwidth", "evil\u202Eright", "bom\uFEFF",
        "iso\u2066late", "soft\u00ADhyphen", "tab\tbed"}) {
    const Status s = AddProjectWord(file().string(), bad);
    EXPECT_FALSE(s.ok()) << bad;
    EXPECT_NE(s.message().find(file().string()), std::string::npos)
        << s.message();
  }
  EXPECT_EQ(WordsOf(file()), (std::vector<std::string>{"alpha", "beta"}));
}

// The planted-link attack of issue 34: `.spellfilter.toml.tmp` pointing at
// a file of the user's is never written; a linked project file stays a
// link and its target keeps its mode.
TEST_F(ProjectConfigTest, AddWritesThroughLinksAndNeverThroughPlantedTemps) {
  const fs::path victim = dir_ / "bashrc";
  Write(victim, "precious\n");
  fs::create_symlink(victim, dir_ / ".spellfilter.toml.tmp");
  const fs::path real = dir_ / "real.toml";
  Write(real, "words = []\n");
  ASSERT_EQ(::chmod(real.c_str(), 0640), 0);
  fs::create_symlink("real.toml", file());
  ASSERT_TRUE(AddProjectWord(file().string(), "gamma").ok());
  EXPECT_EQ(Read(victim), "precious\n");
  EXPECT_TRUE(fs::is_symlink(file()));
  EXPECT_EQ(Read(real), "words = [\"gamma\"]\n");
  struct stat st;
  ASSERT_EQ(::stat(real.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  // No temporary left behind.
  for (const auto& e : fs::directory_iterator(dir_)) {
    EXPECT_EQ(e.path().filename().string().find("real.toml.tmp"),
              std::string::npos);
  }
}

TEST_F(ProjectConfigTest, AddRefusesAFifoOrDirectoryAtTheName) {
  ASSERT_EQ(::mkfifo(file().c_str(), 0644), 0);
  Status s = AddProjectWord(file().string(), "delta");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("not a regular file"), std::string::npos)
      << s.message();
  struct stat st;
  ASSERT_EQ(::lstat(file().c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  fs::remove(file());
  fs::create_directory(file());
  EXPECT_FALSE(AddProjectWord(file().string(), "delta").ok());
}

// A project file the user may not write: the error names it and the
// system's reason. Run as an unprivileged user (root writes anything).
TEST_F(ProjectConfigTest, AddToUnwritableFileNamesFileAndReason) {
  Write(file(), "words = []\n");
  ASSERT_EQ(::chmod(file().c_str(), 0444), 0);
  ASSERT_EQ(::chmod(dir_.c_str(), 0755), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
      _exit(3);
    const Status s = AddProjectWord(file().string(), "epsilon");
    const bool named = s.message() == file().string() + ": Permission denied";
    _exit(!s.ok() && named ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(Read(file()), "words = []\n");
}

// Issue 34: two language servers adding at once kept 47 to 115 of 121
// words. Here 3 processes add 20 words each, at the same time.
TEST_F(ProjectConfigTest, ConcurrentProcessesKeepEveryWord) {
  constexpr int kProcesses = 3;
  constexpr int kWords = 20;
  std::vector<pid_t> children;
  for (int p = 0; p < kProcesses; ++p) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      for (int w = 0; w < kWords; ++w) {
        const std::string word =
            "w" + std::to_string(p) + "x" + std::to_string(w);
        if (!AddProjectWord(file().string(), word).ok()) _exit(1);
      }
      _exit(0);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  const std::vector<std::string> words = WordsOf(file());
  EXPECT_EQ(words.size(), static_cast<size_t>(kProcesses * kWords));
}

TEST_F(ProjectConfigTest, NewWordGoesToAFileThatCoversTheDocument) {
  EXPECT_EQ(ProjectFileForNewWord("/r/src/a.md", "/r", ""),
            "/r/.spellfilter.toml");
  EXPECT_EQ(ProjectFileForNewWord("/elsewhere/b.md", "/r", ""),
            "/elsewhere/.spellfilter.toml");
  EXPECT_EQ(ProjectFileForNewWord("/rx/b.md", "/r", ""),
            "/rx/.spellfilter.toml");
  EXPECT_EQ(ProjectFileForNewWord("/x/b.md", "", ""), "/x/.spellfilter.toml");
  EXPECT_EQ(ProjectFileForNewWord("/x/b.md", "/r", "/x/.spellfilter.toml"),
            "/x/.spellfilter.toml");
}

}  // namespace
}  // namespace spellfilter
