// The affix rules of a Hunspell .aff file, parsed for expansion into word
// forms (hunspell_expander.h). See docs/hunspell_dictionaries.md for what is
// read and what is not.
//
// Read: SET (hunspell_encoding.h), FLAG (char: one byte per flag, the
// default; long: two bytes; num: comma-separated decimal numbers; UTF-8:
// one character), AF (flag vector aliases: the .dic and the continuation
// classes then give a 1-based index into the AF table), PFX and SFX (strip,
// append, continuation classes after '/', condition; the cross-product Y/N
// of the header), NEEDAFFIX (also PSEUDOROOT), ONLYINCOMPOUND,
// FORBIDDENWORD, CIRCUMFIX, KEEPCASE, WARN with FORBIDWARN, FULLSTRIP,
// COMPLEXPREFIXES, IGNORE, ICONV, LANG, BREAK, WORDCHARS, and the compounding settings
// (CompoundRules: COMPOUNDFLAG, COMPOUNDBEGIN/MIDDLE/END/LAST,
// COMPOUNDPERMITFLAG, COMPOUNDFORBIDFLAG, COMPOUNDMIN, COMPOUNDWORDMAX,
// CHECKCOMPOUNDCASE/DUP/TRIPLE/REP/PATTERN, SIMPLIFIEDTRIPLE, FORCEUCASE,
// COMPOUNDRULE, REP for CHECKCOMPOUNDREP, and the names of the compound
// options not applied), and for suggestions TRY, REP, MAP, KEY and PHONE
// (SuggestRules, as written: "REP 28" and "PHONE 12" count lines are
// skipped). Everything else (OCONV, AM, morphology) is skipped.
//
// Errors (a Status naming "FILE:LINE: problem"): a PFX/SFX header without
// its four fields or with a bad entry count, fewer entry lines than the
// header announces, an entry line that is not "PFX|SFX FLAG STRIP APPEND
// [CONDITION [MORPHOLOGY...]]" for that flag, a bad condition, a BREAK
// table that is not "BREAK N" and N lines "BREAK PATTERN" or a second one
// (Hunspell refuses the file then too), text the SET
// encoding cannot decode, an unknown SET encoding, a bad AF table. Smaller
// faults that Hunspell also tolerates (a bad flag alias, an odd-length long
// flag) are warnings.
//
// COMPLEXPREFIXES (two prefixes and one suffix instead of one prefix and
// two suffixes) is stored mirrored, as Hunspell does it: strings and
// conditions reversed and PFX and SFX swapped; the expander then works on
// reversed words.
#ifndef SPELLFILTER_CORE_HUNSPELL_AFFIX_H_
#define SPELLFILTER_CORE_HUNSPELL_AFFIX_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/dictionary/affix_condition.h"
#include "core/dictionary/suggest_rules.h"
#include "core/util/status.h"

namespace spellfilter {

// A decoded flag: a byte, a byte pair (first << 8 | second), a number plus
// one (FLAG num allows 0) or a code point, by the FLAG mode. 0 is no flag.
using AffixFlag = uint32_t;

enum class FlagMode { kChar, kLong, kNum, kUtf8 };

struct AffixEntry {
  AffixFlag flag = 0;
  bool cross_product = false;
  std::u32string strip;
  std::u32string append;
  AffixCondition condition;
  std::vector<AffixFlag> continuation;  // sorted
  uint32_t line = 0;                    // in the .aff

  bool Continues(AffixFlag f) const;
};

// What the .aff says about compounds (hunspell_compound_parts.h uses it).
// 0 is "no such flag".
struct CompoundRules {
  AffixFlag flag = 0;    // COMPOUNDFLAG: any position
  AffixFlag begin = 0;   // COMPOUNDBEGIN
  AffixFlag middle = 0;  // COMPOUNDMIDDLE
  AffixFlag end = 0;     // COMPOUNDEND (also COMPOUNDLAST)
  AffixFlag permit = 0;  // COMPOUNDPERMITFLAG: affix allowed inside
  AffixFlag forbid = 0;  // COMPOUNDFORBIDFLAG
  AffixFlag force_ucase = 0;  // FORCEUCASE
  uint32_t min_part = 3;      // COMPOUNDMIN, in characters; Hunspell's default
  uint32_t max_parts = 0;     // COMPOUNDWORDMAX; 0: no limit
  // COMPOUNDSYLLABLE max [vowels]: a compound of more than max_parts
  // words is still accepted when its syllables (its vowels, counted as
  // Hunspell counts them for Hungarian) are at most max_syllables; 0: no
  // such rule. The vowels default to Hunspell's "AEIOUaeiou".
  uint32_t max_syllables = 0;
  std::u32string vowels;
  // COMPOUNDROOT: a part whose root has this flag counts as two words
  // toward max_parts (a root that is itself a compound).
  AffixFlag root = 0;
  bool check_case = false;    // CHECKCOMPOUNDCASE
  bool check_dup = false;     // CHECKCOMPOUNDDUP
  bool check_triple = false;  // CHECKCOMPOUNDTRIPLE
  // COMPOUNDRULE patterns: flags, each optionally followed by '*' or '?'.
  struct RuleAtom {
    AffixFlag flag = 0;
    char quantifier = 0;  // 0, '*' or '?'
  };
  std::vector<std::vector<RuleAtom>> rules;
  bool check_rep = false;          // CHECKCOMPOUNDREP
  bool simplified_triple = false;  // SIMPLIFIEDTRIPLE
  // CHECKCOMPOUNDPATTERN endchars[/flag] beginchars[/flag] [replacement].
  struct Pattern {
    std::u32string end;
    std::u32string begin;
    AffixFlag end_flag = 0;
    AffixFlag begin_flag = 0;
    std::u32string replacement;
    bool has_replacement = false;
    bool stems_only = false;  // endchars "0": an unmodified stem
  };
  std::vector<Pattern> patterns;
  // The REP pairs (UTF-8, '_' read as a space), which CHECKCOMPOUNDREP
  // tries inside a compound. Only the unanchored ones (no '^', '$'), as
  // Hunspell's cpdrep_check uses.
  std::vector<std::pair<std::string, std::string>> rep;
  // Options read but not applied (docs/hunspell_dictionaries.md), by name.
  std::vector<std::string> unsupported;

