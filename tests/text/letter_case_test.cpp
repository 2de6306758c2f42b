#include "core/text/letter_case.h"

#include <gtest/gtest.h>

namespace spellfilter {
namespace {

TEST(LetterCaseTest, CaseClassesMatchTheChecker) {
  EXPECT_EQ(CaseOf(U"the"), WordCase::kLower);
  EXPECT_EQ(CaseOf(U"don't"), WordCase::kLower);
  EXPECT_EQ(CaseOf(U"The"), WordCase::kCapitalised);
  EXPECT_EQ(CaseOf(U"A"), WordCase::kCapitalised);
  EXPECT_EQ(CaseOf(U"THE"), WordCase::kAllUpper);
  EXPECT_EQ(CaseOf(U"ÉTÉ"), WordCase::kAllUpper);
  EXPECT_EQ(CaseOf(U"iPhone"), WordCase::kOther);
  EXPECT_EQ(CaseOf(U"McDonald"), WordCase::kOther);
  // ß has no upper case of its own: caseless, as in Hunspell.
  EXPECT_EQ(CaseOf(U"STRAßE"), WordCase::kAllUpper);
  EXPECT_EQ(CaseOf(U"Straße"), WordCase::kCapitalised);
  EXPECT_EQ(CaseOf(U"straße"), WordCase::kLower);
  EXPECT_EQ(CaseOf(U"StRAßE"), WordCase::kOther);
}

TEST(LetterCaseTest, Utf8RoundTrip) {
  std::u32string u;
  ASSERT_TRUE(DecodeUtf8("na\xC3\xAFve \xE4\xB8\xAD\xF0\x9F\x98\x80", &u));
  EXPECT_EQ(u, U"naïve 中😀");
  EXPECT_EQ(EncodeUtf8(u), "na\xC3\xAFve \xE4\xB8\xAD\xF0\x9F\x98\x80");
  EXPECT_FALSE(DecodeUtf8("bad\xFF", &u));
}

TEST(LetterCaseTest, SimpleMappingWithTurkishI) {
  EXPECT_EQ(LowerLetter(U'A', false), U'a');
  EXPECT_EQ(LowerLetter(U'É', false), U'é');
  EXPECT_EQ(UpperLetter(U'é', false), U'É');
  EXPECT_EQ(UpperLetter(U'i', false), U'I');
  EXPECT_EQ(UpperLetter(U'i', true), U'\u0130');
  EXPECT_EQ(UpperLetter(U'\u0131', true), U'I');
  EXPECT_EQ(LowerLetter(U'\u0130', true), U'i');
  EXPECT_TRUE(IsTurkic("tr"));
  EXPECT_TRUE(IsTurkic("az-Latn"));
  EXPECT_FALSE(IsTurkic("en-US"));
}

}  // namespace
}  // namespace spellfilter
