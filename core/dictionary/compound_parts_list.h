// A list of compound parts in text (`spellfilter build --compound-parts`,
// dictionaries/cpp_compounds.txt): the parts a word list's compounds are
// made of, as cspell's compound dictionaries mark them ("title*" begins a
// compound, "*case" ends one, so titlecase is a word), kept in the
// dictionary's COMPOUND_PARTS section (compound_filter.h).
//
// Format: UTF-8, one part per line, `part<TAB>roles`, roles a non-empty
// set of the letters b (the part may begin a compound), m (stand inside
// one) and e (end one); blank lines and lines starting with '#' are
// ignored; CR before LF is tolerated. A part is stored as written (lists
// are lower case: the checker splits the lower-case form of a word).
//
// The list says which parts are long enough, so its compounds are split
// with parts of any length (min_part 1: the one-letter `u` of ICU's
// `ucurr`), into at most kCompoundListMaxParts parts, with no boundary
// checks (CompoundPartsListSettings).
#ifndef SPELLFILTER_CORE_DICTIONARY_COMPOUND_PARTS_LIST_H_
#define SPELLFILTER_CORE_DICTIONARY_COMPOUND_PARTS_LIST_H_

#include <string_view>

#include "core/dictionary/builder.h"
#include "core/filter/compound_filter.h"
#include "core/util/status.h"

namespace spellfilter {

inline constexpr uint32_t kCompoundListMaxParts = 4;

CompoundSettings CompoundPartsListSettings();

// Adds the part of one line (without its line break) to `builder`, on
// which EnableCompounds(CompoundPartsListSettings()) was called; `where`
// names the line in errors ("cpp_compounds.txt:12"). A line without a TAB,
// with an empty part or with roles other than b, m and e is an error.
Status AddCompoundPartsLine(std::string_view line, std::string_view where,
                            DictionaryBuilder* builder);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_COMPOUND_PARTS_LIST_H_
