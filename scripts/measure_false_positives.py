#!/usr/bin/env python3
"""Measures, per Hunspell dictionary, how often spellfilter accepts a
misspelling that Hunspell rejects, and how much of that is the Bloom
filter's false positives (docs/affix_dictionaries.md, "False positives").

For each dictionary:

1. Misspellings: words of real text in the language (the texts of
   scripts/compare_hunspell_verdicts.py, cached in WORK/text) with one
   random edit each (a letter of the text's alphabet substituted or
   inserted, a letter deleted, two neighbours swapped), kept when
   libhunspell's Hunspell_spell rejects them (in the .aff's encoding): N
   words Hunspell calls absent. They look like words, which is the hard
   case for an affix-aware dictionary: their endings fit affix rules, so
   each costs several probes.
2. The dictionary is converted three times with `build --hunspell --fp F`:
   at the rates asked for (default 1e-3 and the default 1e-6) and at 1e-12,
   the reference. `stats --measure` counts the misspellings each accepts.
3. A misspelling the 1e-12 conversion accepts is accepted by the rules
   (a compound Hunspell refuses, a case variant): a disagreement, not a
   false positive, and it is counted apart (per 10,000 misspellings). What
   a conversion at rate F accepts beyond the reference is its Bloom
   filters' false positives: measured per word, next to the design's
   E[A] x p (the probes a misspelling costs, times the per-probe rate the
   filter has now; `build` prints both).

At F = 1e-3 a few hundred false positives per 100,000 words are expected,
enough to test the math; at 1e-6 the expected count is a tenth of one, so
that row is an upper bound (none seen: below 3/N at 95 %).

Usage:
  scripts/measure_false_positives.py --spellfilter BIN --work DIR \\
      [--words 100000] [--fp 1e-3 --fp 1e-6] it_IT hu_HU ...
"""

import argparse
import json
import math
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare_hunspell_verdicts as cv  # noqa: E402


def misspellings(tokens, n, seed):
    """Up to 3n distinct one-edit variants of the tokens' words."""
    words = sorted({t for t in tokens if sum(c.isalpha() for c in t) >= 3})
    if not words:
        return []
    letters = sorted({c for w in words for c in w.lower() if c.isalpha()})
    rng = random.Random(seed)
    known = set(words)
    out = set()
    tries = 0
    while len(out) < 3 * n and tries < 30 * n:
        tries += 1
        w = rng.choice(words)
        i = rng.randrange(len(w))
        kind = rng.randrange(4)
        if kind == 0:
            v = w[:i] + rng.choice(letters) + w[i + 1:]
        elif kind == 1:
            v = w[:i] + rng.choice(letters) + w[i:]
        elif kind == 2:
            v = w[:i] + w[i + 1:]
        else:
            if i + 1 >= len(w):
                continue
            v = w[:i] + w[i + 1] + w[i] + w[i + 2:]
        if v != w and v not in known and sum(c.isalpha() for c in v) >= 2:
            out.add(v)
    out = sorted(out)
    rng.shuffle(out)
    return out


def hunspell_rejects(job):
    """In a child process (a crash in libhunspell stays there): the words
    Hunspell_spell rejects, up to job['n']."""
    import ctypes
    lib = ctypes.CDLL("libhunspell-1.7.so.0")
    lib.Hunspell_create.restype = ctypes.c_void_p
    lib.Hunspell_create.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    lib.Hunspell_spell.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    lib.Hunspell_spell.restype = ctypes.c_int
    dic = job["dic"]
    handle = lib.Hunspell_create(dic[:-4].encode() + b".aff", dic.encode())
    enc = job["encoding"]
    out = []
    for w in job["words"]:
        try:
            b = w.encode(enc)
        except (UnicodeEncodeError, LookupError):
            continue
        if lib.Hunspell_spell(handle, b) == 0:
            out.append(w)
            if len(out) >= job["n"]:
                break
    return out


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL, text=True)


def build(spellfilter, dic, sfd, fp):
    r = run([spellfilter, "build", "--hunspell", dic, "-o", sfd, "--fp", repr(fp)])
    if r.returncode != 0:
        return None
    info = {"affix_aware": "affix rules kept" in r.stdout}
    m = re.search(r"probes per misspelling ([\d.]+), per-probe rate ([\d.e+-]+)",
                  r.stdout)
    if m:
        info["probes"] = float(m.group(1))
    now = re.search(r"predicted fp\s+([\d.e+-]+) now", r.stdout)
    if now:
        info["per_probe_now"] = float(now.group(1))
    return info


def accepted(spellfilter, sfd, words_file):
    r = run([spellfilter, "stats", "--no-user", sfd, "--measure", words_file])
    m = re.search(r"\((\d+) of (\d+) absent words accepted\)", r.stdout)
    if not m:
        sys.exit(f"stats --measure failed on {sfd}: {r.stderr.strip()}")
    return int(m.group(1)), int(m.group(2))


