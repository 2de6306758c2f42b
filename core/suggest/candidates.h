// The one place where the candidate searches' results meet: the leaves
// (complete candidates, one per prefix-filter state, at the cheapest cost
// any search reached them), their dictionary entries, the splits into two
// words, and the final ranking with the false-positive guard.
//
// A leaf's case forms (case_forms.h) are queued, hashed and their filter
// lines fetched, and tested together in Resolve after a search, so that
// their cache misses overlap. An entry is kept only if the dictionary's
// filter and the WORD_CLASSES section's fingerprints both contain it (two
// independent checks, so a false suggestion needs two false positives);
// Rank then asks the checker's own question (every lookup form, the
// keep-case rule) of each suggestion listed, except plain ASCII entries the
// two checks already confirmed as written.
//
// Ranking: cost = the edits' weights + the word's rarity (its class's
// prior, Lexicon), + kCaseCost for a capital the lower-case typed word did
// not have; ties go to one word before a split, fewer edits, the more
// common class, then byte order. The typed word itself, if correct, comes
// first. One case form per word: a Capitalised suggestion is left out after
// the same word in lower case, and the other way ("brigth" -> "bright",
// not also "Bright"); ALL UPPER and mixed-case spellings are other words
// ("US" and "us"). Compound pieces ("-datei", "Mädchen-") are never
// candidates unless the typed word has the hyphen there (IsPiece).
//
// Cost: a leaf's lookup is 1 work unit a form (2 with fingerprints) plus
// the markers' 3; each suggestion checked in Rank 1 a lookup form.
#ifndef SPELLFILTER_CORE_SUGGEST_CANDIDATES_H_
#define SPELLFILTER_CORE_SUGGEST_CANDIDATES_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/dictionary/word_classes.h"
#include "core/filter/prefix_filter.h"
#include "core/suggest/case_forms.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/search_context.h"
#include "core/suggest/suggester.h"
#include "core/util/hash.h"
#include "core/util/scratch_map.h"

namespace spellfilter {

// A lower-case word whose suggestion has a capital ("paris" -> "Paris").
inline constexpr float kCaseCost = 0.15f;

class Candidates {
 public:
  // `lex` and `ctx` must outlive this.
  Candidates(const Lexicon& lex, SearchContext& ctx);
  Candidates(const Candidates&) = delete;
  Candidates& operator=(const Candidates&) = delete;

  // Forgets the last word's candidates.
  void Clear();

  // A complete candidate at prefix state `h` (its end markers follow),
  // reached with `edits` edits for `cost`: a new state is spelled (`spell`
  // writes the lower-case word into the u32string it is given) and its
  // forms queued; a known one keeps the cheaper cost. Inline: every walk
  // ends here.
  template <class Spell>
  void Leaf(PrefixFilter::State h, int edits, float cost, const Spell& spell) {
    auto [index, created] = leaves_.Get(h);
    if (!created) {
      LeafInfo& l = leaf_info_[*index];
      if (cost < l.cost) {
        l.cost = cost;
        l.edits = edits;
      }
      return;
    }
    const uint32_t leaf = static_cast<uint32_t>(leaf_info_.size());
    *index = leaf;
    leaf_info_.push_back(LeafInfo{cost, edits, 0, 0});
    leaf_word_.clear();
    spell(&leaf_word_);
    Queue(leaf, h);
  }
  // Tests the queued forms (filter, then fingerprints); keeps the entries
  // that pass. Call after each search.
  void Resolve();

  // `form` probed at once (filter, then fingerprints), for candidates that
  // are not leaves (the halves of a split); its class code in *code.
  [[nodiscard]] bool Confirm(const std::string& form, uint32_t* code);
  // A split into two words, presented, with its cost and the rarer half's
  // class code.
  void AddSplit(std::string text, float cost, uint32_t code) {
    splits_.push_back(Split{std::move(text), cost, code});
  }

