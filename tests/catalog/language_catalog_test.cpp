#include "core/catalog/language_catalog.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "core/dictionary/builder.h"
#include "core/dictionary/dictionary.h"

namespace spellfilter {
namespace {

namespace fs = std::filesystem;

// A scratch HOME, cache and Hunspell directory, with the environment set to
// them for the test's duration.
class LanguageCatalogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/catalog-test-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    root_ = tmpl;
    hunspell_ = root_ + "/hunspell";
    fs::create_directories(hunspell_);
    fs::create_directories(root_ + "/config/spellfilter");
    setenv("XDG_CONFIG_HOME", (root_ + "/config").c_str(), 1);
    setenv("XDG_CACHE_HOME", (root_ + "/cache").c_str(), 1);
    setenv("SPELLFILTER_HUNSPELL_PATH", (hunspell_ + ":" + root_ + "/none").c_str(), 1);
  }
  void TearDown() override {
    unsetenv("SPELLFILTER_HUNSPELL_PATH");
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  void InstallHunspell(const std::string& tag, const std::string& test_name) {
    const std::string data = SPELLFILTER_HUNSPELL_TEST_DATA;
    fs::copy_file(data + "/" + test_name + ".dic", hunspell_ + "/" + tag + ".dic",
                  fs::copy_options::overwrite_existing);
    fs::copy_file(data + "/" + test_name + ".aff", hunspell_ + "/" + tag + ".aff",
                  fs::copy_options::overwrite_existing);
  }
  std::string root_;
  std::string hunspell_;
};

TEST(NormalizeLanguageTagTest, Forms) {
  EXPECT_EQ(NormalizeLanguageTag("de_DE"), "de_DE");
  EXPECT_EQ(NormalizeLanguageTag("de-DE"), "de_DE");
  EXPECT_EQ(NormalizeLanguageTag("de_DE.UTF-8"), "de_DE");
  EXPECT_EQ(NormalizeLanguageTag("de_DE@euro"), "de_DE");
  EXPECT_EQ(NormalizeLanguageTag("american"), "en_US");
  EXPECT_EQ(NormalizeLanguageTag("en-US"), "en_US");
  EXPECT_EQ(NormalizeLanguageTag("sr_Latn_RS"), "sr_Latn_RS");
  EXPECT_EQ(NormalizeLanguageTag(""), "");
  EXPECT_EQ(NormalizeLanguageTag("x"), "");
  EXPECT_EQ(NormalizeLanguageTag("../etc/passwd"), "");
  EXPECT_EQ(NormalizeLanguageTag("de DE"), "");
  EXPECT_EQ(NormalizeLanguageTag("1de"), "");
  // A language is two or three letters (ISO 639) before any region.
  EXPECT_EQ(NormalizeLanguageTag("ckb_IQ"), "ckb_IQ");
  EXPECT_EQ(NormalizeLanguageTag("programming"), "");
  EXPECT_EQ(NormalizeLanguageTag("hyph_de"), "");
  EXPECT_EQ(NormalizeLanguageTag("d1_DE"), "");
}

TEST_F(LanguageCatalogTest, ListsSpellfilterAndHunspellDictionariesOnce) {
  InstallHunspell("de_DE", "affixes");
  InstallHunspell("fr_FR", "affixes");
  // A spellfilter dictionary of the same tag hides the Hunspell one.
  InstallHunspell("nl_NL", "affixes");
  std::ofstream(root_ + "/config/spellfilter/nl_NL.sfd") << "x";
  // Not a language: code mode's programming words.
  std::ofstream(root_ + "/config/spellfilter/programming.sfd") << "x";
  // Not dictionaries: hyphenation patterns, a .dic without .aff.
  std::ofstream(hunspell_ + "/hyph_de_DE.dic") << "x";
  std::ofstream(hunspell_ + "/it_IT.dic") << "1\nciao\n";

  const std::vector<CatalogEntry> all = ListDictionaries();
  std::vector<std::string> tags;
  for (const CatalogEntry& e : all) tags.push_back(e.tag);
  EXPECT_TRUE(std::is_sorted(tags.begin(), tags.end()));
  auto find = [&](const std::string& tag) -> const CatalogEntry* {
    for (const CatalogEntry& e : all) {
      if (e.tag == tag) return &e;
    }
    return nullptr;
  };
  ASSERT_NE(find("de_DE"), nullptr);
  EXPECT_EQ(find("de_DE")->kind, CatalogEntry::Kind::kHunspell);
  EXPECT_EQ(find("de_DE")->cached, root_ + "/cache/spellfilter/hunspell/de_DE.sfd");
  EXPECT_FALSE(find("de_DE")->cache_current);
  ASSERT_NE(find("nl_NL"), nullptr);
  EXPECT_EQ(find("nl_NL")->kind, CatalogEntry::Kind::kSpellfilter);
  EXPECT_EQ(std::count(tags.begin(), tags.end(), "nl_NL"), 1);
  EXPECT_EQ(find("hyph_de_DE"), nullptr);
  EXPECT_EQ(find("it_IT"), nullptr);
  EXPECT_EQ(find("programming"), nullptr);
}

// A .sfd whose LANGUAGE section names another language is not offered
// under its file name: code mode's cpp.sfd (en-US) is no language "cpp".
TEST_F(LanguageCatalogTest, ADictionaryOfAnotherLanguageIsNotListedByItsName) {
  auto write = [&](const std::string& name, const std::string& language) {
    BuildOptions options;
    options.language = language;
    DictionaryBuilder builder(options);
    ASSERT_TRUE(builder.AddLine("word", "t").ok());
    StatusOr<std::string> image = builder.Finish(nullptr);
    ASSERT_TRUE(image.ok());
    std::ofstream(root_ + "/config/spellfilter/" + name, std::ios::binary)
        << *image;
  };
  write("cpp.sfd", "en-US");
  write("en_GB.sfd", "en-GB");
  std::vector<std::string> tags;
  for (const CatalogEntry& e : ListDictionaries()) tags.push_back(e.tag);
  EXPECT_EQ(std::count(tags.begin(), tags.end(), "cpp"), 0);
  EXPECT_EQ(std::count(tags.begin(), tags.end(), "en_GB"), 1);
  EXPECT_FALSE(FindLanguage("cpp").ok());
}

TEST_F(LanguageCatalogTest, FallsBackFromLanguageToRegion) {
  InstallHunspell("de_AT", "affixes");
  InstallHunspell("de_DE", "affixes");
  InstallHunspell("pt_BR", "affixes");
  StatusOr<CatalogEntry> de = FindLanguage("de");
  ASSERT_TRUE(de.ok()) << de.status().message();
  EXPECT_EQ(de->tag, "de_DE");  // the region spelled like the language
  StatusOr<CatalogEntry> pt = FindLanguage("pt");
  ASSERT_TRUE(pt.ok()) << pt.status().message();
  EXPECT_EQ(pt->tag, "pt_BR");  // else the first region
  StatusOr<CatalogEntry> at = FindLanguage("de-AT");
  ASSERT_TRUE(at.ok());
  EXPECT_EQ(at->tag, "de_AT");
  StatusOr<CatalogEntry> es = FindLanguage("es");
  EXPECT_EQ(es.status().code(), Status::Code::kNotFound);
  EXPECT_NE(es.status().message().find(hunspell_), std::string::npos);
  EXPECT_EQ(FindLanguage("de/../x").status().code(),
            Status::Code::kInvalidArgument);
  // A region that is not there does not fall back to another one.
  EXPECT_EQ(FindLanguage("de_CH").status().code(), Status::Code::kNotFound);
}

TEST_F(LanguageCatalogTest, ConvertsOnceAndAgainWhenTheSourceChanges) {
  InstallHunspell("de_DE", "affixes");
  StatusOr<std::string> path = ResolveLanguage("de_DE");
  ASSERT_TRUE(path.ok()) << path.status().message();
  EXPECT_EQ(*path, root_ + "/cache/spellfilter/hunspell/de_DE.sfd");
  StatusOr<std::unique_ptr<Dictionary>> d = Dictionary::Open(*path);
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ((*d)->language(), "de-DE");
  EXPECT_TRUE((*d)->Contains("tried"));

  struct stat before, after;
  ASSERT_EQ(stat(path->c_str(), &before), 0);
  ASSERT_TRUE(FindLanguage("de")->cache_current);
  ASSERT_TRUE(ResolveLanguage("de").ok());
  ASSERT_EQ(stat(path->c_str(), &after), 0);
  EXPECT_EQ(before.st_ino, after.st_ino);  // used as it was

  // The package is updated: another .dic.
  std::ofstream(hunspell_ + "/de_DE.dic") << "2\nhello\nbye\n";
  EXPECT_FALSE(FindLanguage("de")->cache_current);
  ASSERT_TRUE(ResolveLanguage("de").ok());
  ASSERT_EQ(stat(path->c_str(), &after), 0);
  EXPECT_NE(before.st_ino, after.st_ino);
  d = Dictionary::Open(*path);
  ASSERT_TRUE(d.ok());
  EXPECT_TRUE((*d)->Contains("bye"));
  EXPECT_FALSE((*d)->Contains("tried"));
}

// A cache a former version of the conversion made (its stamp's first
// line names the version) is converted again: what the conversion stores
// changed, and an old file would keep the old answers.
TEST_F(LanguageCatalogTest, CacheOfAFormerConversionIsConvertedAgain) {
  InstallHunspell("de_DE", "affixes");
  StatusOr<std::string> de = ResolveLanguage("de_DE");
  ASSERT_TRUE(de.ok()) << de.status().message();
  ASSERT_TRUE(FindLanguage("de_DE")->cache_current);
  std::string stamp;
  {
    std::ifstream in(*de + ".source", std::ios::binary);
    stamp.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::string first = stamp.substr(0, stamp.find('\n'));
  ASSERT_EQ(first.rfind("spellfilter hunspell cache ", 0), 0u) << first;
  stamp.replace(0, first.size(), "spellfilter hunspell cache 5");
  std::ofstream(*de + ".source", std::ios::binary | std::ios::trunc) << stamp;
  EXPECT_FALSE(FindLanguage("de_DE")->cache_current);
  ASSERT_TRUE(ResolveLanguage("de_DE").ok());
  EXPECT_TRUE(FindLanguage("de_DE")->cache_current);
}

// Issue 34: a truncated cache file, or another language's copied over it,
// was trusted for good by its stamp; the stamp now holds the file's size
// and checksum and the language, and the file is converted again.
TEST_F(LanguageCatalogTest, DamagedOrForeignCacheIsConvertedAgain) {
  InstallHunspell("de_DE", "affixes");
  InstallHunspell("fr_FR", "affixes");
  std::ofstream(hunspell_ + "/fr_FR.dic") << "2\nbonjour\nmerci\n";
  StatusOr<std::string> de = ResolveLanguage("de_DE");
  StatusOr<std::string> fr = ResolveLanguage("fr_FR");
  ASSERT_TRUE(de.ok() && fr.ok());
  std::string de_bytes;
  {
    std::ifstream in(*de, std::ios::binary);
    de_bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  // Truncated.
  std::filesystem::resize_file(*de, de_bytes.size() / 2);
  EXPECT_FALSE(FindLanguage("de_DE")->cache_current);
  ASSERT_TRUE(ResolveLanguage("de_DE").ok());
  EXPECT_EQ(std::filesystem::file_size(*de), de_bytes.size());
  EXPECT_TRUE(FindLanguage("de_DE")->cache_current);
  // Another language's file, of any size, copied over it; and its stamp
  // too.
  std::filesystem::copy_file(*fr, *de,
                             std::filesystem::copy_options::overwrite_existing);
  EXPECT_FALSE(FindLanguage("de_DE")->cache_current);
  std::filesystem::copy_file(*fr + ".source", *de + ".source",
                             std::filesystem::copy_options::overwrite_existing);
  EXPECT_FALSE(FindLanguage("de_DE")->cache_current);
  ASSERT_TRUE(ResolveLanguage("de_DE").ok());
  StatusOr<std::unique_ptr<Dictionary>> d = Dictionary::Open(*de);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ((*d)->language(), "de-DE");
  EXPECT_TRUE((*d)->Contains("tried"));
  EXPECT_FALSE((*d)->Contains("bonjour"));
}

TEST_F(LanguageCatalogTest, ConcurrentFirstUsesAgree) {
  InstallHunspell("de_DE", "affixes");
  std::vector<std::thread> threads;
  std::vector<std::string> paths(6);
  for (size_t i = 0; i < paths.size(); ++i) {
    threads.emplace_back([&, i] {
      StatusOr<std::string> p = ResolveLanguage("de_DE");
      paths[i] = p.ok() ? *p : "error: " + p.status().message();
    });
  }
  for (std::thread& t : threads) t.join();
  for (const std::string& p : paths) {
    EXPECT_EQ(p, root_ + "/cache/spellfilter/hunspell/de_DE.sfd");
  }
  EXPECT_TRUE(Dictionary::Open(paths[0]).ok());
  // No temporary files left beside it.
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(root_ + "/cache/spellfilter/hunspell")) {
    (void)e;
    ++files;
  }
  EXPECT_EQ(files, 3u);  // de_DE.sfd, de_DE.sfd.source, de_DE.lock
}

TEST_F(LanguageCatalogTest, DamagedSourceIsAnError) {
  std::ofstream(hunspell_ + "/fr_FR.dic") << "1\nmot/AB\n";
  std::ofstream(hunspell_ + "/fr_FR.aff") << "SET ISO-XYZ-99\nSFX A Y 1\n";
  StatusOr<std::string> path = ResolveLanguage("fr");
  if (!path.ok()) {
    EXPECT_NE(path.status().message().find("fr_FR.dic"), std::string::npos)
        << path.status().message();
  }
}

TEST_F(LanguageCatalogTest, NoCacheDirectoryWithoutHome) {
  InstallHunspell("de_DE", "affixes");
  unsetenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  const std::string saved = home ? home : "";
  unsetenv("HOME");
  StatusOr<std::string> path = ResolveLanguage("de_DE");
  if (!saved.empty()) setenv("HOME", saved.c_str(), 1);
  EXPECT_EQ(path.status().code(), Status::Code::kNotFound);
}

}  // namespace
}  // namespace spellfilter
