// The COMPOUND_RULES section (compound_rules.h): round trip, validation of
// a damaged section, and in a dictionary file: checksummed, optional (an
// old reader skips it), attached to the compound parts.
#include "core/filter/compound_rules.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "core/dictionary/builder.h"
#include "core/dictionary/dictionary.h"
#include "core/dictionary/format.h"
#include "core/util/hash.h"
#include "tests/support/aligned_bytes.h"

namespace spellfilter {
namespace {

CompoundRuleSet Sample() {
  CompoundRuleSet s;
  s.flags = {'1', 'm', 'n', 'p', 't'};
  // n*1t and n*mp, as en_US.aff writes them.
  s.rules = {{{2, '*'}, {0, 0}, {4, 0}}, {{2, '*'}, {1, 0}, {3, 0}}};
  s.check_rep = true;
  s.rep = {{"í", "i"}, {"f", "ph"}};
  CompoundPatternRule p;
  p.end = "nny";
  p.begin = "ny";
  s.patterns.push_back(p);
  CompoundPatternRule q;
  q.stems_only = true;
  q.end_flag = 1;
  q.begin_flag = 2;
  q.replacement = "z";
  q.has_replacement = true;
  s.patterns.push_back(q);
  s.simplified_triple = true;
  s.force_ucase = 5;
  return s;
}

const char* Parse(const std::string& bytes, CompoundRuleSet* out) {
  Aligned a(bytes);
  return CompoundRuleSet::Parse(a.span, out);
}

TEST(CompoundRulesTest, RoundTrips) {
  const CompoundRuleSet s = Sample();
  CompoundRuleSet r;
  ASSERT_EQ(Parse(s.Encode(), &r), nullptr);
  EXPECT_EQ(r.flags, s.flags);
  ASSERT_EQ(r.rules.size(), 2u);
  EXPECT_EQ(r.rules[0][0].flag_index, 2u);
  EXPECT_EQ(r.rules[0][0].quantifier, '*');
  EXPECT_EQ(r.rules[1][2].flag_index, 3u);
  EXPECT_EQ(r.rules[1][2].quantifier, 0);
  EXPECT_EQ(r.atoms(), 6u);
  EXPECT_TRUE(r.check_rep);
  EXPECT_EQ(r.rep, s.rep);
  ASSERT_EQ(r.patterns.size(), 2u);
  EXPECT_EQ(r.patterns[0].end, "nny");
  EXPECT_EQ(r.patterns[0].begin, "ny");
  EXPECT_FALSE(r.patterns[0].has_replacement);
  EXPECT_TRUE(r.patterns[1].stems_only);
  EXPECT_EQ(r.patterns[1].end_flag, 1u);
  EXPECT_EQ(r.patterns[1].begin_flag, 2u);
  EXPECT_EQ(r.patterns[1].replacement, "z");
  EXPECT_TRUE(r.patterns[1].has_replacement);
  EXPECT_TRUE(r.simplified_triple);
  EXPECT_EQ(r.force_ucase, 5u);
  EXPECT_FALSE(r.empty());
  EXPECT_TRUE(CompoundRuleSet().empty());
}

TEST(CompoundRulesTest, DamagedSectionIsRefused) {
  const std::string good = Sample().Encode();
  CompoundRuleSet r;
  ASSERT_EQ(Parse(good, &r), nullptr);
  // Every truncation, and a trailing byte.
  for (size_t n = 0; n < good.size(); ++n) {
    EXPECT_NE(Parse(good.substr(0, n), &r), nullptr) << n;
  }
  EXPECT_NE(Parse(good + "x", &r), nullptr);
  auto poked = [&](size_t offset, uint32_t v) {
    std::string b = good;
    std::memcpy(b.data() + offset, &v, 4);
    return Parse(b, &r);
  };
  EXPECT_STREQ(poked(0, 3), "unknown compound rules version");
  // Version 2 expects the syllable rules after the patterns.
  EXPECT_STREQ(poked(0, 2), "compound rules truncated");
  EXPECT_STREQ(poked(4, 4), "bad compound rules flags");
  EXPECT_NE(poked(8, 1000), nullptr);               // flag count
  EXPECT_STREQ(poked(12, 6), "bad FORCEUCASE flag index");
  // The first atom (after the header, the 5 flags, the rule count and the
  // first rule's length): an index past the flags, an unknown quantifier.
  const size_t atom = 16 + 5 * 4 + 4 + 4;
  EXPECT_STREQ(poked(atom, 5), "bad compound rule atom");
  EXPECT_STREQ(poked(atom, 2 | 'x' << 16), "bad compound rule atom");
  // A count far beyond the bytes left is refused before any allocation.
  EXPECT_STREQ(poked(16 + 5 * 4, 0x7FFFFFFF), "compound rules truncated");
}

// COMPOUNDSYLLABLE and COMPOUNDROOT make a version 2 section; without
// them the bytes stay version 1's, as older readers know them.
TEST(CompoundRulesTest, SyllableRulesRoundTripAsVersionTwo) {
  const std::string plain = Sample().Encode();
  uint32_t version = 0;
  std::memcpy(&version, plain.data(), 4);
  EXPECT_EQ(version, 1u);

  CompoundRuleSet s = Sample();
  s.max_syllables = 6;
  s.vowels = "aáeéiíoóöőuúüű";
  s.hungarian = true;
  s.compound_root = 3;
  const std::string good = s.Encode();
  std::memcpy(&version, good.data(), 4);
  EXPECT_EQ(version, 2u);
  EXPECT_EQ(good.substr(4, plain.size() - 4), plain.substr(4));
  CompoundRuleSet r;
  ASSERT_EQ(Parse(good, &r), nullptr);
  EXPECT_EQ(r.max_syllables, 6u);
  EXPECT_EQ(r.vowels, s.vowels);
  EXPECT_TRUE(r.hungarian);
  EXPECT_EQ(r.compound_root, 3u);
  EXPECT_EQ(r.force_ucase, 5u);

  CompoundRuleSet only_root;
  only_root.flags = {'y'};
  only_root.compound_root = 1;
  EXPECT_FALSE(only_root.empty());
  ASSERT_EQ(Parse(only_root.Encode(), &r), nullptr);
  EXPECT_EQ(r.compound_root, 1u);
  EXPECT_EQ(r.max_syllables, 0u);
  EXPECT_FALSE(r.hungarian);

  for (size_t n = plain.size(); n < good.size(); ++n) {
    EXPECT_STREQ(Parse(good.substr(0, n), &r), "compound rules truncated")
        << n;
  }
  EXPECT_NE(Parse(good + "x", &r), nullptr);
  auto poked_end = [&](size_t from_end, uint32_t v) {
    std::string b = good;
    std::memcpy(b.data() + b.size() - from_end, &v, 4);
    return Parse(b, &r);
  };
  EXPECT_STREQ(poked_end(4, 2), "bad compound syllable rules");  // bits
  EXPECT_STREQ(poked_end(8, 6), "bad compound syllable rules");  // root
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

size_t Entry(const std::string& image, uint32_t type) {
  for (uint32_t i = 0; i < Peek<uint32_t>(image, 24); ++i) {
    const size_t e = kHeaderBytes + i * kSectionEntryBytes;
    if (Peek<uint32_t>(image, e) == type) return e;
  }
  return 0;
}

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

std::string Image(bool with_parts) {
  BuildOptions o;
  o.language = "en";
  DictionaryBuilder b(o);
  EXPECT_TRUE(b.AddLine("word", "t").ok());
  if (with_parts) {
    b.EnableCompounds(CompoundSettings{});
    EXPECT_TRUE(b.AddCompoundPart(static_cast<CompoundRole>(kFlagRoleBase),
                                  "2", "t")
                    .ok());
  }
  b.SetCompoundRules(Sample().Encode());
  StatusOr<std::string> image = b.Finish(nullptr);
  EXPECT_TRUE(image.ok());
  return image.ok() ? *image : std::string();
}

TEST(CompoundRulesTest, DictionaryFileCarriesTheOptionalSection) {
  const std::string image = Image(true);
  const size_t e = Entry(image, kSectionCompoundRules);
  ASSERT_NE(e, 0u);
  EXPECT_EQ(Peek<uint32_t>(image, e + 4) & kSectionRequired, 0u);
  auto d = Dictionary::FromBytes(image, "t.sfd");
  ASSERT_TRUE(d.ok()) << d.status().message();
  const CompoundFilter& parts = (*d)->compound_parts();
  ASSERT_NE(parts.rules(), nullptr);
  EXPECT_EQ(parts.rules()->rules.size(), 2u);
  EXPECT_TRUE(parts.MayContainRole(kFlagRoleBase, "2"));
  // The word test CHECKCOMPOUNDREP asks is the dictionary's.
  EXPECT_TRUE(parts.IsWord("word"));
  EXPECT_FALSE(parts.IsWord("wort"));

  // Without compound parts the rules are not written.
  EXPECT_EQ(Entry(Image(false), kSectionCompoundRules), 0u);

  // Damaged: the checksum catches it; resealed, the section's own check.
  const size_t at = Peek<uint64_t>(image, e + 8);
  std::string flipped = image;
  flipped[at + 4] ^= 8;  // the flags field
  auto f = Dictionary::FromBytes(flipped, "f.sfd");
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().code(), Status::Code::kCorruption);
  EXPECT_NE(f.status().message().find("section 15 checksum"),
            std::string::npos)
      << f.status().message();
  Reseal(&flipped);
  auto b = Dictionary::FromBytes(flipped, "b.sfd");
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.status().code(), Status::Code::kCorruption);
  EXPECT_EQ(b.status().message(), "b.sfd: bad compound rules flags");

  // An old reader skips it: renamed to an unknown optional type, the file
  // loads, its compound parts without rules.
  std::string renamed = image;
  Poke<uint32_t>(&renamed, e, 99);
  Reseal(&renamed);
  auto r = Dictionary::FromBytes(renamed, "r.sfd");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ((*r)->compound_parts().rules(), nullptr);
}

}  // namespace
}  // namespace spellfilter
