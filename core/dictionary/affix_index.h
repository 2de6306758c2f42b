// The affix entries of a dictionary indexed by their append strings, as a
// trie walked from the word's end (suffixes) or start (prefixes): the
// entries whose append string ends (starts) a word are found in one walk
// of as many steps as the longest matching append string, where a hash
// per distinct append length cost a dozen hashed lookups per word.
// Hunspell keeps its affixes in a similar tree (affixmgr.cxx).
//
// Entries are visited shortest append string first and, for one append
// string, in the order they were added: the order the checker's answers
// and its per-word cap (kMaxAffixCandidates) depend on.
#ifndef SPELLFILTER_CORE_DICTIONARY_AFFIX_INDEX_H_
#define SPELLFILTER_CORE_DICTIONARY_AFFIX_INDEX_H_

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace spellfilter {

class AffixIndex {
 public:
  enum class From { kEnd, kStart };

  // `appends[i]` is entry i's append string.
  AffixIndex(const std::vector<std::u32string_view>& appends, From from);
  // Only the entries i with include[i] (same size as appends), still
  // named by i: a subset visited in the order the whole index visits it.
  AffixIndex(const std::vector<std::u32string_view>& appends,
             const std::vector<bool>& include, From from);
  AffixIndex() = default;

  // Calls visit(entry) for each entry whose append string ends (kEnd) or
  // starts (kStart) `word`, until visit returns true; returns whether one
  // did.
  template <typename Visit>
  bool ForEach(std::u32string_view word, Visit visit) const {
    if (nodes_.empty()) return false;
    uint32_t node = 0;
    for (size_t depth = 0;; ++depth) {
      const Node& n = nodes_[node];
      for (uint32_t e = n.entry_begin; e < n.entry_end; ++e) {
        if (visit(entries_[e])) return true;
      }
      if (depth == word.size() || n.child_begin == n.child_end) return false;
      const char32_t c =
          from_ == From::kEnd ? word[word.size() - 1 - depth] : word[depth];
      node = Child(n, c);
      if (node == 0) return false;
    }
  }

 private:
  struct Node {
    uint32_t child_begin = 0, child_end = 0;  // into children_
    uint32_t entry_begin = 0, entry_end = 0;  // into entries_
  };
  // The child of `n` by character c; 0 (the root, never a child) if none.
  uint32_t Child(const Node& n, char32_t c) const;

  From from_ = From::kEnd;
  std::vector<Node> nodes_;  // nodes_[0] is the root
  std::vector<std::pair<char32_t, uint32_t>> children_;  // sorted per node
  std::vector<uint32_t> entries_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_AFFIX_INDEX_H_
