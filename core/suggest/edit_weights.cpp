#include "core/suggest/edit_weights.h"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "core/text/letter_case.h"

namespace spellfilter {
namespace {

// QWERTY rows; a key's neighbours are its left and right keys and the keys
// touching it in the rows above and below (rows are staggered by half a key).
constexpr std::string_view kRows[3] = {"qwertyuiop", "asdfghjkl", "zxcvbnm"};

// Pairs of Latin consonants (and i/y) that spell the same or a similar
// sound in English and are commonly confused.
constexpr std::string_view kSoundAlikePairs[] = {
    "ck", "cs", "sz", "kq", "gj", "fv", "mn", "dt", "bp", "iy", "xz",
};

// English spellings of one consonant sound (or cluster), both directions.
// Single-letter pairs are substitutions (kSoundAlikePairs) and doubled
// letters omissions or additions. Some pairs here are one ordinary edit
// apart ("ck" "k", "wh" "w"): typing the longer spelling for the shorter is
// an extra letter (1.14), dearer than the respelling; the other way round
// the omission is cheaper and the respelling changes nothing.
constexpr EditWeights::SpellingPair kSpellings[] = {
    {"ph", "f"},      {"gh", "f"},      {"ph", "ff"},     {"ck", "k"},
    {"ck", "c"},      {"ch", "k"},      {"ch", "c"},      {"qu", "kw"},
    {"que", "k"},     {"x", "ks"},      {"x", "cks"},     {"x", "cs"},
    {"sc", "s"},      {"sc", "c"},      {"ps", "s"},      {"sh", "ti"},
    {"sh", "ci"},     {"sh", "ch"},     {"tion", "sion"}, {"tion", "shun"},
    {"sion", "shun"}, {"tion", "cian"}, {"ture", "cher"}, {"tch", "ch"},
    {"dge", "j"},     {"dge", "ge"},    {"dg", "j"},      {"ge", "j"},
    {"wh", "w"},      {"wr", "r"},      {"kn", "n"},      {"gn", "n"},
    {"mb", "m"},      {"rh", "r"},      {"sch", "sk"},    {"ght", "t"},
    {"gu", "g"},
};

int Index(char32_t c) {
  return (c >= 'a' && c <= 'z') ? static_cast<int>(c - 'a') : -1;
}

}  // namespace

EditWeights::EditWeights() {
  for (char32_t c = 0; c < kBaseTableSize; ++c) base_[c] = c;
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
  if (U_SUCCESS(status)) {
    for (char32_t c = 0x80; c < kBaseTableSize; ++c) {
      icu::UnicodeString d;
      if (nfd->getDecomposition(static_cast<UChar32>(c), d) && d.length() > 0) {
        base_[c] = static_cast<char32_t>(d.char32At(0));
      }
    }
  }
  for (int r = 0; r < 3; ++r) {
    const std::string_view row = kRows[r];
    for (size_t i = 0; i < row.size(); ++i) {
      const int a = Index(row[i]);
      auto link = [&](int rr, int j) {
        if (rr < 0 || rr > 2 || j < 0 ||
            j >= static_cast<int>(kRows[rr].size())) {
          return;
        }
        const int b = Index(kRows[rr][j]);
        keyboard_[a].set(b);
        keyboard_[b].set(a);
      };
      const int col = static_cast<int>(i);
      link(r, col - 1);
      link(r, col + 1);
      // Row r+1 is shifted right by half a key: key i of row r touches keys
      // i-1 and i of row r+1.
      link(r + 1, col - 1);
      link(r + 1, col);
    }
  }
  for (std::string_view p : kSoundAlikePairs) {
    const int a = Index(p[0]);
    const int b = Index(p[1]);
    sound_[a].set(b);
    sound_[b].set(a);
  }
}

std::span<const EditWeights::SpellingPair> EditWeights::SoundAlikeSpellings() {
  return kSpellings;
}

char32_t EditWeights::Base(char32_t c) const {
  return c < kBaseTableSize ? base_[c] : c;
}

bool EditWeights::Vowel(char32_t base) const {
  return base == 'a' || base == 'e' || base == 'i' || base == 'o' ||
         base == 'u';
}

void EditWeights::SetKeyboard(std::string_view key) {
  std::u32string text;
  if (key.empty() || !DecodeUtf8(key, &text)) return;
  for (auto& row : keyboard_) row.reset();
  other_keys_.clear();
  auto link = [&](char32_t a, char32_t b) {
    a = LowerLetter(a, false);
    b = LowerLetter(b, false);
    if (a == b) return;
    // Accented keys ("é" on AZERTY's top row) count as their base letter,
    // as Neighbours reads them.
    const int x = Index(Base(a));
    const int y = Index(Base(b));
    if (x >= 0 && y >= 0) {
      keyboard_[x].set(y);
      keyboard_[y].set(x);
    } else {
      other_keys_.emplace_back(a, b);
      other_keys_.emplace_back(b, a);
    }
  };
  std::vector<std::u32string> groups(1);
  for (char32_t c : text) {
    if (c == U'|') {
      groups.emplace_back();
    } else {
      groups.back().push_back(c);
    }
  }
  // Neighbours in a group.
  for (const std::u32string& g : groups) {
    for (size_t i = 0; i + 1 < g.size(); ++i) link(g[i], g[i + 1]);
  }
  // The leading groups of a keyboard's length (7 keys or more) are its
  // rows, staggered by half a key as on a real keyboard: key i of a row
  // also touches keys i - 1 and i of the row below. A KEY of bare rows
  // (pt_PT's, nl_NL's) thus keeps the vertical neighbours QWERTY has;
  // KEYs that list the diagonals as groups (fr_FR's "aqz") add nothing
  // new by it.
  for (size_t r = 0; r + 1 < groups.size() && groups[r].size() >= 7 &&
                     groups[r + 1].size() >= 7;
       ++r) {
    const std::u32string& up = groups[r];
    const std::u32string& down = groups[r + 1];
    for (size_t i = 0; i < up.size(); ++i) {
      if (i >= 1 && i - 1 < down.size()) link(up[i], down[i - 1]);
      if (i < down.size()) link(up[i], down[i]);
    }
  }
  std::sort(other_keys_.begin(), other_keys_.end());
  other_keys_.erase(std::unique(other_keys_.begin(), other_keys_.end()),
                    other_keys_.end());
}

bool EditWeights::Neighbours(char32_t a, char32_t b) const {
  if (!other_keys_.empty() &&
      std::binary_search(other_keys_.begin(), other_keys_.end(),
                         std::make_pair(a, b))) {
    return true;
  }
  const int i = Index(Base(a));
  const int j = Index(Base(b));
  return i >= 0 && j >= 0 && keyboard_[i].test(j);
}

bool EditWeights::SoundAlike(char32_t a, char32_t b) const {
  const int i = Index(Base(a));
  const int j = Index(Base(b));
  return i >= 0 && j >= 0 && sound_[i].test(j);
}

float EditWeights::Substitution(char32_t typed, char32_t intended) const {
  const char32_t a = Base(typed);
  const char32_t b = Base(intended);
  if (a == b) return kSubAccent;
  // Another letter with an accent the typed one lacks is two slips.
  if (intended != b && typed == a) return kSubGeneric;
  if (SoundAlike(a, b)) return kSubSoundAlike;
  if (Vowel(a) && Vowel(b)) return kSubVowel;
  if (Neighbours(a, b)) return kSubKeyboard;
  return kSubGeneric;
}

float EditWeights::Omission(char32_t intended, char32_t before,
                            char32_t after) const {
  if (intended == '\'') return kOmitApostrophe;
  const char32_t c = Base(intended);
  // One of a double letter: the same letter, accent included ("é" beside
  // "e" is another key, not a letter typed once for twice).
  if ((before != 0 && before == intended) ||
      (after != 0 && after == intended)) {
    return kOmitDoubled;
  }
  return Vowel(c) ? kOmitVowel : kOmitConsonant;
}

float EditWeights::Addition(char32_t typed, char32_t before,
                            char32_t after) const {
  if (typed == '\'') return kExtraApostrophe;
  const char32_t c = Base(typed);
  if ((before != 0 && before == typed) || (after != 0 && after == typed)) {
    return kExtraDoubled;
  }
  if ((before != 0 && Neighbours(c, before)) ||
      (after != 0 && Neighbours(c, after))) {
    return kExtraKeyboard;
  }
  return Vowel(c) ? kExtraVowel : kExtraGeneric;
}

float EditWeights::Transposition(char32_t, char32_t) const {
  return kTransposition;
}

}  // namespace spellfilter
