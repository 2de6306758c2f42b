#include "core/user/filter_file.h"

#include <bit>
#include <cstring>

#include "core/util/byte_order.h"
#include "core/util/hash.h"

static_assert(std::endian::native == std::endian::little,
              "the user filter file is little-endian");

namespace spellfilter {
std::string EncodeUserFilter(uint32_t flags, uint64_t list_hash,
                             uint64_t list_bytes,
                             const ScalableFilter& filter) {
  const std::vector<FilterLayer>& layers = filter.layers();
  uint64_t total = kUserFilterHeaderBytes +
                   layers.size() * kUserFilterLayerBytes +
                   kUserFilterChecksumBytes;
  for (const FilterLayer& l : layers) total += l.bits.size() * 8;

  std::string out;
  out.reserve(total);
  out.append(kUserFilterMagic, sizeof(kUserFilterMagic));
  PutFixed<uint32_t>(&out, kUserFilterVersion);
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(layers.size()));
  PutFixed<uint32_t>(&out, flags);
  PutFixed<uint32_t>(&out, 0);
  PutFixed<uint64_t>(&out, total);
  PutFixed<uint64_t>(&out, list_hash);
  PutFixed<uint64_t>(&out, list_bytes);
  PutFixed<double>(&out, filter.geometry().budget);
  PutFixed<uint64_t>(&out, filter.geometry().first_capacity);
  PutFixed<uint64_t>(&out, filter.geometry().seed);
  for (const FilterLayer& l : layers) {
    PutFixed<uint64_t>(&out, l.params.bits);
    PutFixed<uint32_t>(&out, l.params.probes);
    PutFixed<uint32_t>(&out, 0);
    PutFixed<uint64_t>(&out, l.capacity);
    PutFixed<double>(&out, l.target);
    PutFixed<uint64_t>(&out, l.words);
  }
  for (const FilterLayer& l : layers) {
    out.append(reinterpret_cast<const char*>(l.bits.data()), l.bits.size() * 8);
  }
  PutFixed<uint64_t>(&out, Checksum(out.data(), out.size()));
  return out;
}

StatusOr<UserFilterFile> DecodeUserFilter(std::string_view file,
                                          std::string_view name) {
  const std::string n(name);
  auto corrupt = [&n](const std::string& what) {
    return Status::Corruption(n + ": " + what);
  };
  if (file.size() < sizeof(kUserFilterMagic) ||
      std::memcmp(file.data(), kUserFilterMagic, sizeof(kUserFilterMagic))) {
    return Status::Unsupported(n + ": not a spellfilter user filter file");
  }
  if (file.size() < kUserFilterHeaderBytes + kUserFilterChecksumBytes) {
    return corrupt("truncated: " + std::to_string(file.size()) + " bytes");
  }
  const char* p = file.data();
  const uint32_t version = GetFixed<uint32_t>(p + 8);
  const uint32_t count = GetFixed<uint32_t>(p + 12);
  const uint64_t file_bytes = GetFixed<uint64_t>(p + 24);
  if (file_bytes != file.size()) {
    return corrupt("size " + std::to_string(file.size()) + " bytes, expected " +
                   std::to_string(file_bytes));
  }
  const size_t body = file.size() - kUserFilterChecksumBytes;
  if (GetFixed<uint64_t>(p + body) != Checksum(p, body)) {
    return corrupt("checksum mismatch (the file is damaged)");
  }
  if (version != kUserFilterVersion) {
    return Status::Unsupported(n + ": user filter version " +
                               std::to_string(version) + " is not supported");
  }
  UserFilterFile f;
  f.flags = GetFixed<uint32_t>(p + 16);
  f.list_hash = GetFixed<uint64_t>(p + 32);
  f.list_bytes = GetFixed<uint64_t>(p + 40);
  f.geometry.budget = GetFixed<double>(p + 48);
  f.geometry.first_capacity = GetFixed<uint64_t>(p + 56);
  f.geometry.seed = GetFixed<uint64_t>(p + 64);
  if (count > static_cast<uint32_t>(kMaxLayers) ||
      kUserFilterHeaderBytes + uint64_t{count} * kUserFilterLayerBytes > body) {
    return corrupt("bad layer count " + std::to_string(count));
  }
  uint64_t offset = kUserFilterHeaderBytes + count * kUserFilterLayerBytes;
  const char* entry = p + kUserFilterHeaderBytes;
  for (uint32_t i = 0; i < count; ++i, entry += kUserFilterLayerBytes) {
    FilterLayer l;
    l.params.layout = Layout::kBlocked;
    l.params.bits = GetFixed<uint64_t>(entry);
    l.params.probes = GetFixed<uint32_t>(entry + 8);
    l.params.seed = f.geometry.seed;
    l.capacity = GetFixed<uint64_t>(entry + 16);
    l.target = GetFixed<double>(entry + 24);
    l.words = GetFixed<uint64_t>(entry + 32);
    const uint64_t bytes = l.params.bits / 8;
    if (l.params.bits % 64 != 0 || bytes > body - offset) {
      return corrupt("layer " + std::to_string(i) + " lies outside the file");
    }
    l.bits.resize(bytes / 8);
    std::memcpy(l.bits.data(), p + offset, bytes);
    offset += bytes;
    f.layers.push_back(std::move(l));
  }
  if (offset != body) return corrupt("trailing bytes after the layers");
  return f;
}

}  // namespace spellfilter
