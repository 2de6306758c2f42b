#include "core/text/sound_skeleton.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace spellfilter {
namespace {

std::string Sk(std::string_view w) {
  return SoundSkeleton(std::u32string(w.begin(), w.end()));
}

TEST(SoundSkeletonTest, ConsonantSoundsInOrder) {
  EXPECT_EQ(Sk("physics"), "FSKS");
  EXPECT_EQ(Sk("nation"), "NXN");
  EXPECT_EQ(Sk("church"), "XRX");
  EXPECT_EQ(Sk("school"), "SKL");
  EXPECT_EQ(Sk("edge"), "J");
  EXPECT_EQ(Sk("giant"), "JNT");
  EXPECT_EQ(Sk("go"), "G");
  EXPECT_EQ(Sk("ghost"), "GST");
  EXPECT_EQ(Sk("night"), "NT");
  EXPECT_EQ(Sk("knight"), "NT");
  EXPECT_EQ(Sk("write"), "RT");
  EXPECT_EQ(Sk("lamb"), "LM");
  EXPECT_EQ(Sk("psalm"), "SLM");
  EXPECT_EQ(Sk("science"), "SNS");
  EXPECT_EQ(Sk("mission"), "MXN");
  EXPECT_EQ(Sk("special"), "SPXL");
  EXPECT_EQ(Sk("watch"), "WX");
  EXPECT_EQ(Sk("think"), "0NK");
  EXPECT_EQ(Sk("box"), "BKS");
  EXPECT_EQ(Sk("xylophone"), "SLFN");
  EXPECT_EQ(Sk("zucchini"), "SKN");
  EXPECT_EQ(Sk("low"), "L");  // w after a vowel is silent
  EXPECT_EQ(Sk("away"), "W");
  EXPECT_EQ(Sk("don't"), "TNT");  // the apostrophe is no sound
}

TEST(SoundSkeletonTest, ASoundSpelledTwiceInARowCountsOnce) {
  EXPECT_EQ(Sk("letter"), "LTR");
  EXPECT_EQ(Sk("back"), "BK");
  EXPECT_EQ(Sk("occur"), "KR");
  EXPECT_EQ(Sk("tot"), "TT");  // a vowel between: two sounds
  EXPECT_EQ(Sk("deduct"), "TTKT");
}

TEST(SoundSkeletonTest, MisspellingsByEarKeepTheSkeleton) {
  EXPECT_EQ(Sk("fysiks"), Sk("physics"));
  EXPECT_EQ(Sk("nashun"), Sk("nation"));
  EXPECT_EQ(Sk("sacrin"), Sk("saccharin"));
  EXPECT_EQ(Sk("tork"), Sk("torque"));
  EXPECT_EQ(Sk("meraj"), Sk("mirage"));
  EXPECT_EQ(Sk("zookeeni"), Sk("zucchini"));
  EXPECT_NE(Sk("fist"), Sk("physics"));
}

TEST(SoundSkeletonTest, GapsCountTheLettersBetweenSounds) {
  std::vector<int> gaps;
  EXPECT_EQ(SoundSkeleton(U"sacrin", &gaps), "SKRN");
  EXPECT_EQ(gaps, (std::vector<int>{0, 1, 0, 1, 0}));
  gaps.clear();
  EXPECT_EQ(SoundSkeleton(U"eerie", &gaps), "R");
  EXPECT_EQ(gaps, (std::vector<int>{2, 2}));
  gaps.clear();
  EXPECT_EQ(SoundSkeleton(U"aeiou", &gaps), "");
  EXPECT_EQ(gaps, (std::vector<int>{5}));
}

TEST(SoundSkeletonTest, FillersAreTheLettersWithoutASound) {
  for (char32_t c : std::u32string(U"aeiouyh'é")) EXPECT_TRUE(IsSoundFiller(c));
  for (char32_t c : std::u32string(U"bcdfgjklmnpqrstvwxz")) {
    EXPECT_FALSE(IsSoundFiller(c));
  }
}

// The suggester's walk reaches a word only if the word can be cut into
// vowels and SoundSpellings whose units, a unit spelled again right after
// itself counted once, are its skeleton. Checked on words of every rule.
bool Spellable(const std::string& w) {
  const std::string sound = Sk(w);
  std::map<std::tuple<size_t, size_t, bool>, bool> memo;
  std::function<bool(size_t, size_t, bool)> from = [&](size_t i, size_t k,
                                                       bool after_unit) {
    if (i == w.size()) return k == sound.size();
    auto key = std::make_tuple(i, k, after_unit);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    bool ok = std::string_view("aeiouy").find(w[i]) != std::string_view::npos &&
              from(i + 1, k, false);
    for (const SoundSpelling& s : SoundSpellings()) {
      if (ok) break;
      if (w.compare(i, s.letters.size(), s.letters) != 0) continue;
      const size_t next = i + s.letters.size();
      if (s.units.empty()) {
        ok = from(next, k, false);
      } else if (sound.compare(k, s.units.size(), s.units) == 0) {
        ok = from(next, k + s.units.size(), true);
      } else if (after_unit && s.units.size() == 1 && k > 0 &&
                 sound[k - 1] == s.units[0]) {
        ok = from(next, k, true);
      }
    }
    return memo[key] = ok;
  };
  return from(0, 0, false);
}

TEST(SoundSkeletonTest, TheWalksSpellingsReachEveryRulesWords) {
  for (const char* w :
       {"physics", "nation",    "church",    "school",      "edge",
        "giant",   "ghost",     "night",     "knight",      "write",
        "lamb",    "psalm",     "science",   "mission",     "special",
        "watch",   "think",     "box",       "xylophone",   "zucchini",
        "low",     "away",      "letter",    "back",        "occur",
        "deduct",  "saccharin", "torque",    "mirage",      "gnome",
        "sign",    "pneumonia", "whale",     "rhythm",      "judge",
        "quick",   "beautiful", "necessary", "accommodate", "definitely",
        "separate"}) {
    EXPECT_TRUE(Spellable(w)) << w;
  }
}

}  // namespace
}  // namespace spellfilter
