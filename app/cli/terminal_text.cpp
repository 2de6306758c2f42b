#include "app/cli/terminal_text.h"

#include <cstdio>

namespace spellfilter::cli {
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
