#include "core/dictionary/word_chars.h"

#include <unicode/uchar.h>

#include <algorithm>
#include <string_view>

#include "core/util/byte_order.h"

namespace spellfilter {
namespace {

bool Allowed(char32_t c) {
  return c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF) &&
         !u_hasBinaryProperty(static_cast<UChar32>(c), UCHAR_WHITE_SPACE);
}

}  // namespace

std::vector<char32_t> WordChars::Normalize(std::u32string_view chars) {
  std::vector<char32_t> out;
  for (char32_t c : chars) {
    if (Allowed(c)) out.push_back(c);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (out.size() > kMaxChars) out.resize(kMaxChars);
  return out;
}

std::string WordChars::Encode(std::span<const char32_t> chars) {
  std::string out;
  PutFixed<uint32_t>(&out, static_cast<uint32_t>(chars.size()));
  for (char32_t c : chars) PutFixed<uint32_t>(&out, static_cast<uint32_t>(c));
  return out;
}

const char* WordChars::Parse(std::span<const std::byte> section,
                             WordChars* out) {
  out->chars_.clear();
  if (section.size() < 4) return "word chars: truncated count";
  const uint32_t count = GetFixed<uint32_t>(section.data());
  if (count > kMaxChars) return "word chars: too many characters";
  if ((section.size() - 4) / 4 < count) {
    return "word chars: truncated characters";
  }
  if (section.size() != 4 + size_t{count} * 4) {
    return "word chars: bytes after the last character";
  }
  out->chars_.reserve(count);
  for (uint32_t i = 0; i < count; ++i) {
    const auto c =
        static_cast<char32_t>(GetFixed<uint32_t>(section.data() + 4 + 4 * i));
    if (!Allowed(c)) return "word chars: not a character a word may hold";
    if (!out->chars_.empty() && c <= out->chars_.back()) {
      return "word chars: characters out of order or repeated";
    }
    out->chars_.push_back(c);
  }
  return nullptr;
}

}  // namespace spellfilter
