#include "core/text/letter_case.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

namespace spellfilter {

bool DecodeUtf8(std::string_view s, std::u32string* out) {
  out->clear();
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  for (int32_t i = 0; i < n;) {
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0) return false;
    out->push_back(static_cast<char32_t>(c));
  }
  return true;
}

void AppendUtf8(char32_t c, std::string* out) {
  if (c < 0x80) {
    out->push_back(static_cast<char>(c));
    return;
  }
  uint8_t buf[4];
  int32_t len = 0;
  UBool error = false;
  U8_APPEND(buf, len, 4, static_cast<UChar32>(c), error);
  if (!error) out->append(reinterpret_cast<const char*>(buf), len);
}

std::string EncodeUtf8(std::u32string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char32_t c : s) AppendUtf8(c, &out);
  return out;
}

bool IsTurkic(std::string_view language) {
  const std::string_view lang =
      language.substr(0, language.find_first_of("-_"));
  return lang == "tr" || lang == "az" || lang == "TR" || lang == "AZ";
}

char32_t LowerLetter(char32_t c, bool turkic) {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
  if (turkic && c == U'\u0130') return U'i';
  return static_cast<char32_t>(u_tolower(static_cast<UChar32>(c)));
}

char32_t UpperLetter(char32_t c, bool turkic) {
  if (c < 0x80) {
    if (turkic && c == 'i') return U'\u0130';
    return (c >= 'a' && c <= 'z') ? c - 'a' + 'A' : c;
  }
  if (turkic && c == U'\u0131') return U'I';
  return static_cast<char32_t>(u_toupper(static_cast<UChar32>(c)));
}

WordCase CaseOf(std::u32string_view word) {
  int upper = 0;
  int lower = 0;
  bool first_upper = false;
  bool first_seen = false;
  for (char32_t c : word) {
    const UChar32 u = static_cast<UChar32>(c);
    const bool up = u_isUUppercase(u) || u_istitle(u);
    // A lower-case letter without an upper-case (simple) mapping, such as
    // German ß, is caseless, as in Hunspell: "STRAßE" is ALL UPPER.
    const bool low = u_isULowercase(u) && u_toupper(u) != u;
    if (!first_seen && (up || low)) {
      first_seen = true;
      first_upper = up;
    }
    upper += up;
    lower += low;
  }
  if (upper == 0) return WordCase::kLower;
  if (lower == 0 && upper > 1) return WordCase::kAllUpper;
  if (upper == 1 && first_upper) return WordCase::kCapitalised;
  return WordCase::kOther;
}

bool IsMixedCase(std::u32string_view word, bool turkic) {
  bool capital_later = false;
  bool small = false;
  for (size_t i = 0; i < word.size(); ++i) {
    const char32_t c = word[i];
    capital_later |= i > 0 && LowerLetter(c, turkic) != c;
    small |= UpperLetter(c, turkic) != c;
  }
  return capital_later && small;
}

std::string MixedCaseUpperForm(std::string_view word, bool turkic) {
  std::u32string w;
  if (!DecodeUtf8(word, &w) || !IsMixedCase(w, turkic)) return std::string();
  for (char32_t& c : w) c = UpperLetter(c, turkic);
  return EncodeUtf8(w);
}

}  // namespace spellfilter
