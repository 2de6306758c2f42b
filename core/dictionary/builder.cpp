#include "core/dictionary/builder.h"

#include <unicode/utf8.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstring>
#include <future>
#include <system_error>
#include <thread>
#include <vector>

#include "core/dictionary/format.h"
#include "core/dictionary/word_breaks.h"
#include "core/dictionary/word_chars.h"
#include "core/text/utf8.h"
#include "core/filter/false_positive_math.h"
#include "core/util/hash.h"
#include "core/util/hash_sort.h"
#include "core/text/letter_case.h"
#include "core/filter/prefix_graph.h"
#include "core/filter/section_filter.h"
#include "core/text/sound_skeleton.h"

namespace spellfilter {
namespace {

// The suggestion sections hash with seeds derived from the filter's, so that
// their answers are independent of its false positives.
// ("prefixes", "classes!" in ASCII.)
inline constexpr uint64_t kPrefixSeedSalt = 0x7072656669786573ull;
// "compound" in ASCII.
inline constexpr uint64_t kCompoundSeedSalt = 0x636F6D706F756E64ull;
// "keepcase" in ASCII.
inline constexpr uint64_t kKeepCaseSeedSalt = 0x6B65657063617365ull;
inline constexpr uint64_t kStemsSeedSalt = 0x7374656D73000000ull;  // "stems"
inline constexpr uint64_t kClassSeedSalt = 0x636C617373657321ull;
// "skeleton" in ASCII.
inline constexpr uint64_t kSkeletonSeedSalt = 0x736B656C65746F6Eull;
// The words' offsets in the arena are 32-bit.
inline constexpr size_t kMaxArenaBytes = UINT32_MAX;
// A class column longer than this is not a class.
inline constexpr size_t kMaxClassDigits = 9;

std::string_view TrimSpaces(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' ||
                        s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

// Most lines of most lists: one ASCII word and nothing else (no blank, tab,
// carriage return, control character or DEL, so no class column and
// nothing to trim). Checked eight bytes at a time (the last eight
// overlapping the chunk before: the tests only accumulate). Also says
// whether some byte is A-Z (*capitals) and whether all are letters or
// apostrophes (*letters).
bool PlainAsciiWord(std::string_view s, bool* capitals, bool* letters) {
  constexpr uint64_t kOnes = 0x0101010101010101ull;
  constexpr uint64_t kHighs = 0x8080808080808080ull;
  // Lanes with first <= b <= last, of 7-bit bytes: b + (0x7F - last) does
  // not carry into the lane's high bit while b + (0x80 - first) does.
  const auto within = [](uint64_t low7, uint8_t first, uint8_t last) {
    return ~(low7 + kOnes * (0x7F - last)) & (low7 + kOnes * (0x80 - first));
  };
  uint64_t high = 0;   // bytes 0x80 and above
  uint64_t odd = 0;    // bytes below 0x21, or DEL
  uint64_t upper = 0;  // bytes A-Z
  uint64_t other = 0;  // bytes that are no letter or apostrophe
  const auto chunk = [&](uint64_t x) {
    high |= x;
    // A byte below n (n <= 0x80) of bytes below 0x80: (b - n) borrows.
    odd |= (x - kOnes * 0x21) & ~x;
    const uint64_t del = x ^ (kOnes * 0x7F);
    odd |= (del - kOnes) & ~del;
    const uint64_t low7 = x & ~kHighs;
    const uint64_t up = within(low7, 'A', 'Z');
    upper |= up;
    other |= ~(up | within(low7, 'a', 'z') | within(low7, '\'', '\''));
  };
  const size_t n = s.size();
  if (n >= 8) {
    uint64_t x;
    for (size_t i = 0; i + 8 <= n; i += 8) {
      std::memcpy(&x, s.data() + i, 8);
      chunk(x);
    }
    if (n % 8 != 0) {
      std::memcpy(&x, s.data() + n - 8, 8);
      chunk(x);
    }
  } else {
    // Padded with 'a', which is none of the above.
    uint64_t x = 0x6161616161616161ull;
    for (size_t i = 0; i < n; ++i) {
      x = (x & ~(uint64_t{0xFF} << (8 * i))) |
          uint64_t{static_cast<uint8_t>(s[i])} << (8 * i);
    }
    chunk(x);
  }
  *capitals = (upper & kHighs) != 0;
  *letters = (other & kHighs) == 0;
  return ((high | odd) & kHighs) == 0;
}

// White space or a control character inside a word; NUL..US, DEL, and the
// Unicode separators an editor would show as a gap.
bool IsForbidden(UChar32 c) {
  return c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0) || c == 0xA0 ||
         c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
         c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000 ||
         c == 0xFEFF || c == ' ';
}

// How `word` is written relative to its lower-case form `lower`.
PrefixFilter::Written HowWritten(const std::u32string& word,
                                 const std::u32string& lower, bool turkic) {
  if (word == lower) return PrefixFilter::Written::kLower;
  bool title = word[0] == UpperLetter(lower[0], turkic);
  bool upper = title;
  for (size_t i = 1; i < word.size(); ++i) {
    title &= word[i] == lower[i];
    upper &= word[i] == UpperLetter(lower[i], turkic);
  }
  if (title) return PrefixFilter::Written::kCapitalised;
  if (upper) return PrefixFilter::Written::kAllUpper;
  return PrefixFilter::Written::kOther;
}

bool IsAsciiWord(std::string_view w) {
  for (char c : w) {
    if (static_cast<uint8_t>(c) >= 0x80) return false;
  }
  return true;
}

// IsMixedCase (letter_case.h) for an ASCII word outside Turkish and Azeri,
// on its bytes: a capital after the first, and a small letter.
bool AsciiMixedCase(std::string_view w) {
  bool capital_later = false;
  bool small = false;
  for (size_t i = 0; i < w.size(); ++i) {
    const auto c = static_cast<uint8_t>(w[i]);
    capital_later |= i > 0 && static_cast<uint8_t>(c - 'A') < 26;
    small |= static_cast<uint8_t>(c - 'a') < 26;
  }
  return capital_later && small;
}

// HowWritten for an ASCII word outside Turkish and Azeri, where the simple
// case mapping of ASCII letters is ASCII's own (letter_case.h).
PrefixFilter::Written HowWrittenAscii(std::string_view word,
                                      std::string_view lower) {
  if (word == lower) return PrefixFilter::Written::kLower;
  auto upper = [](char c) {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
  };
  bool title = word[0] == upper(lower[0]);
  bool all_upper = title;
  for (size_t i = 1; i < word.size(); ++i) {
    title &= word[i] == lower[i];
    all_upper &= word[i] == upper(lower[i]);
  }
  if (title) return PrefixFilter::Written::kCapitalised;
  if (all_upper) return PrefixFilter::Written::kAllUpper;
  return PrefixFilter::Written::kOther;
}

}  // namespace


DictionaryBuilder::DictionaryBuilder(const BuildOptions& options)
    : options_(options), forms_(options.language, false) {
  if (!(options.fp > 0 && options.fp < 1)) {
    status_ = Status::InvalidArgument(
        "the false-positive rate must be between 0 and 1 (exclusive)");
  } else if (options.probes &&
             (*options.probes < 1 || *options.probes > kMaxProbes)) {
    status_ = Status::InvalidArgument("the number of hashes must be 1 to " +
                                      std::to_string(kMaxProbes));
  } else if (options.bits && *options.bits == 0) {
    status_ = Status::InvalidArgument("the number of bits must be positive");
  } else if (options.language.size() > kMaxLanguageBytes) {
    status_ = Status::InvalidArgument("the language tag is too long");
  } else if (options.suggestion_data &&
             !(options.prefix_fp > 0 && options.prefix_fp < 1)) {
    status_ = Status::InvalidArgument(
        "the prefix filter's false-positive rate must be between 0 and 1 "
        "(exclusive)");
  } else if (options.suggestion_data &&
             !(options.skeleton_fp > 0 && options.skeleton_fp < 1)) {
    status_ = Status::InvalidArgument(
        "the sound skeletons' false-positive rate must be between 0 and 1 "
        "(exclusive)");
  } else if (options.suggestion_data && options.sound_prefix_depth > 0 &&
             !(options.sound_prefix_fp > 0 && options.sound_prefix_fp < 1)) {
    status_ = Status::InvalidArgument(
        "the sound prefixes' false-positive rate must be between 0 and 1 "
        "(exclusive)");
  } else if (options.sound_prefix_depth > kMaxSoundPrefixDepth) {
    status_ = Status::InvalidArgument(
        "the sound prefixes' depth must be 0 to " +
        std::to_string(kMaxSoundPrefixDepth));
  } else if (options.suggestion_data &&
             (options.fingerprint_bits < 1 ||
              options.fingerprint_bits > kMaxFingerprintBits)) {
    status_ = Status::InvalidArgument("fingerprint bits must be 1 to " +
                                      std::to_string(kMaxFingerprintBits));
  }
}

std::string DictionaryBuilder::Where::str() const {
  if (line_number == 0) return std::string(name);
  return std::string(name) + ":" + std::to_string(line_number);
}

Status DictionaryBuilder::AddLine(std::string_view line,
                                  std::string_view where) {
  return AddLineAt(line, Where{where, 0});
}

Status DictionaryBuilder::AddLine(std::string_view line, std::string_view file,
                                  uint64_t line_number) {
  return AddLineAt(line, Where{file, line_number});
}

Status DictionaryBuilder::AddLineAt(std::string_view line,
                                    const Where& where) {
  if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
  bool capitals = false;
  bool letters = false;
  if (!line.empty() && line.front() != '#' && line.size() <= kMaxWordBytes &&
      PlainAsciiWord(line, &capitals, &letters)) {
    NoteAsciiWord(line, capitals, letters);
    return AddWord(line, 0, where);
  }
  line = TrimSpaces(line);
  if (line.empty() || line.front() == '#') return Status::Ok();
  std::string_view word = line;
  uint32_t word_class = 0;
  const size_t tab = line.find('\t');
  if (tab != std::string_view::npos) {
    word = TrimSpaces(line.substr(0, tab));
    const std::string_view cls = TrimSpaces(line.substr(tab + 1));
    if (cls.empty() || !std::all_of(cls.begin(), cls.end(), [](char c) {
          return c >= '0' && c <= '9';
        })) {
      return Status::InvalidArgument(where.str() +
                                     ": second column is not a number");
    }
    if (cls.size() > kMaxClassDigits) {
      return Status::InvalidArgument(where.str() +
                                     ": second column is too large");
    }
    for (char c : cls) word_class = word_class * 10 + (c - '0');
  }
  if (word.size() > kMaxWordBytes) {
    return Status::InvalidArgument(where.str() + ": word longer than " +
                                   std::to_string(kMaxWordBytes) + " bytes");
  }
  // ASCII words (most of most lists) are their own NFC form: one pass
  // checks them and records their letters, without ICU. A word with other
  // bytes is checked from its start below, so the first problem is reported
  // either way.
  uint8_t bytes_or = 0;
  bool forbidden = false;  // IsForbidden, for ASCII
  for (char ch : word) {
    const auto c = static_cast<uint8_t>(ch);
    bytes_or |= c;
    forbidden |= (c <= 0x20) | (c == 0x7F);
  }
  const bool ascii = bytes_or < 0x80;
  std::string_view normalized = word;
  if (ascii) {
    if (forbidden) {
      return Status::InvalidArgument(
          where.str() + ": white space or control character in word");
    }
    PlainAsciiWord(word, &capitals, &letters);  // true: checked above
    NoteAsciiWord(word, capitals, letters);
  } else {
    const auto* p = reinterpret_cast<const uint8_t*>(word.data());
    const int32_t n = static_cast<int32_t>(word.size());
    for (int32_t i = 0; i < n;) {
      UChar32 c;
      U8_NEXT(p, i, n, c);
      if (c < 0) {
        return Status::InvalidArgument(where.str() + ": invalid UTF-8");
      }
      if (IsForbidden(c)) {
        return Status::InvalidArgument(
            where.str() + ": white space or control character in word");
      }
    }
    if (!forms_.Normalize(word, &normalized_)) {
      return Status::InvalidArgument(where.str() + ": invalid UTF-8");
    }
    normalized = normalized_;
    const auto* q = reinterpret_cast<const uint8_t*>(normalized.data());
    const int32_t m = static_cast<int32_t>(normalized.size());
    for (int32_t i = 0; i < m;) {
      UChar32 c;
      U8_NEXT(q, i, m, c);
      if (c < 0x80) {
        ascii_seen_[c] = 1;
      } else {
        NoteLetter(static_cast<char32_t>(c));
      }
    }
    if (DecodeUtf8(normalized, &decoded_) &&
        IsMixedCase(decoded_, IsTurkic(options_.language))) {
      mixed_case_.emplace_back(normalized);
    }
  }
  return AddWord(normalized, word_class, where);
}

void DictionaryBuilder::NoteLetter(char32_t c) {
  if (c < 0x10000) {
    if (bmp_seen_.test(c)) return;
    bmp_seen_.set(c);
  }
  alphabet_.insert(c);
}

void DictionaryBuilder::NoteAsciiWord(std::string_view word, bool capitals,
                                      bool letters) {
  // The alphabet: once the list has had every letter and the apostrophe,
  // a word of only those adds nothing to it.
  if (!letters || !letters_seen_) {
    bool added = false;
    for (char ch : word) {
      uint8_t& seen = ascii_seen_[static_cast<uint8_t>(ch)];
      added |= seen == 0;
      seen = 1;
    }
    if (added && !letters_seen_) {
      letters_seen_ = ascii_seen_[static_cast<uint8_t>('\'')] != 0;
      for (int c = 0; c < 26; ++c) {
        letters_seen_ =
            letters_seen_ && ascii_seen_['a' + c] && ascii_seen_['A' + c];
      }
    }
  }
  if (capitals && AsciiMixedCase(word)) mixed_case_.emplace_back(word);
}

Status DictionaryBuilder::AddWord(std::string_view normalized,
                                  uint32_t word_class, const Where& where) {
  // The same limit with or without the words kept (and so fewer than
  // 2^32 words, which SortHashes counts in 32 bits).
  const uint64_t bytes_so_far =
      options_.suggestion_data ? arena_.size() : hashed_bytes_;
  if (bytes_so_far + normalized.size() > kMaxArenaBytes) {
    return Status::InvalidArgument(where.str() +
                                   ": word list too large (over 4 GB)");
  }
  if (!options_.suggestion_data) {
    hashed_bytes_ += normalized.size();
    hashes_.push_back(HashWord(normalized, options_.seed));
    if (hashes_.size() >= merge_at_) {
      merge_at_ = std::max(kFirstMergeEntries, 2 * SortAndMergeHashes());
    }
    return Status::Ok();
  }
  const auto offset = static_cast<uint32_t>(arena_.size());
  arena_.append(normalized);
  words_.push_back(MakeSortedString(arena_, offset,
                                    static_cast<uint32_t>(normalized.size()),
                                    word_class));
  // Merging is idempotent (a word keeps one entry, with its smallest
  // nonzero class), so merging early changes nothing in the result.
  if (words_.size() >= merge_at_) {
    merge_at_ = std::max(kFirstMergeEntries, 2 * SortAndMerge());
  }
  return Status::Ok();
}

void DictionaryBuilder::Reserve(uint64_t bytes) {
  // Words average about ten bytes with their line breaks in English lists.
  constexpr uint64_t kBytesPerLine = 8;
  // No more than the first merge needs: past it, the entries follow the
  // distinct words (a file of repeats must not reserve for every line).
  bytes = std::min<uint64_t>({bytes, kMaxArenaBytes,
                              uint64_t{kFirstMergeEntries} * kBytesPerLine});
  if (!options_.suggestion_data) {
    hashes_.reserve(bytes / kBytesPerLine);
    return;
  }
  arena_.reserve(bytes);
  words_.reserve(bytes / kBytesPerLine);
}

size_t DictionaryBuilder::SortAndMergeHashes() {
  const size_t count = hashes_.size();
  const size_t distinct = SortDistinctHashes(hashes_);
  hashes_.resize(distinct);
  duplicates_ += count - distinct;
  return distinct;
}

size_t DictionaryBuilder::SortAndMerge() {
  SortStrings(arena_, words_);
  // The distinct words are copied to a new arena in sorted order, so that
  // every later pass reads them sequentially.
  HugeString sorted;
  sorted.reserve(arena_.size());
  size_t distinct = 0;
  constexpr size_t kAhead = 8;  // the words are read in random order
  for (size_t i = 0; i < words_.size(); ++i) {
    if (i + kAhead < words_.size()) {
      __builtin_prefetch(arena_.data() + words_[i + kAhead].offset);
    }
    const std::string_view w = Bytes(arena_, words_[i]);
    // Different heads or lengths: different words, without reading them.
    if (distinct > 0 && words_[distinct - 1].head == words_[i].head &&
        words_[distinct - 1].length == words_[i].length &&
        Bytes(sorted, words_[distinct - 1]) == w) {
      // Sorted by class within a word: the first nonzero one is the smallest.
      uint32_t& kept = words_[distinct - 1].tag;
      if (kept == 0) kept = words_[i].tag;
      continue;
    }
    words_[distinct] = words_[i];
    words_[distinct++].offset = static_cast<uint32_t>(sorted.size());
    sorted.append(w);
  }
  duplicates_ += words_.size() - distinct;
  words_.resize(distinct);
  arena_ = std::move(sorted);
  return distinct;
}

std::string DictionaryBuilder::EncodePrefixes(
    uint64_t seed, uint64_t* edges, bool* as_graph,
    SkeletonFilterBuilder* skeletons, SoundPrefixFilterBuilder* sound_prefixes,
    MixedCaseTableBuilder* mixed, std::string* mixed_section,
    std::promise<void>* collected, const std::function<uint64_t()>& room,
    bool release_words) {
  const bool turkic = IsTurkic(options_.language);
  PrefixFilterBuilder prefixes(seed);
  prefixes.set_threads(options_.threads);
  prefixes.Reserve(words_.size(), arena_.size());
  std::string ascii_lower;
  std::u32string word;
  std::u32string lower;
  // The skeleton of `lower` and, if it has one, its pairs with the first
  // letters (the same key: the two builders share a seed).
  auto add_sounds = [skeletons, sound_prefixes](std::u32string_view lower) {
    if (skeletons == nullptr) return;
    if (!skeletons->AddWord(lower).empty() && sound_prefixes != nullptr) {
      sound_prefixes->AddWord(lower, skeletons->last_key());
    }
  };
  for (const SortedString& entry : words_) {
    const std::string_view w = Bytes(arena_, entry);
    if (!turkic && IsAsciiWord(w)) {
      ascii_lower.assign(w);
      bool lowered = false;
      for (char& c : ascii_lower) {
        if (c >= 'A' && c <= 'Z') {
          c = static_cast<char>(c - 'A' + 'a');
          lowered = true;
        }
      }
      const PrefixFilter::Written how = lowered
                                            ? HowWrittenAscii(w, ascii_lower)
                                            : PrefixFilter::Written::kLower;
      prefixes.AddWordUtf8(ascii_lower, how);
      if (how == PrefixFilter::Written::kOther) mixed->Add(ascii_lower, w);
      if (skeletons != nullptr) {
        lower.assign(ascii_lower.begin(), ascii_lower.end());
        add_sounds(lower);
      }
      continue;
    }
    if (!DecodeUtf8(w, &word)) continue;  // normalised: always valid
    lower = word;
    for (char32_t& c : lower) c = LowerLetter(c, turkic);
    const PrefixFilter::Written how = HowWritten(word, lower, turkic);
    prefixes.AddWord(lower, how);
    if (how == PrefixFilter::Written::kOther) mixed->Add(EncodeUtf8(lower), w);
    add_sounds(lower);
  }
  if (collected != nullptr) collected->set_value();
  if (release_words) {
    arena_ = HugeString();
    words_ = HugeVector<SortedString>();
  }
  *edges = prefixes.edges();
  *mixed_section = mixed->Encode();
  uint64_t cap = 0;  // none
  if (room) {
    const uint64_t left = room();
    if (left != UINT64_MAX) {
      // At least 1: no room at all means as sparse as allowed.
      cap = left > mixed_section->size() ? left - mixed_section->size() : 1;
    }
  }
  *as_graph = false;
  const uint64_t filter_bytes = prefixes.EncodedBytes(options_.prefix_fp, cap);
  if (cap > 0 && filter_bytes > cap) {
    // Out of reach of the filter (fr, id_ID, sv_SE, sv_FI): the exact
    // graph, with the filter's header to make the filter again from it,
    // where that is smaller (docs/languages.md, "Conversion limits, sixth
    // session"). The suggester's filter is then the uncapped one.
    PrefixGraphBuilder graph;
    prefixes.FeedGraph(&graph);
    const uint64_t graph_bytes = graph.EncodedBytes();
    const uint64_t filter_bits = (prefixes.EncodedBytes(options_.prefix_fp) -
                                  kPrefixHeaderBytes) * 8;
    if (kPrefixHeaderBytes + graph_bytes < filter_bytes &&
        *edges <= PrefixGraph::kMaxTrieEdgesPerSlot *
                      (graph.edges() + PrefixGraph::kLeaves) &&
        filter_bits <= PrefixGraph::kMaxFilterBitsPerEdge * *edges + 512) {
      *as_graph = true;
      std::string section = prefixes.Header(options_.prefix_fp);
      section += graph.Encode();
      return section;
    }
  }
  return prefixes.Encode(options_.prefix_fp, cap);
}

void DictionaryBuilder::EnableCompounds(const CompoundSettings& settings) {
  compounds_.emplace(options_.seed ^ kCompoundSeedSalt, settings);
}

Status DictionaryBuilder::AddCompoundPart(CompoundRole role,
                                          std::string_view part,
                                          std::string_view where) {
  if (!compounds_) {
    return Status::InvalidArgument(std::string(where) +
                                   ": compound part without EnableCompounds");
  }
  if (!forms_.Normalize(part, &normalized_)) {
    return Status::InvalidArgument(std::string(where) + ": invalid UTF-8");
  }
  compounds_->Add(role, normalized_);
  return Status::Ok();
}

void DictionaryBuilder::AddKey(std::string_view key) {
  keys_.push_back(HashWord(key, options_.seed));
}

void DictionaryBuilder::AddStem(std::string_view stem) {
  if (!stems_) stems_.emplace(options_.seed ^ kStemsSeedSalt);
  stems_->Add(stem);
}

void DictionaryBuilder::AddToAlphabet(std::string_view utf8) {
  std::u32string decoded;
  if (!DecodeUtf8(utf8, &decoded)) return;
  for (char32_t c : decoded) {
    if (c < 0x80) {
      ascii_seen_[c] = 1;
    } else {
      NoteLetter(c);
    }
  }
}

void DictionaryBuilder::SetAffixRules(std::string section, bool required) {
  affix_rules_ = std::move(section);
  affix_rules_required_ = required;
}

Status DictionaryBuilder::SetWordBreaks(
    std::span<const std::string> patterns) {
  if (patterns.size() > WordBreaks::kMaxPatterns) {
    return Status::InvalidArgument(
        "more than " + std::to_string(WordBreaks::kMaxPatterns) +
        " BREAK patterns");
  }
  for (const std::string& p : patterns) {
    if (p.empty() || p.size() > WordBreaks::kMaxPatternBytes ||
        FirstInvalidUtf8(p) != std::string_view::npos) {
      return Status::InvalidArgument("BREAK pattern \"" + p +
                                     "\": empty, longer than " +
                                     std::to_string(WordBreaks::kMaxPatternBytes) +
                                     " bytes or not UTF-8");
    }
  }
  word_breaks_ = WordBreaks::Encode(patterns);
  has_word_breaks_ = true;
  return Status::Ok();
}

void DictionaryBuilder::SetWordChars(std::u32string_view chars) {
  const std::vector<char32_t> set = WordChars::Normalize(chars);
  word_chars_ = set.empty() ? std::string() : WordChars::Encode(set);
}

void DictionaryBuilder::DiscardWords() {
  arena_ = HugeString();
  words_ = HugeVector<SortedString>();
  hashes_ = HugeVector<WordHash>();
  keys_ = HugeVector<WordHash>();
  hashed_bytes_ = 0;
  std::fill(std::begin(ascii_seen_), std::end(ascii_seen_), 0);
  letters_seen_ = false;
  alphabet_.clear();
  bmp_seen_.reset();
  duplicates_ = 0;
  merge_at_ = kFirstMergeEntries;
  mixed_case_.clear();
  compounds_.reset();
  keep_case_.reset();
  stems_.reset();
  affix_rules_.clear();
  affix_rules_required_ = false;
  compound_rules_.clear();
}

void DictionaryBuilder::EnableKeepCase(uint32_t flags) {
  keep_case_.emplace(options_.seed ^ kKeepCaseSeedSalt, flags);
}

Status DictionaryBuilder::AddKeepCase(std::string_view word,
                                      std::string_view where) {
  if (!keep_case_) {
    return Status::InvalidArgument(std::string(where) +
                                   ": keep-case word without EnableKeepCase");
  }
  if (!forms_.Normalize(word, &normalized_)) {
    return Status::InvalidArgument(std::string(where) + ": invalid UTF-8");
  }
  keep_case_->Add(normalized_);
  return Status::Ok();
}

std::vector<std::string> DictionaryBuilder::UpperFormsOfMixedCase() const {
  const bool turkic = IsTurkic(options_.language);
  std::vector<std::string> out;
  if (!derive_upper_forms_) return out;
  for (const std::string& w : mixed_case_) {
    if (keep_case_ && keep_case_->Contains(w)) continue;
    std::string upper = MixedCaseUpperForm(w, turkic);
    if (!upper.empty()) out.push_back(std::move(upper));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

uint64_t DictionaryBuilder::CapacityFor(uint64_t n) const {
  if (options_.capacity) return std::max<uint64_t>(*options_.capacity, 1);
  return n + std::max<uint64_t>(
                 kMinHeadroomWords,
                 static_cast<uint64_t>(std::ceil(n * kHeadroomShare)));
}

BloomParams DictionaryBuilder::FilterParams(uint64_t capacity) const {
  BloomParams params;
  params.layout = options_.layout;
  params.seed = options_.seed;
  params.block_bits = options_.block_bits;
  const uint64_t unit =
      params.layout == Layout::kBlocked ? params.block_bits : 64;
  if (options_.bits) {
    params.bits = (*options_.bits + unit - 1) / unit * unit;
    const double k = std::round(static_cast<double>(params.bits) /
                                static_cast<double>(capacity) * std::log(2.0));
    params.probes = static_cast<uint32_t>(
        std::clamp(k, 1.0, static_cast<double>(kMaxProbes)));
  } else {
    const fpmath::Sizing s =
        params.layout == Layout::kBlocked
            ? fpmath::SizeBlocked(capacity, options_.fp,
                                  static_cast<int>(params.block_bits),
                                  kProbeSavingTolerance)
            : fpmath::SizeClassic(capacity, options_.fp);
    params.bits = s.bits;
    params.probes = static_cast<uint32_t>(s.k);
  }
  if (options_.probes) params.probes = *options_.probes;
  return params;
}

StatusOr<std::string> DictionaryBuilder::Finish(BuildSummary* summary) {
  if (!status_.ok()) return status_;
#ifdef __GLIBC__
  // The memory freed before (a Hunspell expansion's millions of small
  // strings) stays in the process, scattered over the heap, unless given
  // back: Finish's arrays would then come on top of it (uk_UA: about 100 MB
  // at the build's peak).
  malloc_trim(0);
#endif
  // A word written in mixed case is correct in ALL UPPER too ("PHD" for
  // "PhD", "JAVASCRIPT" in a heading), as Hunspell and Aspell have it; the
  // checker's case rules (word_forms.h) cannot find it from "PHD", so the
  // filter holds that form as a key of its own. A form that is also a
  // listed word is counted twice: n errs on the safe side.
  const std::vector<std::string> upper_forms = UpperFormsOfMixedCase();
  // A check-only build's critical path is sort, size, fill: with a second
  // thread, the sizing (a few ms, SizeBlocked) starts before the sort, for
  // the capacity the list has if no line repeats a word, and is redone in
  // the rare case that some do. Same parameters either way.
  std::optional<BloomParams> early_params;
  uint64_t early_capacity = 0;
  std::thread sizing_thread;
  if (!options_.suggestion_data && options_.threads > 1) {
    early_capacity =
        CapacityFor(hashes_.size() + upper_forms.size() + keys_.size());
    try {
      sizing_thread = std::thread(
          [this, &early_params, early_capacity] {
            early_params = FilterParams(early_capacity);
          });
    } catch (const std::system_error&) {
      // No thread to be had: sized after the sort.
    }
  }
  const uint64_t words =
      options_.suggestion_data ? SortAndMerge() : SortAndMergeHashes();
  keys_.resize(SortDistinctHashes(keys_));
  if (sizing_thread.joinable()) sizing_thread.join();
  const uint64_t n = words + upper_forms.size() + keys_.size();
  const uint64_t capacity = CapacityFor(n);
  if (options_.capacity) {
    if (*options_.capacity < n) {
      return Status::InvalidArgument(
          "the capacity (" + std::to_string(*options_.capacity) +
          ") is smaller than the number of words (" + std::to_string(n) +
          (upper_forms.empty()
               ? std::string()
               : ", with " + std::to_string(upper_forms.size()) +
                     " ALL UPPER forms of mixed-case words") +
          ")");
    }
  }

  // The PREFIXES section depends only on the words and the seed: it is
  // built on a second thread, when allowed, while this one sizes and fills
  // the filter and the class table. Same bytes either way.
  std::string prefix_section;
  uint64_t prefix_edges = 0;
  bool prefix_graph = false;  // prefix_section is a PREFIX_GRAPH
  // English dictionaries also get their words' sound skeletons, for the
  // by-ear search (skeleton_filter.h), collected in the same pass.
  std::string skeleton_section;
  uint64_t skeleton_count = 0;
  // And the pairs of skeletons and first letters (sound_prefix_filter.h).
  std::string sound_prefix_section;
  uint64_t sound_prefix_count = 0;
  std::optional<SkeletonFilterBuilder> skeletons;
  std::optional<SoundPrefixFilterBuilder> sound_prefixes;
  if (options_.suggestion_data && SoundSkeletonsApply(options_.language)) {
    // The same seed: a word's skeleton key is its SOUND_SKELETONS hash.
    skeletons.emplace(options_.seed ^ kSkeletonSeedSalt);
    if (options_.sound_prefix_depth > 0) {
      sound_prefixes.emplace(options_.seed ^ kSkeletonSeedSalt,
                             options_.sound_prefix_depth);
    }
  }
  // The two are complete once the words have been read (`collected`):
  // with two threads, this one encodes them while the other still builds
  // the PREFIXES section, the longer task.
  std::promise<void> collected;
  auto encode_ear_sections = [&] {
    if (skeletons) {
      skeleton_section = skeletons->Encode(options_.skeleton_fp);
      skeleton_count = skeletons->skeletons();
    }
    if (sound_prefixes) {
      sound_prefix_section = sound_prefixes->Encode(options_.sound_prefix_fp);
      sound_prefix_count = sound_prefixes->pairs();
    }
  };
  // And the MIXED_CASE table, from the same pass.
  std::string mixed_section;
  uint64_t mixed_count = 0;
  // `last`: nothing reads the words after this (the filter and the class
  // table are built), so they are released once the PREFIXES builder has
  // its copy, before it sorts (uk_UA's 3.4 million words: 140 MB less at
  // the build's peak).
  // With a size cap (options_.max_file_bytes), the PREFIXES section is
  // sized for the room the other sections leave (Room below): on the
  // second thread, it waits for this one to have encoded them, after its
  // own sort and walk; on this thread, they are encoded first.
  std::promise<uint64_t> room_promise;
  std::future<uint64_t> room_future = room_promise.get_future();
  bool room_set = false;
  std::function<uint64_t()> room;
  if (options_.max_file_bytes > 0) {
    room = [&room_future] { return room_future.get(); };
  }
  auto build_prefixes = [this, &prefix_section, &prefix_edges, &prefix_graph,
                         &skeletons, &sound_prefixes, &collected,
                         &mixed_section, &mixed_count, &room](bool last) {
    MixedCaseTableBuilder mixed;
    prefix_section =
        EncodePrefixes(options_.seed ^ kPrefixSeedSalt, &prefix_edges,
                       &prefix_graph, skeletons ? &*skeletons : nullptr,
                       sound_prefixes ? &*sound_prefixes : nullptr, &mixed,
                       &mixed_section, &collected, room, last);
    mixed_count = mixed.size();
  };
  // Beside the class table only while both fit in memory together: each
  // needs about 90 bytes a word at its peak, besides the words themselves
  // (fr's 3 million forms peaked at 738 MB with both at once, 100 MB more
  // than either alone); past kParallelSuggestionWords they are built one
  // after the other (options_.parallel_suggestion_words), the PREFIXES
  // section then still filling its two tries on two threads.
  std::thread prefix_thread;
  if (options_.suggestion_data && options_.threads > 1 &&
      words <= options_.parallel_suggestion_words) {
    try {
      prefix_thread = std::thread(build_prefixes, false);
    } catch (const std::system_error&) {
      // No thread to be had: built on this one below.
    }
  }

  const BloomParams params = early_params && early_capacity == capacity
                                ? *early_params
                                : FilterParams(capacity);

  HugeVector<uint64_t> bits(params.bits / 64, 0);
  // (Sorted, a check-only build's hashes fill the blocks in order.)
  BloomFilter::AddBatch(params, bits, hashes_);
  BloomFilter::AddBatch(params, bits, keys_);
  for (size_t start = 0; start < words_.size();
       start += BloomFilter::kMaxBatch) {
    WordHash hashes[BloomFilter::kMaxBatch];
    const size_t count =
        std::min<size_t>(BloomFilter::kMaxBatch, words_.size() - start);
    for (size_t i = 0; i < count; ++i) {
      hashes[i] = HashWord(Bytes(arena_, words_[start + i]), params.seed);
    }
    BloomFilter::AddBatch(params, bits, std::span(hashes, count));
  }
  for (const std::string& u : upper_forms) {
    const WordHash h = HashWord(u, params.seed);
    BloomFilter::AddBatch(params, bits, std::span(&h, 1));
  }

  // Encoded before the PREFIXES section is sized (Room).
  std::string compound_section;
  std::string compound_edges;
  Status late_status;
  if (compounds_ && compounds_->parts() > 0) {
    if (!(options_.compound_fp > 0 && options_.compound_fp < 1)) {
      late_status = Status::InvalidArgument(
          "the compound parts' false-positive rate must be between 0 and 1 "
          "(exclusive)");
    } else {
      compound_section = compounds_->Encode(options_.compound_fp);
      // The pre-test (compound_edges.h): exact only when every part is a
      // key, so not with affix rules (ICONV alone is fine: no affixed
      // parts).
      if (!affix_rules_required_) compound_edges = compounds_->EncodeEdges();
    }
  }
  std::string keep_case_section;
  if (late_status.ok() && keep_case_ && keep_case_->words() > 0) {
    if (!(options_.keep_case_fp > 0 && options_.keep_case_fp < 1)) {
      late_status = Status::InvalidArgument(
          "the keep-case words' false-positive rate must be between 0 and 1 "
          "(exclusive)");
    } else {
      keep_case_section = keep_case_->Encode(options_.keep_case_fp);
    }
  }
  const std::string stems_section =
      stems_ && stems_->stems() > 0
          ? stems_->Encode(kDefaultStemFilterFalsePositiveRate)
          : std::string();

  std::string classes_section;
  uint64_t classed_words = 0;
  Status classes_status;
  // The bytes max_file_bytes leaves for the PREFIXES and MIXED_CASE
  // sections once every other section is encoded: the sections' sizes,
  // and for the header, the section table and each section's alignment
  // padding, an upper bound.
  auto room_left = [&]() -> uint64_t {
    if (!classes_status.ok() || !late_status.ok()) return UINT64_MAX;
    const size_t others[] = {
        kParamsBytes, options_.language.size(), 4 * (alphabet_.size() + 128),
        params.bits / 8, classes_section.size(), skeleton_section.size(),
        sound_prefix_section.size(), compound_section.size(),
        compound_rules_.size(), compound_edges.size(),
        keep_case_section.size(),
        affix_rules_.size(), stems_section.size(), suggest_rules_.size(),
        word_breaks_.size(), word_chars_.size()};
    uint64_t used = uint64_t{kHeaderBytes} +
                    uint64_t{kMaxSections} *
                        (kSectionEntryBytes + kBitsAlignment);
    for (size_t bytes : others) used += bytes;
    return options_.max_file_bytes > used ? options_.max_file_bytes - used
                                          : 0;
  };
  if (options_.suggestion_data) {
    // Sorted by their bytes, as the class table wants them (its contents
    // depend on the order); read in place, not copied.
    for (const SortedString& entry : words_) classed_words += entry.tag != 0;
    StatusOr<std::string> encoded = EncodeWordClasses(
        words_.size(),
        [this](size_t i) {
          return ClassedWord{Bytes(arena_, words_[i]), words_[i].tag};
        },
        options_.fingerprint_bits, params.seed ^ kClassSeedSalt);
    if (encoded.ok()) {
      classes_section = std::move(encoded.value());
    } else {
      classes_status = encoded.status();
    }
    if (prefix_thread.joinable()) {
      collected.get_future().wait();
      encode_ear_sections();
      room_promise.set_value(room_left());
      room_set = true;
      prefix_thread.join();
    } else {
      if (room) {
        // Everything else is encoded when the words are read, the ear
        // sections included (complete by then).
        room = [&] {
          encode_ear_sections();
          return room_left();
        };
        build_prefixes(true);
      } else {
        build_prefixes(true);
        encode_ear_sections();
      }
    }
  }
  if (!room_set) room_promise.set_value(UINT64_MAX);  // unused: no waiter
  if (!classes_status.ok()) return classes_status;
  if (!late_status.ok()) return late_status;

  DictionaryContents c;
  c.filter = params;
  c.words_at_build = n;
  c.capacity = capacity;
  c.target_fp = options_.fp;
  c.language = options_.language;
  for (char32_t a = 0; a < 0x80; ++a) {
    if (ascii_seen_[a]) c.alphabet.push_back(a);
  }
  c.alphabet.insert(c.alphabet.end(), alphabet_.begin(), alphabet_.end());
  c.bits = bits;
  c.word_classes = std::as_bytes(std::span<const char>(classes_section));
  (prefix_graph ? c.prefix_graph : c.prefixes) =
      std::as_bytes(std::span<const char>(prefix_section));
  c.sound_skeletons = std::as_bytes(std::span<const char>(skeleton_section));
  c.sound_prefixes =
      std::as_bytes(std::span<const char>(sound_prefix_section));
  c.mixed_case = std::as_bytes(std::span<const char>(mixed_section));
  c.compound_parts = std::as_bytes(std::span<const char>(compound_section));
  if (!compound_section.empty()) {
    c.compound_rules = std::as_bytes(std::span<const char>(compound_rules_));
    c.compound_edges = std::as_bytes(std::span<const char>(compound_edges));
  }
  c.keep_case = std::as_bytes(std::span<const char>(keep_case_section));
  c.affix_rules = std::as_bytes(std::span<const char>(affix_rules_));
  c.affix_rules_required = affix_rules_required_;
  c.stems = std::as_bytes(std::span<const char>(stems_section));
  c.suggest_rules = std::as_bytes(std::span<const char>(suggest_rules_));
  c.word_breaks = std::as_bytes(std::span<const char>(word_breaks_));
  c.has_word_breaks = has_word_breaks_;
  c.word_chars = std::as_bytes(std::span<const char>(word_chars_));
  std::string image = EncodeDictionary(c);

  if (summary != nullptr) {
    summary->words = words;
    summary->keys = keys_.size();
    summary->upper_forms = upper_forms.size();
    summary->duplicates = duplicates_;
    summary->capacity = capacity;
    summary->params = params;
    summary->predicted_fp = PredictedRate(params, n);
    summary->predicted_fp_at_capacity = PredictedRate(params, capacity);
    summary->file_bytes = image.size();
    summary->classed_words = classed_words;
    summary->prefix_edges = prefix_edges;
    summary->prefix_bytes = prefix_section.size();
    summary->prefix_graph = prefix_graph;
    summary->sound_skeletons = skeleton_count;
    summary->sound_skeleton_bytes = skeleton_section.size();
    summary->sound_prefixes = sound_prefix_count;
    summary->sound_prefix_bytes = sound_prefix_section.size();
    summary->mixed_case_words = mixed_count;
    summary->mixed_case_bytes = mixed_section.size();
    summary->word_classes_bytes = classes_section.size();
    summary->compound_parts = compounds_ ? compounds_->parts() : 0;
    summary->compound_bytes = compound_section.size();
    summary->keep_case_words = keep_case_ ? keep_case_->words() : 0;
    summary->keep_case_bytes = keep_case_section.size();
    summary->stems = stems_ ? stems_->stems() : 0;
    summary->stem_bytes = stems_section.size();
  }
  return image;
}

}  // namespace spellfilter
