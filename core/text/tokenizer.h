// Splits UTF-8 text into the candidate words a spell checker looks up.
//
// Tokens are byte ranges into the caller's text; nothing is copied,
// normalised or case-mapped (the caller does NFC and case folding).
//
// The rules, in the order they apply (docs/tokenizer.md has examples):
//  1. Segments come from ICU's word BreakIterator (root locale, UAX #29 with
//     ICU's tailoring). Only segments whose rule status is a letter, kana or
//     ideographic word (UBRK_WORD_LETTER <= status < UBRK_WORD_IDEO_LIMIT)
//     are candidates; numbers, punctuation, spaces and emoji are not.
//     Consequences of ICU's rules: apostrophes (' and U+2019) between two
//     letters stay inside the word (don't, O'Neill), leading and trailing
//     ones do not ('tis -> tis); hyphens separate words (well-known -> well,
//     known); ':' separates words (ICU 72 removed it from MidLetter);
//     combining marks stay with their letter; CJK and Thai are split by
//     ICU's dictionaries. For Hebrew ICU keeps a trailing ' (WB7a) and a "
//     between letters (WB7b/c), e.g. צה"ל.
//  2. A segment that contains a decimal digit (Nd), an '@' or a connector
//     punctuation character (Pc, e.g. '_') is skipped whole: abc123, 3rd,
//     mp3, foo_bar, __init__, @user. ICU 72 treats '@' as a letter, so
//     "@user" and a lone "@" would otherwise be letter words.
//  3. A segment is split at each full stop ('.', U+2024, U+FE52, U+FF0E) and
//     at each White_Space character (only U+202F can occur inside a segment),
//     and empty pieces are dropped: e.g -> e, g; example.com -> example, com.
//  4. URLs and e-mail addresses: every maximal run of non-White_Space
//     characters that contains "://", or starts with "www." (ASCII case
//     insensitive), or contains an '@' whose neighbouring code points are
//     both letters or decimal digits, yields no tokens.
//  5. A piece longer than kMaxWordBytes bytes yields no token.
//  6. Each ill-formed UTF-8 sequence (maximal subpart, as ICU's U8_NEXT
//     reads it) counts as one U+FFFD, which is neither a letter nor white
//     space. NUL is an ordinary non-letter. Tokens therefore always hold
//     well-formed UTF-8 and never contain NUL.
//
//  7. Only with WORDCHARS set (SetWordChars: Hunspell's WORDCHARS of the
//     dictionary checked, e.g. sv_SE's "-0123456789.:"), as Hunspell's own
//     tokenizer reads a word: each maximal run of letters (Alphabetic),
//     marks and WORDCHARS that holds a letter and a WORDCHARS character
//     that is not a letter (a "glue" character: '-', ':', a digit) becomes
//     one token, replacing the tokens above that it overlaps (joined with
//     them when they reach past it): ID:t, e-post, 0x10, slut. (with its
//     full stop), z.B. under de_DE; less one trailing ':' ("e-post:" is
//     "e-post", as Hunspell's tokenizer drops it). Rules 4 and 5 still
//     apply to it. Runs
//     without a glue character keep the tokens above (ICU's finer cuts of
//     CJK, its apostrophes); so do all tokens when no WORDCHARS are set,
//     and text without any glue character costs one byte scan.
//
// Input that is entirely ASCII is scanned by a hand-written fast path that
// yields exactly the tokens the ICU path does (tests/text/tokenizer_test.cpp and
// tests/fuzz/tokenizer_fuzzer.cpp check this). Mixed input is cut after ASCII
// white space that is followed by an ASCII byte; no ICU rule looks across such
// a point, so ASCII stretches take the fast path and the rest goes to ICU.
#ifndef SPELLFILTER_CORE_TEXT_TOKENIZER_H_
#define SPELLFILTER_CORE_TEXT_TOKENIZER_H_

#include <cstddef>
#include <cstdint>
#include <array>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

struct UBreakIterator;  // ICU's C type; ICU headers stay in tokenizer.cpp.

