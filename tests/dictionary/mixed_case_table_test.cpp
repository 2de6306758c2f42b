#include "core/dictionary/mixed_case_table.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace spellfilter
