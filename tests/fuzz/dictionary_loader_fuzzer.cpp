// libFuzzer target: any bytes given to the dictionary loader give a
// dictionary or an error, never a crash; a loaded one can be queried.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/dictionary/dictionary.h"
#include "core/dictionary/mixed_case_table.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto d = spellfilter::Dictionary::FromBytes(
      std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
  if (d.ok()) {
    (void)(*d)->Contains("word");
    (void)(*d)->filter().CountSetBits();
    // A table that parsed is searched within its text.
    spellfilter::MixedCaseTable mixed;
    if (spellfilter::MixedCaseTable::Parse((*d)->contents().mixed_case,
                                           &mixed) == nullptr) {
      for (std::string_view w : {"", "a", "javascript", "zzzz"}) {
        const auto [first, last] = mixed.Find(w);
        for (size_t i = first; i < last; ++i) (void)mixed.Written(i);
      }
    }
  } else if (d.status().message().find('\n') != std::string::npos) {
    __builtin_trap();  // errors are one line
  }
  return 0;
}
