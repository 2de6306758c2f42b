// libFuzzer target for the language server (app/lsp): the input is the
// byte stream a client sends on the server's stdin (framing, JSON,
// messages of any shape, in any order); the server must neither crash nor
// hang, and must end (Run returns 0 or 1) at the input's end. When the
// first byte is odd, a well-formed initialize comes first, so that most
// inputs reach the document handling. Each input gets a fresh engine.
// Replies go to /dev/null. Project files are only read: the engine writes
// none while fuzzing (FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION, engine.cpp),
// and there is no user word list.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "app/lsp/engine.h"
#include "app/lsp/server.h"
#include "tests/fuzz/fuzz_dictionary.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::unique_ptr<spellfilter::Dictionary> dict =
      spellfilter::fuzz::MakeDictionary({"the", "cat", "one", "two", "caf\xC3\xA9"});
  static std::FILE* sink = std::fopen("/dev/null", "w");
  std::string input;
  if (size > 0 && (data[0] & 1) != 0) {
    const std::string init =
        R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{},)"
        R"("initializationOptions":{"maxDiagnostics":50}}})";
    input = "Content-Length: " + std::to_string(init.size()) + "\r\n\r\n" + init;
  }
  if (size > 0) input.append(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::FILE* in = fmemopen(input.data(), input.size(), "r");
  if (in == nullptr) return 0;  // empty input
  {
    spellfilter::lsp::Engine engine(*dict, nullptr, nullptr);
    spellfilter::lsp::Server server(engine, in, sink);
    const int code = server.Run();
    if (code != 0 && code != 1) __builtin_trap();
  }
  std::fclose(in);
  return 0;
}
