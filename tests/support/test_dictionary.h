// Builds an in-memory dictionary from a few words, for tests.
#ifndef SPELLFILTER_TESTS_TEST_DICTIONARY_H_
#define SPELLFILTER_TESTS_TEST_DICTIONARY_H_

#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <string>

#include "core/dictionary/builder.h"
#include "core/dictionary/compound_parts_list.h"
#include "core/dictionary/dictionary.h"

namespace spellfilter {

// A dictionary of `words`, with compound parts given as `spellfilter build
// --compound-parts` reads them ("part<TAB>roles", compound_parts_list.h)
// if any.
inline std::unique_ptr<Dictionary> MakeDictionaryWithParts(
    std::initializer_list<std::string_view> words,
    std::initializer_list<std::string_view> parts,
    std::string language = "en-US") {
  BuildOptions options;
  options.language = std::move(language);
  DictionaryBuilder builder(options);
  int line = 0;
  for (std::string_view w : words) {
    Status s = builder.AddLine(w, "test:" + std::to_string(++line));
    EXPECT_TRUE(s.ok()) << s.message();
  }
  if (parts.size() > 0) builder.EnableCompounds(CompoundPartsListSettings());
  for (std::string_view p : parts) {
    const Status s = AddCompoundPartsLine(p, "parts", &builder);
    EXPECT_TRUE(s.ok()) << s.message();
  }
  StatusOr<std::string> image = builder.Finish(nullptr);
  EXPECT_TRUE(image.ok()) << image.status().message();
  auto d = Dictionary::FromBytes(*image, "test.sfd");
  EXPECT_TRUE(d.ok()) << d.status().message();
  return std::move(d).value();
}

inline std::unique_ptr<Dictionary> MakeDictionary(
    std::initializer_list<std::string_view> words,
    std::string language = "en-US") {
  return MakeDictionaryWithParts(words, {}, std::move(language));
}

}  // namespace spellfilter

#endif  // SPELLFILTER_TESTS_TEST_DICTIONARY_H_
