#include "app/lsp/document_kind.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace spellfilter::lsp {
namespace {

namespace fs = std::filesystem;

class DocumentKindTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("spellfilter_kind_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    std::ofstream(dir_ / ".spellfilter.toml")
        << "paths = [\"generated/**\"]\n"
           "[[overrides]]\nfiles = [\"*.h\"]\nmode = \"text\"\n"
           "[[overrides]]\nfiles = [\"notes/*\"]\nmode = \"code\"\n"
           "[[overrides]]\nfiles = [\"*.ltx\"]\nmode = \"tex\"\n"
           "[[overrides]]\nfiles = [\"*.txt\"]\nmode = \"markdown\"\n";
    auto p = LoadProjectConfig((dir_ / ".spellfilter.toml").string());
    ASSERT_TRUE(p.ok()) << p.status().message();
    project_ = *p;
  }
  void TearDown() override { fs::remove_all(dir_); }

  DocumentKind Kind(const std::string& language_id, const std::string& name,
                    bool with_project = true) {
    const std::string path = (dir_ / name).string();
    return KindOfDocument(language_id, "file://" + path, path,
                          with_project ? project_.get() : nullptr);
  }

  fs::path dir_;
  std::shared_ptr<const ProjectConfig> project_;
};

TEST_F(DocumentKindTest, WithoutAProjectTheLanguageIdAndTheNameDecide) {
  EXPECT_EQ(Kind("cpp", "a.h", false).mode, DocumentMode::kCode);
  EXPECT_EQ(Kind("python", "x", false).language, CodeLanguage::kPython);
  EXPECT_EQ(Kind("markdown", "a.txt", false).mode, DocumentMode::kMarkdown);
  EXPECT_EQ(Kind("latex", "a.ltx", false).mode, DocumentMode::kTex);
  EXPECT_EQ(Kind("plaintext", "CMakeLists.txt", false).language, CodeLanguage::kHash);
  EXPECT_EQ(Kind("plaintext", "a.txt", false).mode, DocumentMode::kText);
  EXPECT_FALSE(Kind("plaintext", "generated/a.txt", false).skipped);
}

TEST_F(DocumentKindTest, TheProjectsOverridesComeFirst) {
  EXPECT_EQ(Kind("cpp", "a.h").mode, DocumentMode::kText);  // not code
  EXPECT_EQ(Kind("cpp", "a.cpp").mode, DocumentMode::kCode);
  // Code by override: the languageId's family, else the name's, else C-like.
  DocumentKind k = Kind("python", "notes/n");
  EXPECT_EQ(k.mode, DocumentMode::kCode);
  EXPECT_EQ(k.language, CodeLanguage::kPython);
  EXPECT_EQ(Kind("plaintext", "notes/build.sh").language, CodeLanguage::kHash);
  EXPECT_EQ(Kind("plaintext", "notes/n").language, CodeLanguage::kCLike);
  EXPECT_EQ(Kind("plaintext", "a.ltx").mode, DocumentMode::kTex);
  EXPECT_EQ(Kind("plaintext", "a.txt").mode, DocumentMode::kMarkdown);
}

TEST_F(DocumentKindTest, ProjectPathsAreNotChecked) {
  EXPECT_TRUE(Kind("cpp", "generated/x.cpp").skipped);
  EXPECT_FALSE(Kind("cpp", "src/x.cpp").skipped);
  // Not a local file: no project applies.
  EXPECT_FALSE(KindOfDocument("cpp", "untitled:1", "", project_.get()).skipped);
}

TEST(DocumentFilterTest, FilterOfEachMode) {
  EXPECT_TRUE(std::holds_alternative<std::monostate>(FilterOf({}, CodeScope::kAll)));
  EXPECT_TRUE(std::holds_alternative<MarkdownFilter>(
      FilterOf({DocumentMode::kMarkdown}, CodeScope::kAll)));
  EXPECT_TRUE(std::holds_alternative<TexFilter>(
      FilterOf({DocumentMode::kTex}, CodeScope::kAll)));
  EXPECT_TRUE(std::holds_alternative<CodeFilter>(
      FilterOf({DocumentMode::kCode, CodeLanguage::kPython}, CodeScope::kAll)));
}

}  // namespace
}  // namespace spellfilter::lsp