  // Whether parts can be made from flags (COMPOUNDRULE alone cannot).
  bool any() const { return flag != 0 || begin != 0 || middle != 0 || end != 0; }
  // Whether any compound can be made: from flags or by a COMPOUNDRULE.
  bool any_or_rules() const { return any() || !rules.empty(); }
};

struct AffixRules {
  std::string encoding = "ISO8859-1";  // SET; Hunspell's default
  FlagMode flag_mode = FlagMode::kChar;
  std::string language;  // LANG, as written; empty when absent

  AffixFlag need_affix = 0;
  AffixFlag only_in_compound = 0;
  AffixFlag forbidden_word = 0;
  AffixFlag circumfix = 0;
  AffixFlag keep_case = 0;
  AffixFlag warn = 0;
  bool forbid_warn = false;
  bool fullstrip = false;
  bool complex_prefixes = false;
  bool check_sharps = false;  // CHECKSHARPS
  // The file sets up compounding (any COMPOUND* flag or COMPOUNDRULE).
  bool compounding = false;
  CompoundRules compound;
  // Flags that only serve compounding (COMPOUNDFLAG, COMPOUNDBEGIN, ...,
  // and the flags of COMPOUNDRULE), to count the entries that carry them.
  std::vector<AffixFlag> compound_flags;  // sorted

  // BREAK (hunspell(5)): where a word not found may be cut into parts
  // checked on their own, UTF-8, as written ('^' and '$' anchor a pattern
  // at the word's start or end). Without a BREAK table, Hunspell's default;
  // "BREAK 0" leaves it empty.
  std::vector<std::string> word_breaks = {"-", "^-", "-$"};
  bool word_breaks_given = false;  // the file has a BREAK table

  std::u32string ignore;  // IGNORE: removed from words and affixes
  // WORDCHARS: the characters Hunspell's tokenizer keeps inside words
  // (its first field, as Hunspell reads it); empty when absent.
  std::u32string word_chars;
  // ICONV pairs (input pattern, dictionary form), UTF-8.
  std::vector<std::pair<std::string, std::string>> iconv;
  // TRY, REP, MAP, KEY and PHONE, UTF-8, for the SUGGEST_RULES section.
  SuggestRules suggest;

  std::vector<std::vector<AffixFlag>> aliases;  // AF; index i+1 is aliases[i]
  // Entries by class flag, in file order. With COMPLEXPREFIXES, mirrored.
  std::unordered_map<AffixFlag, std::vector<AffixEntry>> prefixes;
  std::unordered_map<AffixFlag, std::vector<AffixEntry>> suffixes;

  // "FILE:LINE: problem" for faults Hunspell tolerates; at most
  // kMaxWarnings are kept, warning_count counts them all.
  static constexpr size_t kMaxWarnings = 20;
  std::vector<std::string> warnings;
  uint64_t warning_count = 0;
  void Warn(std::string message);

  // Decodes a flag field of a .dic line or a continuation class (raw bytes,
  // as in the file), through the AF table when there is one, into *out,
  // sorted and without duplicates. Returns false when the field is faulty
  // (an alias index out of range, a bad number, an odd-length long field,
  // invalid UTF-8); what could be decoded is still kept, as in Hunspell.
  bool DecodeFlags(std::string_view field, std::vector<AffixFlag>* out) const;
  // One flag (the argument of NEEDAFFIX etc.), without aliases; 0 if bad.
  AffixFlag DecodeFlag(std::string_view field) const;
};

// Parses the .aff text `bytes`; `name` prefixes messages ("de_DE.aff").
StatusOr<AffixRules> ParseAffixFile(std::string_view bytes,
                                    std::string_view name);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_HUNSPELL_AFFIX_H_
