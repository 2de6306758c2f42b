#include "core/catalog/language_set.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog/language_suggester.h"
#include "core/dictionary/builder.h"

namespace spellfilter {
namespace {

namespace fs = std::filesystem;

TEST(ParseLanguageSpecTest, OneSeveralAndAuto) {
  StatusOr<LanguageSpec> one = ParseLanguageSpec("de_DE");
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(one->mode, LanguageMode::kAny);
  EXPECT_EQ(one->tags, std::vector<std::string>{"de_DE"});
  StatusOr<LanguageSpec> two = ParseLanguageSpec(" en_US , de_DE ");
  ASSERT_TRUE(two.ok());
  EXPECT_EQ(two->tags, (std::vector<std::string>{"en_US", "de_DE"}));
  StatusOr<LanguageSpec> all = ParseLanguageSpec("auto");
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->mode, LanguageMode::kAuto);
  EXPECT_TRUE(all->tags.empty());
  StatusOr<LanguageSpec> among = ParseLanguageSpec("auto:fr_FR,nl");
  ASSERT_TRUE(among.ok());
  EXPECT_EQ(among->mode, LanguageMode::kAuto);
  EXPECT_EQ(among->tags, (std::vector<std::string>{"fr_FR", "nl"}));
  EXPECT_TRUE(IsLanguageList("en_US,de_DE"));
  EXPECT_TRUE(IsLanguageList("auto"));
  EXPECT_FALSE(IsLanguageList("de_DE"));
}

TEST(ParseLanguageSpecTest, ErrorsNameTheSpecAndTheProblem) {
  for (std::string_view bad : {"", " ", "en_US,,de_DE", "en_US,",
                               "auto:", "en_US,auto", "auto:auto"}) {
    StatusOr<LanguageSpec> s = ParseLanguageSpec(bad);
    ASSERT_FALSE(s.ok()) << bad;
    EXPECT_EQ(s.status().code(), Status::Code::kInvalidArgument);
  }
  EXPECT_NE(ParseLanguageSpec("en_US,,de_DE")
                .status()
                .message()
                .find("\"en_US,,de_DE\": an empty item"),
            std::string::npos);
  std::string many;
  for (size_t i = 0; i <= kMaxLanguages; ++i) many += "de,";
  many += "de";
  EXPECT_FALSE(ParseLanguageSpec(many).ok());
}

// Spellfilter dictionaries in a scratch directory passed as an extra place,
// and a scratch cache and Hunspell directory.
class LanguageSetTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/language-set-test-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    root_ = tmpl;
    fs::create_directories(root_ + "/sfd");
    fs::create_directories(root_ + "/hunspell");
    setenv("XDG_CONFIG_HOME", (root_ + "/config").c_str(), 1);
    setenv("XDG_CACHE_HOME", (root_ + "/cache").c_str(), 1);
    setenv("SPELLFILTER_HUNSPELL_PATH", (root_ + "/hunspell").c_str(), 1);
    options_.catalog.extra_dirs.push_back(root_ + "/sfd");
    options_.locale = "C";
    Build("en_US", "en-US", {"the", "cat", "sat", "hotel", "good"});
    Build("de_DE", "de-DE", {"der", "hund", "bellt", "hotel", "gut"});
    Build("de_AT", "de-AT", {"der", "hund", "bellt", "hotel", "gut"});
    Build("fr_FR", "fr-FR", {"le", "chat", "dort", "hotel", "bon"});
  }
  void TearDown() override {
    unsetenv("SPELLFILTER_HUNSPELL_PATH");
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  void Build(const std::string& tag, const std::string& language,
             std::initializer_list<std::string_view> words) {
    BuildOptions options;
    options.language = language;
    DictionaryBuilder builder(options);
    for (std::string_view w : words) ASSERT_TRUE(builder.AddLine(w, "t").ok());
    StatusOr<std::string> image = builder.Finish(nullptr);
    ASSERT_TRUE(image.ok());
    std::ofstream(root_ + "/sfd/" + tag + ".sfd", std::ios::binary) << *image;
  }
  std::vector<std::string> Tags(const LanguageSet& set) {
    std::vector<std::string> out;
    for (size_t i = 0; i < set.size(); ++i) out.push_back(set.tag(i));
    return out;
  }

  std::string root_;
  LanguageSetOptions options_;
};

using TagList = std::vector<std::string>;

TEST_F(LanguageSetTest, OpensAListInOrderOnceEach) {
  StatusOr<LanguageSet> set =
      LanguageSet::Open("fr, en_US,de-DE,fr_FR", options_);
  ASSERT_TRUE(set.ok()) << set.status().message();
  EXPECT_EQ(Tags(*set), (TagList{"fr_FR", "en_US", "de_DE"}));
  EXPECT_EQ(set->mode(), LanguageMode::kAny);
  EXPECT_EQ(set->preferred(), 0u) << "no locale: the first listed";
  EXPECT_EQ(set->Describe(), "fr_FR,en_US,de_DE");
  std::unique_ptr<LanguageChecker> checker = set->NewChecker();
  EXPECT_TRUE(checker->IsCorrect("chat"));
  EXPECT_TRUE(checker->IsCorrect("Hund"));
  EXPECT_FALSE(checker->IsCorrect("xyzzy"));
}

