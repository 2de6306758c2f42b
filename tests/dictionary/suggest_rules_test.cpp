#include "core/dictionary/suggest_rules.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/dictionary/dictionary.h"
#include "core/dictionary/format.h"
#include "core/util/hash.h"

namespace spellfilter {
namespace {

std::span<const std::byte> View(const std::string& s) {
  return std::as_bytes(std::span<const char>(s));
}

SuggestRules Sample() {
  SuggestRules r;
  r.try_letters = "esijanrtolcdugmphbyfvkwqxzäüößáéêàâñ";
  r.rep = {{"ss", "ß"}, {"ie", "ei"}, {"^ph", "f"}, {"a_lot", "alot"}};
  r.map = {"aàâä", "(ss)ß"};
  r.key = "azertyuiop|qsdfghjklmù|wxcvbn";
  r.phone = {{"AH(AEIOUY)-^", "*H"}, {"ß", "S"}};
  return r;
}

TEST(SuggestRulesTest, RoundTrip) {
  const SuggestRules r = Sample();
  const std::string section = r.Encode();
  SuggestRules back;
  ASSERT_EQ(SuggestRules::Parse(View(section), &back), nullptr);
  EXPECT_EQ(back.try_letters, r.try_letters);
  EXPECT_EQ(back.rep, r.rep);
  EXPECT_EQ(back.map, r.map);
  EXPECT_EQ(back.key, r.key);
  EXPECT_EQ(back.phone, r.phone);
  EXPECT_TRUE(SuggestRules().empty());
  EXPECT_FALSE(back.empty());
}

TEST(SuggestRulesTest, MapMembers) {
  EXPECT_EQ(SuggestRules::MapMembers("aàâ"),
            (std::vector<std::string>{"a", "à", "â"}));
  EXPECT_EQ(SuggestRules::MapMembers("(ss)ß"),
            (std::vector<std::string>{"ss", "ß"}));
  EXPECT_TRUE(SuggestRules::MapMembers("\xFF").empty());
}

// Every damage to the structure is refused with a reason: a truncation at
// every length, a bad version, an unknown kind, a count past the records,
// bytes after them, invalid UTF-8.
TEST(SuggestRulesTest, DamageIsRefused) {
  const std::string good = Sample().Encode();
  SuggestRules out;
  for (size_t len = 0; len < good.size(); ++len) {
    EXPECT_NE(SuggestRules::Parse(View(good.substr(0, len)), &out), nullptr)
        << len;
  }
  std::string version = good;
  version[0] = 2;
  EXPECT_NE(SuggestRules::Parse(View(version), &out), nullptr);
  std::string kind = good;
  kind[8] = 9;  // the first record's kind
  EXPECT_NE(SuggestRules::Parse(View(kind), &out), nullptr);
  std::string count = good;
  count[4] = static_cast<char>(count[4] + 1);
  EXPECT_NE(SuggestRules::Parse(View(count), &out), nullptr);
  std::string huge = good;
  huge[7] = 0x7F;
  EXPECT_NE(SuggestRules::Parse(View(huge), &out), nullptr);
  EXPECT_NE(SuggestRules::Parse(View(good + "x"), &out), nullptr);
  SuggestRules bad_text;
  bad_text.key = "\xC3";  // a lead byte alone
  EXPECT_NE(SuggestRules::Parse(View(bad_text.Encode()), &out), nullptr);
}

// In a file: section type 14, optional, checksummed; a damaged section is
// corruption, a reader that does not know the type skips it.
TEST(SuggestRulesTest, InADictionaryFile) {
  std::vector<uint64_t> bits(16, 0x0123456789ABCDEFull);
  DictionaryContents c;
  c.filter = BloomParams{Layout::kBlocked, 1024, 7, 99};
  c.words_at_build = 10;
  c.capacity = 20;
  c.target_fp = 1e-6;
  c.language = "de-DE";
  c.alphabet = {U'a', U'b', U'\u00DF'};
  c.bits = bits;
  const std::string section = Sample().Encode();
  c.suggest_rules = View(section);
  const std::string image = EncodeDictionary(c);
  auto d = Dictionary::FromBytes(image, "t.sfd");
  ASSERT_TRUE(d.ok()) << d.status().message();
  ASSERT_EQ((*d)->contents().suggest_rules.size(), section.size());
  SuggestRules back;
  ASSERT_EQ(SuggestRules::Parse((*d)->contents().suggest_rules, &back),
            nullptr);
  EXPECT_EQ(back.rep, Sample().rep);

  // Find the section's entry.
  size_t entry = 0;
  uint32_t count = 0;
  std::memcpy(&count, image.data() + 24, 4);
  for (uint32_t i = 0; i < count; ++i) {
    const size_t e = kHeaderBytes + i * kSectionEntryBytes;
    uint32_t type = 0;
    std::memcpy(&type, image.data() + e, 4);
    if (type == kSectionSuggestRules) entry = e;
  }
  ASSERT_NE(entry, 0u);
  uint32_t flags = 0;
  std::memcpy(&flags, image.data() + entry + 4, 4);
  EXPECT_EQ(flags & kSectionRequired, 0u);
  uint64_t offset = 0;
  std::memcpy(&offset, image.data() + entry + 8, 8);
  // A flipped byte inside: the checksum catches it.
  std::string flipped = image;
  flipped[offset + 10] = static_cast<char>(flipped[offset + 10] ^ 0x20);
  auto damaged = Dictionary::FromBytes(flipped, "t.sfd");
  ASSERT_FALSE(damaged.ok());
  EXPECT_EQ(damaged.status().code(), Status::Code::kCorruption);
  EXPECT_NE(damaged.status().message().find("t.sfd"), std::string::npos);
}

}  // namespace
}  // namespace spellfilter
