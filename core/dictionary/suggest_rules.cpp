#include "core/dictionary/suggest_rules.h"

#include <unicode/utf8.h>

#include <cstring>
#include <string_view>

namespace spellfilter {
namespace {

void PutU32(std::string* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>(v >> (8 * i)));
}

void PutText(std::string* out, const std::string& text) {
  PutU32(out, static_cast<uint32_t>(text.size()));
  out->append(text);
}

bool ValidUtf8(std::string_view s) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  for (int32_t i = 0; i < n;) {
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0) return false;
  }
  return true;
}

class Reader {
 public:
  explicit Reader(std::span<const std::byte> s) : s_(s) {}
  bool U32(uint32_t* v) {
    if (s_.size() - at_ < 4) return false;
    *v = 0;
    for (int i = 0; i < 4; ++i) {
      *v |= static_cast<uint32_t>(s_[at_ + i]) << (8 * i);
    }
    at_ += 4;
    return true;
  }
  bool U8(uint8_t* v) {
    if (at_ >= s_.size()) return false;
    *v = static_cast<uint8_t>(s_[at_++]);
    return true;
  }
  bool Text(std::string* out) {
    uint32_t len = 0;
    if (!U32(&len) || s_.size() - at_ < len) return false;
    out->assign(reinterpret_cast<const char*>(s_.data() + at_), len);
    at_ += len;
    return ValidUtf8(*out);
  }
  bool done() const { return at_ == s_.size(); }

 private:
  std::span<const std::byte> s_;
  size_t at_ = 0;
};

}  // namespace

std::string SuggestRules::Encode() const {
  std::string out;
  PutU32(&out, kSuggestRulesVersion);
  const size_t count = (try_letters.empty() ? 0 : 1) + rep.size() +
                       map.size() + (key.empty() ? 0 : 1) + phone.size();
  PutU32(&out, static_cast<uint32_t>(count));
  auto record = [&](Kind kind, const std::string& a, const std::string& b) {
    out.push_back(static_cast<char>(kind));
    PutText(&out, a);
    PutText(&out, b);
  };
  const std::string none;
  if (!try_letters.empty()) record(kTry, try_letters, none);
  for (const auto& [a, b] : rep) record(kRep, a, b);
  for (const std::string& g : map) record(kMap, g, none);
  if (!key.empty()) record(kKey, key, none);
  for (const auto& [a, b] : phone) record(kPhone, a, b);
  return out;
}

const char* SuggestRules::Parse(std::span<const std::byte> section,
                                SuggestRules* out) {
  *out = SuggestRules();
  Reader r(section);
  uint32_t version = 0;
  uint32_t count = 0;
  if (!r.U32(&version) || !r.U32(&count)) {
    return "suggestion rules section too short";
  }
  if (version != kSuggestRulesVersion) {
    return "unknown suggestion rules version";
  }
  if (count > kMaxSuggestRules) return "too many suggestion rules";
  for (uint32_t i = 0; i < count; ++i) {
    uint8_t kind = 0;
    std::string a;
    std::string b;
    if (!r.U8(&kind) || !r.Text(&a) || !r.Text(&b)) {
      return "truncated or invalid suggestion rule";
    }
    switch (kind) {
      case kTry:
        out->try_letters = std::move(a);
        break;
      case kRep:
        out->rep.emplace_back(std::move(a), std::move(b));
        break;
      case kMap:
        out->map.push_back(std::move(a));
        break;
      case kKey:
        out->key = std::move(a);
        break;
      case kPhone:
        out->phone.emplace_back(std::move(a), std::move(b));
        break;
      default:
        return "unknown suggestion rule kind";
    }
  }
  if (!r.done()) return "bytes after the last suggestion rule";
  return nullptr;
}

std::vector<std::string> SuggestRules::MapMembers(const std::string& group) {
  std::vector<std::string> members;
  if (!ValidUtf8(group)) return members;
  size_t i = 0;
  while (i < group.size()) {
    if (group[i] == '(') {
      const size_t close = group.find(')', i + 1);
      if (close == std::string::npos) break;
      if (close > i + 1) members.push_back(group.substr(i + 1, close - i - 1));
      i = close + 1;
      continue;
    }
    size_t len = 1;
    const auto lead = static_cast<unsigned char>(group[i]);
    if (lead >= 0xF0) {
      len = 4;
    } else if (lead >= 0xE0) {
      len = 3;
    } else if (lead >= 0xC0) {
      len = 2;
    }
    members.push_back(group.substr(i, len));
    i += len;
  }
  return members;
}

}  // namespace spellfilter
