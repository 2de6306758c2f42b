#include "core/hunspell/affix.h"

#include <gtest/gtest.h>

namespace spellfilter {
namespace {

AffixRules Parse(std::string_view aff) {
  StatusOr<AffixRules> r = ParseAffixFile(aff, "t.aff");
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? std::move(r).value() : AffixRules();
}

std::vector<AffixFlag> Flags(const AffixRules& r, std::string_view field) {
  std::vector<AffixFlag> out;
  EXPECT_TRUE(r.DecodeFlags(field, &out)) << field;
  return out;
}

constexpr AffixFlag Long(char a, char b) {
  return static_cast<AffixFlag>(static_cast<unsigned char>(a) << 8 |
                                static_cast<unsigned char>(b));
}

TEST(HunspellAffixTest, EntriesWithStripAppendConditionAndContinuation) {
  const AffixRules r = Parse(
      "SET UTF-8\n"
      "PFX U Y 1\n"
      "PFX U 0 un .\n"
      "\n"
      "SFX D N 2\n"
      "SFX D y ied/XY [^aeiou]y po:verb is:past\n"
      "SFX D 0 ed\n");
  ASSERT_EQ(r.prefixes.size(), 1u);
  ASSERT_EQ(r.suffixes.size(), 1u);
  const AffixEntry& un = r.prefixes.at('U')[0];
  EXPECT_TRUE(un.cross_product);
  EXPECT_EQ(un.strip, U"");
  EXPECT_EQ(un.append, U"un");
  EXPECT_EQ(un.condition.size(), 0u);
  const std::vector<AffixEntry>& d = r.suffixes.at('D');
  ASSERT_EQ(d.size(), 2u);
  EXPECT_FALSE(d[0].cross_product);
  EXPECT_EQ(d[0].strip, U"y");
  EXPECT_EQ(d[0].append, U"ied");
  EXPECT_EQ(d[0].condition.size(), 2u);
  EXPECT_EQ(d[0].continuation, (std::vector<AffixFlag>{'X', 'Y'}));
  EXPECT_EQ(d[0].line, 6u);
  EXPECT_EQ(d[1].condition.size(), 0u);  // no condition field: "."
}

TEST(HunspellAffixTest, Settings) {
  const AffixRules r = Parse(
      "SET UTF-8\n"
      "PSEUDOROOT n\nONLYINCOMPOUND o\nFORBIDDENWORD !\nCIRCUMFIX c\n"
      "KEEPCASE k\nWARN w\nFORBIDWARN\nFULLSTRIP\nLANG de_DE\n"
      "COMPOUNDBEGIN x\nCOMPOUNDEND z\n"
      "TRY abc\nREP 1\nREP a b\nMAP 1\nMAP aä\nWORDCHARS -\n");
  EXPECT_EQ(r.need_affix, AffixFlag{'n'});
  EXPECT_EQ(r.only_in_compound, AffixFlag{'o'});
  EXPECT_EQ(r.forbidden_word, AffixFlag{'!'});
  EXPECT_EQ(r.circumfix, AffixFlag{'c'});
  EXPECT_EQ(r.keep_case, AffixFlag{'k'});
  EXPECT_EQ(r.warn, AffixFlag{'w'});
  EXPECT_TRUE(r.forbid_warn);
  EXPECT_TRUE(r.fullstrip);
  EXPECT_EQ(r.language, "de_DE");
  EXPECT_TRUE(r.compounding);
  EXPECT_EQ(r.compound_flags, (std::vector<AffixFlag>{'x', 'z'}));
  EXPECT_FALSE(r.complex_prefixes);
  EXPECT_EQ(r.word_chars, U"-");
}

// WORDCHARS: its first field, decoded from the SET encoding (hy_AM's
// Armenian marks in UTF-8, an ISO-8859-1 file's bytes as Latin-1).
TEST(HunspellAffixTest, WordChars) {
  EXPECT_EQ(Parse("SET UTF-8\nWORDCHARS '\u055B\u055C\u055E\n").word_chars,
            U"'\u055B\u055C\u055E");
  EXPECT_EQ(Parse("SET ISO8859-1\nWORDCHARS \xDF-. ignored\n").word_chars,
            U"\u00DF-.");
  EXPECT_TRUE(Parse("SET UTF-8\n").word_chars.empty());
}

TEST(HunspellAffixTest, CompoundRuleFlagsCount) {
  const AffixRules r = Parse("FLAG long\nCOMPOUNDRULE 1\nCOMPOUNDRULE (aa)*(bb)?\n");
  EXPECT_TRUE(r.compounding);
  EXPECT_EQ(r.compound_flags,
            (std::vector<AffixFlag>{Long('a', 'a'), Long('b', 'b')}));
}

TEST(HunspellAffixTest, FlagModes) {
  const AffixRules chars = Parse("SET UTF-8\n");
  // Default: one byte per flag, so a two-byte UTF-8 character is two flags.
  EXPECT_EQ(Flags(chars, "Ab\xC3\xA9"),
            (std::vector<AffixFlag>{'A', 'b', 0xA9, 0xC3}));

  const AffixRules longs = Parse("FLAG long\n");
  EXPECT_EQ(Flags(longs, "AaBb"),
            (std::vector<AffixFlag>{Long('A', 'a'), Long('B', 'b')}));
  std::vector<AffixFlag> odd;
  EXPECT_FALSE(longs.DecodeFlags("AaB", &odd));  // Hunspell warns too
  EXPECT_EQ(odd, (std::vector<AffixFlag>{Long('A', 'a')}));

  // Numbers are stored plus one, as 0 is a flag there (tr_TR uses it).
  const AffixRules nums = Parse("FLAG num\n");
  EXPECT_EQ(Flags(nums, "999,7,65000,0"),
            (std::vector<AffixFlag>{1, 8, 1000, 65001}));
  std::vector<AffixFlag> bad;
  EXPECT_FALSE(nums.DecodeFlags("12,x,,70000", &bad));
  EXPECT_EQ(bad, (std::vector<AffixFlag>{13}));

  const AffixRules utf8 = Parse("SET UTF-8\nFLAG UTF-8\n");
  EXPECT_EQ(Flags(utf8, "\xC3\xA9" "A"), (std::vector<AffixFlag>{'A', 0xE9}));
  EXPECT_EQ(utf8.DecodeFlag("\xC3\xB6"), AffixFlag{0xF6});

  // The affix class flags follow the mode too.
  const AffixRules classes = Parse(
      "FLAG num\nSFX 999 Y 1\nSFX 999 0 s/1,2 .\n");
  ASSERT_TRUE(classes.suffixes.contains(1000));
  EXPECT_EQ(classes.suffixes.at(1000)[0].continuation,
            (std::vector<AffixFlag>{2, 3}));
}

TEST(HunspellAffixTest, FlagAliases) {
  const AffixRules r = Parse(
      "FLAG long\n"
      "AF 2\n"
      "AF AaBb # 1\n"
      "AF Cc # 2\n"
      "SFX Aa Y 1\n"
      "SFX Aa 0 s/2 .\n");
  EXPECT_EQ(Flags(r, "1"),
            (std::vector<AffixFlag>{Long('A', 'a'), Long('B', 'b')}));
  EXPECT_EQ(Flags(r, "2"), (std::vector<AffixFlag>{Long('C', 'c')}));
  // Continuation classes go through the table too.
  EXPECT_EQ(r.suffixes.at(Long('A', 'a'))[0].continuation,
            (std::vector<AffixFlag>{Long('C', 'c')}));
  std::vector<AffixFlag> out;
  EXPECT_FALSE(r.DecodeFlags("3", &out));
  EXPECT_FALSE(r.DecodeFlags("0", &out));
  EXPECT_TRUE(out.empty());
}

TEST(HunspellAffixTest, Iso8859TextIsConverted) {
  // Latin-1 bytes: é = E9, ü = FC. The flag is the raw byte E9.
  const AffixRules r = Parse(
      "SET ISO8859-1\n"
      "SFX \xE9 Y 1\n"
      "SFX \xE9 e \xE9s [^\xFC]e\n");
  ASSERT_TRUE(r.suffixes.contains(0xE9));
  const AffixEntry& e = r.suffixes.at(0xE9)[0];
  EXPECT_EQ(e.append, U"\u00E9s");
  EXPECT_TRUE(e.condition.MatchesEnd(U"f\u00EAte"));
  EXPECT_FALSE(e.condition.MatchesEnd(U"\u00FCe"));

  const AffixRules koi8 = Parse("SET KOI8-R\nSFX A Y 1\nSFX A 0 \xD3\xD1 .\n");
  EXPECT_EQ(koi8.suffixes.at('A')[0].append, U"\u0441\u044F");  // "ся"

  // Without SET, text is ISO8859-1, as in Hunspell.
  EXPECT_EQ(Parse("SFX A Y 1\nSFX A 0 \xE9 .\n").suffixes.at('A')[0].append,
            U"\u00E9");
}

TEST(HunspellAffixTest, IgnoreAndIconv) {
  const AffixRules r = Parse(
      "SET UTF-8\n"
      "SFX A Y 1\n"
      "SFX A 0 e\xCC\x81s .\n"
      "IGNORE \xCC\x81\n"
      "ICONV 1\n"
      "ICONV \xE2\x80\x99 '\n");
  EXPECT_EQ(r.ignore, U"\u0301");
  EXPECT_EQ(r.suffixes.at('A')[0].append, U"es");  // IGNORE applies anywhere
  ASSERT_EQ(r.iconv.size(), 1u);
  EXPECT_EQ(r.iconv[0].first, "\xE2\x80\x99");
  EXPECT_EQ(r.iconv[0].second, "'");
}

// The suggestion directives, decoded from SET's encoding; the tables'
// count lines ("REP 2", "MAP 1", "PHONE 1") are no entries.
TEST(HunspellAffixTest, SuggestionDirectives) {
  const AffixRules r = Parse(
      "SET ISO8859-1\n"
      "TRY esi\xDF\n"
      "KEY qwertz|asdf\n"
      "REP 2\n"
      "REP ss \xDF\n"
      "REP ^ph f\n"
      "MAP 1\n"
      "MAP a\xE0\xE2(ae)\n"
      "PHONE 1\n"
      "PHONE AH(AEIOUY)-^ *H\n");
  EXPECT_EQ(r.suggest.try_letters, "esi\u00DF");
  EXPECT_EQ(r.suggest.key, "qwertz|asdf");
  EXPECT_EQ(r.suggest.rep,
            (std::vector<std::pair<std::string, std::string>>{
                {"ss", "\u00DF"}, {"^ph", "f"}}));
  EXPECT_EQ(r.suggest.map, std::vector<std::string>{"a\u00E0\u00E2(ae)"});
  ASSERT_EQ(r.suggest.phone.size(), 1u);
  EXPECT_EQ(r.suggest.phone[0].second, "*H");
}

TEST(HunspellAffixTest, ComplexPrefixesAreMirrored) {
  const AffixRules r = Parse(
      "COMPLEXPREFIXES\n"
      "PFX A Y 1\n"
      "PFX A ab cde [xy]z\n");
  EXPECT_TRUE(r.complex_prefixes);
  EXPECT_TRUE(r.prefixes.empty());
  ASSERT_TRUE(r.suffixes.contains('A'));
  const AffixEntry& e = r.suffixes.at('A')[0];
  EXPECT_EQ(e.strip, U"ba");
  EXPECT_EQ(e.append, U"edc");
  EXPECT_TRUE(e.condition.MatchesEnd(U"qzx"));
}

TEST(HunspellAffixTest, AClassDefinedTwiceKeepsBoth) {
  const AffixRules r = Parse(
      "SFX A Y 1\nSFX A 0 s .\n"
      "SFX A N 1\nSFX A 0 es .\n");
  ASSERT_EQ(r.suffixes.at('A').size(), 2u);
  EXPECT_TRUE(r.suffixes.at('A')[0].cross_product);
  EXPECT_FALSE(r.suffixes.at('A')[1].cross_product);
}

TEST(HunspellAffixTest, MalformedFilesNameTheLine) {
  struct Case {
    std::string_view aff;
    std::string_view where;
    std::string_view problem;
  };
  const Case cases[] = {
      {"# header\nSFX A Y\n", "t.aff:2:", "4 fields"},
      {"SFX A Y many\nSFX A 0 s .\n", "t.aff:1:", "bad entry count"},
      {"SFX A Y 3\nSFX A 0 s .\nSFX A 0 es .\n", "t.aff:1:",
       "announces 3 entries"},
      {"SFX A Y 2\nSFX A 0 s .\nSFX B 0 es .\n", "t.aff:3:",
       "expected entry 2 of 2"},
      {"SFX A Y 2\nSFX A 0 s .\n\n", "t.aff:3:", "expected entry 2 of 2"},
      {"SFX A Y 1\nSFX A 0\n", "t.aff:2:", "STRIP APPEND"},
      {"\nSFX A Y 1\nSFX A 0 s [ab\n", "t.aff:3:", "missing ']'"},
      {"SET UTF-8\nSFX A Y 1\nSFX A 0 s\xFF .\n", "t.aff:3:",
       "not in the encoding UTF-8"},
      {"FLAG strange\n", "t.aff:1:", "FLAG must be"},
      {"AF 3\nAF AB\nAF C\n", "t.aff:1:", "AF announces 3"},
      {"AF 2\nAF AB\nSFX A Y 1\n", "t.aff:3:", "AF table"},
      {"NEEDAFFIX\n", "t.aff:1:", "NEEDAFFIX needs a flag"},
      {"FLAG long\nFORBIDDENWORD !\n", "t.aff:2:", "FORBIDDENWORD needs a flag"},
      {"BREAK\n", "t.aff:1:", "BREAK needs a count"},
      {"BREAK 3\nBREAK -\n", "t.aff:1:", "BREAK announces 3"},
      {"BREAK 2\nBREAK -\nREP 1\n", "t.aff:3:", "expected entry 2 of 2"},
      {"BREAK 1\nBREAK -\nBREAK 0\n", "t.aff:3:", "a second BREAK table"},
  };
  for (const Case& c : cases) {
    StatusOr<AffixRules> r = ParseAffixFile(c.aff, "t.aff");
    ASSERT_FALSE(r.ok()) << c.aff;
    EXPECT_EQ(r.status().code(), Status::Code::kInvalidArgument) << c.aff;
    EXPECT_TRUE(r.status().message().starts_with(c.where))
        << r.status().message();
    EXPECT_NE(r.status().message().find(c.problem), std::string::npos)
        << r.status().message();
  }
}

// hunspell(5), BREAK: the default table is "-", "^-", "-$"; "BREAK 0"
// switches it off; a table replaces it, patterns decoded from SET.
TEST(HunspellAffixTest, BreakTables) {
  const std::vector<std::string> by_default = {"-", "^-", "-$"};
  EXPECT_EQ(Parse("SET UTF-8\n").word_breaks, by_default);
  EXPECT_FALSE(Parse("SET UTF-8\n").word_breaks_given);
  const AffixRules off = Parse("BREAK 0\n");
  EXPECT_TRUE(off.word_breaks.empty());
  EXPECT_TRUE(off.word_breaks_given);
  const std::vector<std::string> two = {"-", "\u2013"};
  EXPECT_EQ(Parse("SET UTF-8\nBREAK 2\nBREAK -\nBREAK \u2013  # n-dash\n")
                .word_breaks,
            two);
  const std::vector<std::string> latin1 = {"^\u00e9-", ".$"};
  EXPECT_EQ(Parse("SET ISO8859-1\nBREAK 2\nBREAK ^\xE9-\nBREAK .$\n")
                .word_breaks,
            latin1);
}

// Hunspell does not read an entry line's first field (mn_MN has a typo,
// "SFT", among its SFX lines): a warning, and the entry counts.
TEST(HunspellAffixTest, EntryOfAnotherTypeNameIsAWarningAsInHunspell) {
  StatusOr<AffixRules> r =
      ParseAffixFile("SFX A Y 2\nSFX A 0 s .\nSFT A 0 es .\n", "t.aff");
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->suffixes.at('A').size(), 2u);
  ASSERT_EQ(r->warnings.size(), 1u);
  EXPECT_TRUE(r->warnings[0].starts_with("t.aff:3:")) << r->warnings[0];
  EXPECT_NE(r->warnings[0].find("\"SFT\""), std::string::npos);
}

TEST(HunspellAffixTest, UnknownEncodingIsUnsupported) {
  StatusOr<AffixRules> r = ParseAffixFile("SET NO-SUCH-CODE\n", "t.aff");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), Status::Code::kUnsupported);
  EXPECT_EQ(r.status().message(), "t.aff: unknown encoding \"NO-SUCH-CODE\"");
}

TEST(HunspellAffixTest, ToleratedFaultsAreWarnings) {
  const AffixRules r = Parse(
      "FLAG long\n"
      "SFX Aa Y 1\n"
      "SFX Aa 0 s/B .\n");
  EXPECT_EQ(r.warning_count, 1u);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_TRUE(r.warnings[0].starts_with("t.aff:3: bad continuation flags"))
      << r.warnings[0];
}

}  // namespace
}  // namespace spellfilter
