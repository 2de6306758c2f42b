// Helpers for tests that run the real `spellfilter` executable through the
// shell: quoting, a scratch directory per test, stdin/stdout/stderr as files.
#ifndef SPELLFILTER_TESTS_CLI_RUNNER_H_
#define SPELLFILTER_TESTS_CLI_RUNNER_H_

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace spellfilter::cli_runner {

namespace fs = std::filesystem;

struct Result {
  int exit_code;
  std::string out;
  std::string err;
};

// Single-quoted for sh.
inline std::string Quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

inline std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void Write(const fs::path& p, const std::string& data) {
  std::ofstream(p, std::ios::binary) << data;
}

inline int Lines(const std::string& s) {
  return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}

// A fresh directory named after the running test.
inline fs::path MakeTestDirectory(const std::string& prefix) {
  const fs::path dir =
      fs::temp_directory_path() /
      (prefix + "_" + std::to_string(::getpid()) + "_" +
       ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::create_directories(dir);
  return dir;
}

// `exe` followed by the quoted arguments.
inline std::string CommandLine(const std::string& exe,
                               const std::vector<std::string>& args) {
  std::string cmd = Quote(exe);
  for (const std::string& a : args) cmd += " " + Quote(a);
  return cmd;
}

// Runs a shell command line with `input` on stdin; the streams go through
// files in `dir`.
inline Result RunShell(const std::string& command_line, const std::string& input,
                       const fs::path& dir) {
  Write(dir / "stdin", input);
  const std::string cmd = command_line + " < " + Quote((dir / "stdin").string()) +
                          " > " + Quote((dir / "stdout").string()) + " 2> " +
                          Quote((dir / "stderr").string());
  const int status = std::system(cmd.c_str());
  return Result{WIFEXITED(status) ? WEXITSTATUS(status) : -1,
                Slurp(dir / "stdout"), Slurp(dir / "stderr")};
}

}  // namespace spellfilter::cli_runner

#endif  // SPELLFILTER_TESTS_CLI_RUNNER_H_
