// Whether a lower-case word is one edit (a letter left out, added,
// changed, or two neighbours swapped) from a word `known` accepts: then it
// more likely misspells that word (seperators, infomation) than it is
// words run together (run_on_words.h) or a compound of a code list's parts
// (checker.h). About 53n lookups for n letters (ASCII letters only are
// tried as the added or changed letter); `scratch` is the caller's buffer.
#ifndef SPELLFILTER_CORE_CHECK_NEAR_WORD_H_
#define SPELLFILTER_CORE_CHECK_NEAR_WORD_H_

#include <string>
#include <string_view>
#include <utility>

namespace spellfilter {

template <typename Known>
bool OneEditFromWord(std::string_view word, Known&& known,
                     std::string* scratch) {
  std::string& c = *scratch;
  const size_t n = word.size();
  for (size_t i = 0; i < n; ++i) {
    c.assign(word).erase(i, 1);
    if (known(std::string_view(c))) return true;
  }
  for (size_t i = 0; i + 1 < n; ++i) {
    if (word[i] == word[i + 1]) continue;
    c.assign(word);
    std::swap(c[i], c[i + 1]);
    if (known(std::string_view(c))) return true;
  }
  for (size_t i = 0; i <= n; ++i) {
    for (char l = 'a'; l <= 'z'; ++l) {
      if (i < n && l != word[i]) {
        c.assign(word);
        c[i] = l;
        if (known(std::string_view(c))) return true;
      }
      c.assign(word).insert(i, 1, l);
      if (known(std::string_view(c))) return true;
    }
  }
  return false;
}

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_CHECK_NEAR_WORD_H_
