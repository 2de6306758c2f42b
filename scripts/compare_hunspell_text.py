#!/usr/bin/env python3
"""Compares what `spellfilter check` flags in raw running text with what
`hunspell -l` flags in the same text (issue 32, WORDCHARS): both cut the
text into words themselves, so this measures the tokenizers as well as the
verdicts, where scripts/compare_hunspell_verdicts.py gives both checkers
the same tokens.

For each dictionary (a Hunspell .dic in --hunspell-dir):
  1. converts it afresh with `spellfilter build --hunspell` (no cached
     conversion, so the file has what this build writes);
  2. gathers raw text in its language: the translated messages of
     /usr/share/locale/LL/LC_MESSAGES/*.mo (msgunfmt; msgstr only, format
     specifiers, markup and accelerators removed, as
     compare_hunspell_verdicts.py does), one message a line, until about
     --words white-space separated words;
  3. runs `hunspell -i UTF-8 -d DIC -l` and `spellfilter check -d SFD` on
     that text file, each printing the flagged words in order;
  4. compares the two lists as multisets: words only Hunspell flags
     ("missed") and words only spellfilter flags ("extra"), per 10,000
     words of text, with the most frequent examples.

  scripts/compare_hunspell_text.py --build build sv_SE hy_AM
  scripts/compare_hunspell_text.py --spellfilter OLD/app/cli/spellfilter sv_SE

Needs: hunspell (the command), gettext (msgunfmt), the dictionaries.
"""

import argparse
import collections
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare_hunspell_verdicts as cv  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def raw_text(name, words):
    lines = []
    count = 0
    for mo in cv.mo_files(cv.locales_for(name)):
        for line in cv.mo_text(mo).split("\n"):
            line = " ".join(line.split())
            if not line:
                continue
            lines.append(line)
            count += len(line.split())
            if count >= words:
                return "\n".join(lines) + "\n", count
    return "\n".join(lines) + "\n", count


def run_lines(cmd, timeout=600):
    r = subprocess.run(cmd, capture_output=True, timeout=timeout,
                       stdin=subprocess.DEVNULL)
    if r.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)}: exit {r.returncode}: "
                 f"{r.stderr.decode('utf-8', 'replace').strip()}")
    return [w for w in r.stdout.decode("utf-8", "replace").split("\n") if w]


def compare(name, args, work):
    dic = os.path.join(args.hunspell_dir, name + ".dic")
    sfd = os.path.join(work, name + ".sfd")
    r = subprocess.run([args.spellfilter, "build", "--hunspell", dic, "-o",
                        sfd, "--quiet"], capture_output=True,
                       stdin=subprocess.DEVNULL)
    if r.returncode != 0:
        sys.exit(f"{name}: conversion failed: "
                 f"{r.stderr.decode('utf-8', 'replace').strip()}")
    text, words = raw_text(name, args.words)
    path = os.path.join(work, name + ".txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    hun = run_lines(["hunspell", "-i", "UTF-8", "-d",
                     os.path.join(args.hunspell_dir, name), "-l", path])
    sf = run_lines([args.spellfilter, "check", "-d", sfd, path])
    h = collections.Counter(hun)
    s = collections.Counter(sf)
    missed = h - s
    extra = s - h
    per = 10000 / max(words, 1)
    return {
        "name": name, "words": words,
        "hunspell": sum(h.values()), "spellfilter": sum(s.values()),
        "missed": sum(missed.values()) * per,
        "extra": sum(extra.values()) * per,
        "missed_examples": missed.most_common(args.examples),
        "extra_examples": extra.most_common(args.examples),
    }


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build", help="build directory (app/cli/spellfilter)")
    p.add_argument("--spellfilter", help="the spellfilter CLI")
    p.add_argument("--hunspell-dir", default="/usr/share/hunspell")
    p.add_argument("--words", type=int, default=20000,
                   help="words of text per dictionary (default 20000)")
    p.add_argument("--examples", type=int, default=12)
    p.add_argument("--work", help="where the .sfd and texts go "
                   "(default: a temporary directory)")
    p.add_argument("dictionaries", nargs="+")
    args = p.parse_args()
    if not args.spellfilter:
        args.spellfilter = os.path.join(args.build or os.path.join(ROOT, "build"),
                                        "app", "cli", "spellfilter")
    with tempfile.TemporaryDirectory() as tmp:
        work = args.work or tmp
        os.makedirs(work, exist_ok=True)
        print("| dictionary | words | flagged by hunspell -l | by spellfilter "
              "| only Hunspell's, per 10,000 | only spellfilter's, per 10,000 |")
        print("|---|--:|--:|--:|--:|--:|")
        rows = [compare(n, args, work) for n in args.dictionaries]
        for v in rows:
            print(f"| {v['name']} | {v['words']} | {v['hunspell']} | "
                  f"{v['spellfilter']} | {v['missed']:.1f} | {v['extra']:.1f} |")
        for v in rows:
            fmt = lambda ex: ", ".join(f"{w} ({c})" for w, c in ex) or "-"
            print(f"\n{v['name']}: only Hunspell flags: {fmt(v['missed_examples'])}")
            print(f"{v['name']}: only spellfilter flags: {fmt(v['extra_examples'])}")


if __name__ == "__main__":
    main()
