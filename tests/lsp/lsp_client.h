// A test client for `spellfilter lsp`: starts the real binary with its
// stdin and stdout on pipes and speaks JSON-RPC (Content-Length framing)
// to it, as an editor does.
#ifndef SPELLFILTER_TESTS_LSP_LSP_CLIENT_H_
#define SPELLFILTER_TESTS_LSP_LSP_CLIENT_H_

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

namespace spellfilter::lsp_test {

using json = nlohmann::json;

class LspClient {
 public:
  // Runs `argv` (argv[0] the executable); with `address_space` > 0, the
  // server's address space is limited to that many bytes (RLIMIT_AS), so
  // that a large message makes it run out of memory.
  explicit LspClient(const std::vector<std::string>& argv, size_t address_space = 0) {
    int to_child[2], from_child[2];
    if (::pipe(to_child) != 0 || ::pipe(from_child) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      if (address_space > 0) {
        const rlimit limit{address_space, address_space};
        ::setrlimit(RLIMIT_AS, &limit);
      }
      ::dup2(to_child[0], 0);
      ::dup2(from_child[1], 1);
      ::close(to_child[1]);
      ::close(from_child[0]);
      std::vector<char*> args;
      for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    // A server that ends while a message is sent: an error, not SIGPIPE.
    ::signal(SIGPIPE, SIG_IGN);
    ::close(to_child[0]);
    ::close(from_child[1]);
    in_ = ::fdopen(to_child[1], "w");
    out_ = ::fdopen(from_child[0], "r");
  }
  ~LspClient() {
    if (watchdog_.joinable()) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ = true;
      }
      wake_.notify_all();
      watchdog_.join();
    }
    if (in_ != nullptr) std::fclose(in_);
    if (out_ != nullptr) std::fclose(out_);
    if (pid_ > 0 && !waited_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }

  // Kills the server after `seconds` (once): a server that hangs then
  // ends, and Read returns null instead of blocking the test for good.
  // killed() tells whether it came to that.
  void KillAfter(int seconds) {
    watchdog_ = std::thread([this, seconds] {
      std::unique_lock<std::mutex> lock(mutex_);
      if (!wake_.wait_for(lock, std::chrono::seconds(seconds), [this] { return done_; })) {
        killed_ = true;
        ::kill(pid_, SIGKILL);
      }
    });
  }
  bool killed() {
    std::lock_guard<std::mutex> lock(mutex_);
    return killed_;
  }
  // The server's resident memory (VmRSS), in bytes; 0 if unknown.
  size_t ResidentBytes() const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    std::string key;
    while (status >> key) {
      if (key == "VmRSS:") {
        size_t kb = 0;
        status >> kb;
        return kb * 1024;
      }
    }
    return 0;
  }

  // The server's peak resident memory (VmHWM), in bytes; 0 if unknown.
  size_t PeakBytes() const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    std::string key;
    while (status >> key) {
      if (key == "VmHWM:") {
        size_t kb = 0;
        status >> kb;
        return kb * 1024;
      }
    }
    return 0;
  }
  // Sets the peak (VmHWM) back to the resident memory now; false if the
  // kernel does not let us (/proc/PID/clear_refs).
  bool ResetPeak() const {
    std::ofstream clear("/proc/" + std::to_string(pid_) + "/clear_refs");
    clear << "5";
    clear.flush();
    return static_cast<bool>(clear);
  }

  // Bytes as they are, header included.
  void SendBytes(const std::string& bytes) {
    std::fwrite(bytes.data(), 1, bytes.size(), in_);
    std::fflush(in_);
  }
  void SendRaw(const std::string& body) {
    std::fprintf(in_, "Content-Length: %zu\r\n\r\n", body.size());
    std::fwrite(body.data(), 1, body.size(), in_);
    std::fflush(in_);
  }
  void Notify(const std::string& method, const json& params) {
    SendRaw(json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}}.dump());
  }
  // Sends a request; returns its id.
  int Request(const std::string& method, const json& params) {
    const int id = ++next_id_;
    SendRaw(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}
                .dump());
    return id;
  }

  // The next message from the server; a null json at the end of output.
  json Read() {
    long length = -1;
    char line[256];
    for (;;) {
      if (std::fgets(line, sizeof line, out_) == nullptr) return json();
      std::string l(line);
      while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.pop_back();
      if (l.empty()) break;
      if (l.rfind("Content-Length:", 0) == 0) length = std::stol(l.substr(15));
    }
    if (length < 0) return json();
    std::string body(static_cast<size_t>(length), '\0');
    if (std::fread(body.data(), 1, body.size(), out_) != body.size()) return json();
    return json::parse(body);
  }
  // Reads until the reply to request `id` (messages before it are kept in
  // notifications()).
  json ReadReply(int id) {
    for (;;) {
      json m = Read();
      if (m.is_null()) return m;
      if (m.contains("id") && m["id"] == id && !m.contains("method")) return m;
      notifications_.push_back(m);
    }
  }
  // Reads until the next publishDiagnostics for `uri`; returns its params.
  json ReadDiagnostics(const std::string& uri) {
    for (size_t i = 0; i < notifications_.size(); ++i) {
      const json m = notifications_[i];
      if (m.value("method", "") == "textDocument/publishDiagnostics" &&
          m["params"]["uri"] == uri) {
        notifications_.erase(notifications_.begin() + static_cast<long>(i));
        return m["params"];
      }
    }
    for (;;) {
      json m = Read();
      if (m.is_null()) return m;
      if (m.value("method", "") == "textDocument/publishDiagnostics" &&
          m["params"]["uri"] == uri) {
        return m["params"];
      }
      notifications_.push_back(m);
    }
  }
  // Messages read while waiting for others, not yet taken.
  const std::vector<json>& notifications() const { return notifications_; }
  void CloseInput() {
    std::fclose(in_);
    in_ = nullptr;
  }
  // Waits for the server to end; returns its exit code (-1 if signalled).
  int Wait() {
    int status = 0;
    ::waitpid(pid_, &status, 0);
    waited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_ = -1;
  bool waited_ = false;
  std::FILE* in_ = nullptr;
  std::FILE* out_ = nullptr;
  int next_id_ = 0;
  std::vector<json> notifications_;
  std::thread watchdog_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  bool killed_ = false;
};

}  // namespace spellfilter::lsp_test

#endif  // SPELLFILTER_TESTS_LSP_LSP_CLIENT_H_
