#include "core/dictionary/format.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "core/util/byte_order.h"
#include "core/filter/compound_filter.h"
#include "core/filter/compound_edges.h"
#include "core/filter/compound_rules.h"
#include "core/util/hash.h"
#include "core/dictionary/affix_table.h"
#include "core/filter/keep_case_filter.h"
#include "core/filter/stem_filter.h"
#include "core/dictionary/mixed_case_table.h"
#include "core/dictionary/suggest_rules.h"
#include "core/filter/prefix_filter.h"
#include "core/filter/prefix_graph.h"
#include "core/filter/skeleton_filter.h"
#include "core/filter/sound_prefix_filter.h"
#include "core/dictionary/word_breaks.h"
#include "core/dictionary/word_chars.h"
#include "core/dictionary/word_classes.h"

static_assert(std::endian::native == std::endian::little,
              "the dictionary file is little-endian and mapped in place");

namespace spellfilter {
namespace {

template <typename T>
void PutAt(std::string* out, size_t offset, T v) {
  std::memcpy(out->data() + offset, &v, sizeof(T));
}

void PadTo(std::string* out, size_t alignment) {
  out->resize((out->size() + alignment - 1) / alignment * alignment, '\0');
}

struct Section {
  uint32_t type;
  uint32_t flags;
  std::string_view bytes;
};

std::string EncodeParams(const DictionaryContents& c) {
  std::string p;
  PutFixed<uint32_t>(&p, static_cast<uint32_t>(c.filter.layout));
  PutFixed<uint32_t>(&p, c.hash_id);
  PutFixed<uint64_t>(&p, c.filter.seed);
  PutFixed<uint64_t>(&p, c.filter.bits);
  PutFixed<uint32_t>(&p, c.filter.probes);
  PutFixed<uint32_t>(&p, c.filter.block_bits);
  PutFixed<uint64_t>(&p, c.words_at_build);
  PutFixed<uint64_t>(&p, c.capacity);
  PutFixed<double>(&p, c.target_fp);
  return p;
}

// Checksums stop a coverage-guided fuzzer at the first mutated byte; fuzz
// builds (the libFuzzer convention's macro) let damaged bytes through so the
// checks behind them get exercised too.
bool ChecksumMatches(uint64_t stored, const void* data, size_t size) {
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
  (void)stored;
  (void)data;
  (void)size;
  return true;
#else
  return stored == Checksum(data, size);
#endif
}

bool IsScalarValue(char32_t c) {
  return c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF);
}

}  // namespace

