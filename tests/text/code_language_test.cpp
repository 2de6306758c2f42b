#include "core/text/code_language.h"

#include <gtest/gtest.h>

namespace spellfilter {
namespace {

TEST(CodeLanguageTest, ByExtensionAndFileName) {
  EXPECT_EQ(CodeLanguageOfFileName("a/b/main.CPP"), CodeLanguage::kCLike);
  EXPECT_EQ(CodeLanguageOfFileName("x.rs"), CodeLanguage::kCLike);
  EXPECT_EQ(CodeLanguageOfFileName("setup.py"), CodeLanguage::kPython);
  EXPECT_EQ(CodeLanguageOfFileName("dir/CMakeLists.txt"), CodeLanguage::kHash);
  EXPECT_EQ(CodeLanguageOfFileName("ci.yml"), CodeLanguage::kHash);
  EXPECT_EQ(CodeLanguageOfFileName("package.json"), CodeLanguage::kJson);
  EXPECT_EQ(CodeLanguageOfFileName("notes.txt"), std::nullopt);
  EXPECT_EQ(CodeLanguageOfFileName("README.md"), std::nullopt);
  EXPECT_EQ(CodeLanguageOfFileName("a.d/file"), std::nullopt);
}

TEST(CodeLanguageTest, ByLspLanguageId) {
  EXPECT_EQ(CodeLanguageOfLanguageId("typescript"), CodeLanguage::kCLike);
  EXPECT_EQ(CodeLanguageOfLanguageId("python"), CodeLanguage::kPython);
  EXPECT_EQ(CodeLanguageOfLanguageId("shellscript"), CodeLanguage::kHash);
  EXPECT_EQ(CodeLanguageOfLanguageId("markdown"), std::nullopt);
  EXPECT_EQ(CodeLanguageOfLanguageId("plaintext"), std::nullopt);
}

}  // namespace
}  // namespace spellfilter
