// `spellfilter check` on source code: --mode code, chosen by extension, the
// code options, and the bundled programming dictionary.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/cli/cli_runner.h"

namespace {

namespace fs = std::filesystem;
using spellfilter::cli_runner::CommandLine;
using spellfilter::cli_runner::MakeTestDirectory;
using spellfilter::cli_runner::Result;
using spellfilter::cli_runner::RunShell;
using spellfilter::cli_runner::Write;

class CodeModeCliTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = MakeTestDirectory("spellfilter_code_cli"); }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  // With the bundled dictionaries of the build tree.
  Result Run(std::vector<std::string> args, const std::string& input = "") {
    args.insert(args.begin() + 1, {"-d", EN_US_SFD, "--no-user"});
    if (std::find(args.begin(), args.end(), "--code-dict") == args.end()) {
      args.insert(args.begin() + 1, {"--code-dict", PROGRAMMING_SFD});
    }
    return RunShell(CommandLine(SPELLFILTER_EXE, args), input, dir_);
  }
  fs::path dir_;
};

TEST_F(CodeModeCliTest, IdentifiersAreSplitIntoWords) {
  Result r = Run({"check", "--mode", "code"},
                 "getUserNmae parseHttpRespnse std::vectr HTTPServer "
                 "XMLHttpRequest\n");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "Nmae\nRespnse\nvectr\n");
}

// On stdin (no file name, so C's lexer) a URL's "//" does not start a
// comment: the URL is not checked, the words around it are.
TEST_F(CodeModeCliTest, UrlsOnStdinStayWhole) {
  Result r = Run({"check", "--mode", "code"},
                 "see https://exmaple.com/x for the detials\n");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "detials\n");
  r = Run({"check", "--mode", "code"}, "https://exmaple.com/x\n");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(CodeModeCliTest, SourceFilesAreCodeByExtensionWithPositions) {
  Write(dir_ / "t.cpp",
        "int contr; // recieve teh data\nconst char* s = \"helo wrold\";\n");
  Result r = Run({"check", "-f", "lines", Path("t.cpp")});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, Path("t.cpp") + ":1:15: recieve\n" + Path("t.cpp") +
                       ":2:23: wrold\n");
  // The same file as text: the keyword and short words are flagged.
  r = Run({"check", "--mode", "text", Path("t.cpp")});
  EXPECT_NE(r.out.find("const\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("teh\n"), std::string::npos) << r.out;
}

TEST_F(CodeModeCliTest, ProgrammingWordsComeFromTheProgrammingDictionary) {
  const std::string code = "# configure stdin args and env for printf\n";
  Write(dir_ / "x.py", code);
  Result with = Run({"check", Path("x.py")});
  EXPECT_EQ(with.exit_code, 0) << with.out << with.err;
  Result without = Run({"check", "--code-dict", "none", Path("x.py")});
  EXPECT_EQ(without.exit_code, 1);
  EXPECT_NE(without.out.find("printf"), std::string::npos) << without.out;
}

// Two known words run together in an identifier (cmdclass, autoptr) are
// right in code, but not in comments, strings or prose; a misspelling that
// splits into words (seperators: sep, era, tors) is still flagged. In C and
// C++ files cspell's compound parts (cpp_compounds.txt) also accept
// autoptr (auto + ptr) in comments, as cspell does; eachother is not made
// of them.
TEST_F(CodeModeCliTest, RunOnWordsAreRightInIdentifiersOnly) {
  Write(dir_ / "x.py",
        "cmdclass = errmsg  # errmsg, eachother\n"
        "x = \"errmsg\"\n"
        "def recieve_seperators(): pass\n");
  Write(dir_ / "a.cpp",
        "int n = autoptr();  // autoptr eachother\n"
        "int recieve_seperators;\n");
  // A name joined by '_' in a comment is the code's: g_autoptr.
  Write(dir_ / "n.c", "/* g_autoptr frees it; autoptr eachother */\n");
  Result names = Run({"check", Path("n.c")});
  EXPECT_EQ(names.out, "eachother\n");
  Write(dir_ / "t.txt", "errmsg autoptr\n");
  const std::string expected =
      Path("x.py") + ":1:22: errmsg\n" + Path("x.py") + ":1:30: eachother\n" +
      Path("x.py") + ":2:6: errmsg\n" + Path("x.py") + ":3:5: recieve\n" +
      Path("x.py") + ":3:13: seperators\n" + Path("a.cpp") +
      ":1:32: eachother\n" +
      Path("a.cpp") + ":2:5: recieve\n" + Path("a.cpp") +
      ":2:13: seperators\n" + Path("t.txt") + ":1:1: errmsg\n" +
      Path("t.txt") + ":1:8: autoptr\n";
  Result r = Run({"check", "-f", "lines", Path("x.py"), Path("a.cpp"),
                  Path("t.txt")});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, expected);
  // One file's chunks on two threads: the same.
  r = Run({"check", "-j", "2", "-f", "lines", Path("a.cpp")});
  EXPECT_EQ(r.out, Path("a.cpp") + ":1:32: eachother\n" + Path("a.cpp") +
                       ":2:5: recieve\n" + Path("a.cpp") +
                       ":2:13: seperators\n");
  // Identifiers unchecked: nothing to accept them.
  r = Run({"check", "--code-scope", "comments,strings", Path("x.py")});
  EXPECT_EQ(r.out, "errmsg\neachother\nerrmsg\n");
}

