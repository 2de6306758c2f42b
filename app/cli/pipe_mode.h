// spellfilter -a: the ispell/Hunspell pipe protocol, for editors (Emacs's
// ispell.el and flyspell, Vim plug-ins, ...) that drive a checker through a
// pipe. See pipe_mode.cpp for the protocol as implemented.
#ifndef SPELLFILTER_APP_CLI_PIPE_MODE_H_
#define SPELLFILTER_APP_CLI_PIPE_MODE_H_

namespace spellfilter::cli {

// Whether the command line asks for pipe mode (-a or --pipe anywhere), for
// ispell's list mode (-l, before any subcommand: the misspelled words of
// stdin, one per line, what flyspell-buffer runs on a large buffer), or for
// ispell's version banner (-v, -vv: what ispell clients ask first).
bool WantsPipeMode(int argc, char** argv);

// Runs the protocol (or list mode) on stdin/stdout until end of input;
// returns the exit status.
int RunPipeMode(int argc, char** argv);

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_PIPE_MODE_H_
