#include "core/suggest/case_forms.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/suggest/search_fixture.h"

namespace spellfilter {
namespace {

class CaseFormsTest : public ::testing::Test {
 protected:
  CaseFormsTest()
      : f_({"the\t10", "Paris\t20", "NASA\t40", "JavaScript\t40", "polish\t30",
            "Polish\t30"}) {}
  std::vector<CaseForm> Forms(std::u32string_view lower) {
    std::vector<CaseForm> out;
    FindCaseForms(f_.lex, lower, f_.StateOf(lower), &work_, &out);
    return out;
  }
  std::vector<std::string> Texts(std::u32string_view lower) {
    std::vector<std::string> out;
    for (const CaseForm& c : Forms(lower)) out.push_back(c.text);
    return out;
  }
  SearchFixture f_;
  uint64_t work_ = 0;
};

TEST_F(CaseFormsTest, TheEndMarkersSayWhichForms) {
  const std::vector<CaseForm> the = Forms(U"the");
  ASSERT_FALSE(the.empty());
  EXPECT_EQ(the[0].text, "the");
  EXPECT_EQ(the[0].how, kLowerForm);
  for (const CaseForm& c : the) EXPECT_NE(c.text, "THE");  // not listed
  EXPECT_EQ(Texts(U"paris"), (std::vector<std::string>{"Paris"}));
  EXPECT_EQ(Forms(U"paris")[0].how, kTitleForm);
  EXPECT_EQ(Texts(U"nasa").back(), "NASA");
  EXPECT_EQ(Forms(U"nasa").back().how, kUpperForm);
  // Both a lower-case and a Capitalised word.
  const std::vector<std::string> polish = Texts(U"polish");
  EXPECT_NE(std::find(polish.begin(), polish.end(), "polish"), polish.end());
  EXPECT_NE(std::find(polish.begin(), polish.end(), "Polish"), polish.end());
  EXPECT_EQ(work_, 6u * 3u);  // three markers a lookup
}

TEST_F(CaseFormsTest, MixedCaseComesFromItsTable) {
  const std::vector<CaseForm> js = Forms(U"javascript");
  ASSERT_FALSE(js.empty());
  EXPECT_EQ(js[0].text, "JavaScript");
  EXPECT_EQ(js[0].how, kMixedForm);
}

TEST_F(CaseFormsTest, NoWordNoForms) {
  // A prefix without end markers (and a word nobody has).
  EXPECT_TRUE(Forms(U"th").empty());
  EXPECT_TRUE(Forms(U"javascrip").empty());
}

TEST(PresentAsTest, FollowsTheTypedCase) {
  EXPECT_EQ(PresentAs("the", WordCase::kCapitalised, false), "The");
  EXPECT_EQ(PresentAs("the", WordCase::kAllUpper, false), "THE");
  EXPECT_EQ(PresentAs("the", WordCase::kLower, false), "the");
  EXPECT_EQ(PresentAs("the", WordCase::kOther, false), "the");
  // A capital in the entry stays; a Capitalised typed word keeps it as is.
  EXPECT_EQ(PresentAs("Paris", WordCase::kLower, false), "Paris");
  EXPECT_EQ(PresentAs("JavaScript", WordCase::kCapitalised, false),
            "JavaScript");
  EXPECT_EQ(PresentAs("JavaScript", WordCase::kAllUpper, false), "JAVASCRIPT");
  EXPECT_EQ(PresentAs("naïve", WordCase::kAllUpper, false), "NAÏVE");
  // Turkish: i capitalised with its dot.
  EXPECT_EQ(PresentAs("istanbul", WordCase::kCapitalised, true),
            "\u0130stanbul");
}

}  // namespace
}  // namespace spellfilter
