#include "core/text/tokenizer.h"

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define SPELLFILTER_TOKENIZER_AVX512 1
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace spellfilter {
namespace {

// Cut points. Input is only ever split right after ASCII white space that is
// followed by an ASCII byte. ICU's word rules never join such a pair into one
// segment except space+space and CR+LF, which are not words either side; and
// the Extend/Format characters that could attach backwards are not ASCII. So
// every word segment of the whole text is a word segment of the piece it
// falls in, and the URL runs of rule 4 (split at white space) are unchanged.

// Non-ASCII characters separated by fewer ASCII bytes than this share one ICU
// pass. A pass is cheap to start but ICU is slow on ASCII: on 5 MB of KJV text
// with every " the " respelled " thé " this gave 235 MB/s, against 135 MB/s
// with 64 and 64 MB/s with 256.
constexpr size_t kMinAsciiGap = 16;

// One ICU pass converts its text to UTF-16 plus a 4-byte offset per code
// unit, so passes are bounded: a pass ends at the first pass cut point after
// kIcuPassBytes. Text with none for kMaxIcuPassBytes (16 MB without a line
// feed or ASCII white space before ASCII) is cut at a code point boundary
// instead, the one place where tokens may differ from a single ICU pass.
constexpr size_t kIcuPassBytes = size_t{1} << 20;
constexpr size_t kMaxIcuPassBytes = size_t{1} << 24;

// Attributes of ASCII bytes, named after the UAX #29 Word_Break values that
// ICU 72 uses for them. Bytes >= 0x80 have none; the fast path never sees
// them.
enum : uint8_t {
  kSpace = 1 << 0,       // White_Space: \t \n \v \f \r and ' '
  kLetter = 1 << 1,      // A-Z a-z
  kAt = 1 << 2,          // '@': ALetter in ICU 72, but taints the segment
  kDigit = 1 << 3,       // 0-9
  kUnderscore = 1 << 4,  // '_': ExtendNumLet; taints the segment
  kMidLetter = 1 << 5,   // '.' (MidNumLet) and '\'' (Single_Quote)
  kMidNum = 1 << 6,      // the above plus ',' ';' (MidNum)
  kColon = 1 << 7,       // ':' (not MidLetter in ICU 72); for "://"
};
constexpr uint8_t kWordChar = kLetter | kAt | kDigit | kUnderscore;
constexpr uint8_t kALetter = kLetter | kAt;
constexpr uint8_t kTaint = kAt | kDigit | kUnderscore;
constexpr uint8_t kAlnum = kLetter | kDigit;

constexpr auto kAscii = [] {
  std::array<uint8_t, 256> a{};
  for (char c : {'\t', '\n', '\v', '\f', '\r', ' '}) {
    a[static_cast<unsigned char>(c)] = kSpace;
  }
  for (size_t c = 'A'; c <= 'Z'; ++c) a[c] = kLetter;
  for (size_t c = 'a'; c <= 'z'; ++c) a[c] = kLetter;
  for (size_t c = '0'; c <= '9'; ++c) a[c] = kDigit;
  a['@'] = kAt;
  a['_'] = kUnderscore;
  a['.'] = kMidLetter | kMidNum;
  a['\''] = kMidLetter | kMidNum;
  a[','] = kMidNum;
  a[';'] = kMidNum;
  a[':'] = kColon;
  return a;
}();

inline uint8_t Attr(unsigned char c) { return kAscii[c]; }

inline const unsigned char* Bytes(std::string_view text) {
  return reinterpret_cast<const unsigned char*>(text.data());
}

// Index of the first byte >= 0x80 in p[i, end), or end.
size_t FindNonAscii(const unsigned char* p, size_t i, size_t end) {
  while (end - i >= 8) {
    uint64_t word;
    std::memcpy(&word, p + i, 8);
    const uint64_t high = word & 0x8080808080808080ull;
    if (high != 0) {
      if constexpr (std::endian::native == std::endian::little) {
        return i + static_cast<size_t>(std::countr_zero(high) / 8);
      }
      break;  // big-endian: let the byte loop find it
    }
    i += 8;
  }
  while (i < end && p[i] < 0x80) ++i;
  return i;
}

// True if the text may be split at byte i (0 < i < size).
inline bool IsCutPoint(const unsigned char* p, size_t i) {
  return (Attr(p[i - 1]) & kSpace) && p[i] < 0x80;
}

// True if an ICU pass may end at byte i (0 < i < size): a cut point, or just
// after a line feed. ICU always breaks after LF (WB3a), and no rule starts
// with LF or looks back across it, so ICU segments the text after it the
// same with or without what precedes it.
inline bool IsPassCutPoint(const unsigned char* p, size_t i) {
  return p[i - 1] == '\n' || IsCutPoint(p, i);
}

// Rule 4, first clause: the run starts with "www." in any ASCII case.
inline bool StartsWithWww(const unsigned char* p, size_t len) {
  return len >= 4 && (p[0] | 0x20) == 'w' && (p[1] | 0x20) == 'w' &&
         (p[2] | 0x20) == 'w' && p[3] == '.';
}

// Rule 4 for an ASCII run p[begin, end) of non-space bytes.
bool AsciiRunIsUrl(const unsigned char* p, size_t begin, size_t end) {
  if (StartsWithWww(p + begin, end - begin)) return true;
  for (size_t i = begin; i < end && !(Attr(p[i]) & kLetter); ++i) {
    if (p[i] == '/') return true;  // a path: '/' before the first letter
  }
  for (size_t i = begin; i < end; ++i) {
    if (p[i] == ':' && end - i >= 3 && p[i + 1] == '/' && p[i + 2] == '/') {
      return true;
    }
    if (p[i] == '@' && i > begin && i + 1 < end && (Attr(p[i - 1]) & kAlnum) &&
        (Attr(p[i + 1]) & kAlnum)) {
      return true;
    }
  }
  return false;
}

inline void EmitPiece(size_t begin, size_t end, std::vector<Token>* out) {
  const size_t length = end - begin;
  if (length > 0 && length <= Tokenizer::kMaxWordBytes) {
    out->push_back(Token{begin, length});
  }
}

// Rule 3 for an ASCII segment: split at '.'.
void EmitAsciiSegment(const unsigned char* p, size_t begin, size_t end,
                      bool has_dot, std::vector<Token>* out) {
  if (!has_dot) {
    EmitPiece(begin, end, out);
    return;
  }
  size_t piece = begin;
  for (size_t i = begin; i < end; ++i) {
    if (p[i] == '.') {
      EmitPiece(piece, i, out);
      piece = i + 1;
    }
  }
  EmitPiece(piece, end, out);
}

// ICU 72 word segmentation of one ASCII run p[begin, end) (no white space
// inside), with rules 2 and 3 applied. For ASCII the UAX #29 rules reduce to:
// letters, '@', digits and '_' always join their neighbours of those kinds
// (WB5, WB8-10, WB13a/b); '.' and '\'' join two ALetters (WB6/7; A-Z a-z @);
// '.', '\'', ',' and ';' join two digits (WB11/12); any other byte is a
// one-byte segment that is not a word.
void SegmentAsciiRun(const unsigned char* p, size_t begin, size_t end,
                     std::vector<Token>* out) {
  size_t i = begin;
  while (i < end) {
    uint8_t a = Attr(p[i]);
    if ((a & kWordChar) == 0) {
      ++i;
      continue;
    }
    const size_t segment = i;
    bool tainted = false;
    bool has_dot = false;
    for (;;) {
      tainted |= (a & kTaint) != 0;
      ++i;
      if (i >= end) break;
      const uint8_t b = Attr(p[i]);
      if (b & kWordChar) {
        a = b;
        continue;
      }
      if ((b & kMidNum) && i + 1 < end) {
        const uint8_t next = Attr(p[i + 1]);
        const bool joins =
            ((b & kMidLetter) && (a & kALetter) && (next & kALetter)) ||
            ((a & kDigit) && (next & kDigit));
        if (joins) {
          has_dot |= p[i] == '.';
          ++i;
          a = next;
          continue;
        }
      }
      break;
    }
    if (!tainted) EmitAsciiSegment(p, segment, i, has_dot, out);
  }
}

// One pass per run of non-space bytes. It optimistically emits each maximal
// run of letters as a word, which is right unless the run holds a digit, '@',
// '_', "://", or a '.' ',' ';' '\'' between two word characters; then it
// takes the emitted tokens back and runs the full rules on the run.
void ScanAsciiBytes(const unsigned char* p, size_t begin, size_t end,
                    std::vector<Token>* out) {
  size_t i = begin;
  while (i < end) {
    uint8_t a = Attr(p[i]);
    if (a & kSpace) {
      ++i;
      continue;
    }
    const size_t run = i;
    const size_t mark = out->size();
    bool simple = !StartsWithWww(p + i, end - i);
    bool letter_seen = false;
    for (;;) {
      if (a & kLetter) {
        letter_seen = true;
        const size_t word = i;
        do {
          ++i;
        } while (i < end && (Attr(p[i]) & kLetter));
        EmitPiece(word, i, out);
      } else {
        if (a & kSpace) break;
        if (a & kTaint) {
          simple = false;
        } else if (p[i] == '/' && !letter_seen) {
          simple = false;
        } else if (a & kColon) {
          if (end - i >= 3 && p[i + 1] == '/' && p[i + 2] == '/')
            simple = false;
        } else if (a & kMidNum) {
          if (i > run && i + 1 < end && (Attr(p[i - 1]) & kWordChar) &&
              (Attr(p[i + 1]) & kWordChar)) {
            simple = false;
          }
        }
        ++i;
      }
      if (i >= end) break;
      a = Attr(p[i]);
    }
    if (!simple) {
      out->resize(mark);
      if (!AsciiRunIsUrl(p, run, i)) SegmentAsciiRun(p, run, i, out);
    }
  }
}

#if defined(__SSE2__)
// Bit k of each mask describes byte k of a 64-byte block.
struct BlockMasks {
  uint64_t letter;      // A-Z a-z
  uint64_t space;       // kSpace
  uint64_t taint;       // digits, '@', '_'
  uint64_t colon;       // ':'
  uint64_t slash;       // '/'
  uint64_t w;           // 'w' 'W'
  uint64_t apostrophe;  // '\''
};

inline uint64_t Movemask64(__m128i a, __m128i b, __m128i c, __m128i d) {
  return static_cast<uint64_t>(static_cast<uint16_t>(_mm_movemask_epi8(a))) |
         static_cast<uint64_t>(static_cast<uint16_t>(_mm_movemask_epi8(b)))
             << 16 |
         static_cast<uint64_t>(static_cast<uint16_t>(_mm_movemask_epi8(c)))
             << 32 |
         static_cast<uint64_t>(static_cast<uint16_t>(_mm_movemask_epi8(d)))
             << 48;
}

// Bytes are ASCII, so signed byte comparisons order them correctly.
inline __m128i InRange(__m128i x, char lo, char hi) {
  return _mm_and_si128(
      _mm_cmpgt_epi8(x, _mm_set1_epi8(static_cast<char>(lo - 1))),
      _mm_cmplt_epi8(x, _mm_set1_epi8(static_cast<char>(hi + 1))));
}

inline __m128i Equals(__m128i x, char c) {
  return _mm_cmpeq_epi8(x, _mm_set1_epi8(c));
}

BlockMasks ClassifyBlock(const unsigned char* p) {
  __m128i letter[4], space[4], taint[4], colon[4], slash[4], w[4], apos[4];
  for (int k = 0; k < 4; ++k) {
    const __m128i x =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    const __m128i lower = _mm_or_si128(x, _mm_set1_epi8(0x20));
    letter[k] = InRange(lower, 'a', 'z');
    space[k] = _mm_or_si128(InRange(x, '\t', '\r'), Equals(x, ' '));
    taint[k] = _mm_or_si128(InRange(x, '0', '9'),
                            _mm_or_si128(Equals(x, '@'), Equals(x, '_')));
    colon[k] = Equals(x, ':');
    slash[k] = Equals(x, '/');
    w[k] = Equals(lower, 'w');
    apos[k] = Equals(x, '\'');
  }
  return BlockMasks{
      Movemask64(letter[0], letter[1], letter[2], letter[3]),
      Movemask64(space[0], space[1], space[2], space[3]),
      Movemask64(taint[0], taint[1], taint[2], taint[3]),
      Movemask64(colon[0], colon[1], colon[2], colon[3]),
      Movemask64(slash[0], slash[1], slash[2], slash[3]),
      Movemask64(w[0], w[1], w[2], w[3]),
      Movemask64(apos[0], apos[1], apos[2], apos[3]),
  };
}

// Scans p[begin, end), which is ASCII and starts at a run boundary, 64 bytes
// at a time. Each step takes the block up to and including its last white
// space, so no run crosses a step. A step whose runs hold nothing unusual
// (no digit, '@', '_', '/', run starting "www") needs no segmentation
// rules beyond: a word is a maximal run of letters and of apostrophes
// between two letters ('.' between letters joins in ICU, but rule 3 splits
// there again). Other steps, and runs of 64 bytes or more, go to the byte
// scanner. Words are at most 63 bytes here, under kMaxWordBytes.
template <typename Classify>
inline void ScanAsciiBlocks(const unsigned char* p, size_t begin, size_t end,
                            std::vector<Token>* out, Classify classify) {
  size_t i = begin;
  while (end - i >= 64) {
    const BlockMasks m = classify(p + i);
    if (m.space == 0) {
      // A run of 64 bytes or more: hand the whole run to the byte scanner.
      size_t run_end = i + 64;
      while (run_end < end && (Attr(p[run_end]) & kSpace) == 0) ++run_end;
      ScanAsciiBytes(p, i, run_end, out);
      i = run_end;
      continue;
    }
    const int last_space = 63 - std::countl_zero(m.space);
    const uint64_t in_step =
        last_space == 63 ? ~uint64_t{0} : (uint64_t{1} << (last_space + 1)) - 1;
    const uint64_t run_start = ~m.space & ((m.space << 1) | 1);
    const uint64_t hard = m.taint | m.slash |
                          (run_start & m.w & (m.w >> 1) & (m.w >> 2));
    const size_t step_end = i + static_cast<size_t>(last_space) + 1;
    if ((hard & in_step) != 0) {
      ScanAsciiBytes(p, i, step_end, out);
    } else {
      uint64_t word =
          (m.letter | (m.apostrophe & (m.letter << 1) & (m.letter >> 1))) &
          in_step;
      while (word != 0) {
        const int start = std::countr_zero(word);
        const int length = std::countr_one(word >> start);
        out->push_back(
            Token{i + static_cast<size_t>(start), static_cast<size_t>(length)});
        word &= word + (uint64_t{1} << start);  // clear the lowest run of ones
      }
    }
    i = step_end;
  }
  ScanAsciiBytes(p, i, end, out);
}
#if defined(SPELLFILTER_TOKENIZER_AVX512)
// ClassifyBlock with AVX-512BW: the block is one register and each test
// gives its 64-bit mask directly (same masks: tokenizer_test.cpp compares
// the two scanners).
__attribute__((target("avx512f,avx512bw"))) inline BlockMasks
ClassifyBlockAvx512(const unsigned char* p) {
  const __m512i x = _mm512_loadu_si512(p);
  const __m512i lower = _mm512_or_si512(x, _mm512_set1_epi8(0x20));
  auto in_range = [](__m512i v, char lo, char hi)
                      __attribute__((target("avx512f,avx512bw"))) {
    // v - lo <= hi - lo, unsigned.
    return _mm512_cmple_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8(lo)),
                                  _mm512_set1_epi8(static_cast<char>(hi - lo)));
  };
  auto equals = [](__m512i v, char c)
                    __attribute__((target("avx512f,avx512bw"))) {
    return _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(c));
  };
  return BlockMasks{
      in_range(lower, 'a', 'z'),
      in_range(x, '\t', '\r') | equals(x, ' '),
      in_range(x, '0', '9') | equals(x, '@') | equals(x, '_'),
      equals(x, ':'),
      equals(x, '/'),
      equals(lower, 'w'),
      equals(x, '\''),
  };
}

