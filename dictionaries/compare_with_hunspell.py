#!/usr/bin/env python3
"""Compare the word list en_US.txt with Hunspell (en_US) on real text.

For every text file given, the text is tokenized once (runs of letters,
optionally joined by apostrophes; hyphens, digits and everything else split;
the typographic apostrophe U+2019 counts as "'"; leading/trailing apostrophes
are dropped).  Each distinct token is then judged

  * by Hunspell (``hunspell -d DICT -L``, one token per line, so both sides
    see exactly the same tokens), and
  * by a plain list lookup that emulates spellfilter: a token is correct if
    it is in the list as written, or if it is Capitalised or ALL-CAPS and
    its lower-case or Capitalised form is in the list, or if it is the
    ALL-CAPS form of a mixed-case entry (GNUPG for GnuPG).

The report gives, per text, the number of flagged tokens on each side, the
agreement share of flagged tokens |both| / |either|, and the most frequent
disagreements with a reason.  With --scowl-dir the reason names the SCOWL
file (outside the list's selection) where a rejected word does occur.

Only the Python standard library and the hunspell binary are needed.

Example:
  bible -f 'Genesis 1:1-Revelation 22:21' | sed 's/^[^ ]* //' > kjv.txt
  ./compare_with_hunspell.py --scowl-dir /usr/share/dict/scowl kjv.txt
"""

import argparse
import collections
import os
import re
import subprocess
import sys

TOKEN_RE = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")


def load_list(path, max_size=None):
    words = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            word, _, size = line.rstrip("\n").partition("\t")
            if word and (max_size is None or int(size) <= max_size):
                words[word] = size
    return words


def tokenize(path):
    counts = collections.Counter()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            counts.update(TOKEN_RE.findall(line.replace("\u2019", "'")))
    return counts


def list_lookup(word, words, upper_index=None):
    """Return the list entry that makes `word` correct, or None.

    upper_index maps the ALL-CAPS form of each mixed-case entry to it
    (GNUPG -> GnuPG): `spellfilter build` adds those forms to the filter.
    """
    if word in words:
        return word
    rest = word[1:]
    if word[0].isupper() and (word.isupper() or rest == rest.lower()):
        for form in (word.lower(), word[0] + rest.lower()):
            if form in words:
                return form
    if upper_index is not None and word.isupper() and word in upper_index:
        return upper_index[word]
    return None


def mixed_case_upper_index(words):
    """ALL-CAPS form -> entry, for entries neither lower-case, Capitalised
    nor ALL-CAPS (the forms `spellfilter build` adds)."""
    index = {}
    for w in words:
        lower = w.lower()
        if w != lower and w != lower[:1].upper() + lower[1:] and w != w.upper():
            index.setdefault(w.upper(), w)
    return index


def hunspell_flagged(types, dictionary):
    """Set of types Hunspell rejects.  One type per input line; -L prints
    the whole lines that hold a misspelling, so a type that Hunspell would
    split itself still maps back to one verdict."""
    proc = subprocess.run(
        ["hunspell", "-d", dictionary, "-L", "-i", "utf-8"],
        input="".join(t + "\n" for t in types),
        capture_output=True, text=True, encoding="utf-8", check=True)
    return set(proc.stdout.split("\n")) - {""}


def hunspell_analysis(types, dictionary):
    """Hunspell's -a verdict for accepted types: '*' found as is, '+ ROOT'
    via an affix rule, '-' as a compound.  (Only for words Hunspell
    accepts: -a would compute slow suggestions for rejected ones.)"""
    proc = subprocess.run(
        ["hunspell", "-d", dictionary, "-a", "-i", "utf-8"],
        input="".join("^" + t + "\n" for t in types),
        capture_output=True, text=True, encoding="utf-8", check=True)
    lines = proc.stdout.split("\n")
    if lines and lines[0].startswith("@(#)"):
        lines = lines[1:]
    verdicts, i = {}, 0
    for t in types:
        results = []
        while i < len(lines) and lines[i] != "":
            results.append(lines[i])
            i += 1
        i += 1  # blank line that ends this input line
        verdicts[t] = results[0] if results else "*"
    return verdicts


def scowl_size(name):
    suffix = name.rsplit(".", 1)[-1]
    return int(suffix) if suffix.isdigit() else 999


def scowl_index(scowl_dir):
    """word -> name of the smallest-size SCOWL file holding it."""
    index = {}
    if not scowl_dir:
        return index
    for name in sorted(os.listdir(scowl_dir), key=lambda n: (scowl_size(n), n)):
        with open(os.path.join(scowl_dir, name), encoding="utf-8",
                  errors="replace") as f:
            for line in f:
                index.setdefault(line.strip(), name)
    return index


