#include "core/dictionary/format.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/dictionary/dictionary.h"
#include "core/util/file_io.h"
#include "core/util/hash.h"
#include "core/dictionary/mixed_case_table.h"
#include "core/filter/prefix_filter.h"
#include "core/filter/skeleton_filter.h"
#include "core/filter/sound_prefix_filter.h"
#include "core/dictionary/word_classes.h"

namespace spellfilter {
namespace {

std::vector<uint64_t> SampleBits() {
  std::vector<uint64_t> bits(16);
  for (size_t i = 0; i < bits.size(); ++i) bits[i] = 0x0123456789ABCDEFull * (i + 1);
  return bits;
}

DictionaryContents Sample(const std::vector<uint64_t>& bits) {
  DictionaryContents c;
  c.filter = BloomParams{Layout::kBlocked, 1024, 7, 99};
  c.words_at_build = 10;
  c.capacity = 20;
  c.target_fp = 1e-6;
  c.language = "en-US";
  c.alphabet = {U'\'', U'a', U'b', U'\u00E9'};
  c.bits = bits;
  return c;
}

StatusOr<std::unique_ptr<Dictionary>> Load(const std::string& image) {
  return Dictionary::FromBytes(image, "test.sfd");
}

template <typename T>
void Poke(std::string* image, size_t offset, T v) {
  std::memcpy(image->data() + offset, &v, sizeof(T));
}
template <typename T>
T Peek(const std::string& image, size_t offset) {
  T v;
  std::memcpy(&v, image.data() + offset, sizeof(T));
  return v;
}

// Re-seals the checksums after a test edits the table or a section, so the
// loader's later checks (not only the checksums) are exercised.
void Reseal(std::string* image) {
  const uint32_t count = Peek<uint32_t>(*image, 24);
  for (uint32_t i = 0; i < count; ++i) {
    const size_t e = kHeaderBytes + i * kSectionEntryBytes;
    const uint64_t off = Peek<uint64_t>(*image, e + 8);
    const uint64_t len = Peek<uint64_t>(*image, e + 16);
    if (off + len <= image->size()) {
      Poke<uint64_t>(image, e + 24, Checksum(image->data() + off, len));
    }
  }
  Poke<uint64_t>(image, 32,
                 Checksum(image->data() + kHeaderBytes, count * kSectionEntryBytes));
  Poke<uint64_t>(image, 56, Checksum(image->data(), 56));
}

size_t SectionEntry(const std::string& image, uint32_t type) {
  for (uint32_t i = 0; i < Peek<uint32_t>(image, 24); ++i) {
    const size_t e = kHeaderBytes + i * kSectionEntryBytes;
    if (Peek<uint32_t>(image, e) == type) return e;
  }
  return 0;
}

TEST(DictionaryFormatTest, RoundTrip) {
  const std::vector<uint64_t> bits = SampleBits();
  const std::string image = EncodeDictionary(Sample(bits));
  auto d = Load(image);
  ASSERT_TRUE(d.ok()) << d.status().message();
  const DictionaryContents& c = (*d)->contents();
  EXPECT_EQ(c.filter.layout, Layout::kBlocked);
  EXPECT_EQ(c.filter.bits, 1024u);
  EXPECT_EQ(c.filter.probes, 7u);
  EXPECT_EQ(c.filter.seed, 99u);
  EXPECT_EQ(c.words_at_build, 10u);
  EXPECT_EQ(c.capacity, 20u);
  EXPECT_DOUBLE_EQ(c.target_fp, 1e-6);
  EXPECT_EQ(c.language, "en-US");
  EXPECT_EQ(c.alphabet, Sample(bits).alphabet);
  EXPECT_EQ(std::vector<uint64_t>(c.bits.begin(), c.bits.end()), bits);
}

// Aligned to a pair of cache lines, so that a 1024-bit block is one pair.
TEST(DictionaryFormatTest, BitArrayIsCacheLinePairAligned) {
  const std::vector<uint64_t> bits = SampleBits();
  const std::string image = EncodeDictionary(Sample(bits));
  const size_t e = SectionEntry(image, kSectionBits);
  ASSERT_NE(e, 0u);
  EXPECT_EQ(Peek<uint64_t>(image, e + 8) % 128, 0u);
}

TEST(DictionaryFormatTest, BlockSizeRoundTripsAndOnlyKnownSizesLoad) {
  const std::vector<uint64_t> bits = SampleBits();
  DictionaryContents wide = Sample(bits);
  wide.filter.block_bits = kWideBlockBits;
  const std::string image = EncodeDictionary(wide);
  auto d = Load(image);
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ((*d)->contents().filter.block_bits, kWideBlockBits);
  EXPECT_EQ(Load(EncodeDictionary(Sample(bits))).value()->contents()
                .filter.block_bits,
            kBlockBits);
  const size_t params =
      Peek<uint64_t>(image, SectionEntry(image, kSectionParams) + 8);
  for (uint32_t bad : {0u, 256u, 2048u, 768u}) {
    std::string damaged = image;
    Poke<uint32_t>(&damaged, params + 28, bad);
    Reseal(&damaged);
    auto r = Load(damaged);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.status().message().find("unsupported block size"),
              std::string::npos)
        << r.status().message();
  }
}

TEST(DictionaryFormatTest, EveryTruncationIsReportedAsSuch) {
  const std::vector<uint64_t> bits = SampleBits();
  const std::string image = EncodeDictionary(Sample(bits));
  for (size_t len = 0; len < image.size(); ++len) {
    auto d = Load(image.substr(0, len));
    ASSERT_FALSE(d.ok()) << len;
    const std::string& msg = d.status().message();
    EXPECT_EQ(msg.rfind("test.sfd: ", 0), 0u) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos);
    if (len >= kHeaderBytes) {
      EXPECT_NE(msg.find("truncated"), std::string::npos) << msg;
    }
  }
}