__attribute__((target("avx512f,avx512bw"), flatten)) void ScanAsciiAvx512(
    const unsigned char* p, size_t begin, size_t end, std::vector<Token>* out) {
  ScanAsciiBlocks(p, begin, end, out,
                  [](const unsigned char* q) __attribute__((
                      target("avx512f,avx512bw"))) { return ClassifyBlockAvx512(q); });
}

bool HaveAvx512Bw() {
  static const bool have =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
  return have;
}
#endif  // defined(SPELLFILTER_TOKENIZER_AVX512)

// `vector`: false keeps to SSE2 (for tests).
void ScanAscii(const unsigned char* p, size_t begin, size_t end,
               std::vector<Token>* out, bool vector = true) {
#if defined(SPELLFILTER_TOKENIZER_AVX512)
  if (vector && HaveAvx512Bw()) {
    ScanAsciiAvx512(p, begin, end, out);
    return;
  }
#endif
  ScanAsciiBlocks(p, begin, end, out, ClassifyBlock);
}
#else
void ScanAscii(const unsigned char* p, size_t begin, size_t end,
               std::vector<Token>* out, bool = true) {
  ScanAsciiBytes(p, begin, end, out);
}
#endif  // defined(__SSE2__)

bool IsFullStop(UChar32 c) {
  return c == 0x002E || c == 0x2024 || c == 0xFE52 || c == 0xFF0E;
}

