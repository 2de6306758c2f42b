// core/user/language_list.h: one user list per language, and the per-file
// lists of earlier versions adopted (renamed or merged), never lost.
#include "core/user/language_list.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/dictionary/builder.h"
#include "core/dictionary/dictionary.h"
#include "core/user/user_dictionary.h"
#include "tests/support/user_test_util.h"

namespace spellfilter {
namespace {

namespace fs = std::filesystem;
using V = std::vector<std::string>;

std::unique_ptr<Dictionary> Base(const std::string& file,
                                 const std::string& language) {
  BuildOptions options;
  options.language = language;
  DictionaryBuilder builder(options);
  EXPECT_TRUE(builder.AddLine("the", "test:1").ok());
  StatusOr<std::string> image = builder.Finish(nullptr);
  EXPECT_TRUE(image.ok());
  auto d = Dictionary::FromBytes(*image, file);
  EXPECT_TRUE(d.ok()) << d.status().message();
  return std::move(d).value();
}

std::string MustDefault(const Dictionary& base) {
  StatusOr<std::string> p = UserDictionary::DefaultPath(base);
  EXPECT_TRUE(p.ok()) << p.status().message();
  return p.ok() ? *p : std::string();
}

V Words(const std::string& list, const Dictionary& base) {
  auto u = UserDictionary::Open(list, base);
  EXPECT_TRUE(u.ok()) << u.status().message();
  if (!u.ok()) return {};
  StatusOr<V> w = (*u)->Words();
  return w.ok() ? *w : V{};
}

std::vector<fs::path> MergedCopies(const fs::path& dir) {
  std::vector<fs::path> found;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().filename().string().find(kUserMergedInfix) !=
        std::string::npos) {
      found.push_back(e.path());
    }
  }
  return found;
}

class LanguageListTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* old = std::getenv("XDG_CONFIG_HOME");
    had_ = old != nullptr;
    if (had_) saved_ = old;
    ::setenv("XDG_CONFIG_HOME", dir_.path().c_str(), 1);
    fs::create_directories(user_dir_);
  }
  void TearDown() override {
    if (had_) {
      ::setenv("XDG_CONFIG_HOME", saved_.c_str(), 1);
    } else {
      ::unsetenv("XDG_CONFIG_HOME");
    }
  }

  TempDir dir_;
  fs::path user_dir_ = dir_.path() / "spellfilter" / "user";
  bool had_ = false;
  std::string saved_;
};

TEST(UserListTagTest, NormalisesLanguageTags) {
  EXPECT_EQ(UserListTag("en-US"), "en_US");
  EXPECT_EQ(UserListTag("en_US"), "en_US");
  EXPECT_EQ(UserListTag("en-us"), "en_US");
  EXPECT_EQ(UserListTag("de_DE.UTF-8"), "de_DE");
  EXPECT_EQ(UserListTag("sr-latn-rs"), "sr_Latn_RS");
  EXPECT_EQ(UserListTag("ru"), "ru");
  EXPECT_EQ(UserListTag("und"), "");
  EXPECT_EQ(UserListTag("und-Latn"), "");
  EXPECT_EQ(UserListTag(""), "");
  EXPECT_EQ(UserListTag("en/../x"), "");
  EXPECT_EQ(UserListTag("en--US"), "");
  EXPECT_EQ(UserListTag("1en"), "");
}

TEST_F(LanguageListTest, DictionariesOfOneLanguageShareTheList) {
  auto bundled = Base("/usr/share/spellfilter/en_US.sfd", "en-US");
  auto mine = Base("/home/u/.local/share/mine.sfd", "en_US");
  auto german = Base("/x/de_DE.sfd", "de-DE");
  auto none = Base("/x/jargon.sfd", "und");
  EXPECT_EQ(MustDefault(*bundled), (user_dir_ / "en_US.words").string());
  EXPECT_EQ(MustDefault(*mine), (user_dir_ / "en_US.words").string());
  EXPECT_EQ(MustDefault(*german), (user_dir_ / "de_DE.words").string());
  EXPECT_EQ(MustDefault(*none), (user_dir_ / "jargon.words").string());

  // Added through one, accepted by the other.
  auto added = UserDictionary::Open(MustDefault(*bundled), *bundled);
  ASSERT_TRUE(added.ok());
  const V words = {"zorblax"};
  ASSERT_TRUE((*added)->Add(std::span<const std::string>(words)).ok());
  auto other = UserDictionary::Open(MustDefault(*mine), *mine);
  ASSERT_TRUE(other.ok());
  EXPECT_TRUE((*other)->Contains("zorblax"));
}

