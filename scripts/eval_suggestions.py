#!/usr/bin/env python3
"""Runs spellfilter, Aspell and Hunspell on the same misspelling sets and
prints, per set and engine: top-1 / top-5 / any-rank accuracy, mean number
of suggestions, share of non-word suggestions, mean wall time per misspelled
word, and the same accuracies split by edit class. docs/suggestions.md
explains the rules; in short:

* Sets: ../shared/eval/aspell-02-orig.tab (`wrong<TAB>right`) and
  norvig-testset{1,2}.txt (`right: wrong1 wrong2 ...`) by default, any file
  of either format given with --set, and with --codespell a fixed sample of
  codespell's dictionary (Debian package `codespell`), which is the
  development set the weights were checked on (the eval sets are for
  measuring only).
* A suggestion matches the target case-insensitively. Each engine's whole
  list counts for "any rank" (spellfilter prints at most --max, 10 by
  default; Aspell and Hunspell choose their own lengths).
* A misspelling the engine accepts as correct (Aspell/Hunspell `*`,
  spellfilter listing the word itself first) counts as the list [word].
* Non-word share: suggestions not in dictionaries/en_US.txt under the
  checker's case rules (as listed; or Capitalised/ALL UPPER of a listed
  lower-case word; or ALL UPPER of a listed Capitalised word); a suggestion
  of several words (space or hyphen) is a word if every part is.
* Edit classes, from the lower-cased pair: distance 1 by kind (the typo has
  a wrong letter = substitution, an extra letter = insertion, a missing
  letter = deletion, two letters swapped = transposition), distance 2,
  distance 3+, and two-word targets ("a lot") on their own. Targets that
  en_US.txt does not accept are reported (`unknown target`) and counted in
  every figure for every engine alike.
* Time: one process per engine is fed every misspelling of a set through a
  pipe; wall time of the whole batch (start-up included) / count, the
  fastest of --runs batches (3; Hunspell, ~100 times slower, runs once),
  the engines' batches taken in turns (spellfilter, aspell, spellfilter,
  ...), so that other load on the machine disturbs the comparison less.
  Aspell and Hunspell answer on one thread, and so does the `spellfilter`
  row; the `spellfilter -j N` row (--jobs, default 2; 0 leaves it out) is the
  same suggestions (checked) answered on N threads, timed the same way.

Usage: scripts/eval_suggestions.py [--spellfilter BIN] [--dict SFD]
       [--no-hunspell] [--codespell] [--set FILE...] [--max N]
"""

import argparse
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_EVAL = os.path.join(os.path.dirname(ROOT), "shared", "eval")
CODESPELL_DICT = "/usr/lib/python3/dist-packages/codespell_lib/data/dictionary.txt"
CODESPELL_SAMPLE = 1000
CODESPELL_SEED = 20240601


def read_pairs(path):
    """[(wrong, right)] from either format."""
    pairs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            if "\t" in line:
                wrong, right = line.split("\t", 1)
                pairs.append((wrong.strip(), right.strip()))
            elif ":" in line:
                right, wrongs = line.split(":", 1)
                for w in wrongs.split():
                    pairs.append((w.strip(), right.strip()))
    return pairs


class WordList:
    def __init__(self, path):
        self.words = set()
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                self.words.add(line.rstrip("\n").split("\t")[0])

    def accepts_one(self, w):
        if not w:
            return False
        if w in self.words:
            return True
        lower = w.lower()
        if w[0].isupper() and w[1:] == w[1:].lower():  # Capitalised
            return lower in self.words
        if w.isupper() and len([c for c in w if c.isalpha()]) > 1:  # ALL UPPER
            return lower in self.words or (lower[:1].upper() + lower[1:]) in self.words
        return False

    def accepts(self, s):
        parts = s.replace("-", " ").split()
        return bool(parts) and all(self.accepts_one(p) for p in parts)


def codespell_pairs(words, exclude, size=CODESPELL_SAMPLE, edit_classes=None):
    """A fixed sample of codespell's single-word corrections (of the given
    edit classes only, if any)."""
    if not os.path.exists(CODESPELL_DICT):
        return None
    cands = []
    with open(CODESPELL_DICT, encoding="utf-8") as f:
        for line in f:
            if "->" not in line:
                continue
            wrong, right = line.rstrip("\n").split("->", 1)
            right = right.strip().rstrip(",")
            if "," in right or " " in right or not wrong.isalpha():
                continue
            if not right.replace("'", "").isalpha():
                continue
            if wrong.lower() in exclude or words.accepts(wrong):
                continue
            if not words.accepts(right):
                continue
            if edit_classes and edit_class(wrong, right) not in edit_classes:
                continue
            cands.append((wrong, right))
    rng = random.Random(CODESPELL_SEED)
    rng.shuffle(cands)
    return cands[:size]


