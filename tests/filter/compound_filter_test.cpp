// The COMPOUND_PARTS section (compound_filter.h) and the split search over
// it (compound_splitter.h): format round trip and validation, the search's
// rules and probe bound, and its false-accept rate against the arithmetic
// in docs/dictionary_format.md.
#include "core/filter/compound_filter.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "tests/support/aligned_bytes.h"
#include "core/check/compound_splitter.h"
#include "core/dictionary/dictionary.h"
#include "core/dictionary/builder.h"
#include "core/util/hash.h"

namespace spellfilter {
namespace {

struct Parts {
  explicit Parts(const std::string& section) : bytes(section) {
    const char* problem = CompoundFilter::Parse(bytes.span, &filter);
    EXPECT_EQ(problem, nullptr) << problem;
  }
  Aligned bytes;
  CompoundFilter filter;
};

std::string Section(const std::vector<std::pair<CompoundRole, std::string>>& parts,
                    const CompoundSettings& settings,
                    double fp = kDefaultCompoundFalsePositiveRate) {
  CompoundFilterBuilder b(42, settings);
  for (const auto& [role, part] : parts) b.Add(role, part);
  return b.Encode(fp);
}

constexpr CompoundRole kB = CompoundRole::kBegin;
constexpr CompoundRole kM = CompoundRole::kMiddle;
constexpr CompoundRole kE = CompoundRole::kEnd;

TEST(CompoundFilterTest, SectionRoundTripsItsSettingsAndParts) {
  CompoundSettings s;
  s.min_part = 2;
  s.max_parts = 4;
  s.check_case = true;
  s.check_triple = true;
  Parts p(Section({{kB, "Haus"}, {kE, "tür"}, {kM, "tür"}}, s));
  EXPECT_EQ(p.filter.settings().min_part, 2u);
  EXPECT_EQ(p.filter.settings().max_parts, 4u);
  EXPECT_TRUE(p.filter.settings().check_case);
  EXPECT_FALSE(p.filter.settings().check_dup);
  EXPECT_TRUE(p.filter.settings().check_triple);
  EXPECT_EQ(p.filter.parts(), 3u);
  EXPECT_TRUE(p.filter.MayContain(kB, "Haus"));
  EXPECT_TRUE(p.filter.MayContain(kE, "tür"));
  // Roles are separate keys.
  EXPECT_FALSE(p.filter.MayContain(kE, "Haus"));
  EXPECT_FALSE(p.filter.MayContain(kB, "tür"));
}

TEST(CompoundFilterTest, DamagedSectionIsRefused) {
  const std::string good = Section({{kB, "foo"}}, CompoundSettings{});
  auto parse = [](std::string bytes) {
    Aligned a(bytes);
    CompoundFilter f;
    return CompoundFilter::Parse(a.span, &f);
  };
  ASSERT_EQ(parse(good), nullptr);
  EXPECT_NE(parse(good.substr(0, 40)), nullptr);               // truncated
  EXPECT_NE(parse(good.substr(0, good.size() - 8)), nullptr);  // size
  auto poked = [&](size_t offset, uint32_t v) {
    std::string b = good;
    std::memcpy(b.data() + offset, &v, 4);
    return parse(b);
  };
  EXPECT_NE(poked(16, 0), nullptr);   // probes
  EXPECT_NE(poked(20, 2), nullptr);   // classic layout
  EXPECT_NE(poked(40, 0), nullptr);   // min_part 0
  EXPECT_NE(poked(44, 1), nullptr);   // max_parts 1
  EXPECT_NE(poked(48, 8), nullptr);   // unknown flag
}

// Builds a dictionary image with the words and compound parts given.
std::string Image(const std::vector<std::string>& words,
                  const std::vector<std::pair<CompoundRole, std::string>>& parts,
                  const CompoundSettings& settings) {
  BuildOptions o;
  o.language = "de";
  DictionaryBuilder b(o);
  for (const std::string& w : words) EXPECT_TRUE(b.AddLine(w, "t").ok());
  if (!parts.empty()) {
    b.EnableCompounds(settings);
    for (const auto& [role, part] : parts) {
      EXPECT_TRUE(b.AddCompoundPart(role, part, "t").ok());
    }
  }
  StatusOr<std::string> image = b.Finish(nullptr);
  EXPECT_TRUE(image.ok());
  return image.ok() ? *image : std::string();
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

// Offset of the COMPOUND_PARTS section's table entry, 0 if none.
size_t CompoundEntry(const std::string& image) {
  for (uint32_t i = 0; i < Peek<uint32_t>(image, 24); ++i) {
    const size_t e = kHeaderBytes + i * kSectionEntryBytes;
    if (Peek<uint32_t>(image, e) == kSectionCompoundParts) return e;
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

TEST(CompoundFilterTest, DictionaryFileCarriesTheOptionalSection) {
  const std::string image =
      Image({"Haus"}, {{kB, "Haus"}, {kE, "tür"}}, CompoundSettings{});
  auto d = Dictionary::FromBytes(image, "t.sfd");
  ASSERT_TRUE(d.ok()) << d.status().message();
  ASSERT_FALSE((*d)->compound_parts().empty());
  EXPECT_TRUE((*d)->compound_parts().MayContain(kE, "tür"));
  const size_t e = CompoundEntry(image);
  ASSERT_NE(e, 0u);
  EXPECT_EQ(Peek<uint32_t>(image, e + 4) & kSectionRequired, 0u);

  // Without parts there is no section, and no compounds.
  const std::string plain = Image({"Haus"}, {}, CompoundSettings{});
  EXPECT_EQ(CompoundEntry(plain), 0u);
  auto p = Dictionary::FromBytes(plain, "p.sfd");
  ASSERT_TRUE(p.ok());
  EXPECT_TRUE((*p)->compound_parts().empty());

  // A damaged section: checksum mismatch; resealed, its own check.
  std::string flipped = image;
  flipped[Peek<uint64_t>(image, e + 8) + 70] ^= 1;  // in the bit array
  auto f = Dictionary::FromBytes(flipped, "f.sfd");
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().code(), Status::Code::kCorruption);
  EXPECT_NE(f.status().message().find("section 7 checksum"), std::string::npos)
      << f.status().message();
  std::string bad = image;
  Poke<uint32_t>(&bad, Peek<uint64_t>(image, e + 8) + 40, 0);  // min_part
  Reseal(&bad);
  auto b = Dictionary::FromBytes(bad, "b.sfd");
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.status().message(), "b.sfd: bad compound parts parameters");
  // An old reader skips it: renamed to an unknown optional type, the file
  // loads without compounds.
  std::string renamed = image;
  Poke<uint32_t>(&renamed, e, 99);
  Reseal(&renamed);
  auto r = Dictionary::FromBytes(renamed, "r.sfd");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE((*r)->compound_parts().empty());
}

TEST(CompoundSplitterTest, SplitsIntoBeginMiddlesEnd) {
  CompoundSettings s;
  s.min_part = 2;
  s.max_parts = 3;
  Parts p(Section({{kB, "Arbeits"}, {kB, "Haus"}, {kM, "plan"},
                   {kM, "Arbeits"}, {kE, "zeit"}, {kE, "tür"}, {kE, "plan"}},
                  s));
  CompoundSplitter split(p.filter);
  EXPECT_TRUE(split.IsCompound("Arbeitszeit"));
  EXPECT_TRUE(split.IsCompound("Haustür"));
  EXPECT_TRUE(split.IsCompound("Arbeitsplanzeit"));
  EXPECT_TRUE(split.IsCompound("HausArbeitszeit"));
  // Roles matter: "zeit" is no begin, "Haus" no end.
  EXPECT_FALSE(split.IsCompound("zeitHaus"));
  EXPECT_FALSE(split.IsCompound("tür"));
  EXPECT_FALSE(split.IsCompound("Hausplanplanzeit"));  // 4 > max_parts
  EXPECT_FALSE(split.IsCompound("Haustürx"));
  EXPECT_FALSE(split.IsCompound("Haus"));
}

TEST(CompoundSplitterTest, MinimumPartLength) {
  CompoundSettings s;
  s.min_part = 3;
  Parts p(Section({{kB, "ab"}, {kB, "foo"}, {kE, "ab"}, {kE, "bar"}}, s));
  CompoundSplitter split(p.filter);
  EXPECT_TRUE(split.IsCompound("foobar"));
  EXPECT_FALSE(split.IsCompound("abbar"));
  EXPECT_FALSE(split.IsCompound("fooab"));
}

TEST(CompoundSplitterTest, BoundaryChecks) {
  const std::vector<std::pair<CompoundRole, std::string>> parts = {
      {kB, "foo"}, {kE, "foo"}, {kE, "Baz"}, {kB, "schiff"}, {kE, "fahrt"}};
  {
    Parts p(Section(parts, CompoundSettings{}));
    CompoundSplitter split(p.filter);
    EXPECT_TRUE(split.IsCompound("foofoo"));
    EXPECT_TRUE(split.IsCompound("fooBaz"));
    EXPECT_TRUE(split.IsCompound("schifffahrt"));
  }
  CompoundSettings s;
  s.check_case = true;
  s.check_dup = true;
  s.check_triple = true;
  Parts p(Section(parts, s));
  CompoundSplitter split(p.filter);
  EXPECT_FALSE(split.IsCompound("foofoo"));
  EXPECT_FALSE(split.IsCompound("fooBaz"));
  EXPECT_FALSE(split.IsCompound("schifffahrt"));
}

// Every part in every role, min_part 1: each split point is a real part,
// the worst case for the search. A final letter no part ends with keeps it
// from succeeding, so it explores everything it can.
TEST(CompoundSplitterTest, ProbesStayWithinTheBound) {
  CompoundSettings s;
  s.min_part = 1;
  std::vector<std::pair<CompoundRole, std::string>> parts;
  for (CompoundRole r : {kB, kM, kE}) parts.emplace_back(r, "a");
  Parts p(Section(parts, s));
  CompoundSplitter split(p.filter);
  for (uint32_t n : {10u, 30u, 60u, 100u}) {
    const std::string word = std::string(n - 1, 'a') + "x";
    uint32_t probes = 0;
    EXPECT_FALSE(split.IsCompound(word, &probes));
    // begin <= n - 1, end <= n, middle <= n^2 / 2, all memoised.
    EXPECT_LE(probes, n - 1 + n + n * n / 2) << n;
    EXPECT_LE(probes, CompoundSplitter::kMaxProbes) << n;
    EXPECT_GT(probes, n) << n;  // it did search
  }
  // Too long to split at all (Hunspell's limit too).
  uint32_t probes = 1;
  EXPECT_FALSE(split.IsCompound(std::string(101, 'a'), &probes));
  EXPECT_EQ(probes, 0u);
  // With parts of real length, a 60-letter misspelling costs about one
  // probe per split point.
  CompoundSettings d;
  d.min_part = 2;
  Parts q(Section({{kB, "Haus"}, {kE, "tür"}}, d));
  CompoundSplitter qs(q.filter);
  EXPECT_FALSE(qs.IsCompound(
      "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenx", &probes));
  EXPECT_LE(probes, 60u);
}

// The per-word false-accept rate against the bound the sizing relies on:
// a word not made of parts is accepted only through a lying probe, so the
// rate is at most (probes per word) x (per-probe rate). Measured at a high
// per-probe rate so that it shows; real sections use 1e-9.
TEST(CompoundSplitterTest, FalseAcceptsStayWithinProbesTimesRate) {
  std::mt19937_64 rng(11);
  auto random_word = [&](size_t len) {
    std::string w;
    for (size_t i = 0; i < len; ++i) w.push_back('a' + rng() % 26);
    return w;
  };
  CompoundSettings s;
  s.min_part = 3;
  CompoundFilterBuilder b(7, s);
  for (int i = 0; i < 20000; ++i) {
    const std::string part = random_word(3 + rng() % 6);
    for (CompoundRole r : {kB, kM, kE}) b.Add(r, part);
  }
  const double fp = 1e-3;
  Parts p(b.Encode(fp));
  CompoundSplitter split(p.filter);
  uint64_t probes_total = 0;
  uint64_t accepted = 0;
  const int queries = 20000;
  for (int i = 0; i < queries; ++i) {
    uint32_t probes = 0;
    accepted += split.IsCompound(random_word(12 + rng() % 9), &probes);
    probes_total += probes;
  }
  const double bound = static_cast<double>(probes_total) * fp / queries;
  const double rate = static_cast<double>(accepted) / queries;
  // Random 12-20 letter strings are almost never real compounds of random
  // 3-8 letter parts (26^-3 per extra letter), so accepts are false ones.
  EXPECT_LE(rate, bound * 1.5 + 3.0 / queries)
      << "accepted " << accepted << ", probes per word "
      << static_cast<double>(probes_total) / queries;
}

}  // namespace
}  // namespace spellfilter
