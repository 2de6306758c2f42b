#include "core/suggest/composed_letters.h"

#include <algorithm>

#include "core/dictionary/affix_lookup.h"
#include "core/text/letter_case.h"

namespace spellfilter {
namespace {

// Whether c is a combining mark of the blocks accents are written with.
bool Combining(char32_t c) {
  return (c >= 0x300 && c <= 0x36F) || (c >= 0x1AB0 && c <= 0x1AFF) ||
         (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF) ||
         (c >= 0xFE20 && c <= 0xFE2F);
}

// Whether the pair joins letters: fewer code points in the dictionary's
// form, and no combining mark in the typed one (fr_FR's `ICONV é é`,
// a decomposed é to the composed one, only normalises: the search reads
// the typed word in NFC anyway, and its suggestions stay composed).
bool Joins(const std::string& typed, const std::string& dictionary) {
  std::u32string from;
  std::u32string to;
  if (!DecodeUtf8(typed, &from) || !DecodeUtf8(dictionary, &to)) return false;
  return !to.empty() && to.size() < from.size() &&
         std::none_of(from.begin(), from.end(), Combining);
}

}  // namespace

ComposedLetters::ComposedLetters(const Dictionary& dictionary) {
  const AffixLookup* affixes = dictionary.affixes();
  if (affixes == nullptr) return;
  for (const auto& [from, to] : affixes->table().iconv) {
    if (Joins(from, to)) {
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