def osa_distance(a, b):
    """Optimal string alignment distance (adjacent swaps count 1)."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def edit_class(wrong, right):
    if " " in right:
        return "two words"
    a, b = wrong.lower(), right.lower()
    d = osa_distance(a, b)
    if d == 0:
        return "case only"
    if d == 1:
        if len(a) == len(b):
            diff = [i for i in range(len(a)) if a[i] != b[i]]
            return "1 transposition" if len(diff) == 2 else "1 substitution"
        return "1 insertion" if len(a) > len(b) else "1 deletion"
    if d == 2:
        return "2 edits"
    return "3+ edits"


CLASS_ORDER = ["1 substitution", "1 insertion", "1 deletion", "1 transposition",
               "2 edits", "3+ edits", "two words", "case only"]


def timed(cmd, data):
    """(completed process, wall time of one batch)."""
    t0 = time.perf_counter()
    p = subprocess.run(cmd, input=data, capture_output=True, text=True, check=True)
    return p, time.perf_counter() - t0


def run_ispell(cmd, words):
    """Aspell/Hunspell pipe mode: one line per word, prefixed with ^.
    (lists, seconds, (command, input) to time again)."""
    data = "".join("^" + w + "\n" for w in words)
    p, elapsed = timed(cmd, data)
    lines = p.stdout.split("\n")[1:]  # banner
    results = []
    cur = []
    have = False
    for line in lines:
        if line == "":
            results.append(cur if have else [])
            cur, have = [], False
            continue
        if have:
            continue  # only the first token's answer
        if line.startswith("*") or line.startswith("+") or line.startswith("-"):
            cur, have = None, True  # accepted
        elif line.startswith("&"):
            cur = [s.strip() for s in line.split(": ", 1)[1].split(", ")]
            have = True
        elif line.startswith("#"):
            cur, have = [], True
    results = results[:len(words)]
    out = []
    for w, r in zip(words, results):
        out.append([w] if r is None else r)
    while len(out) < len(words):
        out.append([])
    return out, elapsed, (cmd, data)


def run_spellfilter(binary, dictionary, words, max_n, extra):
    """(lists, seconds, --stats line, (command, input) to time again)."""
    cmd = [binary, "suggest", "--max", str(max_n)] + extra + ["--stats"]
    if dictionary:
        cmd += ["--dict", dictionary]
    data = "".join(w + "\n" for w in words)
    p, elapsed = timed(cmd, data)
    out = []
    for line in p.stdout.split("\n")[: len(words)]:
        _, _, rest = line.partition(":")
        rest = rest.strip()
        out.append([s.strip() for s in rest.split(", ")] if rest else [])
    return out, elapsed, p.stderr.strip(), (cmd, data)


def score(pairs, lists, wordlist):
    top1 = top5 = anyr = 0
    nsug = 0
    nonword = 0
    for (wrong, right), sugs in zip(pairs, lists):
        low = [s.lower() for s in sugs]
        r = right.lower()
        top1 += bool(low) and low[0] == r
        top5 += r in low[:5]
        anyr += r in low
        nsug += len(sugs)
        nonword += sum(1 for s in sugs if not wordlist.accepts(s))
    n = max(len(pairs), 1)
    return {
        "n": len(pairs), "top1": top1 / n, "top5": top5 / n, "any": anyr / n,
        "mean_sug": nsug / n, "nonword": nonword / max(nsug, 1),
        "nonword_count": nonword, "sug_count": nsug,
    }


def pct(x):
    return "%.1f%%" % (100 * x)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--spellfilter", default=os.path.join(ROOT, "build", "app", "cli", "spellfilter"))
    ap.add_argument("--dict", default="", help="dictionary (default: the tool's default)")
    ap.add_argument("--eval-dir", default=DEFAULT_EVAL)
    ap.add_argument("--set", action="append", default=[], help="extra set file")
    ap.add_argument("--codespell", action="store_true",
                    help="add the codespell development sample")
    ap.add_argument("--no-hunspell", action="store_true", help="skip Hunspell (slow)")
    ap.add_argument("--no-peers", action="store_true", help="spellfilter only")
    ap.add_argument("--max", type=int, default=10)
    ap.add_argument("--runs", type=int, default=3,
                    help="time the fastest of this many batches per engine")
    ap.add_argument("--jobs", type=int, default=2,
                    help="also time spellfilter with -j N (0: not)")
    ap.add_argument("--sf-arg", action="append", default=[],
                    help="extra argument for `spellfilter suggest` (experiments)")
    ap.add_argument("--codespell-hard", action="store_true",
                    help="add every codespell pair 3 or more edits apart "
                         "(development set for far misspellings)")
    ap.add_argument("--dev-only", action="store_true",
                    help="only the codespell development sets")
    ap.add_argument("--misses", type=int, default=0,
                    help="print N spellfilter misses of the development sample "
                         "(never of the eval sets: they are not for tuning)")
    args = ap.parse_args()

    wordlist = WordList(os.path.join(ROOT, "dictionaries", "en_US.txt"))
    sets = []
    eval_names = [] if args.dev_only else ["aspell-02-orig.tab", "norvig-testset1.txt", "norvig-testset2.txt"]
    for name in eval_names:
        path = os.path.join(args.eval_dir, name)
        if os.path.exists(path):
            sets.append((name, read_pairs(path)))
    for path in args.set:
        sets.append((os.path.basename(path), read_pairs(path)))
    if args.codespell or args.codespell_hard or args.dev_only:
        exclude = set()
        for name in ["aspell-02-orig.tab", "norvig-testset1.txt", "norvig-testset2.txt"]:
            path = os.path.join(args.eval_dir, name)
            if os.path.exists(path):
                exclude |= {w.lower() for w, _ in read_pairs(path)}
        cs = codespell_pairs(wordlist, exclude)
        if cs is None:
            print("codespell's dictionary is not installed (scripts/setup.sh --peers); skipped")
        else:
            if args.codespell or not args.codespell_hard:
                sets.append(("codespell-sample (dev)", cs))
            if args.codespell_hard:
                sets.append(("codespell-3+ (dev)",
                             codespell_pairs(wordlist, exclude, 10**9, {"3+ edits"})))
    if not sets:
        sys.exit("no misspelling sets found in " + args.eval_dir)

    engines = ["spellfilter"]
    parallel = "spellfilter -j %d" % args.jobs
    if args.jobs > 1:
        engines.append(parallel)
    if not args.no_peers:
        engines.append("aspell")
        if not args.no_hunspell:
            engines.append("hunspell")

    for name, pairs in sets:
        words = [w for w, _ in pairs]
        unknown = sum(1 for _, r in pairs if not wordlist.accepts(r))
        two = sum(1 for _, r in pairs if " " in r)
        print("\n## %s: %d misspellings (%d two-word targets, %d targets not accepted by en_US.txt)\n"
              % (name, len(pairs), two, unknown))
        results = {}
        timing = {}  # engine: (command, input) of the batches timed again
        for e in engines:
            if e == "spellfilter":
                lists, t, stats, timing[e] = run_spellfilter(
                    args.spellfilter, args.dict, words, args.max, args.sf_arg)
            elif e == parallel:
                lists, t, _, timing[e] = run_spellfilter(
                    args.spellfilter, args.dict, words, args.max,
                    args.sf_arg + ["-j", str(args.jobs)])
                stats = ""
                if lists != results["spellfilter"][1]:
                    print("WARNING: %s suggested differently from one thread" % e)
            elif e == "aspell":
                lists, t, timing[e] = run_ispell(
                    ["aspell", "-a", "--sug-mode=normal", "--lang=en_US"], words)
                stats = ""
            else:  # Hunspell, ~100 times slower: one batch
                lists, t, _ = run_ispell(["hunspell", "-a", "-d", "en_US"], words)
                stats = ""
            s = score(pairs, lists, wordlist)
            s["ms"] = 1000 * t / max(len(words), 1)
            s["stats"] = stats
            results[e] = (s, lists)
        # The other batches in turns, engine after engine, so that a change
        # of load on the machine falls on every engine alike.
        for _ in range(args.runs - 1):
            for e, (cmd, data) in timing.items():
                _, t = timed(cmd, data)
                s = results[e][0]
                s["ms"] = min(s["ms"], 1000 * t / max(len(words), 1))
        print("| engine | top-1 | top-5 | any rank | mean # sugg. | non-word sugg. | ms / word | time vs Aspell |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for e in engines:
            s = results[e][0]
            ratio = ("%.2f" % (s["ms"] / results["aspell"][0]["ms"])
                     if "aspell" in results else "")
            print("| %s | %s | %s | %s | %.1f | %s (%d of %d) | %.3f | %s |" % (
                e, pct(s["top1"]), pct(s["top5"]), pct(s["any"]), s["mean_sug"],
                "%.2f%%" % (100 * s["nonword"]), s["nonword_count"], s["sug_count"], s["ms"],
                ratio))
        if results["spellfilter"][0]["stats"]:
            print("\nspellfilter --stats: " + results["spellfilter"][0]["stats"])
        # By edit class.
        classes = {}
        for i, (w, r) in enumerate(pairs):
            classes.setdefault(edit_class(w, r), []).append(i)
        # (The -j row suggests the same lists: one column for spellfilter.)
        class_engines = [e for e in engines if e != parallel]
        print("\n| edit class | n | " + " | ".join(
            "%s top-1 / top-5 / any" % e for e in class_engines) + " |")
        print("|---|---:|" + "---:|" * len(class_engines))
        for c in CLASS_ORDER:
            idx = classes.get(c)
            if not idx:
                continue
            cells = []
            for e in class_engines:
                lists = results[e][1]
                s = score([pairs[i] for i in idx], [lists[i] for i in idx], wordlist)
                cells.append("%s / %s / %s" % (pct(s["top1"]), pct(s["top5"]), pct(s["any"])))
            print("| %s | %d | %s |" % (c, len(idx), " | ".join(cells)))
        if args.misses and name.startswith("codespell"):
            lists = results["spellfilter"][1]
            shown = 0
            print("\nspellfilter misses (not in top 5):")
            for (w, r), l in zip(pairs, lists):
                if r.lower() not in [s.lower() for s in l[:5]]:
                    print("  %s -> %s [%s]: %s" % (w, r, edit_class(w, r), ", ".join(l[:5])))
                    shown += 1
                    if shown >= args.misses:
                        break


if __name__ == "__main__":
    main()
