// The output line of `suggest` and `check --suggest`: "word: s1, s2, ...",
// best first; "word:" when there is no suggestion.
#ifndef SPELLFILTER_APP_CLI_SUGGESTION_LINE_H_
#define SPELLFILTER_APP_CLI_SUGGESTION_LINE_H_

#include <string>
#include <string_view>
#include <vector>

namespace spellfilter::cli {

inline std::string SuggestionLine(std::string_view word,
                                  const std::vector<std::string>& suggestions) {
  std::string line(word);
  line.push_back(':');
  for (size_t i = 0; i < suggestions.size(); ++i) {
    line += i == 0 ? " " : ", ";
    line += suggestions[i];
  }
  return line;
}

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_SUGGESTION_LINE_H_
