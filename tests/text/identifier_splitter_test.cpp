#include "core/text/identifier_splitter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace spellfilter {
namespace {

std::vector<std::string> Parts(std::string_view word) {
  std::vector<Token> parts;
  SplitIdentifier(word, 0, &parts);
  std::vector<std::string> out;
  for (const Token& t : parts) out.emplace_back(word.substr(t.offset, t.length));
  return out;
}

using V = std::vector<std::string>;

TEST(IdentifierSplitterTest, CamelAndPascalCase) {
  EXPECT_EQ(Parts("getUserNmae"), V({"get", "User", "Nmae"}));
  EXPECT_EQ(Parts("ParseHttpResponse"), V({"Parse", "Http", "Response"}));
  EXPECT_EQ(Parts("word"), V({"word"}));
  EXPECT_EQ(Parts("Word"), V({"Word"}));
}

TEST(IdentifierSplitterTest, AcronymsEndBeforeTheCapitalisedWord) {
  EXPECT_EQ(Parts("XMLHttpRequest"), V({"XML", "Http", "Request"}));
  EXPECT_EQ(Parts("HTTPServer"), V({"HTTP", "Server"}));
  EXPECT_EQ(Parts("parseJSON"), V({"parse", "JSON"}));
  EXPECT_EQ(Parts("SCREAMING"), V({"SCREAMING"}));
}

TEST(IdentifierSplitterTest, NonAsciiLettersHaveCaseToo) {
  EXPECT_EQ(Parts("größeÄndern"), V({"größe", "Ändern"}));
  EXPECT_EQ(Parts("ÉCOLEÉté"), V({"ÉCOLE", "Été"}));
}

TEST(IdentifierSplitterTest, PartsAreOffsetByBase) {
  std::vector<Token> parts;
  SplitIdentifier("aBc", 10, &parts);
  EXPECT_EQ(parts, (std::vector<Token>{{10, 1}, {11, 2}}));
}

}  // namespace
}  // namespace spellfilter
