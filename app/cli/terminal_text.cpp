#include "app/cli/terminal_text.h"

#include <cstdio>

namespace spellfilter::cli {

size_t Utf8SequenceLength(std::string_view s, size_t i) {
  const auto byte = [&](size_t k) -> unsigned {
    return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u;
  };
  const unsigned b0 = byte(0);
  if (b0 < 0x80) return 1;
  const auto cont = [&](size_t k) { return (byte(k) & 0xC0) == 0x80; };
  if (b0 >= 0xC2 && b0 <= 0xDF) return cont(1) ? 2 : 0;
  if (b0 >= 0xE0 && b0 <= 0xEF) {
    const unsigned b1 = byte(1);
    if (!cont(1) || !cont(2)) return 0;
    if (b0 == 0xE0 && b1 < 0xA0) return 0;  // overlong
    if (b0 == 0xED && b1 > 0x9F) return 0;  // surrogates
    return 3;
  }
  if (b0 >= 0xF0 && b0 <= 0xF4) {
    const unsigned b1 = byte(1);
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    if (b0 == 0xF0 && b1 < 0x90) return 0;  // overlong
    if (b0 == 0xF4 && b1 > 0x8F) return 0;  // beyond U+10FFFF
    return 4;
  }
  return 0;
}

namespace {

void AppendHex(std::string* out, const char* format, unsigned char c) {
  char buf[8];
  std::snprintf(buf, sizeof(buf), format, c);
  *out += buf;
}

}  // namespace

std::string TerminalSafe(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t n = Utf8SequenceLength(s, i);
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const bool c1 = n == 2 && c == 0xC2 &&
                    static_cast<unsigned char>(s[i + 1]) < 0xA0;
    if (n == 0 || c < 0x20 || c == 0x7F || c1) {
      const size_t bytes = n == 0 ? 1 : n;
      for (size_t k = 0; k < bytes; ++k) {
        AppendHex(&out, "\\x%02X", static_cast<unsigned char>(s[i + k]));
      }
      i += bytes;
      continue;
    }
    out.append(s.substr(i, n));
    i += n;
  }
  return out;
}

std::string JsonString(std::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    const size_t n = Utf8SequenceLength(s, i);
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (n == 0) {
      AppendHex(&out, "\\udc%02x", c);
      ++i;
      continue;
    }
    if (n > 1) {
      out.append(s.substr(i, n));
      i += n;
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20 || c == 0x7F) {
          AppendHex(&out, "\\u%04x", c);
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
    ++i;
  }
  return out + "\"";
}

}  // namespace spellfilter::cli
