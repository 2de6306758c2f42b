// The SOUND_PREFIXES section (sound_prefix_filter.h): format round trip and
// validation, which dictionaries carry it, that every pair of a word's
// skeleton and first letters is there, and its false-positive rate against
// its sizing. Its use by the by-ear walks is measured on the bundled
// dictionary (suggestion_quality_test.cpp).
#include "core/filter/sound_prefix_filter.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/aligned_bytes.h"
#include "core/dictionary/dictionary.h"
#include "core/dictionary/builder.h"
#include "core/text/sound_skeleton.h"
#include "tests/support/test_dictionary.h"

namespace spellfilter {
namespace {

constexpr uint64_t kSeed = 42;

std::string Section(const std::vector<std::u32string>& words, uint32_t depth,
                    double fp = kDefaultSoundPrefixFalsePositiveRate,
                    uint64_t* pairs = nullptr) {
  SoundPrefixFilterBuilder b(kSeed, depth);
  for (const std::u32string& w : words) b.AddWord(w, SoundSkeleton(w));
  std::string bytes = b.Encode(fp);
  if (pairs != nullptr) *pairs = b.pairs();
  return bytes;
}

const char* Parse(const std::string& bytes) {
  Aligned a(bytes);
  SoundPrefixFilter f;
  return SoundPrefixFilter::Parse(a.span, &f);
}

// Whether the filter holds (skeleton, prefix).
bool Has(const SoundPrefixFilter& f, std::string_view skeleton,
         std::u32string_view prefix) {
  PrefixFilter::State s = f.Root();
  for (char32_t c : prefix) s = PrefixFilter::Next(s, c);
  return f.MayHave(f.SkeletonKey(skeleton), s);
}

TEST(SoundPrefixFilterTest, SectionRoundTrips) {
  uint64_t pairs = 0;
  // "sacrin" and "saccharin" share SKRN and "sac": (SKRN, s), (SKRN, sa),
  // (SKRN, sac); "physics" adds three and "a" (no consonant) none.
  const std::string bytes =
      Section({U"saccharin", U"sacrin", U"physics", U"a"}, 3,
              kDefaultSoundPrefixFalsePositiveRate, &pairs);
  EXPECT_EQ(pairs, 6u);
  Aligned a(bytes);
  SoundPrefixFilter f;
  ASSERT_EQ(SoundPrefixFilter::Parse(a.span, &f), nullptr);
  EXPECT_FALSE(f.empty());
  EXPECT_EQ(f.depth(), 3u);
  EXPECT_EQ(f.pairs(), 6u);
  EXPECT_EQ(f.target_fp(), kDefaultSoundPrefixFalsePositiveRate);
  EXPECT_TRUE(Has(f, "SKRN", U"s"));
  EXPECT_TRUE(Has(f, "SKRN", U"sac"));
  EXPECT_TRUE(Has(f, "FSKS", U"phy"));
  // Past the depth, another skeleton, another prefix.
  EXPECT_FALSE(Has(f, "SKRN", U"sacc"));
  EXPECT_FALSE(Has(f, "FSKS", U"sac"));
  EXPECT_FALSE(Has(f, "SKRN", U"c"));
}

TEST(SoundPrefixFilterTest, DamagedSectionIsRefused) {
  const std::string good = Section({U"nation"}, 3);
  ASSERT_EQ(Parse(good), nullptr);
  EXPECT_NE(Parse(good.substr(0, 40)), nullptr);               // truncated
  EXPECT_NE(Parse(good.substr(0, good.size() - 8)), nullptr);  // size
  auto poked = [&](size_t offset, uint32_t v) {
    std::string b = good;
    std::memcpy(b.data() + offset, &v, 4);
    return Parse(b);
  };
  EXPECT_NE(poked(16, 0), nullptr);  // probes
  EXPECT_NE(poked(20, 2), nullptr);  // classic layout
  EXPECT_NE(poked(40, 0), nullptr);  // depth 0
  EXPECT_NE(poked(40, kMaxSoundPrefixDepth + 1), nullptr);
  EXPECT_EQ(poked(40, kMaxSoundPrefixDepth), nullptr);
}

// Every pair the words have is present; pairs of random skeletons and the
// words' own prefixes, which no word has, hit at about the rate the
// section was sized for.
TEST(SoundPrefixFilterTest, HoldsEveryPairAndFalsePositiveRateIsAsSized) {
  std::mt19937 rng(7);
  const std::u32string consonants = U"bcdfgjklmnprstvz";
  const std::u32string vowels = U"aeiou";
  std::set<std::pair<std::string, std::u32string>> present;
  std::vector<std::u32string> words;
  for (int i = 0; i < 20000; ++i) {
    std::u32string w;
    const int len = 2 + static_cast<int>(rng() % 5);
    for (int k = 0; k < len; ++k) {
      w.push_back(consonants[rng() % consonants.size()]);
      w.push_back(vowels[rng() % vowels.size()]);
    }
    const std::string skeleton = SoundSkeleton(w);
    for (size_t l = 1; l <= 3; ++l) present.emplace(skeleton, w.substr(0, l));
    words.push_back(std::move(w));
  }
  const double fp = kDefaultSoundPrefixFalsePositiveRate;
  uint64_t pairs = 0;
  const std::string bytes = Section(words, 3, fp, &pairs);
  EXPECT_EQ(pairs, present.size());
  Aligned a(bytes);
  SoundPrefixFilter f;
  ASSERT_EQ(SoundPrefixFilter::Parse(a.span, &f), nullptr);
  for (const auto& [skeleton, prefix] : present) {
    ASSERT_TRUE(Has(f, skeleton, prefix));
  }
  const std::string units = "BFGJKLMNPRSTWX0";
  int absent = 0;
  int false_hits = 0;
  while (absent < 100000) {
    std::string s;
    const int len = 2 + static_cast<int>(rng() % 5);
    for (int k = 0; k < len; ++k) s.push_back(units[rng() % units.size()]);
    const std::u32string& w = words[rng() % words.size()];
    const std::u32string prefix = w.substr(0, 1 + rng() % 3);
    if (present.count({s, prefix})) continue;
    ++absent;
    false_hits += Has(f, s, prefix);
  }
  const double rate = static_cast<double>(false_hits) / absent;
  std::printf("sound prefixes: %zu distinct pairs, measured false-positive "
              "rate %.4f (sized for %.4f)\n",
              present.size(), rate, fp);
  // Sized at the rate for the distinct pairs: 2,000 expected, a standard
  // error of ~45.
  EXPECT_LT(rate, fp * 1.2);
  EXPECT_GT(rate, fp * 0.6);
}

TEST(SoundPrefixFilterTest, EnglishDictionariesCarryIt) {
  auto en = MakeDictionary({"nation", "physics"}, "en-GB");
  EXPECT_FALSE(en->contents().sound_prefixes.empty());
  auto fr = MakeDictionary({"nation", "physique"}, "fr");
  EXPECT_TRUE(fr->contents().sound_prefixes.empty());

  BuildOptions o;
  o.language = "en-US";
  o.sound_prefix_depth = 0;
  DictionaryBuilder b(o);
  ASSERT_TRUE(b.AddLine("nation", "t").ok());
  StatusOr<std::string> image = b.Finish(nullptr);
  ASSERT_TRUE(image.ok());
  auto d = Dictionary::FromBytes(*image, "t.sfd");
  ASSERT_TRUE(d.ok());
  EXPECT_TRUE((*d)->contents().sound_prefixes.empty());
  EXPECT_FALSE((*d)->contents().sound_skeletons.empty());

  o.sound_prefix_depth = kMaxSoundPrefixDepth + 1;
  DictionaryBuilder too_deep(o);
  ASSERT_TRUE(too_deep.AddLine("nation", "t").ok());
  EXPECT_FALSE(too_deep.Finish(nullptr).ok());
}

}  // namespace
}  // namespace spellfilter
