// Whether a word is a compound of parts in a dictionary's COMPOUND_PARTS
// section (compound_filter.h), as Hunspell's compound check decides it for
// COMPOUNDFLAG / COMPOUNDBEGIN / COMPOUNDMIDDLE / COMPOUNDEND
// (affixmgr.cxx, compound_check): the word splits into
//
//   begin middle* end
//
// with every part at least settings().min_part characters long, at most
// max_parts parts (when limited), and every boundary passing the checks the
// section asks for (CHECKCOMPOUNDCASE: neither letter at the boundary is
// upper case or caseless; CHECKCOMPOUNDTRIPLE: no three equal letters
// across it; CHECKCOMPOUNDDUP: a two-part compound's parts differ). The
// word is taken as given: case variants are the caller's (checker.cpp tries
// each lookup form of word_forms.h, as Hunspell tries the case forms).
//
// Cost: a search over split points, memoised per position, so each part
// candidate is probed at most once. With n characters and minimum part m:
// at most n - 2m + 1 begin probes, n end probes and (n - m)^2 / 2 middle
// probes, and in any case at most kMaxProbes (a search that would need more
// gives up and answers false); words over kMaxLetters characters are not
// split (Hunspell's limit too). Middle probes only start from positions a
// begin or middle part reached, so a misspelling usually costs about
// n - 2m + 1 probes: a few hundred nanoseconds.
//
// Affix-aware dictionaries (docs/affix_dictionaries.md): the section holds
// the stems only, and an affixed part is found through the affix rules
// (AffixLookup::AcceptsPart), several probes a part.
//
// Not thread-safe (scratch buffers); one per Checker.
#ifndef SPELLFILTER_CORE_CHECK_COMPOUND_SPLITTER_H_
#define SPELLFILTER_CORE_CHECK_COMPOUND_SPLITTER_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/dictionary/affix_lookup.h"
#include "core/filter/compound_filter.h"

namespace spellfilter {

class CompoundSplitter {
 public:
  static constexpr uint32_t kMaxLetters = 100;
  static constexpr uint32_t kMaxProbes = 3000;

  // `parts` must outlive the splitter; it may be empty (no compounds).
  explicit CompoundSplitter(const CompoundFilter& parts,
                            const AffixLookup* affixes = nullptr)
      : parts_(parts), affixes_(affixes) {}

  // Whether the normalised UTF-8 `word` is a compound. *probes (may be
  // null) receives the number of filter probes made.
  bool IsCompound(std::string_view word, uint32_t* probes = nullptr);

  const CompoundFilter& parts() const { return parts_; }

 private:
  // Whether [from, n) is an end part; memoised in end_.
  bool End(uint32_t from);
  // Fewest parts covering [from, n) as middle* end, kNone if impossible.
  uint32_t Best(uint32_t from);
  // Fewest parts covering [from, n) as middle+ end; memoised in best_mid_.
  uint32_t BestWithMiddle(uint32_t from);
  bool Probe(CompoundRole role, uint32_t from, uint32_t to);
  bool BoundaryOk(uint32_t at) const;

  static constexpr uint32_t kNone = 0xFFFF;
  static constexpr uint32_t kUnknown = 0xFFFE;

  const CompoundFilter& parts_;
  // An affix-aware dictionary's rules: affixed parts (AcceptsPart); may
  // be null. The section holds the bare stems.
  const AffixLookup* affixes_;
  std::string_view word_;
  std::vector<uint32_t> offsets_;   // byte offset of character i; [n] = size
  std::vector<char32_t> letters_;
  std::vector<uint32_t> end_;       // by position: 0, 1 or kUnknown
  std::vector<uint32_t> best_mid_;  // by position
  uint32_t n_ = 0;
  uint32_t probes_ = 0;
  bool exhausted_ = false;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_CHECK_COMPOUND_SPLITTER_H_
