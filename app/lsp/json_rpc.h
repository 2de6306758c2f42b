// JSON-RPC's framing over a byte stream, as the Language Server Protocol
// uses it on stdio: each message is "Content-Length: N\r\n" (other header
// fields, such as Content-Type, are read and ignored), "\r\n", then N bytes
// of UTF-8 JSON. Only the framing: the JSON is the caller's.
//
// A bad frame never ends the stream: a header without a usable
// Content-Length (missing, negative, not a number, above kMaxMessageBytes)
// or longer than kMaxHeaderBytes is reported and skipped, and reading goes
// on with the next header. A "Content-Length:" field found inside a line,
// after other bytes (the rest of a body whose length was given too short),
// starts a new header there. Memory stays within the caps whatever the
// input: a line of a header is never held beyond kMaxHeaderBytes, and a
// body grows as its bytes arrive, not as its header announces.
#ifndef SPELLFILTER_APP_LSP_JSON_RPC_H_
#define SPELLFILTER_APP_LSP_JSON_RPC_H_

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

#include "core/util/status.h"

namespace spellfilter::lsp {

// The largest body accepted: far above any document an editor sends
// (64 MiB), so that a header cannot make the server allocate what it says.
inline constexpr size_t kMaxMessageBytes = size_t{64} << 20;
// The largest header (all its fields together).
inline constexpr size_t kMaxHeaderBytes = 8 << 10;

enum class ReadResult {
  kMessage,   // *body holds the next message's body
  kBadFrame,  // a frame was skipped; *status says why; read on
  kEnd,       // the input ended (*status: OK if between messages)
};

// Reads the next message's body into *body.
ReadResult ReadMessage(std::FILE* in, std::string* body, Status* status);

// Writes `body` framed and flushes.
void WriteMessage(std::FILE* out, std::string_view body);

}  // namespace spellfilter::lsp

#endif  // SPELLFILTER_APP_LSP_JSON_RPC_H_
