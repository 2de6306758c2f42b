#!/usr/bin/env python3
"""Predicted vs measured false-positive rate on random non-words.

Writes N random lower-case strings (4-12 letters, fixed seed) that are not
words of the list, then runs `spellfilter stats DICT --measure` on them.
With --fp P it first builds a dictionary of the list at target P, so the
rate is large enough to measure precisely (the default 1e-6 gives ~0.4
expected hits per million probes).

    scripts/measure_fp.py [--n 1000000] [--fp P] [--layout blocked|classic]
                          [--block-bits 512|1024]
"""
import argparse
import os
import random
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--fp", type=float)
    ap.add_argument("--layout", default="blocked")
    ap.add_argument("--block-bits", default="1024")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    a = ap.parse_args()
    sf = os.path.join(a.build, "app", "cli", "spellfilter")
    words_txt = os.path.join(ROOT, "dictionaries", "en_US.txt")
    known = set()
    with open(words_txt, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                known.add(line.split("\t")[0].lower())
    rng = random.Random(a.seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    with tempfile.TemporaryDirectory() as tmp:
        probe = os.path.join(tmp, "nonwords.txt")
        with open(probe, "w") as out:
            written = 0
            while written < a.n:
                w = "".join(rng.choice(letters) for _ in range(rng.randint(4, 12)))
                if w in known:
                    continue
                out.write(w + "\n")
                written += 1
        dictionary = os.path.join(a.build, "dictionaries", "en_US.sfd")
        if a.fp is not None:
            dictionary = os.path.join(tmp, "fp.sfd")
            subprocess.run([sf, "build", "-q", words_txt, "-o", dictionary,
                            "--lang", "en-US", "--fp", str(a.fp),
                            "--layout", a.layout,
                            "--block-bits", a.block_bits], check=True)
        out = subprocess.run([sf, "stats", dictionary, "--measure", probe],
                             check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith(("layout", "probes", "words at build", "capacity",
                            "predicted", " ", "measured")):
            print(line)


if __name__ == "__main__":
    main()