TEST(DictionaryFormatTest, EveryFlippedByteIsDetected) {
  const std::vector<uint64_t> bits = SampleBits();
  const std::string image = EncodeDictionary(Sample(bits));
  for (size_t i = 0; i < image.size(); ++i) {
    std::string damaged = image;
    damaged[i] ^= 0x20;
    auto d = Load(damaged);
    // Padding between sections is covered by no checksum; flipping it is
    // harmless and the file still loads with the same contents.
    if (d.ok()) {
      EXPECT_EQ((*d)->contents().filter.bits, 1024u) << i;
      continue;
    }
    EXPECT_EQ(d.status().message().rfind("test.sfd: ", 0), 0u);
  }
}

TEST(DictionaryFormatTest, ForeignFileIsNotADictionary) {
  auto d = Load("hello world, this is a text file and not a dictionary\n");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().code(), Status::Code::kUnsupported);
  EXPECT_NE(d.status().message().find("not a spellfilter dictionary"),
            std::string::npos);
}

TEST(DictionaryFormatTest, EmptyFileIsNotADictionary) {
  auto d = Load("");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().code(), Status::Code::kUnsupported);
}

TEST(DictionaryFormatTest, NewerVersionIsRefusedWithItsNumber) {
  const std::vector<uint64_t> bits = SampleBits();
  std::string image = EncodeDictionary(Sample(bits));
  Poke<uint32_t>(&image, 8, 7);
  Reseal(&image);
  auto d = Load(image);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().code(), Status::Code::kUnsupported);
  EXPECT_NE(d.status().message().find("version 7"), std::string::npos);
  // Issue 27, item 14: a newer file needs a newer program, not a rebuild.
  EXPECT_NE(d.status().message().find("upgrade spellfilter"),
            std::string::npos)
      << d.status().message();
  EXPECT_EQ(d.status().message().find("rebuild"), std::string::npos);
  // An older one (version 0) is to be rebuilt.
  Poke<uint32_t>(&image, 8, 0);
  Reseal(&image);
  auto old = Load(image);
  ASSERT_FALSE(old.ok());
  EXPECT_NE(old.status().message().find("rebuild it"), std::string::npos);
}

TEST(DictionaryFormatTest, UnknownOptionalSectionIsSkipped) {
  const std::vector<uint64_t> bits = SampleBits();
  std::string image = EncodeDictionary(Sample(bits));
  Poke<uint32_t>(&image, SectionEntry(image, kSectionLanguage), 77);
  Reseal(&image);
  auto d = Load(image);
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ((*d)->language(), "");
}