bool IsWhiteSpace(UChar32 c) {
  return c < 0x80 ? (Attr(static_cast<unsigned char>(c)) & kSpace) != 0
                  : u_isUWhiteSpace(c) != 0;
}

bool IsAlnum(UChar32 c) {
  return c < 0x80 ? (Attr(static_cast<unsigned char>(c)) & kAlnum) != 0
                  : u_isalnum(c) != 0;
}

// Rule 2 for one code point.
bool TaintsSegment(UChar32 c) {
  if (c < 0x80) return (Attr(static_cast<unsigned char>(c)) & kTaint) != 0;
  return u_isdigit(c) || u_charType(c) == U_CONNECTOR_PUNCTUATION;
}

}  // namespace

void Tokenizer::BreakIteratorCloser::operator()(UBreakIterator* it) const {
  ubrk_close(it);
}

Tokenizer::Tokenizer() : Tokenizer(Mode::kAuto) {}
Tokenizer::Tokenizer(Mode mode) : mode_(mode) {}
Tokenizer::~Tokenizer() = default;
Tokenizer::Tokenizer(Tokenizer&&) noexcept = default;
Tokenizer& Tokenizer::operator=(Tokenizer&&) noexcept = default;

void Tokenizer::SetWordChars(std::span<const char32_t> chars) {
  word_chars_.clear();
  glue_ascii_.fill(false);
  glue_lead_.fill(false);
  for (char32_t c : chars) {
    const auto u = static_cast<UChar32>(c);
    if (c > 0x10FFFF || IsWhiteSpace(u)) continue;
    word_chars_.push_back(c);
    if (u_isalpha(u)) continue;  // a letter already: no glue
    if (c < 0x80) {
      glue_ascii_[c] = true;
    } else {
      uint8_t lead[4];
      int32_t length = 0;
      UBool error = false;
      U8_APPEND(lead, length, 4, u, error);
      if (!error) glue_lead_[lead[0]] = true;
    }
  }
  std::sort(word_chars_.begin(), word_chars_.end());
  word_chars_.erase(std::unique(word_chars_.begin(), word_chars_.end()),
                    word_chars_.end());
  has_glue_ = std::any_of(glue_ascii_.begin(), glue_ascii_.end(),
                          [](bool b) { return b; }) ||
              std::any_of(glue_lead_.begin(), glue_lead_.end(),
                          [](bool b) { return b; });
}

