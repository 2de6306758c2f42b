#include "core/text/code_filter.h"

#include <string_view>

#include "core/text/code_noise.h"

namespace spellfilter {
namespace {

bool IsWordByte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' ||
         (static_cast<unsigned char>(c) & 0x80) != 0;
}

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

void BlankRange(char* begin, char* end) {
  for (char* p = begin; p < end; ++p) BlankByte(p);
}

// "#include" or "# include" (any blanks) at p, followed by a non-word byte.
bool IsInclude(const char* p, const char* end) {
  if (p >= end || *p != '#') return false;
  ++p;
  while (p < end && IsBlank(*p)) ++p;
  constexpr std::string_view kInclude = "include";
  if (static_cast<size_t>(end - p) < kInclude.size() ||
      std::string_view(p, kInclude.size()) != kInclude) {
    return false;
  }
  p += kInclude.size();
  return p == end || !IsWordByte(*p);
}

}  // namespace

bool CodeFilter::AfterUrlScheme(const char* p, const char* end) const {
  const unsigned char letter = static_cast<unsigned char>(previous_[1]) | 0x20;
  return previous_[0] == ':' && letter >= 'a' && letter <= 'z' &&
         p + 2 < end && !IsBlank(p[2]) && p[2] != '\n' && p[2] != '\r';
}

size_t CodeFilter::Opening(const char* p, const char* end) {
  const char c = *p;
  const char next = p + 1 < end ? p[1] : '\0';
  const char previous = previous_[0];
  const auto string = [&](char quote, int count, bool raw, bool multiline) {
    state_ = State::kString;
    quote_ = quote;
    quote_count_ = count;
    raw_ = raw;
    multiline_ = multiline;
    return static_cast<size_t>(count);
  };
  switch (language_) {
    case CodeLanguage::kCLike:
      if (c == '#' && (previous == '\n' || IsBlank(previous)) &&
          IsInclude(p, end)) {
        return state_ = State::kInclude, 1;
      }
      if (c == '/' && next == '/' && !AfterUrlScheme(p, end)) {
        return state_ = State::kLineComment, 2;
      }
      if (c == '/' && next == '*') return state_ = State::kBlockComment, 2;
      if (c == '"') return string('"', 1, false, false);
      if (c == '\'' && !IsWordByte(previous)) return string('\'', 1, false, false);
      if (c == '`') return string('`', 1, false, true);
      return 0;
    case CodeLanguage::kPython: {
      if (c == '#') return state_ = State::kLineComment, 1;
      if (c != '"' && c != '\'') return 0;
      // r'...', rb"...", fr"..." are raw: backslashes stay.
      const auto is_r = [](char b) { return b == 'r' || b == 'R'; };
      const bool raw = is_r(previous_[0]) ||
                       (IsWordByte(previous_[0]) && is_r(previous_[1]));
      if (p + 2 < end && p[1] == c && p[2] == c) return string(c, 3, raw, true);
      return string(c, 1, raw, false);
    }
    case CodeLanguage::kHash:
      if (c == '#' && (previous == '\n' || IsBlank(previous))) {
        return state_ = State::kLineComment, 1;
      }
      if (c == '"') return string('"', 1, false, false);
      if (c == '\'' && !IsWordByte(previous)) return string('\'', 1, true, false);
      return 0;
    case CodeLanguage::kJson:
      if (c == '"') return string('"', 1, false, false);
      return 0;
  }
  return 0;
}

size_t CodeFilter::Closing(const char* p, const char* end) const {
  if (state_ == State::kBlockComment) {
    return p + 1 < end && p[0] == '*' && p[1] == '/' ? 2 : 0;
  }
  if (state_ != State::kString) return 0;
  for (int i = 0; i < quote_count_; ++i) {
    if (p + i >= end || p[i] != quote_) return 0;
  }
  return static_cast<size_t>(quote_count_);
}

