#include "core/text/sentences.h"

namespace spellfilter {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

// Closing quotes and brackets that may follow a full stop: ASCII, and the
// UTF-8 of ’ ” » (E2 80 99, E2 80 9D, C2 BB). Returns their length at `i`,
// or 0.
size_t ClosingAt(std::string_view t, size_t i) {
  const char c = t[i];
  if (c == '"' || c == '\'' || c == ')' || c == ']' || c == '}') return 1;
  if (t.substr(i, 3) == "\xE2\x80\x99" || t.substr(i, 3) == "\xE2\x80\x9D") {
    return 3;
  }
  if (t.substr(i, 2) == "\xC2\xBB") return 2;
  return 0;
}

// A full stop at `i`: its length, or 0. `*cjk`: one of the CJK ones, which
// end a sentence without a space after them.
size_t StopAt(std::string_view t, size_t i, bool* cjk) {
  *cjk = false;
  const char c = t[i];
  if (c == '.' || c == '!' || c == '?') return 1;
  if (static_cast<unsigned char>(c) < 0x80) return 0;
  if (t.substr(i, 3) == "\xE2\x80\xA6") return 3;  // …
  if (t.substr(i, 3) == "\xE3\x80\x82" ||          // 。
      t.substr(i, 3) == "\xEF\xBC\x81" ||          // ！
      t.substr(i, 3) == "\xEF\xBC\x9F") {          // ？
    *cjk = true;
    return 3;
  }
  return 0;
}

// Whether the line starting at `i` (after a line feed) begins a new
// sentence: blank, or a list item, heading, quotation or table row.
bool LineStartsSentence(std::string_view t, size_t i) {
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r')) ++i;
  if (i >= t.size() || t[i] == '\n') return true;
  const char c = t[i];
  if (c == '-' || c == '*' || c == '+' || c == '#' || c == '>' || c == '|') {
    return true;
  }
  size_t j = i;
  while (j < t.size() && t[j] >= '0' && t[j] <= '9') ++j;
  return j > i && j < t.size() && (t[j] == '.' || t[j] == ')');
}

// Whether the '.' at `i` ends a list number that starts its line ("1. ").
bool ListNumberBefore(std::string_view t, size_t i) {
  size_t j = i;
  while (j > 0 && t[j - 1] >= '0' && t[j - 1] <= '9') --j;
  if (j == i) return false;
  while (j > 0 && (t[j - 1] == ' ' || t[j - 1] == '\t')) --j;
  return j == 0 || t[j - 1] == '\n';
}

}  // namespace

void SplitSentences(std::string_view text, std::vector<TextRange>* out) {
  out->clear();
  size_t begin = 0;
  // Ends the sentence at `end` after taking the whitespace that follows.
  auto close = [&](size_t end) {
    while (end < text.size() && IsSpace(text[end])) ++end;
    if (end > begin) out->push_back(TextRange{begin, end});
    begin = end;
    return end;
  };
  for (size_t i = 0; i < text.size();) {
    bool cjk = false;
    if (const size_t stop = StopAt(text, i, &cjk); stop > 0) {
      size_t j = i + stop;
      if (text[i] == '.' && ListNumberBefore(text, i)) {
        i += stop;
        continue;
      }
      if (!cjk) {
        // The rest of a run ("?!", "...") and the closing marks after it.
        for (bool more = true; more && j < text.size();) {
          bool ignored;
          size_t n = StopAt(text, j, &ignored);
          if (n == 0) n = ClosingAt(text, j);
          more = n > 0;
          j += n;
        }
        if (j < text.size() && !IsSpace(text[j])) {
          i = j;  // "3.14", "e.g", "a.b": not an end
          continue;
        }
      }
      i = close(j);
      continue;
    }
    if (text[i] == '\n' && i + 1 < text.size() &&
        LineStartsSentence(text, i + 1)) {
      i = close(i + 1);
      continue;
    }
    ++i;
  }
  if (begin < text.size()) out->push_back(TextRange{begin, text.size()});
}

}  // namespace spellfilter
