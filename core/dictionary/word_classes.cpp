#include "core/dictionary/word_classes.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <vector>

#include "core/util/byte_order.h"
#include "core/util/hash.h"
#include "core/util/huge_pages.h"

namespace spellfilter {
namespace {

inline constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;
// Peeling a 3-hypergraph with 1.23 n + 32 vertices fails with a small
// probability that falls with n; a new seed is tried each time.
inline constexpr int kMaxAttempts = 64;

uint64_t Mix(uint64_t z) {  // SplitMix64's finaliser
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t Range(uint64_t x, uint64_t n) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(x) * n) >> 64);
}

struct Keyed {
  uint64_t slot[3];
  uint64_t fingerprint;
};

Keyed HashKey(std::string_view word, uint64_t seed, uint64_t segment,
              uint32_t fingerprint_bits) {
  const WordHash h = HashWord(word, seed);
  Keyed k;
  k.slot[0] = Range(h.lo, segment);
  k.slot[1] = segment + Range(h.hi, segment);
  k.slot[2] =
      2 * segment + Range(Mix(h.lo ^ ((h.hi << 29) | (h.hi >> 35))), segment);
  k.fingerprint = Mix(h.hi + h.lo * kGolden) >> (64 - fingerprint_bits);
  return k;
}

uint64_t SegmentSlots(uint64_t n) {
  return std::max<uint64_t>(1, (n * 123 / 100 + 32 + 2) / 3);
}

uint64_t SlotWords(uint64_t segment, uint32_t width) {
  return (3 * segment * width + 63) / 64;
}

void PutSlot(HugeVector<uint64_t>* words, uint64_t index, uint32_t width,
             uint64_t value) {
  const uint64_t bit = index * width;
  const uint64_t i = bit >> 6;
  const unsigned shift = bit & 63;
  (*words)[i] |= value << shift;
  if (shift + width > 64) (*words)[i + 1] |= value >> (64 - shift);
}

uint64_t GetSlot(const uint64_t* words, uint64_t index, uint32_t width) {
  const uint64_t bit = index * width;
  const uint64_t i = bit >> 6;
  const unsigned shift = bit & 63;
  uint64_t v = words[i] >> shift;
  if (shift + width > 64) v |= words[i + 1] << (64 - shift);
  return v & ((uint64_t{1} << width) - 1);
}

// A key's three slots, in 32 bits each.
struct KeySlots {
  uint32_t slot[3];
};

// A key as peeled: the slot it was peeled from, its slots and its target
// value (fingerprint << 4 | code).
struct Peeled {
  uint32_t slot;
  uint32_t target;
  KeySlots key;
};

// Peels the hypergraph of `n` keys, given by key_at(i, &slots, &target)
// (hashed as they are needed: no array of them is kept); on success fills
// `order` with the keys in peeling order. Each slot keeps, besides its
// count, the xor of its keys' targets and of their slots in the two other
// segments: when one key is left, that is the key itself, so a visit costs
// one 16-byte slot entry (never split over two cache lines) and no lookup
// in the key arrays.
bool Peel(uint64_t n,
          const std::function<void(size_t, KeySlots*, uint32_t*)>& key_at,
          uint64_t segment, HugeVector<Peeled>* order) {
  struct Slot {
    uint32_t count = 0;
    uint32_t target = 0;    // xor of the keys' targets
    uint32_t other[2] = {};  // xor of their slots in segments j+1, j+2
  };
  static_assert(sizeof(Slot) == 16);
  // Adds (or removes: xor) key `key` to its three slots.
  auto toggle = [](HugeVector<Slot>& slot, const KeySlots& key,
                   uint32_t target) {
    for (int j = 0; j < 3; ++j) {
      Slot& e = slot[key.slot[j]];
      e.target ^= target;
      e.other[0] ^= key.slot[(j + 1) % 3];
      e.other[1] ^= key.slot[(j + 2) % 3];
    }
  };
  const uint64_t slots = 3 * segment;
  HugeVector<Slot> slot(slots);
  // The keys are hashed a chunk at a time and their slots, read at random,
  // prefetched a few keys ahead.
  constexpr size_t kChunk = 256;
  constexpr size_t kAhead = 8;
  KeySlots keys[kChunk];
  uint32_t targets[kChunk];
  for (uint64_t start = 0; start < n; start += kChunk) {
    const size_t count =
        static_cast<size_t>(std::min<uint64_t>(kChunk, n - start));
    for (size_t k = 0; k < count; ++k) key_at(start + k, &keys[k], &targets[k]);
    for (size_t k = 0; k < count; ++k) {
      if (k + kAhead < count) {
        for (uint32_t s : keys[k + kAhead].slot)
          __builtin_prefetch(&slot[s], 1);
      }
      for (uint32_t s : keys[k].slot) ++slot[s].count;
      toggle(slot, keys[k], targets[k]);
    }
  }
  // Reserved, not grown: a doubling vector holds its old and new arrays at
  // once, and these are the largest of a big dictionary's build.
  HugeVector<uint32_t> queue;
  queue.reserve(slots);
  for (uint64_t s = 0; s < slots; ++s) {
    if (slot[s].count == 1) queue.push_back(static_cast<uint32_t>(s));
  }
  order->clear();
  order->reserve(n);
  while (!queue.empty()) {
    const uint32_t s = queue.back();
    queue.pop_back();
    const Slot& e = slot[s];
    if (e.count != 1) continue;
    const int j = s < segment ? 0 : s < 2 * segment ? 1 : 2;
    Peeled p;
    p.slot = s;
    p.target = e.target;
    p.key.slot[j] = s;
    p.key.slot[(j + 1) % 3] = e.other[0];
    p.key.slot[(j + 2) % 3] = e.other[1];
    order->push_back(p);
    toggle(slot, p.key, p.target);
    for (uint32_t t : p.key.slot) {
      if (--slot[t].count == 1) queue.push_back(t);
    }
  }
  return order->size() == n;
}

}  // namespace

