// Suggestions for a misspelled word, ranked best first: the one suggestion
// API the front-ends share (`spellfilter suggest`, `check --suggest`, the
// editor's context menu). docs/suggestions.md has the design and figures.
//
// Candidates are the words within two edits of the typed word, or three if
// all three are light, phonetic slips (a vowel for a vowel, a sound-alike
// or accented letter, a vowel or one of a double letter left out, a vowel or
// a doubled letter too many, two letters swapped); an edit is the
// substitution, insertion or deletion of one letter of the dictionary's
// alphabet (in lower case) or the swap of two adjacent letters; two more
// kinds of edit, each one heavy edit, are sound-alike spellings: a consonant
// spelling for another ("ph" for "f", EditWeights::SoundAlikeSpellings) and
// a run of vowels for another. The third edit and the sound-alike edits (the
// wide search) are searched only if distance 1 has no candidate cheaper than
// SuggestOptions::wide_search_below. For English, if still nothing costs
// less than SuggestOptions::by_ear_below, the words that sound like the
// typed one (its consonant sounds, sound_skeleton.h, 3-5 edits away; then
// with one typed sound left out; then, where the SOUND_SKELETONS section
// says some word has such a skeleton, one sound changed or added), spelled
// sound by sound over the same prefixes (the by-ear search). For English,
// the typed word without an -ed or -ing ending the word does not take
// ("splitted" -> "split"), as one edit. Plus splits
// into two words ("alot" -> "a lot") and the word itself in another case
// ("paris" -> "Paris"). Candidates are generated letter by letter over the
// dictionary's PREFIXES section, which says which letters can follow a
// prefix, so a branch is abandoned as soon as no word continues it; the
// same section, over reversed words, says which typed suffixes can end a
// word, so a candidate's last edit is only tried where the rest of the
// typed word could follow it. A complete candidate is accepted only if the
// dictionary's filter and the WORD_CLASSES section's fingerprints both
// contain it (two independent checks, so a false suggestion needs two false
// positives).
//
// Case follows the checker's rules (word_forms.h): candidates are looked up
// in lower case, Capitalised and ALL UPPER; a typed Capitalised word gets
// Capitalised suggestions ("Teh" -> "The", but "paris" -> "Paris" keeps its
// capital), an ALL UPPER word ALL UPPER ones ("TEH" -> "THE"). Every
// suggestion returned is accepted by Checker::IsCorrect. If the typed word
// is itself correct it is its own best suggestion.
//
// Ranking: cost = the edits' weights (edit_weights.h) + the word's rarity,
// from its commonness class (WORD_CLASSES), in the same units; ties go to
// fewer edits, the more common class, then byte order.
//
// Cost bound: at most SuggestOptions::work_budget hash computations per word
// (100,000 by default, about 1 ms on the development machine; typical words
// take 2,000-20,000), checked between steps (one step, at most letters *
// (letters + 1), may run past it). Distance 1 is searched first; if the rest
// is cut short at 3/4 of the budget, a word still gets its distance-1
// suggestions. Words longer than kMaxSuggestLetters code points get none.
//
// Dictionaries without the suggestion sections (built by older versions or
// with them switched off) still get distance-1 suggestions, probed one by
// one in the filter, unranked by commonness.
//
// A Suggester keeps scratch buffers and is not thread-safe: use one per
// thread over a shared Dictionary, which must outlive it.
#ifndef SPELLFILTER_CORE_SUGGEST_SUGGESTER_H_
#define SPELLFILTER_CORE_SUGGEST_SUGGESTER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/dictionary/dictionary.h"

