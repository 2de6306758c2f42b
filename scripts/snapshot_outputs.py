#!/usr/bin/env python3
"""Records what a spellfilter build answers, so that a refactoring can be
shown to change nothing: run it on the build before and on the build after,
then compare the two folders with `cmp` (or --compare, which does that).

What it records, each in a file of OUTDIR:
* suggest: every misspelling of the evaluation sets (../shared/eval) and of
  the codespell development sets (scripts/eval_suggestions.py --codespell,
  --codespell-hard), fed through `suggest` on stdin;
* check, check -f lines / json, check --suggest and `-a` on prose
  (resources/sample.txt and the licences in /usr/share/common-licenses);
* build: the bytes of the bundled dictionary built again from
  dictionaries/en_US.txt (default and --lang en-US), and of each Hunspell
  test dictionary in tests/data/hunspell (--hunspell);
* stats of each dictionary built.

Usage:
  scripts/snapshot_outputs.py --spellfilter BIN OUTDIR
  scripts/snapshot_outputs.py --compare DIR_BEFORE DIR_AFTER
"""

import argparse
import filecmp
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import eval_suggestions as ev  # noqa: E402

ROOT = ev.ROOT


def misspelling_sets(eval_dir):
    sets = []
    for name in ["aspell-02-orig.tab", "norvig-testset1.txt", "norvig-testset2.txt"]:
        path = os.path.join(eval_dir, name)
        if os.path.exists(path):
            sets.append((name, [w for w, _ in ev.read_pairs(path)]))
    words = ev.WordList(os.path.join(ROOT, "dictionaries", "en_US.txt"))
    exclude = {w.lower() for _, ws in sets for w in ws}
    sample = ev.codespell_pairs(words, exclude)
    if sample is not None:
        sets.append(("codespell-sample", [w for w, _ in sample]))
        hard = ev.codespell_pairs(words, exclude, 10**9, {"3+ edits"})
        sets.append(("codespell-3plus", [w for w, _ in hard]))
    return sets


def run(cmd, out_path, stdin_bytes=None):
    # In OUTDIR, with paths relative to it, so that two records compare.
    r = subprocess.run(cmd, input=stdin_bytes, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, cwd=os.path.dirname(out_path))
    with open(out_path, "wb") as f:
        f.write(r.stdout)
        f.write(b"\n--- stderr ---\n" + r.stderr)
        f.write(b"\n--- exit %d ---\n" % r.returncode)


def snapshot(binary, out, eval_dir):
    out = os.path.abspath(out)
    os.makedirs(os.path.join(out, "dicts"), exist_ok=True)
    dicts = "dicts"
    env_free = ["--no-user"]

    en = os.path.join(dicts, "en_US.sfd")
    run([binary, "build", os.path.join(ROOT, "dictionaries", "en_US.txt"),
         "-o", en], os.path.join(out, "build-en_US.txt"))
    en_lang = os.path.join(dicts, "en_US-lang.sfd")
    # As dictionaries/CMakeLists.txt builds the bundled one.
    run([binary, "build", os.path.join(ROOT, "dictionaries", "en_US.txt"),
         "--lang", "en-US", "--prefix-fp", "0.003", "-o", en_lang],
        os.path.join(out, "build-en_US-lang.txt"))
    built = [en, en_lang]
    for dic in sorted(glob.glob(os.path.join(ROOT, "tests", "data", "hunspell", "*.dic"))):
        name = os.path.splitext(os.path.basename(dic))[0]
        target = os.path.join(dicts, "hunspell-" + name + ".sfd")
        run([binary, "build", "--hunspell", dic, "-o", target],
            os.path.join(out, "build-hunspell-" + name + ".txt"))
        if os.path.exists(os.path.join(out, target)):
            built.append(target)
    for d in built:
        run([binary, "stats", d] + env_free,
            os.path.join(out, "stats-" + os.path.basename(d) + ".txt"))

    for name, words in misspelling_sets(eval_dir):
        run([binary, "suggest", "--dict", en_lang] + env_free,
            os.path.join(out, "suggest-" + name + ".txt"),
            ("\n".join(words) + "\n").encode())

    texts = [os.path.join(ROOT, "resources", "sample.txt")]
    texts += sorted(glob.glob("/usr/share/common-licenses/*"))
    texts = [t for t in texts if os.path.isfile(t)]
    prose = b"".join(open(t, "rb").read() for t in texts)
    base = [binary, "check", "--dict", en_lang] + env_free
    run(base, os.path.join(out, "check.txt"), prose)
    run(base + ["-f", "lines"] + texts, os.path.join(out, "check-lines.txt"))
    run(base + ["-f", "json"] + texts, os.path.join(out, "check-json.txt"))
    run(base + ["--suggest"], os.path.join(out, "check-suggest.txt"), prose)
    run([binary, "-a", "--dict", en_lang] + env_free,
        os.path.join(out, "pipe-a.txt"), prose)
    for d in built[2:]:
        run([binary, "check", "--dict", d] + env_free,
            os.path.join(out, "check-" + os.path.basename(d) + ".txt"), prose)


def compare(a, b):
    differ = []
    names = set()
    for top in (a, b):
        for dirpath, _, files in os.walk(top):
            for f in files:
                names.add(os.path.relpath(os.path.join(dirpath, f), top))
    for n in sorted(names):
        pa, pb = os.path.join(a, n), os.path.join(b, n)
        same = os.path.exists(pa) and os.path.exists(pb) and filecmp.cmp(pa, pb, shallow=False)
        print(("same    " if same else "DIFFER  ") + n)
        if not same:
            differ.append(n)
    print("%d files, %d differ" % (len(names), len(differ)))
    return 1 if differ else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--spellfilter")
    ap.add_argument("--eval-dir", default=ev.DEFAULT_EVAL)
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    ap.add_argument("outdir", nargs="?")
    args = ap.parse_args()
    if args.compare:
        sys.exit(compare(*args.compare))
    if not args.spellfilter or not args.outdir:
        ap.error("--spellfilter BIN OUTDIR, or --compare BEFORE AFTER")
    snapshot(os.path.abspath(args.spellfilter), args.outdir, args.eval_dir)


if __name__ == "__main__":
    main()
