#include "core/suggest/suggester.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/check/checker.h"
#include "core/dictionary/builder.h"
#include "core/dictionary/format.h"
#include "core/filter/prefix_filter.h"
#include "tests/support/test_dictionary.h"

namespace spellfilter {
namespace {

// Word and SCOWL-like class; the suggester ranks by both.
std::unique_ptr<Dictionary> Sample() {
  return MakeDictionary({
      "the\t10",      "then\t10",        "they\t10",       "them\t10",
      "ten\t10",      "tea\t10",         "a\t10",          "lot\t10",
      "allot\t35",    "in\t10",          "fact\t20",       "receive\t20",
      "relieve\t35",  "separate\t20",    "definitely\t20", "beginning\t20",
      "begin\t20",    "accommodate\t35", "until\t10",      "spelling\t35",
      "their\t10",    "there\t10",       "don't\t10",      "naïve\t50",
      "Paris\t20",    "NASA\t40",        "I\t10",          "hello\t20",
      "help\t10",     "tomorrow\t20",    "because\t10",    "necessary\t20",
      "occurred\t35", "cat\t10",         "cot\t70",        "t\t40",
      "eh\t20",       "physics\t35",     "nation\t10",     "beautiful\t20",
  });
}

bool Contains(const std::vector<std::string>& v, const std::string& w) {
  return std::find(v.begin(), v.end(), w) != v.end();
}

class SuggesterTest : public ::testing::Test {
 protected:
  SuggesterTest() : dict_(Sample()), suggester_(*dict_) {}
  std::vector<std::string> Suggest(std::string_view w) {
    return suggester_.Suggest(w);
  }
  std::string First(std::string_view w) {
    const std::vector<std::string> s = Suggest(w);
    return s.empty() ? "" : s[0];
  }

