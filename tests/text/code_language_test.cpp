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

// The C family's words apply to C, C++, Objective-C and CUDA only, not to
// the other languages the C-like lexer reads.
TEST(CodeLanguageTest, CFamily) {
  EXPECT_TRUE(IsCFamilyFileName("a/b/main.CPP"));
  EXPECT_TRUE(IsCFamilyFileName("/usr/include/unicode/utypes.h"));
  EXPECT_TRUE(IsCFamilyFileName("kernel.cu"));
  EXPECT_TRUE(IsCFamilyFileName("view.mm"));
  EXPECT_FALSE(IsCFamilyFileName("Main.java"));
  EXPECT_FALSE(IsCFamilyFileName("x.rs"));
  EXPECT_FALSE(IsCFamilyFileName("CMakeLists.txt"));
  EXPECT_FALSE(IsCFamilyFileName("FindICU.cmake"));
  EXPECT_FALSE(IsCFamilyFileName("setup.py"));
  EXPECT_FALSE(IsCFamilyFileName("README.md"));
  EXPECT_FALSE(IsCFamilyFileName("c"));
  EXPECT_EQ(CodeLanguageOfFileName("kernel.cuh"), CodeLanguage::kCLike);
  EXPECT_TRUE(IsCFamilyLanguageId("cpp"));
  EXPECT_TRUE(IsCFamilyLanguageId("C"));
  EXPECT_TRUE(IsCFamilyLanguageId("cuda-cpp"));
  EXPECT_TRUE(IsCFamilyLanguageId("objective-c"));
  EXPECT_FALSE(IsCFamilyLanguageId("java"));
  EXPECT_FALSE(IsCFamilyLanguageId("cmake"));
  EXPECT_FALSE(IsCFamilyLanguageId("markdown"));
}

TEST(CodeLanguageTest, Python) {
  EXPECT_TRUE(IsPythonFileName("pkg/setup.py"));
  EXPECT_TRUE(IsPythonFileName("stubs/os.PYI"));
  EXPECT_FALSE(IsPythonFileName("meson.build"));  // lexed as Python
  EXPECT_EQ(CodeLanguageOfFileName("meson.build"), CodeLanguage::kPython);
  EXPECT_FALSE(IsPythonFileName("a.cpp"));
  EXPECT_FALSE(IsPythonFileName("py"));
  EXPECT_TRUE(IsPythonLanguageId("python"));
  EXPECT_FALSE(IsPythonLanguageId("cpp"));
}

}  // namespace
}  // namespace spellfilter
