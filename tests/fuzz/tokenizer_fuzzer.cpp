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
// space changes nothing. Any violation aborts.
#include <unicode/utf8.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Tokenizer* automatic = new Tokenizer(Tokenizer::Mode::kAuto);
  static Tokenizer* icu = new Tokenizer(Tokenizer::Mode::kIcuOnly);
  static std::vector<Token>* a = new std::vector<Token>;
  static std::vector<Token>* b = new std::vector<Token>;

  const std::string_view text(reinterpret_cast<const char*>(data), size);
  automatic->Tokenize(text, a);
  icu->Tokenize(text, b);
  CheckTokens(text, *a);
  CheckTokens(text, *b);
  if (*a != *b) {
    bool ascii = true;
    for (size_t i = 0; i < size; ++i) ascii &= data[i] < 0x80;
    std::fprintf(stderr,
                 "tokenizer_fuzzer: kAuto and kIcuOnly differ (%zu vs %zu "
                 "tokens) on %s input\n",
                 a->size(), b->size(), ascii ? "ASCII" : "non-ASCII");
    std::abort();
  }
  return 0;
}
