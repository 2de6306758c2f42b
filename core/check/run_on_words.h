// Whether an identifier part that is not a word is known words run
// together, as programmers write them in identifiers (cmdclass, errmsg,
// autoptr, DATASTREAM) and as cspell accepts them in code: the part, ASCII
// letters only, in lower case, capitalised (getDatastream's Datastream) or
// in capitals, splits into at most kMaxPieces pieces of at least kMinPiece
// letters, each known by `known` (the dictionaries in use), and it is not
// one edit from a word of the language's dictionary, which it more likely
// misspells (sophisticted: sophistic + ted, but sophisticated). Only the
// language's: identifiers are dense in the programming lists, where
// trylock is one edit from ttylock. Two pieces, not three: with three,
// seperators (sep + era + tors), infomation and INVOKABLE (inv + oka + ble)
// were taken for words. The Checker asks this only for parts read in code,
// outside comments and strings, so "eachother" in a comment stays wrong.
//
// Cost, for a part of n letters: each piece looked up once (memoised by
// its bounds): at most 2(n - 1) lookups for two pieces, about n^2 / 2 for
// three; then about 53n lookups for the edits of a part that splits. Parts
// over kMaxLetters letters are not split. Only parts that are not words
// come here, and the Checker remembers each part's answer.
#ifndef SPELLFILTER_CORE_CHECK_RUN_ON_WORDS_H_
#define SPELLFILTER_CORE_CHECK_RUN_ON_WORDS_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "core/check/near_word.h"

namespace spellfilter {

class RunOnWords {
 public:
  static constexpr size_t kMinPiece = 3;
  static constexpr size_t kMaxPieces = 2;
  static constexpr size_t kMaxLetters = 32;

  // `known(piece)` answers whether a lower-case piece is a word;
  // `english(word)` whether a lower-case word is in the language's
  // dictionary, for the one-edit test.
  template <typename Known, typename English>
  bool Splits(std::string_view part, Known&& known, English&& english) {
    const size_t n = part.size();
    if (n < 2 * kMinPiece || n > kMaxLetters) return false;
    // Upper-case letters after the first: all (DATASTREAM) or none.
    size_t upper_after_first = 0;
    lower_.resize(n);
    for (size_t i = 0; i < n; ++i) {
      const char c = part[i];
      if (c >= 'a' && c <= 'z') {
        lower_[i] = c;
      } else if (c >= 'A' && c <= 'Z') {
        upper_after_first += i > 0;
        lower_[i] = static_cast<char>(c - 'A' + 'a');
      } else {
        return false;
      }
    }
    if (upper_after_first != 0 && upper_after_first != n - 1) return false;
    memo_.fill(kUnknown);
    const auto piece = [&](size_t from, size_t to) {
      uint8_t& m = memo_[from * (kMaxLetters + 1) + to];
      if (m == kUnknown) {
        m = known(std::string_view(lower_).substr(from, to - from)) ? 1 : 0;
      }
      return m == 1;
    };
    // Whether [from, n) is 1 to `pieces` known pieces.
    const auto rest = [&](auto& self, size_t from, size_t pieces) -> bool {
      if (piece(from, n)) return true;
      if (pieces == 1) return false;
      for (size_t at = from + kMinPiece; at + kMinPiece <= n; ++at) {
        if (piece(from, at) && self(self, at, pieces - 1)) return true;
      }
      return false;
    };
    bool splits = false;
    for (size_t at = kMinPiece; at + kMinPiece <= n && !splits; ++at) {
      splits = piece(0, at) && rest(rest, at, kMaxPieces - 1);
    }
    return splits && !NearWord(english);
  }

 private:
  // Whether lower_ is one edit from a known word (near_word.h): then it
  // is more likely a typo of that word (seperators, infomation,
  // sophisticted) than words run together.
  template <typename Known>
  bool NearWord(Known& known) {
    return OneEditFromWord(lower_, known, &candidate_);
  }

  static constexpr uint8_t kUnknown = 2;
  std::string lower_;
  std::string candidate_;
  std::array<uint8_t, (kMaxLetters + 1) * (kMaxLetters + 1)> memo_{};
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_CHECK_RUN_ON_WORDS_H_