namespace spellfilter {

struct Token {
  size_t offset;  // byte offset in the UTF-8 input passed to Tokenize
  size_t length;  // byte length

  friend bool operator==(const Token&, const Token&) = default;
};

// Not thread-safe: keeps reusable buffers. One per thread.
class Tokenizer {
 public:
  enum class Mode {
    kAuto,     // ASCII stretches use the fast scanner, the rest uses ICU
    kIcuOnly,  // everything goes through ICU; for tests and benchmarks
    kSse2,     // kAuto without the AVX-512 scanner; for tests and benchmarks
  };

  Tokenizer();
  explicit Tokenizer(Mode mode);
  ~Tokenizer();
  Tokenizer(const Tokenizer&) = delete;
  Tokenizer& operator=(const Tokenizer&) = delete;
  Tokenizer(Tokenizer&&) noexcept;
  Tokenizer& operator=(Tokenizer&&) noexcept;

  // Hunspell's WORDCHARS for the dictionary the tokens are for
  // (core/dictionary/word_chars.h; empty: none, the default). Rule 7
  // below; costs nothing when no character of `chars` but letters is set.
  void SetWordChars(std::span<const char32_t> chars);

  // Appends to *out (cleared first) the word tokens of `text` in order.
  // Tokens are non-empty, ordered, non-overlapping and well-formed UTF-8.
  // If ICU's break iterator cannot be created (missing ICU data), text
  // outside the ASCII fast path yields no tokens.
  void Tokenize(std::string_view text, std::vector<Token>* out);

  // Longest token reported, in bytes; longer runs are not words (base64
  // blobs, hashes) and are skipped.
  static constexpr size_t kMaxWordBytes = 128;

 private:
  struct BreakIteratorCloser {
    void operator()(UBreakIterator* it) const;
  };
  struct ByteRange {
    size_t begin;
    size_t end;
  };

  // Rules 1-6.
  void TokenizeDefault(std::string_view text, std::vector<Token>* out);
  // Rule 7 on the tokens of rules 1-6.
  void ApplyWordChars(std::string_view text, std::vector<Token>* out);
  bool IsWordChar(char32_t c) const;
  // Scans text[begin, end); begin and end must be cut points (see above).
  void TokenizeIcu(std::string_view text, size_t begin, size_t end,
                   std::vector<Token>* out);
  // One ICU pass over text[begin, end), at most kMaxIcuPassBytes long.
  void TokenizeIcuPass(std::string_view text, size_t begin, size_t end,
                       std::vector<Token>* out);
  // Converts text[begin, end) into utf16_ and utf16_to_byte_, and records the
  // URL/e-mail runs of rule 4 in skipped_runs_.
  void DecodeForIcu(std::string_view text, size_t begin, size_t end);
  // Applies rules 2-5 to the ICU word segment utf16_[seg_begin, seg_end).
  void EmitIcuSegment(size_t base, int32_t seg_begin, int32_t seg_end,
                      size_t* next_skipped_run, std::vector<Token>* out) const;
  bool EnsureBreakIterator();

  Mode mode_;
  bool break_iterator_failed_ = false;
  std::unique_ptr<UBreakIterator, BreakIteratorCloser> break_iterator_;
  std::vector<char16_t> utf16_;
  // utf16_to_byte_[i]: offset, relative to the pass start, of the code point
  // holding utf16_[i]; one extra entry holds the pass length.
  std::vector<uint32_t> utf16_to_byte_;
  std::vector<ByteRange> skipped_runs_;  // absolute offsets, ascending
  // Rule 7: the WORDCHARS, sorted; which ASCII ones and which lead bytes
  // of the others are glue (not letters); whether any is.
  std::vector<char32_t> word_chars_;
  std::array<bool, 128> glue_ascii_{};
  std::array<bool, 256> glue_lead_{};
  bool has_glue_ = false;
  std::vector<ByteRange> glue_runs_;
  std::vector<Token> merged_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_TOKENIZER_H_