  // A compound correction (compounds.h), already checked as the checker
  // checks compounds: `form` in the case the search read it, at `cost`
  // (edit weight + rarity; kCaseCost is added here for a capital the
  // lower-case typed word did not have). Listed like a split: after a
  // one-word suggestion of the same cost.
  void AddCompound(std::string form, float cost, int edits = 1);
  // A one-word candidate that is no leaf of the PREFIXES section (an
  // affixed form of an affix-aware dictionary, affixed.h): `form` in lower
  // case, at `cost` (edit weight + rarity). Ranked like a leaf's entry and
  // checked by the checker in Rank before it is listed.
  void AddForm(std::string form, float cost, int edits);

  // The cheapest entry found so far (edit weights + rarity).
  [[nodiscard]] float BestCost() const;
  // Branch and bound: once max_suggestions candidates are known, a
  // candidate costing more than the dearest of them cannot be listed, so
  // the searches after it need not generate it. Lowers ctx.bound to that
  // cost and ctx.max_cost (the edit weight the walks may spend) to it less
  // the smallest rarity. The Suggester searches again without the bound in
  // the rare case the list ends up shorter or dearer than the bound
  // assumed (a text the checker refuses in the end), so the list is always
  // the unbounded one. Nothing if !ctx.bounded_search.
  void Bound();
  // Bound during a walk: once `every` leaves are new since it last did,
  // resolves the queued forms and bounds again, so the walk stops spending
  // on candidates dearer than the ones it has found. Returns whether it
  // did (then ctx.max_cost may be lower).
  bool BoundEvery(size_t every) {
    if (leaf_info_.size() < bounded_at_ + every) return false;
    bounded_at_ = leaf_info_.size();
    Resolve();
    Bound();
    return true;
  }

  // The best max_suggestions distinct suggestions: the entries, splits and
  // the user's words within kMaxUserEdits (listed, lower case), presented
  // in the typed word's case, ranked, each accepted by the checker.
  [[nodiscard]] std::vector<Suggestion> Rank(
      const std::vector<std::pair<std::string, std::u32string>>& user_words);

 private:
  struct LeafInfo {
    float cost;
    int edits;
    uint32_t first_entry;
    uint32_t entry_count;
  };
  struct Entry {
    std::string word;  // as in the dictionary
    uint32_t code;
    EntryForm form;  // how it differs from the lower-case candidate
  };
  struct Pending {
    uint32_t leaf;
    EntryForm how;
    std::string form;
    WordHash hash;
    WordClasses::Location where;
  };
  struct Split {
    std::string text;  // presented
    float cost;
    uint32_t code;  // the rarer half's
  };
  struct Compound {
    std::string text;  // presented
    float cost;
    int edits;
  };
  struct Form {
    std::string word;  // lower case
    float cost;
    int edits;
  };

  // Queues the case forms of leaf_word_, the word of leaf `leaf` at h.
  void Queue(uint32_t leaf, PrefixFilter::State h);
  // A leaf's entry's cost as ranked (the typed word's own -1 aside).
  float EntryCost(const LeafInfo& l, const Entry& e) const;
  // Whether a dictionary form is a compound's piece, "-datei" or
  // "Mädchen-" (German's affixes make them for hyphenated compounds): not a
  // suggestion unless the typed word has the hyphen there too.
  bool IsPiece(const std::string& form) const;
  // `text` with the capital of each Capitalised word lowered: the texts of
  // one word in two case forms ("bright", "Bright") share it, so Rank lists
  // only the better ranked.
  std::string CaseKey(const std::string& text) const;
  // Whether the checker accepts `presented` (each word of a split).
  bool Accepted(const std::string& presented);

  const Lexicon& lex_;
  SearchContext& ctx_;
  // The language elides before vowels (elision.h).
  bool elides_ = false;
  ScratchMap<uint32_t> leaves_;  // state -> index into leaf_info_
  std::vector<LeafInfo> leaf_info_;
  std::vector<Entry> entries_;  // a leaf's are contiguous
  std::vector<Pending> pending_;
  std::vector<Split> splits_;
  std::vector<Compound> compounds_;
  std::vector<Form> other_forms_;
  std::u32string leaf_word_;
  std::vector<CaseForm> forms_;   // scratch of Queue
  std::vector<float> kth_costs_;  // scratch of Bound
  size_t bounded_at_ = 0;         // leaf_info_.size() at the last BoundEvery
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_CANDIDATES_H_
