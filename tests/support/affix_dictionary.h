// Builds in-memory affix-aware dictionaries for tests: affix rules written
// by hand, stems as words and their flags as keys (affix_table.h), as the
// Hunspell import writes them.
#ifndef SPELLFILTER_TESTS_AFFIX_DICTIONARY_H_
#define SPELLFILTER_TESTS_AFFIX_DICTIONARY_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/dictionary/affix_table.h"
#include "core/dictionary/builder.h"
#include "core/dictionary/dictionary.h"

namespace spellfilter {

// An affix rule of `flag`: strip `strip`, append `append` where the stem
// fits `condition` (hunspell(5)'s fields).
inline AffixRule TestAffixRule(uint32_t flag, std::u32string strip,
                               std::u32string append, std::u32string condition,
                               bool cross = true) {
  AffixRule r;
  r.flag = flag;
  r.cross_product = cross;
  r.strip = std::move(strip);
  r.append = std::move(append);
  r.condition = AffixCondition::Parse(condition).value();
  return r;
}

// A dictionary of `words` with `table`'s rules and a flag key per
// (stem, flag); `stems`: the stems go in the STEMS section too.
inline std::unique_ptr<Dictionary> MakeAffixDictionary(
    const AffixTable& table, const std::vector<std::string>& words,
    const std::vector<std::pair<std::string, uint32_t>>& flags,
    std::string language, bool stems) {
  BuildOptions options;
  options.language = std::move(language);
  DictionaryBuilder builder(options);
  for (const std::string& w : words) EXPECT_TRUE(builder.AddLine(w, "t").ok());
  std::string key;
  for (const auto& [stem, flag] : flags) {
    key.clear();
    AppendFlagKey(stem, 0, flag, &key);
    builder.AddKey(key);
    if (stems) builder.AddStem(stem);
  }
  builder.SetAffixRules(table.Encode(), table.has_rules());
  StatusOr<std::string> image = builder.Finish(nullptr);
  EXPECT_TRUE(image.ok()) << image.status().message();
  auto d = Dictionary::FromBytes(*image, "t.sfd");
  EXPECT_TRUE(d.ok()) << d.status().message();
  return std::move(d).value();
}

}  // namespace spellfilter

#endif  // SPELLFILTER_TESTS_AFFIX_DICTIONARY_H_
