// Runs the real `spellfilter` for the user word list commands: add, remove,
// words, check --user / --no-user, stats, and their messages and exit codes.
#include <gtest/gtest.h>

#include "tests/cli/cli_runner.h"
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
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

class UserWordsCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("spellfilter_user_cli_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "cfg");
    Write(dir_ / "words.txt", "the\ncat\nsat\non\nmat\nqt\n");
    ASSERT_EQ(Run({"build", Path("words.txt"), "-o", Path("test.sfd"), "-q"})
                  .exit_code,
              0);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Path(const std::string& name) const {
    return (dir_ / name).string();
  }
  // Where the default user list of test.sfd lives.
  fs::path DefaultList() const {
    return dir_ / "cfg/spellfilter/user/test.words";
  }

  std::string Command(const std::vector<std::string>& args) {
    std::string cmd =
        "XDG_CONFIG_HOME=" + Quote(Path("cfg")) + " " + Quote(SPELLFILTER_EXE);
    for (const std::string& a : args) cmd += " " + Quote(a);
    return cmd;
  }

  Result Run(const std::vector<std::string>& args,
             const std::string& input = "") {
    return RunShell(Command(args), input, dir_);
  }

  Result Check(const std::string& text, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"check", "-d", Path("test.sfd")};
    args.insert(args.end(), extra.begin(), extra.end());
    return Run(args, text);
  }

  fs::path dir_;
};

TEST_F(UserWordsCliTest, AddCheckRemove) {
  EXPECT_EQ(Check("zorblax Zorblax ZORBLAX\n").out,
            "zorblax\nZorblax\nZORBLAX\n");
  Result add = Run({"add", "-d", Path("test.sfd"), "zorblax", "Qt", "KDE"});
  ASSERT_EQ(add.exit_code, 0) << add.err;
  EXPECT_NE(add.out.find("added 3 words to " + DefaultList().string()),
            std::string::npos)
      << add.out;
  EXPECT_EQ(Slurp(DefaultList()), "zorblax\nQt\nKDE\n");

  Result check = Check("zorblax Zorblax ZORBLAX Qt QT qt KDE Kde kde\n");
  EXPECT_EQ(check.exit_code, 1) << check.err;
  EXPECT_EQ(check.out, "Kde\nkde\n");  // qt is in the base; KDE only as written
  EXPECT_EQ(check.err, "");

  Result words = Run({"words", "-d", Path("test.sfd")});
  EXPECT_EQ(words.exit_code, 0);
  EXPECT_EQ(words.out, "zorblax\nQt\nKDE\n");

  Result again = Run({"add", "-d", Path("test.sfd"), "zorblax"});
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_NE(again.out.find("1 already there"), std::string::npos) << again.out;

  Result remove = Run({"remove", "-d", Path("test.sfd"), "zorblax", "nothere"});
  // A word that is not there is an error; the others are removed.
  EXPECT_EQ(remove.exit_code, 2) << remove.err;
  EXPECT_NE(remove.out.find("removed 1 word"), std::string::npos);
  EXPECT_NE(remove.err.find("'nothere'"), std::string::npos) << remove.err;
  EXPECT_EQ(Check("zorblax KDE\n").out, "zorblax\n");
  EXPECT_EQ(Check("zorblax KDE\n").exit_code, 1);
  EXPECT_EQ(Check("KDE\n").exit_code, 0);
}

