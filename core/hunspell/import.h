// Builds a spellfilter dictionary from a Hunspell dictionary: the .dic and
// the .aff beside it (same name, .aff for .dic), expanded into word forms
// (hunspell_expander.h) and added to a DictionaryBuilder.
//
// Language: the file name gives it when it starts like a locale name
// ("de_DE.dic" -> "de-DE", "fr.dic" -> "fr", "sr_Latn_RS" -> "sr-Latn-RS";
// anything after the region, such as "-frami" or "-large", is dropped);
// otherwise the .aff's LANG; otherwise "und".
//
// Compounds: when the .aff compounds with flags (COMPOUNDFLAG,
// COMPOUNDBEGIN/MIDDLE/END), each entry's compound parts
// (hunspell_compound_parts.h) go to the builder's COMPOUND_PARTS section
// with the .aff's COMPOUNDMIN, COMPOUNDWORDMAX and CHECKCOMPOUNDCASE/DUP/
// TRIPLE, unless set_compounds(false).
//
// KEEPCASE: the forms of KEEPCASE entries no other entry yields go to the
// builder's KEEP_CASE section (keep_case_filter.h), so the checker accepts
// them only as written; with CHECKSHARPS, those with ß also Capitalised.
//
// Forms the dictionary format cannot hold (a '#' at the start, more than
// kMaxWordBytes, a control character) are skipped and counted, not errors:
// Hunspell dictionaries contain a few.
#ifndef SPELLFILTER_CORE_HUNSPELL_IMPORT_H_
#define SPELLFILTER_CORE_HUNSPELL_IMPORT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/dictionary/builder.h"
#include "core/hunspell/affix.h"
#include "core/hunspell/expander.h"
#include "core/util/status.h"

namespace spellfilter {

// Hostile-input bounds on the files read into memory.
inline constexpr uint64_t kMaxAffBytes = uint64_t{64} << 20;
inline constexpr uint64_t kMaxDicBytes = uint64_t{256} << 20;

// "x.dic" -> "x.aff"; a name without ".dic" gets ".aff" appended.
std::string HunspellAffPath(std::string_view dic_path);

// The BCP 47 tag a Hunspell file name stands for, or "" if it does not
// start like one.
std::string HunspellLanguageTag(std::string_view dic_path);

struct HunspellImportSummary {
  ExpandStats expand;
  uint64_t skipped_forms = 0;  // forms the format cannot hold
  std::vector<std::string> skipped_examples;  // "FILE:LINE: problem", a few
  std::vector<std::string> aff_warnings;      // from the .aff, a few
  uint64_t aff_warning_count = 0;
};

class HunspellImport {
 public:
  // Reads and parses the .aff next to `dic_path`; the .dic is read by
  // AddTo.
  static StatusOr<HunspellImport> Open(const std::string& dic_path,
                                       ExpandLimits limits = {});

  const std::string& dic_path() const { return dic_path_; }
  const std::string& aff_path() const { return aff_path_; }
  const AffixRules& rules() const { return rules_; }
  // From the file name, else LANG, else "und".
  std::string language() const;

  // Whether AddTo also gives the builder the compound parts (when the .aff
  // compounds with flags); true by default.
  void set_compounds(bool on) { compounds_ = on; }
  bool compounds() const { return compounds_; }

  // Expands the .dic into `builder`. `language` is the tag the builder
  // uses (for ALL UPPER forms).
  Status AddTo(DictionaryBuilder* builder, std::string_view language,
               HunspellImportSummary* summary) const;

 private:
  HunspellImport(std::string dic_path, std::string aff_path, AffixRules rules,
                 ExpandLimits limits);

  std::string dic_path_;
  std::string aff_path_;
  AffixRules rules_;
  ExpandLimits limits_;
  bool compounds_ = true;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_HUNSPELL_IMPORT_H_
