// spellfilter: the command line front-end. Parsing and dispatch only; each
// command lives in its own file and calls into core.
#include <cstdio>
#include <iostream>
#include <vector>

#include "app/cli/command.h"
#include "app/cli/icu_data.h"
#include "app/cli/pipe_mode.h"

namespace {

constexpr char kVersion[] = "spellfilter " SPELLFILTER_VERSION;

constexpr char kFooter[] =
    "Exit status: 0 success (check: no misspellings), 1 misspellings found,\n"
    "2 error (bad usage, missing, unreadable or damaged file).";

}  // namespace

namespace spellfilter::cli {

int ReportError(const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "spellfilter: %s\n", message.c_str());
  return kExitError;
}

}  // namespace spellfilter::cli

int main(int argc, char** argv) {
  using namespace spellfilter::cli;
  if (std::string error; !LoadIcuData(&error)) return ReportError(error);
  // ispell's pipe protocol has its own, ispell-style command line.
  if (WantsPipeMode(argc, argv)) return RunPipeMode(argc, argv);
  CLI::App app{"A spell checker whose dictionary is a Bloom filter.",
               "spellfilter"};
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
