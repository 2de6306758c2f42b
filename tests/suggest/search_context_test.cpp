#include "core/suggest/search_context.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/suggest/search_fixture.h"

namespace spellfilter {
namespace {

TEST(SearchContextTest, DecodesTheTypedWord) {
  SearchFixture f({"the\t10", "then\t10", "Paris\t20"});
  ASSERT_TRUE(f.Type("Teh"));
  EXPECT_EQ(f.ctx.q, U"teh");
  EXPECT_EQ(f.ctx.n, 3);
  EXPECT_EQ(f.ctx.typed_case, WordCase::kCapitalised);
  EXPECT_EQ(f.ctx.qi[0], f.lex.LetterIndex(U't'));
  ASSERT_TRUE(f.Type("thx"));  // x is not in the alphabet
  EXPECT_EQ(f.ctx.qi[2], -1);
}

TEST(SearchContextTest, RefusesWhatCannotBeCorrected) {
  SearchFixture f({"the\t10"});
  EXPECT_FALSE(f.Type(""));
  EXPECT_FALSE(f.Type("\xff\xfe"));      // invalid UTF-8
  EXPECT_FALSE(f.Type("\u4e2d\u56fd"));  // no letter of the alphabet
  EXPECT_FALSE(f.Type(std::string(kMaxSuggestLetters + 1, 't')));
  EXPECT_TRUE(f.Type(std::string(kMaxSuggestLetters, 't')));
}

TEST(SearchContextTest, SuffixesThatEndAWord) {
  SearchFixture f({"the\t10", "then\t10"});
  ASSERT_TRUE(f.Type("xhen"));
  // "n", "en", "hen" end "then"; "xhen" ends nothing.
  EXPECT_TRUE(f.ctx.suffix_ok[4]);
  EXPECT_TRUE(f.ctx.suffix_ok[3]);
  EXPECT_TRUE(f.ctx.suffix_ok[1]);
  EXPECT_FALSE(f.ctx.suffix_ok[0]);
  EXPECT_EQ(f.ctx.first_suffix, 1);
  ASSERT_TRUE(f.Type("hthe"));
  EXPECT_FALSE(f.ctx.suffix_ok[0]);  // (unless a false positive)
}

TEST(SearchContextTest, TypedStatesAsFarAsAWordContinues) {
  SearchFixture f({"the\t10", "then\t10"});
  ASSERT_TRUE(f.Type("thex"));
  const std::vector<PrefixFilter::State> s = TypedStates(f.lex, f.ctx);
  ASSERT_EQ(s.size(), 4u);  // "", "t", "th", "the"
  EXPECT_EQ(s[3], f.StateOf(U"the"));
}

TEST(SearchContextTest, OutOfBudgetMarksTheStats) {
  SearchFixture f({"the\t10"});
  ASSERT_TRUE(f.Type("teh"));
  f.ctx.work_limit = f.ctx.stats.work;
  EXPECT_FALSE(f.ctx.OutOfBudget());
  ++f.ctx.stats.work;
  EXPECT_TRUE(f.ctx.OutOfBudget());
  EXPECT_TRUE(f.ctx.stats.budget_exhausted);
}

}  // namespace
}  // namespace spellfilter
