#include "core/text/utf8.h"

#include <gtest/gtest.h>
#include <unicode/utf8.h>

#include <random>
#include <string>

namespace spellfilter {
namespace {

// ICU's strict decoder as the reference: the offset of the first
// ill-formed sequence, or npos.
size_t IcuFirstInvalid(std::string_view s) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  for (int32_t i = 0; i < n;) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0) return static_cast<size_t>(start);
  }
  return std::string_view::npos;
}

TEST(Utf8Test, KnownSequences) {
  EXPECT_EQ(FirstInvalidUtf8("plain ascii words"), std::string_view::npos);
  EXPECT_EQ(FirstInvalidUtf8("caf\xC3\xA9 \xF0\x9F\x98\x80"), std::string_view::npos);
  EXPECT_EQ(FirstInvalidUtf8("ab\xC0\xAF"), 2u);          // overlong '/'
  EXPECT_EQ(FirstInvalidUtf8("x\xED\xA0\x80"), 1u);       // a surrogate
  EXPECT_EQ(FirstInvalidUtf8("\xF4\x90\x80\x80"), 0u);    // beyond U+10FFFF
  EXPECT_EQ(FirstInvalidUtf8("abc\xE2\x82"), 3u);         // cut short
  EXPECT_EQ(FirstInvalidUtf8("12345678\x80"), 8u);        // after an ASCII run
  EXPECT_EQ(Utf8SequenceLength("\xE2\x82\xAC", 0), 3u);
  EXPECT_EQ(Utf8SequenceLength("a\x80", 1), 0u);
  EXPECT_EQ(Utf8SequenceLength("\xF0\x9F\x98", 0), 0u);
}

// Short words take the loop-free ASCII test (two overlapping loads): a byte
// of any value at any position of any length up to 16, and just past it,
// must be seen.
TEST(Utf8Test, ShortWordsSeeEveryByte) {
  for (size_t length = 0; length <= 17; ++length) {
    const std::string ascii(length, 'a');
    EXPECT_EQ(FirstInvalidUtf8(ascii), std::string_view::npos) << length;
    for (size_t at = 0; at < length; ++at) {
      for (const char bad : {'\x80', '\xC3', '\xFF'}) {
        std::string s = ascii;
        s[at] = bad;
        EXPECT_EQ(FirstInvalidUtf8(s), at) << length << " " << at;
      }
      std::string s = ascii;  // a valid two-byte letter is not an error
      if (at + 1 < length) {
        s[at] = '\xC3';
        s[at + 1] = '\xA9';
        EXPECT_EQ(FirstInvalidUtf8(s), std::string_view::npos) << length << " " << at;
      }
    }
  }
}

TEST(Utf8Test, AgreesWithIcuOnRandomBytes) {
  std::mt19937 rng(7);
  const std::string pieces[] = {"a", "word ", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"};
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const int parts = static_cast<int>(rng() % 12);
    for (int k = 0; k < parts; ++k) {
      if (rng() % 4 == 0) {
        s += static_cast<char>(rng() & 0xFF);
      } else {
        s += pieces[rng() % std::size(pieces)];
      }
    }
    ASSERT_EQ(FirstInvalidUtf8(s), IcuFirstInvalid(s)) << testing::PrintToString(s);
    // Walking by Utf8SequenceLength stops where FirstInvalidUtf8 says.
    size_t i = 0;
    while (i < s.size()) {
      const size_t length = Utf8SequenceLength(s, i);
      if (length == 0) break;
      i += length;
    }
    const size_t first = FirstInvalidUtf8(s);
    ASSERT_EQ(i, first == std::string_view::npos ? s.size() : first);
  }
}

}  // namespace
}  // namespace spellfilter