def reason_list_only(word, verdict, scowl, upper_index):
    """Why the list flags a word that Hunspell accepts."""
    if not any("a" <= c.lower() <= "z" for c in word):
        return "no Latin letters: Hunspell skips, list has no entry"
    if word.isupper() and word in upper_index:
        return "ALL-CAPS of %s: Hunspell accepts, the list lookup does " \
               "not" % upper_index[word]
    found = [(scowl_size(scowl[f]), scowl[f], f) for f in
             (word, word.lower(), word[0] + word[1:].lower()) if f in scowl]
    if found:
        _, name, form = min(found)
        return "in SCOWL " + name + ("" if form == word else " as " + form)
    if verdict.startswith("+"):
        return "Hunspell affix rule on " + verdict[2:] + ", not in SCOWL"
    if verdict == "-":
        return "Hunspell compound rule"
    return "in Hunspell's .dic, not in SCOWL"


def reason_hunspell_only(word, entry, size):
    if any(ord(c) > 127 for c in word):
        return "accented; Debian hunspell-en-us has ASCII-folded words only"
    how = "" if entry == word else " as " + entry
    return "in list%s (size %s), not accepted by Hunspell" % (how, size)


def hunspell_raw(path, dictionary):
    """Tokens `hunspell -l` flags in the raw text with its own tokenizer."""
    with open(path, "rb") as f:
        proc = subprocess.run(
            ["hunspell", "-d", dictionary, "-l", "-i", "utf-8"],
            stdin=f, capture_output=True, check=True)
    return sum(1 for w in proc.stdout.split(b"\n") if w)


def report(name, counts, words, dictionary, scowl, top):
    upper_index = {w.upper(): w for w in words if not w.isupper()}
    mixed_upper = mixed_case_upper_index(words)
    types = sorted(counts)
    h_flagged = hunspell_flagged(types, dictionary)
    tok = sum(counts.values())
    h = l = both = 0
    only_l, only_h = collections.Counter(), collections.Counter()
    both_c = collections.Counter()
    entries = {}
    for t in types:
        n = counts[t]
        h_bad = t in h_flagged
        entry = list_lookup(t, words, mixed_upper)
        entries[t] = entry
        l_bad = entry is None
        h += n * h_bad
        l += n * l_bad
        both += n * (h_bad and l_bad)
        if l_bad and h_bad:
            both_c[t] = n
        elif l_bad and not h_bad:
            only_l[t] = n
        elif h_bad and not l_bad:
            only_h[t] = n
    either = h + l - both
    print("== %s" % name)
    print("tokens %d, distinct %d" % (tok, len(types)))
    print("flagged by hunspell: %d tokens (%.3f%%), %d distinct"
          % (h, 100.0 * h / max(tok, 1),
             len(h_flagged)))
    print("flagged by list:     %d tokens (%.3f%%), %d distinct"
          % (l, 100.0 * l / max(tok, 1),
             sum(1 for t in types if entries[t] is None)))
    print("flagged by both:     %d tokens; by either: %d tokens" % (both, either))
    print("agreement on flagged tokens |both|/|either|: %.2f%%"
          % (100.0 * both / either if either else 100.0))
    print("agreement on all tokens (same verdict):      %.3f%%"
          % (100.0 * (tok - (either - both)) / max(tok, 1)))
    print("(for reference: hunspell -l on the raw text, own tokenizer: %d)"
          % hunspell_raw(name, dictionary))
    verdicts = hunspell_analysis(
        [t for t, _ in only_l.most_common(top)], dictionary)
    print("list flags, hunspell accepts: %d tokens, %d distinct"
          % (sum(only_l.values()), len(only_l)))
    for t, n in only_l.most_common(top):
        print("  %7d  %-22s %s" % (n, t, reason_list_only(
            t, verdicts[t], scowl, upper_index)))
    print("hunspell flags, list accepts: %d tokens, %d distinct"
          % (sum(only_h.values()), len(only_h)))
    for t, n in only_h.most_common(top):
        print("  %7d  %-22s %s" % (n, t, reason_hunspell_only(
            t, entries[t], words[entries[t]])))
    print("most frequent tokens flagged by both:")
    print("  " + ", ".join("%s %d" % tn for tn in both_c.most_common(top)))
    print()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("texts", nargs="+", help="UTF-8 text files")
    ap.add_argument("--list", default=os.path.join(here, "en_US.txt"),
                    help="word list (default: en_US.txt beside this script)")
    ap.add_argument("--hunspell-dict", default="en_US",
                    help="hunspell -d argument (default: en_US)")
    ap.add_argument("--scowl-dir", default=None,
                    help="SCOWL final/ lists, to name where rejected words are")
    ap.add_argument("--max-size", type=int, default=None,
                    help="use only list entries of SCOWL size <= N (e.g. 60)")
    ap.add_argument("--top", type=int, default=25,
                    help="disagreements to show per direction (default 25)")
    args = ap.parse_args()
    words = load_list(args.list, args.max_size)
    scowl = scowl_index(args.scowl_dir)
    for path in args.texts:
        report(path, tokenize(path), words, args.hunspell_dict, scowl, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