TEST(DictionaryFormatTest, UnknownRequiredSectionNeedsNewerReader) {
  const std::vector<uint64_t> bits = SampleBits();
  std::string image = EncodeDictionary(Sample(bits));
  const size_t e = SectionEntry(image, kSectionLanguage);
  Poke<uint32_t>(&image, e, 77);
  Poke<uint32_t>(&image, e + 4, kSectionRequired);
  Reseal(&image);
  auto d = Load(image);
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.status().message().find("newer spellfilter"), std::string::npos);
}

TEST(DictionaryFormatTest, InconsistentParametersAreCorruption) {
  const std::vector<uint64_t> bits = SampleBits();
  const std::string image = EncodeDictionary(Sample(bits));
  const size_t params = Peek<uint64_t>(image, SectionEntry(image, kSectionParams) + 8);
  struct Edit {
    size_t offset;
    uint64_t value;
    int size;
  };
  const Edit edits[] = {
      {params + 0, 5, 4},        // unknown layout
      {params + 16, 2048, 8},    // bits disagree with the array
      {params + 24, 0, 4},       // zero probes
      {params + 24, 1000, 4},    // too many probes
  };
  for (const Edit& edit : edits) {
    std::string damaged = image;
    if (edit.size == 4) {
      Poke<uint32_t>(&damaged, edit.offset, static_cast<uint32_t>(edit.value));
    } else {
      Poke<uint64_t>(&damaged, edit.offset, edit.value);
    }
    Reseal(&damaged);
    auto d = Load(damaged);
    EXPECT_FALSE(d.ok()) << edit.offset;
  }
}

TEST(DictionaryFormatTest, SectionOutsideFileIsCorruption) {
  const std::vector<uint64_t> bits = SampleBits();
  std::string image = EncodeDictionary(Sample(bits));
  Poke<uint64_t>(&image, SectionEntry(image, kSectionBits) + 16, uint64_t{1} << 62);
  Reseal(&image);
  auto d = Load(image);
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.status().message().find("outside the file"), std::string::npos);
}

}  // namespace
}  // namespace spellfilter