namespace spellfilter {

inline constexpr size_t kDefaultMaxSuggestions = 10;
inline constexpr int kMaxEdits = 3;
inline constexpr uint64_t kDefaultWorkBudget = 100000;
inline constexpr size_t kMaxSuggestLetters = 100;
// Any two single edits fit, even two extra letters one of which is the
// first (2 * 1.14 + 0.16, edit_weights.h); three light ones must fit too.
inline constexpr float kDefaultMaxCost = 2.45f;
inline constexpr int kMaxUserEdits = 2;
inline constexpr float kDefaultWideSearchBelow = 1.0f;
// SuggestOptions::checked_edits_above: an arbitrary substitution's weight.
// The variants cost about 2 (A + 1) n checks of the affix rules for n
// letters and A letters of alphabet; run only when the affix search and the
// walks found nothing within one edit, they keep the affix-aware
// dictionaries' speed (seed 7, 300 words: gl 0.67 s of CPU against 3.5 s
// run always, the same scores) and still reach what nothing else does.
inline constexpr float kDefaultCheckedEditsAbove = 1.0f;
inline constexpr float kDefaultByEarBelow = 2.0f;
inline constexpr float kDefaultChunksBelow = 1.0f;
inline constexpr float kDefaultInflectionCost = 1.0f;
inline constexpr size_t kMaxUserWordsScanned = 100000;

struct SuggestOptions {
  size_t max_suggestions = kDefaultMaxSuggestions;
  // 0..kMaxEdits; the third edit must be light (see above).
  int max_edits = kMaxEdits;
  // Candidates whose edits weigh more than this (edit_weights.h) are not
  // generated.
  float max_cost = kDefaultMaxCost;
  uint64_t work_budget = kDefaultWorkBudget;
  bool split_words = true;
  // Sound-alike spellings as single (heavy) edits: a consonant spelling for
  // another ("ph" for "f", edit_weights.h) and a run of vowels for another.
  bool sound_alike = true;
  // The wide search (the light third edit and the sound-alike spellings)
  // runs only if no candidate within one edit costs less than this (edit
  // weights + rarity): a strong near candidate means the typed word is a
  // simple slip. 0: always.
  float wide_search_below = kDefaultWideSearchBelow;
  // English dictionaries: when no candidate costs less than by_ear_below,
  // also the words that sound like the typed one (sound_skeleton.h).
  bool by_ear = true;
  float by_ear_below = kDefaultByEarBelow;
  // 0: the same sounds only; 1: also up to two typed sounds left out or
  // two adjacent ones swapped (one walk); 2: then one sound changed or
  // added. Beyond one sound left out they need the dictionary's
  // SOUND_SKELETONS section (skeleton_filter.h), which says which such
  // skeletons some word has; without it a file gets the same sounds and
  // one left out, unguided (the rest unguided costs several times more).
  int by_ear_edit = 2;
  // Runs of 3-5 letters left out together ("implets" for "implements") or
  // typed too many ("usinging"), when no candidate costs less than
  // chunks_below.
  bool chunks = true;
  float chunks_below = kDefaultChunksBelow;
  // English dictionaries: a verb ending put on a word that does not take it
  // ("splitted", "stucked", "beforing") costs inflection_cost, like one
  // edit, instead of the two or three letters it is. 0: not searched.
  float inflection_cost = kDefaultInflectionCost;
  // Dictionaries that compound (a COMPOUND_PARTS section): compounds one
  // edit from the typed word, each part corrected on its own
  // (compounds.h).
  bool compounds = true;
  // Affix-aware dictionaries: the forms one edit from the typed word that
  // a stem makes by its affix rules (affixed.h).
  bool affixed = true;
  // Affix-aware dictionaries: every one-edit variant of the typed word the
  // checker accepts (checked_edits.h: forms of three affixes), when no
  // candidate the other searches found before it costs checked_edits_above
  // or less.
  bool checked_edits = true;
  float checked_edits_above = kDefaultCheckedEditsAbove;
  // Hunspell imports: the .aff's REP and MAP rules as single edits
  // (replacements.h).
  bool replacements = true;
  // Tests and measurements only: accept candidates on the filter's word
  // alone, to see what the fingerprint check prevents.
  bool check_fingerprints = true;
  // Tests and measurements only: false searches without the bound that
  // stops generating candidates dearer than the max_suggestions-th one
  // already found (the list is the same either way, for less work).
  bool bounded = true;
  // Tests and measurements only: false walks by ear without the
  // SOUND_PREFIXES section (sound_prefix_filter.h), as for a file that has
  // none.
  bool sound_prefixes = true;
};

// What the last Suggest call did; for tests, measurements and the eval.
struct SuggestStats {
  uint64_t work = 0;                 // hash computations: the cost bound's unit
  uint64_t word_probes = 0;          // candidate words looked up in the filter
  uint64_t filter_hits = 0;          // ... of which the filter accepted
  uint64_t fingerprint_rejects = 0;  // filter said yes, class table no
  uint64_t expansions = 0;           // prefixes whose next letters were listed
  // Edits searched in full: max_edits; 2 if distance 1 had a strong
  // candidate (no wide search, SuggestOptions::wide_search_below); 1 if
  // the budget ran out.
  int edits_completed = 0;
  bool budget_exhausted = false;
  bool by_ear = false;  // the by-ear search ran
  // Prefixes the by-ear walks gave up because no skeleton they may spell
  // has a word starting so (the SOUND_PREFIXES section).
  uint64_t ear_prefixes_cut = 0;
  bool chunks = false;  // the search for runs of letters ran
};

struct Suggestion {
  std::string text;  // as presented (case adapted to the typed word)
  float cost = 0;    // edit weights + rarity; smaller is better
  int edits = 0;     // 0 (case only) to 3; splits count 1
};

class Suggester {
 public:
  explicit Suggester(const Dictionary& dictionary,
                     const SuggestOptions& options = SuggestOptions());
  ~Suggester();
  Suggester(const Suggester&) = delete;
  Suggester& operator=(const Suggester&) = delete;

  // Up to options.max_suggestions corrections of `word` (one word as typed,
  // UTF-8), best first; empty for invalid UTF-8, overlong words and words
  // without a letter of the dictionary's alphabet.
  std::vector<std::string> Suggest(std::string_view word);

  // The user's own words (UserDictionary::Words()), to be suggested too.
  // They are not in the dictionary's prefix filter, so they are matched by
  // a banded edit distance (at most kMaxUserEdits, transpositions counting
  // one) over the first kMaxUserWordsScanned words; call again after the
  // list changes.
  void SetUserWords(const std::vector<std::string>& words);
  std::vector<Suggestion> SuggestScored(std::string_view word);

  const SuggestStats& stats() const;
  // Whether the dictionary has the sections for distance-2 edits and
  // commonness ranking.
  bool has_prefix_filter() const;
  bool has_word_classes() const;
  bool has_sound_prefixes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_SUGGESTER_H_