// Other English spellings (en_variants.txt, compiled into programming.sfd)
// are right in code, not in prose, which keeps en_US.
TEST_F(CodeModeCliTest, OtherEnglishSpellingsInCodeOnly) {
  Write(dir_ / "v.py", "# the programme travelled, recieve\n");
  Write(dir_ / "v.txt", "the programme travelled, recieve\n");
  Result r = Run({"check", Path("v.py"), Path("v.txt")});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "recieve\nprogramme\ntravelled\nrecieve\n");
  r = Run({"check", "--code-dict", "none", Path("v.py")});
  EXPECT_EQ(r.out, "programme\ntravelled\nrecieve\n");
}

// SCOWL's size-80 words (en_variants.txt too) are right in code, not in
// prose; those one edit from an en_US word are left out of the list, so
// size 80's typos of common words (underlaying, strig) stay flagged.
TEST_F(CodeModeCliTest, LargerEnglishInCodeOnlyExceptNearCommonWords) {
  Write(dir_ / "p.cpp", "// called polymorphically, strig underlaying\n");
  Write(dir_ / "p.cmake", "# called polymorphically, strig underlaying\n");
  Write(dir_ / "p.txt", "called polymorphically, strig underlaying\n");
  Result r = Run({"check", Path("p.cpp"), Path("p.cmake"), Path("p.txt")});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out,
            "strig\nunderlaying\n"
            "strig\nunderlaying\n"
            "polymorphically\nstrig\nunderlaying\n");
  r = Run({"check", "--code-dict", "none", Path("p.cpp")});
  EXPECT_EQ(r.out, "polymorphically\nstrig\nunderlaying\n");
}

// Names in lower case (stephen: en_US has Stephen) are right in code, not
// in prose; not one edit from a lower-case en_US word (colum: column).
TEST_F(CodeModeCliTest, LowerCaseNamesInCodeOnlyExceptNearCommonWords) {
  Write(dir_ / "n.cpp", "// thanks stephen and helena, each colum\n");
  Write(dir_ / "n.txt", "thanks stephen and helena, each colum\n");
  Result r = Run({"check", Path("n.cpp"), Path("n.txt")});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "colum\nstephen\nhelena\ncolum\n");
  r = Run({"check", "--code-dict", "none", Path("n.cpp")});
  EXPECT_EQ(r.out, "stephen\nhelena\ncolum\n");
}

// The C family's words (cpp.sfd, beside the programming dictionary) are
// known in C and C++ files only; a typo is still flagged there.
TEST_F(CodeModeCliTest, CFamilyWordsOnlyInCAndCpp) {
  const std::string code =
      "#if defined(__cplusplus) && U_HAVE_RTTI  // recieve\n"
      "#define API __GNUC__\n";
  Write(dir_ / "a.cpp", code);
  Write(dir_ / "a.h", code);
  Result r = Run({"check", Path("a.cpp"), Path("a.h")});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "recieve\nrecieve\n");
  // Not in other languages, even those lexed as C-like, nor in prose.
  Write(dir_ / "A.java", code);
  Write(dir_ / "a.cmake", "# __cplusplus U_HAVE_RTTI  # recieve\n# __GNUC__\n");
  for (const char* name : {"A.java", "a.cmake"}) {
    r = Run({"check", Path(name)});
    EXPECT_EQ(r.out, "cplusplus\nRTTI\nrecieve\nGNUC\n") << name;
  }
  Write(dir_ / "a.txt", "cplusplus and RTTI, recieve\n");
  EXPECT_EQ(Run({"check", Path("a.txt")}).out, "cplusplus\nRTTI\nrecieve\n");
  // The words come from cpp.sfd beside the programming dictionary: a
  // programming dictionary alone knows none of them.
  fs::copy_file(PROGRAMMING_SFD, dir_ / "programming.sfd");
  r = Run({"check", "--code-dict", Path("programming.sfd"), Path("a.cpp")});
  EXPECT_EQ(r.out, "cplusplus\nRTTI\nrecieve\nGNUC\n");
  r = Run({"check", "--code-dict", "none", Path("a.cpp")});
  EXPECT_NE(r.out.find("cplusplus\n"), std::string::npos) << r.out;
}

