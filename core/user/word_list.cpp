#include "core/user/word_list.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdio>
#include <unordered_set>

#include "core/text/word_syntax.h"

namespace spellfilter {
namespace {

std::string_view TrimSpaces(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

// Calls f(line, line_number) for each line, without its LF; a leading
// byte-order mark is dropped.
template <typename F>
void ForEachLine(std::string_view bytes, F&& f) {
  if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
  uint64_t number = 0;
  while (!bytes.empty()) {
    const size_t nl = bytes.find('\n');
    const std::string_view line = bytes.substr(0, nl);
    bytes.remove_prefix(nl == std::string_view::npos ? bytes.size() : nl + 1);
    if (!f(line, ++number)) return;
  }
}

bool IsNumber(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(),
                                   [](char c) { return c >= '0' && c <= '9'; });
}

constexpr UChar32 kZeroWidthNonJoiner = 0x200C;
constexpr UChar32 kZeroWidthJoiner = 0x200D;

// The scripts whose words are spelled with U+200C and U+200D: the cursive
// ones, where ZWNJ keeps two letters of one word unjoined (Persian
// "می‌خواهم", Urdu, Kurdish) and ZWJ joins a letter to what follows, and
// the Indic ones, where after a virama they choose between a conjunct, a
// half form and a visible virama (Hindi, Marathi, Bengali, Sinhala "ශ්‍රී",
// Malayalam's chillu). Latin, Greek, Cyrillic, Hebrew, CJK... never need
// them in a word.
bool ScriptUsesJoiners(UChar32 c) {
  UErrorCode status = U_ZERO_ERROR;
  switch (uscript_getScript(c, &status)) {
    case USCRIPT_ARABIC:
    case USCRIPT_SYRIAC:
    case USCRIPT_NKO:
    case USCRIPT_MONGOLIAN:
    case USCRIPT_MANDAIC:
    case USCRIPT_HANIFI_ROHINGYA:
    case USCRIPT_DEVANAGARI:
    case USCRIPT_BENGALI:
    case USCRIPT_GURMUKHI:
    case USCRIPT_GUJARATI:
    case USCRIPT_ORIYA:
    case USCRIPT_TAMIL:
    case USCRIPT_TELUGU:
    case USCRIPT_KANNADA:
    case USCRIPT_MALAYALAM:
    case USCRIPT_SINHALA:
      return true;
    default:
      return false;
  }
}

bool IsLetterOrMark(UChar32 c) {
  return (U_GET_GC_MASK(c) & (U_GC_L_MASK | U_GC_M_MASK)) != 0;
}

// Whether the joiner at word[start, end) stands where a word of a script
// that uses joiners needs one: right after a letter or a combining mark
// (a virama, a vowel sign) and right before a letter or mark (so neither
// at an end nor doubled), and the nearest letters on both sides (marks
// skipped) are of such scripts.
bool JoinerBelongs(std::string_view word, int32_t start, int32_t end) {
  const auto* p = reinterpret_cast<const uint8_t*>(word.data());
  const int32_t n = static_cast<int32_t>(word.size());
  // Each side: the characters next to the joiner up to the nearest
  // letter must be marks, and that letter decides the script.
  bool before = false;
  for (int32_t i = start; i > 0;) {
    UChar32 c;
    U8_PREV(p, 0, i, c);
    if (c < 0 || !IsLetterOrMark(c)) return false;
    if (U_GET_GC_MASK(c) & U_GC_L_MASK) {
      before = ScriptUsesJoiners(c);
      break;
    }
  }
  if (!before) return false;
  for (int32_t i = end; i < n;) {
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0 || !IsLetterOrMark(c)) return false;
    if (U_GET_GC_MASK(c) & U_GC_L_MASK) return ScriptUsesJoiners(c);
  }
  return false;
}

}  // namespace

