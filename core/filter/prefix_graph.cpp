#include "core/filter/prefix_graph.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace spellfilter {

namespace {

uint64_t Mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Bits to write the values 0..n.
uint32_t BitsFor(uint64_t n) {
  return n == 0 ? 1 : static_cast<uint32_t>(std::bit_width(n));
}

template <typename T>
T Read(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <typename T>
void Append(std::string* out, T v) {
  out->append(reinterpret_cast<const char*>(&v), sizeof v);
}

}  // namespace

// ---------------------------------------------------------------- reader

int PrefixGraph::LabelOf(char32_t c) const {
  if (c < kTableLetters) return table_[c] - 1;
  const auto it = std::lower_bound(labels_.begin(), labels_.end(), c);
  if (it == labels_.end() || *it != c) return -1;
  return static_cast<int>(it - labels_.begin());
}

const char* PrefixGraph::Parse(std::span<const std::byte> section,
                               PrefixGraph* out) {
  if (section.size() < kPrefixGraphHeaderBytes) return "prefix graph too short";
  const std::byte* p = section.data();
  if (Read<uint32_t>(p) != kPrefixGraphMagic) {
    return "prefix graph: bad magic number";
  }
  const uint32_t label_bits = Read<uint8_t>(p + 4);
  const uint32_t target_bits = Read<uint8_t>(p + 5);
  const uint32_t labels = Read<uint32_t>(p + 8);
  const uint32_t root = Read<uint32_t>(p + 12);
  const uint32_t reverse_root = Read<uint32_t>(p + 16);
  const uint64_t slots = Read<uint64_t>(p + 24);
  const uint64_t nodes = Read<uint64_t>(p + 32);
  if (label_bits == 0 || target_bits == 0 ||
      label_bits + 1 + target_bits > 64 ||
      labels > (uint64_t{1} << label_bits) || slots < kLeaves ||
      slots >> 32 != 0 || slots > (uint64_t{1} << target_bits) ||
      root >= slots || reverse_root >= slots) {
    return "prefix graph: bad header";
  }
  PrefixGraph g;
  for (int m = 0; m <= 16; ++m) {
    g.bounds_[m] = Read<uint32_t>(p + 40 + 4 * m);
    if ((m == 0 && g.bounds_[m] != kLeaves) ||
        (m > 0 && g.bounds_[m] < g.bounds_[m - 1]) ||
        (m == 16 && g.bounds_[m] != slots)) {
      return "prefix graph: bad mask bounds";
    }
  }
  const uint64_t label_bytes = (uint64_t{labels} * 4 + 7) / 8 * 8;
  const uint32_t slot_bits = label_bits + 1 + target_bits;
  const uint64_t words = (slots * slot_bits + 63) / 64 + 1;
  if (section.size() != kPrefixGraphHeaderBytes + label_bytes + words * 8) {
    return "prefix graph: wrong size";
  }
  g.labels_ = std::span<const char32_t>(
      reinterpret_cast<const char32_t*>(p + kPrefixGraphHeaderBytes), labels);
  for (uint32_t i = 0; i < labels; ++i) {
    if (i > 0 && g.labels_[i] <= g.labels_[i - 1]) {
      return "prefix graph: labels out of order";
    }
    if (g.labels_[i] < kTableLetters) {
      g.table_[g.labels_[i]] = static_cast<int16_t>(i + 1);
    }
  }
  g.slots_ = reinterpret_cast<const uint64_t*>(p + kPrefixGraphHeaderBytes +
                                               label_bytes);
  g.slot_count_ = slots;
  g.node_count_ = nodes;
  g.label_bits_ = label_bits;
  g.label_mask_ = (uint64_t{1} << label_bits) - 1;
  g.target_shift_ = label_bits + 1;
  g.slot_bits_ = slot_bits;
  g.slot_mask_ =
      slot_bits == 64 ? ~uint64_t{0} : (uint64_t{1} << slot_bits) - 1;
  // Every slot's label and target in range, and the last slot ends its
  // node: then a walk stays inside the section (a node starting at any
  // slot ends by the last one). The slots below 16 are never read (nodes
  // without edges: Next and ForEachChild stop at once).
  for (uint64_t i = kLeaves; i < slots; ++i) {
    const uint64_t v = g.Slot(i);
    if ((v & g.label_mask_) >= labels || v >> g.target_shift_ >= slots) {
      return "prefix graph: slot out of range";
    }
  }
  if (slots > kLeaves && (g.Slot(slots - 1) >> label_bits & 1) == 0) {
    return "prefix graph: last node unterminated";
  }
  g.root_ = root;
  g.reverse_root_ = reverse_root;
  *out = g;
  return nullptr;
}

bool PrefixGraph::CountTrieEdges(uint64_t* count) const {
  const uint64_t limit = kMaxTrieEdgesPerSlot * slot_count_ + 64;
  // below[slot]: the trie edges under the node starting there, or kNone
  // (not yet) or kOpen (on the current path: a cycle if met below it).
  constexpr uint64_t kNone = ~uint64_t{0};
  constexpr uint64_t kOpen = kNone - 1;
  std::vector<uint64_t> below(slot_count_, kNone);
  auto markers = [this](State s) {
    return static_cast<uint64_t>(std::popcount(EndMask(s)));
  };
  std::vector<State> stack;
  uint64_t total = 0;
  for (const State root : {root_, reverse_root_}) {
    if (root < kLeaves) {
      total += markers(root);
      continue;
    }
    stack.push_back(root);
    while (!stack.empty()) {
      const State s = stack.back();
      if (below[s] != kNone && below[s] != kOpen) {  // done (met twice)
        stack.pop_back();
        continue;
      }
      below[s] = kOpen;
      bool ready = true;
      bool cycle = false;
      uint64_t sum = markers(s);
      ForEachChild(s, [&](int, State child) {
        if (child < kLeaves) {
          sum += 1 + markers(child);
        } else if (below[child] == kOpen) {
          cycle = true;
        } else if (below[child] == kNone) {
          stack.push_back(child);
          ready = false;
        } else {
          sum += 1 + below[child];
        }
        sum = std::min(sum, limit + 1);
      });
      if (cycle) return false;
      if (!ready) continue;
      below[s] = sum;
      stack.pop_back();
    }
    total += below[root];
    if (total > limit) return false;
  }
  *count = total;
  return true;
}

const char* PrefixGraph::RebuildFilter(std::span<const std::byte> filter_header,
                                       std::vector<uint64_t>* words) const {
  if (filter_header.size() != kPrefixHeaderBytes) {
    return "prefix graph: no filter header";
  }
  const uint64_t bits = Read<uint64_t>(filter_header.data() + 8);
  if (bits == 0 || bits % 512 != 0 || bits > (uint64_t{1} << 40)) {
    return "prefix graph: bad filter size";
  }
  // The header must describe this graph: as many trie edges as its paths
  // have (counted below, which also proves it acyclic), and a filter of
  // at most kMaxFilterBitsPerEdge bits an edge; a graph has at most
  // kMaxTrieEdgesPerSlot trie edges a slot (the builder writes no other).
  // So a damaged or crafted section can neither loop nor ask for more
  // memory than a few hundred bytes a slot.
  const uint64_t edges = Read<uint64_t>(filter_header.data() + 24);
  uint64_t counted = 0;
  if (!CountTrieEdges(&counted) || counted != edges) {
    return "prefix graph: the filter header's edges are not the graph's";
  }
  if (bits > kMaxFilterBitsPerEdge * edges + 512) {
    return "prefix graph: filter too large for its edges";
  }
  words->assign((kPrefixHeaderBytes + bits / 8) / 8, 0);
  std::memcpy(words->data(), filter_header.data(), kPrefixHeaderBytes);
  PrefixFilter view;
  if (const char* problem = PrefixFilter::Parse(
          std::as_bytes(std::span<const uint64_t>(*words)), &view)) {
    return problem;
  }
  // The keys of the labels and of the end markers, once.
  std::vector<uint64_t> keys(labels_.size());
  for (size_t i = 0; i < labels_.size(); ++i) {
    keys[i] = PrefixFilter::LetterKey(labels_[i]);
  }
  uint64_t marker_keys[4];
  for (uint32_t w = 0; w < 4; ++w) {
    marker_keys[w] = PrefixFilter::LetterKey(
        PrefixFilter::EndMarker(static_cast<PrefixFilter::Written>(w)));
  }
  // As PrefixFilterBuilder::Fill, in batches.
  PrefixEdgeWriter writer(view);
  // Depth first over the paths: each is a prefix, met once.
  struct Visit {
    State node;
    PrefixFilter::State hash;
  };
  std::vector<Visit> stack;
  auto walk = [&](State root, PrefixFilter::State hash_root) {
    stack.push_back(Visit{root, hash_root});
    while (!stack.empty()) {
      const Visit v = stack.back();
      stack.pop_back();
      const uint32_t mask = EndMask(v.node);
      for (uint32_t w = 0; w < 4; ++w) {
        if ((mask >> w & 1) != 0) writer.Insert(v.hash, marker_keys[w]);
      }
      ForEachChild(v.node, [&](int label, State child) {
        writer.Insert(v.hash, keys[label]);
        stack.push_back(
            Visit{child, PrefixFilter::Next(v.hash, labels_[label])});
      });
    }
  };
  walk(root_, view.root());
  walk(reverse_root_, view.reverse_root());
  writer.Flush();
  return nullptr;
}

// --------------------------------------------------------------- builder

PrefixGraphBuilder::PrefixGraphBuilder() {
  for (uint32_t m = 0; m < PrefixGraph::kLeaves; ++m) {
    nodes_.push_back(Node{0, 0, m});
  }
  table_.assign(1024, 0);
  Begin();
}

// The open nodes are kept, with their edge vectors' room, for the next
// words: a path's nodes are reused, not allocated, word after word.
void PrefixGraphBuilder::Begin() {
  if (open_.empty()) open_.emplace_back();
  open_[0].edges.clear();
  open_[0].mask = 0;
  depth_ = 0;
}

void PrefixGraphBuilder::BeginReverse() {
  Finish();
  reverse_ = true;
  finished_ = false;
  Begin();
}

void PrefixGraphBuilder::Truncate(size_t depth) {
  if (depth > depth_) depth = depth_;  // (a contract breach: kept safe)
  for (size_t k = depth_; k > depth; --k) Close(k);
  depth_ = depth;
}

void PrefixGraphBuilder::Push(char32_t c) {
  open_[depth_].edges.push_back(Edge{c, 0});
  ++depth_;
  if (open_.size() == depth_) open_.emplace_back();
  open_[depth_].edges.clear();
  open_[depth_].mask = 0;
}

void PrefixGraphBuilder::Mark(int marker) {
  if (marker >= 0 && marker < 4 && !reverse_) {
    open_[depth_].mask |= 1u << marker;
  }
}

void PrefixGraphBuilder::Add(size_t depth, std::u32string_view added,
                             int marker) {
  Truncate(depth);
  for (char32_t c : added) Push(c);
  Mark(marker);
}

void PrefixGraphBuilder::AddUtf8(size_t depth, std::string_view added,
                                 int marker) {
  Truncate(depth);
  // Valid UTF-8 (the contract): decoded without checks.
  for (size_t i = 0; i < added.size();) {
    const auto b = static_cast<uint8_t>(added[i]);
    if (b < 0x80) {
      Push(b);
      ++i;
      continue;
    }
    const size_t len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
    char32_t c = b & (0x7F >> len);
    for (size_t k = 1; k < len && i + k < added.size(); ++k) {
      c = (c << 6) | (static_cast<uint8_t>(added[i + k]) & 0x3F);
    }
    Push(c);
    i += len;
  }
  Mark(marker);
}

void PrefixGraphBuilder::Close(size_t k) {
  open_[k - 1].edges.back().target = Register(open_[k]);
  open_[k].edges.clear();
  open_[k].mask = 0;
}

void PrefixGraphBuilder::Finish() {
  if (finished_) return;
  Truncate(0);
  const uint32_t root = Register(open_[0]);
  (reverse_ ? reverse_root_ : forward_root_) = root;
  open_[0].edges.clear();
  open_[0].mask = 0;
  finished_ = true;
}

uint64_t PrefixGraphBuilder::HashOf(uint32_t mask, const Edge* edges,
                                    size_t count) const {
  uint64_t h = Mix(count << 4 | mask);
  for (size_t i = 0; i < count; ++i) {
    h = Mix(h ^ (uint64_t{edges[i].label} << 32 | edges[i].target));
  }
  return h;
}

bool PrefixGraphBuilder::Same(uint32_t id, uint32_t mask, const Edge* edges,
                              size_t count) const {
  const Node& n = nodes_[id];
  if (n.count != count || n.mask != mask) return false;
  for (size_t i = 0; i < count; ++i) {
    const Edge& e = edges_[n.first + i];
    if (e.label != edges[i].label || e.target != edges[i].target) return false;
  }
  return true;
}

void PrefixGraphBuilder::Grow() {
  std::vector<uint32_t> bigger(table_.size() * 2, 0);
  const size_t mask = bigger.size() - 1;
  for (uint32_t id : table_) {
    if (id == 0) continue;
    const Node& n = nodes_[id];
    size_t at = HashOf(n.mask, &edges_[n.first], n.count) & mask;
    while (bigger[at] != 0) at = (at + 1) & mask;
    bigger[at] = id;
  }
  table_ = std::move(bigger);
}

uint32_t PrefixGraphBuilder::Register(const Open& node) {
  if (node.edges.empty()) return node.mask;  // the leaf of that mask
  const Edge* e = node.edges.data();
  const size_t count = node.edges.size();
  const size_t mask = table_.size() - 1;
  size_t at = HashOf(node.mask, e, count) & mask;
  while (table_[at] != 0) {
    if (Same(table_[at], node.mask, e, count)) return table_[at];
    at = (at + 1) & mask;
  }
  const auto id = static_cast<uint32_t>(nodes_.size());
  nodes_.push_back(Node{static_cast<uint32_t>(edges_.size()),
                        static_cast<uint32_t>(count), node.mask});
  edges_.insert(edges_.end(), node.edges.begin(), node.edges.end());
  table_[at] = id;
  if (nodes_.size() * 2 > table_.size()) Grow();
  return id;
}

uint64_t PrefixGraphBuilder::EncodedBytes() {
  Finish();
  std::vector<char32_t> labels;
  for (const Edge& e : edges_) labels.push_back(e.label);
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  const uint64_t slots = PrefixGraph::kLeaves + edges_.size();
  const uint32_t label_bits = BitsFor(labels.empty() ? 0 : labels.size() - 1);
  const uint32_t target_bits = BitsFor(slots - 1);
  const uint64_t words = (slots * (label_bits + 1 + target_bits) + 63) / 64 + 1;
  return kPrefixGraphHeaderBytes + (uint64_t{labels.size()} * 4 + 7) / 8 * 8 +
         words * 8;
}

std::string PrefixGraphBuilder::Encode() {
  Finish();
  std::vector<char32_t> labels;
  for (const Edge& e : edges_) labels.push_back(e.label);
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  // The nodes with edges by end mask, then by id; their first slots.
  constexpr uint32_t kLeaves = PrefixGraph::kLeaves;
  std::vector<uint32_t> order;
  order.reserve(nodes_.size() - kLeaves);
  for (uint32_t id = kLeaves; id < nodes_.size(); ++id) order.push_back(id);
  std::stable_sort(order.begin(), order.end(), [this](uint32_t a, uint32_t b) {
    return nodes_[a].mask < nodes_[b].mask;
  });
  std::vector<uint32_t> first_slot(nodes_.size(), 0);
  for (uint32_t m = 0; m < kLeaves; ++m) first_slot[m] = m;
  uint32_t bounds[17];
  uint64_t slots = kLeaves;
  size_t at = 0;
  for (uint32_t m = 0; m < 16; ++m) {
    bounds[m] = static_cast<uint32_t>(slots);
    for (; at < order.size() && nodes_[order[at]].mask == m; ++at) {
      first_slot[order[at]] = static_cast<uint32_t>(slots);
      slots += nodes_[order[at]].count;
    }
  }
  bounds[16] = static_cast<uint32_t>(slots);
  const uint32_t label_bits = BitsFor(labels.empty() ? 0 : labels.size() - 1);
  const uint32_t target_bits = BitsFor(slots - 1);
  const uint32_t slot_bits = label_bits + 1 + target_bits;
  std::string out;
  Append<uint32_t>(&out, kPrefixGraphMagic);
  Append<uint8_t>(&out, static_cast<uint8_t>(label_bits));
  Append<uint8_t>(&out, static_cast<uint8_t>(target_bits));
  Append<uint16_t>(&out, 0);
  Append<uint32_t>(&out, static_cast<uint32_t>(labels.size()));
  Append<uint32_t>(&out, first_slot[forward_root_]);
  Append<uint32_t>(&out, first_slot[reverse_root_]);
  Append<uint32_t>(&out, 0);
  Append<uint64_t>(&out, slots);
  Append<uint64_t>(&out, nodes_.size());
  for (uint32_t b : bounds) Append<uint32_t>(&out, b);
  out.resize(kPrefixGraphHeaderBytes, '\0');
  for (char32_t c : labels) Append<uint32_t>(&out, c);
  if (labels.size() % 2 != 0) Append<uint32_t>(&out, 0);
  std::vector<uint64_t> words((slots * slot_bits + 63) / 64 + 1, 0);
  for (uint32_t id : order) {
    const Node& n = nodes_[id];
    uint64_t slot = first_slot[id];
    for (uint32_t i = 0; i < n.count; ++i, ++slot) {
      const Edge& e = edges_[n.first + i];
      const uint64_t label = static_cast<uint64_t>(
          std::lower_bound(labels.begin(), labels.end(), e.label) -
          labels.begin());
      const uint64_t v = label | uint64_t{i + 1 == n.count} << label_bits |
                         uint64_t{first_slot[e.target]} << (label_bits + 1);
      const uint64_t bit = slot * slot_bits;
      words[bit >> 6] |= v << (bit & 63);
      if ((bit & 63) != 0 && (bit & 63) + slot_bits > 64) {
        words[(bit >> 6) + 1] |= v >> (64 - (bit & 63));
      }
    }
  }
  out.append(reinterpret_cast<const char*>(words.data()), words.size() * 8);
  return out;
}

}  // namespace spellfilter
