// Affixed candidates in an affix-aware dictionary (docs/
// affix_dictionaries.md): one that keeps stems and the .aff's rules
// instead of every form. Its PREFIXES section holds the stems only, so the
// edit walks (edit_walk.h) reach "parlare" but never "parlavamo"; this
// search finds the forms one edit from the typed word that a stem makes by
// one of its affix rules, Hunspell's way (a near stem, expanded by its
// flags' rules), without a list of stems or flags: the stems are spelled
// over the PREFIXES section and their flags asked of the main filter.
//
// A form is stem - strip + append (a suffix rule) or append + stem - strip
// (a prefix rule), and a single typing error falls either in the part the
// stem keeps or in the affix. For each split of the typed word into a
// kept part and an affix part (suffixes: q = kept + tail; prefixes:
// q = head + kept):
//
//   1. The affix typed right, the kept part one edit off: the rules whose
//      append string is the typed tail (head); the kept part's one-edit
//      variants (deletion, swap, substitution, insertion over the
//      alphabet) are spelled over the PREFIXES section with each such
//      rule's strip string, and those that end a word there are stems.
//      In a dictionary whose stems mostly need an affix (NEEDAFFIX: no
//      words alone, so not in the PREFIXES section: nearly all of
//      Basque's), each variant's stem is asked of the STEMS section
//      (stem_filter.h) instead. Where only a few do (Hungarian, Galician),
//      those few are not found by this case (case 2 still finds them).
//   2. The kept part typed right, the affix one edit off: the rules whose
//      append string is one edit from the typed tail (head): the stem is
//      the kept part with the rule's strip string (asked of the main filter
//      directly, so stems that are no word alone, NEEDAFFIX, count too).
//
// A stem found either way yields a form when the rule's condition holds
// on it and the main filter has the stem's key with the rule's flag
// (homonym 0, then the homonyms its keys say exist). Rules that continue
// with NEEDAFFIX, CIRCUMFIX or ONLYINCOMPOUND make no word alone and are
// left out. The form is then handed to Candidates::AddForm at its edit
// weight (the walks' weights, edit_weights.h), and Rank asks the checker
// to accept it before listing it, like any candidate.
//
// Twofold suffixes (an outer suffix in an inner one's continuation
// classes), when nothing one affix away costs less than kTwofoldBelow:
// for each outer suffix whose append string ends the typed word, its inner
// word (without the append, with the strip string) is searched as above
// for inner suffixes that continue with the outer one's flag, and the form
// gets the outer suffix back.
//
// The same, when nothing one affix away costs less than kTwofoldBelow, for
// a prefix with a suffix (cross products): for each prefix whose append
// string begins the typed word, the rest (with the prefix's strip string)
// is searched as above for suffixes, both rules cross products and both
// flags on the stem. And one edit inside the affix further out, the rest
// typed right: an outer suffix's append string one edit from a tail of the
// typed word (found as in case 2) with an inner suffix as typed, and a
// prefix's append string one edit from a head with a suffix as typed. The
// inner searches (twofold and cross) consider only the inner suffixes that
// can combine with the outer affix (their rules continue with its flag, or
// are cross products), so an outer suffix such as Hungarian "a", which
// ends thousands of words, costs a look-up per tail, not a search.
//
// Not searched: two edits in one word, three affixes, and COMPLEXPREFIXES
// dictionaries.
//
// Work: one unit a prefix-filter test, append look-up and filter probe;
// for a word of n letters over an alphabet of A letters about 2 A n tests
// per split whose tail is an append string (case 1), and 2 A per letter of
// the tails (case 2); stops at the budget.
//
// Not thread-safe (scratch); one per Suggester.
#ifndef SPELLFILTER_CORE_SUGGEST_AFFIXED_H_
#define SPELLFILTER_CORE_SUGGEST_AFFIXED_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/dictionary/affix_table.h"
#include "core/suggest/candidates.h"
#include "core/suggest/edit_weights.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/search_context.h"

namespace spellfilter {

// Twofold suffixes are searched only if nothing one affix away costs less.
inline constexpr float kTwofoldBelow = 1.0f;
// Stems are spelled over the PREFIXES section unless it has fewer trie
// edges than this per stem of the STEMS section (most stems need an
// affix, so are no words there).
inline constexpr uint64_t kStemWalkEdgesPerStem = 4;

// The weight of the cheapest alignment of `typed` with `intended` under
// the edit weights (substitution, omission, addition, swap of adjacent
// letters; an edit of the first letter costs kFirstLetter more), or a
// value above `limit` once every alignment costs more.
[[nodiscard]] float WeightedEditDistance(const EditWeights& weights,
                                         std::u32string_view typed,
                                         std::u32string_view intended,
                                         float limit);

class AffixSearch {
 public:
  // `lex`, `ctx` and `out` must outlive this.
  AffixSearch(const Lexicon& lex, SearchContext& ctx, Candidates& out);
  AffixSearch(const AffixSearch&) = delete;
  AffixSearch& operator=(const AffixSearch&) = delete;

  // Whether the dictionary is affix-aware with rules this search reads.
  [[nodiscard]] bool active() const { return table_ != nullptr; }
  // Adds the affixed forms one edit from the typed word (ctx) to `out`.
  void Run();

