#include "app/cli/icu_data.h"

#ifdef SPELLFILTER_STATIC_ICU
#include <dlfcn.h>
#include <unicode/udata.h>
#include <unicode/utypes.h>

#include <cstdint>

// The empty common data package the static ICU code is linked against (as
// ICU's own "stubdata" library): a header and a table of no entries. It
// only takes the data symbol's name; LoadIcuData replaces it.
extern "C" {
struct EmptyIcuData {
  uint16_t header_size;
  uint8_t magic1;
  uint8_t magic2;
  UDataInfo info;
  char padding[8];
  uint32_t count;
  uint32_t reserved;
};
extern const EmptyIcuData U_ICUDATA_ENTRY_POINT;
const EmptyIcuData U_ICUDATA_ENTRY_POINT = {
    .header_size = 32,
    .magic1 = 0xda,
    .magic2 = 0x27,
    .info = {.size = sizeof(UDataInfo),
             .reservedWord = 0,
             .isBigEndian = U_IS_BIG_ENDIAN,
             .charsetFamily = U_CHARSET_FAMILY,
             .sizeofUChar = sizeof(UChar),
             .reservedByte = 0,
             .dataFormat = {'C', 'm', 'n', 'D'},  // common data, version 1
             .formatVersion = {1, 0, 0, 0},
             .dataVersion = {0, 0, 0, 0}},
    .padding = {},
    .count = 0,
    .reserved = 0};
}
#endif

namespace spellfilter::cli {

#ifdef SPELLFILTER_STATIC_ICU

#define SPELLFILTER_STRING2(x) #x
#define SPELLFILTER_STRING(x) SPELLFILTER_STRING2(x)

bool LoadIcuData(std::string* error) {
  // libicudata.so.72 and its symbol icudt72_dat, for the ICU the code came
  // from (the same Debian package, libicu-dev).
  const char* library = "libicudata.so." U_ICU_VERSION_SHORT;
  const char* symbol = SPELLFILTER_STRING(U_ICUDATA_ENTRY_POINT);
  void* handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  const void* data = handle != nullptr ? dlsym(handle, symbol) : nullptr;
  if (data == nullptr) {
    const char* why = dlerror();
    *error = std::string("cannot load ICU's data from ") + library + ": " +
             (why != nullptr ? why : "no such symbol");
    return false;
  }
  UErrorCode status = U_ZERO_ERROR;
  udata_setCommonData(data, &status);
  if (U_FAILURE(status)) {
    *error = std::string("cannot use ICU's data from ") + library + ": " +
             u_errorName(status);
    return false;
  }
  return true;  // the handle stays open: ICU keeps pointing into it
}

#else

bool LoadIcuData(std::string*) { return true; }

#endif

}  // namespace spellfilter::cli
