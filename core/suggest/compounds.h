// Corrections of a misspelled compound ("Projektverzichnis" ->
// "Projektverzeichnis", "Suchbegrff" -> "Suchbegriff") in a dictionary
// with a COMPOUND_PARTS section (compound_filter.h: German, Dutch,
// Swedish...). A compound is not a dictionary word, so the edit walks
// over the PREFIXES section never reach it; instead each part is
// corrected on its own and the whole checked again by the compound rules.
//
// The typed word is read in lower case, and with a capital first letter
// where it has one in upper case (German nouns begin compounds
// Capitalised). For each reading:
//
//   1. The known head and tail: the positions a where the typed word's
//      first a letters are a compound's begin part, or a begin part and
//      one middle part (compound_filter.h's roles), and the positions b
//      where the letters from b on are an end part, or a middle part and
//      an end part. The misspelled part lies between such an a (or the
//      start) and such a b (or the end): [a, b), not the whole word.
//   2. Each one-letter substitution or insertion of [a, b) (over the
//      dictionary's alphabet) that the section has in the part's role
//      (begin if a is the start, end if b is the end, else middle) is
//      rejoined with the rest.
//   3. A letter left out or two adjacent letters swapped, anywhere in the
//      word (also across a part boundary: "Projekvterzeichnis"): the n
//      deletions and n - 1 swaps of the whole word.
//
// Every rejoined word is then checked as the checker checks a compound
// (CompoundSplitter on each lookup form of word_forms.h, with the
// boundary rules) and handed to Candidates::AddCompound, which lists it
// without asking the filter again. The search makes no claim to be
// exhaustive: two edits in one compound, or an edit in a part neither
// next to a known head nor to a known tail (the middle of four parts) are
// not searched.
//
// Cost of a suggestion: the edit's weight (edit_weights.h, as the walks
// weigh it) + half the second word of a split (Lexicon::second_word): a
// compound is two words written together, rarer than a listed word by
// the splits' reasoning (splits.h), without the space. It thus ranks
// below a listed word one edit away and above most two-edit ones.
//
// Work: one unit per part probe and per splitter probe. For a word of n
// letters and an alphabet of A letters, about 2n probes for the head and
// tail, (2A + 1) * len probes per segment [a, b) of len letters (usually
// one to three segments) and a splitter check (~n probes) per deletion and
// swap and per part found.
//
// Not thread-safe (scratch, the splitter's buffers); one per Suggester.
#ifndef SPELLFILTER_CORE_SUGGEST_COMPOUNDS_H_
#define SPELLFILTER_CORE_SUGGEST_COMPOUNDS_H_

#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/check/compound_splitter.h"
#include "core/suggest/candidates.h"
#include "core/suggest/edit_weights.h"
#include "core/suggest/lexicon.h"
#include "core/suggest/search_context.h"

namespace spellfilter {

class CompoundSearch {
 public:
  // `lex`, `ctx` and `out` must outlive this.
  CompoundSearch(const Lexicon& lex, SearchContext& ctx, Candidates& out);
  CompoundSearch(const CompoundSearch&) = delete;
  CompoundSearch& operator=(const CompoundSearch&) = delete;

  // Whether the dictionary compounds (has a COMPOUND_PARTS section).
  [[nodiscard]] bool active() const { return !parts_.empty(); }
  // Adds the compound corrections of the typed word (ctx) to `out`.
  void Run();

 private:
  // Searches the reading s_ of the typed word (lower case, or with a
  // capital first letter).
  void SearchReading();
  // The corrections of segment [a, b) of s_ in `role`.
  void CorrectSegment(int a, int b, CompoundRole role);
  // part_, found for [a, b) at `cost`: rejoined, and kept for the other
  // reading (a > 0).
  void Keep(int a, int b, float cost);
  // Whether `part` (code points) may take `role`; one work unit.
  bool Part(CompoundRole role, std::u32string_view part);
  // Checks s_[0, a) + part + s_[b, n) as a compound and adds it at `cost`.
  void Rejoin(int a, int b, std::u32string_view part, float cost);
  // Checks `word` (code points) as the checker checks a compound and adds
  // it at `cost` (edit weight).
  void Offer(const std::u32string& word, float cost);
  // Whether the checker accepts `presented` (UTF-8) as a compound.
  bool IsCompound(const std::string& presented);

  const Lexicon& lex_;
  SearchContext& ctx_;
  Candidates& out_;
  const CompoundFilter& parts_;
  CompoundSplitter splitter_;
  EditWeights weights_;
  std::u32string s_;  // the reading searched
  bool title_ = false;
  // The words checked for this typed word, as presented: the cheapest
  // edit weight each was offered at (< 0: not a compound).
  std::unordered_map<std::string, float> offered_;
  // The parts found for segments [a, b), a > 0, and the segments searched,
  // for this typed word.
  struct Found {
    int a;
    int b;
    std::u32string part;
    float cost;
  };
  std::vector<Found> found_;
  std::vector<std::pair<int, int>> searched_;
  std::u32string part_;   // scratch
  std::u32string whole_;  // scratch
  std::string utf8_;      // scratch
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_COMPOUNDS_H_
