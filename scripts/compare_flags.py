#!/usr/bin/env python3
"""Agreement between `spellfilter check` and `hunspell -d en_US -l` on texts:
the share of flagged tokens both flag (|both| / |either|, as multisets), and
the most frequent disagreements.

    scripts/compare_flags.py FILE... [--build DIR] [--top N]
"""
import argparse
import os
import subprocess
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def flagged(cmd, path):
    with open(path, "rb") as f:
        out = subprocess.run(cmd, stdin=f, capture_output=True).stdout
    return Counter(w for w in out.decode("utf-8", "replace").split("\n") if w)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--top", type=int, default=10)
    a = ap.parse_args()
    sf = os.path.join(a.build, "app", "cli", "spellfilter")
    for path in a.files:
        ours = flagged([sf, "check"], path)
        theirs = flagged(["hunspell", "-d", "en_US", "-l"], path)
        both = sum((ours & theirs).values())
        either = sum((ours | theirs).values())
        print(f"{path}: spellfilter {sum(ours.values())}, hunspell "
              f"{sum(theirs.values())}, both {both}, agreement "
              f"{both / either if either else 1:.4f}")
        print("  only spellfilter:", (ours - theirs).most_common(a.top))
        print("  only hunspell:   ", (theirs - ours).most_common(a.top))


if __name__ == "__main__":
    main()
