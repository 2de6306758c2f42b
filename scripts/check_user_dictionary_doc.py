#!/usr/bin/env python3
"""Checks (or, with --update, rewrites) the figures of docs/user_dictionary.md
that `spellfilter stats` gives, so they cannot go stale (issue 27, item 16).

    scripts/check_user_dictionary_doc.py SPELLFILTER EN_US_SFD [--update]

Adds 100,000 made-up words (lower-case letters, a fixed random seed) to a
scratch user list for the bundled en_US dictionary, runs `stats` on it, and
compares with the document: the `stats` example block (whole), the prose
figures "T = 1e-6, f_base = ..., P = ..., first layer N words", and the
table row "compound fp, en_US ... + 100,000 user words, predicted".
"""
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "user_dictionary.md")
SHOWN_PATH = "/home/u/.config/spellfilter/user/en_US.words"


def words(n):
    rng = random.Random(27)
    seen = set()
    while len(seen) < n:
        seen.add("".join(rng.choice("abcdefghijklmnopqrstuvwxyz")
                         for _ in range(rng.randint(7, 12))))
    return sorted(seen)


def stats(exe, sfd):
    with tempfile.TemporaryDirectory() as d:
        lst = os.path.join(d, "list.txt")
        user = os.path.join(d, "en_US.words")
        with open(lst, "w") as f:
            f.write("\n".join(words(100000)) + "\n")
        subprocess.run([exe, "add", "-q", "-d", sfd, "--user", user,
                        "--from", lst], check=True)
        out = subprocess.run([exe, "stats", sfd, "--user", user], check=True,
                             text=True, capture_output=True).stdout
        return out.replace(user, SHOWN_PATH)


def g3(x):
    """Three significant digits, as the prose writes them: 4.24e-7."""
    m, e = f"{float(x):.2e}".split("e")
    return f"{m}e{int(e)}"


def short_exponent(x):
    """1e-06 -> 1e-6."""
    return re.sub(r"e-0(\d)", r"e-\1", x)


def main():
    exe, sfd = sys.argv[1], sys.argv[2]
    update = "--update" in sys.argv[3:]
    out = stats(exe, sfd)
    start = out.index("user words")
    block = out[start:out.index("\n", out.index("compound fp", start)) + 1]
    budget = re.search(r"budget\s+(\S+)", block).group(1)
    first = re.search(r"first holds (\d+) words", block).group(1)
    base = re.search(r"base (\S+) \+ user", block).group(1)
    compound = re.search(r"compound fp\s+(\S+)", block).group(1)
    user_fp = re.search(r"user fp\s+(\S+)", block).group(1)
    layers = re.search(r"layers\s+(\d+)", block).group(1)
    target = re.search(r"target fp\s+(\S+)", out).group(1)

    doc = open(DOC).read()
    new = re.sub(r"(shows the layers and the rates.*?\n\n```\n)(.*?)(```)",
                 lambda m: m.group(1) + block + m.group(3), doc, count=1,
                 flags=re.S)
    new = re.sub(r"T = \S+, f_base = \S+, P = \S+, first layer [\d,]+ words",
                 f"T = {short_exponent(target)}, f_base = {g3(base)}, P = {g3(budget)}, "
                 f"first layer {int(first):,} words", new, count=1)
    new = re.sub(r"(\+ 100,000 user words, predicted \| )\S+ \(base \S+, "
                 r"user \S+; \d+ layers\)",
                 lambda m: m.group(1) + f"{float(compound):.4g}".replace("e-0", "e-")
                 + f" (base {g3(base)}, user {g3(user_fp)}; {layers} layers)",
                 new, count=1)
    if new == doc:
        return 0
    if update:
        with open(DOC, "w") as f:
            f.write(new)
        print(f"updated {DOC}")
        return 0
    import difflib
    sys.stdout.writelines(difflib.unified_diff(
        doc.splitlines(True), new.splitlines(True), "docs/user_dictionary.md",
        "from spellfilter stats"))
    print("docs/user_dictionary.md: figures differ from `spellfilter stats`; "
          "run scripts/check_user_dictionary_doc.py SPELLFILTER EN_US_SFD --update")
    return 1


if __name__ == "__main__":
    sys.exit(main())
