// WriteFileAtomically: replaces a regular file, follows symbolic links to
// the file they name, keeps a replaced file's mode, and never replaces what
// is not a regular file.
#include "core/util/file_io.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace spellfilter {
namespace {

namespace fs = std::filesystem;

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class FileIoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("spellfilter_file_io_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "real");
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(FileIoTest, NewFileGetsTheUmaskMode) {
  const mode_t old = ::umask(022);
  ASSERT_TRUE(WriteFileAtomically((dir_ / "new").string(), "abc").ok());
  ::umask(old);
  EXPECT_EQ(Slurp(dir_ / "new"), "abc");
  struct stat st;
  ASSERT_EQ(::stat((dir_ / "new").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0644u);
}

TEST_F(FileIoTest, ReplacedFileKeepsItsMode) {
  std::ofstream(dir_ / "f") << "old";
  ASSERT_EQ(::chmod((dir_ / "f").c_str(), 0600), 0);
  ASSERT_TRUE(WriteFileAtomically((dir_ / "f").string(), "new").ok());
  EXPECT_EQ(Slurp(dir_ / "f"), "new");
  struct stat st;
  ASSERT_EQ(::stat((dir_ / "f").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
}

TEST_F(FileIoTest, ReplacedFileKeepsItsOwnerWherePermitted) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root may give a file away";
  std::ofstream(dir_ / "f") << "old";
  ASSERT_EQ(::chown((dir_ / "f").c_str(), 65534, 65534), 0);  // nobody
  ASSERT_TRUE(WriteFileAtomically((dir_ / "f").string(), "new").ok());
  struct stat st;
  ASSERT_EQ(::stat((dir_ / "f").c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, 65534u);
  EXPECT_EQ(st.st_gid, 65534u);
}

TEST_F(FileIoTest, SymbolicLinksAreFollowedAndKept) {
  std::ofstream(dir_ / "real" / "f") << "old";
  fs::create_symlink("real/f", dir_ / "link1");
  fs::create_symlink(dir_ / "link1", dir_ / "link2");  // a chain
  ASSERT_TRUE(WriteFileAtomically((dir_ / "link2").string(), "new").ok());
  EXPECT_TRUE(fs::is_symlink(dir_ / "link1"));
  EXPECT_TRUE(fs::is_symlink(dir_ / "link2"));
  EXPECT_EQ(Slurp(dir_ / "real" / "f"), "new");
  StatusOr<std::string> t = ResolveWriteTarget((dir_ / "link2").string());
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(fs::path(*t), dir_ / "real/f");
  // A dangling link: the file it names is created.
  fs::create_symlink("real/g", dir_ / "dangling");
  ASSERT_TRUE(WriteFileAtomically((dir_ / "dangling").string(), "g").ok());
  EXPECT_TRUE(fs::is_symlink(dir_ / "dangling"));
  EXPECT_EQ(Slurp(dir_ / "real" / "g"), "g");
}

TEST_F(FileIoTest, WhatIsNotARegularFileIsNeverReplaced) {
  const fs::path fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  Status s = WriteFileAtomically(fifo.string(), "x");
  EXPECT_EQ(s.code(), Status::Code::kInvalidArgument);
  EXPECT_NE(s.message().find("not a regular file"), std::string::npos);
  EXPECT_TRUE(fs::is_fifo(fifo));
  fs::create_symlink("fifo", dir_ / "to_fifo");
  EXPECT_FALSE(WriteFileAtomically((dir_ / "to_fifo").string(), "x").ok());
  EXPECT_TRUE(fs::is_symlink(dir_ / "to_fifo"));
  EXPECT_FALSE(WriteFileAtomically((dir_ / "real").string(), "x").ok());
  EXPECT_TRUE(fs::is_directory(dir_ / "real"));
  fs::create_symlink("loop", dir_ / "loop");
  EXPECT_FALSE(WriteFileAtomically((dir_ / "loop").string(), "x").ok());
}

}  // namespace
}  // namespace spellfilter
