// IsCorrect remembers its verdicts on words not found as written (in the
// checker's VerdictMemo), so a repeated word skips its case forms: these
// tests hold the memo to the rule that it never changes an answer, when
// the same words come back after user words or extra dictionaries were
// attached or detached.
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <vector>

#include "core/check/checker.h"
#include "core/user/user_dictionary.h"
#include "tests/support/test_dictionary.h"
#include "tests/support/user_test_util.h"

namespace spellfilter {
namespace {

// Longer than the known-word cache's 7 bytes, so only the memo keeps them.
constexpr const char* kKnown = "wonderful";
constexpr const char* kCapitalised = "Wonderful";
constexpr const char* kUnknown = "wonderfull";

TEST(CheckerVerdictMemoTest, RepeatedWordsKeepTheirVerdicts) {
  auto dict = MakeDictionary({kKnown, "Paris", "etc."});
  Checker checker(*dict);
  for (int round = 0; round < 3; ++round) {
    EXPECT_TRUE(checker.IsCorrect(kKnown));
    EXPECT_TRUE(checker.IsCorrect(kCapitalised));         // a case form
    EXPECT_TRUE(checker.IsCorrect("WONDERFUL"));
    EXPECT_FALSE(checker.IsCorrect(kUnknown));
    EXPECT_FALSE(checker.IsCorrect("wONDERFUL"));
    EXPECT_FALSE(checker.IsCorrect("parisians"));
    EXPECT_TRUE(checker.IsCorrect("wonderful..."));       // trailing dots
    EXPECT_TRUE(checker.IsCorrect("1,234.56789"));        // a number
    EXPECT_FALSE(checker.IsCorrect("1,,234.56789"));
  }
}

TEST(CheckerVerdictMemoTest, UserWordsAttachedLaterAcceptAWordFlaggedBefore) {
  auto dict = MakeDictionary({kKnown});
  TempDir dir;
  StatusOr<std::unique_ptr<UserDictionary>> user =
      UserDictionary::Open(dir.File("user.words"), *dict);
  ASSERT_TRUE(user.ok()) << user.status().message();
  const std::vector<std::string> words = {kUnknown};
  ASSERT_TRUE((*user)->Add(std::span<const std::string>(words)).ok());

  Checker checker(*dict);
  EXPECT_FALSE(checker.IsCorrect(kUnknown));
  EXPECT_FALSE(checker.IsCorrect(kUnknown));  // now from the memo
  checker.SetUserWords(user->get());
  EXPECT_TRUE(checker.IsCorrect(kUnknown));
  EXPECT_TRUE(checker.IsCorrect("Wonderfull"));
  checker.SetUserWords(nullptr);
  // The user's words were never the dictionary's verdict.
  EXPECT_FALSE(checker.IsCorrect(kUnknown));
  EXPECT_FALSE(checker.IsCorrect("Wonderfull"));
  EXPECT_TRUE(checker.IsCorrect(kCapitalised));
}

TEST(CheckerVerdictMemoTest, ExtraDictionariesChangeVerdictsBothWays) {
  auto dict = MakeDictionary({kKnown});
  auto extra = MakeDictionary({"serialiser"});
  Checker checker(*dict);
  EXPECT_FALSE(checker.IsCorrect("Serialiser"));
  EXPECT_FALSE(checker.IsCorrect("Serialiser"));
  checker.SetExtraDictionary(extra.get());
  EXPECT_TRUE(checker.IsCorrect("Serialiser"));
  EXPECT_TRUE(checker.IsCorrect("Serialiser"));
  checker.SetExtraDictionary(nullptr);
  EXPECT_FALSE(checker.IsCorrect("Serialiser"));
  EXPECT_TRUE(checker.IsCorrect(kCapitalised));
}

// Two checkers over two dictionaries: a verdict is the one dictionary's.
TEST(CheckerVerdictMemoTest, VerdictsAreEachDictionarysOwn) {
  auto a = MakeDictionary({kKnown});
  auto b = MakeDictionary({"other"});
  Checker ca(*a);
  Checker cb(*b);
  EXPECT_TRUE(ca.IsCorrect(kCapitalised));
  EXPECT_FALSE(cb.IsCorrect(kCapitalised));
  EXPECT_TRUE(ca.IsCorrect(kCapitalised));
  EXPECT_FALSE(cb.IsCorrect(kCapitalised));
}

}  // namespace
}  // namespace spellfilter
