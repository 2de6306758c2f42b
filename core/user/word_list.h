// The user word list as text: the file spellfilter keeps (UTF-8, one word
// per line, in the order the words were added, each line ending in LF) and
// the personal word lists it imports.
//
// Reading the kept list is lenient about what a hand edit may leave behind
// (a byte-order mark, CR before LF, spaces around a word, blank lines,
// '#' comment lines, a missing final line break, a word listed twice); a
// line that is not a word (word_syntax.h) is either an error naming the
// line or, for a reader of the user's list, skipped with a message naming
// it.
//
// Imports (`spellfilter add --from FILE`) accept, besides plain lists:
//  * Aspell personal word lists (.aspell.LANG.pws): the first line is the
//    header "personal_ws-1.1 LANG COUNT [ENCODING]" and is skipped;
//  * Hunspell personal dictionaries (~/.hunspell_LANG): "word/flags" or
//    "word/model" keeps the part before the first unescaped '/', "\/" is a
//    literal '/', and a line starting with '*' (a word Hunspell forbids) is
//    skipped and counted; a first line that is only a number (the count of a
//    .dic file) is skipped.
#ifndef SPELLFILTER_CORE_USER_WORD_LIST_H_
#define SPELLFILTER_CORE_USER_WORD_LIST_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/status.h"
#include "core/text/word_forms.h"

namespace spellfilter {

// A word as given, and where it came from for messages ("FILE:LINE", or
// empty for the command line).
struct SourcedWord {
  std::string word;
  std::string where;
};

// A word the user list can hold: CheckWordSyntax, and not starting with
// '#' (such a line reads back as a comment). InvalidArgument naming `where`.
Status CheckUserWord(std::string_view word, std::string_view where);

// Parses the kept list into normalised (word_forms.h), distinct words in
// file order. A line that is not a word: without `bad_lines`, Corruption
// "NAME:LINE: problem" (and no words); with it, the line is skipped, its
// "NAME:LINE: problem" appended there, and the result is Ok.
Status ParseWordList(std::string_view bytes, std::string_view name,
                     WordForms* forms, std::vector<std::string>* words,
                     std::vector<std::string>* bad_lines = nullptr);

// Splits a list this program wrote (and whose checksum proves it) into its
// lines, without checking them again.
void SplitTrustedWordList(std::string_view bytes,
                          std::vector<std::string>* words);

// The kept list's bytes: each word followed by LF.
std::string SerializeWordList(std::span<const std::string> words);

struct ImportSummary {
  bool aspell_header = false;   // an Aspell header line was skipped
  uint64_t forbidden = 0;       // Hunspell '*' lines skipped
  uint64_t flags_stripped = 0;  // Hunspell "/flags" suffixes removed
};

// The words of a personal word list (see above), not yet checked: Add
// checks them, so every bad line is reported with its FILE:LINE.
std::vector<SourcedWord> ParseImport(std::string_view bytes,
                                     std::string_view name,
                                     ImportSummary* summary);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_USER_WORD_LIST_H_
