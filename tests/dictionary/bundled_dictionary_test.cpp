// The bundled en_US dictionary, as built by the build: no false negatives
// for any word of its source list in any case form the rules allow, and a
// false-positive rate on random non-words in line with the prediction, and
// its mixed-case words suggested as written.
#include <gtest/gtest.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/check/checker.h"
#include "core/dictionary/dictionary.h"
#include "core/dictionary/builder.h"
#include "core/suggest/suggester.h"
#include "core/text/word_forms.h"

namespace spellfilter {
namespace {

std::vector<std::string> ReadList() {
  std::ifstream in(EN_US_LIST);
  std::vector<std::string> words;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    words.push_back(line.substr(0, line.find('\t')));
  }
  return words;
}

class BundledDictionaryTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto d = Dictionary::Open(EN_US_SFD);
    ASSERT_TRUE(d.ok()) << d.status().message();
    dict_ = std::move(d).value().release();
    words_ = new std::vector<std::string>(ReadList());
  }
  static void TearDownTestSuite() {
    delete dict_;
    delete words_;
  }
  static Dictionary* dict_;
  static std::vector<std::string>* words_;
};
Dictionary* BundledDictionaryTest::dict_ = nullptr;
std::vector<std::string>* BundledDictionaryTest::words_ = nullptr;

std::string Upper(const std::string& w) {
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(w);
  u.toUpper(icu::Locale::getUS());
  std::string out;
  return u.toUTF8String(out);
}

std::string Lower(const std::string& w) {
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(w);
  u.toLower(icu::Locale::getUS());
  std::string out;
  return u.toUTF8String(out);
}

std::string Capitalised(const std::string& w) {
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(w);
  const int32_t first = u.moveIndex32(0, 1);
  icu::UnicodeString head(u, 0, first);
  head.toUpper(icu::Locale::getUS());
  head.append(icu::UnicodeString(u, first));
  std::string out;
  return head.toUTF8String(out);
}

bool MixedCase(const std::string& w) {
  const std::string lower = Lower(w);
  return lower != w && Capitalised(lower) != w && Upper(w) != w;
}

TEST_F(BundledDictionaryTest, ListIsAsLargeAsHunspellsEnUs) {
  EXPECT_GT(words_->size(), 100000u);
  // The filter's keys: the words, and the ALL UPPER forms of those written
  // in mixed case ("PHD" for "PhD").
  std::unordered_set<std::string> upper_forms;
  for (const std::string& w : *words_) {
    if (MixedCase(w)) upper_forms.insert(Upper(w));
  }
  EXPECT_GT(upper_forms.size(), 200u);
  EXPECT_EQ(dict_->contents().words_at_build,
            words_->size() + upper_forms.size());
  EXPECT_LE(dict_->contents().target_fp, 1e-6);
}

TEST_F(BundledDictionaryTest, EveryWordIsAcceptedInEveryAllowedCaseForm) {
  Checker checker(*dict_);
  size_t checked = 0;
  for (const std::string& w : *words_) {
    ASSERT_TRUE(checker.IsCorrect(w)) << w;
    const std::string lower = Lower(w);
    if (lower == w) {
      ASSERT_TRUE(checker.IsCorrect(Capitalised(w))) << Capitalised(w);
      ASSERT_TRUE(checker.IsCorrect(Upper(w))) << Upper(w);
    } else {
      // Capitalised, or in mixed case ("PhD" -> "PHD") as Hunspell has it.
      ASSERT_TRUE(checker.IsCorrect(Upper(w))) << Upper(w);
    }
    ++checked;
  }
  EXPECT_EQ(checked, words_->size());
}

// "javascript" gets "JavaScript": every word the list writes in mixed case
// is suggested as written for its lower-case form (the MIXED_CASE table).
TEST_F(BundledDictionaryTest, MixedCaseWordsAreSuggestedAsWritten) {
  Suggester suggester(*dict_);
  size_t mixed = 0;
  for (const std::string& w : *words_) {
    if (!MixedCase(w)) continue;
    const std::string lower = Lower(w);
    const std::vector<std::string> got = suggester.Suggest(lower);
    EXPECT_NE(std::find(got.begin(), got.end(), w), got.end()) << lower;
    ++mixed;
  }
  EXPECT_GT(mixed, 200u);
}

TEST_F(BundledDictionaryTest, FalsePositivesOnRandomNonWordsMatchPrediction) {
  const std::unordered_set<std::string> known(words_->begin(), words_->end());
  std::mt19937_64 rng(2024);
  std::uniform_int_distribution<int> letter('a', 'z');
  std::uniform_int_distribution<int> length(4, 12);
  constexpr uint64_t kProbes = 1'000'000;
  uint64_t probes = 0;
  uint64_t hits = 0;
  std::string w;
  while (probes < kProbes) {
    w.clear();
    for (int i = length(rng); i > 0; --i) w.push_back(static_cast<char>(letter(rng)));
    if (known.count(w)) continue;
    ++probes;
    hits += dict_->Contains(w);
  }
  const double predicted =
      PredictedRate(dict_->contents().filter, dict_->contents().words_at_build);
  const double mean = predicted * probes;
  // Poisson: more than mean + 4 sqrt(mean) + 3 has probability < 1e-4
  // under the model for the means involved here (< 5).
  EXPECT_LE(hits, mean + 4 * std::sqrt(mean) + 3)
      << "predicted " << predicted << " measured " << double(hits) / probes;
  std::printf("bundled en_US: predicted fp %.3g, measured %llu of %llu\n",
              predicted, static_cast<unsigned long long>(hits),
              static_cast<unsigned long long>(probes));
}

}  // namespace
}  // namespace spellfilter
