#include "core/check/run_on_words.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

namespace spellfilter {
namespace {

class RunOnWordsTest : public ::testing::Test {
 protected:
  bool Splits(std::string_view part) {
    return run_on_.Splits(
        part,
        [this](std::string_view piece) {
          ++lookups_;
          return words_.count(std::string(piece)) > 0;
        },
        [this](std::string_view word) {
          return english_.count(std::string(word)) > 0;
        });
  }

  std::set<std::string> words_ = {"err",  "msg",       "cmd",  "class",
                                  "data", "stream",    "sep",  "era",
                                  "tors", "separators", "auto", "ptr",
                                  "in",   "the",       "no",   "one"};
  // The language's words, for the one-edit test.
  std::set<std::string> english_ = {"separators"};
  RunOnWords run_on_;
  int lookups_ = 0;
};

TEST_F(RunOnWordsTest, TwoKnownPiecesOfThreeLettersOrMore) {
  EXPECT_TRUE(Splits("errmsg"));
  EXPECT_TRUE(Splits("cmdclass"));
  EXPECT_TRUE(Splits("autoptr"));
  // Pieces shorter than three letters do not count: inthe, noone.
  EXPECT_FALSE(Splits("inthe"));
  EXPECT_FALSE(Splits("noone"));
  // An unknown piece.
  EXPECT_FALSE(Splits("cmdclas"));
  EXPECT_FALSE(Splits("errmsgx"));
}

TEST_F(RunOnWordsTest, CaseAndLetters) {
  EXPECT_TRUE(Splits("DATASTREAM"));
  EXPECT_TRUE(Splits("Datastream"));
  EXPECT_FALSE(Splits("dataStream"));  // the splitter's work, not this
  EXPECT_FALSE(Splits("DATAstream"));
  EXPECT_FALSE(Splits("data'stream"));
  EXPECT_FALSE(Splits("d\xC3\xA4tastream"));
}

TEST_F(RunOnWordsTest, ThreePiecesOrOneEditFromAWordAreNotRunOns) {
  // sep + era + tors: three pieces, and separators one edit away.
  EXPECT_FALSE(Splits("seperators"));
  // Two pieces, but one edit from a word of the language: a typo of it.
  english_.insert("errmsgs");
  EXPECT_FALSE(Splits("errmsg"));
  // One edit from a word of the other lists only (ttylock): a run-on.
  words_.insert("try");
  words_.insert("lock");
  words_.insert("ttylock");
  EXPECT_TRUE(Splits("trylock"));
}

TEST_F(RunOnWordsTest, LookupsAreBounded) {
  // A long part that does not split: each piece looked up once.
  const std::string part(RunOnWords::kMaxLetters, 'q');
  EXPECT_FALSE(Splits(part));
  EXPECT_LE(lookups_, static_cast<int>(2 * part.size()));
  lookups_ = 0;
  EXPECT_FALSE(Splits(part + "q"));  // longer than kMaxLetters: not split
  EXPECT_EQ(lookups_, 0);
}

}  // namespace
}  // namespace spellfilter
