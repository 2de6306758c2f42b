#include "core/dictionary/builder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/check/checker.h"
#include "core/dictionary/dictionary.h"
#include "core/filter/false_positive_math.h"
#include "core/filter/prefix_filter.h"
#include "core/filter/prefix_graph.h"
#include "core/suggest/suggester.h"
#include "core/text/letter_case.h"

namespace spellfilter {
namespace {

TEST(DictionaryBuilderTest, SkipsBlanksCommentsAndCountsDuplicatesOnce) {
  DictionaryBuilder b(BuildOptions{});
  for (std::string_view line :
       {"# a comment", "", "   ", "apple", "apple", "pear\t20", "caf\xC3\xA9",
        "cafe\xCC\x81", "\xEF\xBB\xBFkiwi\r", "  plum  "}) {
    ASSERT_TRUE(b.AddLine(line, "x:1").ok()) << line;
  }
  BuildSummary s;
  StatusOr<std::string> image = b.Finish(&s);
  ASSERT_TRUE(image.ok());
  // café composed and decomposed are one word after NFC.
  EXPECT_EQ(s.words, 5u);
  EXPECT_EQ(s.duplicates, 2u);
  auto d = Dictionary::FromBytes(*image, "t");
  ASSERT_TRUE(d.ok());
  for (std::string_view w : {"apple", "pear", "caf\xC3\xA9", "kiwi", "plum"}) {
    EXPECT_TRUE((*d)->Contains(w)) << w;
  }
  EXPECT_FALSE((*d)->Contains("pear\t20"));
}

TEST(DictionaryBuilderTest, RecordsAlphabetAndLanguage) {
  BuildOptions o;
  o.language = "de-DE";
  DictionaryBuilder b(o);
  ASSERT_TRUE(b.AddLine("Stra\xC3\x9F" "e", "x:1").ok());
  auto image = b.Finish(nullptr);
  ASSERT_TRUE(image.ok());
  auto d = Dictionary::FromBytes(*image, "t");
  ASSERT_TRUE(d.ok());
  EXPECT_EQ((*d)->language(), "de-DE");
  const std::vector<char32_t> expected = {U'S', U'a', U'e', U'r', U't', U'\u00DF'};
  EXPECT_EQ((*d)->contents().alphabet, expected);
}

// Once every letter and the apostrophe are in, words of only those are not
// looked at for the alphabet; a later digit or hyphen still is.
TEST(DictionaryBuilderTest, AlphabetHasLateCharactersToo) {
  for (bool suggestion_data : {true, false}) {
    BuildOptions o;
    o.suggestion_data = suggestion_data;
    DictionaryBuilder b(o);
    for (std::string_view w :
         {"abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "it's",
          "quiz", "mp3", "x-ray", "Zoe", "na\xC3\xAFve"}) {
      ASSERT_TRUE(b.AddLine(w, "x:1").ok()) << w;
    }
    auto image = b.Finish(nullptr);
    ASSERT_TRUE(image.ok());
    auto d = Dictionary::FromBytes(*image, "t");
    ASSERT_TRUE(d.ok());
    const std::vector<char32_t>& alphabet = (*d)->contents().alphabet;
    EXPECT_EQ(alphabet.size(), 26u * 2 + 4);  // and ' - 3 ï
    for (char32_t c : {U'\'', U'-', U'3', U'q', U'Q', U'\u00EF'}) {
      EXPECT_NE(std::find(alphabet.begin(), alphabet.end(), c), alphabet.end())
          << static_cast<uint32_t>(c);
    }
  }
}

TEST(DictionaryBuilderTest, BadLinesNameTheLineAndTheProblem) {
  struct Case {
    std::string_view line;
    std::string_view problem;
  };
  const std::string long_word(kMaxWordBytes + 1, 'a');
  const Case cases[] = {
      {"bad\xFFword", "invalid UTF-8"},
      {"two words", "white space"},
      {"tab\x01here", "control character"},
      {"word\tclass", "not a number"},
      {long_word, "longer than"},
  };
  for (const Case& c : cases) {
    DictionaryBuilder b(BuildOptions{});
    Status s = b.AddLine(c.line, "words.txt:7");
    ASSERT_FALSE(s.ok()) << c.line;
    EXPECT_EQ(s.message().rfind("words.txt:7: ", 0), 0u) << s.message();
    EXPECT_NE(s.message().find(c.problem), std::string::npos) << s.message();
    // The same line given as file and line number.
    Status t = b.AddLine(c.line, "words.txt", 7);
    EXPECT_EQ(t.message(), s.message());
  }
}

TEST(DictionaryBuilderTest, DefaultHeadroomIsTenPercentOrTenThousand) {
  {
    DictionaryBuilder b(BuildOptions{});
    ASSERT_TRUE(b.AddLine("one", "x").ok());
    BuildSummary s;
    ASSERT_TRUE(b.Finish(&s).ok());
    EXPECT_EQ(s.capacity, 1u + kMinHeadroomWords);
  }
  {
    DictionaryBuilder b(BuildOptions{});
    for (int i = 0; i < 200000; ++i) {
      ASSERT_TRUE(b.AddLine("w" + std::to_string(i), "x").ok());
    }
    BuildSummary s;
    ASSERT_TRUE(b.Finish(&s).ok());
    EXPECT_EQ(s.capacity, 220000u);
    EXPECT_LE(s.predicted_fp_at_capacity, kDefaultFalsePositiveRate);
    EXPECT_LT(s.predicted_fp, s.predicted_fp_at_capacity);
  }
}

TEST(DictionaryBuilderTest, SizesByTheLayoutsOwnRate) {
  for (Layout layout : {Layout::kBlocked, Layout::kClassic}) {
    BuildOptions o;
    o.layout = layout;
    o.capacity = 50000;
    o.fp = 1e-4;
    DictionaryBuilder b(o);
    ASSERT_TRUE(b.AddLine("word", "x").ok());
    BuildSummary s;
    ASSERT_TRUE(b.Finish(&s).ok());
    EXPECT_EQ(s.params.layout, layout);
    EXPECT_LE(s.predicted_fp_at_capacity, 1e-4 * 1.01);
  }
}

TEST(DictionaryBuilderTest, ExperimentOverrides) {
  BuildOptions o;
  o.layout = Layout::kClassic;
  o.bits = 1000;
  o.probes = 3;
  o.seed = 5;
  DictionaryBuilder b(o);
  ASSERT_TRUE(b.AddLine("word", "x").ok());
  BuildSummary s;
  ASSERT_TRUE(b.Finish(&s).ok());
  EXPECT_EQ(s.params.bits, 1024u);  // rounded up to whole 64-bit words
  EXPECT_EQ(s.params.probes, 3u);
  EXPECT_EQ(s.params.seed, 5u);
}

TEST(DictionaryBuilderTest, RejectsBadOptions) {
  BuildOptions o;
  o.fp = 1.5;
  EXPECT_FALSE(DictionaryBuilder(o).status().ok());
  o = BuildOptions{};
  o.probes = 0;
  EXPECT_FALSE(DictionaryBuilder(o).status().ok());
  o = BuildOptions{};
  o.capacity = 0;
  DictionaryBuilder b(o);
  ASSERT_TRUE(b.AddLine("word", "x").ok());
  EXPECT_FALSE(b.Finish(nullptr).ok());
}

}  // namespace
}  // namespace spellfilter

