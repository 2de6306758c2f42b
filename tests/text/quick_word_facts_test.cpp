#include "core/text/quick_word_facts.h"

#include <gtest/gtest.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <string>

namespace spellfilter {
namespace {

std::string Utf8(std::u32string_view code_points) {
  std::string out;
  for (char32_t c : code_points) {
    char buf[4];
    int32_t n = 0;
    UBool error = false;
    U8_APPEND(reinterpret_cast<uint8_t*>(buf), n, 4, static_cast<UChar32>(c),
              error);
    EXPECT_FALSE(error);
    out.append(buf, static_cast<size_t>(n));
  }
  return out;
}

bool IcuSaysNfc(const std::string& word) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  const bool yes = nfc->isNormalizedUTF8(
      icu::StringPiece(word.data(), static_cast<int32_t>(word.size())),
      status);
  return U_SUCCESS(status) && yes;
}

// Every code point of the Basic Multilingual Plane, alone and after a
// letter: the table's facts are ICU's (quick check YES exactly when ICU's
// value is YES; upper exactly for upper- and title-case letters), and a
// word the table calls NFC is NFC for ICU.
TEST(QuickWordFactsTest, AgreesWithIcuOnEveryBmpCodePoint) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  ASSERT_TRUE(U_SUCCESS(status));
  for (char32_t c = 1; c < 0x10000; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    const std::string word = Utf8(std::u32string(1, c));
    WordFacts facts;
    if (c == 0x2019) {
      EXPECT_FALSE(QuickWordFacts(word, &facts));
      continue;
    }
    ASSERT_TRUE(QuickWordFacts(word, &facts)) << std::hex << uint32_t{c};
    const int qc = u_getIntPropertyValue(static_cast<UChar32>(c),
                                         UCHAR_NFC_QUICK_CHECK);
    // Alone, a code point is NFC unless its value is NO or it is a mark
    // whose value is MAYBE (left to ICU).
    if (qc == UNORM_YES) EXPECT_TRUE(facts.nfc) << std::hex << uint32_t{c};
    if (qc == UNORM_NO) EXPECT_FALSE(facts.nfc) << std::hex << uint32_t{c};
    if (facts.nfc) EXPECT_TRUE(IcuSaysNfc(word)) << std::hex << uint32_t{c};
    const UChar32 u = static_cast<UChar32>(c);
    EXPECT_EQ(facts.has_upper, u_isUUppercase(u) || u_istitle(u))
        << std::hex << uint32_t{c};
    // A MAYBE code point after each code point of its own block (where
    // its composites are: U+0D46 then U+0D3E) and after a few Latin
    // letters: whatever the table calls NFC is NFC for ICU.
    if (qc != UNORM_MAYBE) continue;
    std::u32string befores = U"aeiouAEIOU\uAC00";
    for (char32_t b = c & ~char32_t{0xFF}; b < (c | 0xFF); ++b) {
      if (b != 0 && (b < 0xD800 || b > 0xDFFF) && b != 0x2019) {
        befores.push_back(b);
      }
    }
    for (const char32_t before : befores) {
      const std::string after = Utf8(std::u32string(1, before)) + word;
      ASSERT_TRUE(QuickWordFacts(after, &facts));
      if (facts.nfc) {
        EXPECT_TRUE(IcuSaysNfc(after)) << std::hex << uint32_t{before} << " "
                                       << uint32_t{c};
      }
    }
  }
  (void)nfc;
}

TEST(QuickWordFactsTest, MarksInCanonicalOrderOnly) {
  WordFacts facts;
  // a, U+0316 (class 220), U+0350 (230), neither composing with anything:
  // canonical order, NFC.
  ASSERT_TRUE(QuickWordFacts(Utf8(U"a\u0316\u0350"), &facts));
  EXPECT_TRUE(facts.nfc);
  EXPECT_TRUE(IcuSaysNfc(Utf8(U"a\u0316\u0350")));
  // The other order is not (NFC reorders it).
  ASSERT_TRUE(QuickWordFacts(Utf8(U"a\u0350\u0316"), &facts));
  EXPECT_FALSE(facts.nfc);
  EXPECT_FALSE(IcuSaysNfc(Utf8(U"a\u0350\u0316")));
  // U+0301 composes with a letter before it (a + U+0301 is á): its quick
  // check value is MAYBE, left to ICU.
  ASSERT_TRUE(QuickWordFacts(Utf8(U"a\u0316\u0301"), &facts));
  EXPECT_FALSE(facts.nfc);
}