Status CheckUserWord(std::string_view word, std::string_view where) {
  if (Status s = CheckWordSyntax(word, where); !s.ok()) return s;
  std::string msg(where);
  if (!msg.empty()) msg += ": ";
  if (word.front() == '#') {
    return Status::InvalidArgument(msg + "'" + PrintableWord(word) +
                                   "': a word may not start with '#'");
  }
  // Invisible formatting characters (Unicode Cf: zero-width spaces, the
  // bidirectional marks, embeddings, overrides and isolates, word joiners,
  // the BOM): a word holding one looks like another word, or reorders the
  // text around it, and no one means to add it. The two joiners are the
  // exception where a script spells words with them (JoinerBelongs).
  const auto* p = reinterpret_cast<const uint8_t*>(word.data());
  const int32_t n = static_cast<int32_t>(word.size());
  for (int32_t i = 0; i < n;) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0 || u_charType(c) != U_FORMAT_CHAR) continue;
    char code[16];
    std::snprintf(code, sizeof(code), "U+%04X", static_cast<unsigned>(c));
    if (c == kZeroWidthNonJoiner || c == kZeroWidthJoiner) {
      if (JoinerBelongs(word, start, i)) continue;
      return Status::InvalidArgument(
          msg + "'" + PrintableWord(word) + "': " + code +
          (c == kZeroWidthJoiner ? " (zero width joiner)" : " (zero width non-joiner)") +
          " is only allowed between two letters of a script that spells "
          "words with it (Arabic, Syriac, N'Ko, Mongolian, the Indic "
          "scripts), once");
    }
    return Status::InvalidArgument(
        msg + "'" + PrintableWord(word) +
        "': contains an invisible formatting character (" + code + ")");
  }
  return Status::Ok();
}

Status ParseWordList(std::string_view bytes, std::string_view name,
                     WordForms* forms, std::vector<std::string>* words,
                     std::vector<std::string>* bad_lines) {
  words->clear();
  if (bad_lines != nullptr) bad_lines->clear();
  std::unordered_set<std::string> seen;
  std::string normalized;
  Status status;
  ForEachLine(bytes, [&](std::string_view raw, uint64_t number) {
    const std::string_view line = TrimSpaces(raw);
    if (line.empty() || line.front() == '#') return true;
    const std::string where = std::string(name) + ":" + std::to_string(number);
    std::string problem;
    if (Status s = CheckWordSyntax(line, where); !s.ok()) {
      problem = s.message();
    } else if (!forms->Normalize(line, &normalized)) {
      problem = where + ": invalid UTF-8";
    }
    if (!problem.empty()) {
      if (bad_lines != nullptr) {
        bad_lines->push_back(std::move(problem));
        return true;
      }
      status = Status::Corruption(std::move(problem));
      return false;
    }
    if (seen.insert(normalized).second) words->push_back(normalized);
    return true;
  });
  if (!status.ok()) words->clear();
  return status;
}

void SplitTrustedWordList(std::string_view bytes,
                          std::vector<std::string>* words) {
  words->clear();
  words->reserve(std::count(bytes.begin(), bytes.end(), '\n'));
  ForEachLine(bytes, [words](std::string_view line, uint64_t) {
    words->emplace_back(line);
    return true;
  });
}

std::string SerializeWordList(std::span<const std::string> words) {
  size_t total = 0;
  for (const std::string& w : words) total += w.size() + 1;
  std::string out;
  out.reserve(total);
  for (const std::string& w : words) {
    out += w;
    out += '\n';
  }
  return out;
}

std::vector<SourcedWord> ParseImport(std::string_view bytes,
                                     std::string_view name,
                                     ImportSummary* summary) {
  std::vector<SourcedWord> out;
  ImportSummary local;
  ImportSummary& sum = summary != nullptr ? *summary : local;
  ForEachLine(bytes, [&](std::string_view raw, uint64_t number) {
    std::string_view line = TrimSpaces(raw);
    if (number == 1 && line.starts_with("personal_ws-1.1")) {
      sum.aspell_header = true;
      return true;
    }
    if (number == 1 && IsNumber(line)) return true;
    if (line.empty() || line.front() == '#') return true;
    if (line.front() == '*') {
      ++sum.forbidden;
      return true;
    }
    std::string word;
    bool stripped = false;
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '/') {
        word += '/';
        ++i;
      } else if (line[i] == '/') {
        stripped = true;
        break;
      } else {
        word += line[i];
      }
    }
    sum.flags_stripped += stripped;
    out.push_back(SourcedWord{
        std::move(word), std::string(name) + ":" + std::to_string(number)});
    return true;
  });
  return out;
}

}  // namespace spellfilter