TEST_F(LanguageSetTest, AnUnknownLanguageIsAnErrorNamingIt) {
  StatusOr<LanguageSet> set = LanguageSet::Open("en_US,xx_YY", options_);
  ASSERT_FALSE(set.ok());
  EXPECT_EQ(set.status().code(), Status::Code::kNotFound);
  EXPECT_NE(set.status().message().find("xx_YY"), std::string::npos);
  EXPECT_FALSE(LanguageSet::Open("en_US,,de", options_).ok());
}

TEST_F(LanguageSetTest, TheLocaleIsPreferred) {
  options_.locale = "de_AT.UTF-8";
  StatusOr<LanguageSet> set = LanguageSet::Open("en_US,de_DE,de_AT", options_);
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(set->preferred(), 2u) << "the locale's own tag first";
  options_.locale = "de_CH.UTF-8";
  set = LanguageSet::Open("en_US,de_DE,de_AT", options_);
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(set->preferred(), 1u) << "then the first of its language";
}

TEST_F(LanguageSetTest, AutoTakesTheReadyDictionariesOnePerLanguage) {
  // A Hunspell dictionary never converted is not a candidate.
  const std::string data = SPELLFILTER_HUNSPELL_TEST_DATA;
  fs::copy_file(data + "/affixes.dic", root_ + "/hunspell/nl_NL.dic");
  fs::copy_file(data + "/affixes.aff", root_ + "/hunspell/nl_NL.aff");
  StatusOr<LanguageSet> set = LanguageSet::Open("auto", options_);
  ASSERT_TRUE(set.ok()) << set.status().message();
  EXPECT_EQ(set->mode(), LanguageMode::kAuto);
  const TagList tags = Tags(*set);
  auto has = [&](const std::string& t) {
    return std::find(tags.begin(), tags.end(), t) != tags.end();
  };
  EXPECT_TRUE(has("de_DE")) << "de_DE, the region spelled like the language";
  EXPECT_FALSE(has("de_AT"));
  EXPECT_TRUE(has("en_US"));
  EXPECT_TRUE(has("fr_FR"));
  EXPECT_FALSE(has("nl_NL")) << "not converted yet";
  EXPECT_EQ(set->tag(set->preferred()), "en_US")
      << "no locale among them: English";
  // Once converted (by naming it), it is.
  ASSERT_TRUE(LanguageSet::Open("nl_NL", options_).ok());
  set = LanguageSet::Open("auto", options_);
  ASSERT_TRUE(set.ok());
  EXPECT_NE(set->Describe().find("nl_NL"), std::string::npos);
  // The locale's region wins over the one spelled like the language.
  options_.locale = "de_AT";
  set = LanguageSet::Open("auto", options_);
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(set->tag(set->preferred()), "de_AT");
  EXPECT_EQ(set->Describe().find("de_DE"), std::string::npos);
}

TEST_F(LanguageSetTest, AutoAmongNamedLanguages) {
  StatusOr<LanguageSet> set = LanguageSet::Open("auto:de_DE,fr_FR", options_);
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(set->mode(), LanguageMode::kAuto);
  EXPECT_EQ(set->Describe(), "auto:de_DE,fr_FR");
  std::unique_ptr<LanguageChecker> c = set->NewChecker();
  std::vector<Misspelling> found;
  c->Check("Der Hund bellt. Le chat dort.", &found);
  EXPECT_TRUE(found.empty());
  ASSERT_EQ(c->sentences().size(), 2u);
  EXPECT_EQ(c->sentences()[0].language, 0u);
  EXPECT_EQ(c->sentences()[1].language, 1u);
}

TEST_F(LanguageSetTest, SuggestionsFromOneLanguageOrAllMergedByCost) {
  StatusOr<LanguageSet> set = LanguageSet::Open("en_US,de_DE", options_);
  ASSERT_TRUE(set.ok());
  LanguageSuggester s(*set);
  const std::vector<std::string> en = s.Suggest("hundd", 0);
  EXPECT_TRUE(std::find(en.begin(), en.end(), "hund") == en.end());
  const std::vector<std::string> de = s.Suggest("hundd", 1);
  ASSERT_FALSE(de.empty());
  EXPECT_EQ(de[0], "hund");
  const std::vector<std::string> any = s.SuggestAny("hundd");
  ASSERT_FALSE(any.empty());
  EXPECT_EQ(any[0], "hund");
  const std::vector<std::string> cat = s.SuggestAny("catt");
  ASSERT_FALSE(cat.empty());
  EXPECT_EQ(cat[0], "cat");
  // A word of one language is its own first suggestion, once.
  const std::vector<std::string> hotel = s.SuggestAny("hotel");
  ASSERT_FALSE(hotel.empty());
  EXPECT_EQ(hotel[0], "hotel");
  EXPECT_EQ(std::count(hotel.begin(), hotel.end(), "hotel"), 1);
}

}  // namespace
}  // namespace spellfilter
