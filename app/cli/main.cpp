// spellfilter: the command line front-end. Parsing and dispatch only; each
// command lives in its own file and calls into core.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/command.h"
#include "app/cli/icu_data.h"
#include "app/cli/pipe_mode.h"
#include "app/cli/terminal_text.h"

namespace {

constexpr char kVersion[] = "spellfilter " SPELLFILTER_VERSION;

constexpr char kFooter[] =
    "Exit status: 0 success (check: no misspellings), 1 misspellings found,\n"
    "2 error (bad usage, missing, unreadable or damaged file).";

constexpr char kPipeModes[] =
    "ispell-compatible modes (for editors; `spellfilter -a --help`):\n"
    "  spellfilter -a [-d DICT] [-p FILE] [-t]   ispell pipe protocol\n"
    "  spellfilter -l [-d DICT] [-p FILE] [-t]   list misspelled words of "
    "stdin\n";

// Flags that set `false` ("!--no-x") are shown as "--no-x", not as CLI11's
// "--no-x{false}".
class Formatter : public CLI::Formatter {
 public:
  std::string make_option_name(const CLI::Option* opt,
                               bool is_positional) const override {
    std::string name = CLI::Formatter::make_option_name(opt, is_positional);
    for (size_t open; (open = name.find('{')) != std::string::npos;) {
      const size_t close = name.find('}', open);
      if (close == std::string::npos) break;
      name.erase(open, close - open + 1);
    }
    return name;
  }
};

}  // namespace

namespace spellfilter::cli {

int ReportError(const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "spellfilter: %s\n", TerminalSafe(message).c_str());
  return kExitError;
}

void ReportWarning(const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "spellfilter: warning: %s\n",
               TerminalSafe(message).c_str());
}

}  // namespace spellfilter::cli

int main(int argc, char** argv) {
  using namespace spellfilter::cli;
  if (std::string error; !LoadIcuData(&error)) return ReportError(error);
  // ispell's pipe protocol has its own, ispell-style command line.
  if (WantsPipeMode(argc, argv)) return RunPipeMode(argc, argv);
  CLI::App app{"A spell checker whose dictionary is a Bloom filter.",
               "spellfilter"};
  app.formatter(std::make_shared<Formatter>());
  app.set_version_flag("--version", kVersion);
  app.footer(kFooter);
  app.require_subcommand(1);

  std::vector<Command> commands = {AddBuildCommand(&app),
                                   AddCheckCommand(&app),
                                   AddDictsCommand(&app),
                                   AddStatsCommand(&app),
                                   AddSuggestCommand(&app),
                                   AddAddCommand(&app),
                                   AddRemoveCommand(&app),
                                   AddWordsCommand(&app),
                                   AddLspCommand(&app)};
  for (Command& c : commands) {
    c.app->set_version_flag("--version", kVersion);
    c.app->footer(kFooter);
  }
  app.footer(std::string(kPipeModes) + "\n" + kFooter);
  // A first argument that is neither an option nor a command: name it.
  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    std::string names;
    for (const Command& c : commands) {
      known = known || c.app->check_name(argv[1]);
      names += (names.empty() ? "" : ", ") + c.app->get_name();
    }
    if (!known) {
      return ReportError(std::string("'") + argv[1] +
                         "' is not a command (commands: " + names +
                         "; see --help)");
    }
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return ReportError(std::string(e.what()) + " (see --help)");
  }
  for (Command& c : commands) {
    if (c.app->parsed()) return c.run();
  }
  return ReportError("no command given (see --help)");
}