TEST_F(LanguageListTest, PerFileListBecomesTheLanguageList) {
  auto large = Base("/x/en_US-large.sfd", "en-US");
  const fs::path legacy = user_dir_ / "en_US-large.words";
  WriteFile(legacy.string(), "zorblax\nquux\n");
  const std::string list = MustDefault(*large);
  EXPECT_EQ(list, (user_dir_ / "en_US.words").string());
  EXPECT_FALSE(fs::exists(legacy));
  EXPECT_EQ(Slurp(list), "zorblax\nquux\n");
  EXPECT_EQ(Words(list, *large), (V{"zorblax", "quux"}));
  // And is found there by every en_US dictionary.
  auto other = Base("/y/other.sfd", "en_US");
  EXPECT_EQ(Words(MustDefault(*other), *other), (V{"zorblax", "quux"}));
}

TEST_F(LanguageListTest, PerFileListThatIsALinkStaysALink) {
  auto base = Base("/x/mine.sfd", "en-US");
  fs::create_directories(dir_.path() / "dotfiles");
  const fs::path target = dir_.path() / "dotfiles" / "mine.words";
  WriteFile(target.string(), "alpha\n");
  fs::create_symlink(target, user_dir_ / "mine.words");
  const std::string list = MustDefault(*base);
  EXPECT_TRUE(fs::is_symlink(list));
  auto u = UserDictionary::Open(list, *base);
  ASSERT_TRUE(u.ok());
  const V beta = {"beta"};
  ASSERT_TRUE((*u)->Add(std::span<const std::string>(beta)).ok());
  EXPECT_EQ(Slurp(target.string()), "alpha\nbeta\n");
}

TEST_F(LanguageListTest, PerFileListIsMergedAndKeptBeside) {
  auto bundled = Base("/x/en_US.sfd", "en-US");
  auto big = Base("/x/big.sfd", "en-US");
  const std::string list = (user_dir_ / "en_US.words").string();
  WriteFile(list, "alpha\nbeta\n");
  WriteFile((user_dir_ / "big.words").string(), "beta\ngamma\n# note\n");
  EXPECT_EQ(MustDefault(*big), list);
  EXPECT_EQ(Words(list, *big), (V{"alpha", "beta", "gamma"}));
  EXPECT_FALSE(fs::exists(user_dir_ / "big.words"));
  const std::vector<fs::path> kept = MergedCopies(user_dir_);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(Slurp(kept[0].string()), "beta\ngamma\n# note\n");  // as it was
  EXPECT_EQ(kept[0].filename().string().rfind("big.words.merged-", 0), 0u);

  // A word removed from the language list does not come back on the next
  // open: the old list is out of the way.
  auto u = UserDictionary::Open(list, *big);
  ASSERT_TRUE(u.ok());
  const V gamma = {"gamma"};
  ASSERT_TRUE((*u)->Remove(gamma).ok());
  EXPECT_EQ(MustDefault(*big), list);
  EXPECT_EQ(MustDefault(*bundled), list);
  EXPECT_EQ(Words(list, *big), (V{"alpha", "beta"}));
}

TEST_F(LanguageListTest, UnwritableDirectoryKeepsUsingThePerFileList) {
  if (::geteuid() == 0) GTEST_SKIP() << "root ignores directory modes";
  auto big = Base("/x/big.sfd", "en-US");
  const std::string legacy = (user_dir_ / "big.words").string();
  WriteFile(legacy, "gamma\n");
  fs::permissions(user_dir_, fs::perms::owner_read | fs::perms::owner_exec);
  const std::string used = MustDefault(*big);
  fs::permissions(user_dir_, fs::perms::owner_all);
  EXPECT_EQ(used, legacy);
  EXPECT_EQ(Slurp(legacy), "gamma\n");
  EXPECT_FALSE(fs::exists(user_dir_ / "en_US.words"));
}

// The same fallback whoever runs the test (root ignores directory modes):
// a language "list" that is a directory cannot take the words.
TEST_F(LanguageListTest, UnusableLanguageListKeepsUsingThePerFileList) {
  auto big = Base("/x/big.sfd", "en-US");
  const std::string legacy = (user_dir_ / "big.words").string();
  WriteFile(legacy, "gamma\n");
  fs::create_directories(user_dir_ / "en_US.words");
  EXPECT_EQ(MustDefault(*big), legacy);
  EXPECT_EQ(Slurp(legacy), "gamma\n");
  EXPECT_TRUE(MergedCopies(user_dir_).empty());
}

}  // namespace
}  // namespace spellfilter
