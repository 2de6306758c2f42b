// Latency of `spellfilter lsp` on a 10,000-line file, as a client sees it:
// the time from sending a message to reading the publishDiagnostics it
// causes (both pipes included). Opens a generated C++ file (comments,
// strings, identifiers, a misspelling every 25 lines), then types 200
// single characters into lines across the file as incremental didChange
// messages, and prints the median, 95th percentile and maximum. Every
// occurrence is reported (--max-repeats 0: the file repeats its few
// misspellings, which code mode would otherwise report five times each),
// so each edit publishes all 400 diagnostics, the worst case.
//   lsp_latency SPELLFILTER EN_US_SFD PROGRAMMING_SFD [LINES]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "tests/lsp/lsp_client.h"

using spellfilter::lsp_test::json;
using spellfilter::lsp_test::LspClient;

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: lsp_latency SPELLFILTER EN_US_SFD PROGRAMMING_SFD [LINES]\n");
    return 2;
  }
  const int lines = argc > 4 ? std::atoi(argv[4]) : 10000;
  std::string text;
  for (int i = 0; i < lines; ++i) {
    switch (i % 5) {
      case 0: text += "// Returns the number of bytes read from the input stream.\n"; break;
      case 1: text += "static size_t readInputBuffer(const char* data, size_t length) {\n"; break;
      case 2: text += "  std::string message = \"could not open the configuration file\";\n"; break;
      case 3: text += i % 25 == 3 ? "  int recieveCount = parseHeader(data); /* teh header */\n"
                                  : "  int receiveCount = parseHeader(data); /* the header */\n"; break;
      default: text += "}\n"; break;
    }
  }
  LspClient client({argv[1], "lsp", "-d", argv[2], "--code-dict", argv[3], "--no-user",
                    "--max-repeats", "0"});
  const std::string uri = "file:///latency.cpp";
  using Clock = std::chrono::steady_clock;
  const auto ms = [](Clock::duration d) {
    return std::chrono::duration<double, std::milli>(d).count();
  };
  client.ReadReply(client.Request("initialize", {{"capabilities", json::object()}}));
  client.Notify("initialized", json::object());
  auto t0 = Clock::now();
  client.Notify("textDocument/didOpen",
                {{"textDocument", {{"uri", uri}, {"languageId", "cpp"}, {"version", 1}, {"text", text}}}});
  json d = client.ReadDiagnostics(uri);
  const double open_ms = ms(Clock::now() - t0);
  const size_t open_count = d["diagnostics"].size();

  std::vector<double> samples;
  for (int k = 0; k < 200; ++k) {
    const int line = (k * 9973) % lines;
    json change = {{"textDocument", {{"uri", uri}, {"version", k + 2}}},
                   {"contentChanges",
                    {{{"range", {{"start", {{"line", line}, {"character", 3}}},
                                 {"end", {{"line", line}, {"character", 3}}}}},
                      {"text", "x"}}}}};
    t0 = Clock::now();
    client.Notify("textDocument/didChange", change);
    d = client.ReadDiagnostics(uri);
    samples.push_back(ms(Clock::now() - t0));
  }
  std::sort(samples.begin(), samples.end());
  std::printf("lines %d, bytes %zu\n", lines, text.size());
  std::printf("open: %.1f ms to the first diagnostics (%zu)\n", open_ms, open_count);
  std::printf("edit (200 one-character didChange): median %.2f ms, p95 %.2f ms, max %.2f ms\n",
              samples[samples.size() / 2], samples[samples.size() * 95 / 100],
              samples.back());
  client.ReadReply(client.Request("shutdown", nullptr));
  client.Notify("exit", nullptr);
  return client.Wait();
}
