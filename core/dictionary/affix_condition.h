// The condition of a Hunspell affix entry: a sequence of character
// patterns the stem must start (PFX) or end (SFX) with, one per character:
//
//   x        the character x
//   .        any character
//   [abc]    one of a, b, c
//   [^abc]   any character but a, b, c
//
// "." alone is the empty condition. A stem shorter than the condition never
// matches. Inside brackets '.' is a plain character, as in Hunspell.
// Characters are code points (Hunspell compares UTF-8 characters in UTF-8
// dictionaries and bytes in 8-bit ones, which are single characters).
#ifndef SPELLFILTER_CORE_DICTIONARY_AFFIX_CONDITION_H_
#define SPELLFILTER_CORE_DICTIONARY_AFFIX_CONDITION_H_

#include <string>
#include <string_view>
#include <vector>

#include "core/util/status.h"

namespace spellfilter {

class AffixCondition {
 public:
  // Parses `text` ("[^aeiou]y"). An unclosed '[' or an empty "[]" is
  // kInvalidArgument with a message naming the problem (no location; the
  // caller adds it).
  static StatusOr<AffixCondition> Parse(std::u32string_view text);

  AffixCondition() = default;

  // Whether the first (last) size() characters of `word` match.
  bool MatchesStart(std::u32string_view word) const;
  bool MatchesEnd(std::u32string_view word) const;
  // The same for the word head + tail, without joining them: a stem is
  // the word without the affix's append string plus its strip string, and
  // most conditions fail, so the checker tests them before building it.
  bool MatchesStart(std::u32string_view head, std::u32string_view tail) const;
  bool MatchesEnd(std::u32string_view head, std::u32string_view tail) const;

  // Whether patterns [first, first + count) match the last `count`
  // characters of `s` (false when s is shorter): a piece of MatchesEnd,
  // for a checker that tests the patterns falling on an affix's strip
  // string once, when it loads the rules, and only the others per word.
  bool MatchesEndPart(std::u32string_view s, size_t first,
                      size_t count) const;

  // Number of characters the condition covers.
  size_t size() const { return patterns_.size(); }

  // The condition written back as Parse reads it ("." when empty);
  // Parse(Text()) gives an equal condition.
  std::u32string Text() const;

  // The same patterns in reverse order (for COMPLEXPREFIXES, where words
  // are handled reversed).
  void Reverse();

 private:
  struct Pattern {
    bool any = false;      // '.'
    bool negated = false;  // [^...]
    std::u32string chars;  // one character, or the set of a bracket
    bool Matches(char32_t c) const;
  };
  std::vector<Pattern> patterns_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_AFFIX_CONDITION_H_
