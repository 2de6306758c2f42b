#!/usr/bin/env python3
"""Checks that every #include in core/ points down the layers of
docs/architecture.md and that core includes nothing of app/ or Qt. Prints each violation as
FILE:LINE: what; exits 1 if there is any.

Usage: scripts/check_layers.py [ROOT]
"""

import os
import re
import sys

# Each core folder and the core folders it may include (itself always).
LAYERS = {
    "util": [],
    "text": ["util"],
    "filter": ["text", "util"],
    "dictionary": ["filter", "text", "util"],
    "hunspell": ["dictionary", "filter", "text", "util"],
    "user": ["dictionary", "filter", "text", "util"],
    "check": ["user", "dictionary", "filter", "text", "util"],
    # The compound search checks its words with the checker's compound
    # splitter (core/suggest/compounds.h); check never includes suggest.
    "suggest": ["check", "user", "dictionary", "filter", "text", "util"],
    "catalog": ["check", "suggest", "hunspell", "user", "dictionary", "filter", "text", "util"],
}
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]')


def check(root):
    problems = []
    for top in ("core",):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                parts = rel.split(os.sep)
                folder = parts[1] if top == "core" and len(parts) > 2 else None
                if top == "core" and folder not in LAYERS:
                    problems.append("%s: core files live in a layer folder (%s)"
                                    % (rel, ", ".join(LAYERS)))
                    continue
                with open(path, encoding="utf-8") as f:
                    for n, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        inc = m.group(1)
                        where = "%s:%d" % (rel, n)
                        if inc.startswith("app/"):
                            problems.append("%s: includes %s (core never includes app/)" % (where, inc))
                        elif top == "core" and re.match(r"Q[A-Za-z]|qt", inc):
                            problems.append("%s: includes %s (core never uses Qt)" % (where, inc))
                        elif top == "core" and inc.startswith("core/"):
                            target = inc.split("/")[1]
                            if target != folder and target not in LAYERS[folder]:
                                problems.append("%s: core/%s includes %s (may include: %s)"
                                                % (where, folder, inc,
                                                   ", ".join([folder] + LAYERS[folder])))
    return problems


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))
    problems = check(root)
    for p in problems:
        print(p)
    print("layers: %d violations" % len(problems))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