StatusOr<std::string> EncodeWordClasses(std::span<const ClassedWord> words,
                                        uint32_t fingerprint_bits,
                                        uint64_t seed) {
  return EncodeWordClasses(
      words.size(), [words](size_t i) { return words[i]; }, fingerprint_bits,
      seed);
}

StatusOr<std::string> EncodeWordClasses(
    uint64_t n, const std::function<ClassedWord(size_t)>& word_at,
    uint32_t fingerprint_bits, uint64_t seed) {
  if (fingerprint_bits < 1 || fingerprint_bits > kMaxFingerprintBits) {
    return Status::InvalidArgument("fingerprint bits must be 1 to " +
                                   std::to_string(kMaxFingerprintBits));
  }
  if (n >= (uint64_t{1} << 32)) {
    return Status::InvalidArgument("too many words for the class table");
  }
  // Codes: the rank of the class value among the distinct values, merged
  // into 15 codes by rank if there are more.
  HugeVector<uint32_t> values;
  for (uint64_t i = 0; i < n; ++i) {
    const uint32_t v = word_at(i).class_value;
    if (v != 0) values.push_back(v);
  }
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  const uint64_t distinct = values.size();
  auto code_of = [&](uint32_t value) -> uint32_t {
    if (value == 0) return 0;
    const uint64_t rank =
        std::lower_bound(values.begin(), values.end(), value) - values.begin();
    return distinct <= kClassCodes - 1
               ? static_cast<uint32_t>(rank + 1)
               : static_cast<uint32_t>(1 + rank * (kClassCodes - 1) / distinct);
  };
  const uint32_t class_count =
      static_cast<uint32_t>(std::min<uint64_t>(distinct, kClassCodes - 1));
  uint32_t class_value[kClassCodes] = {};
  uint64_t class_words[kClassCodes] = {};
  for (uint32_t v : values) {
    const uint32_t c = code_of(v);
    if (class_value[c] == 0) class_value[c] = v;  // smallest value of a code
  }
  for (uint64_t i = 0; i < n; ++i)
    ++class_words[code_of(word_at(i).class_value)];

  // A list without classes (every Hunspell import) stores no class bits:
  // its codes would all be 0, so every slot's low kClassBits bits would be
  // 0 too (each is the xor of targets and slots whose low bits are 0), and
  // the slots without them answer every lookup as those with them do.
  const uint32_t class_bits = class_count == 0 ? 0 : kClassBits;
  const uint32_t width = fingerprint_bits + class_bits;
  const uint64_t segment = SegmentSlots(n);
  if (3 * segment > UINT32_MAX) {
    return Status::InvalidArgument("too many words for the class table");
  }
  // The keys are hashed as Peel needs them rather than kept: at about 90
  // bytes a word for keys, targets, codes and the peeling, the table was the
  // largest part of a big dictionary's build (uk_UA's 3.4 million forms).
  HugeVector<Peeled> order;
  uint64_t used_seed = seed;
  bool peeled = false;
  for (int attempt = 0; attempt < kMaxAttempts && !peeled; ++attempt) {
    used_seed = Mix(seed + static_cast<uint64_t>(attempt) * kGolden);
    const auto key_at = [&](size_t i, KeySlots* slots, uint32_t* target) {
      const ClassedWord w = word_at(i);
      const Keyed k = HashKey(w.word, used_seed, segment, fingerprint_bits);
      for (int j = 0; j < 3; ++j) {
        slots->slot[j] = static_cast<uint32_t>(k.slot[j]);
      }
      // fingerprint << class_bits | code: at most 28 + 4 bits.
      *target = static_cast<uint32_t>(k.fingerprint << class_bits |
                                      code_of(w.class_value));
    };
    peeled = Peel(n, key_at, segment, &order);
  }
  if (!peeled) {
    return Status::InvalidArgument(
        "could not build the class table (duplicate words?)");
  }
  HugeVector<uint64_t> slots(SlotWords(segment, width), 0);
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    uint64_t v = it->target;
    for (uint32_t t : it->key.slot) {
      if (t != it->slot) v ^= GetSlot(slots.data(), t, width);
    }
    PutSlot(&slots, it->slot, width, v);
  }
  HugeVector<Peeled>().swap(order);

  std::string out;
  PutFixed<uint64_t>(&out, used_seed);
  PutFixed<uint64_t>(&out, segment);
  PutFixed<uint32_t>(&out, fingerprint_bits);
  PutFixed<uint32_t>(&out, class_bits);
  PutFixed<uint32_t>(&out, class_count);
  PutFixed<uint32_t>(&out, 0);
  for (uint32_t v : class_value) PutFixed<uint32_t>(&out, v);
  for (uint64_t c : class_words) PutFixed<uint64_t>(&out, c);
  out.append(reinterpret_cast<const char*>(slots.data()),
             slots.size() * sizeof(uint64_t));
  return out;
}