void Tokenizer::Tokenize(std::string_view text, std::vector<Token>* out) {
  TokenizeDefault(text, out);
  if (has_glue_) ApplyWordChars(text, out);
}

bool Tokenizer::IsWordChar(char32_t c) const {
  return std::binary_search(word_chars_.begin(), word_chars_.end(), c);
}

namespace {

// Decodes the code point at text[i] into *c (U+FFFD for an ill-formed
// sequence, rule 6) and returns the index after it.
size_t NextCodePoint(std::string_view text, size_t i, UChar32* c) {
  const auto* s = Bytes(text);
  if (s[i] < 0x80) {
    *c = s[i];
    return i + 1;
  }
  int32_t at = static_cast<int32_t>(i);
  U8_NEXT(s, at, static_cast<int32_t>(text.size()), *c);
  if (*c < 0) *c = 0xFFFD;
  return static_cast<size_t>(at);
}

// The start of the code point that ends at text[i] (i > 0).
size_t PreviousCodePoint(std::string_view text, size_t i) {
  const auto* s = Bytes(text);
  int32_t at = static_cast<int32_t>(i);
  UChar32 c;
  U8_PREV(s, 0, at, c);
  (void)c;
  return static_cast<size_t>(at);
}

// Rule 4 for the run of non-White_Space code points text[begin, end).
bool RunIsUrl(std::string_view text, size_t begin, size_t end) {
  const auto* s = Bytes(text);
  if (StartsWithWww(s + begin, end - begin)) return true;
  bool letter_seen = false;
  bool prev_alnum = false;
  bool at_after_alnum = false;
  UChar32 prev1 = -1;
  UChar32 prev2 = -1;
  for (size_t i = begin; i < end;) {
    UChar32 c;
    i = NextCodePoint(text, i, &c);
    if (c == '/' && !letter_seen) return true;  // a path
    letter_seen = letter_seen || u_isalpha(c);
    const bool alnum = IsAlnum(c);
    if (at_after_alnum && alnum) return true;
    if (c == '/' && prev1 == '/' && prev2 == ':') return true;
    at_after_alnum = c == '@' && prev_alnum;
    prev_alnum = alnum;
    prev2 = prev1;
    prev1 = c;
  }
  return false;
}

}  // namespace

