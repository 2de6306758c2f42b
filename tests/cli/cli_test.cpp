// Runs the real `spellfilter` executable: exit codes, one-line errors that
// name the file, and output on stdout.
#include <gtest/gtest.h>

#include "core/util/byte_order.h"
#include "core/dictionary/format.h"
#include "tests/cli/cli_runner.h"
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
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
using spellfilter::GetFixed;
using spellfilter::kHeaderBytes;
using spellfilter::kSectionBits;
using spellfilter::kSectionEntryBytes;
using spellfilter::kSectionPrefixes;
using spellfilter::kSectionWordClasses;

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTestDirectory("spellfilter_cli_test");
    Write(dir_ / "words.txt", "# test list\nthe\ncat\nsat\non\nmat\nParis\n");
    ASSERT_EQ(Run({"build", Path("words.txt"), "-o", Path("test.sfd")}).exit_code, 0);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Path(const std::string& name) const { return (dir_ / name).string(); }

  Result Run(const std::vector<std::string>& args, const std::string& input = "") {
    return RunShell(CommandLine(SPELLFILTER_EXE, args), input, dir_);
  }

  fs::path dir_;
};

TEST_F(CliTest, BuildPrintsSummary) {
  Result r = Run({"build", Path("words.txt"), "-o", Path("again.sfd")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("words           6"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("predicted fp"), std::string::npos);
  EXPECT_NE(r.out.find("file size"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir_ / "again.sfd"));
}

TEST_F(CliTest, BuildDefaultOutputNameAndStdin) {
  EXPECT_EQ(Run({"build", Path("words.txt")}).exit_code, 0);
  EXPECT_TRUE(fs::exists(dir_ / "words.sfd"));
  EXPECT_EQ(Run({"build", "-", "-o", Path("stdin.sfd")}, "a\nb\n").exit_code, 0);
  EXPECT_EQ(Run({"build", "-"}, "a\n").exit_code, 2);
}

TEST_F(CliTest, CheckExitCodes) {
  Result clean = Run({"check", "--dict", Path("test.sfd")}, "The cat sat on the mat.\n");
  EXPECT_EQ(clean.exit_code, 0) << clean.err;
  EXPECT_EQ(clean.out, "");
  Result dirty = Run({"check", "--dict", Path("test.sfd")}, "The cat sta on teh mat in paris.\n");
  EXPECT_EQ(dirty.exit_code, 1) << dirty.err;
  EXPECT_EQ(dirty.out, "sta\nteh\nin\nparis\n");
}

TEST_F(CliTest, CheckFilesInOrderAndMissingFileIsAnError) {
  Write(dir_ / "a.txt", "cat teh\n");
  Write(dir_ / "b.txt", "mta\n");
  Result r = Run({"check", "-d", Path("test.sfd"), Path("a.txt"), Path("missing.txt"),
                  Path("b.txt")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "teh\nmta\n");
  EXPECT_EQ(Lines(r.err), 1);
  EXPECT_NE(r.err.find("missing.txt"), std::string::npos) << r.err;
}

TEST_F(CliTest, CheckFormatsLinesAndJson) {
  Write(dir_ / "a.txt", "The cat\nsat on teh mat, caf\xC3\xA9 teh\n  mta\n");
  Result lines = Run({"check", "-d", Path("test.sfd"), "--format", "lines", Path("a.txt")});
  EXPECT_EQ(lines.exit_code, 1);
  const std::string f = Path("a.txt");
  // Byte columns by default: the second teh follows the two bytes of é.
  EXPECT_EQ(lines.out, f + ":2:8: teh\n" + f + ":2:17: caf\xC3\xA9\n" + f +
                           ":2:23: teh\n" + f + ":3:3: mta\n");
  Result chars = Run({"check", "-d", Path("test.sfd"), "--format", "lines",
                      "--columns", "chars", Path("a.txt")});
  EXPECT_EQ(chars.out, f + ":2:8: teh\n" + f + ":2:17: caf\xC3\xA9\n" + f +
                           ":2:22: teh\n" + f + ":3:3: mta\n");
  Result json = Run({"check", "-d", Path("test.sfd"), "-f", "json", "--unique", Path("a.txt")});
  EXPECT_EQ(json.out,
            "{\"file\":\"" + f + "\",\"line\":2,\"column\":8,\"offset\":15,\"word\":\"teh\"}\n"
            "{\"file\":\"" + f + "\",\"line\":2,\"column\":17,\"offset\":24,\"word\":\"caf\xC3\xA9\"}\n"
            "{\"file\":\"" + f + "\",\"line\":3,\"column\":3,\"offset\":36,\"word\":\"mta\"}\n");
  EXPECT_EQ(Run({"check", "-d", Path("test.sfd"), "-f", "xml"}).exit_code, 2);
}

// Markdown: code, link targets and tags are not checked; *.md files are
// Markdown by default, other files and stdin text unless --mode says.
TEST_F(CliTest, CheckMarkdownMode) {
  const std::string doc =
      "The `caf\xC3\xA9 tehcode` cat sat on teh mat.\n"
      "```\nmta cta\n```\n"
      "the [mat](http://x/sta) on <b class=\"tsa\">Paris</b>.\n";
  Write(dir_ / "a.md", doc);
  Write(dir_ / "a.txt", doc);
  const std::string md = Path("a.md");
  const std::string txt = Path("a.txt");
  Result r = Run({"check", "-d", Path("test.sfd"), "-f", "lines", md});
  EXPECT_EQ(r.exit_code, 1);
  // Columns count the blanked characters as before (é is one).
  EXPECT_EQ(r.out, md + ":1:32: teh\n");  // byte column
  Result text = Run({"check", "-d", Path("test.sfd"), txt});
  EXPECT_NE(text.out.find("tehcode"), std::string::npos);
  EXPECT_NE(text.out.find("mta"), std::string::npos);
  EXPECT_EQ(
      Run({"check", "-d", Path("test.sfd"), "--mode", "markdown", txt}).out,
      "teh\n");
  EXPECT_EQ(Run({"check", "-d", Path("test.sfd"), "-m", "text", md}).out,
            text.out);
  // stdin is text unless told.
  EXPECT_EQ(Run({"check", "-d", Path("test.sfd")}, doc).out, text.out);
  EXPECT_EQ(Run({"check", "-d", Path("test.sfd"), "-m", "markdown"}, doc).out,
            "teh\n");
  // Several threads blank in input order: the same result.
  std::string big;
  while (big.size() < 3'000'000) big += doc;
  Write(dir_ / "big.md", big);
  Result one = Run({"check", "-d", Path("test.sfd"), Path("big.md")});
  Result two =
      Run({"check", "-d", Path("test.sfd"), "-j", "2", Path("big.md")});
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(Lines(one.out),
            Lines(r.out) * static_cast<int>(big.size() / doc.size()));
  EXPECT_EQ(Run({"check", "-d", Path("test.sfd"), "-m", "html"}, doc).exit_code,
            2);
}

// TeX: what hunspell -t skips (commands, math, comments, the preamble,
// non-text arguments) is not checked; *.tex files are TeX by default.
TEST_F(CliTest, CheckTexMode) {
  const std::string doc =
      "\\documentclass{article}\n\\begin{document}\n"
      "\\section{Paris} teh \\cite{knuthh} $\xC3\xA9 + yy$ caf\xC3\xA9 mta % a cmment\n"
      "\\end{document}\n";
  Write(dir_ / "a.tex", doc);
  const std::string tex = Path("a.tex");
  Result r = Run({"check", "-d", Path("test.sfd"), "-f", "lines", tex});
  EXPECT_EQ(r.exit_code, 1);
  // Columns count the blanked math's é as one character.
  EXPECT_EQ(r.out, tex + ":3:17: teh\n" + tex + ":3:45: caf\xC3\xA9\n" +
                       tex + ":3:51: mta\n");  // byte columns
  Result text = Run({"check", "-d", Path("test.sfd"), "-m", "text", tex});
  EXPECT_NE(text.out.find("cmment"), std::string::npos);
  EXPECT_EQ(Run({"check", "-d", Path("test.sfd"), "-m", "tex"}, doc).out,
            "teh\ncaf\xC3\xA9\nmta\n");
}

TEST_F(CliTest, CheckJobsKeepOutputOrder) {
  std::string text;
  for (int i = 0; text.size() < 6'000'000; ++i) {
    text += "the cat sat on w" + std::to_string(i % 7) + "x mat teh\n";
    if (i % 1000 == 0) text += "word" + std::string(1, 'a' + i % 26) + "q\n";
  }
  Write(dir_ / "big.txt", text);
  Result one = Run({"check", "-d", Path("test.sfd"), "-j", "1", Path("big.txt")});
  Result two = Run({"check", "-d", Path("test.sfd"), "-j", "2", Path("big.txt")});
  Result all = Run({"check", "-d", Path("test.sfd"), "-j", "0", "-f", "lines", Path("big.txt")});
  Result all_one = Run({"check", "-d", Path("test.sfd"), "-f", "lines", Path("big.txt")});
  EXPECT_EQ(one.exit_code, 1);
  EXPECT_GT(Lines(one.out), 100000);
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(all.out, all_one.out);
}

TEST_F(CliTest, CheckLongLineWithoutNewline) {
  std::string text;
  while (text.size() < 5'000'000) text += "cat teh mat ";
  Result r = Run({"check", "-d", Path("test.sfd")}, text);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(Lines(r.out), static_cast<int>(text.size() / 12));
}

// 150 MB without a line break, piped: memory stays bounded (the reader
// works in 1 MiB chunks) and every word is still seen. GNU time measures the
// spellfilter process alone.
TEST_F(CliTest, CheckStreamsHugeInputWithoutNewline) {
  const std::string cmd = "yes 'cat teh ' | head -c 150000000 | tr -d '\\n' | "
                          "/usr/bin/time -f %M -o " + Quote(Path("rss")) + " " +
                          Quote(SPELLFILTER_EXE) + " check -d " +
                          Quote(Path("test.sfd")) + " | grep -c '^teh$' > " +
                          Quote(Path("count"));
  std::system(("bash -c " + Quote(cmd)).c_str());
  // GNU time writes "Command exited with non-zero status 1" (misspellings
  // found), then the figure.
  std::string rss = Slurp(dir_ / "rss");
  while (!rss.empty() && rss.back() == '\n') rss.pop_back();
  rss = rss.substr(rss.rfind('\n') + 1);
  ASSERT_FALSE(rss.empty());
  EXPECT_LT(std::stol(rss), 32 * 1024) << "KiB";
  // "cat teh \n" is 9 bytes: 16,666,666 of them, each with one "teh".
  EXPECT_EQ(Slurp(dir_ / "count"), "16666666\n");
}

// Byte offset of the middle of section `type` in a dictionary image.
size_t MiddleOfSection(const std::string& file, uint32_t type) {
  const auto* base = reinterpret_cast<const std::byte*>(file.data());
  const uint32_t count = GetFixed<uint32_t>(base + 24);
  for (uint32_t i = 0; i < count; ++i) {
    const std::byte* e = base + kHeaderBytes + i * kSectionEntryBytes;
    if (GetFixed<uint32_t>(e) == type) {
      return GetFixed<uint64_t>(e + 8) + GetFixed<uint64_t>(e + 16) / 2;
    }
  }
  ADD_FAILURE() << "no section " << type;
  return 0;
}

TEST_F(CliTest, DamagedDictionariesGiveOneLineErrorAndExit2) {
  const std::string good = Slurp(dir_ / "test.sfd");
  Write(dir_ / "truncated.sfd", good.substr(0, good.size() / 2));
  std::string flipped = good;
  flipped[MiddleOfSection(good, kSectionBits)] ^= 1;
  Write(dir_ / "flipped.sfd", flipped);
  Write(dir_ / "foreign.sfd", "just some text\n");
  Write(dir_ / "empty.sfd", "");
  for (const char* name : {"truncated.sfd", "flipped.sfd", "foreign.sfd",
                           "empty.sfd", "missing.sfd"}) {
    Result r = Run({"check", "--dict", Path(name)}, "cat\n");
    EXPECT_EQ(r.exit_code, 2) << name;
    EXPECT_EQ(r.out, "") << name;
    EXPECT_EQ(Lines(r.err), 1) << name << ": " << r.err;
    EXPECT_NE(r.err.find(Path(name)), std::string::npos) << r.err;
    EXPECT_EQ(Run({"stats", Path(name)}).exit_code, 2) << name;
  }
  Result dir = Run({"check", "--dict", dir_.string()}, "cat\n");
  EXPECT_EQ(dir.exit_code, 2);
}

// Plain checking neither reads nor needs the suggestion sections: damage
// there leaves it working, with the same answers, while everything that
// reads them (suggestions, stats) reports it.
TEST_F(CliTest, DamagedSuggestionDataStopsOnlyItsUsers) {
  const std::string good = Slurp(dir_ / "test.sfd");
  for (uint32_t section : {kSectionWordClasses, kSectionPrefixes}) {
    std::string damaged = good;
    damaged[MiddleOfSection(good, section)] ^= 1;
    const std::string name = "damaged" + std::to_string(section) + ".sfd";
    Write(dir_ / name, damaged);
    Result check = Run({"check", "--dict", Path(name)}, "cat teh\n");
    EXPECT_EQ(check.exit_code, 1) << name << ": " << check.err;
    EXPECT_EQ(check.out, "teh\n") << name;
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{
             {"check", "--suggest", "--dict", Path(name)},
             {"suggest", "--dict", Path(name), "teh"},
             {"stats", Path(name)}}) {
      Result r = Run(args, "cat teh\n");
      EXPECT_EQ(r.exit_code, 2) << name << " " << args[0];
      EXPECT_EQ(Lines(r.err), 1) << name << ": " << r.err;
      EXPECT_NE(r.err.find("checksum mismatch"), std::string::npos) << r.err;
    }
  }
}

TEST_F(CliTest, BadWordListNamesTheLine) {
  Write(dir_ / "bad.txt", "good\nbad\xFFword\n");
  Result r = Run({"build", Path("bad.txt"), "-o", Path("bad.sfd")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(Path("bad.txt") + ":2: invalid UTF-8"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "bad.sfd"));
  EXPECT_EQ(Run({"build", Path("nope.txt")}).exit_code, 2);
}

TEST_F(CliTest, UsageErrorsExit2HelpAndVersionExit0) {
  EXPECT_EQ(Run({}).exit_code, 2);
  EXPECT_EQ(Run({"frobnicate"}).exit_code, 2);
  EXPECT_EQ(Run({"check", "--no-such-flag"}).exit_code, 2);
  EXPECT_EQ(Run({"build", Path("words.txt"), "--fp", "2"}).exit_code, 2);
  EXPECT_EQ(Run({"build", Path("words.txt"), "--layout", "sideways"}).exit_code, 2);
  for (const char* cmd : {"build", "check", "stats"}) {
    Result help = Run({cmd, "--help"});
    EXPECT_EQ(help.exit_code, 0) << cmd;
    EXPECT_NE(help.out.find(cmd), std::string::npos);
    Result version = Run({cmd, "--version"});
    EXPECT_EQ(version.exit_code, 0) << cmd;
    EXPECT_NE(version.out.find("spellfilter"), std::string::npos);
  }
  EXPECT_EQ(Run({"--version"}).exit_code, 0);
}

TEST_F(CliTest, StatsReportsParametersAndMeasuredRate) {
  Write(dir_ / "absent.txt", "dog\nbird\nfish\n");
  Result r = Run({"stats", Path("test.sfd"), "--measure", Path("absent.txt")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* field : {"probes (k)", "bits set (X)", "estimated words",
                            "predicted fp", "measured fp"}) {
    EXPECT_NE(r.out.find(field), std::string::npos) << field << "\n" << r.out;
  }
}

TEST_F(CliTest, CheckOnlyDictionaryIsSmaller) {
  Result b = Run({"build", Path("words.txt"), "-o", Path("small.sfd"),
                  "--no-suggestion-data"});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_LT(fs::file_size(dir_ / "small.sfd"), fs::file_size(dir_ / "test.sfd"));
  EXPECT_EQ(Run({"check", "-d", Path("small.sfd")}, "cat teh\n").out, "teh\n");
  // stats says which of the two it is: the prefix filter and its probe
  // scheme, or no suggestion data.
  const std::string full = Run({"stats", Path("test.sfd")}).out;
  EXPECT_NE(full.find("trie edges"), std::string::npos) << full;
  EXPECT_NE(full.find("sum probes"), std::string::npos) << full;
  EXPECT_EQ(full.find("suggestion data   none"), std::string::npos) << full;
  const std::string small = Run({"stats", Path("small.sfd")}).out;
  EXPECT_NE(small.find("suggestion data   none"), std::string::npos) << small;
  EXPECT_EQ(small.find("trie edges"), std::string::npos) << small;
  // An English list also gets the sections for suggestions by ear.
  EXPECT_NE(full.find("sound prefixes    none"), std::string::npos) << full;
  ASSERT_EQ(Run({"build", Path("words.txt"), "-o", Path("en.sfd"), "--lang",
                 "en-US"})
                .exit_code,
            0);
  const std::string en = Run({"stats", Path("en.sfd")}).out;
  EXPECT_NE(en.find("pairs of a skeleton and up to 3 first letters"),
            std::string::npos)
      << en;
}

// build --hunspell expands a .dic with the .aff beside it; a missing .aff is
// a one-line error.
TEST_F(CliTest, BuildFromHunspellDictionary) {
  const std::string data = SPELLFILTER_HUNSPELL_TEST_DATA;
  fs::copy_file(data + "/affixes.dic", dir_ / "xx_XX.dic");
  fs::copy_file(data + "/affixes.aff", dir_ / "xx_XX.aff");
  Result b = Run({"build", "--hunspell", Path("xx_XX.dic"), "-o", Path("xx.sfd")});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const std::string good = Slurp(fs::path(data) / "affixes.good");
  const std::string wrong = Slurp(fs::path(data) / "affixes.wrong");
  EXPECT_EQ(Run({"check", "-d", Path("xx.sfd"), "--no-user"}, good).out, "");
  EXPECT_EQ(Lines(Run({"check", "-d", Path("xx.sfd"), "--no-user"}, wrong).out),
            Lines(wrong));
  fs::remove(dir_ / "xx_XX.aff");
  Result missing = Run({"build", "--hunspell", Path("xx_XX.dic"), "-o", Path("y.sfd")});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(Lines(missing.err), 1) << missing.err;
}

// stats says how a converted dictionary is stored. Kept stems: the rules,
// the probes a misspelling costs (E[A]) and the per-word rate they make of
// the per-probe one; and --measure counts whole lookups through the rules.
TEST_F(CliTest, StatsShowsAffixAwareStorageAndItsPerWordRate) {
  const std::string data = SPELLFILTER_HUNSPELL_TEST_DATA;
  fs::copy_file(data + "/affixes.dic", dir_ / "xx_XX.dic");
  fs::copy_file(data + "/affixes.aff", dir_ / "xx_XX.aff");
  ASSERT_EQ(Run({"build", "--hunspell", Path("xx_XX.dic"), "-o",
                 Path("kept.sfd"), "--affixes", "keep", "-q"})
                .exit_code,
            0);
  ASSERT_EQ(Run({"build", "--hunspell", Path("xx_XX.dic"), "-o",
                 Path("expanded.sfd"), "--affixes", "expand", "-q"})
                .exit_code,
            0);
  Write(dir_ / "absent.txt", "qqqq\nzzzzing\n");
  Result kept = Run({"stats", Path("kept.sfd"), "--no-user", "--measure",
                     Path("absent.txt")});
  ASSERT_EQ(kept.exit_code, 0) << kept.err;
  for (const char* field : {"stored            affix-aware", "probes E[A]",
                            "per-word fp", "through the affix rules"}) {
    EXPECT_NE(kept.out.find(field), std::string::npos) << field << "\n"
                                                       << kept.out;
  }
  Result expanded = Run({"stats", Path("expanded.sfd"), "--no-user"});
  ASSERT_EQ(expanded.exit_code, 0) << expanded.err;
  EXPECT_NE(expanded.out.find("stored            expanded"), std::string::npos)
      << expanded.out;
  EXPECT_EQ(expanded.out.find("probes E[A]"), std::string::npos)
      << expanded.out;
}

TEST_F(CliTest, ClassicLayoutIsSelectable) {
  Result b = Run({"build", Path("words.txt"), "-o", Path("classic.sfd"),
                  "--layout", "classic"});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  Result s = Run({"stats", Path("classic.sfd")});
  EXPECT_NE(s.out.find("classic"), std::string::npos);
  EXPECT_NE(s.out.find("exact (Christensen"), std::string::npos) << s.out;
  EXPECT_EQ(Run({"check", "-d", Path("classic.sfd")}, "cat teh\n").out, "teh\n");
}

}  // namespace

// Issue 27, item 1: build -o never replaces what is not a regular file,
// writes through a symbolic link, keeps the target's mode, and `-o -`
// writes the dictionary to stdout.
TEST_F(CliTest, BuildOutputRefusesAFifoAndWritesThroughLinks) {
  const std::string fifo = Path("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  Result r = Run({"build", Path("words.txt"), "-o", fifo, "-q"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find(fifo + ": exists and is not a regular file"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::is_fifo(fifo));

  fs::create_directories(dir_ / "real");
  Write(dir_ / "real" / "real.sfd", "old");
  fs::permissions(dir_ / "real" / "real.sfd", fs::perms::owner_read |
                                                  fs::perms::owner_write);
  fs::create_symlink("real/real.sfd", dir_ / "link.sfd");
  r = Run({"build", Path("words.txt"), "-o", Path("link.sfd"), "-q"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.sfd"));
  EXPECT_EQ(Slurp(dir_ / "real" / "real.sfd"), Slurp(dir_ / "test.sfd"));
  EXPECT_EQ(fs::status(dir_ / "real" / "real.sfd").permissions() &
                fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  // A link to a file not there yet: the file is created, the link kept.
  fs::create_symlink("real/new.sfd", dir_ / "dangling.sfd");
  r = Run({"build", Path("words.txt"), "-o", Path("dangling.sfd"), "-q"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir_ / "dangling.sfd"));
  EXPECT_EQ(Slurp(dir_ / "real" / "new.sfd"), Slurp(dir_ / "test.sfd"));
  // The temporary file was in the target's directory and is gone.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_ / "real"),
                          fs::directory_iterator()),
            2);
}

TEST_F(CliTest, BuildOutputDashWritesTheDictionaryToStdout) {
  Result r = Run({"build", Path("words.txt"), "-o", "-"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, Slurp(dir_ / "test.sfd"));
  EXPECT_NE(r.err.find("wrote <stdout>"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(fs::current_path() / "-"));
}

// Issue 27, item 6: -j far beyond the cores is capped, and a thread that
// cannot be created (here: a 4 GB thread stack under a 3 GB address-space
// limit) means fewer threads, not an abort.
TEST_F(CliTest, CheckJobsAreCappedAndSurviveThreadCreationFailure) {
  const std::string text = "The cat sta on teh mat.\n";
  const std::string cmd =
      CommandLine(SPELLFILTER_EXE, {"check", "--dict", Path("test.sfd"), "-j",
                                    "20000"});
  Result r = RunShell("ulimit -v 2000000; " + cmd, text, dir_);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "sta\nteh\n");
  const std::string two = CommandLine(
      SPELLFILTER_EXE, {"check", "--dict", Path("test.sfd"), "-j", "2"});
  r = RunShell("ulimit -s 4000000; ulimit -v 3000000; " + two, text, dir_);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "sta\nteh\n");
}

// Issue 27, item 14: help and usage errors say what is there and what is
// wrong.
TEST_F(CliTest, HelpNamesPipeModesAndUsageErrorsNameTheProblem) {
  Result help = Run({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("spellfilter -a "), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("spellfilter -l "), std::string::npos) << help.out;
  Result pipe_help = Run({"-a", "--help"});
  EXPECT_EQ(pipe_help.exit_code, 0) << pipe_help.err;
  EXPECT_NE(pipe_help.out.find("Usage: spellfilter -a"), std::string::npos);
  Result bogus = Run({"bogus"});
  EXPECT_EQ(bogus.exit_code, 2);
  EXPECT_EQ(Lines(bogus.err), 1) << bogus.err;
  EXPECT_NE(bogus.err.find("'bogus' is not a command"), std::string::npos)
      << bogus.err;
  Result suggest_help = Run({"suggest", "--help"});
  EXPECT_EQ(suggest_help.out.find("{false}"), std::string::npos)
      << suggest_help.out;
  EXPECT_NE(suggest_help.out.find("--no-sound-alike "), std::string::npos);
  EXPECT_NE(suggest_help.out.find("--max-edits INT=3"), std::string::npos);
  EXPECT_NE(suggest_help.out.find("(0-3)"), std::string::npos);
  EXPECT_EQ(Run({"suggest", "--dict", Path("test.sfd"), "--max-edits", "4",
                 "cta"})
                .exit_code,
            2);
}

TEST_F(CliTest, RemovingAWordThatIsNotThereIsAnError) {
  ASSERT_EQ(Run({"add", "--dict", Path("test.sfd"), "--user",
                 Path("mine.words"), "zorblax", "quux"})
                .exit_code,
            0);
  Result r = Run({"remove", "--dict", Path("test.sfd"), "--user",
                  Path("mine.words"), "notthere", "quux"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("not in " + Path("mine.words") + ": 'notthere'"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(Slurp(dir_ / "mine.words"), "zorblax\n");  // quux removed
}

// Issue 27, item 8: a file name never sends escape sequences to the
// terminal, and a name that is not UTF-8 gives valid, lossless JSON.
TEST_F(CliTest, FileNamesAreEscapedInMessagesAndLosslessInJson) {
  const std::string evil = Path("\x1b]0;pwned\a");
  Result r = Run({"check", "--dict", Path("test.sfd"), evil});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\a'), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\\x1B]0;pwned\\x07: No such file"), std::string::npos)
      << r.err;

  const std::string latin1 = Path("caf\xE9.txt");  // é in Latin-1
  Write(latin1, "the cat sta\n");
  r = Run({"check", "--dict", Path("test.sfd"), "-f", "json", latin1});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out.find('\xE9'), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("caf\\udce9.txt\""), std::string::npos) << r.out;
  // Python reads it and gets the bytes back with os.fsencode.
  Write(dir_ / "out.json", r.out);
  const std::string py =
      "python3 -c 'import json,os,sys; "
      "d=json.loads(open(sys.argv[1]).read()); "
      "sys.exit(0 if os.fsencode(d[\"file\"])==sys.argv[2].encode(\"utf-8\","
      "\"surrogateescape\") else 1)' " +
      Quote(Path("out.json")) + " " + Quote(latin1);
  EXPECT_EQ(RunShell(py, "", dir_).exit_code, 0);
  Write(evil + ".txt", "sta\n");
  r = Run({"check", "--dict", Path("test.sfd"), "-f", "lines", evil + ".txt"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
}

// Issue 27, item 10: UTF-16/32 input is refused by its byte-order mark, a
// binary file is skipped with a warning, as grep does; the other files are
// still checked.
TEST_F(CliTest, Utf16InputIsRefusedAndBinaryInputSkipped) {
  // "sta teh" in UTF-16LE with its BOM.
  Write(dir_ / "u16.txt", std::string("\xFF\xFEs\0t\0a\0 \0t\0e\0h\0\n\0", 18));
  Write(dir_ / "bin.dat", std::string("ELF\0\x01\x02qzxv wrold blorf\n", 23));
  Write(dir_ / "ok.txt", "teh\n");
  Result r = Run({"check", "--dict", Path("test.sfd"), Path("u16.txt"),
                  Path("bin.dat"), Path("ok.txt")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "teh\n");
  EXPECT_EQ(Lines(r.err), 2) << r.err;
  EXPECT_NE(r.err.find(Path("u16.txt") + ": UTF-16LE text"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("warning: " + Path("bin.dat") + ": binary file"),
            std::string::npos)
      << r.err;
  // Redirected stdin is looked at too.
  r = Run({"check", "--dict", Path("test.sfd")}, Slurp(dir_ / "u16.txt"));
  EXPECT_NE(r.err.find("<stdin>: UTF-16LE text"), std::string::npos) << r.err;
  EXPECT_EQ(r.exit_code, 2);
  // And so is a pipe, by what its first read brings, on one thread and two.
  for (const char* jobs : {"1", "2"}) {
    const std::string check =
        CommandLine(SPELLFILTER_EXE, {"check", "--dict", Path("test.sfd"), "-j", jobs});
    r = RunShell("{ cat " + Quote(Path("u16.txt")) + " | " + check + "; }", "", dir_);
    EXPECT_NE(r.err.find("<stdin>: UTF-16LE text"), std::string::npos) << r.err;
    EXPECT_EQ(r.exit_code, 2);
    r = RunShell("{ cat " + Quote(Path("bin.dat")) + " | " + check + "; }", "", dir_);
    EXPECT_NE(r.err.find("warning: <stdin>: binary file"), std::string::npos)
        << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.exit_code, 0);
    r = RunShell("{ cat " + Quote(Path("ok.txt")) + " | " + check + "; }", "", dir_);
    EXPECT_EQ(r.out, "teh\n");
    EXPECT_EQ(r.exit_code, 1);
  }
}

// Issue 27, item 11: a Hunspell .dic given as a plain word list is refused
// with a hint, --hunspell takes either file of the pair, an empty list is
// warned about, and --lang is a BCP 47 tag.
TEST_F(CliTest, BuildRecognisesHunspellPairsEmptyListsAndBadTags) {
  Write(dir_ / "xx_XX.dic", "2\nhello/S\nworld\n");
  Write(dir_ / "xx_XX.aff", "SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n");
  Result r = Run({"build", Path("xx_XX.dic"), "-o", Path("x.sfd"), "-q"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("looks like a Hunspell .dic"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("--hunspell"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "x.sfd"));
  // Flags alone (no .aff beside it) are enough to tell.
  Write(dir_ / "lone.dic", "1\nhello/S\n");
  EXPECT_EQ(Run({"build", Path("lone.dic"), "-q"}).exit_code, 2);

  r = Run({"build", "--hunspell", Path("xx_XX.aff"), "-o", Path("x.sfd"),
           "-q"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  Result c = Run({"check", "--dict", Path("x.sfd")}, "hellos world hello/S\n");
  EXPECT_EQ(c.out, "S\n") << c.err;

  Write(dir_ / "empty.txt", "# nothing here\n\n");
  r = Run({"build", Path("empty.txt"), "-o", Path("empty.sfd"), "-q"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("warning: " + Path("empty.txt") + ": no words"),
            std::string::npos)
      << r.err;

  r = Run({"build", Path("words.txt"), "-o", Path("bad.sfd"), "--lang",
           "xx-notatag-!!"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("not a BCP 47 language tag"), std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "bad.sfd"));
  EXPECT_EQ(Run({"build", Path("words.txt"), "-o", Path("gb.sfd"), "--lang",
                 "en-GB", "-q"})
                .exit_code,
            0);
}

// Issue 27, item 7: -f lines columns are 1-based bytes, as gcc and grep
// give them, so Vim's quickfix list lands on the word; a UTF-8 BOM is not
// a column; --columns chars counts code points.
TEST_F(CliTest, LinesColumnsAreBytesAndVimLandsOnTheWord) {
  Write(dir_ / "v.txt", "\xEF\xBB\xBFsta\ncaf\xC3\xA9 na\xC3\xAFve teh\n");
  Write(dir_ / "v.words", "caf\xC3\xA9\nna\xC3\xAFve\n");
  ASSERT_EQ(Run({"add", "--dict", Path("test.sfd"), "--user", Path("v.words"),
                 "--from", Path("v.words"), "-q"})
                .exit_code,
            0);
  const std::vector<std::string> base = {"check", "--dict", Path("test.sfd"),
                                         "--user", Path("v.words"), "-f",
                                         "lines", Path("v.txt")};
  Result r = Run(base);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const std::string f = Path("v.txt");
  EXPECT_EQ(r.out, f + ":1:1: sta\n" + f + ":2:14: teh\n");
  std::vector<std::string> with_chars = base;
  with_chars.insert(with_chars.end(), {"--columns", "chars"});
  EXPECT_EQ(Run(with_chars).out, f + ":1:1: sta\n" + f + ":2:12: teh\n");
  if (std::system("command -v vim > /dev/null 2>&1") != 0) {
    GTEST_SKIP() << "vim not installed";
  }
  Write(dir_ / "errors", r.out);
  // Vim reads the list (%c is a byte column) and writes the text under the
  // cursor at each error.
  const std::string vim =
      "vim -es -N -u NONE -i NONE -c 'set efm=%f:%l:%c:\\ %m' "
      "-c 'cfile " + Path("errors") + "' "
      "-c 'call writefile([strpart(getline(\".\"), col(\".\") - 1, 3)], \"" +
      Path("at1") + "\")' "
      "-c 'cnext' "
      "-c 'call writefile([strpart(getline(\".\"), col(\".\") - 1, 3)], \"" +
      Path("at2") + "\")' -c 'qa!'";
  RunShell(vim, "", dir_);
  EXPECT_EQ(Slurp(dir_ / "at1"), "sta\n");
  EXPECT_EQ(Slurp(dir_ / "at2"), "teh\n");
}

// Issue 27, item 13: build's memory follows the distinct words, not the
// lines: 4 million lines of ten words fit in 150 MB of address space (they
// took ~210 MB, and 10 million 517 MB).
TEST_F(CliTest, BuildMemoryFollowsDistinctWords) {
  {
    std::ofstream out(dir_ / "dup.txt", std::ios::binary);
    const std::string ten = "hello\nworld\nthe\ncat\nsat\nmat\nzebra\nquick\n"
                            "brown\nfox\n";
    std::string block;
    for (int i = 0; i < 1000; ++i) block += ten;
    for (int i = 0; i < 400; ++i) out << block;
  }
  for (const char* extra : {"--seed=0", "--no-suggestion-data"}) {
    const std::string cmd =
        "ulimit -v 150000; " +
        CommandLine(SPELLFILTER_EXE, {"build", Path("dup.txt"), "-o",
                                      Path("dup.sfd"), "-j", "1", extra});
    Result r = RunShell(cmd, "", dir_);
    EXPECT_EQ(r.exit_code, 0) << extra << ": " << r.err;
    EXPECT_NE(r.out.find("words           10 (3,999,990 duplicates counted "
                         "once)"),
              std::string::npos)
        << r.out;
  }
}
