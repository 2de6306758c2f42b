#!/usr/bin/env python3
"""Compares `spellfilter build --hunspell` with Hunspell itself.

For each language (a Debian hunspell-xx dictionary in /usr/share/hunspell):
  1. builds the .sfd from the .dic/.aff, timing it;
  2. renders the language's manual pages (/usr/share/man/LL, Debian's
     manpages-LL and translated pages of other packages) into a sample text,
     and cuts it into words: runs of letters of the language's script, with
     apostrophes between letters; hyphens split words, as both spell
     checkers' tokenizers do;
  3. asks `hunspell -d xx_XX -a` about every distinct word (one word per
     line, so both checkers see the same token) and `spellfilter check` about
     the same words, and reports, of the words Hunspell accepts, the share
     spellfilter accepts: overall, on running and distinct words, and
     separately for those Hunspell accepts only as compounds (found by
     asking Hunspell again with a copy of the .aff without its COMPOUND*
     lines);
  4. makes misspellings: each accepted word of 4 or more letters gets one
     random edit (delete, insert, substitute, swap neighbours); those Hunspell
     rejects are checked with spellfilter, which should reject them too.
     Misspelt compounds are counted apart as well: they are where the
     compound splitter searches hardest, so where its false positives would
     show.

--no-compounds builds without the compound parts (`spellfilter build
--no-compounds`), the state before compounding was supported.

With --fixtures it also checks the test fixtures (tests/data/hunspell/*.good
and *.wrong) against Hunspell, so the unit tests' expectations are
Hunspell's.

Needs: hunspell, the hunspell-de-de, hunspell-fr, hunspell-ru packages,
manpages-de, manpages-fr, manpages-ru (apt-get install), a built spellfilter.

  scripts/compare_hunspell_languages.py --build build-hunspell
"""

import argparse
import collections
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import time
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

LANGUAGES = {
    # dictionary: (manual page directory, script, letters used for edits)
    "de_DE": ("de", "LATIN", "abcdefghijklmnopqrstuvwxyzäöüß"),
    "fr": ("fr", "LATIN", "abcdefghijklmnopqrstuvwxyzàâçéèêëîïôûùüÿœ"),
    "ru_RU": ("ru", "CYRILLIC", "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"),
}
# A word spellfilter rejects in each script, to separate the answers.
SENTINEL = {"LATIN": "qxqxqzq", "CYRILLIC": "щщыщщъщ"}
APOSTROPHES = "'\u2019"


def script_of(ch):
    name = unicodedata.name(ch, "")
    return name.split(" ")[0] if name else ""


def render_pages(lang_dir, limit_words, cache):
    """Text of the language's manual pages, sections 1, 5 and 8, in name
    order, until about `limit_words` words; cached in `cache`."""
    if os.path.exists(cache):
        with open(cache, encoding="utf-8") as f:
            return f.read()
    pages = []
    for section in ("man1", "man5", "man8"):
        d = os.path.join("/usr/share/man", lang_dir, section)
        if os.path.isdir(d):
            pages += [os.path.join(d, p) for p in sorted(os.listdir(d))]
    env = dict(os.environ, MANWIDTH="2000", LC_ALL="C.UTF-8")

    def render(page):
        r = subprocess.run(
            ["man", "--nh", "--nj", "-E", "UTF-8", "-l", page],
            capture_output=True, env=env)
        text = r.stdout.decode("utf-8", "replace")
        return re.sub(".\b", "", text)  # overstrike (bold, underline)

    parts = []
    words = 0
    batch = 2 * (os.cpu_count() or 1)
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        for start in range(0, len(pages), batch):
            for text in pool.map(render, pages[start:start + batch]):
                parts.append(text)
                words += len(text.split())
            if words >= limit_words:
                break
    text = "\n".join(parts)
    with open(cache, "w", encoding="utf-8") as f:
        f.write(text)
    return text


def tokenize(text, script):
    """Words: letters of `script`, with apostrophes between letters."""
    words = []
    for run in re.findall(r"[^\W\d_]+(?:[" + APOSTROPHES + r"][^\W\d_]+)*",
                          text):
        if all(script_of(c) == script for c in run if c not in APOSTROPHES):
            words.append(run)
    return words