void Tokenizer::ApplyWordChars(std::string_view text, std::vector<Token>* out) {
  const auto* s = Bytes(text);
  const size_t n = text.size();
  // Most text has no glue character at all: nothing changes.
  size_t first = 0;
  while (first < n && !(s[first] < 0x80 ? glue_ascii_[s[first]]
                                        : glue_lead_[s[first]])) {
    ++first;
  }
  if (first == n) return;
  // Hunspell's words: maximal runs of letters, marks and WORDCHARS. Those
  // with a glue character (a WORDCHARS one that is not a letter) and a
  // letter replace the tokens they overlap, as one token.
  glue_runs_.clear();
  // ASCII from the byte table (letters, or glue: an ASCII WORDCHARS
  // character is a letter or glue); ICU's properties for the rest.
  auto alpha = [](UChar32 c) {
    return c < 0x80 ? (Attr(static_cast<unsigned char>(c)) & kLetter) != 0
                    : u_isalpha(c) != 0;
  };
  auto word_char = [&](UChar32 c) {
    if (c < 0x80) {
      return (Attr(static_cast<unsigned char>(c)) & kLetter) != 0 ||
             glue_ascii_[static_cast<size_t>(c)];
    }
    return u_isalpha(c) || (U_GET_GC_MASK(c) & U_GC_M_MASK) != 0 ||
           IsWordChar(static_cast<char32_t>(c));
  };
  // Start at the run holding the first glue byte.
  size_t i = first;
  while (i > 0) {
    const size_t prev = PreviousCodePoint(text, i);
    UChar32 c;
    NextCodePoint(text, prev, &c);
    if (!word_char(c)) break;
    i = prev;
  }
  while (i < n) {
    UChar32 c;
    size_t next = NextCodePoint(text, i, &c);
    if (!word_char(c)) {
      i = next;
      continue;
    }
    const size_t begin = i;
    bool glue = false;
    bool letter = false;
    for (;;) {
      const bool a = alpha(c);
      letter |= a;
      glue |= !a && (c < 0x80 || (U_GET_GC_MASK(c) & U_GC_M_MASK) == 0);
      i = next;
      if (i >= n) break;
      next = NextCodePoint(text, i, &c);
      if (!word_char(c)) break;
    }
    if (glue && letter) glue_runs_.push_back(ByteRange{begin, i});
  }
  if (glue_runs_.empty()) return;
  // Merge: a run and the tokens it overlaps (and, transitively, the runs
  // those overlap) become one token; other tokens stay.
  merged_.clear();
  size_t t = 0;
  size_t r = 0;
  while (t < out->size() || r < glue_runs_.size()) {
    const bool take_run =
        t == out->size() ||
        (r < glue_runs_.size() && glue_runs_[r].begin <= (*out)[t].offset);
    size_t begin;
    size_t end;
    if (take_run) {
      begin = glue_runs_[r].begin;
      end = glue_runs_[r].end;
      ++r;
    } else {
      begin = (*out)[t].offset;
      end = begin + (*out)[t].length;
      ++t;
    }
    bool has_run = take_run;
    for (;;) {
      if (t < out->size() && (*out)[t].offset < end) {
        end = std::max(end, (*out)[t].offset + (*out)[t].length);
        ++t;
      } else if (r < glue_runs_.size() && glue_runs_[r].begin < end) {
        end = std::max(end, glue_runs_[r].end);
        has_run = true;
        ++r;
      } else {
        break;
      }
    }
    if (!has_run) {
      merged_.push_back(Token{begin, end - begin});
      continue;
    }
    // Hunspell's tokenizer drops one trailing colon ("for Finnish and
    // Swedish", textparser.cxx): "e-post:" is "e-post".
    if (text[end - 1] == ':') --end;
    if (end - begin > kMaxWordBytes) continue;  // rule 5
    // Rule 4: not inside a URL or an e-mail address.
    size_t run_begin = begin;
    while (run_begin > 0) {
      const size_t prev = PreviousCodePoint(text, run_begin);
      UChar32 c;
      NextCodePoint(text, prev, &c);
      if (IsWhiteSpace(c)) break;
      run_begin = prev;
    }
    size_t run_end = end;
    while (run_end < n) {
      UChar32 c;
      const size_t next = NextCodePoint(text, run_end, &c);
      if (IsWhiteSpace(c)) break;
      run_end = next;
    }
    if (RunIsUrl(text, run_begin, run_end)) continue;
    merged_.push_back(Token{begin, end - begin});
  }
  out->swap(merged_);
}

