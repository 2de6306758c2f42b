#include "app/lsp/message_parser.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace spellfilter::lsp {
namespace {

using json = nlohmann::json;

// The longest key compared with "params", "textDocument", "contentChanges"
// and "text" (escaped as \uXXXX every one of their letters would be 84).
constexpr size_t kMaxKeyBytes = 256;

// The code point of 4 hex digits at `p`, or -1.
long Hex4(const char* p) {
  long v = 0;
  for (int i = 0; i < 4; ++i) {
    const char c = p[i];
    v <<= 4;
    if (c >= '0' && c <= '9') {
      v |= c - '0';
    } else if (c >= 'a' && c <= 'f') {
      v |= c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      v |= c - 'A' + 10;
    } else {
      return -1;
    }
  }
  return v;
}

void AppendUtf8(unsigned long cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// The length of the valid UTF-8 sequence at s[i] (a lead byte of two to
// four bytes), or 0: the ranges the JSON lexer accepts (no overlong forms,
// no surrogates, nothing above U+10FFFF).
size_t Utf8Sequence(std::string_view s, size_t i) {
  const auto at = [&](size_t k) {
    return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u;
  };
  const unsigned c = at(0);
  const auto cont = [&](size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) {
    const unsigned b = at(k);
    return b >= lo && b <= hi;
  };
  if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
  if (c == 0xE0) return cont(1, 0xA0) && cont(2) ? 3 : 0;
  if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) return cont(1) && cont(2) ? 3 : 0;
  if (c == 0xED) return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;
  if (c == 0xF0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xF1 && c <= 0xF3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c == 0xF4) return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

// Decodes the JSON string token body[begin, end) (quotes included) into
// *out; false when it is not a valid one (as the JSON lexer decides).
bool DecodeString(std::string_view body, size_t begin, size_t end, std::string* out) {
  out->clear();
  out->reserve(end - begin - 2);
  for (size_t i = begin + 1; i + 1 < end;) {
    const auto c = static_cast<unsigned char>(body[i]);
    if (c == '\\') {
      if (i + 2 >= end) return false;
      const char e = body[i + 1];
      i += 2;
      switch (e) {
        case '"': out->push_back('"'); break;
        case '\\': out->push_back('\\'); break;
        case '/': out->push_back('/'); break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'u': {
          if (i + 4 > end - 1) return false;
          long cp = Hex4(body.data() + i);
          i += 4;
          if (cp < 0 || (cp >= 0xDC00 && cp <= 0xDFFF)) return false;
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (i + 6 > end - 1 || body[i] != '\\' || body[i + 1] != 'u') return false;
            const long low = Hex4(body.data() + i + 2);
            if (low < 0xDC00 || low > 0xDFFF) return false;
            i += 6;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          AppendUtf8(static_cast<unsigned long>(cp), out);
          break;
        }
        default:
          return false;
      }
    } else if (c < 0x20) {
      return false;
    } else if (c < 0x80) {
      out->push_back(static_cast<char>(c));
      ++i;
    } else {
      const size_t n = Utf8Sequence(body, i);
      if (n == 0 || i + n > end - 1) return false;
      out->append(body.data() + i, n);
      i += n;
    }
  }
  return true;
}

// Takes the document texts out of `body` before it is parsed: each string
// at params.textDocument.text or params.contentChanges[i].text is decoded
// into *texts and replaced, in the body, by `0` (the same JSON around it;
// the rest moved up, not blanked: the lexer records the blanks it skips); *taken says, for each value at such a place in order,
// whether it was taken. A scan that tracks only where it is, not a parser:
// on anything it does not expect it stops, and leaves the rest to the
// parser (which reports the error). Without it, the JSON lexer holds a
// document three times (the body, the raw token it records, the decoded
// string).
void TakeTexts(std::string& body, size_t max_depth, std::vector<std::string>* texts,
               std::vector<bool>* taken) {
  struct Level {
    bool array;
    bool expect_key;  // in an object: the next string is a key
    std::string key;
  };
  std::vector<Level> path;
  const size_t size = body.size();
  // Where the string token starting at body[i] ends (past its quote), or 0.
  const auto string_end = [&](size_t i) -> size_t {
    for (size_t j = i + 1; j < size; ++j) {
      if (body[j] == '\\') {
        ++j;
      } else if (body[j] == '"') {
        return j + 1;
      }
    }
    return 0;
  };
  const auto is_text = [&]() {
    if (path.size() == 3) {
      return !path[0].array && path[0].key == "params" && !path[1].array &&
             path[1].key == "textDocument" && !path[2].array && path[2].key == "text";
    }
    if (path.size() == 4) {
      return !path[0].array && path[0].key == "params" && !path[1].array &&
             path[1].key == "contentChanges" && path[2].array && !path[3].array &&
             path[3].key == "text";
    }
    return false;
  };
  std::string decoded;
  // The string tokens taken, [begin, end): each becomes `0` once the scan
  // is done.
  std::vector<std::pair<size_t, size_t>> cuts;
  const auto cut = [&] {
    if (cuts.empty()) return;
    size_t w = cuts[0].first;
    for (size_t k = 0; k < cuts.size(); ++k) {
      body[w++] = '0';
      const size_t from = cuts[k].second;
      const size_t to = k + 1 < cuts.size() ? cuts[k + 1].first : size;
      std::memmove(body.data() + w, body.data() + from, to - from);
      w += to - from;
    }
    body.resize(w);
  };
  for (size_t i = 0; i < size;) {
    const char c = body[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ':') {
      if (c == ',' && !path.empty() && !path.back().array) path.back().expect_key = true;
      ++i;
    } else if (c == '{' || c == '[') {
      if (path.size() >= max_depth) return cut();
      if (is_text()) taken->push_back(false);
      path.push_back(Level{c == '[', c == '{', {}});
      ++i;
    } else if (c == '}' || c == ']') {
      if (path.empty()) return cut();
      path.pop_back();
      ++i;
    } else if (c == '"') {
      const size_t end = string_end(i);
      if (end == 0) return cut();
      if (!path.empty() && !path.back().array && path.back().expect_key) {
        path.back().expect_key = false;
        if (end - i > kMaxKeyBytes || !DecodeString(body, i, end, &decoded)) {
          path.back().key.clear();
          if (end - i <= kMaxKeyBytes) return cut();  // not a valid key
        } else {
          path.back().key = decoded;
        }
      } else if (is_text()) {
        std::string text;
        if (!DecodeString(body, i, end, &text)) return cut();
        texts->push_back(std::move(text));
        taken->push_back(true);
        cuts.push_back({i, end});
      }
      i = end;
    } else {
      // A number or a literal: up to the next delimiter.
      if (is_text()) taken->push_back(false);
      while (i < size && body[i] != ',' && body[i] != '}' && body[i] != ']' &&
             body[i] != ' ' && body[i] != '\n' && body[i] != '\r' && body[i] != '\t') {
        ++i;
      }
    }
  }
  cut();
}

// The SAX handler: json's DOM builder for every value, the path of object
// keys and array levels to tell the document texts, and the depth.
class MessageSax {
 public:
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  // `taken`: for each value at a document text's place, in order, whether
  // TakeTexts took it (its place then holds 0).
  MessageSax(json* result, std::vector<std::string>* texts, const std::vector<bool>* taken,
             size_t max_depth)
      : dom_(*result, /*allow_exceptions=*/false),
        texts_(texts),
        taken_(taken),
        max_depth_(max_depth) {}

  bool too_deep() const { return too_deep_; }

  bool null() { return Taken() ? Marker() : dom_.null(); }
  bool boolean(bool v) { return Taken() ? Marker() : dom_.boolean(v); }
  bool number_integer(number_integer_t v) {
    return Taken() ? Marker() : dom_.number_integer(v);
  }
  bool number_unsigned(number_unsigned_t v) {
    return Taken() ? Marker() : dom_.number_unsigned(v);
  }
  bool number_float(number_float_t v, const string_t& s) {
    return Taken() ? Marker() : dom_.number_float(v, s);
  }
  bool string(string_t& v) {
    if (Taken()) return Marker();
    if (!IsDocumentText()) return dom_.string(v);
    // (A text TakeTexts left: it stopped before it.)
    texts_->push_back(std::move(v));
    return Marker(texts_->size() - 1);
  }
  bool binary(binary_t& v) { return dom_.binary(v); }
  bool start_object(std::size_t n) { return !Taken() && Open(false) && dom_.start_object(n); }
  bool key(string_t& k) {
    // Only the first levels' keys are needed to tell a document text.
    if (path_.size() <= 4) path_.back().key = k;
    return dom_.key(k);
  }
  bool end_object() {
    path_.pop_back();
    return dom_.end_object();
  }
  bool start_array(std::size_t n) { return !Taken() && Open(true) && dom_.start_array(n); }
  bool end_array() {
    path_.pop_back();
    return dom_.end_array();
  }
  bool parse_error(std::size_t position, const std::string& token,
                   const nlohmann::detail::exception& e) {
    return dom_.parse_error(position, token, e);
  }

 private:
  struct Level {
    bool array;
    std::string key;  // in an object: the last key read
  };

  // Whether the value about to be read is at a document text's place and
  // was taken by TakeTexts (counted: one call per value).
  bool Taken() {
    if (!IsDocumentText()) return false;
    const size_t n = seen_++;
    if (n < taken_->size() && (*taken_)[n]) {
      marker_ = taken_index_++;
      return true;
    }
    return false;
  }
  // The binary value standing for texts_[index] (by default the one
  // Taken found).
  bool Marker(size_t index = static_cast<size_t>(-1)) {
    binary_t marker;
    marker.set_subtype(index == static_cast<size_t>(-1) ? marker_ : index);
    return dom_.binary(marker);
  }
  bool Open(bool array) {
    if (path_.size() >= max_depth_) {
      too_deep_ = true;
      return false;
    }
    path_.push_back(Level{array, {}});
    return true;
  }
  // Whether the string about to be read is params.textDocument.text or
  // params.contentChanges[i].text.
  bool IsDocumentText() const {
    if (path_.size() == 3) {
      return !path_[0].array && path_[0].key == "params" && !path_[1].array &&
             path_[1].key == "textDocument" && !path_[2].array && path_[2].key == "text";
    }
    if (path_.size() == 4) {
      return !path_[0].array && path_[0].key == "params" && !path_[1].array &&
             path_[1].key == "contentChanges" && path_[2].array && !path_[3].array &&
             path_[3].key == "text";
    }
    return false;
  }

  nlohmann::detail::json_sax_dom_parser<json> dom_;
  std::vector<std::string>* texts_;
  const std::vector<bool>* taken_;
  size_t seen_ = 0;         // values at document texts' places read
  size_t taken_index_ = 0;  // of those, taken
  size_t marker_ = 0;
  size_t max_depth_;
  std::vector<Level> path_;
  bool too_deep_ = false;
};

}  // namespace

ParseResult ParseMessage(std::string& body, size_t max_depth, json* message,
                         std::vector<std::string>* texts) {
  texts->clear();
  *message = json();
  std::vector<bool> taken;
  TakeTexts(body, max_depth, texts, &taken);
  MessageSax sax(message, texts, &taken, max_depth);
  const bool ok = json::sax_parse(body, &sax, json::input_format_t::json, /*strict=*/true);
  if (sax.too_deep()) {
    *message = json();
    texts->clear();
    return ParseResult::kTooDeep;
  }
  if (!ok) {
    *message = json();
    texts->clear();
    return ParseResult::kNotJson;
  }
  return ParseResult::kOk;
}

bool TakeText(const json& value, std::vector<std::string>& texts, std::string* text) {
  if (value.is_binary()) {
    const json::binary_t& marker = value.get_binary();
    if (!marker.has_subtype() || marker.subtype() >= texts.size()) return false;
    *text = std::move(texts[marker.subtype()]);
    return true;
  }
  if (value.is_string()) {
    *text = value.get<std::string>();
    return true;
  }
  return false;
}

}  // namespace spellfilter::lsp
