#include "core/check/break_splitter.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace spellfilter {
namespace {

// A checker of words made of `words` and `patterns`, recursive as the
// Checker is (a part is broken again).
class Breaker {
 public:
  Breaker(std::set<std::string, std::less<>> words,
          std::vector<std::string> patterns)
      : words_(std::move(words)), patterns_(std::move(patterns)) {}
  bool Correct(std::string_view word) {
    ++calls_;
    return words_.contains(word) ||
           CorrectThroughBreaks(word, patterns_, [this](std::string_view part) {
             return Correct(part);
           });
  }
  size_t calls() const { return calls_; }

 private:
  std::set<std::string, std::less<>> words_;
  std::vector<std::string> patterns_;
  size_t calls_ = 0;
};

// hunspell(5): "BREAK 2 / BREAK - / BREAK -- # n-dash ... Breaking are
// recursive, so foo-bar, bar-foo and foo-foo--bar-bar would be valid
// compounds."
TEST(BreakSplitterTest, ManualHyphenAndNDash) {
  Breaker b({"foo", "bar"}, {"-", "–"});
  for (std::string_view ok :
       {"foo-bar", "bar-foo", "foo-foo–bar-bar", "foo–bar"}) {
    EXPECT_TRUE(b.Correct(ok)) << ok;
  }
  for (std::string_view bad :
       {"foo-baz", "-foo", "foo-", "foo--bar", "foobar"}) {
    EXPECT_FALSE(b.Correct(bad)) << bad;
  }
}

// hunspell(5): the default table is "-", "^-", "-$"; "BREAK 1 / BREAK -"
// does not accept "-word" and "word-"; "BREAK 0" switches breaking off.
TEST(BreakSplitterTest, ManualDefaultOneAndOff) {
  Breaker by_default({"foo", "bar"}, {"-", "^-", "-$"});
  for (std::string_view ok :
       {"foo-bar", "-foo", "foo-", "foo-bar-", "-foo-bar", "foo--bar"}) {
    EXPECT_TRUE(by_default.Correct(ok)) << ok;
  }
  EXPECT_FALSE(by_default.Correct("-"));
  EXPECT_FALSE(by_default.Correct("--"));
  Breaker one({"foo", "bar"}, {"-"});
  EXPECT_TRUE(one.Correct("foo-bar"));
  EXPECT_FALSE(one.Correct("-foo"));
  EXPECT_FALSE(one.Correct("foo-"));
  Breaker off({"foo", "bar"}, {});
  EXPECT_FALSE(off.Correct("foo-bar"));
}

// The second occurrence first: "E-Mail" is listed, "E" and "Mail" alone
// are not, and "E-Mail-Adresse" is E-Mail + Adresse.
TEST(BreakSplitterTest, ListedWordWithThePatternIsTheLeftPart) {
  Breaker b({"E-Mail", "Adresse"}, {"-"});
  EXPECT_TRUE(b.Correct("E-Mail-Adresse"));
  EXPECT_FALSE(b.Correct("E-Mail-Adresse-Adrese"));
  Breaker german({"z", "B", "d", "h"}, {"-", "."});  // de_DE: BREAK - and .
  EXPECT_TRUE(german.Correct("z.B"));
  EXPECT_TRUE(german.Correct("d.h"));
  EXPECT_FALSE(german.Correct("z.C"));
}

// Anchored patterns strip only at their end of the word.
TEST(BreakSplitterTest, AnchoredPatterns) {
  Breaker b({"word"}, {"^ex-", ".$", "^'"});  // pt_BR, sv, he style
  EXPECT_TRUE(b.Correct("ex-word"));
  EXPECT_TRUE(b.Correct("word."));
  EXPECT_TRUE(b.Correct("'word"));
  EXPECT_FALSE(b.Correct("wordex-"));
  EXPECT_FALSE(b.Correct(".word"));
  EXPECT_FALSE(b.Correct("word'"));
}

// Hunspell gives up on a word with kMaxBreaks (10) break points or more.
TEST(BreakSplitterTest, TenBreakPointsAreTooMany) {
  Breaker b({"a"}, {"-"});
  std::string nine = "a";
  for (int i = 0; i < 9; ++i) nine += "-a";
  EXPECT_TRUE(b.Correct(nine));
  EXPECT_FALSE(b.Correct(nine + "-a"));
  // The work stays small however the parts fail.
  Breaker misses({"b"}, {"-", "^-", "-$"});
  EXPECT_FALSE(misses.Correct(nine));
  EXPECT_LT(misses.calls(), 100000u);
}

}  // namespace
}  // namespace spellfilter
