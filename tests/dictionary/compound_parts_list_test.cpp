#include "core/dictionary/compound_parts_list.h"

#include <gtest/gtest.h>

#include "core/dictionary/dictionary.h"
#include "tests/support/test_dictionary.h"

namespace spellfilter {
namespace {

std::unique_ptr<Dictionary> Build(std::initializer_list<std::string_view> lines) {
  return MakeDictionaryWithParts({"word"}, lines);
}

// Each part is kept in the roles its line gives, and only those; comments,
// blank lines and a CR are ignored; the settings let one-letter parts in.
TEST(CompoundPartsListTest, PartsTakeTheirRoles) {
  auto d = Build({"# comment", "", "u\tb", "loc\tbme\r", "case\te"});
  const CompoundFilter& parts = d->compound_parts();
  ASSERT_FALSE(parts.empty());
  EXPECT_EQ(parts.settings().min_part, 1u);
  EXPECT_EQ(parts.settings().max_parts, kCompoundListMaxParts);
  EXPECT_TRUE(parts.MayContain(CompoundRole::kBegin, "u"));
  EXPECT_FALSE(parts.MayContain(CompoundRole::kEnd, "u"));
  EXPECT_FALSE(parts.MayContain(CompoundRole::kMiddle, "u"));
  for (CompoundRole r : {CompoundRole::kBegin, CompoundRole::kMiddle,
                         CompoundRole::kEnd}) {
    EXPECT_TRUE(parts.MayContain(r, "loc"));
  }
  EXPECT_TRUE(parts.MayContain(CompoundRole::kEnd, "case"));
  EXPECT_FALSE(parts.MayContain(CompoundRole::kBegin, "case"));
  EXPECT_FALSE(parts.MayContain(CompoundRole::kBegin, "#"));
}

TEST(CompoundPartsListTest, BadLinesAreErrorsNamingTheLine) {
  BuildOptions options;
  DictionaryBuilder builder(options);
  builder.EnableCompounds(CompoundPartsListSettings());
  for (std::string_view bad : {"loc", "\tb", "loc\t", "loc\tbx", "loc\tB"}) {
    const Status s = AddCompoundPartsLine(bad, "parts.txt:3", &builder);
    EXPECT_FALSE(s.ok()) << bad;
    EXPECT_NE(s.message().find("parts.txt:3"), std::string::npos) << s.message();
  }
}

}  // namespace
}  // namespace spellfilter