void Tokenizer::TokenizeDefault(std::string_view text,
                                std::vector<Token>* out) {
  out->clear();
  const unsigned char* p = Bytes(text);
  const size_t n = text.size();
  if (mode_ == Mode::kIcuOnly) {
    TokenizeIcu(text, 0, n, out);
    return;
  }
  size_t pos = 0;
  while (pos < n) {
    const size_t non_ascii = FindNonAscii(p, pos, n);
    if (non_ascii == n) {
      ScanAscii(p, pos, n, out, mode_ != Mode::kSse2);
      return;
    }
    // The ICU region starts at the last cut point before the non-ASCII byte.
    size_t begin = non_ascii;
    while (begin > pos && !IsCutPoint(p, begin)) --begin;
    if (begin > pos) ScanAscii(p, pos, begin, out, mode_ != Mode::kSse2);
    // It ends at a cut point followed by at least kMinAsciiGap ASCII bytes.
    size_t end = non_ascii;
    for (;;) {
      size_t cut = end + 1;
      while (cut < n && !IsCutPoint(p, cut)) ++cut;
      if (cut >= n) {
        end = n;
        break;
      }
      const size_t limit = std::min(n, cut + kMinAsciiGap);
      const size_t next = FindNonAscii(p, cut, limit);
      if (next == limit) {
        end = cut;
        break;
      }
      end = next;
    }
    TokenizeIcu(text, begin, end, out);
    pos = end;
  }
}