TEST(QuickWordFactsTest, ScriptsWithoutCase) {
  WordFacts facts;
  // Malayalam "കൊല്ലം" with the precomposed vowel sign U+0D4A: NFC, no case.
  ASSERT_TRUE(QuickWordFacts(Utf8(U"\u0D15\u0D4A\u0D32\u0D4D\u0D32\u0D02"),
                             &facts));
  EXPECT_TRUE(facts.nfc);
  EXPECT_FALSE(facts.has_upper);
  // The same with U+0D46 U+0D3E, which NFC composes: not NFC.
  ASSERT_TRUE(QuickWordFacts(
      Utf8(U"\u0D15\u0D46\u0D3E\u0D32\u0D4D\u0D32\u0D02"), &facts));
  EXPECT_FALSE(facts.nfc);
  // The vowel sign AA (quick check MAYBE) after a consonant, with which it
  // has no composite: NFC ("കാട്").
  ASSERT_TRUE(QuickWordFacts(Utf8(U"\u0D15\u0D3E\u0D1F\u0D4D"), &facts));
  EXPECT_TRUE(facts.nfc);
  EXPECT_TRUE(IcuSaysNfc(Utf8(U"\u0D15\u0D3E\u0D1F\u0D4D")));
  // Hangul: a leading consonant and a vowel compose (not NFC); the
  // precomposed syllable is NFC.
  ASSERT_TRUE(QuickWordFacts(Utf8(U"\u1100\u1161"), &facts));
  EXPECT_FALSE(facts.nfc);
  ASSERT_TRUE(QuickWordFacts(Utf8(U"\uAC00"), &facts));
  EXPECT_TRUE(facts.nfc);
  // Hindi "हिन्दी": NFC, no case.
  ASSERT_TRUE(QuickWordFacts(Utf8(U"\u0939\u093F\u0928\u094D\u0926\u0940"),
                             &facts));
  EXPECT_TRUE(facts.nfc);
  EXPECT_FALSE(facts.has_upper);
  // Latin: "Çava" has an upper-case letter, "çava" none.
  ASSERT_TRUE(QuickWordFacts(Utf8(U"\u00C7ava"), &facts));
  EXPECT_TRUE(facts.has_upper);
  ASSERT_TRUE(QuickWordFacts(Utf8(U"\u00E7ava"), &facts));
  EXPECT_FALSE(facts.has_upper);
  EXPECT_TRUE(facts.nfc);
  // A title-case digraph counts as upper: "ǅ" (U+01C5).
  ASSERT_TRUE(QuickWordFacts(Utf8(U"\u01C5ep"), &facts));
  EXPECT_TRUE(facts.has_upper);
}

TEST(QuickWordFactsTest, LeavesToIcuWhatTheTableCannotTell) {
  WordFacts facts;
  EXPECT_FALSE(QuickWordFacts("don\xE2\x80\x99t", &facts));  // U+2019
  EXPECT_FALSE(QuickWordFacts("\xF0\x9F\x98\x80", &facts));  // beyond BMP
  EXPECT_FALSE(QuickWordFacts("ab\xC3", &facts));           // cut short
  EXPECT_FALSE(QuickWordFacts("\xC0\xAF", &facts));         // overlong
  EXPECT_FALSE(QuickWordFacts("\xED\xA0\x80", &facts));     // surrogate
  EXPECT_FALSE(QuickWordFacts("a\x80", &facts));            // stray byte
  ASSERT_TRUE(QuickWordFacts("", &facts));
  EXPECT_TRUE(facts.nfc);
  EXPECT_FALSE(facts.has_upper);
}

}  // namespace
}  // namespace spellfilter
