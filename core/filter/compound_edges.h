// The COMPOUND_EDGES section: a pre-test that tells most words not to be
// compounds before CompoundSplitter (compound_splitter.h) searches their
// split points.
//
// A compound's first part is a COMPOUND_PARTS key (compound_filter.h) of
// the begin position or, under COMPOUNDRULE, of kAnyRuleFlagRole; its last
// part a key of the end position or of kAnyRuleFlagRole (the affixed last
// parts of an expanded dictionary are kAnyRuleFlagRole keys too). So a word
// is a compound only if its first two letters are the first two letters of
// such a first-part key, or its first letter is such a key of one letter;
// and likewise for its last two letters and the last-part keys. The
// section lists exactly those letter pairs (and single-letter keys), so
// the test is exact: it never refuses a word the split search would accept
// (short of a false positive of the parts' filter, 1e-9 per probe).
//
// In converted English (en_US: COMPOUNDRULE over the digits, for 1st,
// 22nd, 10th) a word not found as written is refused by one lookup in a
// table of a dozen entries instead of a split search of about 2n probes
// (about 5,700 instructions). In position-compounding languages (COMPOUNDFLAG)
// the pairs refuse the words whose first or last two letters start or end
// no part.
//
// Only for dictionaries whose parts are all keys of the section: the
// builder writes it for expanded dictionaries only. An affix-aware
// dictionary finds affixed parts through its affix rules (a part may
// start with a prefix no key starts with), so it has none, and a reader
// must not use one with affix rules (Dictionary does not).
//
// Layout (little-endian, 8-byte aligned):
//   starts:u32 ends:u32 entry:u64{starts} entry:u64{ends}
// each list strictly ascending; an entry is (first << 32 | second): for
// the starts the key's first and second code point, for the ends its last
// and the one before it; second is 0 for a key of one code point.
//
// The section is optional: a reader without it (or that predates it)
// searches every word, as before the section existed.
#ifndef SPELLFILTER_CORE_FILTER_COMPOUND_EDGES_H_
#define SPELLFILTER_CORE_FILTER_COMPOUND_EDGES_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace spellfilter {

class CompoundEdges {
 public:
  CompoundEdges() = default;  // empty(): no pre-test

  // Checks a COMPOUND_EDGES section and on success copies it into *out.
  // Returns nullptr when usable, else a short description of the problem.
  static const char* Parse(std::span<const std::byte> section,
                           CompoundEdges* out);

  bool empty() const { return starts_.empty() && ends_.empty(); }

  // Whether the word of code points `letters` (at least two) may be a
  // compound: some first-part key starts it and some last-part key ends
  // it, as far as their first and last two letters tell. Never false for a
  // compound the split search accepts.
  bool MayBeCompound(std::span<const char32_t> letters) const {
    const size_t n = letters.size();
    if (n < 2) return false;
    return Has(starts_, letters[0], letters[1]) &&
           Has(ends_, letters[n - 1], letters[n - 2]);
  }
  // The same of UTF-8 `word`, decoding only its first and last two code
  // points; false when those are not valid UTF-8 (no compound either:
  // the search decodes the whole word).
  bool MayBeCompoundUtf8(std::string_view word) const;

 private:
  static bool Has(const std::vector<uint64_t>& list, char32_t first,
                  char32_t second);

  std::vector<uint64_t> starts_;
  std::vector<uint64_t> ends_;
};

// Collects the first-part and last-part keys of a COMPOUND_PARTS section
// and writes the COMPOUND_EDGES section for them.
class CompoundEdgesBuilder {
 public:
  // A normalised UTF-8 key that may be a compound's first part (a begin or
  // kAnyRuleFlagRole key) and/or its last part (an end or kAnyRuleFlagRole
  // key). Returns false, and records nothing, for a key that is not valid
  // UTF-8 (the caller then writes no section).
  bool Add(std::string_view normalized_key, bool first, bool last);

  // The section's bytes (possibly with empty lists: no key may start or
  // end a compound, so no word is one).
  std::string Encode() const;

 private:
  std::vector<uint64_t> starts_;
  std::vector<uint64_t> ends_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILTER_COMPOUND_EDGES_H_
