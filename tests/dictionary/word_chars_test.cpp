#include "core/dictionary/word_chars.h"

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

TEST(WordCharsTest, NormalizeSortsAndDropsWhatNoWordHolds) {
  // sv_SE's set, repeated, with a space, a no-break space and a surrogate.
  const std::u32string chars = U"-0123456789.:: \u00A0\u055B-";
  std::u32string with_surrogate = chars;
  with_surrogate.push_back(static_cast<char32_t>(0xD800));
  with_surrogate.push_back(static_cast<char32_t>(0x110000));
  const std::vector<char32_t> set = WordChars::Normalize(with_surrogate);
  EXPECT_EQ(set, (std::vector<char32_t>{U'-', U'.', U'0', U'1', U'2', U'3',
                                        U'4', U'5', U'6', U'7', U'8', U'9',
                                        U':', U'\u055B'}));
  EXPECT_TRUE(WordChars::Normalize(U" \t").empty());
}

TEST(WordCharsTest, EncodeParseRoundTrip) {
  const std::vector<char32_t> set = WordChars::Normalize(U"'\u055B\u055C\u055E");
  WordChars chars;
  EXPECT_EQ(WordChars::Parse(Bytes(WordChars::Encode(set)), &chars), nullptr);
  EXPECT_EQ(chars.chars(), set);
  EXPECT_EQ(WordChars::Parse(Bytes(WordChars::Encode({})), &chars), nullptr);
  EXPECT_TRUE(chars.empty());
}

TEST(WordCharsTest, DamageIsNamed) {
  const std::vector<char32_t> two = {U'-', U':'};
  const std::string good = WordChars::Encode(two);
  struct Case {
    std::string bytes;
    std::string_view problem;
  };
  std::string huge = good;
  huge[1] = '\x10';  // 4,098 characters
  std::string long_count = good;
  long_count[0] = 3;
  std::string unordered = WordChars::Encode(std::vector<char32_t>{U':', U'-'});
  std::string repeated = WordChars::Encode(std::vector<char32_t>{U'-', U'-'});
  std::string space = WordChars::Encode(std::vector<char32_t>{U' '});
  std::string surrogate =
      WordChars::Encode(std::vector<char32_t>{static_cast<char32_t>(0xDC00)});
  const Case cases[] = {
      {"", "truncated count"},
      {huge, "too many"},
      {long_count, "truncated characters"},
      {good.substr(0, 9), "truncated characters"},
      {good + "x", "bytes after"},
      {unordered, "out of order"},
      {repeated, "repeated"},
      {space, "not a character"},
      {surrogate, "not a character"},
  };
  for (const Case& c : cases) {
    WordChars chars;
    const char* problem = WordChars::Parse(Bytes(c.bytes), &chars);
    ASSERT_NE(problem, nullptr) << c.problem;
    EXPECT_NE(std::string(problem).find(c.problem), std::string::npos)
        << problem;
  }
}

// The section goes through a file: written by the builder, read back by
// the loader; a builder given none (or only spaces) writes no section.
TEST(WordCharsTest, ThroughTheDictionaryFile) {
  for (const std::u32string& given : {std::u32string(U"-.:0"),
                                      std::u32string(U" "),
                                      std::u32string()}) {
    BuildOptions options;
    DictionaryBuilder builder(options);
    ASSERT_TRUE(builder.AddLine("word", "t:1").ok());
    if (!given.empty()) builder.SetWordChars(given);
    StatusOr<std::string> image = builder.Finish(nullptr);
    ASSERT_TRUE(image.ok()) << image.status().message();
    auto d = Dictionary::FromBytes(*image, "t.sfd");
    ASSERT_TRUE(d.ok()) << d.status().message();
    EXPECT_EQ((*d)->word_chars().chars(), WordChars::Normalize(given));
    EXPECT_EQ((*d)->contents().word_chars.empty(),
              WordChars::Normalize(given).empty());
  }
}

}  // namespace
}  // namespace spellfilter
