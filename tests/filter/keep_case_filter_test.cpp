// The KEEP_CASE section (keep_case_filter.h): format round trip and
// validation, the checker's use of it (a case-changed form of a keep-case
// word does not count), files without it, and its false-positive rate
// against the sizing in docs/dictionary_format.md.
#include "core/filter/keep_case_filter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "tests/support/aligned_bytes.h"
#include "core/check/checker.h"
#include "core/dictionary/dictionary.h"
#include "core/dictionary/builder.h"
#include "core/util/hash.h"
#include "core/suggest/suggester.h"

namespace spellfilter {
namespace {

std::string Section(const std::vector<std::string>& words, uint32_t flags = 0,
                    double fp = kDefaultKeepCaseFalsePositiveRate) {
  KeepCaseFilterBuilder b(42, flags);
  for (const std::string& w : words) b.Add(w);
  return b.Encode(fp);
}

const char* Parse(const std::string& bytes) {
  Aligned a(bytes);
  KeepCaseFilter f;
  return KeepCaseFilter::Parse(a.span, &f);
}

TEST(KeepCaseFilterTest, SectionRoundTrips) {
  const std::string bytes = Section({"kg", "bit"}, kKeepCaseSharpSCapitalised);
  Aligned a(bytes);
  KeepCaseFilter f;
  ASSERT_EQ(KeepCaseFilter::Parse(a.span, &f), nullptr);
  EXPECT_FALSE(f.empty());
  EXPECT_EQ(f.words(), 2u);
  EXPECT_TRUE(f.sharp_s_capitalised());
  EXPECT_EQ(f.target_fp(), kDefaultKeepCaseFalsePositiveRate);
  EXPECT_TRUE(f.MayContain("kg"));
  EXPECT_TRUE(f.MayContain("bit"));
  EXPECT_FALSE(f.MayContain("KG"));
  EXPECT_FALSE(f.MayContain("the"));
}

TEST(KeepCaseFilterTest, DamagedSectionIsRefused) {
  const std::string good = Section({"kg"});
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
  EXPECT_NE(poked(40, 2), nullptr);  // unknown flag
  double zero = 0;
  std::string b = good;
  std::memcpy(b.data() + 32, &zero, 8);  // target rate
  EXPECT_NE(Parse(b), nullptr);
}

// A dictionary with `words`, and `keep` as keep-case words unless null.
std::unique_ptr<Dictionary> Build(const std::vector<std::string>& words,
                                  const std::vector<std::string>* keep,
                                  std::string language = "fr",
                                  uint32_t flags = 0) {
  BuildOptions o;
  o.language = std::move(language);
  DictionaryBuilder b(o);
  for (const std::string& w : words) EXPECT_TRUE(b.AddLine(w, "t").ok());
  if (keep != nullptr) {
    b.EnableKeepCase(flags);
    for (const std::string& w : *keep) EXPECT_TRUE(b.AddKeepCase(w, "t").ok());
  }
  BuildSummary summary;
  StatusOr<std::string> image = b.Finish(&summary);
  EXPECT_TRUE(image.ok());
  if (keep != nullptr) {
    EXPECT_EQ(summary.keep_case_words, keep->size());
  }
  auto d = Dictionary::FromBytes(*image, "t.sfd");
  EXPECT_TRUE(d.ok()) << d.status().message();
  return std::move(d).value();
}

template <typename T>
T Peek(const std::string& image, size_t offset) {
  T v;
  std::memcpy(&v, image.data() + offset, sizeof(T));
  return v;
}
template <typename T>
void Poke(std::string* image, size_t offset, T v) {
  std::memcpy(image->data() + offset, &v, sizeof(T));
}

// Recomputes every checksum of a file image after an edit.
void Reseal(std::string* image) {
  const uint32_t count = Peek<uint32_t>(*image, 24);
  for (uint32_t i = 0; i < count; ++i) {
    const size_t e = kHeaderBytes + i * kSectionEntryBytes;
    Poke<uint64_t>(image, e + 24,
                   Checksum(image->data() + Peek<uint64_t>(*image, e + 8),
                            Peek<uint64_t>(*image, e + 16)));
  }
  Poke<uint64_t>(image, 32, Checksum(image->data() + kHeaderBytes,
                                     count * kSectionEntryBytes));
  Poke<uint64_t>(image, 56, Checksum(image->data(), 56));
}

// The section in a file: optional, checked by the loader, skipped by a
// reader that does not know it.
TEST(KeepCaseFilterTest, DictionaryFileCarriesTheOptionalSection) {
  BuildOptions o;
  o.language = "fr";
  DictionaryBuilder b(o);
  ASSERT_TRUE(b.AddLine("kg", "t").ok());
  b.EnableKeepCase(0);
  ASSERT_TRUE(b.AddKeepCase("kg", "t").ok());
  StatusOr<std::string> built = b.Finish(nullptr);
  ASSERT_TRUE(built.ok());
  const std::string image = *built;
  size_t e = 0;
  for (uint32_t i = 0; i < Peek<uint32_t>(image, 24); ++i) {
    const size_t at = kHeaderBytes + i * kSectionEntryBytes;
    if (Peek<uint32_t>(image, at) == kSectionKeepCase) e = at;
  }
  ASSERT_NE(e, 0u);
  EXPECT_EQ(Peek<uint32_t>(image, e + 4) & kSectionRequired, 0u);
  auto d = Dictionary::FromBytes(image, "t.sfd");
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_TRUE((*d)->keep_case().MayContain("kg"));

  std::string bad = image;
  Poke<uint32_t>(&bad, Peek<uint64_t>(image, e + 8) + 40, 6);  // flags
  Reseal(&bad);
  auto f = Dictionary::FromBytes(bad, "b.sfd");
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().message(), "b.sfd: bad keep-case words parameters");

