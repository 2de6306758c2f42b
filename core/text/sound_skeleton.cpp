#include "core/text/sound_skeleton.h"

namespace spellfilter {
namespace {

bool Vowel(char32_t c) {
  return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y';
}

bool Soft(char32_t c) { return c == 'e' || c == 'i' || c == 'y'; }

// Every run of letters that spells units somewhere, whatever the context.
constexpr SoundSpelling kSpellings[] = {
    {"b", "B"},   {"c", "K"},  {"c", "S"},  {"c", "X"},   {"cch", "K"},
    {"ch", "K"},  {"ch", "X"}, {"ck", "K"}, {"d", "T"},   {"dg", "J"},
    {"f", "F"},   {"g", "G"},  {"g", "J"},  {"gh", ""},   {"gh", "G"},
    {"gn", "N"},  {"j", "J"},  {"k", "K"},  {"kh", "K"},  {"kn", "N"},
    {"l", "L"},   {"m", "M"},  {"mb", "M"}, {"n", "N"},   {"p", "P"},
    {"ph", "F"},  {"pn", "N"}, {"ps", "S"}, {"q", "K"},   {"r", "R"},
    {"rh", "R"},  {"s", "S"},  {"s", "X"},  {"sc", "S"},  {"sh", "X"},
    {"ssi", "X"}, {"t", "T"},  {"t", "X"},  {"tch", "X"}, {"th", "0"},
    {"v", "F"},   {"w", ""},   {"w", "W"},  {"wh", "W"},  {"wr", "R"},
    {"x", "KS"},  {"x", "S"},  {"z", "S"},
};

}  // namespace

bool SoundSkeletonsApply(std::string_view language) {
  return language == "en" || language.starts_with("en-") ||
         language.starts_with("en_");
}

bool IsSoundFiller(char32_t c) {
  return Vowel(c) || c == 'h' || c == '\'' || c > 'z';
}

std::span<const SoundSpelling> SoundSpellings() { return kSpellings; }

std::string SoundSkeleton(std::u32string_view w) {
  return SoundSkeleton(w, nullptr);
}

std::string SoundSkeleton(std::u32string_view w, std::vector<int>* gaps) {
  const size_t n = w.size();
  auto at = [&](size_t k) -> char32_t { return k < n ? w[k] : 0; };
  std::string out;
  // A unit repeated right after itself is one sound ("letter", "ck"); with
  // a vowel between, two ("tot").
  size_t start = 0;
  size_t last_end = n + 1;  // where the last unit's letters ended
  bool emitted = false;
  auto emit = [&](char unit) {
    if (!(start == last_end && !out.empty() && out.back() == unit)) {
      out.push_back(unit);
      if (gaps != nullptr) {
        gaps->push_back(static_cast<int>(start) -
                        (last_end > n ? 0 : static_cast<int>(last_end)));
      }
    }
    emitted = true;
  };
  for (size_t i = 0; i < n; ++i) {
    start = i;
    emitted = false;
    const char32_t next = at(i + 1);
    const char32_t after = at(i + 2);
    switch (w[i]) {
      case 'b':
        if (!(i + 1 == n && i > 0 && w[i - 1] == 'm')) emit('B');
        break;
      case 'c':
        if (next == 'c' && after == 'h') {  // "zucchini"
          emit('K');
          i += 2;
        } else if (next == 'h') {  // "school", else "church"
          emit(i > 0 && w[i - 1] == 's' ? 'K' : 'X');
          ++i;
        } else if (next == 'i' && Vowel(after)) {  // "special"
          emit('X');
        } else if (Soft(next)) {
          emit('S');
        } else if (next == 'k') {
          emit('K');
          ++i;
        } else {
          emit('K');
        }
        break;
      case 'd':
        if (next == 'g' && Soft(after)) {  // "edge"
          emit('J');
          ++i;
        } else {
          emit('T');
        }
        break;
      case 'f':
      case 'v':
        emit('F');
        break;
      case 'g':
        if (next == 'h') {  // "ghost"; "night", "though"
          if (i == 0) emit('G');
          ++i;
        } else if (next == 'n' &&
                   (i == 0 || i + 2 == n || (after == 'e' && i + 3 == n))) {
          // "gnome", "sign": the g is silent
        } else if (Soft(next)) {
          emit('J');
        } else {
          emit('G');
        }
        break;
      case 'j':
        emit('J');
        break;
      case 'k':
        if (!(i == 0 && next == 'n')) emit('K');
        break;
      case 'l':
        emit('L');
        break;
      case 'm':
        emit('M');
        break;
      case 'n':
        emit('N');
        break;
      case 'p':
        if (next == 'h') {
          emit('F');
          ++i;
        } else if (!(i == 0 && (next == 's' || next == 'n'))) {
          emit('P');
        }
        break;
      case 'q':
        emit('K');
        break;
      case 'r':
        emit('R');
        break;
      case 's':
        if (next == 'h') {
          emit('X');
          ++i;
        } else if (next == 'c' && Soft(after)) {  // "science"
          emit('S');
          ++i;
        } else if (next == 's' && after == 'i' && Vowel(at(i + 3))) {
          emit('X');  // "mission"
          i += 2;
        } else if (i > 0 && next == 'i' && Vowel(after)) {  // "mansion"
          emit('X');
        } else {
          emit('S');
        }
        break;
      case 't':
        if (next == 'h') {
          emit('0');
          ++i;
        } else if (next == 'i' && (after == 'o' || after == 'a')) {
          emit('X');  // "nation", "partial"
        } else if (next == 'c' && after == 'h') {
          // "watch": the ch that follows is the sound
        } else {
          emit('T');
        }
        break;
      case 'w':
        if (i == 0 && next == 'r') break;  // "write"
        if (next == 'h') {
          if (Vowel(after)) emit('W');
          ++i;
        } else if (Vowel(next)) {
          emit('W');
        }
        break;
      case 'x':
        if (i == 0) {
          emit('S');
        } else {
          emit('K');
          emit('S');
        }
        break;
      case 'z':
        emit('S');
        break;
      default:  // vowels, y, h, the apostrophe, other letters
        break;
    }
    if (emitted) last_end = i + 1;
  }
  if (gaps != nullptr) {
    gaps->push_back(static_cast<int>(n) -
                    (last_end > n ? 0 : static_cast<int>(last_end)));
  }
  return out;
}

}  // namespace spellfilter