  std::unique_ptr<Dictionary> dict_;
  Suggester suggester_;
};

TEST_F(SuggesterTest, HasTheSuggestionSections) {
  EXPECT_TRUE(suggester_.has_prefix_filter());
  EXPECT_TRUE(suggester_.has_word_classes());
}

TEST_F(SuggesterTest, FindsEachKindOfSingleEdit) {
  EXPECT_EQ(First("seperate"), "separate");   // substitution
  EXPECT_EQ(First("untill"), "until");        // an extra letter
  EXPECT_EQ(First("begining"), "beginning");  // a missing letter
  EXPECT_EQ(First("recieve"), "receive");     // transposition
  EXPECT_EQ(First("teh"), "the");
  EXPECT_EQ(First("dont"), "don't");   // apostrophe
  EXPECT_EQ(First("naive"), "naïve");  // accent
}

TEST_F(SuggesterTest, FindsTwoEditsAndThreeLightOnes) {
  EXPECT_EQ(First("acomodate"), "accommodate");  // two missing letters
  EXPECT_EQ(First("definatly"), "definitely");   // substitution + omission
  EXPECT_EQ(First("nesesary"), "necessary");     // c/s + doubled s
  // Three light slips: a doubled letter too many and two vowels.
  EXPECT_TRUE(Contains(Suggest("sepperete"), "separate"));
  // Three slips of which two are not light: out of reach of the edits by
  // design (the by-ear search finds it: "xzparatq" sounds S P R T K).
  SuggestOptions o;
  o.by_ear = false;
  Suggester edits_only(*dict_, o);
  EXPECT_FALSE(Contains(edits_only.Suggest("xzparatq"), "separate"));
}

// Sound-alike spellings are one edit each: a consonant spelling from the
// table (ph/f, tion/shun) or a run of vowels for another. Each of these is
// three edits with a heavy one otherwise, out of reach without them.
TEST_F(SuggesterTest, FindsSoundAlikeSpellings) {
  EXPECT_EQ(First("fysiks"), "physics");       // ph/f + k for c
  EXPECT_EQ(First("nashun"), "nation");        // tion/shun
  EXPECT_EQ(First("byootiful"), "beautiful");  // vowel run yoo/eau
  EXPECT_EQ(First("Nashun"), "Nation");        // case kept
  SuggestOptions o;
  o.sound_alike = false;
  o.by_ear = false;
  Suggester plain(*dict_, o);
  for (std::string_view w : {"fysiks", "nashun", "byootiful"}) {
    EXPECT_TRUE(plain.Suggest(w).empty()) << w;
  }
}

// A strong candidate within one edit ("teh" -> "the") skips the wide
// search; a word without one gets it.
TEST_F(SuggesterTest, WideSearchOnlyWithoutAStrongNearCandidate) {
  suggester_.Suggest("teh");
  EXPECT_EQ(suggester_.stats().edits_completed, 2);
  suggester_.Suggest("nashun");
  EXPECT_EQ(suggester_.stats().edits_completed, kMaxEdits);
  SuggestOptions o;
  o.wide_search_below = 0;  // always
  Suggester always(*dict_, o);
  always.Suggest("teh");
  EXPECT_EQ(always.stats().edits_completed, kMaxEdits);
}

// Words several edits away that sound like the typed one: the by-ear
// search (sound_skeleton.h), only where the edit search found nothing
// strong, and only for English.
TEST_F(SuggesterTest, FindsWordsThatSoundAlike) {
  SuggestOptions o;
  o.by_ear = false;
  Suggester edits_only(*dict_, o);
  o.by_ear = true;
  o.by_ear_edit = 0;
  Suggester same_sounds(*dict_, o);
  struct Case {
    std::string_view typed;
    std::string_view intended;
    bool same;  // the same sounds, else one sound too many typed
  };
  for (const Case& c : {Case{"bewtifull", "beautiful", true},
                        Case{"nesesarie", "necessary", true},
                        Case{"okkurrid", "occurred", true},
                        Case{"tumarroe", "tomorrow", true},
                        Case{"definartly", "definitely", false},
                        Case{"acomodaiste", "accommodate", false}}) {
    EXPECT_FALSE(Contains(edits_only.Suggest(c.typed), std::string(c.intended)))
        << c.typed;
    EXPECT_EQ(First(c.typed), c.intended) << c.typed;
    EXPECT_TRUE(suggester_.stats().by_ear) << c.typed;
    EXPECT_EQ(Contains(same_sounds.Suggest(c.typed), std::string(c.intended)),
              c.same)
        << c.typed;
  }
  // Not searched when a near candidate is strong.
  suggester_.Suggest("teh");
  EXPECT_FALSE(suggester_.stats().by_ear);
}

// A run of 3-5 letters left out at one place (a syllable, or the end of
// an abbreviated word), put back, or one typed twice, taken out; only when
// nothing near is strong.
TEST(SuggesterChunksTest, FindsRunsOfLettersLeftOut) {
  // clang-format off
  const std::unique_ptr<Dictionary> dict = MakeDictionary({
      "implements\t20", "implies\t35", "simplest\t35", "imports\t20",
      "experiment\t20", "expert\t20", "experts\t20", "arrangements\t35",
      "arranges\t35", "arrange\t20", "the\t10", "then\t10",
      "implementations\t35", "implications\t35", "using\t10",
      "serialize\t50", "singing\t20", "cut\t10"});
  // clang-format on
  // (Without the by-ear search, which finds some of these by their sounds,
  // and without the endings taken off, which finds "cutted".)
  SuggestOptions o;
  o.by_ear = false;
  o.inflection_cost = 0;
  Suggester with(*dict, o);
  o.chunks = false;
  Suggester without(*dict, o);
  struct Case {
    std::string_view typed;
    std::string_view intended;
  };
  for (const Case& c :
       {Case{"implets", "implements"},  // "men" left out
        Case{"experim", "experiment"},  // the end
        Case{"arrangts", "arrangements"},
        Case{"impletations", "implementations"},
        // Runs typed too many: twice, or another.
        Case{"usinging", "using"}, Case{"serialialize", "serialize"},
        Case{"cutted", "cut"}}) {
    EXPECT_FALSE(Contains(without.Suggest(c.typed), std::string(c.intended)))
        << c.typed;
    EXPECT_TRUE(Contains(with.Suggest(c.typed), std::string(c.intended)))
        << c.typed;
    EXPECT_TRUE(with.stats().chunks) << c.typed;
    // Within its share of the budget.
    EXPECT_LT(with.stats().work, kDefaultWorkBudget) << c.typed;
  }
  // Not searched when a near candidate is strong.
  with.Suggest("teh");
  EXPECT_FALSE(with.stats().chunks);
}

// A verb ending put on a word that does not take it, as one edit: taken
// off, with a doubled consonant undone or a silent e put back.
TEST(SuggesterInflectionsTest, TakesOffEndingsTheWordDoesNotTake) {
  // clang-format off
  const std::unique_ptr<Dictionary> dict = MakeDictionary({
      "split\t10", "spitted\t50", "splinted\t50", "splatted\t50",
      "splitter\t50", "stuck\t10", "stacked\t35", "stocked\t35",
      "sucked\t35", "before\t10", "becoming\t20", "bearing\t20",
      "cut\t10", "putted\t50", "cutter\t35", "the\t10"});
  // clang-format on
  SuggestOptions o;
  o.by_ear = false;
  o.chunks = false;  // (which finds "cutted" too)
  Suggester with(*dict, o);
  o.inflection_cost = 0;
  Suggester without(*dict, o);
  struct Case {
    std::string_view typed;
    std::string_view intended;
  };
  for (const Case& c : {Case{"stucked", "stuck"}, Case{"splitted", "split"},
                        Case{"beforing", "before"}, Case{"cutted", "cut"}}) {
    auto rank = [&c](const std::vector<std::string>& list) {
      return std::find(list.begin(), list.end(), c.intended) - list.begin();
    };
    // Among the first three (near words with a vowel changed may stay
    // first), and higher than as the two or three letters it is.
    const auto with_rank = rank(with.Suggest(c.typed));
    EXPECT_LE(with_rank, 2) << c.typed;
    EXPECT_LT(with_rank, rank(without.Suggest(c.typed))) << c.typed;
  }
  // Only for English, whose endings these are: a German dictionary of the
  // same words suggests the same with the search on as off.
  const std::unique_ptr<Dictionary> de = MakeDictionary(
      {"split\t10", "spitted\t50", "stuck\t10", "stacked\t35",
       "before\t10", "becoming\t20", "cut\t10", "cutter\t35"},
      "de-DE");
  SuggestOptions d;
  d.chunks = false;
  Suggester de_with(*de, d);
  d.inflection_cost = 0;
  Suggester de_without(*de, d);
  for (std::string_view typed : {"stucked", "splitted", "beforing", "cutted"}) {
    EXPECT_EQ(de_with.Suggest(typed), de_without.Suggest(typed)) << typed;
  }
}

TEST_F(SuggesterTest, SplitsRunOnWords) {
  EXPECT_TRUE(Contains(Suggest("alot"), "a lot"));
  EXPECT_EQ(First("infact"), "in fact");
  // Single letters are letter names, not words to split into ("t eh").
  for (const std::string& s : Suggest("teh")) EXPECT_NE(s, "t eh");
}

TEST_F(SuggesterTest, KeepsTheTypedCase) {
  EXPECT_EQ(First("Teh"), "The");
  EXPECT_EQ(First("TEH"), "THE");
  EXPECT_EQ(First("Recieve"), "Receive");
  EXPECT_TRUE(Contains(Suggest("ALOT"), "ALLOT"));
  EXPECT_TRUE(Contains(Suggest("ALOT"), "A LOT"));
  EXPECT_TRUE(Contains(Suggest("Alot"), "A lot"));
  // Names and acronyms keep their own capitals.
  EXPECT_EQ(First("paris"), "Paris");
  EXPECT_EQ(First("pariss"), "Paris");
  EXPECT_EQ(First("nasa"), "NASA");
  EXPECT_EQ(First("PARSI"), "PARIS");
}

// Words the dictionary writes in mixed case come back as written: their
// spelling cannot be made from the letters, the MIXED_CASE table has it.
std::unique_ptr<Dictionary> MixedCaseSample() {
  return MakeDictionary({"JavaScript\t50", "java\t20", "script\t20", "PhD\t50",
                         "phi\t40", "McDonald\t50", "donald\t60", "iPhone\t50",
                         "phone\t10"});
}

TEST(SuggesterMixedCaseTest, RestoresMixedCase) {
  auto d = MixedCaseSample();
  ASSERT_FALSE(d->contents().mixed_case.empty());
  Suggester s(*d);
  Checker checker(*d);
  EXPECT_FALSE(checker.IsCorrect("javascript"));
  const std::vector<std::pair<std::string, std::string>> typed = {
      {"javascript", "JavaScript"}, {"Javascript", "JavaScript"},
      {"javascipt", "JavaScript"},  {"phd", "PhD"},
      {"mcdonald", "McDonald"},     {"Mcdonal", "McDonald"},
      {"iphone", "iPhone"},
  };
  for (const auto& [word, expected] : typed) {
    const std::vector<std::string> got = s.Suggest(word);
    ASSERT_FALSE(got.empty()) << word;
    EXPECT_EQ(got[0], expected) << word;
    for (const std::string& g : got) {
      for (size_t start = 0; start <= g.size();) {
        size_t end = std::min(g.find(' ', start), g.size());
        EXPECT_TRUE(checker.IsCorrect(g.substr(start, end - start))) << g;
        start = end + 1;
      }
    }
  }
}

TEST(SuggesterMixedCaseTest, OlderFilesWithoutTheTableStillWork) {
  auto d = MixedCaseSample();
  DictionaryContents c = d->contents();
  c.mixed_case = {};
  const std::string image = EncodeDictionary(c);
  auto older = Dictionary::FromBytes(image, "older.sfd");
  ASSERT_TRUE(older.ok()) << older.status().message();
  Suggester s(**older);
  const std::vector<std::string> got = s.Suggest("javascript");
  EXPECT_FALSE(Contains(got, "JavaScript"));
  EXPECT_TRUE(Contains(got, "java script"));
}

TEST_F(SuggesterTest, EverySuggestionIsAcceptedByTheChecker) {
  Checker checker(*dict_);
  for (std::string_view w :
       {"teh",       "Teh",     "TEH",  "alot",    "Alot",    "ALOT",
        "paris",     "nasa",    "Nasa", "recieve", "RECIEVE", "definatly",
        "Definatly", "dont",    "DONT", "naive",   "NAIVE",   "hellp",
        "tommorow",  "becuase", "cit",  "i"}) {
    for (const std::string& s : Suggest(w)) {
      size_t start = 0;
      while (start <= s.size()) {
        const size_t end = std::min(s.find(' ', start), s.size());
        EXPECT_TRUE(checker.IsCorrect(s.substr(start, end - start)))
            << w << " -> " << s;
        start = end + 1;
      }
    }
  }
}

TEST_F(SuggesterTest, CorrectWordIsItsOwnBestSuggestion) {
  EXPECT_EQ(First("the"), "the");
  EXPECT_EQ(First("The"), "The");
}

TEST(SuggesterRankingTest, CommonerWordFirstAtEqualEdits) {
  // "cit" is a vowel away from both; the class decides.
  {
    auto d = MakeDictionary({"cat\t10", "cot\t70"});
    Suggester s(*d);
    EXPECT_EQ(s.Suggest("cit"), (std::vector<std::string>{"cat", "cot"}));
  }
  {
    auto d = MakeDictionary({"cat\t70", "cot\t10"});
    Suggester s(*d);
    EXPECT_EQ(s.Suggest("cit"), (std::vector<std::string>{"cot", "cat"}));
  }
}

TEST(SuggesterRankingTest, LikelierSlipFirstAtEqualClass) {
  // A missing double letter beats an arbitrary substitution.
  auto d = MakeDictionary({"little\t10", "lifle\t10", "litle\t70"});
  Suggester s(*d);
  const std::vector<std::string> r = s.Suggest("litte");
  ASSERT_GE(r.size(), 2u);
  EXPECT_EQ(r[0], "little");
}

// The user's words are not in the prefix filter; they are found by edit
// distance (at most two edits, a transposition counting one).
TEST_F(SuggesterTest, SuggestsTheUsersWords) {
  Suggester s(*dict_);
  EXPECT_FALSE(Contains(s.Suggest("frobnicatr"), "frobnicator"));
  s.SetUserWords({"frobnicator", "Qwertyuiop", "zyxwv"});
  EXPECT_EQ(s.Suggest("frobnicatr")[0], "frobnicator");   // one deletion
  EXPECT_EQ(s.Suggest("frobincator")[0], "frobnicator");  // transposition
  EXPECT_TRUE(Contains(s.Suggest("frubnicatr"), "frobnicator"));  // two edits
  EXPECT_FALSE(Contains(s.Suggest("frubnocatr"), "frobnicator")); // three
  EXPECT_EQ(s.Suggest("Frobnicatr")[0], "Frobnicator");   // typed case kept
  EXPECT_EQ(s.Suggest("qwertyuiopp")[0], "Qwertyuiop");   // listed case kept
  s.SetUserWords({});
  EXPECT_FALSE(Contains(s.Suggest("frobnicatr"), "frobnicator"));
}

TEST_F(SuggesterTest, RespectsMaxSuggestions) {
  SuggestOptions o;
  o.max_suggestions = 2;
  Suggester s(*dict_, o);
  EXPECT_EQ(s.Suggest("teh").size(), 2u);
  EXPECT_EQ(s.Suggest("teh")[0], "the");
}

TEST_F(SuggesterTest, UnusableInputGetsNothing) {
  EXPECT_TRUE(Suggest("").empty());
  EXPECT_TRUE(Suggest("bad\xFF").empty());
  EXPECT_TRUE(Suggest(std::string(kMaxSuggestLetters + 1, 'a')).empty());
  EXPECT_TRUE(Suggest("1234").empty());
  EXPECT_TRUE(Suggest("\xE4\xB8\xAD\xE5\x9B\xBD").empty());  // 中国
}

// The cost bound: work is counted in hash computations (SuggestStats::work),
// never in time.
TEST_F(SuggesterTest, CostIsBoundedForPathologicalWords) {
  std::mt19937 rng(7);
  std::vector<std::string> words = {
      std::string(60, 'a'),
      std::string(kMaxSuggestLetters, 'e'),
      "accommodateaccommodateaccommodateaccommodateaccommodateaccom",
      "thethethethethethethethethethethethethethethethethethethethe",
      "beginningbeginningbeginningbeginningbeginningbeginningbegin",
  };
  for (int k = 0; k < 20; ++k) {
    std::string w;
    for (int i = 0; i < 60; ++i) w.push_back("aeiounstr"[rng() % 9]);
    words.push_back(w);
  }
  for (const std::string& w : words) {
    suggester_.Suggest(w);
    const SuggestStats& st = suggester_.stats();
    // One expansion (at most kMaxLetters tests) or one Between pass (at
    // most L * (L + 1) for an alphabet of L letters, under 30 here) may run
    // past the check.
    EXPECT_LE(st.work, kDefaultWorkBudget + 30 * 31 + 256) << w;
  }
}

TEST_F(SuggesterTest, TypicalWordsStayFarBelowTheBudget) {
  for (std::string_view w :
       {"teh", "recieve", "acomodate", "definatly", "byootiful"}) {
    suggester_.Suggest(w);
    EXPECT_FALSE(suggester_.stats().budget_exhausted) << w;
    EXPECT_LT(suggester_.stats().work, kDefaultWorkBudget / 10) << w;
    // "teh" and "recieve" have a strong candidate one edit away.
    EXPECT_EQ(suggester_.stats().edits_completed,
              w == "teh" || w == "recieve" ? 2 : kMaxEdits)
        << w;
  }
}

TEST_F(SuggesterTest, ExhaustedBudgetKeepsDistanceOne) {
  suggester_.Suggest("recieve");
  const uint64_t full = suggester_.stats().work;
  SuggestOptions o;
  o.work_budget = full / 2;
  Suggester small(*dict_, o);
  const std::vector<std::string> r = small.Suggest("recieve");
  EXPECT_EQ(small.stats().edits_completed, 1);
  EXPECT_TRUE(Contains(r, "receive"));
}

TEST(SuggesterWithoutSectionsTest, StillFindsDistanceOne) {
  BuildOptions options;
  options.language = "en-US";
  options.suggestion_data = false;
  DictionaryBuilder b(options);
  for (std::string_view w : {"the\t10", "receive\t20", "accommodate\t35"}) {
    ASSERT_TRUE(b.AddLine(w, "t").ok());
  }
  StatusOr<std::string> image = b.Finish(nullptr);
  ASSERT_TRUE(image.ok());
  auto d = Dictionary::FromBytes(*image, "t.sfd");
  ASSERT_TRUE(d.ok());
  Suggester s(**d);
  EXPECT_FALSE(s.has_prefix_filter());
  EXPECT_FALSE(s.has_word_classes());
  EXPECT_EQ(s.Suggest("teh"), std::vector<std::string>{"the"});
  EXPECT_EQ(s.Suggest("Recieve"), std::vector<std::string>{"Receive"});
  EXPECT_TRUE(s.Suggest("acomodate").empty());  // two edits: not without it
}

// A dictionary whose filter answers "yes" to 20 % of non-words: the
// fingerprint check is what keeps them out of the suggestions.
TEST(SuggesterFalsePositiveTest, FingerprintsRejectTheFiltersFalseWords) {
  std::mt19937 rng(11);
  std::set<std::string> words;
  while (words.size() < 3000) {
    std::string w;
    const int len = 4 + rng() % 5;
    for (int i = 0; i < len; ++i) w.push_back("etaoinshrdlu"[rng() % 12]);
    words.insert(w);
  }
  BuildOptions options;
  options.language = "en-US";
  options.fp = 0.2;
  options.prefix_fp = 0.3;
  DictionaryBuilder b(options);
  for (const std::string& w : words) ASSERT_TRUE(b.AddLine(w, "t").ok());
  StatusOr<std::string> image = b.Finish(nullptr);
  ASSERT_TRUE(image.ok());
  auto d = Dictionary::FromBytes(*image, "t.sfd");
  ASSERT_TRUE(d.ok());

  auto false_suggestions = [&](bool check) {
    SuggestOptions o;
    o.check_fingerprints = check;
    Suggester s(**d, o);
    std::mt19937 r(5);
    int bad = 0;
    auto it = words.begin();
    for (int k = 0; k < 200; ++k, ++it) {
      std::string typo = *it;
      typo[r() % typo.size()] = "etaoinshrdlu"[r() % 12];
      for (const std::string& sug : s.Suggest(typo)) bad += !words.count(sug);
    }
    return bad;
  };
  const int unchecked = false_suggestions(false);
  const int checked = false_suggestions(true);
  std::printf("non-word suggestions: %d without fingerprints, %d with\n",
              unchecked, checked);
  EXPECT_GT(unchecked, 20);
  EXPECT_LE(checked * 20, unchecked) << checked << " vs " << unchecked;
}

// A dictionary written before the prefix filter's probes changed to
// ProbeScheme::kSum (tests/data/older_format/xor_prefixes.sfd, built by
// f754419 from words.txt there; section type 6) still loads, and suggests
// exactly as the same list built now: the scheme changes where an edge's
// bits are, not which edges there are.
TEST(SuggesterOlderFormatTest, XorPrefixFileSuggestsAsANewBuild) {
  const std::string dir = SPELLFILTER_OLDER_FORMAT_TEST_DATA;
  auto older = Dictionary::Open(dir + "/xor_prefixes.sfd");
  ASSERT_TRUE(older.ok()) << older.status().message();
  PrefixFilter prefixes;
  ASSERT_EQ(PrefixFilter::Parse((*older)->contents().prefixes, &prefixes),
            nullptr);
  EXPECT_EQ(prefixes.scheme(), ProbeScheme::kXor);

  BuildOptions options;
  options.language = "en-US";
  DictionaryBuilder builder(options);
  std::FILE* f = std::fopen((dir + "/words.txt").c_str(), "r");
  ASSERT_NE(f, nullptr);
  std::vector<std::string> words;
  char line[256];
  while (std::fgets(line, sizeof line, f)) {
    std::string l(line);
    if (!l.empty() && l.back() == '\n') l.pop_back();
    ASSERT_TRUE(builder.AddLine(l, "words.txt").ok()) << l;
    words.push_back(l.substr(0, l.find('\t')));
  }
  std::fclose(f);
  StatusOr<std::string> image = builder.Finish(nullptr);
  ASSERT_TRUE(image.ok()) << image.status().message();
  auto fresh = Dictionary::FromBytes(*image, "fresh.sfd");
  ASSERT_TRUE(fresh.ok()) << fresh.status().message();
  ASSERT_EQ(PrefixFilter::Parse((*fresh)->contents().prefixes, &prefixes),
            nullptr);
  EXPECT_EQ(prefixes.scheme(), ProbeScheme::kSum);

  // Every seventh word with a letter left out, two swapped or one changed.
  Suggester from_older(**older);
  Suggester from_fresh(**fresh);
  std::mt19937 rng(7);
  int compared = 0;
  int found = 0;
  for (size_t i = 0; i < words.size(); i += 7) {
    std::string w = words[i];
    if (w.size() < 4 || !std::all_of(w.begin(), w.end(), [](char c) {
          return std::isalpha(static_cast<unsigned char>(c));
        })) {
      continue;
    }
    const size_t at = 1 + rng() % (w.size() - 2);
    switch (rng() % 3) {
      case 0:
        w.erase(at, 1);
        break;
      case 1:
        std::swap(w[at], w[at + 1]);
        break;
      default:
        w[at] = "aeiourst"[rng() % 8];
        break;
    }
    const std::vector<std::string> expected = from_fresh.Suggest(w);
    EXPECT_EQ(from_older.Suggest(w), expected) << w;
    ++compared;
    found +=
        std::find(expected.begin(), expected.end(), words[i]) != expected.end();
  }
  EXPECT_GT(compared, 150);
  EXPECT_GT(found, compared / 2);  // the comparison is of real answers
}

}  // namespace
}  // namespace spellfilter
