// An exact alternative to PrefixFilter (prefix_filter.h): the minimal
// deterministic acyclic automaton (DAWG, DAFSA) of the lower-cased words,
// and the one of the words reversed, in one array of nodes. It answers the
// same questions as the filter (does some word continue this prefix with
// this letter? can this suffix be preceded by this letter? how does the
// dictionary write the word, if the prefix is one?) with no false edge.
//
// Why: an expanded dictionary's tries have about 4-6 edges a form (fr: 12
// million edges in the two tries), and the filter spends
// ~10.8 bits on each; inflected forms share their endings, so the minimal
// automaton, whose nodes are the classes of prefixes with the same set of
// continuations, has far fewer edges than the trie (measured in
// docs/languages.md, "Conversion limits, sixth session").
//
// A node is a class of prefixes with the same continuations and the same
// end mask (bit w: the prefix is a word the dictionary writes as
// PrefixFilter::Written w). Its outgoing edges are consecutive slots of a
// bit-packed array, one slot an edge, in the order of their labels:
//   label index (label_bits) | last edge of its node (1) | target
// (target_bits). The target is the slot of the target node's first edge;
// nodes without edges (prefixes no letter continues) are the slots 0-15,
// one per end mask (slot 0, mask 0: no prefix at all), where no node's
// edges are. The nodes with edges are ordered by their end mask, so a
// node's mask is the range its first slot falls in (17 bounds in the
// header): the masks cost no bits in the slots. The reversed words' nodes
// have mask 0, and share slots with the forward words' wherever their
// continuations are the same.
//
// Construction is Daciuk, Mihov, Watson and Watson's (2000) incremental
// algorithm for sorted input: the words come sorted, each as the code
// points it shares with the word before (a depth) and the ones it adds;
// the nodes of the previous word deeper than the shared depth can no longer
// change, so each is replaced by an equal registered node or registered.
// The register is a hash table of the nodes' contents. Memory: the
// register's nodes and edges (8 bytes an edge, 12 a node, and 4-8 a node
// in the hash table), never the words.
#ifndef SPELLFILTER_CORE_FILTER_PREFIX_GRAPH_H_
#define SPELLFILTER_CORE_FILTER_PREFIX_GRAPH_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/filter/prefix_filter.h"

namespace spellfilter {

// magic u32 ("PGR1"), label_bits u8, target_bits u8, reserved u16,
// labels u32, root u32, reverse_root u32, reserved u32, slots u64,
// nodes u64,
// mask_bounds u32[17] (the nodes with mask m start at slots
// [bounds[m], bounds[m + 1]); bounds[0] = 16, bounds[16] = slots),
// reserved to 128 bytes; then the labels (u32 code points, ascending,
// padded to 8 bytes), then the slots (a multiple of 64 bits, plus one spare
// word so that a slot is read with two aligned loads).
inline constexpr size_t kPrefixGraphHeaderBytes = 128;
inline constexpr uint32_t kPrefixGraphMagic = 0x31524750;  // "PGR1"

class PrefixGraph {
 public:
  // A prefix's node: its first slot (0-15: no edges, and the end mask).
  // 0 is the state of no prefix, from which nothing continues.
  using State = uint64_t;

  PrefixGraph() = default;  // empty(): no such section

  // Checks a section written by PrefixGraphBuilder::Encode; on success sets
  // *out to a view of `section`, which must outlive it and be 8-byte
  // aligned. Returns nullptr when usable, else a short description of the
  // problem (every target and label index is checked to be in range, so a
  // damaged section cannot make a walk read outside it).
  static const char* Parse(std::span<const std::byte> section,
                           PrefixGraph* out);

  bool empty() const { return slots_ == nullptr; }
  State root() const { return root_; }
  State reverse_root() const { return reverse_root_; }

  // The label index of code point c, or -1 if no word has it.
  int LabelOf(char32_t c) const;
  std::span<const char32_t> labels() const { return labels_; }

  // Whether some word continues the prefix at `s` with the letter of label
  // index `label`; if so, sets *next to the child's state.
  bool Next(State s, int label, State* next) const {
    for (uint64_t slot = s; slot >= kLeaves; ++slot) {
      const uint64_t v = Slot(slot);
      const int l = static_cast<int>(v & label_mask_);
      if (l == label) {
        *next = v >> target_shift_;
        return true;
      }
      if (l > label || (v >> label_bits_ & 1) != 0) return false;
    }
    return false;
  }
  // The same by code point.
  bool NextLetter(State s, char32_t c, State* next) const {
    const int label = LabelOf(c);
    return label >= 0 && Next(s, label, next);
  }
  // Bit w: the prefix at `s` is a word the dictionary writes as
  // PrefixFilter::Written w.
  uint32_t EndMask(State s) const {
    if (s < kLeaves) return static_cast<uint32_t>(s);
    uint32_t m = 0;
    while (m < 15 && s >= bounds_[m + 1]) ++m;
    return m;
  }
  // The nodes without edges, one per end mask.
  static constexpr uint32_t kLeaves = 16;

  // Calls f(label index, child state) for each edge of `s`, in label order.
  template <typename F>
  void ForEachChild(State s, F&& f) const {
    for (uint64_t slot = s; slot >= kLeaves; ++slot) {
      const uint64_t v = Slot(slot);
      f(static_cast<int>(v & label_mask_), State{v >> target_shift_});
      if ((v >> label_bits_ & 1) != 0) return;
    }
  }

