#include "core/text/word_forms.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace spellfilter {
namespace {

std::vector<std::string> Forms(WordForms& wf, std::string_view word) {
  auto span = wf.LookupForms(word);
  return std::vector<std::string>(span.begin(), span.end());
}

using V = std::vector<std::string>;

TEST(WordFormsTest, AsciiCaseForms) {
  WordForms wf("en-US", false);
  EXPECT_EQ(Forms(wf, "the"), V({"the"}));
  EXPECT_EQ(Forms(wf, "The"), V({"The", "the"}));
  EXPECT_EQ(Forms(wf, "THE"), V({"THE", "the", "The"}));
  EXPECT_EQ(Forms(wf, "A"), V({"A", "a"}));
  EXPECT_EQ(Forms(wf, "iPhone"), V({"iPhone"}));
  EXPECT_EQ(Forms(wf, "McDonald"), V({"McDonald"}));
  EXPECT_EQ(Forms(wf, "DON'T"), V({"DON'T", "don't", "Don't"}));
}

TEST(WordFormsTest, NormalisesToNfcAndFoldsTypographicApostrophe) {
  WordForms wf("en-US", false);
  std::string out;
  ASSERT_TRUE(wf.Normalize("cafe\xCC\x81", &out));
  EXPECT_EQ(out, "caf\xC3\xA9");
  ASSERT_TRUE(wf.Normalize("don\xE2\x80\x99t", &out));
  EXPECT_EQ(out, "don't");
  EXPECT_FALSE(wf.Normalize("bad\xFF", &out));
  EXPECT_TRUE(Forms(wf, "bad\xC3").empty());
}

TEST(WordFormsTest, UnicodeCapitalisedAndUpper) {
  WordForms wf("en-US", false);
  EXPECT_EQ(Forms(wf, "\xC3\x89t\xC3\xA9"), V({"\xC3\x89t\xC3\xA9", "\xC3\xA9t\xC3\xA9"}));  // Été
  EXPECT_EQ(Forms(wf, "CAF\xC3\x89"),  // CAFÉ
            V({"CAF\xC3\x89", "caf\xC3\xA9", "Caf\xC3\xA9"}));
}

TEST(WordFormsTest, GreekFinalSigma) {
  WordForms wf("el", false);
  // ΟΔΟΣ -> οδος with a final ς.
  const V forms = Forms(wf, "\xCE\x9F\xCE\x94\xCE\x9F\xCE\xA3");
  ASSERT_EQ(forms.size(), 3u);
  EXPECT_EQ(forms[1], "\xCE\xBF\xCE\xB4\xCE\xBF\xCF\x82");
  EXPECT_EQ(forms[2], "\xCE\x9F\xCE\xB4\xCE\xBF\xCF\x82");
}

TEST(WordFormsTest, TurkishDottedAndDotlessI) {
  WordForms tr("tr", false);
  // İSTANBUL -> istanbul; ISPARTA -> ısparta.
  EXPECT_EQ(Forms(tr, "\xC4\xB0STANBUL")[1], "istanbul");
  EXPECT_EQ(Forms(tr, "ISPARTA")[1], "\xC4\xB1sparta");
  EXPECT_EQ(Forms(tr, "Istanbul")[1], "\xC4\xB1stanbul");
  WordForms en("en", false);
  EXPECT_EQ(Forms(en, "ISPARTA")[1], "isparta");
}

TEST(WordFormsTest, SharpSFromUpperCaseSS) {
  WordForms de("de", true);
  const V forms = Forms(de, "STRASSE");
  EXPECT_NE(std::find(forms.begin(), forms.end(), "stra\xC3\x9F" "e"), forms.end());
  EXPECT_NE(std::find(forms.begin(), forms.end(), "strasse"), forms.end());
  // Capital sharp s lower-cases to ß.
  const V capital = Forms(de, "STRA\xE1\xBA\x9E" "E");
  EXPECT_EQ(capital[1], "stra\xC3\x9F" "e");
}

// ß has no upper case of its own: an ALL UPPER word may contain it, and it
// is looked up lower-case and Capitalised like any ALL UPPER word.
TEST(WordFormsTest, SharpSInAllUpperWords) {
  WordForms de("de", true);
  // BLOCKGRÖßE
  EXPECT_EQ(Forms(de, "BLOCKGR\xC3\x96\xC3\x9F" "E"),
            V({"BLOCKGR\xC3\x96\xC3\x9F" "E", "blockgr\xC3\xB6\xC3\x9F" "e",
               "Blockgr\xC3\xB6\xC3\x9F" "e"}));
  // FUßNOTEN, and without ß in the alphabet too (the case rule is general).
  WordForms en("en", false);
  EXPECT_EQ(Forms(en, "FU\xC3\x9FNOTEN"),
            V({"FU\xC3\x9FNOTEN", "fu\xC3\x9Fnoten", "Fu\xC3\x9Fnoten"}));
  // Still lower-case and Capitalised words.
  EXPECT_EQ(Forms(de, "stra\xC3\x9F" "e"), V({"stra\xC3\x9F" "e"}));
  EXPECT_EQ(Forms(de, "Stra\xC3\x9F" "e"),
            V({"Stra\xC3\x9F" "e", "stra\xC3\x9F" "e"}));
  // Mixed case stays mixed.
  EXPECT_EQ(Forms(de, "StRA\xC3\x9F" "E"), V({"StRA\xC3\x9F" "E"}));
}

// Found by the check fuzzer: adding forms must not invalidate the ones
// already handed out (ASan builds catch a regression here).
TEST(WordFormsTest, ManyFormsStayValid) {
  WordForms de("de", true);
  const V forms = Forms(de, "\xCE\x9F\xCE\x94\xCE\x9F\xCE\xA3 GROSSSTRASSENSSCHLOSS");
  EXPECT_GT(forms.size(), 10u);
  for (const std::string& f : forms) EXPECT_FALSE(f.empty());
}

}  // namespace
}  // namespace spellfilter
