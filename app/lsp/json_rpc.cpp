#include "app/lsp/json_rpc.h"

#include <strings.h>

#include <algorithm>
#include <charconv>
#include <new>

namespace spellfilter::lsp {
namespace {

constexpr std::string_view kField = "content-length:";
// A line longer than the header allows keeps only its last bytes: enough
// to find a Content-Length field that ends it.
constexpr size_t kKeptTail = 64;

// Where "content-length:" (any case) starts in `line`, or npos.
size_t FindField(std::string_view line) {
  if (line.size() < kField.size()) return std::string_view::npos;
  for (size_t i = 0; i + kField.size() <= line.size(); ++i) {
    if (strncasecmp(line.data() + i, kField.data(), kField.size()) == 0) return i;
  }
  return std::string_view::npos;
}

// The value of a Content-Length field ("  123 "), or -1 when it is not a
// decimal number (a sign, other characters, nothing) or is too large.
long long LengthOf(std::string_view value) {
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
    value.remove_prefix(1);
  }
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) {
    value.remove_suffix(1);
  }
  if (value.empty() || value.front() < '0' || value.front() > '9') return -1;
  unsigned long long n = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (ec == std::errc::result_out_of_range) return static_cast<long long>(kMaxMessageBytes) + 1;
  if (ec != std::errc() || end != value.data() + value.size()) return -1;
  return n > kMaxMessageBytes ? static_cast<long long>(kMaxMessageBytes) + 1
                              : static_cast<long long>(n);
}

}  // namespace

ReadResult ReadMessage(std::FILE* in, std::string* body, Status* status) {
  *status = Status::Ok();
  body->clear();
  // The header read so far.
  std::string length_line;
  bool has_length = false;
  size_t header_bytes = 0;
  bool any = false;  // a byte of this header was read
  std::string line;
  for (;;) {
    line.clear();
    bool too_long = false;
    int c;
    while ((c = std::fgetc(in)) != EOF && c != '\n') {
      line.push_back(static_cast<char>(c));
      if (line.size() >= kMaxHeaderBytes + kKeptTail) {
        too_long = true;
        line.erase(0, line.size() - kKeptTail);
      }
    }
    if (c == EOF && line.empty() && !too_long) {
      if (any) *status = Status::InvalidArgument("input ended in a header");
      return ReadResult::kEnd;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const size_t field = FindField(line);
    if (field != std::string_view::npos && (field > 0 || too_long)) {
      // Bytes before a Content-Length field: what is left of a body or of
      // a line too long. The header starts at the field.
      line.erase(0, field);
      too_long = false;
      header_bytes = 0;
      has_length = false;
    } else if (too_long) {
      // Skip to the next header: this one cannot be read.
      *status = Status::InvalidArgument("header line longer than " +
                                        std::to_string(kMaxHeaderBytes) +
                                        " bytes; skipped");
      return ReadResult::kBadFrame;
    }
    if (line.empty()) {
      if (!any) {
        if (c == EOF) return ReadResult::kEnd;
        continue;  // a stray line break between messages
      }
      break;  // the end of the header
    }
    any = true;
    header_bytes += line.size() + 2;
    if (header_bytes > kMaxHeaderBytes) {
      *status = Status::InvalidArgument("header longer than " +
                                        std::to_string(kMaxHeaderBytes) +
                                        " bytes; skipped");
      return ReadResult::kBadFrame;
    }
    if (line.size() >= kField.size() &&
        strncasecmp(line.c_str(), kField.data(), kField.size()) == 0) {
      length_line = line.substr(kField.size());
      has_length = true;
    }
    if (c == EOF) {
      *status = Status::InvalidArgument("input ended in a header");
      return ReadResult::kEnd;
    }
  }
  if (!has_length) {
    *status = Status::InvalidArgument("message without Content-Length; skipped");
    return ReadResult::kBadFrame;
  }
  const long long length = LengthOf(length_line);
  if (length < 0) {
    *status = Status::InvalidArgument("Content-Length \"" + length_line +
                                      "\" is not a length; skipped");
    return ReadResult::kBadFrame;
  }
  if (length > static_cast<long long>(kMaxMessageBytes)) {
    *status = Status::InvalidArgument(
        "Content-Length" + length_line + " is more than the " +
        std::to_string(kMaxMessageBytes >> 20) + " MiB allowed; skipped");
    return ReadResult::kBadFrame;
  }
  // The body as it arrives: a length announced but never sent costs
  // nothing resident (the room is reserved once, not copied as it grows,
  // and its pages are touched as bytes arrive).
  constexpr size_t kChunk = 64 << 10;
  size_t left = static_cast<size_t>(length);
  try {
    body->reserve(left);
  } catch (const std::bad_alloc&) {
    // No room for it: skipped, the server goes on.
    std::string().swap(*body);
    char skip[4096];
    while (left > 0) {
      const size_t n = std::fread(skip, 1, std::min(left, sizeof(skip)), in);
      if (n == 0) {
        *status = Status::InvalidArgument("message body cut short");
        return ReadResult::kEnd;
      }
      left -= n;
    }
    *status = Status::InvalidArgument("message of " + std::to_string(length) +
                                      " bytes: out of memory; skipped");
    return ReadResult::kBadFrame;
  }
  while (left > 0) {
    const size_t n = std::min(left, kChunk);
    const size_t old = body->size();
    body->resize(old + n);
    const size_t got = std::fread(body->data() + old, 1, n, in);
    if (got != n) {
      body->resize(old + got);
      *status = Status::InvalidArgument("message body cut short");
      return ReadResult::kEnd;
    }
    left -= n;
  }
  return ReadResult::kMessage;
}

void WriteMessage(std::FILE* out, std::string_view body) {
  std::fprintf(out, "Content-Length: %zu\r\n\r\n", body.size());
  std::fwrite(body.data(), 1, body.size(), out);
  std::fflush(out);
}

}  // namespace spellfilter::lsp
