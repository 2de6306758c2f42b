#include "core/text/word_syntax.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <cstdint>
#include <cstdio>

namespace spellfilter {
namespace {

// ASCII white space (TAB..CR), NEL, the Unicode separators an editor shows
// as a gap, and the BOM / zero-width no-break space (the set
// dictionary_builder.cpp refuses, with TAB..CR and NEL named as space).
bool IsSpace(UChar32 c) {
  return c == ' ' || (c >= 0x09 && c <= 0x0D) || c == 0x85 || c == 0xA0 ||
         c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
         c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000 ||
         c == 0xFEFF;
}

bool IsControl(UChar32 c) {
  return c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0);
}

std::string CodePoint(UChar32 c) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "U+%04X", static_cast<unsigned>(c));
  return buf;
}

// Messages quote at most this many bytes of the word.
inline constexpr size_t kMaxQuotedBytes = 40;

}  // namespace

std::string PrintableWord(std::string_view word) {
  std::string out;
  const bool cut = word.size() > kMaxQuotedBytes;
  if (cut) word = word.substr(0, kMaxQuotedBytes);
  const auto* p = reinterpret_cast<const uint8_t*>(word.data());
  const int32_t n = static_cast<int32_t>(word.size());
  for (int32_t i = 0; i < n;) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0) {
      for (int32_t j = start; j < i; ++j) {
        char buf[8];
        std::snprintf(buf, sizeof(buf), "\\x%02X", p[j]);
        out += buf;
      }
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (IsControl(c) || u_charType(c) == U_FORMAT_CHAR) {
      // Control and invisible formatting characters (a U+202E would
      // reverse the rest of the message on a terminal) are shown escaped.
      char buf[16];
      std::snprintf(buf, sizeof(buf), "\\u{%X}", static_cast<unsigned>(c));
      out += buf;
    } else {
      out.append(word.substr(start, i - start));
    }
  }
  if (cut) out += "...";
  return out;
}

Status CheckWordSyntax(std::string_view word, std::string_view where) {
  auto fail = [&](const std::string& problem) {
    std::string msg(where);
    if (!msg.empty()) msg += ": ";
    if (!word.empty()) msg += "'" + PrintableWord(word) + "': ";
    msg += problem;
    return Status::InvalidArgument(std::move(msg));
  };
  if (word.empty()) return fail("empty word");
  if (word.size() > kMaxWordSyntaxBytes) {
    return fail("longer than " + std::to_string(kMaxWordSyntaxBytes) +
                " bytes (" + std::to_string(word.size()) + ")");
  }
  const auto* p = reinterpret_cast<const uint8_t*>(word.data());
  const int32_t n = static_cast<int32_t>(word.size());
  for (int32_t i = 0; i < n;) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0) return fail("invalid UTF-8 at byte " + std::to_string(start));
    if (IsSpace(c)) return fail("contains white space (" + CodePoint(c) + ")");
    if (IsControl(c)) {
      return fail("contains a control character (" + CodePoint(c) + ")");
    }
  }
  return Status::Ok();
}

}  // namespace spellfilter