std::string EncodeDictionary(const DictionaryContents& c) {
  const std::string params = EncodeParams(c);
  std::string alphabet;
  for (char32_t cp : c.alphabet) PutFixed<uint32_t>(&alphabet, cp);
  const std::string_view bits(reinterpret_cast<const char*>(c.bits.data()),
                              c.bits.size_bytes());
  std::vector<Section> sections = {
      {kSectionParams, kSectionRequired, params},
      {kSectionLanguage, 0, c.language},
      {kSectionAlphabet, 0, alphabet},
      {kSectionBits, kSectionRequired, bits},
  };
  auto view = [](std::span<const std::byte> b) {
    return std::string_view(reinterpret_cast<const char*>(b.data()), b.size());
  };
  if (!c.word_classes.empty()) {
    sections.push_back({kSectionWordClasses, 0, view(c.word_classes)});
  }
  if (!c.prefixes.empty()) {
    // The type says the probe scheme (the section's own field), so that an
    // older reader skips what it would misread.
    const bool sum =
        c.prefixes.size() >= kPrefixHeaderBytes &&
        GetFixed<uint32_t>(c.prefixes.data() + kPrefixSchemeOffset) ==
            static_cast<uint32_t>(ProbeScheme::kSum);
    sections.push_back(
        {sum ? kSectionPrefixes : kSectionPrefixesXor, 0, view(c.prefixes)});
  }
  if (!c.prefix_graph.empty()) {
    sections.push_back({kSectionPrefixGraph, 0, view(c.prefix_graph)});
  }
  if (!c.sound_skeletons.empty()) {
    sections.push_back({kSectionSoundSkeletons, 0, view(c.sound_skeletons)});
  }
  if (!c.sound_prefixes.empty()) {
    sections.push_back({kSectionSoundPrefixes, 0, view(c.sound_prefixes)});
  }
  if (!c.mixed_case.empty()) {
    sections.push_back({kSectionMixedCase, 0, view(c.mixed_case)});
  }
  if (!c.compound_parts.empty()) {
    sections.push_back({kSectionCompoundParts, 0, view(c.compound_parts)});
  }
  if (!c.compound_rules.empty()) {
    sections.push_back({kSectionCompoundRules, 0, view(c.compound_rules)});
  }
  if (!c.compound_edges.empty()) {
    sections.push_back({kSectionCompoundEdges, 0, view(c.compound_edges)});
  }
  if (!c.keep_case.empty()) {
    sections.push_back({kSectionKeepCase, 0, view(c.keep_case)});
  }
  if (!c.affix_rules.empty()) {
    sections.push_back({kSectionAffixRules,
                        c.affix_rules_required ? kSectionRequired : 0u,
                        view(c.affix_rules)});
  }
  if (!c.stems.empty()) {
    sections.push_back({kSectionStems, 0, view(c.stems)});
  }
  if (c.has_word_breaks) {
    sections.push_back({kSectionWordBreaks, 0, view(c.word_breaks)});
  }
  if (!c.word_chars.empty()) {
    sections.push_back({kSectionWordChars, 0, view(c.word_chars)});
  }
  // The suggestion rules last: a checker maps the file up to the last
  // section it reads.
  if (!c.suggest_rules.empty()) {
    sections.push_back({kSectionSuggestRules, 0, view(c.suggest_rules)});
  }
  const uint32_t count = static_cast<uint32_t>(sections.size());

  std::string out(kHeaderBytes + count * kSectionEntryBytes, '\0');
  std::string table;
  for (const Section& s : sections) {
    PadTo(&out, s.type == kSectionBits ? kBitsAlignment : kSectionAlignment);
    PutFixed<uint32_t>(&table, s.type);
    PutFixed<uint32_t>(&table, s.flags);
    PutFixed<uint64_t>(&table, out.size());
    PutFixed<uint64_t>(&table, s.bytes.size());
    PutFixed<uint64_t>(&table, Checksum(s.bytes.data(), s.bytes.size()));
    out.append(s.bytes);
  }
  std::memcpy(out.data() + kHeaderBytes, table.data(), table.size());

  std::memcpy(out.data(), kMagic, sizeof(kMagic));
  PutAt<uint32_t>(&out, 8, kFormatVersion);
  PutAt<uint32_t>(&out, 12, kHeaderBytes);
  PutAt<uint64_t>(&out, 16, out.size());
  PutAt<uint32_t>(&out, 24, count);
  PutAt<uint32_t>(&out, 28, 0);
  PutAt<uint64_t>(&out, 32, Checksum(table.data(), table.size()));
  PutAt<uint64_t>(&out, 56, Checksum(out.data(), 56));
  return out;
}

namespace {

// Whether a reader for `use` reads section `type` (checksum, parse).
bool Reads(DictionaryUse use, uint32_t type) {
  return use == DictionaryUse::kCheckAndSuggest ||
         (type != kSectionWordClasses && type != kSectionPrefixes &&
          type != kSectionPrefixesXor && type != kSectionPrefixGraph &&
          type != kSectionSoundSkeletons && type != kSectionSoundPrefixes &&
          type != kSectionMixedCase && type != kSectionSuggestRules);
}

}  // namespace

uint64_t BytesToRead(DictionaryUse use, std::span<const std::byte> head,
                     uint64_t file_bytes) {
  if (use == DictionaryUse::kCheckAndSuggest) return file_bytes;
  const std::byte* base = head.data();
  if (head.size() < kHeaderBytes ||
      std::memcmp(base, kMagic, sizeof(kMagic)) != 0 ||
      GetFixed<uint64_t>(base + 16) != file_bytes) {
    return file_bytes;
  }
  const uint32_t count = GetFixed<uint32_t>(base + 24);
  const uint64_t table_end = kHeaderBytes + uint64_t{count} * kSectionEntryBytes;
  if (count == 0 || count > kMaxSections || table_end > head.size()) {
    return file_bytes;
  }
  uint64_t end = table_end;
  for (uint32_t i = 0; i < count; ++i) {
    const std::byte* e = base + kHeaderBytes + i * kSectionEntryBytes;
    const uint64_t offset = GetFixed<uint64_t>(e + 8);
    const uint64_t bytes = GetFixed<uint64_t>(e + 16);
    if (offset > file_bytes || bytes > file_bytes - offset) return file_bytes;
    if (Reads(use, GetFixed<uint32_t>(e))) end = std::max(end, offset + bytes);
  }
  return end;
}