namespace spellfilter {
namespace {

TEST(DictionaryFormatTest, SuggestionSectionsRoundTripAndAreOptional) {
  const std::vector<uint64_t> bits = SampleBits();
  DictionaryContents c = Sample(bits);
  std::vector<ClassedWord> words = {{"alpha", 10}, {"beta", 20}};
  StatusOr<std::string> classes = EncodeWordClasses(words, 8, 5);
  ASSERT_TRUE(classes.ok());
  PrefixFilterBuilder pb(5);
  pb.AddWord(U"alpha", PrefixFilter::Written::kLower);
  const std::string prefixes = pb.Encode(0.01);
  SkeletonFilterBuilder sb(5);
  SoundPrefixFilterBuilder spb(5, 3);
  spb.AddWord(U"alpha", sb.AddWord(U"alpha"));
  const std::string skeletons = sb.Encode(0.01);
  const std::string sound_prefixes = spb.Encode(0.02);
  MixedCaseTableBuilder mb;
  mb.Add("alphago", "AlphaGo");
  const std::string mixed = mb.Encode();
  c.word_classes = std::as_bytes(std::span<const char>(*classes));
  c.prefixes = std::as_bytes(std::span<const char>(prefixes));
  c.sound_skeletons = std::as_bytes(std::span<const char>(skeletons));
  c.sound_prefixes = std::as_bytes(std::span<const char>(sound_prefixes));
  c.mixed_case = std::as_bytes(std::span<const char>(mixed));
  const std::string image = EncodeDictionary(c);
  auto d = Load(image);
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ((*d)->contents().word_classes.size(), classes->size());
  EXPECT_EQ((*d)->contents().prefixes.size(), prefixes.size());
  EXPECT_EQ((*d)->contents().sound_skeletons.size(), skeletons.size());
  EXPECT_EQ((*d)->contents().sound_prefixes.size(), sound_prefixes.size());
  EXPECT_EQ((*d)->contents().mixed_case.size(), mixed.size());
  // All are optional: a reader that does not know them skips them.
  for (uint32_t type :
       {kSectionWordClasses, kSectionPrefixes, kSectionSoundSkeletons,
        kSectionSoundPrefixes, kSectionMixedCase}) {
    const size_t e = SectionEntry(image, type);
    ASSERT_NE(e, 0u);
    EXPECT_EQ(Peek<uint32_t>(image, e + 4) & kSectionRequired, 0u);
    std::string renamed = image;
    Poke<uint32_t>(&renamed, e, 90 + type);
    Reseal(&renamed);
    auto old_reader_view = Load(renamed);
    ASSERT_TRUE(old_reader_view.ok());
  }
  // A damaged structure inside is corruption, like any other section's.
  std::string bad = image;
  const size_t e = SectionEntry(bad, kSectionPrefixes);
  Poke<uint32_t>(&bad, Peek<uint64_t>(bad, e + 8) + 16, 9);  // probes
  Reseal(&bad);
  auto damaged = Load(bad);
  ASSERT_FALSE(damaged.ok());
  EXPECT_EQ(damaged.status().code(), Status::Code::kCorruption);
  std::string bad_skeletons = image;
  const size_t s = SectionEntry(bad_skeletons, kSectionSoundSkeletons);
  Poke<uint32_t>(&bad_skeletons, Peek<uint64_t>(bad_skeletons, s + 8) + 20,
                 2);  // the classic layout
  Reseal(&bad_skeletons);
  auto damaged_skeletons = Load(bad_skeletons);
  ASSERT_FALSE(damaged_skeletons.ok());
  EXPECT_NE(damaged_skeletons.status().message().find("sound skeletons"),
            std::string::npos)
      << damaged_skeletons.status().message();
  std::string bad_sound_prefixes = image;
  const size_t sp = SectionEntry(bad_sound_prefixes, kSectionSoundPrefixes);
  Poke<uint32_t>(&bad_sound_prefixes,
                 Peek<uint64_t>(bad_sound_prefixes, sp + 8) + 40,
                 0);  // depth
  Reseal(&bad_sound_prefixes);
  auto damaged_sound_prefixes = Load(bad_sound_prefixes);
  ASSERT_FALSE(damaged_sound_prefixes.ok());
  EXPECT_NE(damaged_sound_prefixes.status().message().find("sound prefixes"),
            std::string::npos)
      << damaged_sound_prefixes.status().message();
  std::string bad_mixed = image;
  const size_t m = SectionEntry(bad_mixed, kSectionMixedCase);
  Poke<uint32_t>(&bad_mixed, Peek<uint64_t>(bad_mixed, m + 8), 7);  // count
  Reseal(&bad_mixed);
  auto damaged_mixed = Load(bad_mixed);
  ASSERT_FALSE(damaged_mixed.ok());
  EXPECT_NE(damaged_mixed.status().message().find("mixed-case table"),
            std::string::npos)
      << damaged_mixed.status().message();
}

std::string ImageWithSuggestionSections(const std::vector<uint64_t>& bits) {
  DictionaryContents c = Sample(bits);
  const std::vector<ClassedWord> words = {{"alpha", 10}, {"beta", 20}};
  static const std::string classes = *EncodeWordClasses(words, 8, 5);
  PrefixFilterBuilder pb(5);
  pb.AddWord(U"alpha", PrefixFilter::Written::kLower);
  static const std::string prefixes = pb.Encode(0.01);
  SkeletonFilterBuilder sb(5);
  SoundPrefixFilterBuilder spb(5, 3);
  spb.AddWord(U"alpha", sb.AddWord(U"alpha"));
  static const std::string skeletons = sb.Encode(0.01);
  static const std::string sound_prefixes = spb.Encode(0.02);
  MixedCaseTableBuilder mb;
  mb.Add("alphago", "AlphaGo");
  static const std::string mixed = mb.Encode();
  c.word_classes = std::as_bytes(std::span<const char>(classes));
  c.prefixes = std::as_bytes(std::span<const char>(prefixes));
  c.sound_skeletons = std::as_bytes(std::span<const char>(skeletons));
  c.sound_prefixes = std::as_bytes(std::span<const char>(sound_prefixes));
  c.mixed_case = std::as_bytes(std::span<const char>(mixed));
  return EncodeDictionary(c);
}

// The prefix filter's section type says its probe scheme: 11 for the sum
// scheme `build` writes, 6 for the xor scheme of older files, which still
// load (a reader from before type 11 skips it, as any unknown optional
// section, rather than misreading the probes). A section whose own scheme
// field disagrees with its type, or a second prefix filter, is corruption.
TEST(DictionaryFormatTest, PrefixSectionTypeFollowsItsProbeScheme) {
  const std::vector<uint64_t> bits = SampleBits();
  for (const ProbeScheme scheme : {ProbeScheme::kSum, ProbeScheme::kXor}) {
    SCOPED_TRACE(static_cast<int>(scheme));
    PrefixFilterBuilder pb(5);
    pb.set_scheme(scheme);
    pb.AddWord(U"alpha", PrefixFilter::Written::kLower);
    const std::string prefixes = pb.Encode(0.01);
    DictionaryContents c = Sample(bits);
    c.prefixes = std::as_bytes(std::span<const char>(prefixes));
    const std::string image = EncodeDictionary(c);
    const uint32_t type =
        scheme == ProbeScheme::kSum ? kSectionPrefixes : kSectionPrefixesXor;
    const uint32_t other =
        scheme == ProbeScheme::kSum ? kSectionPrefixesXor : kSectionPrefixes;
    ASSERT_NE(SectionEntry(image, type), 0u);
    EXPECT_EQ(SectionEntry(image, other), 0u);
    auto d = Load(image);
    ASSERT_TRUE(d.ok()) << d.status().message();
    PrefixFilter f;
    ASSERT_EQ(PrefixFilter::Parse((*d)->contents().prefixes, &f), nullptr);
    EXPECT_EQ(f.scheme(), scheme);
    EXPECT_TRUE(f.MayContinue(f.root(), U'a'));

    std::string mislabelled = image;
    Poke<uint32_t>(&mislabelled, SectionEntry(mislabelled, type), other);
    Reseal(&mislabelled);
    auto wrong = Load(mislabelled);
    ASSERT_FALSE(wrong.ok());
    EXPECT_EQ(wrong.status().code(), Status::Code::kCorruption);
    EXPECT_NE(wrong.status().message().find("does not match its section type"),
              std::string::npos)
        << wrong.status().message();
  }
  // Two prefix filters: the skeleton section relabelled as a second one.
  std::string two = ImageWithSuggestionSections(bits);
  Poke<uint32_t>(&two, SectionEntry(two, kSectionSoundSkeletons),
                 kSectionPrefixesXor);
  Reseal(&two);
  auto twice = Load(two);
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.status().message().find("two prefix filters"),
            std::string::npos)
      << twice.status().message();
}

std::span<const std::byte> Bytes(const std::string& s, size_t n) {
  return std::as_bytes(std::span<const char>(s.data(), n));
}

// A checker needs the file only up to the end of the bit array: the
// suggestion sections come after it, and are left unmapped.
TEST(DictionaryFormatTest, CheckerReadsOnlyUpToItsLastSection) {
  const std::vector<uint64_t> bits = SampleBits();
  const std::string image = ImageWithSuggestionSections(bits);
  const size_t e = SectionEntry(image, kSectionBits);
  const uint64_t bits_end =
      Peek<uint64_t>(image, e + 8) + Peek<uint64_t>(image, e + 16);
  ASSERT_LT(bits_end, image.size());
  const auto head = Bytes(image, std::min(image.size(), kMaxTableEndBytes));
  EXPECT_EQ(BytesToRead(DictionaryUse::kCheckOnly, head, image.size()),
            bits_end);
  EXPECT_EQ(BytesToRead(DictionaryUse::kCheckAndSuggest, head, image.size()),
            image.size());

  auto checker = DecodeDictionaryPrefix(Bytes(image, bits_end), image.size(),
                                        "test.sfd", DictionaryUse::kCheckOnly);
  ASSERT_TRUE(checker.ok()) << checker.status().message();
  ASSERT_EQ(checker->bits.size(), bits.size());
  EXPECT_EQ(checker->bits[3], bits[3]);
  EXPECT_TRUE(checker->prefixes.empty());
  EXPECT_TRUE(checker->sound_skeletons.empty());
  EXPECT_TRUE(checker->sound_prefixes.empty());
  EXPECT_TRUE(checker->mixed_case.empty());

  // The size on disk is still checked against the header.
  auto longer = DecodeDictionaryPrefix(Bytes(image, bits_end),
                                       image.size() + 64, "test.sfd",
                                       DictionaryUse::kCheckOnly);
  ASSERT_FALSE(longer.ok());
  EXPECT_NE(longer.status().message().find("trailing garbage"),
            std::string::npos)
      << longer.status().message();
  // A prefix too short for what the use reads (the file changed between
  // choosing the prefix and mapping it) is refused, never read past.
  for (size_t held : {size_t{4}, size_t{40}, size_t{kHeaderBytes + 8},
                      static_cast<size_t>(bits_end - 8)}) {
    auto short_prefix =
        DecodeDictionaryPrefix(Bytes(image, held), image.size(), "test.sfd",
                               DictionaryUse::kCheckOnly);
    ASSERT_FALSE(short_prefix.ok()) << held;
    EXPECT_EQ(short_prefix.status().code(), Status::Code::kCorruption) << held;
    EXPECT_NE(short_prefix.status().message().find("changed while"),
              std::string::npos)
        << short_prefix.status().message();
  }
  // A suggester needs the whole file.
  auto suggester =
      DecodeDictionaryPrefix(Bytes(image, bits_end), image.size(), "test.sfd",
                             DictionaryUse::kCheckAndSuggest);
  EXPECT_FALSE(suggester.ok());
}

// A head that is not a well-formed table maps the whole file, so that the
// decoder sees, and names, what is wrong with it.
TEST(DictionaryFormatTest, MalformedHeadMapsTheWholeFile) {
  const std::string image = ImageWithSuggestionSections(SampleBits());
  const uint64_t size = image.size();
  auto read = [&](const std::string& img, size_t head) {
    return BytesToRead(DictionaryUse::kCheckOnly, Bytes(img, head), size);
  };
  EXPECT_LT(read(image, image.size()), size);
  EXPECT_EQ(read(image, 32), size);  // short head
  EXPECT_EQ(BytesToRead(DictionaryUse::kCheckOnly, Bytes(image, image.size()),
                        size + 1),
            size + 1);  // the size on disk disagrees with the header
  std::string foreign = image;
  foreign[1] = 'X';
  EXPECT_EQ(read(foreign, foreign.size()), size);  // no magic
  std::string many = image;
  Poke<uint32_t>(&many, 24, kMaxSections + 1);
  EXPECT_EQ(read(many, many.size()), size);  // bad section count
  std::string outside = image;
  Poke<uint64_t>(&outside, SectionEntry(outside, kSectionPrefixes) + 16,
                 size);
  EXPECT_EQ(read(outside, outside.size()), size);  // past the end
}

// Dictionary::Open maps only a checker's prefix, and checks from it.
TEST(DictionaryFormatTest, OpenForCheckingMapsLessThanTheFile) {
  const std::vector<uint64_t> bits = SampleBits();
  const std::string image = ImageWithSuggestionSections(bits);
  const std::string path =
      ::testing::TempDir() + "/open_for_checking_test.sfd";
  ASSERT_TRUE(WriteFileAtomically(path, image).ok());
  auto checker = Dictionary::Open(path, DictionaryUse::kCheckOnly);
  ASSERT_TRUE(checker.ok()) << checker.status().message();
  EXPECT_LT((*checker)->mapped_bytes(), image.size());
  EXPECT_TRUE((*checker)->contents().prefixes.empty());
  EXPECT_EQ((*checker)->contents().bits[5], bits[5]);
  auto both = Dictionary::Open(path, DictionaryUse::kCheckAndSuggest);
  ASSERT_TRUE(both.ok()) << both.status().message();
  EXPECT_EQ((*both)->mapped_bytes(), image.size());
  EXPECT_FALSE((*both)->contents().prefixes.empty());
  std::remove(path.c_str());
}

}  // namespace
}  // namespace spellfilter
