// libFuzzer target for core/tokenizer. Build and run (from the repository
// root; CORPUS_DIR is any directory, seeds optional):
//   clang++-14 -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined
//       core/text/tokenizer.cpp tests/fuzz/tokenizer_fuzzer.cpp -I.
//       $(pkg-config --cflags --libs icu-uc) -o /tmp/tokfuzz
//   /tmp/tokfuzz -max_total_time=120 -max_len=4096 CORPUS_DIR
//
// Checks, for both modes: every token is non-empty, at most kMaxWordBytes,
// inside the input, well-formed UTF-8 without NUL, and the tokens are ordered
// and do not overlap. Checks that the fast path (kAuto) and the ICU path
// (kIcuOnly) give identical tokens: for ASCII input that is the fast path's
// contract; for other input it checks that cutting the text at ASCII white
// space changes nothing. The same again with Hunspell's WORDCHARS set
// (rule 7; sv_SE's and hy_AM's characters). Any violation aborts.
#include <unicode/utf8.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string_view>
#include <vector>

#include "core/text/tokenizer.h"

namespace {

using spellfilter::Token;
using spellfilter::Tokenizer;

[[noreturn]] void Fail(const char* what, const Token& t) {
  std::fprintf(stderr, "tokenizer_fuzzer: %s (token offset %zu length %zu)\n",
               what, t.offset, t.length);
  std::abort();
}

void CheckTokens(std::string_view text, const std::vector<Token>& tokens) {
  size_t previous_end = 0;
  for (const Token& t : tokens) {
    if (t.length == 0) Fail("empty token", t);
    if (t.length > Tokenizer::kMaxWordBytes) Fail("token too long", t);
    if (t.offset > text.size() || t.length > text.size() - t.offset) {
      Fail("token out of bounds", t);
    }
    if (t.offset < previous_end) Fail("tokens overlap or are unordered", t);
    previous_end = t.offset + t.length;
    const auto* s = reinterpret_cast<const uint8_t*>(text.data() + t.offset);
    const auto length = static_cast<int32_t>(t.length);
    for (int32_t i = 0; i < length;) {
      UChar32 c;
      U8_NEXT(s, i, length, c);
      if (c < 0) Fail("token is not well-formed UTF-8", t);
      if (c == 0) Fail("token contains NUL", t);
    }
  }
}

// sv_SE's WORDCHARS and hy_AM's.
constexpr char32_t kWordCharsData[] = {U'-', U'0', U'1', U'2', U'3', U'4',
                                       U'5', U'6', U'7', U'8', U'9', U'.',
                                       U':', U'\'', U'\u055B', U'\u055C',
                                       U'\u055E'};
constexpr std::span<const char32_t> kWordChars(kWordCharsData);

[[noreturn]] void Differ(const uint8_t* data, size_t size,
                         const std::vector<Token>& a,
                         const std::vector<Token>& b) {
  bool ascii = true;
  for (size_t i = 0; i < size; ++i) ascii &= data[i] < 0x80;
  std::fprintf(stderr,
               "tokenizer_fuzzer: kAuto and kIcuOnly differ (%zu vs %zu "
               "tokens) on %s input\n",
               a.size(), b.size(), ascii ? "ASCII" : "non-ASCII");
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Tokenizer* automatic = new Tokenizer(Tokenizer::Mode::kAuto);
  static Tokenizer* icu = new Tokenizer(Tokenizer::Mode::kIcuOnly);
  static std::vector<Token>* a = new std::vector<Token>;
  static std::vector<Token>* b = new std::vector<Token>;

  static Tokenizer* automatic_wc = [] {
    auto* t = new Tokenizer(Tokenizer::Mode::kAuto);
    t->SetWordChars(kWordChars);
    return t;
  }();
  static Tokenizer* icu_wc = [] {
    auto* t = new Tokenizer(Tokenizer::Mode::kIcuOnly);
    t->SetWordChars(kWordChars);
    return t;
  }();

  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (int pass = 0; pass < 2; ++pass) {
    (pass == 0 ? automatic : automatic_wc)->Tokenize(text, a);
    (pass == 0 ? icu : icu_wc)->Tokenize(text, b);
    CheckTokens(text, *a);
    CheckTokens(text, *b);
    if (*a != *b) Differ(data, size, *a, *b);
  }
  return 0;
}