// The user's words follow the language, not the dictionary file: added with
// one en-US dictionary, accepted by another; a per-file list of an earlier
// version is merged into the language's list and kept beside it.
TEST_F(UserWordsCliTest, WordsFollowTheLanguageNotTheFile) {
  for (const char* name : {"a", "b", "c", "legacy"}) {
    const std::string lang = std::string(name) == "c" ? "de-DE" : "en-US";
    ASSERT_EQ(Run({"build", Path("words.txt"), "-o", Path(std::string(name) + ".sfd"),
                   "--lang", lang, "-q"})
                  .exit_code,
              0);
  }
  const fs::path list = dir_ / "cfg/spellfilter/user/en_US.words";
  Result add = Run({"add", "-d", Path("a.sfd"), "zorblax"});
  ASSERT_EQ(add.exit_code, 0) << add.err;
  EXPECT_NE(add.out.find("added 1 word to " + list.string()), std::string::npos)
      << add.out;
  Result b = Run({"check", "-d", Path("b.sfd")}, "the zorblax\n");
  EXPECT_EQ(b.exit_code, 0) << b.out << b.err;
  EXPECT_EQ(b.out, "");
  Result c = Run({"check", "-d", Path("c.sfd")}, "the zorblax\n");
  EXPECT_EQ(c.exit_code, 1);
  EXPECT_EQ(c.out, "zorblax\n");
  EXPECT_EQ(Run({"words", "-d", Path("b.sfd")}).out, "zorblax\n");

  // The list legacy.sfd had before lists were per language.
  Write(dir_ / "cfg/spellfilter/user/legacy.words", "quux\nzorblax\n");
  Result words = Run({"words", "-d", Path("legacy.sfd")});
  EXPECT_EQ(words.exit_code, 0) << words.err;
  EXPECT_EQ(words.out, "zorblax\nquux\n");
  EXPECT_EQ(Run({"check", "-d", Path("a.sfd")}, "quux\n").exit_code, 0);
  EXPECT_FALSE(fs::exists(dir_ / "cfg/spellfilter/user/legacy.words"));
  int kept = 0;
  for (const auto& e : fs::directory_iterator(dir_ / "cfg/spellfilter/user")) {
    if (e.path().filename().string().starts_with("legacy.words.merged-")) {
      ++kept;
      EXPECT_EQ(Slurp(e.path()), "quux\nzorblax\n");
    }
  }
  EXPECT_EQ(kept, 1);
}

// suggest, check --suggest and -a offer the user's words as corrections.
TEST_F(UserWordsCliTest, UserWordsAreSuggested) {
  ASSERT_EQ(Run({"add", "-d", Path("test.sfd"), "frobnicator"}).exit_code, 0);
  Result s = Run({"suggest", "-d", Path("test.sfd"), "frobnicatr"});
  EXPECT_EQ(s.out, "frobnicatr: frobnicator\n") << s.err;
  Result c = Run({"check", "-d", Path("test.sfd"), "--suggest"}, "the frobnicatr\n");
  EXPECT_EQ(c.out, "frobnicatr: frobnicator\n");
  Result a = Run({"-a", "-d", Path("test.sfd")}, "frobnicatr\n");
  EXPECT_NE(a.out.find("& frobnicatr 1 0: frobnicator"), std::string::npos) << a.out;
  EXPECT_EQ(Run({"suggest", "-d", Path("test.sfd"), "--no-user", "frobnicatr"}).out,
            "frobnicatr:\n");
}

TEST_F(UserWordsCliTest, UserOptionOverridesAndNoUserIgnores) {
  const std::string mine = Path("elsewhere/my.words");
  fs::create_directories(dir_ / "elsewhere");
  ASSERT_EQ(
      Run({"add", "-d", Path("test.sfd"), "--user", mine, "zorblax"}).exit_code,
      0);
  EXPECT_TRUE(fs::exists(mine));
  EXPECT_FALSE(fs::exists(DefaultList()));
  EXPECT_EQ(Check("zorblax\n").exit_code, 1);
  EXPECT_EQ(Check("zorblax\n", {"--user", mine}).exit_code, 0);
  EXPECT_EQ(Check("zorblax\n", {"--user", mine, "--no-user"}).exit_code, 2);
  ASSERT_EQ(Run({"add", "-d", Path("test.sfd"), "zorblax"}).exit_code, 0);
  EXPECT_EQ(Check("zorblax\n").exit_code, 0);
  EXPECT_EQ(Check("zorblax\n", {"--no-user"}).exit_code, 1);
  EXPECT_EQ(Run({"words", "-d", Path("test.sfd"), "--user", mine}).out,
            "zorblax\n");
}

TEST_F(UserWordsCliTest, BadWordsAreRefusedWithOneLineAndExit2) {
  ASSERT_EQ(Run({"add", "-d", Path("test.sfd"), "keep"}).exit_code, 0);
  for (const std::string& bad :
       {std::string("two words"), std::string("a\tb"), std::string("bad\xFF"),
        std::string(129, 'x'), std::string("ctl\x01"), std::string(""),
        // Invisible or bidirectional (Unicode Cf): U+200B, U+202E, U+2060,
        // U+2066, U+00AD.
        std::string("zero\u200Bwidth"), std::string("evil\u202Ertl"),
        std::string("wj\u2060x"), std::string("iso\u2066late"),
        std::string("soft\u00ADhyphen")}) {
    Result r = Run({"add", "-d", Path("test.sfd"), "fine", bad});
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_EQ(Lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("nothing was added"), std::string::npos) << r.err;
    EXPECT_EQ(Slurp(DefaultList()), "keep\n");
  }
  Result none = Run({"add", "-d", Path("test.sfd")});
  EXPECT_EQ(none.exit_code, 2);
}

