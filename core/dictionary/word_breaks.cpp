#include "core/dictionary/word_breaks.h"

#include <string_view>

#include "core/text/utf8.h"
#include "core/util/byte_order.h"

namespace spellfilter {

std::string WordBreaks::Encode(std::span<const std::string> patterns) {
  std::string out;
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(patterns.size()));
  for (const std::string& p : patterns) {
    PutFixed<uint32_t>(&out, static_cast<uint32_t>(p.size()));
    out += p;
  }
  return out;
}

const char* WordBreaks::Parse(std::span<const std::byte> section,
                              WordBreaks* out) {
  out->patterns_.clear();
  const std::string_view s(reinterpret_cast<const char*>(section.data()),
                           section.size());
  if (s.size() < 4) return "word breaks: truncated count";
  const uint32_t count = GetFixed<uint32_t>(section.data());
  if (count > kMaxPatterns) return "word breaks: too many patterns";
  size_t at = 4;
  for (uint32_t i = 0; i < count; ++i) {
    if (s.size() - at < 4) return "word breaks: truncated pattern length";
    const uint32_t bytes = GetFixed<uint32_t>(section.data() + at);
    at += 4;
    if (bytes == 0 || bytes > kMaxPatternBytes) {
      return "word breaks: bad pattern length";
    }
    if (s.size() - at < bytes) return "word breaks: truncated pattern";
    const std::string_view p = s.substr(at, bytes);
    if (FirstInvalidUtf8(p) != std::string_view::npos) {
      return "word breaks: pattern is not UTF-8";
    }
    out->patterns_.emplace_back(p);
    at += bytes;
  }
  if (at != s.size()) return "word breaks: bytes after the last pattern";
  return nullptr;
}

}  // namespace spellfilter