StatusOr<DictionaryContents> DecodeDictionary(std::span<const std::byte> file,
                                              std::string_view name,
                                              DictionaryUse use) {
  return DecodeDictionaryPrefix(file, file.size(), name, use);
}

StatusOr<DictionaryContents> DecodeDictionaryPrefix(
    std::span<const std::byte> file, uint64_t file_bytes_on_disk,
    std::string_view name, DictionaryUse use) {
  const std::string n(name);
  auto corrupt = [&n](const std::string& what) {
    return Status::Corruption(n + ": " + what);
  };
  const std::byte* base = file.data();
  const uint64_t size = file_bytes_on_disk;
  // Bytes in memory; every byte read below is checked against this.
  const uint64_t held = std::min<uint64_t>(file.size(), size);
  auto changed = [&corrupt] {
    return corrupt("changed while it was being opened (read it again)");
  };

  if (held < sizeof(kMagic) || std::memcmp(base, kMagic, sizeof(kMagic)) != 0) {
    if (held < size && held < sizeof(kMagic)) return changed();
    return Status::Unsupported(n + ": not a spellfilter dictionary (no " +
                               "spellfilter magic number at the start)");
  }
  if (size < kHeaderBytes) {
    return corrupt("truncated: " + std::to_string(size) +
                   " bytes, shorter than the header");
  }
  if (held < kHeaderBytes) return changed();
  const uint32_t version = GetFixed<uint32_t>(base + 8);
  if (!ChecksumMatches(GetFixed<uint64_t>(base + 56), base, 56)) {
    return corrupt("header checksum mismatch (the file is damaged)");
  }
  if (version != kFormatVersion) {
    // A newer file needs a newer program; only an older one needs a rebuild.
    return Status::Unsupported(
        n + ": dictionary format version " + std::to_string(version) +
        " is not supported (this spellfilter reads version " +
        std::to_string(kFormatVersion) + "); " +
        (version > kFormatVersion
             ? std::string("it was written by a newer spellfilter: upgrade "
                           "spellfilter to read it")
             : std::string("rebuild it with `spellfilter build`")));
  }
  if (GetFixed<uint32_t>(base + 12) != kHeaderBytes) {
    return corrupt("unexpected header size");
  }
  const uint64_t file_bytes = GetFixed<uint64_t>(base + 16);
  if (file_bytes != size) {
    return corrupt(size < file_bytes
                       ? "truncated: " + std::to_string(size) + " of " +
                             std::to_string(file_bytes) + " bytes"
                       : "trailing garbage: " + std::to_string(size) +
                             " bytes, expected " + std::to_string(file_bytes));
  }
  const uint32_t count = GetFixed<uint32_t>(base + 24);
  if (count == 0 || count > kMaxSections ||
      kHeaderBytes + uint64_t{count} * kSectionEntryBytes > size) {
    return corrupt("bad section count " + std::to_string(count));
  }
  if (kHeaderBytes + uint64_t{count} * kSectionEntryBytes > held) {
    return changed();
  }
  const std::byte* table = base + kHeaderBytes;
  if (!ChecksumMatches(GetFixed<uint64_t>(base + 32), table,
                       uint64_t{count} * kSectionEntryBytes)) {
    return corrupt("section table checksum mismatch (the file is damaged)");
  }

  DictionaryContents c;
  bool have_params = false;
  bool have_bits = false;
  std::span<const std::byte> bits_bytes;
  for (uint32_t i = 0; i < count; ++i) {
    const std::byte* e = table + i * kSectionEntryBytes;
    const uint32_t type = GetFixed<uint32_t>(e);
    const uint32_t flags = GetFixed<uint32_t>(e + 4);
    const uint64_t offset = GetFixed<uint64_t>(e + 8);
    const uint64_t bytes = GetFixed<uint64_t>(e + 16);
    const std::string which = "section " + std::to_string(type);
    if (offset > size || bytes > size - offset || offset % kSectionAlignment) {
      return corrupt(which + " lies outside the file");
    }
    if (!Reads(use, type)) continue;
    if (offset + bytes > held) return changed();
    const std::byte* s = base + offset;
    if (!ChecksumMatches(GetFixed<uint64_t>(e + 24), s, bytes)) {
      return corrupt(which + " checksum mismatch (the file is damaged)");
    }
    switch (type) {
      case kSectionParams: {
        if (bytes != kParamsBytes) return corrupt("bad parameter section");
        c.filter.layout = static_cast<Layout>(GetFixed<uint32_t>(s));
        c.hash_id = GetFixed<uint32_t>(s + 4);
        c.filter.seed = GetFixed<uint64_t>(s + 8);
        c.filter.bits = GetFixed<uint64_t>(s + 16);
        c.filter.probes = GetFixed<uint32_t>(s + 24);
        const uint32_t block_bits = GetFixed<uint32_t>(s + 28);
        c.words_at_build = GetFixed<uint64_t>(s + 32);
        c.capacity = GetFixed<uint64_t>(s + 40);
        c.target_fp = GetFixed<double>(s + 48);
        if (c.hash_id != kHashIdXxh3_128) {
          return Status::Unsupported(n + ": unknown hash function id " +
                                     std::to_string(c.hash_id));
        }
        if (c.filter.layout == Layout::kBlocked && block_bits != kBlockBits &&
            block_bits != kWideBlockBits) {
          return Status::Unsupported(n + ": unsupported block size " +
                                     std::to_string(block_bits));
        }
        c.filter.block_bits = block_bits;
        if (!(c.target_fp > 0 && c.target_fp < 1)) {
          return corrupt("false-positive target out of range");
        }
        have_params = true;
        break;
      }
      case kSectionLanguage:
        if (bytes > kMaxLanguageBytes) return corrupt("language tag too long");
        c.language.assign(reinterpret_cast<const char*>(s), bytes);
        break;
      case kSectionAlphabet: {
        if (bytes % 4 != 0) return corrupt("bad alphabet section");
        c.alphabet.reserve(bytes / 4);
        for (uint64_t j = 0; j < bytes; j += 4) {
          const char32_t cp = GetFixed<uint32_t>(s + j);
          if (!IsScalarValue(cp) ||
              (!c.alphabet.empty() && cp <= c.alphabet.back())) {
            return corrupt("bad alphabet section");
          }
          c.alphabet.push_back(cp);
        }
        break;
      }
      case kSectionBits:
        bits_bytes = std::span<const std::byte>(s, bytes);
        have_bits = true;
        break;
      case kSectionWordClasses: {
        WordClasses classes;
        c.word_classes = std::span<const std::byte>(s, bytes);
        if (const char* problem =
                WordClasses::Parse(c.word_classes, &classes)) {
          return corrupt(problem);
        }
        break;
      }
      case kSectionPrefixes:
      case kSectionPrefixesXor: {
        if (!c.prefixes.empty()) return corrupt("two prefix filters");
        PrefixFilter prefixes;
        c.prefixes = std::span<const std::byte>(s, bytes);
        if (const char* problem = PrefixFilter::Parse(c.prefixes, &prefixes)) {
          return corrupt(problem);
        }
        if ((prefixes.scheme() == ProbeScheme::kSum) !=
            (type == kSectionPrefixes)) {
          return corrupt(
              "prefix filter scheme does not match its section type");
        }
        break;
      }
      case kSectionPrefixGraph: {
        if (!c.prefix_graph.empty()) return corrupt("two prefix graphs");
        PrefixGraph graph;
        c.prefix_graph = std::span<const std::byte>(s, bytes);
        // The filter's header, as PrefixFilter::Parse checks it (the bits
        // are made from the graph when a suggester starts).
        if (bytes < kPrefixHeaderBytes || GetFixed<uint64_t>(s + 8) == 0 ||
            GetFixed<uint64_t>(s + 8) % 512 ||
            GetFixed<uint32_t>(s + 16) != PrefixFilter::kEdgeProbes ||
            GetFixed<uint32_t>(s + kPrefixSchemeOffset) !=
                static_cast<uint32_t>(ProbeScheme::kSum)) {
          return corrupt("prefix graph: bad filter header");
        }
        if (const char* problem = PrefixGraph::Parse(
                c.prefix_graph.subspan(kPrefixHeaderBytes), &graph)) {
          return corrupt(problem);
        }
        break;
      }
      case kSectionSoundSkeletons: {
        SkeletonFilter skeletons;
        c.sound_skeletons = std::span<const std::byte>(s, bytes);
        if (const char* problem =
                SkeletonFilter::Parse(c.sound_skeletons, &skeletons)) {
          return corrupt(problem);
        }
        break;
      }
      case kSectionSoundPrefixes: {
        SoundPrefixFilter sound_prefixes;
        c.sound_prefixes = std::span<const std::byte>(s, bytes);
        if (const char* problem =
                SoundPrefixFilter::Parse(c.sound_prefixes, &sound_prefixes)) {
          return corrupt(problem);
        }
        break;
      }
      case kSectionMixedCase: {
        MixedCaseTable mixed;
        c.mixed_case = std::span<const std::byte>(s, bytes);
        if (const char* problem = MixedCaseTable::Parse(c.mixed_case, &mixed)) {
          return corrupt(problem);
        }
        break;
      }
      case kSectionCompoundParts: {
        CompoundFilter parts;
        c.compound_parts = std::span<const std::byte>(s, bytes);
        if (const char* problem = CompoundFilter::Parse(c.compound_parts,
                                                        &parts)) {
          return corrupt(problem);
        }
        break;
      }
      case kSectionCompoundRules: {
        CompoundRuleSet rules;
        c.compound_rules = std::span<const std::byte>(s, bytes);
        if (const char* problem =
                CompoundRuleSet::Parse(c.compound_rules, &rules)) {
          return corrupt(problem);
        }
        break;
      }
      case kSectionCompoundEdges: {
        CompoundEdges edges;
        c.compound_edges = std::span<const std::byte>(s, bytes);
        if (const char* problem =
                CompoundEdges::Parse(c.compound_edges, &edges)) {
          return corrupt(problem);
        }
        break;
      }
      case kSectionKeepCase: {
        KeepCaseFilter keep;
        c.keep_case = std::span<const std::byte>(s, bytes);
        if (const char* problem = KeepCaseFilter::Parse(c.keep_case, &keep)) {
          return corrupt(problem);
        }
        break;
      }
      case kSectionStems: {
        StemFilter stems;
        c.stems = std::span<const std::byte>(s, bytes);
        if (const char* problem = StemFilter::Parse(c.stems, &stems)) {
          return corrupt(problem);
        }
        break;
      }
      case kSectionWordBreaks: {
        if (c.has_word_breaks) return corrupt("two word break tables");
        WordBreaks breaks;
        c.word_breaks = std::span<const std::byte>(s, bytes);
        c.has_word_breaks = true;
        if (const char* problem = WordBreaks::Parse(c.word_breaks, &breaks)) {
          return corrupt(problem);
        }
        break;
      }
      case kSectionWordChars: {
        if (!c.word_chars.empty()) return corrupt("two word character sets");
        WordChars chars;
        c.word_chars = std::span<const std::byte>(s, bytes);
        if (const char* problem = WordChars::Parse(c.word_chars, &chars)) {
          return corrupt(problem);
        }
        break;
      }
      case kSectionAffixRules: {
        c.affix_rules = std::span<const std::byte>(s, bytes);
        c.affix_rules_required = (flags & kSectionRequired) != 0;
        StatusOr<AffixTable> table = AffixTable::Parse(c.affix_rules, n);
        if (!table.ok()) return table.status();
        break;
      }
      case kSectionSuggestRules: {
        SuggestRules rules;
        c.suggest_rules = std::span<const std::byte>(s, bytes);
        if (const char* problem = SuggestRules::Parse(c.suggest_rules, &rules)) {
          return corrupt(problem);
        }
        break;
      }
      default:
        if (flags & kSectionRequired) {
          return Status::Unsupported(
              n + ": needs a newer spellfilter (required section type " +
              std::to_string(type) + ")");
        }
        break;
    }
  }
  if (!have_params) return corrupt("no parameter section");
  if (!have_bits) return corrupt("no bit array section");
  if (bits_bytes.size() % 8 != 0) return corrupt("bad bit array size");
  if (const char* problem =
          BloomFilter::Validate(c.filter, bits_bytes.size() / 8)) {
    return corrupt(problem);
  }
  if (reinterpret_cast<uintptr_t>(bits_bytes.data()) % alignof(uint64_t)) {
    return Status::InvalidArgument(n + ": bit array is not aligned in memory");
  }
  c.bits = std::span<const uint64_t>(
      reinterpret_cast<const uint64_t*>(bits_bytes.data()),
      bits_bytes.size() / 8);
  return c;
}

}  // namespace spellfilter
