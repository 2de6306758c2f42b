#!/usr/bin/env python3
"""Regenerates dictionaries/en_variants.txt: the words of SCOWL's other
English spellings that en_US.txt leaves out, which code mode accepts beside
the programming words (the CMakeLists compiles both lists into
programming.sfd).

Selection: SCOWL's variant_1 (common variants: acknowledgement), british,
canadian and australian word lists of the sizes en_US.txt takes (10 to 70),
minus the words en_US.txt has. Code is written by people of every English;
a comment saying `colour` or `initialise` has no typo, as cspell, whose
English accepts such spellings, agrees. Prose keeps en_US.txt alone.
Then SCOWL's size-80 words (english, american and the same kinds) that
en_US.txt leaves out (`polymorphically`, `bitwise`), minus every one that
is one edit (a letter left out, added, changed, or two swapped) from a
word of en_US.txt, in lower case: size 80 holds typos of common words
(`strig`, `underlaying`, `aswell`, `belive`), which code mode must still
flag, and a word one edit from a common word is more likely its typo. The
same test code mode applies to run-on identifiers (core/check/
run_on_words.h), done here once so a check costs nothing more.

Last, the lower case of names (`stephen`, `helena`: en_US.txt's
capitalised entries, `Stephen`, and those of SCOWL's proper-name lists up
to size 80), as comments write them, minus every one that is one edit
from (or is) a lower-case word of en_US.txt: `colum` (Colum, a name) is
one edit from `column` and stays flagged.

Usage: make_en_variants.py [OUTPUT]   (default: en_variants.txt beside it)
Environment: SCOWL_DIR overrides /usr/share/dict/scowl (Debian package
scowl). Deterministic: the same SCOWL and en_US.txt give the same bytes.
"""

import os
import re
import subprocess
import sys

KINDS = ("variant_1", "british", "canadian", "australian")
SIZES = (10, 20, 35, 40, 50, 55, 60, 70)
LARGER_KINDS = ("english", "american") + KINDS
LARGER_SIZES = (80,)
LETTERS = "abcdefghijklmnopqrstuvwxyz"
NAME_KINDS = ("english", "american", "variant_1", "british", "british_z",
              "canadian", "australian", "australian_variant_1")
NAME_SIZES = (35, 40, 50, 55, 60, 70, 80)
NAME = re.compile(r"[A-Z][a-z]+(?:'s)?")


def one_edit(word):
    """The strings one edit from `word`: a letter left out, two neighbours
    swapped, a letter changed or added (a-z)."""
    n = len(word)
    for i in range(n):
        yield word[:i] + word[i + 1:]
    for i in range(n - 1):
        if word[i] != word[i + 1]:
            yield word[:i] + word[i + 1] + word[i] + word[i + 2:]
    for i in range(n + 1):
        for c in LETTERS:
            if i < n and c != word[i]:
                yield word[:i] + c + word[i + 1:]
            yield word[:i] + c + word[i:]


def read_lists(directory, kinds, sizes, en_us):
    words = set()
    for kind in kinds:
        for size in sizes:
            path = os.path.join(directory, f"{kind}-words.{size}")
            if not os.path.exists(path):
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    w = line.strip()
                    if w and w not in en_us and "\ufffd" not in w:
                        words.add(w)
    return words


def scowl_version(directory):
    if directory != "/usr/share/dict/scowl":
        return "(unknown version)"
    try:
        v = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "scowl"],
                           capture_output=True, text=True, check=True).stdout
        return v + " (Debian package scowl)"
    except (OSError, subprocess.CalledProcessError):
        return "(unknown version)"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "en_variants.txt")
    directory = os.environ.get("SCOWL_DIR", "/usr/share/dict/scowl")
    if not os.path.isdir(directory):
        sys.exit(f"make_en_variants.py: {directory}: no SCOWL word lists "
                 "(apt-get install scowl, or set SCOWL_DIR)")
    en_us = set()
    with open(os.path.join(here, "en_US.txt"), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                en_us.add(line.rstrip("\n").split("\t")[0])
    words = read_lists(directory, KINDS, SIZES, en_us)
    lower_en_us = {w.lower() for w in en_us}
    larger = read_lists(directory, LARGER_KINDS, LARGER_SIZES, en_us) - words
    near = {w for w in larger
            if w.lower() not in lower_en_us
            and any(e in lower_en_us for e in one_edit(w.lower()))}
    words |= larger - near
    names = {w for w in en_us if NAME.fullmatch(w)}
    for kind in NAME_KINDS:
        for size in NAME_SIZES:
            path = os.path.join(directory, f"{kind}-proper-names.{size}")
            if os.path.exists(path):
                with open(path, encoding="utf-8", errors="replace") as f:
                    names |= {w for w in (l.strip() for l in f) if NAME.fullmatch(w)}
    lower_words = {w for w in en_us if w == w.lower()}
    lower_names = set()
    names_near = 0
    for name in names:
        low = name.lower()
        base = low[:-2] if low.endswith("'s") else low
        if low in lower_words:
            continue
        if base in lower_words or any(e in lower_words for e in one_edit(base)):
            names_near += 1
        else:
            lower_names.add(low)
    words |= lower_names
    with open(out, "w", encoding="utf-8") as f:
        f.write("# en_variants.txt - other English spellings for spellfilter's code mode.\n"
                f"# Generated by dictionaries/make_en_variants.py from SCOWL {scowl_version(directory)};\n"
                "# see SCOWL-COPYRIGHT. Do not edit by hand.\n"
                f"# Lists: {{{','.join(KINDS)}}}-words.{{{','.join(map(str, SIZES))}}}, minus en_US.txt's words;\n"
                f"# and {{{','.join(LARGER_KINDS)}}}-words.{{{','.join(map(str, LARGER_SIZES))}}}, minus en_US.txt's words\n"
                f"# and the {len(near)} one edit from an en_US.txt word in lower case;\n"
                f"# and the lower case of the names of en_US.txt and {{{','.join(NAME_KINDS)}}}-proper-names.{{{','.join(map(str, NAME_SIZES))}}},\n"
                f"# minus the {names_near} one edit from (or being) a lower-case en_US.txt word.\n"
                f"# {len(words)} words\n")
        for w in sorted(words, key=lambda s: s.encode("utf-8")):
            f.write(w + "\n")


if __name__ == "__main__":
    main()