namespace spellfilter {
namespace {

TEST(DictionaryBuilderTest, StoresClassesAndPrefixes) {
  BuildOptions o;
  o.language = "en-US";
  DictionaryBuilder b(o);
  for (std::string_view line : {"the\t10", "cat\t35", "Paris\t20", "dog",
                                "cat\t20"}) {
    ASSERT_TRUE(b.AddLine(line, "x:1").ok()) << line;
  }
  BuildSummary s;
  StatusOr<std::string> image = b.Finish(&s);
  ASSERT_TRUE(image.ok());
  EXPECT_EQ(s.classed_words, 3u);
  // Forward the/cat/paris/dog: 3+3+5+3 = 14 prefixes (t, th, the, c, ca,
  // cat, ...), 4 end markers, reversed 3+3+5+3 = 14.
  EXPECT_EQ(s.prefix_edges, 32u);
  EXPECT_GT(s.prefix_bytes, 0u);
  EXPECT_GT(s.word_classes_bytes, 0u);
  auto d = Dictionary::FromBytes(*image, "t");
  ASSERT_TRUE(d.ok()) << d.status().message();
  WordClasses classes;
  ASSERT_EQ(WordClasses::Parse((*d)->contents().word_classes, &classes), nullptr);
  // A word listed twice keeps its smaller (commoner) class.
  EXPECT_EQ(classes.ClassValue(*classes.Find("cat")), 20u);
  EXPECT_EQ(classes.ClassValue(*classes.Find("the")), 10u);
  EXPECT_EQ(classes.ClassValue(*classes.Find("Paris")), 20u);
  EXPECT_EQ(*classes.Find("dog"), 0u);
  PrefixFilter prefixes;
  ASSERT_EQ(PrefixFilter::Parse((*d)->contents().prefixes, &prefixes), nullptr);
  // Lower case: "Paris" is reachable as p-a-r-i-s.
  PrefixFilter::State st = prefixes.root();
  for (char32_t c : std::u32string_view(U"paris")) {
    EXPECT_TRUE(prefixes.MayContinue(st, c));
    st = PrefixFilter::Next(st, c);
  }
  EXPECT_TRUE(prefixes.MayContinue(
      st, PrefixFilter::EndMarker(PrefixFilter::Written::kCapitalised)));
}

TEST(DictionaryBuilderTest, SuggestionDataCanBeLeftOut) {
  BuildOptions o;
  o.suggestion_data = false;
  DictionaryBuilder b(o);
  ASSERT_TRUE(b.AddLine("word\t10", "x:1").ok());
  StatusOr<std::string> image = b.Finish(nullptr);
  ASSERT_TRUE(image.ok());
  auto d = Dictionary::FromBytes(*image, "t");
  ASSERT_TRUE(d.ok());
  EXPECT_TRUE((*d)->contents().word_classes.empty());
  EXPECT_TRUE((*d)->contents().prefixes.empty());
  EXPECT_TRUE((*d)->Contains("word"));
}

// A check-only build keeps the words' hashes, not the words, and sorts
// those (by distribution, for lists of thousands): it counts the same words
// and repeats and fills the same filter as the full build.
TEST(DictionaryBuilderTest, CheckOnlyBuildHasTheFullBuildsFilter) {
  std::vector<std::string> lines = {"caf\xC3\xA9", "Caf\xC3\xA9\t20", "x",
                                    "PhD", "\xC3\x89" "cole\xC3\x89t\xC3\xA9"};
  for (int i = 0; i < 30000; ++i) {
    lines.push_back("w" + std::to_string(i * 7919 % 20000));
  }
  auto build = [&lines](bool suggestion_data, BuildSummary* s) {
    BuildOptions o;
    o.suggestion_data = suggestion_data;
    DictionaryBuilder b(o);
    for (const std::string& line : lines) EXPECT_TRUE(b.AddLine(line, "x:1").ok());
    StatusOr<std::string> image = b.Finish(s);
    EXPECT_TRUE(image.ok());
    return image.ok() ? *image : "";
  };
  BuildSummary full_summary;
  BuildSummary check_summary;
  const std::string full_image = build(true, &full_summary);
  const std::string check_image = build(false, &check_summary);
  EXPECT_EQ(check_summary.words, 20005u);
  EXPECT_EQ(check_summary.words, full_summary.words);
  EXPECT_EQ(check_summary.upper_forms, 2u);  // PHD, ÉCOLEÉTÉ
  EXPECT_EQ(check_summary.upper_forms, full_summary.upper_forms);
  EXPECT_EQ(check_summary.duplicates, 10000u);
  EXPECT_EQ(check_summary.duplicates, full_summary.duplicates);
  auto full = Dictionary::FromBytes(full_image, "full");
  auto check = Dictionary::FromBytes(check_image, "check");
  ASSERT_TRUE(full.ok());
  ASSERT_TRUE(check.ok());
  const DictionaryContents& f = (*full)->contents();
  const DictionaryContents& c = (*check)->contents();
  EXPECT_EQ(c.filter.bits, f.filter.bits);
  EXPECT_EQ(c.filter.probes, f.filter.probes);
  EXPECT_TRUE(std::equal(c.bits.begin(), c.bits.end(), f.bits.begin(),
                         f.bits.end()));
  EXPECT_TRUE((*check)->Contains("w19999"));
  EXPECT_TRUE((*check)->Contains("caf\xC3\xA9"));
  EXPECT_TRUE((*check)->Contains("PHD"));
  EXPECT_TRUE((*check)->Contains("\xC3\x89" "COLE\xC3\x89T\xC3\x89"));
}

std::unique_ptr<Dictionary> Built(DictionaryBuilder* b,
                                  std::initializer_list<std::string_view> words,
                                  BuildSummary* summary = nullptr) {
  for (std::string_view w : words) EXPECT_TRUE(b->AddLine(w, "t:1").ok()) << w;
  StatusOr<std::string> image = b->Finish(summary);
  EXPECT_TRUE(image.ok());
  auto d = Dictionary::FromBytes(image.ok() ? *image : "", "t.sfd");
  EXPECT_TRUE(d.ok());
  return d.ok() ? std::move(d).value() : nullptr;
}

// A word line of printable ASCII only takes a fast path that checks eight
// bytes at a time: a byte that may not be in a word (blank, tab, carriage
// return, control, DEL, 0x80 and above) must still be found in every lane
// of the last and of an earlier chunk, and a capital anywhere still makes
// the word mixed case.
TEST(DictionaryBuilderTest, EveryByteOfEveryLaneIsChecked) {
  for (size_t length : {3, 8, 9, 16, 19}) {
    for (size_t at = 1; at + 1 < length; ++at) {
      for (int byte = 0; byte < 256; ++byte) {
        std::string line(length, 'w');
        line[at] = static_cast<char>(byte);
        DictionaryBuilder b{BuildOptions()};
        const bool printable = byte > 0x20 && byte < 0x7F;
        EXPECT_EQ(b.AddLine(line, "t:1").ok(), printable)
            << length << " " << at << " " << byte;
      }
      std::string mixed(length, 'w');
      mixed[at] = 'Q';
      DictionaryBuilder b{BuildOptions()};
      BuildSummary summary;
      auto d = Built(&b, {mixed}, &summary);
      ASSERT_NE(d, nullptr);
      EXPECT_EQ(summary.upper_forms, 1u) << mixed;
      std::string upper(length, 'W');
      upper[at] = 'Q';
      EXPECT_TRUE(Checker(*d).IsCorrect(upper)) << mixed;
    }
  }
}

// "PHD" is correct for "PhD" (Hunspell's and Aspell's rule), and the
// checker's case rules cannot find it from "PHD": the filter holds it.
TEST(DictionaryBuilderTest, MixedCaseWordsAreKeysInAllUpperToo) {
  DictionaryBuilder b{BuildOptions()};
  BuildSummary s;
  auto d =
      Built(&b, {"PhD", "iPhone", "McDonald's", "Paris", "NASA", "eh"}, &s);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(s.words, 6u);
  EXPECT_EQ(s.upper_forms, 3u);
  EXPECT_EQ(d->contents().words_at_build, 9u);
  Checker checker(*d);
  for (std::string_view ok : {"PHD", "IPHONE", "MCDONALD'S", "PARIS", "EH"}) {
    EXPECT_TRUE(checker.IsCorrect(ok)) << ok;
  }
  for (std::string_view bad : {"Phd", "phd", "Iphone", "Mcdonald's"}) {
    EXPECT_FALSE(checker.IsCorrect(bad)) << bad;
  }
}

TEST(DictionaryBuilderTest, KeepCaseAndHunspellWordsGetNoDerivedUpperForm) {
  DictionaryBuilder keep{BuildOptions()};
  keep.EnableKeepCase(0);
  ASSERT_TRUE(keep.AddKeepCase("pHd", "t:1").ok());
  BuildSummary k;
  auto d = Built(&keep, {"pHd", "McDonald"}, &k);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(k.upper_forms, 1u);
  Checker keep_checker(*d);
  EXPECT_TRUE(keep_checker.IsCorrect("pHd"));
  EXPECT_FALSE(keep_checker.IsCorrect("PHD"));  // only as written
  EXPECT_TRUE(keep_checker.IsCorrect("MCDONALD"));

  DictionaryBuilder listed{BuildOptions()};
  listed.TakeUpperFormsAsAdded();
  BuildSummary s;
  auto e = Built(&listed, {"PhD"}, &s);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(s.upper_forms, 0u);
  EXPECT_FALSE(Checker(*e).IsCorrect("PHD"));
}

TEST(DictionaryBuilderTest, RejectsBadSuggestionOptions) {
  BuildOptions o;
  o.prefix_fp = 0;
  EXPECT_FALSE(DictionaryBuilder(o).status().ok());
  o.prefix_fp = 0.01;
  o.fingerprint_bits = 0;
  EXPECT_FALSE(DictionaryBuilder(o).status().ok());
  DictionaryBuilder b(BuildOptions{});
  EXPECT_FALSE(b.AddLine("word\t1234567890", "x:1").ok());
}

// The builder sorts the words itself: the file depends on the set of words
// (and their smallest classes), never on the order of the lines or on
// repeats. ASCII words take a path without ICU, other words ICU's; both
// kinds, in every case form, are in the list.
TEST(DictionaryBuilderTest, LineOrderAndRepeatsDoNotChangeTheFile) {
  std::vector<std::string> lines = {
      "the\t10", "cat\t35", "Paris\t20", "dog", "cat\t20", "NASA",
      "iPhone", "caf\xC3\xA9\t50", "Caf\xC3\xA9", "CAF\xC3\x89",
      "\xC3\xA9" "cole", "\xC3\x89" "cole\t70", "Stra\xC3\x9F" "e",
      "\xCE\x9F\xCE\x94\xCE\x9F\xCE\xA3", "don't", "O'Brien", "3D", "x"};
  for (int i = 0; i < 2000; ++i) {
    lines.push_back("w" + std::to_string(i * 7919 % 5000) +
                    (i % 3 == 0 ? "\t" + std::to_string(10 + i % 40) : ""));
  }
  for (const char* language : {"en-US", "tr"}) {
    for (bool suggestion_data : {true, false}) {
      BuildOptions o;
      o.language = language;
      o.suggestion_data = suggestion_data;
      auto build = [&o](const std::vector<std::string>& list) {
        DictionaryBuilder b(o);
        for (const std::string& line : list) {
          EXPECT_TRUE(b.AddLine(line, "x:1").ok()) << line;
        }
        BuildSummary s;
        StatusOr<std::string> image = b.Finish(&s);
        EXPECT_TRUE(image.ok());
        return std::make_pair(image.ok() ? *image : "", s);
      };
      const auto [image, summary] = build(lines);
      // One thread or two: the same file.
      o.threads = 1;
      EXPECT_TRUE(build(lines).first == image) << language;
      o.threads = 2;
      // Two threads, the suggestion sections one after the other (as past
      // kParallelSuggestionWords, to bound the memory): the same file.
      o.parallel_suggestion_words = 100;
      EXPECT_TRUE(build(lines).first == image) << language;
      o.parallel_suggestion_words = kParallelSuggestionWords;
      std::vector<std::string> shuffled = lines;
      std::mt19937 rng(3);
      std::shuffle(shuffled.begin(), shuffled.end(), rng);
      shuffled.insert(shuffled.end(), lines.begin(), lines.begin() + 100);
      const auto [other, other_summary] = build(shuffled);
      EXPECT_EQ(other_summary.words, summary.words);
      EXPECT_EQ(other_summary.duplicates, summary.duplicates + 100);
      EXPECT_TRUE(other == image) << language << " " << suggestion_data;
      std::reverse(shuffled.begin(), shuffled.end());
      EXPECT_TRUE(build(shuffled).first == image) << language;
    }
  }
}

// How the list writes a word, as the prefix filter's end markers record it,
// for ASCII words (no ICU) and others alike.
TEST(DictionaryBuilderTest, EndMarkersSayHowTheListWritesAWord) {
  BuildOptions o;
  o.language = "en-US";
  DictionaryBuilder b(o);
  for (std::string_view line :
       {"the", "Paris", "NASA", "iPhone", "\xC3\xA9" "cole", "\xC3\x89" "cole",
        "\xC3\x89" "COLE", "\xC3\xA9" "COLE"}) {
    ASSERT_TRUE(b.AddLine(line, "x:1").ok()) << line;
  }
  StatusOr<std::string> image = b.Finish(nullptr);
  ASSERT_TRUE(image.ok());
  auto d = Dictionary::FromBytes(*image, "t");
  ASSERT_TRUE(d.ok());
  PrefixFilter f;
  ASSERT_EQ(PrefixFilter::Parse((*d)->contents().prefixes, &f), nullptr);
  using W = PrefixFilter::Written;
  auto ends = [&f](std::u32string_view lower, W how) {
    PrefixFilter::State s = f.root();
    for (char32_t c : lower) s = PrefixFilter::Next(s, c);
    return f.MayContinue(s, PrefixFilter::EndMarker(how));
  };
  EXPECT_TRUE(ends(U"the", W::kLower));
  EXPECT_TRUE(ends(U"paris", W::kCapitalised));
  EXPECT_TRUE(ends(U"nasa", W::kAllUpper));
  EXPECT_TRUE(ends(U"iphone", W::kOther));
  EXPECT_TRUE(ends(U"\u00E9cole", W::kLower));
  EXPECT_TRUE(ends(U"\u00E9cole", W::kCapitalised));
  EXPECT_TRUE(ends(U"\u00E9cole", W::kAllUpper));
  EXPECT_TRUE(ends(U"\u00E9cole", W::kOther));
}


// max_file_bytes: the PREFIXES section is sized for the room the other
// sections leave, the same on one thread as on two (with the class table
// beside it or after it), and every other section is as without the cap.
TEST(DictionaryBuilderTest, SizeCapThinsOnlyThePrefixSection) {
  std::mt19937 rng(11);
  std::vector<std::string> lines;
  for (int i = 0; i < 20000; ++i) {
    std::string w;
    const int length = 4 + static_cast<int>(rng() % 9);
    for (int k = 0; k < length; ++k) {
      w.push_back(static_cast<char>('a' + rng() % 26));
    }
    if (i % 7 == 0) w += "\xC3\xA9";  // non-ASCII
    if (i % 11 == 0) w[0] = static_cast<char>(w[0] - 'a' + 'A');
    lines.push_back(w);
  }
  auto build = [&](uint64_t cap, unsigned threads, uint64_t parallel_words) {
    BuildOptions o;
    o.language = "xx";
    o.max_file_bytes = cap;
    o.threads = threads;
    o.parallel_suggestion_words = parallel_words;
    DictionaryBuilder b(o);
    for (const std::string& line : lines) EXPECT_TRUE(b.AddLine(line, "x").ok());
    StatusOr<std::string> image = b.Finish(nullptr);
    EXPECT_TRUE(image.ok());
    return image.ok() ? *image : std::string();
  };
  const std::string plain = build(0, 2, kParallelSuggestionWords);
  // A roomy cap changes nothing (room for the bound the builder assumes
  // for the section table and the sections' padding).
  EXPECT_EQ(build(plain.size() + 16384, 2, kParallelSuggestionWords), plain);
  const uint64_t cap = plain.size() * 19 / 20;
  const std::string capped = build(cap, 2, kParallelSuggestionWords);
  EXPECT_LE(capped.size(), cap);
  EXPECT_EQ(build(cap, 1, kParallelSuggestionWords), capped);
  EXPECT_EQ(build(cap, 2, 10), capped);  // one after the other
  // A cap out of reach at kMaxPrefixFalsePositiveRate: as without it.
  EXPECT_EQ(build(plain.size() / 2, 2, kParallelSuggestionWords), plain);
  EXPECT_EQ(build(plain.size() / 2, 1, kParallelSuggestionWords), plain);

  auto p = Dictionary::FromBytes(plain, "plain");
  ASSERT_TRUE(p.ok());
  for (const std::string* image : {&capped}) {
    auto d = Dictionary::FromBytes(*image, "capped");
    ASSERT_TRUE(d.ok());
    const DictionaryContents& a = (*d)->contents();
    const DictionaryContents& b = (*p)->contents();
    EXPECT_TRUE(std::ranges::equal(a.bits, b.bits));
    EXPECT_TRUE(std::ranges::equal(a.word_classes, b.word_classes));
    EXPECT_TRUE(std::ranges::equal(a.mixed_case, b.mixed_case));
    PrefixFilter f;
    ASSERT_EQ(PrefixFilter::Parse(a.prefixes, &f), nullptr);
    EXPECT_GT(f.target_fp(), kDefaultPrefixFalsePositiveRate);
    EXPECT_LE(f.target_fp(), kMaxPrefixFalsePositiveRate);
    for (const std::string& line : lines) {
      std::u32string lower;
      ASSERT_TRUE(DecodeUtf8(line, &lower));
      for (char32_t& c : lower) c = LowerLetter(c, false);
      PrefixFilter::State s = f.root();
      for (char32_t c : lower) {
        ASSERT_TRUE(f.MayContinue(s, c)) << line;
        s = PrefixFilter::Next(s, c);
      }
      EXPECT_TRUE((*d)->Contains(line)) << line;
    }
  }
}

// Where the cap is out of the filter's reach and the words share their
// endings (inflections), the builder writes the exact graph in place of
// the PREFIXES section; the suggester makes the filter again from it, byte
// for byte the uncapped build's, so its suggestions are the same. Every
// other section is as without the cap.
TEST(DictionaryBuilderTest, SizeCapOutOfReachWritesThePrefixGraph) {
  std::mt19937 rng(12);
  const std::vector<std::string> endings = {
      "er",        "e",         "es",         "ons",   "ez",    "ent",
      "ais",       "ait",       "ions",       "iez",   "aient", "\xC3\xA9",
      "\xC3\xA9" "e", "\xC3\xA9s", "\xC3\xA9" "es", "ant",   "erai",  "eras",
      "era",       "erons",     "erez",       "eront", "asse",  "assent"};
  std::vector<std::string> lines;
  for (int i = 0; i < 1500; ++i) {
    std::string stem;
    const int length = 3 + static_cast<int>(rng() % 6);
    for (int k = 0; k < length; ++k) {
      stem.push_back(static_cast<char>('a' + rng() % 26));
    }
    for (const std::string& e : endings) lines.push_back(stem + e);
    if (i % 13 == 0) lines.push_back("X" + stem);  // Capitalised
  }
  auto build = [&](uint64_t cap, unsigned threads) {
    BuildOptions o;
    o.language = "xx";
    o.max_file_bytes = cap;
    o.threads = threads;
    DictionaryBuilder b(o);
    for (const std::string& line : lines)
      EXPECT_TRUE(b.AddLine(line, "x").ok());
    BuildSummary summary;
    StatusOr<std::string> image = b.Finish(&summary);
    EXPECT_TRUE(image.ok());
    EXPECT_EQ(summary.prefix_graph, cap != 0);
    return image.ok() ? *image : std::string();
  };
  const std::string plain = build(0, 2);
  const std::string graphed = build(plain.size() / 2, 2);
  EXPECT_EQ(build(plain.size() / 2, 1), graphed);
  EXPECT_LT(graphed.size(), plain.size() * 3 / 4);

  auto p = Dictionary::FromBytes(plain, "plain");
  auto d = Dictionary::FromBytes(graphed, "graphed");
  ASSERT_TRUE(p.ok());
  ASSERT_TRUE(d.ok());
  const DictionaryContents& a = (*d)->contents();
  const DictionaryContents& b = (*p)->contents();
  EXPECT_TRUE(a.prefixes.empty());
  ASSERT_FALSE(a.prefix_graph.empty());
  EXPECT_TRUE(b.prefix_graph.empty());
  EXPECT_TRUE(std::ranges::equal(a.bits, b.bits));
  EXPECT_TRUE(std::ranges::equal(a.word_classes, b.word_classes));
  EXPECT_TRUE(std::ranges::equal(a.mixed_case, b.mixed_case));
  PrefixGraph graph;
  ASSERT_EQ(
      PrefixGraph::Parse(a.prefix_graph.subspan(kPrefixHeaderBytes), &graph),
      nullptr);
  std::vector<uint64_t> rebuilt;
  ASSERT_EQ(
      graph.RebuildFilter(a.prefix_graph.first(kPrefixHeaderBytes), &rebuilt),
      nullptr);
  EXPECT_TRUE(std::ranges::equal(
      std::as_bytes(std::span<const uint64_t>(rebuilt)), b.prefixes));

  Suggester from_filter(**p);
  Suggester from_graph(**d);
  EXPECT_TRUE(from_graph.has_prefix_filter());
  for (int i = 0; i < 200; ++i) {
    std::string typo = lines[rng() % lines.size()];
    typo[rng() % typo.size()] = static_cast<char>('a' + rng() % 26);
    EXPECT_EQ(from_graph.Suggest(typo), from_filter.Suggest(typo)) << typo;
  }
}

}  // namespace
}  // namespace spellfilter