TEST_F(UserWordsCliTest, ImportsHunspellAndAspellLists) {
  Write(dir_ / "hunspell_en_US", "Zorblax\nfrobnicate/S\n*badword\nand\\/or\n");
  Write(dir_ / "aspell.en.pws", "personal_ws-1.1 en 2 utf-8\nKDE\nGNOME\n");
  Result r =
      Run({"add", "-d", Path("test.sfd"), "--from", Path("hunspell_en_US"),
           "--from", Path("aspell.en.pws"), "extra"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("forbidden"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Aspell header skipped"), std::string::npos) << r.out;
  // and/or is two words to the tokenizer: skipped, with a warning.
  EXPECT_EQ(Slurp(DefaultList()),
            "extra\nZorblax\nfrobnicate\nKDE\nGNOME\n");
  EXPECT_NE(r.err.find("'and/or': checking splits it into 'and', 'or'"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(Check("frobnicate ZORBLAX GNOME\n").exit_code, 0);

  Write(dir_ / "bad.dic", "good\nnot good\n");
  Result bad = Run({"add", "-d", Path("test.sfd"), "--from", Path("bad.dic")});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find(Path("bad.dic") + ":2: 'not good'"), std::string::npos)
      << bad.err;
  Result missing = Run({"add", "-d", Path("test.sfd"), "--from", Path("nope")});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find(Path("nope")), std::string::npos);
  // stdin.
  EXPECT_EQ(
      Run({"add", "-d", Path("test.sfd"), "--from", "-"}, "piped\n").exit_code,
      0);
  EXPECT_EQ(Check("piped\n").exit_code, 0);
}

// Issue 27, item 4: one bad line in a hand-edited list costs that line,
// not the list, and a read-only check never moves the file.
TEST_F(UserWordsCliTest, BadLineIsSkippedWithAWarningAndTheListStays) {
  fs::create_directories(DefaultList().parent_path());
  const std::string list =
      "zorblax\nwrold  # my typo-friendly word\nflurbo\n";
  Write(DefaultList(), list);
  Result r = Check("the cat zorblax flurbo teh\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "teh\n");
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("warning: " + DefaultList().string() + ":2:"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(Slurp(DefaultList()), list);
  for (const auto& e : fs::directory_iterator(DefaultList().parent_path())) {
    EXPECT_EQ(e.path().filename().string().find(".damaged-"),
              std::string::npos)
        << e.path();
  }
  // Every run says so again, and still uses the good words.
  r = Check("zorblax flurbo\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.err.find(":2:"), std::string::npos) << r.err;
}

TEST_F(UserWordsCliTest, StatsShowsLayersAndCompoundRate) {
  ASSERT_EQ(Run({"add", "-d", Path("test.sfd"), "zorblax"}).exit_code, 0);
  Result r = Run({"stats", Path("test.sfd")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("user words        1 in " + DefaultList().string()),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("layer 0 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("compound fp"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("ABOVE TARGET"), std::string::npos) << r.out;
  Result plain = Run({"stats", Path("test.sfd"), "--no-user"});
  EXPECT_EQ(plain.out.find("user words"), std::string::npos);
}

TEST_F(UserWordsCliTest, ConcurrentAddsLoseNothing) {
  constexpr int kProcesses = 4;
  constexpr int kWords = 10;
  std::string script;
  for (int p = 0; p < kProcesses; ++p) {
    script += "( ";
    for (int i = 0; i < kWords; ++i) {
      script += Command({"add", "-q", "-d", Path("test.sfd"),
                         "c" + std::string(1, static_cast<char>('a' + p)) + "x" +
                             std::string(1, static_cast<char>('a' + i))}) +
                " || exit 1; ";
    }
    script += ") & p" + std::to_string(p) + "=$!; ";
  }
  script += "fail=0; ";
  for (int p = 0; p < kProcesses; ++p) {
    script += "wait $p" + std::to_string(p) + " || fail=1; ";
  }
  script += "exit $fail";
  Write(dir_ / "concurrent.sh", script);
  const int status =
      std::system(("sh " + Quote(Path("concurrent.sh"))).c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  Result words = Run({"words", "-d", Path("test.sfd")});
  EXPECT_EQ(Lines(words.out), kProcesses * kWords) << words.out;
  std::string text;
  for (int p = 0; p < kProcesses; ++p) {
    for (int i = 0; i < kWords; ++i) {
      text += "c" + std::string(1, static_cast<char>('a' + p)) + "x" +
                             std::string(1, static_cast<char>('a' + i)) + " ";
    }
  }
  Result check = Check(text + "\n");
  EXPECT_EQ(check.exit_code, 0) << check.out;
}

}  // namespace

// Issue 27, item 2: a symbolic link to the list (stow, chezmoi, yadm) stays
// a link, the file it names gets the word, and the list keeps its mode.
TEST_F(UserWordsCliTest, AddWritesThroughALinkedListAndKeepsItsMode) {
  fs::create_directories(dir_ / "dotfiles");
  Write(dir_ / "dotfiles" / "test.words", "alpha\n");
  fs::permissions(dir_ / "dotfiles" / "test.words",
                  fs::perms::owner_read | fs::perms::owner_write);
  fs::create_directories(DefaultList().parent_path());
  fs::create_symlink(dir_ / "dotfiles" / "test.words", DefaultList());
  Result r = Run({"add", "-d", Path("test.sfd"), "betaa"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(DefaultList()));
  EXPECT_EQ(Slurp(dir_ / "dotfiles" / "test.words"), "alpha\nbetaa\n");
  EXPECT_EQ(fs::status(dir_ / "dotfiles" / "test.words").permissions() &
                fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(Check("alpha betaa\n").exit_code, 0);
  // A list that is not a regular file is refused, not replaced.
  const std::string fifo = Path("fifo.words");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  // (A reader of the FIFO would wait forever: timeout makes that a failure.)
  r = RunShell("timeout 20 env " +
                   Command({"add", "-d", Path("test.sfd"), "--user", fifo,
                            "gamma"}),
               "", dir_);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  EXPECT_TRUE(fs::is_fifo(fifo));
}

// Issue 27, item 3: a list named by --user that is missing (for check), or
// whose directory is missing (for add), or that is a directory, is an error.
TEST_F(UserWordsCliTest, NamedUserListThatIsMissingIsAnError) {
  const std::string missing_dir = Path("nonexistent/dir/x.words");
  Result r = Run({"add", "-d", Path("test.sfd"), "--user", missing_dir, "foo"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find(Path("nonexistent/dir") + ": no such directory"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "nonexistent"));

  r = Check("the cat\n", {"--user", Path("x.words")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find(Path("x.words") + ": no such user word list"),
            std::string::npos)
      << r.err;
  r = Check("the cat\n", {"--user", Path("cfg")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(Path("cfg") + ": not a regular file"), std::string::npos)
      << r.err;
  r = Run({"suggest", "-d", Path("test.sfd"), "--user", Path("x.words"), "cta"});
  EXPECT_EQ(r.exit_code, 2);
  // add creates a missing list in a directory that exists.
  r = Run({"add", "-d", Path("test.sfd"), "--user", Path("x.words"), "foo"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Check("foo\n", {"--user", Path("x.words")}).exit_code, 0);
}

// Issue 27, item 12: add accepts only what the tokenizer can produce as one
// word, and says why not.
TEST_F(UserWordsCliTest, AddRefusesWhatCheckingNeverSeesAsOneWord) {
  ASSERT_EQ(Run({"add", "-d", Path("test.sfd"), "keep"}).exit_code, 0);
  for (const std::string& bad :
       {std::string("foo-bar"), std::string("abc123"), std::string("e.g"),
        std::string("\xE2\x80\xAE" "evil"), std::string("foo_bar")}) {
    Result r = Run({"add", "-d", Path("test.sfd"), "fine", bad});
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_EQ(Lines(r.err), 1) << r.err;
    // U+202E is refused first as an invisible formatting character.
    EXPECT_TRUE(r.err.find("checking") != std::string::npos ||
                r.err.find("'\\u{202E}evil': contains an invisible") !=
                    std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("nothing was added"), std::string::npos) << r.err;
    EXPECT_EQ(Slurp(DefaultList()), "keep\n");
  }
  Result r = Run({"add", "-d", Path("test.sfd"), "foo-bar"});
  EXPECT_NE(r.err.find("splits it into 'foo', 'bar'"), std::string::npos)
      << r.err;
  // Words the tokenizer keeps whole are fine: apostrophes, accents.
  EXPECT_EQ(Run({"add", "-d", Path("test.sfd"), "O'Neill", "caf\xC3\xA9"})
                .exit_code,
            0);
}
