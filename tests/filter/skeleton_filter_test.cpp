// The SOUND_SKELETONS section (skeleton_filter.h): format round trip and
// validation, which dictionaries carry it, its false-positive rate against
// its sizing, and the suggester's use of it: walks for skeletons no word
// has are skipped, which changes no suggestion of the same-sound walk and
// lets the search look for one sound changed or added.
#include "core/filter/skeleton_filter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tests/support/aligned_bytes.h"
#include "core/dictionary/dictionary.h"
#include "core/dictionary/builder.h"
#include "core/dictionary/format.h"
#include "core/text/sound_skeleton.h"
#include "core/suggest/suggester.h"
#include "tests/support/test_dictionary.h"

namespace spellfilter {
namespace {

std::string Section(const std::vector<std::u32string>& words,
                    double fp = kDefaultSkeletonFalsePositiveRate,
                    uint64_t* skeletons = nullptr) {
  SkeletonFilterBuilder b(42);
  for (const std::u32string& w : words) b.AddWord(w);
  std::string bytes = b.Encode(fp);
  if (skeletons != nullptr) *skeletons = b.skeletons();
  return bytes;
}

const char* Parse(const std::string& bytes) {
  Aligned a(bytes);
  SkeletonFilter f;
  return SkeletonFilter::Parse(a.span, &f);
}

TEST(SkeletonFilterTest, SectionRoundTrips) {
  uint64_t count = 0;
  // "sacrin" and "saccharin" share SKRN: one skeleton.
  const std::string bytes =
      Section({U"saccharin", U"sacrin", U"physics", U"nation"},
              kDefaultSkeletonFalsePositiveRate, &count);
  EXPECT_EQ(count, 3u);
  Aligned a(bytes);
  SkeletonFilter f;
  ASSERT_EQ(SkeletonFilter::Parse(a.span, &f), nullptr);
  EXPECT_FALSE(f.empty());
  EXPECT_EQ(f.skeletons(), 3u);
  EXPECT_EQ(f.target_fp(), kDefaultSkeletonFalsePositiveRate);
  EXPECT_TRUE(f.MayContain("SKRN"));
  EXPECT_TRUE(f.MayContain("FSKS"));
  EXPECT_TRUE(f.MayContain("NXN"));
  EXPECT_FALSE(f.MayContain("NSN"));
  EXPECT_FALSE(f.MayContain("skrn"));
}

TEST(SkeletonFilterTest, DamagedSectionIsRefused) {
  const std::string good = Section({U"nation"});
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
  double one = 1;
  std::string b = good;
  std::memcpy(b.data() + 32, &one, 8);  // target rate
  EXPECT_NE(Parse(b), nullptr);
}

// Measured against the rate it was sized for, on skeletons of random
// letters that no word of the set has.
TEST(SkeletonFilterTest, FalsePositiveRateIsAsSized) {
  std::mt19937 rng(7);
  const std::u32string letters = U"bcdfgjklmnprstvz";
  std::set<std::string> present;
  std::vector<std::u32string> words;
  for (int i = 0; i < 20000; ++i) {
    std::u32string w;
    const int len = 3 + static_cast<int>(rng() % 6);
    for (int k = 0; k < len; ++k) {
      w.push_back(letters[rng() % letters.size()]);
      w.push_back(U'a');
    }
    present.insert(SoundSkeleton(w));
    words.push_back(std::move(w));
  }
  const double fp = 1e-2;
  const std::string bytes = Section(words, fp);
  Aligned a(bytes);
  SkeletonFilter f;
  ASSERT_EQ(SkeletonFilter::Parse(a.span, &f), nullptr);
  for (const std::string& s : present) ASSERT_TRUE(f.MayContain(s)) << s;
  const std::string units = "BFGJKLMNPRSTWX0";
  int absent = 0;
  int false_hits = 0;
  while (absent < 100000) {
    std::string s;
    const int len = 3 + static_cast<int>(rng() % 6);
    for (int k = 0; k < len; ++k) s.push_back(units[rng() % units.size()]);
    if (present.count(s)) continue;
    ++absent;
    false_hits += f.MayContain(s);
  }
  const double rate = static_cast<double>(false_hits) / absent;
  std::printf("sound skeletons: %zu distinct, measured false-positive rate "
              "%.4f (sized for %.4f)\n",
              present.size(), rate, fp);
  // Sized at the rate for the distinct skeletons: within a factor of the
  // standard error's reach (1,000 expected).
  EXPECT_LT(rate, fp * 1.2);
  EXPECT_GT(rate, fp * 0.5);
}

TEST(SkeletonFilterTest, EnglishDictionariesCarryIt) {
  auto en = MakeDictionary({"nation", "physics"}, "en-GB");
  EXPECT_FALSE(en->contents().sound_skeletons.empty());
  auto fr = MakeDictionary({"nation", "physique"}, "fr");
  EXPECT_TRUE(fr->contents().sound_skeletons.empty());

  BuildOptions o;
  o.language = "en-US";
  o.suggestion_data = false;
  DictionaryBuilder b(o);
  ASSERT_TRUE(b.AddLine("nation", "t").ok());
  StatusOr<std::string> image = b.Finish(nullptr);
  ASSERT_TRUE(image.ok());
  auto d = Dictionary::FromBytes(*image, "t.sfd");
  ASSERT_TRUE(d.ok());
  EXPECT_TRUE((*d)->contents().sound_skeletons.empty());
}

std::unique_ptr<Dictionary> Words() {
  return MakeDictionary({
      "the\t10",         "necessary\t20", "beautiful\t20", "tomorrow\t20",
      "occurred\t35",    "definitely\t20", "accommodate\t35",
      "physics\t35",     "nation\t10",    "separate\t20", "because\t10",
      "caterpillar\t50", "panel\t35",     "stripped\t40", "skipped\t40",
  });
}

// The same dictionary without the section (nor SOUND_PREFIXES, which
// came later), as an older file is.
std::unique_ptr<Dictionary> WithoutSkeletons(const Dictionary& d) {
  DictionaryContents c = d.contents();
  c.sound_skeletons = {};
  c.sound_prefixes = {};
  auto copy = Dictionary::FromBytes(EncodeDictionary(c), "old.sfd");
  EXPECT_TRUE(copy.ok());
  return std::move(copy).value();
}

// Skipping a walk for a skeleton no word has cannot lose a word of the
// same-sound walk; it saves its work.
TEST(SkeletonFilterTest, SameSoundWalkKeepsItsWordsForLessWork) {
  auto with = Words();
  auto without = WithoutSkeletons(*with);
  SuggestOptions o;
  o.by_ear_edit = 0;
  Suggester a(*with, o);
  Suggester b(*without, o);
  uint64_t work_with = 0;
  uint64_t work_without = 0;
  int by_ear = 0;
  for (const char* w : {"bewtifull", "nesesarie", "okkurrid", "kaderpiler",
                        "zzxqvbrt", "sepprit", "fiziks", "bikozz",
                        "nekesarie", "katerbiler"}) {
    EXPECT_EQ(a.Suggest(w), b.Suggest(w)) << w;
    EXPECT_EQ(a.stats().by_ear, b.stats().by_ear) << w;
    by_ear += a.stats().by_ear;
    work_with += a.stats().work;
    work_without += b.stats().work;
  }
  EXPECT_GE(by_ear, 8);
  EXPECT_LT(work_with, work_without);
}

// One consonant sound changed ("nekessarie": K for necessary's S) or one
// added, three or more edits away: found only by the walk the skeletons
// guide; without them a dictionary gets the one-sound-left-out walk only.
TEST(SkeletonFilterTest, OneSoundChangedIsFoundWithTheSection) {
  auto with = Words();
  auto without = WithoutSkeletons(*with);
  Suggester a(*with);
  Suggester b(*without);
  auto has = [](const std::vector<std::string>& v, const std::string& w) {
    return std::find(v.begin(), v.end(), w) != v.end();
  };
  for (const auto& [typed, intended] :
       {std::pair{"nekesarie", "necessary"},    // K for S
        std::pair{"bewtiwool", "beautiful"},    // W for F
        std::pair{"katerbiler", "caterpillar"}}) {  // B for P
    EXPECT_TRUE(has(a.Suggest(typed), intended)) << typed;
    EXPECT_TRUE(a.stats().by_ear) << typed;
    EXPECT_FALSE(has(b.Suggest(typed), intended)) << typed;
  }
}

// The sound that an edit brings in may be spelled with a doubled letter:
// "nesekary" (N S K R) is necessary (N S S R) with the typed K changed to
// the S of its "ss"; "katerpinar" is caterpillar with the typed N changed
// to the L of its "ll". Three edits away: the edit search misses both.
TEST(SkeletonFilterTest, ASoundChangedIsFoundSpelledWithADoubledLetter) {
  auto with = Words();
  SuggestOptions o;
  o.by_ear = false;
  Suggester edits_only(*with, o);
  Suggester a(*with);
  auto has = [](const std::vector<std::string>& v, const std::string& w) {
    return std::find(v.begin(), v.end(), w) != v.end();
  };
  for (const auto& [typed, intended] :
       {std::pair{"nesekary", "necessary"},       // K for the S of "ss"
        std::pair{"katerpinar", "caterpillar"}}) {  // N for the L of "ll"
    EXPECT_FALSE(has(edits_only.Suggest(typed), intended)) << typed;
    EXPECT_TRUE(has(a.Suggest(typed), intended)) << typed;
    EXPECT_TRUE(a.stats().by_ear) << typed;
  }
}

// Two typed sounds too many ("nesesesaril": N S S S R L for necessary's
// N S S R) or two adjacent ones swapped ("denifitly": D N F T L for
// definitely's D F N T L), three or more edits away: the section says which
// pairs some word has, and only then are they walked.
TEST(SkeletonFilterTest, TwoSoundsLeftOutOrSwappedAreFoundWithTheSection) {
  auto with = Words();
  auto without = WithoutSkeletons(*with);
  Suggester a(*with);
  Suggester b(*without);
  SuggestOptions o;
  o.by_ear = false;
  Suggester edits_only(*with, o);
  auto has = [](const std::vector<std::string>& v, const std::string& w) {
    return std::find(v.begin(), v.end(), w) != v.end();
  };
  for (const auto& [typed, intended] :
       {std::pair{"nesesesaril", "necessary"},     // S and L too many
        std::pair{"kaderpilbarz", "caterpillar"},  // B and S (z) too many
        std::pair{"denifitly", "definitely"},      // F N swapped
        std::pair{"bewfitull", "beautiful"},       // T F swapped
        std::pair{"katerlipar", "caterpillar"}}) {  // P L swapped
    EXPECT_FALSE(has(edits_only.Suggest(typed), intended)) << typed;
    EXPECT_TRUE(has(a.Suggest(typed), intended)) << typed;
    EXPECT_TRUE(a.stats().by_ear) << typed;
    EXPECT_FALSE(has(b.Suggest(typed), intended)) << typed;
  }
}

}  // namespace
}  // namespace spellfilter