  // The PREFIXES section this graph stands for, made again: `filter_header`
  // (the section's first kPrefixHeaderBytes, PrefixFilterBuilder::Header)
  // and the bits of every edge of the two tries, which are exactly the
  // paths of the graph: the same bytes as PrefixFilterBuilder::Encode
  // writes without a cap. *words receives the section (8-byte aligned);
  // returns nullptr, else the problem with the header. Time: one filter
  // insertion per trie edge (fr: 12 million).
  const char* RebuildFilter(std::span<const std::byte> filter_header,
                            std::vector<uint64_t>* words) const;

  // Limits a PREFIX_GRAPH section must keep (RebuildFilter refuses one
  // that does not; the builder writes the filter instead): trie edges per
  // slot (fr: 12.8, id_ID 10.7, sv_SE 8.6), and filter bits per trie edge
  // (10.8 at the default rate of 1 %).
  static constexpr uint64_t kMaxTrieEdgesPerSlot = 64;
  static constexpr uint64_t kMaxFilterBitsPerEdge = 64;

  // The edges of the two tries (the paths of the graph, plus the end
  // markers), counted without walking every path; false if the graph has
  // a cycle or more than kMaxTrieEdgesPerSlot edges a slot.
  bool CountTrieEdges(uint64_t* count) const;

  uint64_t slots() const { return slot_count_; }  // edges, plus slots 0-15
  uint64_t nodes() const { return node_count_; }
  uint32_t slot_bits() const { return slot_bits_; }

 private:
  uint64_t Slot(uint64_t i) const {
    const uint64_t bit = i * slot_bits_;
    const uint64_t word = bit >> 6;
    const unsigned shift = bit & 63;
    uint64_t v = slots_[word] >> shift;
    if (shift != 0) v |= slots_[word + 1] << (64 - shift);
    return v & slot_mask_;
  }

  std::span<const char32_t> labels_;
  // Code points below 0x250 (Latin, most alphabets' letters) by table;
  // others by binary search of labels_.
  static constexpr char32_t kTableLetters = 0x250;
  int16_t table_[kTableLetters] = {};
  const uint64_t* slots_ = nullptr;
  uint64_t slot_count_ = 0;
  uint64_t node_count_ = 0;
  State root_ = 0;
  State reverse_root_ = 0;
  uint32_t bounds_[17] = {};
  uint32_t label_bits_ = 0;
  uint64_t label_mask_ = 0;
  uint32_t target_shift_ = 0;
  uint32_t slot_bits_ = 0;
  uint64_t slot_mask_ = 0;
};

// Builds the two automata from sorted word lists (see the file comment):
// BeginForward, then each lower-cased word in code point order (UTF-8 byte
// order) through Add, then BeginReverse and the reversed words likewise,
// then Encode.
class PrefixGraphBuilder {
 public:
  PrefixGraphBuilder();

  void BeginForward() { Begin(); }
  void BeginReverse();

  // The next word of the sorted list: it shares its first `depth` code
  // points with the word before (0 for the first), then has `added`;
  // `marker` is its PrefixFilter::Written (0-3), or -1 for none (the
  // reversed words, or a repeated word). `depth` may not exceed the length
  // of the word before.
  void Add(size_t depth, std::u32string_view added, int marker);
  // The same, `added` in UTF-8 (valid).
  void AddUtf8(size_t depth, std::string_view added, int marker);

  // Finishes the lists and returns the section's bytes. Nothing may be
  // added after.
  std::string Encode();

  // Of the automaton so far (after Encode: the whole), the 16 nodes
  // without edges included.
  uint64_t nodes() const { return nodes_.size(); }
  uint64_t edges() const { return edges_.size(); }
  // The section's size, computable once both lists are finished (Finish).
  uint64_t EncodedBytes();

 private:
  struct Edge {
    uint32_t label;   // code point
    uint32_t target;  // registered node id (below 16: no edges, that mask)
  };
  struct Node {
    uint32_t first;  // in edges_
    uint32_t count;
    uint32_t mask;
  };
  struct Open {
    uint32_t mask = 0;
    std::vector<Edge> edges;  // the last one's target is the next Open
  };

  void Begin();
  void Finish();
  // The current word's path cut to `depth` code points (the nodes below
  // registered), one letter added, the end marker set.
  void Truncate(size_t depth);
  void Push(char32_t c);
  void Mark(int marker);
  // Registers open_[k] (no longer changeable) and points its parent's last
  // edge at it.
  void Close(size_t k);
  uint32_t Register(const Open& node);
  uint64_t HashOf(uint32_t mask, const Edge* edges, size_t count) const;
  bool Same(uint32_t id, uint32_t mask, const Edge* edges, size_t count) const;
  void Grow();

  std::vector<Edge> edges_;      // registered nodes' edges
  std::vector<Node> nodes_;      // ids 0-15: the nodes without edges
  std::vector<uint32_t> table_;  // open addressing; 0 = empty
  // The current word's path, open_[0] the root, open_[depth_] its end
  // (entries past depth_ are spare, kept for their room).
  std::vector<Open> open_;
  size_t depth_ = 0;  // code points of the current word
  uint32_t forward_root_ = 0;
  bool reverse_ = false;
  bool finished_ = false;
  uint32_t reverse_root_ = 0;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILTER_PREFIX_GRAPH_H_
