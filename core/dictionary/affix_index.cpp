#include "core/dictionary/affix_index.h"

#include <algorithm>
#include <map>

namespace spellfilter {

AffixIndex::AffixIndex(const std::vector<std::u32string_view>& appends,
                       From from)
    : AffixIndex(appends, std::vector<bool>(appends.size(), true), from) {}

AffixIndex::AffixIndex(const std::vector<std::u32string_view>& appends,
                       const std::vector<bool>& include, From from)
    : from_(from) {
  // Built as a tree of maps, then laid out breadth first in flat arrays.
  struct Build {
    std::map<char32_t, uint32_t> children;
    std::vector<uint32_t> entries;
  };
  std::vector<Build> tree(1);
  for (uint32_t i = 0; i < appends.size(); ++i) {
    if (!include[i]) continue;
    const std::u32string_view a = appends[i];
    uint32_t node = 0;
    for (size_t d = 0; d < a.size(); ++d) {
      const char32_t c = from == From::kEnd ? a[a.size() - 1 - d] : a[d];
      const auto it = tree[node].children.find(c);
      if (it != tree[node].children.end()) {
        node = it->second;
      } else {
        const uint32_t child = static_cast<uint32_t>(tree.size());
        tree[node].children.emplace(c, child);
        tree.emplace_back();
        node = child;
      }
    }
    tree[node].entries.push_back(i);
  }
  // Node ids are kept (the root stays 0); children are laid out per node.
  nodes_.resize(tree.size());
  for (size_t i = 0; i < tree.size(); ++i) {
    Node& n = nodes_[i];
    n.child_begin = static_cast<uint32_t>(children_.size());
    for (const auto& [c, child] : tree[i].children) {
      children_.emplace_back(c, child);
    }
    n.child_end = static_cast<uint32_t>(children_.size());
    n.entry_begin = static_cast<uint32_t>(entries_.size());
    entries_.insert(entries_.end(), tree[i].entries.begin(),
                    tree[i].entries.end());
    n.entry_end = static_cast<uint32_t>(entries_.size());
  }
}

uint32_t AffixIndex::Child(const Node& n, char32_t c) const {
  const auto begin = children_.begin() + n.child_begin;
  const auto end = children_.begin() + n.child_end;
  const auto it = std::lower_bound(
      begin, end, c,
      [](const std::pair<char32_t, uint32_t>& p, char32_t x) {
        return p.first < x;
      });
  return it != end && it->first == c ? it->second : 0;
}

}  // namespace spellfilter