const char* WordClasses::Parse(std::span<const std::byte> section,
                               WordClasses* out) {
  if (section.size() < kWordClassesHeaderBytes) return "class table truncated";
  const std::byte* p = section.data();
  WordClasses w;
  w.seed_ = GetFixed<uint64_t>(p);
  w.segment_slots_ = GetFixed<uint64_t>(p + 8);
  w.fingerprint_bits_ = GetFixed<uint32_t>(p + 16);
  const uint32_t class_bits = GetFixed<uint32_t>(p + 20);
  w.class_count_ = GetFixed<uint32_t>(p + 24);
  if (w.fingerprint_bits_ < 1 || w.fingerprint_bits_ > kMaxFingerprintBits ||
      (class_bits != kClassBits && class_bits != 0) ||
      w.class_count_ >= kClassCodes ||
      (class_bits == 0 && w.class_count_ != 0)) {
    return "bad class table parameters";
  }
  w.class_bits_ = class_bits;
  if (w.segment_slots_ == 0 || w.segment_slots_ > (uint64_t{1} << 40)) {
    return "bad class table size";
  }
  const uint64_t slot_words =
      SlotWords(w.segment_slots_, w.fingerprint_bits_ + w.class_bits_);
  if ((section.size() - kWordClassesHeaderBytes) != slot_words * 8) {
    return "class table size does not match its parameters";
  }
  if (reinterpret_cast<uintptr_t>(p) % alignof(uint64_t)) {
    return "class table is not aligned in memory";
  }
  w.header_ = p;
  w.slots_ = reinterpret_cast<const uint64_t*>(p + kWordClassesHeaderBytes);
  *out = w;
  return nullptr;
}

std::optional<uint32_t> WordClasses::Find(
    std::string_view normalized_word) const {
  if (empty()) return std::nullopt;
  return Find(Locate(normalized_word));
}

WordClasses::Location WordClasses::Locate(
    std::string_view normalized_word) const {
  Location where{};
  if (empty()) return where;
  const uint32_t width = fingerprint_bits_ + class_bits_;
  const Keyed k =
      HashKey(normalized_word, seed_, segment_slots_, fingerprint_bits_);
  for (int i = 0; i < 3; ++i) {
    where.slot[i] = k.slot[i];
    __builtin_prefetch(slots_ + ((k.slot[i] * width) >> 6));
  }
  where.fingerprint = k.fingerprint;
  return where;
}

std::optional<uint32_t> WordClasses::Find(const Location& where) const {
  if (empty()) return std::nullopt;
  const uint32_t width = fingerprint_bits_ + class_bits_;
  const uint64_t v = GetSlot(slots_, where.slot[0], width) ^
                     GetSlot(slots_, where.slot[1], width) ^
                     GetSlot(slots_, where.slot[2], width);
  if ((v >> class_bits_) != where.fingerprint) return std::nullopt;
  return static_cast<uint32_t>(v & ((uint32_t{1} << class_bits_) - 1));
}

uint32_t WordClasses::ClassValue(uint32_t code) const {
  if (empty() || code >= kClassCodes) return 0;
  return GetFixed<uint32_t>(header_ + 32 + 4 * code);
}

uint64_t WordClasses::ClassWords(uint32_t code) const {
  if (empty() || code >= kClassCodes) return 0;
  return GetFixed<uint64_t>(header_ + 32 + 4 * kClassCodes + 8 * code);
}

}  // namespace spellfilter
