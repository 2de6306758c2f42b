// ICU's data for the command line tool. The tool links ICU's code
// statically (with libstdc++), which saves the dynamic loader's work and
// the mapped pages of two large shared libraries at every start: 2 ms of
// an 8 ms start, and 1.1 MB of peak memory (docs/benchmarks.md). ICU's
// data, 30 MB, stays in the system's shared libicudata: the static code is
// linked against an empty data package, and LoadIcuData hands ICU the
// shared library's package (dlopen, its one data symbol) before any ICU
// call. Built with SPELLFILTER_STATIC_ICU=OFF, the tool links ICU as a
// shared library and LoadIcuData does nothing.
#ifndef SPELLFILTER_APP_CLI_ICU_DATA_H_
#define SPELLFILTER_APP_CLI_ICU_DATA_H_

#include <string>

namespace spellfilter::cli {

// False, with the reason in *error, if ICU's data cannot be found.
bool LoadIcuData(std::string* error);

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_ICU_DATA_H_