void Tokenizer::TokenizeIcu(std::string_view text, size_t begin, size_t end,
                            std::vector<Token>* out) {
  const unsigned char* p = Bytes(text);
  while (begin < end) {
    size_t pass_end = end;
    if (end - begin > kIcuPassBytes) {
      const size_t hard_end = std::min(end, begin + kMaxIcuPassBytes);
      size_t cut = begin + kIcuPassBytes;
      while (cut < hard_end && !IsPassCutPoint(p, cut)) ++cut;
      if (cut < hard_end) {
        pass_end = cut;
      } else if (hard_end < end) {
        // No cut point: back up to a code point start, at most 3 bytes.
        pass_end = hard_end;
        for (int k = 0; k < 3 && (p[pass_end] & 0xC0) == 0x80; ++k) --pass_end;
      }
    }
    TokenizeIcuPass(text, begin, pass_end, out);
    begin = pass_end;
  }
}

bool Tokenizer::EnsureBreakIterator() {
  if (break_iterator_ != nullptr) return true;
  if (break_iterator_failed_) return false;
  UErrorCode status = U_ZERO_ERROR;
  // "" is the root locale (nullptr would mean the default locale).
  UBreakIterator* it = ubrk_open(UBRK_WORD, "", nullptr, 0, &status);
  if (U_FAILURE(status) || it == nullptr) {
    if (it != nullptr) ubrk_close(it);
    break_iterator_failed_ = true;
    return false;
  }
  break_iterator_.reset(it);
  return true;
}

