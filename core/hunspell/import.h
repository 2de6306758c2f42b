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

#include "core/dictionary/affix_table.h"
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

// How a Hunspell dictionary is stored (docs/affix_dictionaries.md).
enum class AffixMode {
  kAuto,    // expanded when within kAutoExpandForms forms, else affix-aware
  kExpand,  // every form, as long as the expansion limits allow
  kKeep,    // stems, flags and rules (affix-aware)
};
// kAuto's budget: expansion past this many forms is stopped and the
// dictionary stored affix-aware instead; and past kAutoFormsPerByte forms
// per byte of the .dic and .aff (an expanded form costs about 15 bytes of
// filter and suggestion data, so about twenty times the Hunspell files).
// Expansion stays where it fits because an expanded dictionary checks a
// word in one probe and suggests from every form; the affix lookup is
// exact but, today, only 1-5 times libhunspell's speed
// (docs/affix_dictionaries.md, "Expanded or affix-aware").
inline constexpr uint64_t kAutoExpandForms = 4'000'000;
inline constexpr double kAutoFormsPerByte = 20.0 / 16.0;
// kAuto first estimates the forms from every kEstimateEvery-th entry
// (HunspellExpander::EstimateForms, about 1/16 of an expansion's work):
// past kEstimateMargin times the budget the dictionary is stored
// affix-aware at once, without the expansion that would be thrown away
// (ar spent 19 of its 25 s on it). Between the budget and the margin the
// forms are counted exactly first (an expansion handed to nothing, which
// stops where the real one would), and kept as stems if over; below the
// budget the expansion is tried as before and falls back when over it. So
// an estimate can only change the choice for a dictionary whose true count
// is within the budget although the estimate exceeds it by the margin
// (none of Debian's 79: docs/affix_dictionaries.md, "Conversion time and
// memory").
inline constexpr uint32_t kEstimateEvery = 16;
inline constexpr double kEstimateMargin = 2.0;
// The file AddTo asks of the builder (BuildOptions::max_file_bytes, unless
// already set): at most kHunspellSizeFactor times the .dic and .aff (issue
// 32's limit), but never less than kHunspellSizeFloor bytes, below which a
// small dictionary's fixed costs (header, alphabet, the filters' minimum
// sizes) would otherwise thin out its suggestion data for nothing. The
// builder meets it by a sparser PREFIXES section when up to 3 % false
// edges reach it, else leaves the file as it was (prefix_filter.h);
// docs/affix_dictionaries.md, "A size cap".
inline constexpr uint64_t kHunspellSizeFactor = 10;
inline constexpr uint64_t kHunspellSizeFloor = uint64_t{1} << 20;

struct HunspellImportSummary {
  ExpandStats expand;
  bool affix_aware = false;    // stored as stems and rules
  uint64_t stem_keys = 0;      // flag and homonym keys (affix-aware)
  uint64_t dropped_homonyms = 0;  // past kMaxHomonyms of one spelling
  double probes_per_word = 1;  // measured E[A] (affix-aware)
  double probe_fp = 0;         // the per-probe rate the filter is sized for
  uint64_t skipped_forms = 0;  // forms the format cannot hold
  std::vector<std::string> skipped_examples;  // "FILE:LINE: problem", a few
  std::vector<std::string> aff_warnings;      // from the .aff, a few
  uint64_t aff_warning_count = 0;
  // kAuto: the estimated forms (0 when not estimated, UINT64_MAX when a
  // sampled entry or the sample's work is over the limits), and whether
  // stems and rules were chosen before expanding into the builder (by the
  // estimate, or by the exact count it led to).
  uint64_t estimated_forms = 0;
  bool kept_by_estimate = false;
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
  void set_affix_mode(AffixMode mode) { affix_mode_ = mode; }
  AffixMode affix_mode() const { return affix_mode_; }

  // Expands the .dic into `builder`, or stores its stems and rules
  // (affix_mode()). `language` is the tag the builder uses (for ALL UPPER
  // forms). An affix-aware import sets the builder's per-key rate to
  // options().fp / E[A] (docs/affix_dictionaries.md).
  Status AddTo(DictionaryBuilder* builder, std::string_view language,
               HunspellImportSummary* summary) const;

 private:
  HunspellImport(std::string dic_path, std::string aff_path, AffixRules rules,
                 ExpandLimits limits);
  // One pass over the .dic: expanded, or (stems) affix-aware.
  // `max_forms` bounds the expansion (kAuto's budget).
  Status Import(std::string_view dic, DictionaryBuilder* builder,
                std::string_view language, bool stems, uint64_t max_forms,
                HunspellImportSummary* summary) const;

  std::string dic_path_;
  std::string aff_path_;
  AffixRules rules_;
  ExpandLimits limits_;
  uint64_t aff_bytes_ = 0;
  bool compounds_ = true;
  AffixMode affix_mode_ = AffixMode::kAuto;
};

// The check-time affix table (affix_table.h) of parsed .aff rules.
AffixTable MakeAffixTable(const AffixRules& rules);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_HUNSPELL_IMPORT_H_
