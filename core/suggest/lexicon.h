// What every candidate search reads from the dictionary, prepared once per
// Suggester: the suggestion sections (PREFIXES, WORD_CLASSES, MIXED_CASE),
// the generation alphabet in lower case with its prefix-filter keys, the
// case forms' end markers, and the rarity of each commonness class in edit
// units (the ranking's prior). Read-only while words are searched.
#ifndef SPELLFILTER_CORE_SUGGEST_LEXICON_H_
#define SPELLFILTER_CORE_SUGGEST_LEXICON_H_

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/dictionary/dictionary.h"
#include "core/dictionary/mixed_case_table.h"
#include "core/dictionary/suggest_rules.h"
#include "core/dictionary/word_classes.h"
#include "core/filter/prefix_filter.h"
#include "core/suggest/suggester.h"
#include "core/text/word_forms.h"

namespace spellfilter {

struct Lexicon {
  // Letters over which substitutions and insertions are generated; a
  // larger alphabet (not a language with edit-based spelling) uses its
  // first kMaxLetters.
  static constexpr int kMaxLetters = 128;

  // `d` must outlive this. options.max_edits is clamped to 0..kMaxEdits.
  Lexicon(const Dictionary& d, const SuggestOptions& o);

  // Fills replacements and keyboard from the .aff's rules.
  void ReadSuggestRules(const SuggestRules& rules);

  // The index of lower-case letter c in `letters`, or -1.
  [[nodiscard]] int LetterIndex(char32_t c) const;
  // Whether the prefix with state `parent` continues with letters[letter]
  // (always, without the section). Inline: it is the walks' commonest test.
  [[nodiscard]] bool Continues(PrefixFilter::State parent, int letter) const {
    return prefixes.empty() || prefixes.Has(prefixes.Block(parent), parent,
                                            letter_keys.raw[letter]);
  }
  // The prefix filter's root state (a seedless one without the section).
  [[nodiscard]] PrefixFilter::State Root() const {
    return prefixes.empty() ? PrefixFilter::Root(0) : prefixes.root();
  }

  const Dictionary& dict;
  SuggestOptions options;
  PrefixFilter prefixes;
  // The PREFIXES section made from a PREFIX_GRAPH section, when the file
  // has that instead (prefix_graph.h); `prefixes` views it.
  std::shared_ptr<const std::vector<uint64_t>> rebuilt_prefixes;
  WordClasses classes;
  // The checker's case rules; mutable: LookupForms writes its scratch.
  mutable WordForms forms;
  // The MIXED_CASE section: the words written "JavaScript"; empty() if the
  // dictionary has none or no such section.
  MixedCaseTable mixed_case;
  bool turkic;
  // Rarity of each class code, in edit units (0 for the commonest class).
  std::array<float, kClassCodes> prior{};
  float min_prior = 0;  // the smallest of them
  // A split's second word: the rarity of even the commonest words, which
  // a one-word candidate does not pay (two words are rarer than one).
  float second_word = 0;
  // The generation alphabet (sorted, lower case) and its keys.
  std::vector<char32_t> letters;
  PrefixFilter::LetterKeys letter_keys;
  // The end markers' keys: lower, Capitalised, ALL UPPER, other (mixed).
  std::array<uint64_t, 4> end_key;
  std::array<int, 128> ascii_letter;  // LetterIndex of ASCII letters
  // Whether the WORD_CLASSES section ranks words by frequency (two classes
  // or more): then a single letter is a word if it is in the commonest
  // class ("a", "I"), else a letter's name.
  bool ranked = false;
  // Without that ranking, whether the dictionary lists at least a third of
  // its cased letters as one-letter entries in lower case ([0]) or in upper
  // case ([1]): then those entries are the letters' names (de_DE lists
  // a..z), not words; a dictionary that lists a few ("a", "y", "à" in es,
  // fr; "в", "и" in ru) lists words. splits.h uses this.
  std::array<bool, 2> letter_names{};

  // The .aff's suggestion rules (SUGGEST_RULES section, suggest_rules.h):
  // REP pairs and MAP groups as replacements in lower case (replacements.h),
  // the KEY keyboard (EditWeights::SetKeyboard; without KEY the language's
  // own where QWERTY lacks its letters, keyboards.h; empty: QWERTY).
  struct Replacement {
    std::u32string from;
    std::u32string to;
    bool at_start = false;  // REP "^from": only at the word's start
    bool at_end = false;    // REP "from$": only at its end
    bool map = false;       // from a MAP group (else REP)
  };
  std::vector<Replacement> replacements;
  std::string keyboard;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_LEXICON_H_
