#include "app/lsp/json_rpc.h"

#include <cstdlib>
#include <cstring>

namespace spellfilter::lsp {
namespace {

// Far above any document an editor sends; a bad header must not make the
// server allocate what it says.
constexpr long kMaxMessageBytes = 1L << 30;

}  // namespace

bool ReadMessage(std::FILE* in, std::string* body, Status* status) {
  *status = Status::Ok();
  long length = -1;
  std::string line;
  bool any = false;
  for (;;) {
    line.clear();
    int c;
    while ((c = std::fgetc(in)) != EOF && c != '\n') line.push_back(static_cast<char>(c));
    if (c == EOF && line.empty()) {
      if (any) *status = Status::InvalidArgument("lsp: input ended in a header");
      return false;
    }
    any = true;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) break;  // end of the header
    constexpr std::string_view kField = "content-length:";
    if (line.size() > kField.size() &&
        strncasecmp(line.c_str(), kField.data(), kField.size()) == 0) {
      length = std::strtol(line.c_str() + kField.size(), nullptr, 10);
    }
  }
  if (length < 0) {
    *status = Status::InvalidArgument("lsp: message without Content-Length");
    return false;
  }
  if (length > kMaxMessageBytes) {
    *status = Status::InvalidArgument("lsp: message of " + std::to_string(length) +
                                      " bytes, more than the 1 GiB allowed");
    return false;
  }
  body->resize(static_cast<size_t>(length));
  if (length > 0 &&
      std::fread(body->data(), 1, body->size(), in) != body->size()) {
    *status = Status::InvalidArgument("lsp: message body cut short");
    return false;
  }
  return true;
}

void WriteMessage(std::FILE* out, std::string_view body) {
  std::fprintf(out, "Content-Length: %zu\r\n\r\n", body.size());
  std::fwrite(body.data(), 1, body.size(), out);
  std::fflush(out);
}

}  // namespace spellfilter::lsp
