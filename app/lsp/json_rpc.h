// JSON-RPC's framing over a byte stream, as the Language Server Protocol
// uses it on stdio: each message is "Content-Length: N\r\n" (other header
// fields, such as Content-Type, are read and ignored), "\r\n", then N bytes
// of UTF-8 JSON. Only the framing: the JSON is the caller's.
#ifndef SPELLFILTER_APP_LSP_JSON_RPC_H_
#define SPELLFILTER_APP_LSP_JSON_RPC_H_

#include <cstdio>
#include <string>
#include <string_view>

#include "core/util/status.h"

namespace spellfilter::lsp {

// Reads the next message's body into *body. Returns false with an OK
// *status at a clean end of input (EOF before any header byte), false with
// InvalidArgument for a header without Content-Length or a body cut short.
bool ReadMessage(std::FILE* in, std::string* body, Status* status);

// Writes `body` framed and flushes.
void WriteMessage(std::FILE* out, std::string_view body);

}  // namespace spellfilter::lsp

#endif  // SPELLFILTER_APP_LSP_JSON_RPC_H_
