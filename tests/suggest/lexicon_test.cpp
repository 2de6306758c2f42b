#include "core/suggest/lexicon.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/dictionary/builder.h"
#include "core/dictionary/dictionary.h"
#include "core/dictionary/suggest_rules.h"

namespace spellfilter {
namespace {

std::unique_ptr<Dictionary> SmallDictionary() {
  BuildOptions options;
  options.language = "fr";
  DictionaryBuilder builder(options);
  for (const char* w : {"fenêtre", "fenestre", "été"}) {
    EXPECT_TRUE(builder.AddLine(w, "t").ok());
  }
  StatusOr<std::string> image = builder.Finish(nullptr);
  EXPECT_TRUE(image.ok());
  auto d = Dictionary::FromBytes(*image, "t.sfd");
  EXPECT_TRUE(d.ok());
  return std::move(d).value();
}

const Lexicon::Replacement* Find(const Lexicon& lex, std::u32string from,
                                 std::u32string to) {
  for (const Lexicon::Replacement& r : lex.replacements) {
    if (r.from == from && r.to == to) return &r;
  }
  return nullptr;
}

// fr_FR's .aff lists its accents both as REP pairs ("REP e ê") and as MAP
// groups ("MAP eéèêë"): the pair is kept once, and as a MAP pair, so that
// it weighs kMapAccentCost (replacements.h), not a REP pair's
// kReplacementCost. Before, REP came first and MAP's duplicate was
// dropped: "fenetre" gave "fenestre" (a consonant left out, 0.53) before
// "fenêtre" (0.70).
TEST(LexiconTest, APairBothRepAndMapGiveIsAMapPair) {
  const auto dict = SmallDictionary();
  SuggestRules rules;
  rules.rep = {{"e", "ê"}, {"ph", "f"}};
  rules.map = {"eéê"};
  Lexicon lex(*dict, SuggestOptions());
  lex.replacements.clear();
  lex.ReadSuggestRules(rules);
  const Lexicon::Replacement* accent = Find(lex, U"e", U"ê");
  ASSERT_NE(accent, nullptr);
  EXPECT_TRUE(accent->map);
  const Lexicon::Replacement* rep = Find(lex, U"ph", U"f");
  ASSERT_NE(rep, nullptr);
  EXPECT_FALSE(rep->map);
  // Each pair once.
  size_t count = 0;
  for (const Lexicon::Replacement& r : lex.replacements) {
    count += r.from == U"e" && r.to == U"ê";
  }
  EXPECT_EQ(count, 1u);
}

}  // namespace
}  // namespace spellfilter
