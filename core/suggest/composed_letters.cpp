#include "core/suggest/composed_letters.h"

#include <algorithm>

#include "core/dictionary/affix_lookup.h"
#include "core/text/letter_case.h"

namespace spellfilter {
namespace {

size_t CodePoints(const std::string& s) {
  std::u32string decoded;
  return DecodeUtf8(s, &decoded) ? decoded.size() : s.size();
}

}  // namespace

ComposedLetters::ComposedLetters(const Dictionary& dictionary) {
  const AffixLookup* affixes = dictionary.affixes();
  if (affixes == nullptr) return;
  for (const auto& [from, to] : affixes->table().iconv) {
    if (!to.empty() && CodePoints(to) < CodePoints(from)) {
      pairs_.emplace_back(from, to);
    }
  }
  std::stable_sort(pairs_.begin(), pairs_.end(),
                   [](const auto& a, const auto& b) {
                     return a.first.size() > b.first.size();
                   });
}

bool ComposedLetters::Compose(std::string_view typed, std::string* out) const {
  if (pairs_.empty()) return false;
  std::string joined;
  bool changed = false;
  for (size_t i = 0; i < typed.size();) {
    const auto match = std::find_if(
        pairs_.begin(), pairs_.end(),
        [&](const auto& p) { return typed.substr(i).starts_with(p.first); });
    if (match != pairs_.end()) {
      joined += match->second;
      i += match->first.size();
      changed = true;
    } else {
      joined.push_back(typed[i]);
      ++i;
    }
  }
  if (changed) *out = std::move(joined);
  return changed;
}

void ComposedLetters::Decompose(std::string* text) const {
  for (const auto& [from, to] : pairs_) {
    for (size_t at = text->find(to); at != std::string::npos;
         at = text->find(to, at + from.size())) {
      text->replace(at, to.size(), from);
    }
  }
}

}  // namespace spellfilter