 private:
  // Rules of one kind that share an append and a strip string.
  struct Group {
    std::u32string strip;
    std::vector<uint32_t> rules;
    // The flags its rules continue with (sorted, no repeats), and whether
    // one of its rules combines with an affix of the other kind.
    std::vector<uint32_t> continues;
    bool cross = false;
  };
  using Groups = std::unordered_map<std::u32string, std::vector<Group>>;
  // Append strings and their one-letter deletions -> the append strings'
  // groups (NearAppends): (hash of the key, groups) sorted by hash, one
  // flat array rather than a map of strings (Basque's 20,000 append strings
  // make 180,000 keys; a map of them took most of the 0.3 s the index
  // cost). Two keys with one hash only cost a visit: every form found is
  // weighed against the typed word.
  using Near = std::vector<std::pair<size_t, const std::vector<Group>*>>;

  void Index(const std::vector<AffixRule>& rules, Groups* groups,
             size_t* longest, Near* near);
  // Both cases for the suffixes of word_ (with the outer suffix outer_ or
  // the prefix prefix_), or with exact_ the suffixes typed right only.
  void Suffixes();
  // The searches two affixes away, when nothing one affix away is strong:
  // twofold suffixes (the outer one typed right, then one edit off) and a
  // prefix with a suffix (cross products: the prefix typed right, then one
  // edit off).
  void Twofold();
  void CrossProducts();
  // Whether group g of suffixes can stand inside outer_ (one of its rules
  // continues with the outer suffix's flag) or after prefix_ (cross).
  bool Eligible(const Group& g) const;
  // Both cases for the prefixes of the typed word.
  void Prefixes();
  // Case 1 for the suffixes whose append string is word_[k..n).
  void SuffixKeptEdited(int k, const std::vector<const Group*>& groups);
  // Case 1 for the prefixes whose append string is q[0..k).
  void PrefixKeptEdited(int k, const std::vector<Group>& groups);
  // Case 2: the append strings one edit from `typed` (a tail or head of
  // the typed word; also some two edits away), each visited once:
  // visit(its groups). Found through `near`, which lists each append
  // string under itself and under each of its one-letter deletions: two
  // strings one edit apart share a key (a deletion from one, or from both
  // at the same place for a substitution or at neighbouring places for a
  // swap), so |typed| + 1 look-ups find them all.
  template <typename Visit>
  void NearAppends(std::u32string_view typed, const Near& near, Visit visit);
  // The one-edit variants of `base` over the alphabet, unpruned:
  // visit(variant).
  template <typename Visit>
  void PlainVariants(std::u32string_view base, Visit visit);
  // Whether the STEMS section may hold `stem`.
  bool MayBeStem(const std::u32string& stem);
  // Follows `s` from state h over the PREFIXES section; false when some
  // letter does not continue it.
  bool Follow(PrefixFilter::State* h, std::u32string_view s);
  // Whether the prefix with state h is a lower-case word.
  bool EndsWord(PrefixFilter::State h);
  // The stem `stem` with the rules of `g` (suffixes if `suffix`): the form
  // they share and its weight, then each rule's condition and flag probe;
  // a form found goes to out_.
  void Try(const std::u32string& stem, const Group& g, bool suffix);
  // Whether homonym of `stem8` carries `flag`.
  bool HasFlag(const std::string& stem8, uint32_t flag);

  const Lexicon& lex_;
  SearchContext& ctx_;
  Candidates& out_;
  const AffixTable* table_ = nullptr;
  EditWeights weights_;
  bool indexed_ = false;
  // Case 1 asks the STEMS section for each variant's stem instead of
  // spelling it over the PREFIXES section (below).
  bool by_stem_filter_ = false;
  Groups suffixes_;  // by append string
  Groups prefixes_;
  size_t longest_suffix_ = 0;  // longest append string, code points
  size_t longest_prefix_ = 0;
  // Append strings and their one-letter deletions -> the append strings'
  // groups (NearAppends).
  Near suffix_near_;
  Near prefix_near_;
  std::vector<const std::vector<Group>*> visited_;  // scratch
  // Per typed word: the forms offered (lower case) at their best cost, the
  // forms weighed, and the (stem, flag) probes made.
  std::unordered_map<std::u32string, float> offered_;
  std::unordered_map<std::u32string, float> weighed_;  // form -> its weight
  std::unordered_map<std::string, bool> probed_;
  // The word the suffix search reads: the typed word, or for a twofold
  // suffix the typed word without the outer suffix outer_ (its strip
  // string put back).
  std::u32string word_;
  const Group* outer_ = nullptr;
  std::vector<uint32_t> outer_flags_;  // outer_'s rules' flags, sorted
  // For a prefix with a suffix: word_ is the typed word without prefix_'s
  // append string (its strip string put back).
  const Group* prefix_ = nullptr;
  // Only splits of word_ whose tail is an append string as typed (the
  // error was in the outer suffix or the prefix).
  bool exact_ = false;
  std::u32string outer_form_;           // scratch
  std::u32string prefixed_;             // scratch
  std::vector<const Group*> eligible_;  // scratch
  // The flags some suffix continues with: the outer suffixes' flags.
  std::unordered_set<uint32_t> continued_;
  std::vector<PrefixFilter::State> typed_states_;
  std::u32string stem_;  // scratch
  std::u32string form_;  // scratch
  std::u32string near_;  // scratch
  std::string stem8_;    // scratch
  std::string key_;      // scratch
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_AFFIXED_H_
