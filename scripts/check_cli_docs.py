#!/usr/bin/env python3
"""Checks the bash completion and the man page against the parser's own
option list, so they cannot drift from it again (issue 27, item 15).

    scripts/check_cli_docs.py SPELLFILTER [SOURCE_DIR]

For each subcommand, `spellfilter CMD --help` gives the options CLI11
knows. The completion (resources/bash-completion/spellfilter) must offer
exactly those long options for the command, and complete the values of
each option that takes one of a fixed set (ENUM, or {a,b} in the help)
with exactly that set. The man page (resources/man/spellfilter.1) must name
every option that is not marked "Experiments:" (its long or short form). Exit 1 with one line per
difference.
"""
import os
import re
import subprocess
import sys

COMMANDS = ["build", "check", "lsp", "stats", "suggest", "add", "remove", "words"]
IGNORED = {"--help", "--version"}


def parser_options(exe, cmd):
    """{long option: (short or None, value set or None, experimental)}"""
    help_text = subprocess.run([exe, cmd, "--help"], check=True, text=True,
                               capture_output=True).stdout
    options = {}
    lines = help_text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"\s+(?:(-[a-zA-Z]),)?(--[a-z][a-z0-9-]*)(\S*)(?: (\S+))?",
                     line)
        if not m or m.group(2) in IGNORED:
            continue
        short, name, _, kind = m.groups()
        values = None
        if kind:
            mapped = re.search(r"value in \{([^}]*)\}", kind + line)
            plain = re.search(r":\{([^}]*)\}", kind)
            if mapped:
                # name->value pairs; a name may hold a comma ("comments,strings").
                values = set(re.findall(r"(.+?)->[^,]*(?:,|$)", mapped.group(1)))
            elif plain:
                values = set(plain.group(1).split(","))
        # The description is on this line or the next.
        rest = line[m.end():] + " " + (lines[i + 1] if i + 1 < len(lines) else "")
        options[name] = (short, values, "Experiments:" in rest)
    return options


def completion_for(text, cmd):
    m = re.search(r"^\s*(?:[a-z|]*\|)?%s(?:\|[a-z|]*)?\) opts=\"([^\"]*)\"" %
                  re.escape(cmd), text, re.M)
    return set(m.group(1).split()) if m else None


def completion_values(text, option):
    """The words completed after `option`, or None."""
    for m in re.finditer(r"^\s*([-a-z|]+)\)\n\s*COMPREPLY=\(\$\(compgen -W "
                         r"\"([^\"]*)\"", text, re.M):
        if option in m.group(1).split("|"):
            return set(m.group(2).split())
    return None


def main():
    exe = sys.argv[1]
    src = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))
    completion = open(os.path.join(src, "resources/bash-completion/spellfilter")).read()
    man = open(os.path.join(src, "resources/man/spellfilter.1")).read()
    man_plain = man.replace("\\-", "-").replace("\\fB", "").replace("\\fR", "")
    problems = []
    for cmd in COMMANDS:
        options = parser_options(exe, cmd)
        offered = completion_for(completion, cmd)
        if offered is None:
            problems.append(f"completion: no option list for {cmd}")
            continue
        offered -= IGNORED
        for name in sorted(set(options) - offered):
            problems.append(f"completion: {cmd} lacks {name}")
        for name in sorted(offered - set(options)):
            problems.append(f"completion: {cmd} offers {name}, which it does not take")
        for name, (short, values, experimental) in sorted(options.items()):
            if values:
                got = completion_values(completion, name)
                if got != values:
                    problems.append(f"completion: values of {name} are "
                                    f"{sorted(got or [])}, the parser's {sorted(values)}")
                if short and completion_values(completion, short) != values:
                    problems.append(f"completion: values of {short} differ from {name}'s")
            forms = [name] + ([short] if short else [])
            if not experimental and not any(
                    re.search(r"(?<![a-z-])" + re.escape(f) + r"(?![a-z-])",
                              man_plain) for f in forms):
                problems.append(f"man page: {cmd} {name} is not mentioned")
    for line in problems:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
