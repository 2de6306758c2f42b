#include "core/check/break_splitter.h"

namespace spellfilter {

bool CorrectThroughBreaks(
    std::string_view word, std::span<const std::string> patterns,
    const std::function<bool(std::string_view)>& correct) {
  if (patterns.empty()) return false;
  const size_t wl = word.size();
  size_t breaks = 0;
  for (const std::string& p : patterns) {
    for (size_t at = word.find(p); at != std::string_view::npos;
         at = word.find(p, at + p.size())) {
      if (++breaks >= kMaxBreaks) return false;
    }
  }
  // Anchored patterns.
  for (const std::string& p : patterns) {
    const size_t plen = p.size();
    if (plen == 1 || plen > wl) continue;
    const std::string_view bare =
        std::string_view(p).substr(p.front() == '^' ? 1 : 0, plen - 1);
    if (p.front() == '^' && word.starts_with(bare) &&
        correct(word.substr(plen - 1))) {
      return true;
    }
    if (p.back() == '$' &&
        word.substr(wl - plen + 1) == std::string_view(p).substr(0, plen - 1) &&
        correct(word.substr(0, wl - plen + 1))) {
      return true;
    }
  }
  // Inside the word: at the second occurrence, then at the first.
  for (const bool second : {true, false}) {
    for (const std::string& p : patterns) {
      const size_t plen = p.size();
      size_t found = word.find(p);
      if (found == 0 || found == std::string_view::npos || plen >= wl ||
          found >= wl - plen) {
        continue;
      }
      if (second) {
        const size_t found2 = word.find(p, found + 1);
        if (found2 != std::string_view::npos && found2 < wl - plen) {
          found = found2;
        }
      }
      if (correct(word.substr(found + plen)) &&
          correct(word.substr(0, found))) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace spellfilter