// Python's words (python.sfd, beside the programming dictionary: cspell's
// django and data-science lists) are known in Python files only.
TEST_F(CodeModeCliTest, PythonWordsOnlyInPython) {
  // In comments: in code, listdir and queryset are also two words run
  // together (list + dir), right in any language.
  Write(dir_ / "x.py", "# os.listdir(queryset) recieve\n");
  Write(dir_ / "x.cpp", "// os.listdir(queryset) recieve\n");
  Write(dir_ / "x.cmake", "# os.listdir(queryset) recieve\n");
  EXPECT_EQ(Run({"check", Path("x.py")}).out, "recieve\n");
  // In C++, cspell's compound parts take them (list + dir, query + set).
  EXPECT_EQ(Run({"check", Path("x.cpp")}).out, "recieve\n");
  EXPECT_EQ(Run({"check", Path("x.cmake")}).out, "listdir\nqueryset\nrecieve\n");
}

// An acronym the programming words list in capitals is right in lower case
// too, as identifiers write it (RPATH: rpath); a mixed-case entry is not
// (GitLab: not gitlab).
TEST_F(CodeModeCliTest, AcronymsInLowerCase) {
  Write(dir_ / "a.cmake", "# rpath RPATH gitlab GitLab\n");
  EXPECT_EQ(Run({"check", Path("a.cmake")}).out, "gitlab\n");
}

TEST_F(CodeModeCliTest, ScopeAndMinimumLength) {
  Write(dir_ / "a.go", "func fooBarx() { return \"vbnm\" } // wxyz\n");
  EXPECT_EQ(Run({"check", Path("a.go")}).out, "Barx\nvbnm\nwxyz\n");
  EXPECT_EQ(Run({"check", "--code-scope", "comments,strings", Path("a.go")}).out,
            "vbnm\nwxyz\n");
  EXPECT_EQ(Run({"check", "--min-length", "5", Path("a.go")}).out, "");
}

TEST_F(CodeModeCliTest, SuggestionsKeepThePartsCasing) {
  Result r = Run({"check", "--mode", "code", "-s", "-n", "1"},
                 "int HTTPSevrer; int parse_respnse;\n");
  EXPECT_EQ(r.out, "Sevrer: Server\nrespnse: response\n");
}

TEST_F(CodeModeCliTest, MissingCodeDictionaryIsAnError) {
  Result r = Run({"check", "--code-dict", Path("nope.sfd"), "--mode", "code"},
                 "x\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("nope.sfd"), std::string::npos) << r.err;
}

// In code, a word is reported at most 5 times per file (cspell's
// maxDuplicateProblems); --max-repeats changes it, 0 reports every one.
// Text reports every occurrence, and each file has its own count.
TEST_F(CodeModeCliTest, AWordIsReportedAtMostMaxRepeatsTimesPerFile) {
  std::string code;
  for (int i = 0; i < 8; ++i) code += "int wroldCount" + std::to_string(i) + "; // teh\n";
  Write(dir_ / "a.cpp", code);
  Write(dir_ / "b.cpp", code);
  Write(dir_ / "a.txt", "wrold wrold wrold wrold wrold wrold wrold\n");
  Result r = Run({"check", Path("a.cpp"), Path("b.cpp")});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  std::string five_each;  // 5 of a.cpp's 8, then 5 of b.cpp's
  for (int i = 0; i < 10; ++i) five_each += "wrold\n";
  EXPECT_EQ(r.out, five_each);
  r = Run({"check", "--max-repeats", "2", "-f", "lines", Path("a.cpp")});
  EXPECT_EQ(r.out, Path("a.cpp") + ":1:5: wrold\n" + Path("a.cpp") +
                       ":2:5: wrold\n");
  r = Run({"check", "--max-repeats", "0", Path("a.cpp")});
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 8);
  r = Run({"check", Path("a.txt")});
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 7);
}

}  // namespace
