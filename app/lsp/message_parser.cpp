#include "app/lsp/message_parser.h"

namespace spellfilter::lsp {
namespace {

using json = nlohmann::json;

// The SAX handler: json's DOM builder for every value, the path of object
// keys and array levels to tell the document texts, and the depth.
class MessageSax {
 public:
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  MessageSax(json* result, std::vector<std::string>* texts, size_t max_depth)
      : dom_(*result, /*allow_exceptions=*/false), texts_(texts), max_depth_(max_depth) {}

  bool too_deep() const { return too_deep_; }

  bool null() { return dom_.null(); }
  bool boolean(bool v) { return dom_.boolean(v); }
  bool number_integer(number_integer_t v) { return dom_.number_integer(v); }
  bool number_unsigned(number_unsigned_t v) { return dom_.number_unsigned(v); }
  bool number_float(number_float_t v, const string_t& s) { return dom_.number_float(v, s); }
  bool string(string_t& v) {
    if (!IsDocumentText()) return dom_.string(v);
    binary_t marker;
    marker.set_subtype(texts_->size());
    texts_->push_back(std::move(v));
    return dom_.binary(marker);
  }
  bool binary(binary_t& v) { return dom_.binary(v); }
  bool start_object(std::size_t n) { return Open(false) && dom_.start_object(n); }
  bool key(string_t& k) {
    // Only the first levels' keys are needed to tell a document text.
    if (path_.size() <= 4) path_.back().key = k;
    return dom_.key(k);
  }
  bool end_object() {
    path_.pop_back();
    return dom_.end_object();
  }
  bool start_array(std::size_t n) { return Open(true) && dom_.start_array(n); }
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
  size_t max_depth_;
  std::vector<Level> path_;
  bool too_deep_ = false;
};

}  // namespace

ParseResult ParseMessage(std::string_view body, size_t max_depth, json* message,
                         std::vector<std::string>* texts) {
  texts->clear();
  *message = json();
  MessageSax sax(message, texts, max_depth);
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