def accepted_words(spellfilter, sfd, words):
    """The words a dictionary accepts, by the pipe's list mode (one word a
    line in, the rejected ones out)."""
    r = subprocess.run([spellfilter, "-l", "-d", sfd, "-p", os.devnull],
                       input="\n".join(words) + "\n", stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True)
    rejected = set(r.stdout.split("\n"))
    return [w for w in words if w not in rejected]


def measure(name, dic, args, pool):
    sources = cv.gather_tokens(name, 50000, args.work)
    tokens = cv.sample(sources, 50000, args.seed)
    candidates = misspellings(tokens, args.words, args.seed)
    enc = cv.codec(cv.aff_encoding(dic[:-4] + ".aff"))
    absent = pool.apply(hunspell_rejects, ({"dic": dic, "encoding": enc,
                                            "words": candidates,
                                            "n": args.words},))
    row = {"dictionary": name, "words": len(absent)}
    if not absent:
        row["error"] = "no text or no misspellings"
        return row
    with tempfile.TemporaryDirectory() as tmp:
        words_file = os.path.join(tmp, "absent.txt")
        with open(words_file, "w", encoding="utf-8") as f:
            f.write("\n".join(absent) + "\n")
        rates = sorted(set(args.fp)) + [1e-12]
        for fp in rates:
            sfd = os.path.join(tmp, f"{name}-{fp:g}.sfd")
            info = build(args.spellfilter, dic, sfd, fp)
            if info is None:
                row["error"] = f"conversion at --fp {fp:g} failed"
                return row
            n_acc, n = accepted(args.spellfilter, sfd, words_file)
            row.setdefault("runs", []).append(dict(info, fp=fp, accepted=n_acc))
            if fp == rates[-1] and n_acc:
                # The reference's accepts: disagreements worth reading.
                row["rule_examples"] = accepted_words(args.spellfilter, sfd,
                                                      absent)[:20]
            os.unlink(sfd)
    ref = row["runs"][-1]["accepted"]
    row["rule_accepts_per10k"] = round(1e4 * ref / len(absent), 1)
    row["affix_aware"] = row["runs"][0].get("affix_aware", False)
    return row


def table(rows):
    out = ["| dictionary | stored | misspellings | accepted by the rules /10k "
           "| --fp | probes E[A] | per-probe rate now | design E[A]·p "
           "| measured beyond the rules |",
           "|---|---|--:|--:|--:|--:|--:|--:|--:|"]
    for r in rows:
        if "error" in r:
            out.append(f"| {r['dictionary']} | – | {r.get('words', 0)} | – | – | – "
                       f"| – | – | {r['error']} |")
            continue
        ref = r["runs"][-1]["accepted"]
        for run_ in r["runs"][:-1]:
            probes = run_.get("probes", 1.0)  # expanded: one probe a word
            p = run_.get("per_probe_now")
            design = f"{probes * p:.2e}" if p is not None else "–"
            extra = max(0, run_["accepted"] - ref)
            n = r["words"]
            if extra == 0:
                measured = f"0 of {n:,} (< {3 / n:.1e})"
            else:
                half = 1.96 * math.sqrt(extra) / n
                measured = f"{extra / n:.2e} ± {half:.0e} ({extra} of {n:,})"
            stored = "affix-aware" if r["affix_aware"] else "expanded"
            out.append(f"| {r['dictionary']} | {stored} | {n:,} "
                       f"| {r['rule_accepts_per10k']} | {run_['fp']:g} "
                       f"| {probes:.1f} | {p if p is None else f'{p:.2e}'} "
                       f"| {design} | {measured} |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--spellfilter", required=True)
    ap.add_argument("--work", required=True,
                    help="compare_hunspell_verdicts.py's work folder (texts)")
    ap.add_argument("--hunspell-dir", default="/usr/share/hunspell")
    ap.add_argument("--words", type=int, default=100000,
                    help="misspellings per dictionary")
    ap.add_argument("--fp", type=float, action="append",
                    help="rates to convert at (default 1e-3 and 1e-6)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("dictionaries", nargs="+")
    args = ap.parse_args()
    args.fp = args.fp or [1e-3, 1e-6]
    available = {n: os.path.join(args.hunspell_dir, n + ".dic")
                 for n in cv.dictionaries(args.hunspell_dir)}
    rows = []
    with multiprocessing.Pool(1) as pool:
        for name in args.dictionaries:
            if name not in available:
                sys.exit(f"no Hunspell dictionary {name} in {args.hunspell_dir}")
            row = measure(name, available[name], args, pool)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    print(table(rows))
    for r in rows:
        if r.get("rule_examples"):
            print(f"\n{r['dictionary']}, accepted by the rules: "
                  + ", ".join(r["rule_examples"]))


if __name__ == "__main__":
    main()
