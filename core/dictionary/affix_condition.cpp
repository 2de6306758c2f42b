#include "core/dictionary/affix_condition.h"

#include <algorithm>

namespace spellfilter {

bool AffixCondition::Pattern::Matches(char32_t c) const {
  if (any) return true;
  if (chars.size() == 1) return (chars[0] == c) != negated;
  bool in = false;
  for (char32_t x : chars) in |= x == c;
  return in != negated;
}

StatusOr<AffixCondition> AffixCondition::Parse(std::u32string_view text) {
  AffixCondition cond;
  if (text == U".") return cond;
  for (size_t i = 0; i < text.size();) {
    Pattern p;
    if (text[i] == U'[') {
      const size_t close = text.find(U']', i + 1);
      if (close == std::u32string_view::npos) {
        return Status::InvalidArgument("missing ']' in condition");
      }
      size_t from = i + 1;
      if (from < close && text[from] == U'^') {
        p.negated = true;
        ++from;
      }
      if (from == close) {
        return Status::InvalidArgument("empty [] in condition");
      }
      p.chars = std::u32string(text.substr(from, close - from));
      i = close + 1;
    } else if (text[i] == U']') {
      return Status::InvalidArgument("']' without '[' in condition");
    } else if (text[i] == U'.') {
      p.any = true;
      ++i;
    } else {
      p.chars = std::u32string(1, text[i]);
      ++i;
    }
    cond.patterns_.push_back(std::move(p));
  }
  return cond;
}

bool AffixCondition::MatchesStart(std::u32string_view word) const {
  if (word.size() < patterns_.size()) return false;
  for (size_t i = 0; i < patterns_.size(); ++i) {
    if (!patterns_[i].Matches(word[i])) return false;
  }
  return true;
}

bool AffixCondition::MatchesEnd(std::u32string_view word) const {
  if (word.size() < patterns_.size()) return false;
  const size_t start = word.size() - patterns_.size();
  for (size_t i = 0; i < patterns_.size(); ++i) {
    if (!patterns_[i].Matches(word[start + i])) return false;
  }
  return true;
}

bool AffixCondition::MatchesStart(std::u32string_view head,
                                  std::u32string_view tail) const {
  if (head.size() + tail.size() < patterns_.size()) return false;
  for (size_t i = 0; i < patterns_.size(); ++i) {
    const char32_t c = i < head.size() ? head[i] : tail[i - head.size()];
    if (!patterns_[i].Matches(c)) return false;
  }
  return true;
}

bool AffixCondition::MatchesEnd(std::u32string_view head,
                                std::u32string_view tail) const {
  const size_t n = head.size() + tail.size();
  if (n < patterns_.size()) return false;
  const size_t start = n - patterns_.size();
  // From the stem's last character, which most conditions constrain most
  // (the answer does not depend on the order).
  for (size_t i = patterns_.size(); i-- > 0;) {
    const size_t at = start + i;
    const char32_t c = at < head.size() ? head[at] : tail[at - head.size()];
    if (!patterns_[i].Matches(c)) return false;
  }
  return true;
}

bool AffixCondition::MatchesEndPart(std::u32string_view s, size_t first,
                                    size_t count) const {
  if (s.size() < count || first + count > patterns_.size()) return false;
  const size_t start = s.size() - count;
  for (size_t i = count; i-- > 0;) {
    if (!patterns_[first + i].Matches(s[start + i])) return false;
  }
  return true;
}

std::u32string AffixCondition::Text() const {
  if (patterns_.empty()) return U".";
  std::u32string text;
  for (const Pattern& p : patterns_) {
    if (p.any) {
      text.push_back(U'.');
    } else if (p.negated || p.chars.size() != 1 || p.chars[0] == U'.' ||
               p.chars[0] == U'[' || p.chars[0] == U']') {
      text.push_back(U'[');
      if (p.negated) text.push_back(U'^');
      text += p.chars;
      text.push_back(U']');
    } else {
      text += p.chars;
    }
  }
  return text;
}

void AffixCondition::Reverse() { std::reverse(patterns_.begin(), patterns_.end()); }

}  // namespace spellfilter
