// Hunspell's WORDCHARS (hunspell(5): "extends tokenizer of Hunspell command
// line interface with additional word character"), as the optional
// WORD_CHARS section of the .sfd stores it: the characters the tokenizer
// keeps inside a word for this dictionary (sv_SE: "-0123456789.:", so
// "ID:t", "e-post" and "0x" are one token each). How the tokenizer uses
// them: tokenizer.h, Tokenizer::SetWordChars.
//
// Section layout (docs/dictionary_format.md, type 19):
//
//   word_chars := count:u32 code_point:u32{count}
//
// The code points are Unicode scalar values (no surrogates, at most
// U+10FFFF), ascending and distinct, at most kMaxChars of them, none
// White_Space (a word never spans a space). A file converted from a
// Hunspell .aff with WORDCHARS has the section; a file without it
// (spellfilter's own word lists, a .aff without WORDCHARS, or a conversion
// older than the section) is tokenized with the default rules.
#ifndef SPELLFILTER_CORE_DICTIONARY_WORD_CHARS_H_
#define SPELLFILTER_CORE_DICTIONARY_WORD_CHARS_H_

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace spellfilter {

class WordChars {
 public:
  static constexpr size_t kMaxChars = 1024;

  // The set of `chars` as the tokenizer takes it: sorted, duplicates,
  // surrogates, code points past U+10FFFF and White_Space dropped, at most
  // kMaxChars kept (the lowest).
  static std::vector<char32_t> Normalize(std::u32string_view chars);
  // The section for `chars` (as Normalize returns them).
  static std::string Encode(std::span<const char32_t> chars);
  // Reads a section into *out; returns nullptr, or the problem (a count
  // past the end or over the limit, a code point out of order, repeated,
  // not a scalar value or White_Space, bytes after the last one).
  static const char* Parse(std::span<const std::byte> section, WordChars* out);

  const std::vector<char32_t>& chars() const { return chars_; }
  bool empty() const { return chars_.empty(); }

 private:
  std::vector<char32_t> chars_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_WORD_CHARS_H_
