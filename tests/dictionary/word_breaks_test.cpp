#include "core/dictionary/word_breaks.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/dictionary/builder.h"
#include "core/dictionary/dictionary.h"

namespace spellfilter {
namespace {

std::span<const std::byte> Bytes(const std::string& s) {
  return std::as_bytes(std::span<const char>(s));
}

TEST(WordBreaksTest, EncodeParseRoundTrip) {
  const std::vector<std::string> patterns = {"-", "^-", "-$", "\u2013", ".$"};
  const std::string section = WordBreaks::Encode(patterns);
  WordBreaks breaks;
  EXPECT_EQ(WordBreaks::Parse(Bytes(section), &breaks), nullptr);
  EXPECT_EQ(breaks.patterns(), patterns);
  const std::string none = WordBreaks::Encode({});
  EXPECT_EQ(WordBreaks::Parse(Bytes(none), &breaks), nullptr);
  EXPECT_TRUE(breaks.empty());
}

TEST(WordBreaksTest, DamageIsNamed) {
  const std::string good = WordBreaks::Encode(std::vector<std::string>{"-"});
  struct Case {
    std::string bytes;
    std::string_view problem;
  };
  std::string huge = good;
  huge[1] = '\x10';  // 4,351 patterns
  std::string zero = good;
  zero[4] = 0;
  std::string not_utf8 = good;
  not_utf8[8] = '\xFF';
  const Case cases[] = {
      {"", "truncated count"},
      {good.substr(0, 6), "truncated pattern length"},
      {good.substr(0, 8), "truncated pattern"},
      {huge, "too many patterns"},
      {zero, "bad pattern length"},
      {not_utf8, "not UTF-8"},
      {good + "x", "bytes after"},
  };
  for (const Case& c : cases) {
    WordBreaks breaks;
    const char* problem = WordBreaks::Parse(Bytes(c.bytes), &breaks);
    ASSERT_NE(problem, nullptr) << c.problem;
    EXPECT_NE(std::string(problem).find(c.problem), std::string::npos)
        << problem;
  }
}

// The section goes through a file: written by the builder, read back by
// the loader; "BREAK 0" (no pattern) is told from no section.
TEST(WordBreaksTest, ThroughTheDictionaryFile) {
  for (const std::vector<std::string>& patterns :
       {std::vector<std::string>{"-", "."}, std::vector<std::string>{}}) {
    BuildOptions options;
    DictionaryBuilder builder(options);
    ASSERT_TRUE(builder.AddLine("word", "t:1").ok());
    ASSERT_TRUE(builder.SetWordBreaks(patterns).ok());
    StatusOr<std::string> image = builder.Finish(nullptr);
    ASSERT_TRUE(image.ok()) << image.status().message();
    auto d = Dictionary::FromBytes(*image, "t.sfd");
    ASSERT_TRUE(d.ok()) << d.status().message();
    EXPECT_EQ((*d)->word_breaks().patterns(), patterns);
    EXPECT_TRUE((*d)->contents().has_word_breaks);
  }
  BuildOptions options;
  DictionaryBuilder builder(options);
  ASSERT_TRUE(builder.AddLine("word", "t:1").ok());
  StatusOr<std::string> image = builder.Finish(nullptr);
  ASSERT_TRUE(image.ok());
  auto d = Dictionary::FromBytes(*image, "t.sfd");
  ASSERT_TRUE(d.ok());
  EXPECT_FALSE((*d)->contents().has_word_breaks);
  EXPECT_TRUE((*d)->word_breaks().empty());
}

TEST(WordBreaksTest, BuilderRefusesBadPatterns) {
  BuildOptions options;
  DictionaryBuilder builder(options);
  EXPECT_FALSE(builder.SetWordBreaks(std::vector<std::string>{""}).ok());
  EXPECT_FALSE(
      builder.SetWordBreaks(std::vector<std::string>{std::string(256, '-')})
          .ok());
  EXPECT_FALSE(builder.SetWordBreaks(std::vector<std::string>{"\xFF"}).ok());
  EXPECT_FALSE(builder
                   .SetWordBreaks(std::vector<std::string>(
                       WordBreaks::kMaxPatterns + 1, "-"))
                   .ok());
}

}  // namespace
}  // namespace spellfilter
