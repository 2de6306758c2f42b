// The user word filter's file (".filter" next to the word list): the layers
// of a ScalableFilter, and the identity of the word list they were built
// from. It is a cache, derived from the list; a reader that finds it stale
// (another list), damaged, or built for another geometry rebuilds it.
// docs/user_dictionary.md has the grammar; the constants here mirror it.
//
//   file     := header layer{layer_count} bits{layer_count} checksum
//   header   := magic[8] version:u32 layer_count:u32 flags:u32
//               reserved:u32 file_bytes:u64 list_hash:u64 list_bytes:u64
//               budget:f64 first_capacity:u64 seed:u64          (72 bytes)
//   layer    := bits:u64 probes:u32 reserved:u32 capacity:u64
//               target:f64 words:u64                            (40 bytes)
//   bits     := u64[layer.bits / 64]
//   checksum := XXH3-64 of every byte before it                  (8 bytes)
//
// All integers little-endian. list_hash is XXH3-64 of the word list file's
// bytes: the filter belongs to exactly that list. Flag bit 0 (kListCanonical)
// says that list is exactly SerializeWordList of distinct, normalised, valid
// words (as spellfilter writes it), so a writer may split it into lines
// without checking each word again; a hand-edited list is parsed.
#ifndef SPELLFILTER_CORE_USER_FILTER_FILE_H_
#define SPELLFILTER_CORE_USER_FILTER_FILE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/filter/scalable_filter.h"
#include "core/util/status.h"

namespace spellfilter {

inline constexpr char kUserFilterMagic[8] = {'\x89', 'S',  'F',    'U',
                                             '\r',   '\n', '\x1a', '\n'};
inline constexpr uint32_t kUserFilterVersion = 1;
inline constexpr size_t kUserFilterHeaderBytes = 72;
inline constexpr size_t kUserFilterLayerBytes = 40;
inline constexpr size_t kUserFilterChecksumBytes = 8;
inline constexpr uint32_t kListCanonical = 1;
// Flag bit 1: the filter holds, beside each word written in mixed case, its
// ALL UPPER form (letter_case.h, MixedCaseUpperForm). A filter without it
// (written before that) is rebuilt.
inline constexpr uint32_t kUpperFormsKeyed = 2;

struct UserFilterFile {
  uint32_t flags = 0;
  uint64_t list_hash = 0;
  uint64_t list_bytes = 0;
  ScalableGeometry geometry;
  std::vector<FilterLayer> layers;
};

std::string EncodeUserFilter(uint32_t flags, uint64_t list_hash,
                             uint64_t list_bytes, const ScalableFilter& filter);

// Verifies magic, version, size and checksum and parses; `name` prefixes
// the error messages. The geometry rules are checked by
// ScalableFilter::FromLayers.
StatusOr<UserFilterFile> DecodeUserFilter(std::string_view file,
                                          std::string_view name);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_USER_FILTER_FILE_H_
