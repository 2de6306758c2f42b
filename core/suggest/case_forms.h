// The case forms of a candidate: a candidate is spelled in lower case
// letter by letter over the prefix filter; the dictionary may have it in
// lower case, Capitalised, ALL UPPER or in a mixed case ("JavaScript",
// listed by the MIXED_CASE section). The end markers after the candidate's
// prefix say which (one cache line instead of a filter probe per form);
// the forms returned are still to be confirmed by the filter
// (Candidates). And the other way: a dictionary entry presented in the
// case of the typed word ("Teh" -> "The", "TEH" -> "THE").
//
// Cost: 3 work units a candidate (the markers), none for the mixed-case
// marker (in the same cache line; counting it would make the budget cut
// searches where they did without the table).
#ifndef SPELLFILTER_CORE_SUGGEST_CASE_FORMS_H_
#define SPELLFILTER_CORE_SUGGEST_CASE_FORMS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/filter/prefix_filter.h"
#include "core/suggest/lexicon.h"
#include "core/text/letter_case.h"

namespace spellfilter {

// How a dictionary entry differs from the lower-case candidate, in the
// order of the ranking's preference for a lower-case typed word.
enum EntryForm : uint8_t { kLowerForm, kTitleForm, kUpperForm, kMixedForm };

struct CaseForm {
  std::string text;
  EntryForm how;
};

// Appends to `out` the forms of `lower` (a candidate in lower case, not
// empty) that the end markers after its prefix state `h` allow: the
// mixed-case ones first, then lower, Capitalised, ALL UPPER (if they differ
// from lower case). Without the prefix filter: lower, Capitalised and ALL
// UPPER. Adds the work to *work.
void FindCaseForms(const Lexicon& lex, std::u32string_view lower,
                   PrefixFilter::State h, uint64_t* work,
                   std::vector<CaseForm>* out);

// `entry` (UTF-8, as in the dictionary) in the case of a word typed
// `typed_case`: Capitalised if typed so and the entry is lower case, ALL
// UPPER if typed so; otherwise as it is.
[[nodiscard]] std::string PresentAs(const std::string& entry,
                                    WordCase typed_case, bool turkic);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_SUGGEST_CASE_FORMS_H_
