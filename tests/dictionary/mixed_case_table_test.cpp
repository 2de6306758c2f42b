#include "core/dictionary/mixed_case_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "core/util/byte_order.h"

namespace spellfilter {
namespace {

std::span<const std::byte> View(const std::string& s) {
  return std::as_bytes(std::span<const char>(s));
}

std::vector<std::string> WrittenForms(const MixedCaseTable& t,
                                      std::string_view lower) {
  std::vector<std::string> out;
  const auto [first, last] = t.Find(lower);
  for (size_t i = first; i < last; ++i) {
    EXPECT_EQ(t.Lower(i), lower);
    out.emplace_back(t.Written(i));
  }
  return out;
}

TEST(MixedCaseTableTest, FindsTheWrittenFormsOfALowerCaseWord) {
  MixedCaseTableBuilder b;
  b.Add("macos", "macOS");
  b.Add("javascript", "JavaScript");
  b.Add("phd", "PhD");
  b.Add("macos", "MacOS");
  b.Add("javascript", "JavaScript");  // again: kept once
  b.Add("mcdonald's", "McDonald's");
  b.Add("mcdonald", "McDonald");
  b.Add("ǆungla", "ǅungla");  // not ASCII
  const std::string section = b.Encode();
  MixedCaseTable t;
  ASSERT_EQ(MixedCaseTable::Parse(View(section), &t), nullptr);
  EXPECT_EQ(t.size(), 7u);
  EXPECT_EQ(WrittenForms(t, "javascript"),
            std::vector<std::string>{"JavaScript"});
  EXPECT_EQ(WrittenForms(t, "macos"),
            (std::vector<std::string>{"MacOS", "macOS"}));
  // A word that is a prefix of another finds only its own forms.
  EXPECT_EQ(WrittenForms(t, "mcdonald"), std::vector<std::string>{"McDonald"});
  EXPECT_EQ(WrittenForms(t, "mcdonald's"),
            std::vector<std::string>{"McDonald's"});
  EXPECT_EQ(WrittenForms(t, "ǆungla"), std::vector<std::string>{"ǅungla"});
  for (std::string_view absent : {"", "a", "java", "mc", "zzz", "phds"}) {
    EXPECT_TRUE(WrittenForms(t, absent).empty()) << absent;
  }
}

// Many entries over many blocks, with forms that share long prefixes, a
// lower-case form with many written forms across a block boundary, and
// written forms that are not the lower-case one with capitals (kept as
// they are): the front-coded layout answers as the plain one, and is
// smaller.
TEST(MixedCaseTableTest, FrontCodedLayoutAnswersAsThePlainOne) {
  MixedCaseTableBuilder b;
  std::vector<std::pair<std::string, std::string>> pairs;
  for (int i = 0; i < 3000; ++i) {
    const std::string stem = "abang" + std::to_string(i);
    pairs.emplace_back(stem + "-ku", stem + "-Ku");
    pairs.emplace_back(stem + "mu", stem + "Mu");
    pairs.emplace_back("d'" + stem, "d'A" + stem.substr(1));
  }
  for (int i = 0; i < 14; ++i) {  // one lower-case form, 14 spellings
    std::string w = "mixedcasewordx";
    w[i] = static_cast<char>(w[i] - 'a' + 'A');
    pairs.emplace_back("mixedcasewordx", w);
  }
  pairs.emplace_back("ǆungla", "ǅungla");            // titlecase: as written
  pairs.emplace_back("éclair", "ÉClair");            // two-byte capital
  pairs.emplace_back("straße", "STRASSE");           // not letter for letter
  pairs.emplace_back("istanbul'lu", "İstanbul'Lu");  // Turkic İ: as written
  for (const auto& [lower, written] : pairs) b.Add(lower, written);
  MixedCaseTableBuilder plain_builder;
  for (const auto& [lower, written] : pairs) plain_builder.Add(lower, written);
  const std::string section = b.Encode();
  const std::string plain = plain_builder.EncodePlain();
  EXPECT_LT(section.size(), plain.size() / 2);
  MixedCaseTable t;
  MixedCaseTable p;
  ASSERT_EQ(MixedCaseTable::Parse(View(section), &t), nullptr);
  ASSERT_EQ(MixedCaseTable::Parse(View(plain), &p), nullptr);
  ASSERT_EQ(t.size(), p.size());
  for (size_t i = 0; i < t.size(); ++i) {
    ASSERT_EQ(t.Lower(i), p.Lower(i)) << i;
    ASSERT_EQ(t.Written(i), p.Written(i)) << i;
  }
  for (const auto& [lower, written] : pairs) {
    const std::vector<std::string> forms = WrittenForms(t, lower);
    EXPECT_EQ(forms, WrittenForms(p, lower)) << lower;
    EXPECT_NE(std::find(forms.begin(), forms.end(), written), forms.end())
        << lower;
    EXPECT_TRUE(WrittenForms(t, lower + "q").empty()) << lower;
  }
  EXPECT_EQ(WrittenForms(t, "mixedcasewordx").size(), 14u);
  for (std::string_view absent : {"", "a", "zzz", "abang", "d'"}) {
    EXPECT_TRUE(WrittenForms(t, absent).empty()) << absent;
  }
}

TEST(MixedCaseTableTest, NoWordsNoSection) {
  MixedCaseTableBuilder b;
  EXPECT_TRUE(b.Encode().empty());
  MixedCaseTable t;
  EXPECT_TRUE(t.empty());
  EXPECT_TRUE(WrittenForms(t, "phd").empty());
}

// A section made by hand: count, reserved, offsets, text.
std::string Section(const std::vector<std::string>& entries) {
  std::string out;
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(entries.size()));
  PutFixed<uint32_t>(&out, 0);
  uint32_t at = 0;
  PutFixed<uint32_t>(&out, at);
  for (const std::string& e : entries) {
    at += static_cast<uint32_t>(e.size());
    PutFixed<uint32_t>(&out, at);
  }
  for (const std::string& e : entries) out += e;
  return out;
}

TEST(MixedCaseTableTest, RefusesDamagedSections) {
  MixedCaseTable t;
  ASSERT_EQ(MixedCaseTable::Parse(View(Section({"phd\tPhD"})), &t), nullptr);
  std::vector<std::pair<std::string, std::string>> bad = {
      {"short", std::string(5, '\0')},
      {"count past the end", Section({"phd\tPhD"}).replace(0, 1, "\x09")},
      {"text longer than the offsets say", Section({"phd\tPhD"}) + "x"},
      {"no TAB", Section({"phdPhD"})},
      {"two TABs", Section({"phd\tPh\tD"})},
      {"no lower-case form", Section({"\tPhD"})},
      {"no written form", Section({"phd\t"})},
      {"a newline", Section({"phd\tPh\nD"})},
      {"invalid UTF-8", Section({"ph\xff\tPh\xff"})},
      {"out of order", Section({"phd\tPhD", "javascript\tJavaScript"})},
      {"repeated", Section({"phd\tPhD", "phd\tPhD"})},
      {"empty entry", Section({"phd\tPhD", ""})},
  };
  // An offset past the text before a smaller one (no entry may be read
  // past the text while the offsets are checked).
  // Four entries over the text of two: offsets 0, 3, 1000, 2000, 6.
  std::string past;
  for (uint32_t v : {4u, 0u, 0u, 3u, 1000u, 2000u, 6u}) PutFixed(&past, v);
  past += "a\tAb\tB";
  bad.emplace_back("offsets past the text", past);
  for (const auto& [what, section] : bad) {
    MixedCaseTable u;
    EXPECT_NE(MixedCaseTable::Parse(View(section), &u), nullptr) << what;
    EXPECT_TRUE(u.empty()) << what;
  }
}

TEST(MixedCaseTableTest, RefusesDamagedFrontCodedSections) {
  MixedCaseTableBuilder b;
  for (int i = 0; i < 40; ++i) {
    b.Add("phd" + std::to_string(i), "PhD" + std::to_string(i));
  }
  const std::string good = b.Encode();
  MixedCaseTable t;
  ASSERT_EQ(MixedCaseTable::Parse(View(good), &t), nullptr);
  std::vector<std::pair<std::string, std::string>> bad = {
      {"short", good.substr(0, 12)},
      {"unknown layout", std::string(good).replace(4, 1, "\x07")},
      {"wrong block count", std::string(good).replace(8, 1, "\x09")},
      {"data cut", good.substr(0, good.size() - 1)},
      {"data longer", good + "x"},
      {"count past the entries", std::string(good).replace(0, 1, "\x29")},
  };
  // Every byte of the data changed in turn: refused or still well formed,
  // never read past the section (ASan) nor crashing.
  const size_t data_start = 16 + 4 * (3 + 1);
  for (size_t i = data_start; i < good.size(); ++i) {
    std::string s = good;
    s[i] = static_cast<char>(s[i] ^ 0x5A);
    MixedCaseTable u;
    if (MixedCaseTable::Parse(View(s), &u) == nullptr) {
      for (size_t k = 0; k < u.size(); ++k) (void)u.Written(k);
      (void)u.Find("phd1");
    }
  }
  for (const auto& [what, section] : bad) {
    MixedCaseTable u;
    EXPECT_NE(MixedCaseTable::Parse(View(section), &u), nullptr) << what;
    EXPECT_TRUE(u.empty()) << what;
  }
}

}  // namespace
}  // namespace spellfilter
