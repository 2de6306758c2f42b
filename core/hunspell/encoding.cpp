#include "core/hunspell/encoding.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cctype>
#include <vector>

namespace spellfilter {
namespace {

std::string Upper(std::string_view s) {
  std::string u(s);
  for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return u;
}

// Hunspell's SET names that ICU does not know under that spelling.
std::string IcuName(std::string_view set_name) {
  const std::string u = Upper(set_name);
  for (std::string_view prefix : {"ISO8859-", "ISO-8859-", "ISO8859_"}) {
    if (u.starts_with(prefix)) {
      return "ISO-8859-" + u.substr(prefix.size());
    }
  }
  if (u == "MICROSOFT-CP1251") return "windows-1251";
  if (u == "TIS620-2533") return "TIS-620";
  if (u == "ISCII-DEVANAGARI") return "ISCII,version=0";
  return std::string(set_name);
}

}  // namespace

struct HunspellDecoder::Converter {
  ~Converter() {
    if (cnv != nullptr) ucnv_close(cnv);
  }
  UConverter* cnv = nullptr;
  std::vector<UChar> utf16;
};

HunspellDecoder::HunspellDecoder(bool utf8, std::unique_ptr<Converter> converter)
    : utf8_(utf8), converter_(std::move(converter)) {}
HunspellDecoder::HunspellDecoder(HunspellDecoder&&) noexcept = default;
HunspellDecoder& HunspellDecoder::operator=(HunspellDecoder&&) noexcept = default;
HunspellDecoder::~HunspellDecoder() = default;

StatusOr<HunspellDecoder> HunspellDecoder::Open(std::string_view set_name) {
  const std::string u = Upper(set_name);
  if (u == "UTF-8" || u == "UTF8") return HunspellDecoder(true, nullptr);
  auto converter = std::make_unique<Converter>();
  UErrorCode err = U_ZERO_ERROR;
  converter->cnv = ucnv_open(IcuName(set_name).c_str(), &err);
  if (U_FAILURE(err) || converter->cnv == nullptr) {
    return Status::Unsupported("unknown encoding \"" + std::string(set_name) +
                               "\"");
  }
  ucnv_setToUCallBack(converter->cnv, UCNV_TO_U_CALLBACK_STOP, nullptr,
                      nullptr, nullptr, &err);
  if (U_FAILURE(err)) {
    return Status::Unsupported("cannot use encoding \"" +
                               std::string(set_name) + "\"");
  }
  return HunspellDecoder(false, std::move(converter));
}

bool HunspellDecoder::Decode(std::string_view raw, std::u32string* out) {
  out->clear();
  if (utf8_) {
    const auto* p = reinterpret_cast<const uint8_t*>(raw.data());
    const int32_t n = static_cast<int32_t>(raw.size());
    for (int32_t i = 0; i < n;) {
      UChar32 c;
      U8_NEXT(p, i, n, c);
      if (c < 0) return false;
      out->push_back(static_cast<char32_t>(c));
    }
    return true;
  }
  if (raw.empty()) return true;
  // Single-byte encodings give at most one UTF-16 unit per byte; ISCII may
  // give a few.
  std::vector<UChar>& buf = converter_->utf16;
  buf.resize(raw.size() * 4 + 4);
  UErrorCode err = U_ZERO_ERROR;
  ucnv_resetToUnicode(converter_->cnv);
  const int32_t len = ucnv_toUChars(
      converter_->cnv, buf.data(), static_cast<int32_t>(buf.size()), raw.data(),
      static_cast<int32_t>(raw.size()), &err);
  if (U_FAILURE(err)) return false;
  for (int32_t i = 0; i < len;) {
    UChar32 c;
    U16_NEXT(buf.data(), i, len, c);
    out->push_back(static_cast<char32_t>(c));
  }
  return true;
}

void AppendUtf8(std::u32string_view s, std::string* out) {
  for (char32_t c : s) {
    if (c < 0x80) {
      out->push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      out->push_back(static_cast<char>(0xC0 | (c >> 6)));
      out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      out->push_back(static_cast<char>(0xE0 | (c >> 12)));
      out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
      out->push_back(static_cast<char>(0xF0 | (c >> 18)));
      out->push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }
}

}  // namespace spellfilter
