// Each subcommand registers its options on the CLI11 parser and returns the
// function that runs it once the command line is parsed.
#ifndef SPELLFILTER_APP_CLI_COMMAND_H_
#define SPELLFILTER_APP_CLI_COMMAND_H_

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

namespace spellfilter::cli {

// Documented in the README and in --help.
inline constexpr int kExitOk = 0;           // success; no misspellings
inline constexpr int kExitMisspelled = 1;   // check: misspellings found
inline constexpr int kExitError = 2;        // bad usage, unreadable or damaged file

struct Command {
  CLI::App* app;
  std::function<int()> run;
};

Command AddBuildCommand(CLI::App* parent);
Command AddCheckCommand(CLI::App* parent);
Command AddDictsCommand(CLI::App* parent);
Command AddStatsCommand(CLI::App* parent);
Command AddSuggestCommand(CLI::App* parent);
// User word list: add, remove, words (user_words_command.cpp).
Command AddAddCommand(CLI::App* parent);
Command AddRemoveCommand(CLI::App* parent);
Command AddWordsCommand(CLI::App* parent);
// The language server (lsp_command.cpp).
Command AddLspCommand(CLI::App* parent);

// Prints "spellfilter: MESSAGE" on stderr, control characters and bytes
// that are not UTF-8 (from file names) escaped (terminal_text.h); returns
// kExitError.
int ReportError(const std::string& message);
// Prints "spellfilter: warning: MESSAGE" on stderr, escaped the same way.
void ReportWarning(const std::string& message);

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_COMMAND_H_