def flagged(command, words, sentinel):
    """The words `command` (a checker printing the misspelled words of
    stdin in order, like `hunspell -l`) flags, given one word per line; a
    word counts as flagged when any part the checker cuts it into is. The
    sentinel, a word both checkers reject, separates the answers."""
    inp = "".join(w + "\n" + sentinel + "\n" for w in words)
    out = subprocess.run(command, input=inp, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(" ".join(command) + " failed: " + out.stderr)
    lines = out.stdout.split("\n")
    rejected = set()
    k = 0
    for w in words:
        parts = 0
        while k < len(lines) and lines[k] != sentinel:
            parts += 1
            k += 1
        if k >= len(lines):
            sys.exit(" ".join(command) + ": output out of step at " + w)
        k += 1
        if parts:
            rejected.add(w)
    return rejected


def hunspell_accepts(dictionary, words, script):
    rejected = flagged(["hunspell", "-d", dictionary, "-l"], words,
                       SENTINEL[script])
    return set(words) - rejected


def spellfilter_rejects(exe, sfd, words, script):
    return flagged([exe, "check", "--no-user", "--dict", sfd], words,
                   SENTINEL[script])


COMPOUND_SETTINGS = ("COMPOUNDFLAG", "COMPOUNDBEGIN", "COMPOUNDMIDDLE",
                     "COMPOUNDEND", "COMPOUNDLAST", "COMPOUNDRULE")


def without_compounding(dic, work):
    """A copy of the dictionary whose .aff has no COMPOUND* flag or rule
    lines, so that Hunspell accepts no compounds; its -d name."""
    name = os.path.join(work, os.path.basename(dic)[:-4] + "-nocompound")
    with open(dic[:-4] + ".aff", "rb") as f:
        lines = f.read().split(b"\n")
    kept = [l for l in lines
            if not l.split(maxsplit=1)[:1] or
            l.split(maxsplit=1)[0].decode("latin-1") not in COMPOUND_SETTINGS]
    with open(name + ".aff", "wb") as f:
        f.write(b"\n".join(kept))
    if not os.path.exists(name + ".dic"):
        os.symlink(dic, name + ".dic")
    return name


def misspell(word, letters, rng):
    i = rng.randrange(len(word))
    kind = rng.choice(("delete", "insert", "substitute", "swap"))
    if kind == "delete":
        return word[:i] + word[i + 1:]
    if kind == "insert":
        return word[:i] + rng.choice(letters) + word[i:]
    if kind == "substitute":
        return word[:i] + rng.choice(letters.replace(word[i], "")) + word[i + 1:]
    if i == len(word) - 1:
        i -= 1
    return word[:i] + word[i + 1] + word[i] + word[i + 2:]


def pct(a, b):
    return 100.0 * a / b if b else float("nan")


def compare(lang, args):
    lang_dir, script, letters = LANGUAGES[lang]
    dic = os.path.join(args.hunspell_dir, lang + ".dic")
    os.makedirs(args.work, exist_ok=True)
    sfd = os.path.join(args.work, lang + ("-nocompound" if args.no_compounds
                                          else "") + ".sfd")
    exe = os.path.join(args.build, "app", "cli", "spellfilter")
    start = time.monotonic()
    built = subprocess.run([exe, "build", "--hunspell", dic, "-o", sfd] +
                           (["--no-compounds"] if args.no_compounds else []),
                           capture_output=True, text=True)
    seconds = time.monotonic() - start
    if built.returncode != 0:
        sys.exit(built.stderr)
    forms = re.search(r"-> ([\d,]+) word forms", built.stdout).group(1)
    distinct_forms = re.search(r"words +([\d,]+)", built.stdout).group(1)

    text = render_pages(lang_dir, args.words,
                        os.path.join(args.work, lang_dir + "-man.txt"))
    running = tokenize(text, script)
    counts = collections.Counter(running)
    words = sorted(counts)
    hs = hunspell_accepts(lang, words, script)
    hs_plain = hunspell_accepts(without_compounding(dic, args.work), words,
                                script)
    ours_rejected = spellfilter_rejects(exe, sfd, words, script)

    accepted = [w for w in words if w in hs]
    compound = [w for w in accepted if w not in hs_plain]
    plain = [w for w in accepted if w in hs_plain]
    ok_plain = [w for w in plain if w not in ours_rejected]
    ok_compound = [w for w in compound if w not in ours_rejected]
    tok_accepted = sum(counts[w] for w in accepted)
    tok_ok = sum(counts[w] for w in accepted if w not in ours_rejected)
    missed = [w for w in plain if w in ours_rejected]
    extra = [w for w in words if w not in hs and w not in ours_rejected]

    rng = random.Random(args.seed)
    accepted_set = set(accepted)
    candidates = set()
    from_compound = set()
    compound_set = set(compound)
    for w in accepted:
        if len(w) >= 4 and not any(c in APOSTROPHES for c in w):
            m = misspell(w, letters, rng)
            if m not in accepted_set:
                candidates.add(m)
                if w in compound_set:
                    from_compound.add(m)
    candidates = sorted(candidates)
    hs_m = hunspell_accepts(lang, candidates, script)
    misspellings = [m for m in candidates if m not in hs_m]
    ours_m = spellfilter_rejects(exe, sfd, misspellings, script)
    not_caught = [m for m in misspellings if m not in ours_m]
    m_compound = [m for m in misspellings if m in from_compound]
    nc_compound = [m for m in m_compound if m not in ours_m]

    print(f"== {lang} ({dic})")
    print(f"  build: {seconds:.1f} s, {forms} word forms, "
          f"{distinct_forms} distinct words in the filter")
    print(f"  sample: manual pages in /usr/share/man/{lang_dir}: "
          f"{len(running)} words, {len(words)} distinct; "
          f"Hunspell accepts {len(accepted)} distinct "
          f"({tok_accepted} running)")
    print(f"  accepted by spellfilter, of the words Hunspell accepts:")
    print(f"    without compounds: {len(ok_plain)}/{len(plain)} "
          f"= {pct(len(ok_plain), len(plain)):.2f}%")
    print(f"    compounds ({pct(len(compound), len(accepted)):.2f}% of the "
          f"accepted words): {len(ok_compound)}/{len(compound)} = "
          f"{pct(len(ok_compound), len(compound)):.2f}%")
    print(f"    all: {len(ok_plain) + len(ok_compound)}/{len(accepted)} = "
          f"{pct(len(ok_plain) + len(ok_compound), len(accepted)):.2f}% "
          f"distinct, {pct(tok_ok, tok_accepted):.2f}% running")
    if missed:
        print(f"    not accepted (non-compound): {' '.join(missed[:30])}")
    missed_compound = [w for w in compound if w in ours_rejected]
    if missed_compound:
        print(f"    not accepted (compound): {' '.join(missed_compound[:30])}")
    print(f"  accepted by spellfilter, rejected by Hunspell: {len(extra)} "
          f"distinct: {' '.join(extra[:20])}")
    print(f"  misspellings (one edit, rejected by Hunspell): {len(misspellings)}"
          f"; rejected by spellfilter: {len(misspellings) - len(not_caught)} = "
          f"{pct(len(misspellings) - len(not_caught), len(misspellings)):.2f}%")
    print(f"    of compounds: {len(m_compound)}; rejected by spellfilter: "
          f"{len(m_compound) - len(nc_compound)} = "
          f"{pct(len(m_compound) - len(nc_compound), len(m_compound)):.2f}%")
    if not_caught:
        print(f"    accepted anyway: {' '.join(not_caught[:20])}")
    sys.stdout.flush()


def check_fixtures():
    """Hunspell accepts every fixture's .good and .compound words and
    rejects its .wrong ones (the unit tests expect spellfilter to accept
    .good and reject .wrong and .compound: .compound lists compounds of
    features spellfilter does not support; none today)."""
    data = os.path.join(ROOT, "tests", "data", "hunspell")
    failures = 0
    checked = 0
    for name in sorted(os.listdir(data)):
        if not name.endswith(".dic"):
            continue
        base = os.path.join(data, name[:-4])
        for suffix, want in ((".good", True), (".compound", True),
                             (".wrong", False)):
            if not os.path.exists(base + suffix):
                continue
            with open(base + suffix, encoding="utf-8") as f:
                words = [w.strip() for w in f if w.strip()]
            rejected = flagged(["hunspell", "-i", "utf-8", "-d", base, "-l"],
                               words, SENTINEL["LATIN"])
            for w in words:
                checked += 1
                if (w not in rejected) != want:
                    failures += 1
                    print(f"  {name[:-4]}{suffix}: Hunspell "
                          f"{'rejects' if want else 'accepts'} {w}")
    print(f"fixtures: {checked} words, {failures} disagreements with Hunspell")
    return failures


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", default=os.path.join(ROOT, "build"),
                   help="build directory with app/cli/spellfilter")
    p.add_argument("--hunspell-dir", default="/usr/share/hunspell")
    p.add_argument("--work", default="/tmp/spellfilter-hunspell-compare",
                   help="where the .sfd files and sample texts go")
    p.add_argument("--words", type=int, default=150000,
                   help="sample size in running words, per language")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--no-compounds", action="store_true",
                   help="build without the compound parts (the state "
                        "before compounding was supported)")
    p.add_argument("--fixtures", action="store_true",
                   help="only check the test fixtures against Hunspell")
    p.add_argument("languages", nargs="*", default=list(LANGUAGES))
    args = p.parse_args()
    if args.fixtures:
        sys.exit(1 if check_fixtures() else 0)
    for lang in args.languages:
        compare(lang, args)


if __name__ == "__main__":
    main()