void Tokenizer::DecodeForIcu(std::string_view text, size_t begin, size_t end) {
  const unsigned char* s = Bytes(text) + begin;
  const int32_t length = static_cast<int32_t>(end - begin);
  utf16_.clear();
  utf16_to_byte_.clear();
  skipped_runs_.clear();
  utf16_.reserve(static_cast<size_t>(length));
  utf16_to_byte_.reserve(static_cast<size_t>(length) + 1);

  // Rule 4 state for the current run of non-white-space code points.
  bool in_run = false;
  int32_t run_begin = 0;
  bool run_is_url = false;
  bool letter_seen = false;  // in this run, for the path rule
  bool prev_alnum = false;
  bool at_after_alnum = false;  // previous code point: '@' after an alnum
  UChar32 prev1 = -1;           // previous code point in the run
  UChar32 prev2 = -1;           // the one before
  auto end_run = [&](int32_t at) {
    if (in_run && run_is_url) {
      skipped_runs_.push_back(ByteRange{begin + static_cast<size_t>(run_begin),
                                        begin + static_cast<size_t>(at)});
    }
    in_run = false;
  };

  int32_t i = 0;
  while (i < length) {
    const int32_t start = i;
    UChar32 c;
    if (s[i] < 0x80) {
      c = s[i++];
    } else {
      U8_NEXT(s, i, length, c);
      if (c < 0) c = 0xFFFD;  // rule 6: one ill-formed sequence, one U+FFFD
    }
    if (U_IS_BMP(c)) {
      utf16_.push_back(static_cast<char16_t>(c));
      utf16_to_byte_.push_back(static_cast<uint32_t>(start));
    } else {
      utf16_.push_back(static_cast<char16_t>(U16_LEAD(c)));
      utf16_.push_back(static_cast<char16_t>(U16_TRAIL(c)));
      utf16_to_byte_.push_back(static_cast<uint32_t>(start));
      utf16_to_byte_.push_back(static_cast<uint32_t>(start));
    }

    if (IsWhiteSpace(c)) {
      end_run(start);
      continue;
    }
    if (!in_run) {
      in_run = true;
      run_begin = start;
      run_is_url =
          StartsWithWww(s + start, static_cast<size_t>(length - start));
      prev_alnum = at_after_alnum = false;
      letter_seen = false;
      prev1 = prev2 = -1;
    }
    if (c == '/' && !letter_seen) run_is_url = true;  // a path
    letter_seen = letter_seen || u_isalpha(c);
    const bool alnum = IsAlnum(c);
    if (at_after_alnum && alnum) run_is_url = true;
    if (c == '/' && prev1 == '/' && prev2 == ':') run_is_url = true;
    at_after_alnum = c == '@' && prev_alnum;
    prev_alnum = alnum;
    prev2 = prev1;
    prev1 = c;
  }
  end_run(length);
  utf16_to_byte_.push_back(static_cast<uint32_t>(length));
}

void Tokenizer::TokenizeIcuPass(std::string_view text, size_t begin, size_t end,
                                std::vector<Token>* out) {
  if (begin == end || !EnsureBreakIterator()) return;
  DecodeForIcu(text, begin, end);
  UBreakIterator* it = break_iterator_.get();
  UErrorCode status = U_ZERO_ERROR;
  ubrk_setText(it, reinterpret_cast<const UChar*>(utf16_.data()),
               static_cast<int32_t>(utf16_.size()), &status);
  if (U_FAILURE(status)) return;
  size_t next_skipped_run = 0;
  int32_t segment = ubrk_first(it);
  for (int32_t next = ubrk_next(it); next != UBRK_DONE;
       segment = next, next = ubrk_next(it)) {
    const int32_t rule_status = ubrk_getRuleStatus(it);
    if (rule_status >= UBRK_WORD_LETTER && rule_status < UBRK_WORD_IDEO_LIMIT) {
      EmitIcuSegment(begin, segment, next, &next_skipped_run, out);
    }
  }
  // Do not keep a pointer into utf16_, which the next pass reallocates.
  static constexpr UChar kEmpty[1] = {0};
  ubrk_setText(it, kEmpty, 0, &status);
  // Keep the buffers for reuse, but not the tens of MB an oversized pass took.
  if (utf16_.size() > 2 * kIcuPassBytes) {
    utf16_ = {};
    utf16_to_byte_ = {};
  }
}

void Tokenizer::EmitIcuSegment(size_t base, int32_t seg_begin, int32_t seg_end,
                               size_t* next_skipped_run,
                               std::vector<Token>* out) const {
  const size_t mark = out->size();
  auto emit = [&](int32_t from, int32_t to) {
    const size_t b = base + utf16_to_byte_[static_cast<size_t>(from)];
    const size_t e = base + utf16_to_byte_[static_cast<size_t>(to)];
    if (b == e || e - b > kMaxWordBytes) return;
    // Rule 4: is the piece inside a URL run? Pieces arrive in order.
    size_t& r = *next_skipped_run;
    while (r < skipped_runs_.size() && skipped_runs_[r].end <= b) ++r;
    if (r < skipped_runs_.size() && skipped_runs_[r].begin <= b) return;
    out->push_back(Token{b, e - b});
  };
  const char16_t* u = utf16_.data();
  int32_t piece = seg_begin;
  int32_t i = seg_begin;
  while (i < seg_end) {
    const int32_t start = i;
    UChar32 c;
    U16_NEXT(u, i, seg_end, c);
    if (TaintsSegment(c)) {
      out->resize(mark);
      return;
    }
    if (IsFullStop(c) || IsWhiteSpace(c)) {
      emit(piece, start);
      piece = i;
    }
  }
  emit(piece, seg_end);
}

}  // namespace spellfilter
