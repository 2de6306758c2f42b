#include "core/text/quick_word_facts.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>

#include <atomic>
#include <cstdint>

namespace spellfilter {
namespace {

// A code point's facts: its canonical combining class in the low byte,
// and two flags.
constexpr uint16_t kNfcNo = 0x100;     // NFC quick check NO
constexpr uint16_t kNfcMaybe = 0x200;  // NFC quick check MAYBE
constexpr uint16_t kUpper = 0x400;     // upper or title case

// One block of 256 code points, built on first use. Blocks are never
// freed (at most 256 of 512 bytes), so a pointer read once stays valid.
std::atomic<const uint16_t*> blocks[256];

const uint16_t* BuildBlock(uint32_t block) {
  auto* facts = new uint16_t[256];
  for (uint32_t i = 0; i < 256; ++i) {
    const UChar32 c = static_cast<UChar32>(block * 256 + i);
    uint16_t f = u_getCombiningClass(c);
    switch (u_getIntPropertyValue(c, UCHAR_NFC_QUICK_CHECK)) {
      case UNORM_NO:
        f |= kNfcNo;
        break;
      case UNORM_MAYBE:
        f |= kNfcMaybe;
        break;
      default:
        break;
    }
    if (u_isUUppercase(c) || u_istitle(c)) f |= kUpper;
    facts[i] = f;
  }
  const uint16_t* expected = nullptr;
  // Two threads may build the same block: the first one's is kept.
  if (!blocks[block].compare_exchange_strong(expected, facts,
                                             std::memory_order_acq_rel)) {
    delete[] facts;
    return expected;
  }
  return facts;
}

inline uint16_t FactsOf(uint32_t c) {
  const uint32_t block = c >> 8;
  const uint16_t* facts = blocks[block].load(std::memory_order_acquire);
  if (facts == nullptr) facts = BuildBlock(block);
  return facts[c & 0xFF];
}

inline bool Continuation(unsigned char b) { return (b & 0xC0) == 0x80; }

// Whether c, whose quick-check value is MAYBE (it may compose with what
// comes before: Malayalam's vowel sign AA U+0D3E after U+0D46, Hangul
// vowels after a leading consonant), leaves the word in NFC after the
// code point `previous` (0: none). Only for a starter (class 0): it can
// compose with the code point just before it, and only if that is a
// starter too (a mark between blocks it); then NFC composes the pair
// exactly when ICU knows a primary composite of them. A mark with MAYBE
// (U+0301 after "a") is left to ICU.
bool MaybeStaysNfc(uint32_t c, uint16_t c_class, uint32_t previous,
                   uint16_t previous_class, bool any_previous) {
  if (c_class != 0) return false;
  if (!any_previous || previous_class != 0) return true;
  UErrorCode status = U_ZERO_ERROR;
  static const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (nfc == nullptr) return false;
  return nfc->composePair(static_cast<UChar32>(previous),
                          static_cast<UChar32>(c)) < 0;
}

}  // namespace

bool QuickWordFacts(std::string_view utf8, WordFacts* out) {
  const auto* p = reinterpret_cast<const unsigned char*>(utf8.data());
  const size_t n = utf8.size();
  bool nfc = true;
  bool upper = false;
  uint16_t last_class = 0;
  uint32_t last = 0;  // the code point before, when any_last
  bool any_last = false;
  for (size_t i = 0; i < n;) {
    const unsigned char b = p[i];
    uint32_t c;
    if (b < 0x80) {
      // ASCII: combining class 0, quick check YES.
      upper |= b >= 'A' && b <= 'Z';
      last_class = 0;
      last = b;
      any_last = true;
      ++i;
      continue;
    }
    if (b >= 0xC2 && b < 0xE0 && i + 1 < n && Continuation(p[i + 1])) {
      c = (uint32_t{b} & 0x1F) << 6 | (p[i + 1] & 0x3F);
      i += 2;
    } else if ((b & 0xF0) == 0xE0 && i + 2 < n && Continuation(p[i + 1]) &&
               Continuation(p[i + 2])) {
      c = (uint32_t{b} & 0x0F) << 12 | (uint32_t{p[i + 1]} & 0x3F) << 6 |
          (p[i + 2] & 0x3F);
      // Overlong forms and surrogates are invalid; U+2019 is folded by
      // the normalisation, which ICU does.
      if (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF) || c == 0x2019) {
        return false;
      }
      i += 3;
    } else {
      return false;  // invalid, or beyond the BMP
    }
    const uint16_t f = FactsOf(c);
    const uint16_t cc = f & 0xFF;
    if ((f & kNfcNo) || (cc != 0 && last_class > cc) ||
        ((f & kNfcMaybe) &&
         !MaybeStaysNfc(c, cc, last, last_class, any_last))) {
      nfc = false;
    }
    upper |= (f & kUpper) != 0;
    last_class = cc;
    last = c;
    any_last = true;
  }
  out->nfc = nfc;
  out->has_upper = upper;
  return true;
}

}  // namespace spellfilter
