// The BREAK table of a Hunspell dictionary (hunspell(5)), as the optional
// WORD_BREAKS section of the .sfd stores it: the patterns at which a word
// not found whole may be cut into parts that are checked on their own
// ("e-mail-adresse", "z.B"). How the checker uses them: break_splitter.h.
//
// Section layout (docs/dictionary_format.md, type 16):
//
//   word_breaks := count:u32 pattern{count}
//   pattern     := bytes:u32 utf8[bytes]
//
// Each pattern is non-empty well-formed UTF-8 of at most kMaxPatternBytes
// bytes, as written in the .aff: a leading '^' anchors it at the word's
// start, a trailing '$' at its end. A file converted from Hunspell always
// has the section (with Hunspell's default table when the .aff has no
// BREAK, and no pattern for "BREAK 0"); a file without it (spellfilter's own
// word lists, or a conversion older than the section) breaks no word.
#ifndef SPELLFILTER_CORE_DICTIONARY_WORD_BREAKS_H_
#define SPELLFILTER_CORE_DICTIONARY_WORD_BREAKS_H_

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace spellfilter {

class WordBreaks {
 public:
  static constexpr size_t kMaxPatterns = 1024;
  static constexpr size_t kMaxPatternBytes = 255;

  // The section for `patterns` (at most kMaxPatterns, each valid as above;
  // the caller checks).
  static std::string Encode(std::span<const std::string> patterns);
  // Reads a section into *out; returns nullptr, or the problem (a count or
  // a length past the end or over its limit, an empty pattern, invalid
  // UTF-8).
  static const char* Parse(std::span<const std::byte> section, WordBreaks* out);

  const std::vector<std::string>& patterns() const { return patterns_; }
  bool empty() const { return patterns_.empty(); }

 private:
  std::vector<std::string> patterns_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_WORD_BREAKS_H_
