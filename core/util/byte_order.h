// Fixed-width little-endian fields in byte buffers, for the file formats
// (dictionary_format, user_filter_file) and the sections they carry
// (prefix_filter, word_classes). Hosts are little-endian (asserted in
// dictionary_format.cpp), so a field is its in-memory bytes; memcpy keeps
// unaligned access defined.
#ifndef SPELLFILTER_CORE_UTIL_BYTE_ORDER_H_
#define SPELLFILTER_CORE_UTIL_BYTE_ORDER_H_

#include <cstring>
#include <string>

namespace spellfilter {

template <typename T>
void PutFixed(std::string* out, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  out->append(buf, sizeof(T));
}

template <typename T>
T GetFixed(const void* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_UTIL_BYTE_ORDER_H_