namespace {

// In a comment or string [from, to): each run of word bytes joined by '_'
// (g_autoptr, G_REGEX_ERROR_SUBPATTERN), and the word after Doxygen's
// @param or \param (and [in], [out]), is a name from the code, not prose;
// its stretch is appended to *code (offsets from `begin`).
void AddNamesInProse(const char* from, const char* to, const char* begin,
                     std::vector<CodeSpan>* code) {
  bool after_param = false;  // the last word was Doxygen's @param or \param
  for (const char* p = from; p < to;) {
    if (!IsWordByte(*p)) {
      // Blanks and a direction ([in], [out]) may follow @param.
      if (after_param && *p != ' ' && *p != '\t' && *p != '[' &&
          *p != ']' && *p != ',') {
        after_param = false;
      }
      ++p;
      continue;
    }
    const char* start = p;
    const bool param_name = after_param;
    after_param = false;
    bool joined = false;
    while (p < to && IsWordByte(*p)) {
      joined |= *p == '_' && p > start && p + 1 < to && IsWordByte(p[1]) &&
                p[1] != '_';
      ++p;
    }
    const std::string_view word(start, static_cast<size_t>(p - start));
    const bool command = start > from &&
                         (start[-1] == '@' || start[-1] == '\\') &&
                         (word == "param" || word == "tparam");
    const bool direction = param_name && (word == "in" || word == "out");
    if (joined || (param_name && !direction)) {
      code->push_back(CodeSpan{static_cast<size_t>(start - begin),
                               static_cast<size_t>(p - begin)});
    }
    after_param = command || direction;
  }
}

}  // namespace

void CodeFilter::Blank(std::span<char> text, std::vector<CodeSpan>* code) {
  if (code != nullptr) code->clear();
  char* const begin = text.data();
  char* const end = begin + text.size();
  // The stretch being kept (a comment's or string's text, or code in
  // kAll), whose noise is blanked when it ends.
  char* kept = nullptr;
  // What the stretch being kept is (before the state changes).
  const auto context = [&] {
    if (state_ == State::kLineComment || state_ == State::kBlockComment) {
      return NoiseContext::kComment;
    }
    if (state_ == State::kString) {
      return raw_ ? NoiseContext::kRawString : NoiseContext::kString;
    }
    return NoiseContext::kCode;
  };
  const auto end_kept = [&](char* at, NoiseContext c) {
    if (kept != nullptr) {
      if (code != nullptr && c != NoiseContext::kCode) {
        AddNamesInProse(kept, at, begin, code);
      }
      BlankCodeNoise(kept, at, c);
      if (code != nullptr && c == NoiseContext::kCode && at > kept) {
        code->push_back(CodeSpan{static_cast<size_t>(kept - begin),
                                 static_cast<size_t>(at - begin)});
      }
    }
    kept = nullptr;
  };
  const auto back_to_code = [&](char* at) {
    state_ = State::kCode;
    if (scope_ == CodeScope::kAll) kept = at;
  };
  if (state_ != State::kCode || scope_ == CodeScope::kAll) kept = begin;
  // Remembers the bytes before p as they were (code is blanked as it
  // goes), then moves p on by n.
  const auto advance = [&](char*& p, size_t n) {
    for (size_t i = 0; i < n; ++i) {
      previous_[1] = previous_[0];
      previous_[0] = p[i];
    }
    p += n;
  };
  for (char* p = begin; p < end;) {
    if (state_ == State::kCode) {
      if (const size_t n = Opening(p, end); n > 0) {
        end_kept(p, NoiseContext::kCode);
        advance(p, n);
        BlankRange(p - n, p);
        kept = p;
        continue;
      }
      advance(p, 1);
      if (scope_ == CodeScope::kCommentsAndStrings) BlankByte(p - 1);
      continue;
    }
    if (state_ == State::kInclude) {
      // Blanked to the line's end.
      if (*p == '\n') {
        back_to_code(p);
      } else {
        kept = nullptr;
        BlankByte(p);
      }
      advance(p, 1);
      continue;
    }
    if (*p == '\n') {
      if (state_ == State::kLineComment ||
          (state_ == State::kString && !multiline_)) {
        end_kept(p, context());
        back_to_code(p);
      }
      advance(p, 1);
      continue;
    }
    if (state_ == State::kString && !raw_ && *p == '\\') {
      advance(p, p + 1 < end && p[1] != '\n' ? 2 : 1);
      continue;
    }
    if (const size_t n = Closing(p, end); n > 0) {
      end_kept(p, context());
      advance(p, n);
      BlankRange(p - n, p);
      back_to_code(p);
      continue;
    }
    advance(p, 1);
  }
  end_kept(end, context());
}

}  // namespace spellfilter