  std::string renamed = image;
  Poke<uint32_t>(&renamed, e, 99);
  Reseal(&renamed);
  auto r = Dictionary::FromBytes(renamed, "r.sfd");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE((*r)->keep_case().empty());
  Checker old_reader(**r);
  EXPECT_TRUE(old_reader.IsCorrect("KG"));
}

TEST(KeepCaseFilterTest, CheckerRefusesCaseChangedFormsOfKeepCaseWords) {
  const std::vector<std::string> words = {"kg", "bit", "the", "Da", "pH"};
  const std::vector<std::string> keep = {"kg", "bit", "Da", "pH"};
  auto d = Build(words, &keep);
  ASSERT_FALSE(d->keep_case().empty());
  Checker checker(*d);
  for (const char* ok : {"kg", "bit", "Da", "pH", "the", "The", "THE"}) {
    EXPECT_TRUE(checker.IsCorrect(ok)) << ok;
  }
  for (const char* bad : {"KG", "Kg", "BIT", "Bit", "DA", "PH", "Ph", "da"}) {
    EXPECT_FALSE(checker.IsCorrect(bad)) << bad;
  }
  // Through Check too, where words found as written take the fast path.
  std::vector<Misspelling> found;
  const std::string text = "kg KG the BIT bit";
  checker.Check(text, &found);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(text.substr(found[0].offset, found[0].length), "KG");
  EXPECT_EQ(text.substr(found[1].offset, found[1].length), "BIT");
}

TEST(KeepCaseFilterTest, WithoutTheSectionEveryCaseFormIsAccepted) {
  auto d = Build({"kg", "bit"}, nullptr);
  EXPECT_TRUE(d->keep_case().empty());
  Checker checker(*d);
  for (const char* ok : {"kg", "KG", "Kg", "BIT", "Bit"}) {
    EXPECT_TRUE(checker.IsCorrect(ok)) << ok;
  }
  // Nor is a section written when there are no keep-case words.
  const std::vector<std::string> none;
  EXPECT_TRUE(Build({"kg"}, &none)->keep_case().empty());
}

// The suggester presents suggestions in the typed case only when the
// checker would accept them: no "KG" for "KGG" when "kg" keeps its case.
TEST(KeepCaseFilterTest, SuggestionsInAChangedCaseRespectIt) {
  const std::vector<std::string> words = {"kg", "keg"};
  const std::vector<std::string> keep = {"kg"};
  auto contains = [](const std::vector<std::string>& v, const char* w) {
    return std::find(v.begin(), v.end(), w) != v.end();
  };
  auto plain = Build(words, nullptr);
  EXPECT_TRUE(contains(Suggester(*plain).Suggest("KGG"), "KG"));
  auto kept = Build(words, &keep);
  const std::vector<std::string> s = Suggester(*kept).Suggest("KGG");
  EXPECT_FALSE(contains(s, "KG"));
  EXPECT_TRUE(contains(s, "KEG"));
  EXPECT_TRUE(contains(Suggester(*kept).Suggest("kgg"), "kg"));
}

// Hunspell's CHECKSHARPS exceptions: a KEEPCASE word with ß is correct
// Capitalised (under the flag) and ALL UPPER with SS, never with ß.
TEST(KeepCaseFilterTest, SharpSExceptions) {
  const std::vector<std::string> keep = {"m\xC3\xBC\xC3\x9Fig"};  // müßig
  auto with = Build({"m\xC3\xBC\xC3\x9Fig"}, &keep, "de",
                    kKeepCaseSharpSCapitalised);
  Checker c(*with);
  EXPECT_TRUE(c.IsCorrect("m\xC3\xBC\xC3\x9Fig"));
  EXPECT_TRUE(c.IsCorrect("M\xC3\xBC\xC3\x9Fig"));   // Müßig
  EXPECT_TRUE(c.IsCorrect("M\xC3\x9CSSIG"));         // MÜSSIG
  EXPECT_FALSE(c.IsCorrect("M\xC3\x9C\xC3\x9FIG"));  // MÜßIG
  auto without = Build({"m\xC3\xBC\xC3\x9Fig"}, &keep, "de", 0);
  Checker w(*without);
  EXPECT_FALSE(w.IsCorrect("M\xC3\xBC\xC3\x9Fig"));
  EXPECT_TRUE(w.IsCorrect("M\xC3\x9CSSIG"));
}

// The sizing's promise: a word not in the section passes at the per-probe
// rate at most (measured at a high rate so that it shows; real sections
// use 1e-9).
TEST(KeepCaseFilterTest, FalsePositiveRateMatchesTheTarget) {
  std::mt19937_64 rng(5);
  std::vector<std::string> words;
  for (int i = 0; i < 20000; ++i) words.push_back("k" + std::to_string(rng()));
  const double fp = 1e-3;
  const std::string bytes = Section(words, 0, fp);
  Aligned a(bytes);
  KeepCaseFilter f;
  ASSERT_EQ(KeepCaseFilter::Parse(a.span, &f), nullptr);
  for (const std::string& w : words) ASSERT_TRUE(f.MayContain(w));
  const int queries = 200000;
  int hits = 0;
  for (int i = 0; i < queries; ++i) hits += f.MayContain("q" + std::to_string(rng()));
  EXPECT_LE(static_cast<double>(hits) / queries, fp * 1.5) << hits;
  // Bits per word near the blocked layout's for that rate, not more.
  EXPECT_LT(8.0 * bytes.size() / words.size(), 20.0);
}

}  // namespace
}  // namespace spellfilter
