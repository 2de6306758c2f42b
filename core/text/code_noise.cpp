#include "core/text/code_noise.h"

#include <cstring>
#include <string_view>

namespace spellfilter {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsAsciiLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool IsHex(char c) {
  return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool IsAlnum(char c) {
  return IsDigit(c) || IsAsciiLetter(c) ||
         (static_cast<unsigned char>(c) & 0x80) != 0;
}
bool IsBase64(char c) {
  return IsDigit(c) || IsAsciiLetter(c) || c == '+' || c == '/';
}

void BlankRange(char* begin, char* end) {
  for (char* p = begin; p < end; ++p) BlankByte(p);
}

// Quotes, brackets and punctuation around a run that are not part of what
// it names: "(https://x.org)," -> https://x.org.
bool IsWrapper(char c) {
  return std::strchr("\"'`()[]{}<>,;", c) != nullptr && c != '\0';
}

// Whether the whole run [b, e) is a URL, e-mail address or path.
bool RunIsUrlMailOrPath(const char* b, const char* e) {
  const std::string_view run(b, static_cast<size_t>(e - b));
  if (run.find("://") != std::string_view::npos) return true;
  if (run.size() > 4 && (run.substr(0, 4) == "www." || run.substr(0, 4) == "WWW.")) {
    return true;
  }
  for (size_t i = 1; i + 1 < run.size(); ++i) {
    if (run[i] == '@' && IsAlnum(run[i - 1]) && IsAlnum(run[i + 1])) return true;
  }
  size_t slashes = 0;
  size_t letters = 0;
  for (char c : run) slashes += c == '/', letters += IsAlnum(c);
  if (letters == 0 || run.starts_with("//")) return false;  // "//" marks
  const bool rooted = run.starts_with("/") || run.starts_with("./") ||
                      run.starts_with("../") || run.starts_with("~/");
  return rooted || slashes >= 2;
}

// UUID at p (8-4-4-4-12 hex digits); returns its length or 0.
size_t UuidAt(const char* p, const char* end) {
  static constexpr int kGroups[] = {8, 4, 4, 4, 12};
  const char* q = p;
  for (int g = 0; g < 5; ++g) {
    for (int i = 0; i < kGroups[g]; ++i, ++q) {
      if (q >= end || !IsHex(*q)) return 0;
    }
    if (g < 4) {
      if (q >= end || *q != '-') return 0;
      ++q;
    }
  }
  if (q < end && IsAlnum(*q)) return 0;
  return static_cast<size_t>(q - p);
}

// Escape sequence at p (p[0] == '\\'); returns its length.
size_t EscapeAt(const char* p, const char* end) {
  const char* q = p + 1;
  if (q >= end) return 1;
  const auto hex_digits = [&](size_t most) {
    size_t n = 0;
    while (q < end && n < most && IsHex(*q)) ++q, ++n;
  };
  if (*q == 'x') {
    ++q;
    hex_digits(8);
  } else if (*q == 'u' && q + 1 < end && q[1] == '{') {
    q += 2;
    hex_digits(8);
    if (q < end && *q == '}') ++q;
  } else if (*q == 'u') {
    ++q;
    hex_digits(4);
  } else if (*q == 'U') {
    ++q;
    hex_digits(8);
  } else if (IsDigit(*q)) {
    while (q < end && IsDigit(*q) && q - p < 4) ++q;
  } else if ((static_cast<unsigned char>(*q) & 0x80) == 0) {
    ++q;  // \n \t \" \\ and the like
  }
  return static_cast<size_t>(q - p);
}

// printf conversion at p (p[0] == '%'); returns its length or 0.
size_t PrintfAt(const char* p, const char* end) {
  const char* q = p + 1;
  if (q < end && *q == '%') return 2;
  while (q < end && std::strchr("-+ #0'", *q) != nullptr && *q != '\0') ++q;
  while (q < end && (IsDigit(*q) || *q == '*')) ++q;
  if (q < end && *q == '.') {
    ++q;
    while (q < end && (IsDigit(*q) || *q == '*')) ++q;
  }
  while (q < end && std::strchr("hlLqjzt", *q) != nullptr && *q != '\0') ++q;
  if (q >= end || *q == '\0' || std::strchr("diouxXeEfFgGaAcspn", *q) == nullptr) {
    return 0;
  }
  ++q;
  if (q < end && IsAsciiLetter(*q)) return 0;  // "%select" is a word
  return static_cast<size_t>(q - p);
}

// Format-string field at p (p[0] == '{'): {}, {0}, {0:>8}, {:.2f}; returns
// its length or 0. Named fields ({name}) are left to be checked.
size_t FormatFieldAt(const char* p, const char* end) {
  const char* q = p + 1;
  while (q < end && IsDigit(*q)) ++q;
  if (q < end && *q == ':') {
    while (q < end && *q != '}' && !IsSpace(*q)) ++q;
  }
  if (q < end && *q == '}') return static_cast<size_t>(q + 1 - p);
  return 0;
}

// Unicode code point at p (p[0] == 'U' or 'u', p[1] == '+'): U+DFFF,
// U+10FFFF, U+0041-005A; returns its length or 0.
size_t CodePointAt(const char* p, const char* end) {
  const auto hex = [&](const char* q) {
    const char* h = q;
    while (h < end && h - q < 7 && IsHex(*h)) ++h;
    const size_t n = static_cast<size_t>(h - q);
    return n >= 4 && n <= 6 && (h == end || !IsAlnum(*h)) ? n : 0;
  };
  const char* q = p + 2;
  const size_t first = hex(q);
  if (first == 0) return 0;
  q += first;
  if (q < end && *q == '-') {
    if (const size_t second = hex(q + 1)) q += 1 + second;
  }
  return static_cast<size_t>(q - p);
}

// A word of one letter repeated (xxxx, ZZZZ, Zzzz) at p, the start of a
// run of ASCII letters: returns the run's length if it is one, else 0.
size_t RepeatedLetterAt(const char* p, const char* end) {
  const auto lower = [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  };
  const char* q = p + 1;
  while (q < end && IsAsciiLetter(*q) && lower(*q) == lower(*p)) ++q;
  const size_t n = static_cast<size_t>(q - p);
  return n >= 4 && (q == end || !IsAsciiLetter(*q)) ? n : 0;
}

// Blanks hex numbers, hashes and base64-like runs inside the run [b, e).
void BlankHexAndBase64(char* b, char* e) {
  for (char* p = b; p < e;) {
    if (!IsBase64(*p)) {
      ++p;
      continue;
    }
    char* q = p;
    bool digit = false;
    while (q < e && IsBase64(*q)) digit |= IsDigit(*q), ++q;
    char* padded = q;
    while (padded < e && *padded == '=') ++padded;
    const size_t n = static_cast<size_t>(q - p);
    if ((n >= 40 && digit) ||
        (padded > q && static_cast<size_t>(padded - p) >= 16)) {
      BlankRange(p, padded);
      p = padded;
      continue;
    }
    // Within it, alphanumeric pieces: hex numbers and hashes.
    for (char* s = p; s < q;) {
      if (!IsDigit(*s) && !IsAsciiLetter(*s)) {
        ++s;
        continue;
      }
      char* t = s;
      bool all_hex = true, has_digit = false;
      while (t < q && (IsDigit(*t) || IsAsciiLetter(*t))) {
        all_hex &= IsHex(*t);
        has_digit |= IsDigit(*t);
        ++t;
      }
      const bool prefixed = t - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
      bool prefixed_hex = prefixed;
      for (char* h = s + 2; prefixed && h < t; ++h) prefixed_hex &= IsHex(*h);
      if (prefixed_hex || (all_hex && has_digit && t - s >= 7)) BlankRange(s, t);
      s = t;
    }
    p = q;
  }
}

}  // namespace

void BlankCodeNoise(char* begin, char* end, NoiseContext context) {
  const bool comment = context == NoiseContext::kComment;
  // Whole runs: URLs, e-mail addresses, paths.
  for (char* p = begin; p < end;) {
    if (IsSpace(*p)) {
      ++p;
      continue;
    }
    char* q = p;
    while (q < end && !IsSpace(*q)) ++q;
    char* b = p;
    char* e = q;
    while (b < e && IsWrapper(*b)) ++b;
    while (e > b && (IsWrapper(e[-1]) || e[-1] == '.' || e[-1] == ':')) --e;
    if (b < e && RunIsUrlMailOrPath(b, e)) {
      BlankRange(b, e);
    } else {
      // UUIDs first: their groups would otherwise pass for words.
      for (char* s = b; s < e; ++s) {
        if (IsHex(*s) && (s == b || !IsAlnum(s[-1]))) {
          if (size_t n = UuidAt(s, e)) BlankRange(s, s + n);
        }
      }
      BlankHexAndBase64(b, e);
    }
    p = q;
  }
  // Escapes and format specifiers.
  for (char* p = begin; p < end;) {
    size_t n = 0;
    if (comment && (*p == '\\' || *p == '@') && p + 1 < end &&
        IsAsciiLetter(p[1]) && (p == begin || !IsAlnum(p[-1]))) {
      // A documentation command: \brief, \endcode, @param.
      n = 1;
      while (p + n < end && IsAsciiLetter(p[n])) ++n;
    } else if (*p == '\\') {
      n = context == NoiseContext::kRawString ? 1 : EscapeAt(p, end);
    } else if (*p == '&' && p + 1 < end && IsAsciiLetter(p[1])) {
      // An HTML character entity: &amp; &curren;
      const char* q = p + 1;
      while (q < end && IsAsciiLetter(*q)) ++q;
      if (q < end && *q == ';') n = static_cast<size_t>(q + 1 - p);
    } else if ((*p == 'U' || *p == 'u') && p + 1 < end && p[1] == '+' &&
               (p == begin || !IsAlnum(p[-1]))) {
      n = CodePointAt(p, end);
    } else if (IsAsciiLetter(*p) && (p == begin || !IsAsciiLetter(p[-1]))) {
      n = RepeatedLetterAt(p, end);
      // Not blanked: the run is a word to check; go past it whole.
      if (n == 0) {
        while (p < end && IsAsciiLetter(*p)) ++p;
        continue;
      }
    } else if (*p == '%') {
      n = PrintfAt(p, end);
    } else if (*p == '{') {
      n = FormatFieldAt(p, end);
    }
    if (n > 0) {
      BlankRange(p, p + n);
      p += n;
    } else {
      ++p;
    }
  }
  // Identifier breaks.
  for (char* p = begin; p < end; ++p) {
    if (*p == '_' || IsDigit(*p)) *p = ' ';
  }
}

}  // namespace spellfilter
