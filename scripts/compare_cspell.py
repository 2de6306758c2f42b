#!/usr/bin/env python3
"""Side by side with cspell on code nobody here wrote (docs/code_checking.md).

    scripts/compare_cspell.py --spellfilter build/app/cli/spellfilter \
        --dicts build/dictionaries NAME=DIR[:GLOB] ...

For each corpus (the files under DIR matching GLOB, default all that
`spellfilter check DIR` would check), runs
    spellfilter check -f lines -d DICTS/en_US.sfd --code-dict
        DICTS/programming.sfd --no-user FILES
    cspell lint --no-progress --no-summary --no-color FILES
(both with their defaults: code mode by extension, all of a file, words of
4 letters or more) and counts each one's flags. A flag is a real
misspelling when codespell's list of common misspellings
(codespell_lib/data/dictionary.txt, Debian package codespell) has the word
(lower-cased); every other flag is counted as a false flag. That is an
upper bound on false flags (a typo codespell does not list counts as
false) and a lower bound on finds, the same for both tools.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import time

CODESPELL = "/usr/lib/python3/dist-packages/codespell_lib/data/dictionary.txt"
CSPELL_LINE = re.compile(r"^(.*?):(\d+):(\d+) - Unknown word \((.*?)\)")
SF_LINE = re.compile(r"^(.*?):(\d+):(\d+): (.*)$")


def misspellings():
    out = set()
    with open(CODESPELL, encoding="utf-8") as f:
        for line in f:
            word = line.split("->", 1)[0].strip().lower()
            if word:
                out.add(word)
    return out


def files_of(spellfilter, spec):
    directory, _, pattern = spec.partition(":")
    if pattern:
        return sorted(glob.glob(os.path.join(directory, pattern), recursive=True))
    raise SystemExit("compare_cspell.py: give DIR:GLOB for " + spec)


def run_spellfilter(args, files):
    start = time.time()
    p = subprocess.run([args.spellfilter, "check", "-f", "lines", "--no-user",
                        "-d", os.path.join(args.dicts, "en_US.sfd"),
                        "--code-dict", os.path.join(args.dicts, "programming.sfd")] + files,
                       capture_output=True, text=True)
    flags = []
    for line in p.stdout.splitlines():
        m = SF_LINE.match(line)
        if m:
            flags.append((os.path.abspath(m[1]), int(m[2]), m[4]))
    return flags, time.time() - start


def run_cspell(directory, files):
    start = time.time()
    # Run in the corpus's directory (cspell checks no file outside its
    # working directory's tree), which holds no cspell configuration.
    p = subprocess.run(["cspell", "lint", "--no-progress", "--no-summary",
                        "--no-color", "--no-must-find-files"] +
                       [os.path.relpath(f, directory) for f in files],
                       capture_output=True, text=True, cwd=directory)
    flags = []
    for line in p.stdout.splitlines():
        m = CSPELL_LINE.match(line)
        if m:
            flags.append((os.path.join(directory, m[1]), int(m[2]), m[4]))
    return flags, time.time() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spellfilter", required=True)
    ap.add_argument("--dicts", required=True)
    ap.add_argument("--examples", type=int, default=0,
                    help="print this many false flags of each tool per corpus")
    ap.add_argument("corpora", nargs="+", help="NAME=DIR:GLOB")
    args = ap.parse_args()
    typos = misspellings()
    print("| corpus | files | lines | tool | flags | false flags / 1,000 lines "
          "| distinct per file: false / 1,000 lines "
          "| real misspellings found (word and file; of both tools' union) | seconds |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|")
    for corpus in args.corpora:
        name, _, spec = corpus.partition("=")
        files = [os.path.abspath(f) for f in files_of(args.spellfilter, spec)
                 if os.path.isfile(f)]
        lines = 0
        for f in files:
            with open(f, "rb") as fh:
                lines += fh.read().count(b"\n")
        results = {"spellfilter": run_spellfilter(args, files),
                   "cspell": run_cspell(os.path.abspath(spec.partition(":")[0]), files)}
        real = {}
        for tool, (flags, _) in results.items():
            # Each misspelled word once per file: cspell reports a word at
            # most 5 times per file.
            real[tool] = {(f, w.lower()) for f, _, w in flags if w.lower() in typos}
        union = real["spellfilter"] | real["cspell"]
        for tool, (flags, seconds) in results.items():
            false = [x for x in flags if x[2].lower() not in typos]
            # cspell reports a word at most 5 times per file
            # (maxDuplicateProblems); counting each word once per file
            # compares without that cap.
            false_distinct = {(f, w) for f, _, w in false}
            print(f"| {name} | {len(files)} | {lines:,} | {tool} | {len(flags):,} | "
                  f"{1000 * len(false) / max(lines, 1):.1f} | "
                  f"{1000 * len(false_distinct) / max(lines, 1):.1f} | "
                  f"{len(real[tool])} of {len(union)} | {seconds:.1f} |")
            if args.examples:
                from collections import Counter
                common = Counter(w for _, _, w in false).most_common(args.examples)
                print(f"<!-- {tool} {name} most frequent false: " +
                      ", ".join(f"{w} {n}" for w, n in common) + " -->")
        for tool in results:
            missed = sorted(union - real[tool])
            if missed:
                print(f"<!-- {tool} missed on {name}: " +
                      ", ".join(f"{os.path.basename(f)} {w}" for f, w in missed[:30]) +
                      " -->")
    return 0


if __name__ == "__main__":
    sys.exit(main())
