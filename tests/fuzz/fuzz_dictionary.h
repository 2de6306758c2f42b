// The fuzz targets' dictionary: built in memory from word list lines (an
// en-US list, so case rules and the suggestion sections are English).
#ifndef SPELLFILTER_TESTS_FUZZ_FUZZ_DICTIONARY_H_
#define SPELLFILTER_TESTS_FUZZ_FUZZ_DICTIONARY_H_

#include <initializer_list>
#include <memory>
#include <string_view>
#include <utility>

#include "core/dictionary/dictionary.h"
#include "core/dictionary/builder.h"

namespace spellfilter::fuzz {

inline std::unique_ptr<Dictionary> MakeDictionary(
    std::initializer_list<std::string_view> lines) {
  BuildOptions options;
  options.language = "en-US";
  DictionaryBuilder b(options);
  for (std::string_view line : lines) (void)b.AddLine(line, "fuzz");
  auto image = b.Finish(nullptr);
  return std::move(Dictionary::FromBytes(*image, "fuzz")).value();
}

}  // namespace spellfilter::fuzz

#endif  // SPELLFILTER_TESTS_FUZZ_FUZZ_DICTIONARY_H_
