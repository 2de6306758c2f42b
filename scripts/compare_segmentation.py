#!/usr/bin/env python3
"""Measures spellfilter's checking of raw text in scripts written without
spaces (Thai, Lao: Unicode line-break class SA) against libhunspell on the
same dictionary (issue 32, item 5).

Hunspell checks words, not text: it has no segmentation of its own for
these scripts. So the reference here is Hunspell's dictionary used as a
segmenter. Each run of SA characters of the text is cut, by dynamic
programming with Hunspell_spell as the oracle, into words Hunspell accepts
and unknown characters: fewest unknown code points, then fewest words
(pieces of at most 32 code points, cut only at cluster boundaries). That is
the text as a careful writer would pre-segment it for Hunspell; a
character inside one of those words is *covered*.

spellfilter checks the raw text (spellfilter_check_text of libspellfilter
on each line, the user's words off), as an editor or `spellfilter check`
does. For its flagged spans in SA runs:

  - a *false flag* is a flagged span whose characters are all covered:
    Hunspell, given the pre-segmented text, would accept every word there;
  - a *true flag* leaves some character uncovered.

And a *missed* token is an ICU word token (with a letter, in an SA run)
that spellfilter does not flag though one of its characters is uncovered.

Typo detection: for up to --typos covered words of at least three code
points, one consonant is replaced by another of the same script (seeded),
in its line; the typo is *caught* when spellfilter flags a span that
overlaps the changed word. The same is asked of the reference (the changed
word's characters are not all covered after the change).

Figures are per 10,000 running ICU word tokens (tokens with a letter, as
scripts/compare_hunspell_verdicts.py counts them) of the lines measured.
The text: the msgstr strings of /usr/share/locale/LL/LC_MESSAGES/*.mo (via
msgunfmt, cleaned as compare_hunspell_verdicts.py cleans them), lines
with an SA character, in file order, until --tokens tokens.

  scripts/compare_segmentation.py --build build th_TH lo_LA
  scripts/compare_segmentation.py --libspellfilter OLD/libspellfilter.so.0 \\
      --sfd-dir /tmp/sfd th_TH

Exit status: 0 done; 1 a dictionary has more false flags per 10,000
tokens than --max-false-flags; 2 bad arguments or a missing tool, with a
one-line message. ctest's languages.segmentation runs it on th_TH.
"""

import argparse
import ctypes
import json
import os
import random
import subprocess
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare_hunspell_verdicts as chv  # noqa: E402 (re-execs for PyICU)

icu = chv.icu
MAX_WORD = 32


def fail(message):
    print("compare_segmentation.py: " + message, file=sys.stderr)
    sys.exit(2)


# The Line_Break value SA (complex context), by its short name.
LB_SA = icu.Char.getPropertyValueEnum(icu.UProperty.LINE_BREAK, "SA")


def is_sa(ch):
    return icu.Char.getIntPropertyValue(ch, icu.UProperty.LINE_BREAK) == LB_SA


def is_mark(ch):
    return unicodedata.category(ch).startswith("M")


def sa_runs(line):
    """(begin, end) character ranges of the SA runs of a line."""
    runs = []
    i = 0
    n = len(line)
    while i < n:
        if is_sa(line[i]):
            j = i
            while j < n and (is_sa(line[j]) or is_mark(line[j])):
                j += 1
            runs.append((i, j))
            i = j
        else:
            i += 1
    return runs


def pieces(run, known):
    """The reference segmentation of `run`: (begin, end, is_word) pieces."""
    n = len(run)
    cut = [i == 0 or i == n or not is_mark(run[i]) for i in range(n + 1)]
    inf = (1 << 30, 1 << 30)
    best = [inf] * (n + 1)
    back = [None] * (n + 1)
    best[0] = (0, 0)
    for i in range(n):
        if not cut[i] or best[i] == inf:
            continue
        j = i + 1
        while not cut[j]:
            j += 1
        c = (best[i][0] + (j - i), best[i][1])
        if c < best[j]:
            best[j], back[j] = c, (i, False)
        w = (best[i][0], best[i][1] + 1)
        for j in range(i + 1, min(n, i + MAX_WORD) + 1):
            if cut[j] and w < best[j] and known(run[i:j]):
                best[j], back[j] = w, (i, True)
    out = []
    j = n
    while j > 0:
        i, word = back[j]
        out.append((i, j, word))
        j = i
    return out[::-1]


def segment(run, known):
    """Covered flags per character of `run`."""
    covered = [False] * len(run)
    for i, j, word in pieces(run, known):
        if word:
            covered[i:j] = [True] * (j - i)
    return covered


def icu_tokens(line, locale):
    bi = icu.BreakIterator.createWordInstance(icu.Locale(locale))
    us = icu.UnicodeString(line)
    bi.setText(us)
    out = []
    start = bi.first()
    for end in bi:
        tok = str(us[start:end])
        # UTF-16 offsets to code point offsets.
        cs = len(str(us[0:start]))
        if any(unicodedata.category(c).startswith("L") for c in tok):
            out.append((cs, cs + len(tok)))
        start = end
    return out


class Checkers:
    def __init__(self, lib_path, sfd, aff, dic, encoding):
        hs = ctypes.CDLL("libhunspell-1.7.so.0")
        hs.Hunspell_create.restype = ctypes.c_void_p
        hs.Hunspell_create.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        hs.Hunspell_spell.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        self.hs = hs
        self.handle = hs.Hunspell_create(aff.encode(), dic.encode())
        self.enc = encoding
        self.cache = {}
        sf = ctypes.CDLL(lib_path)
        sf.spellfilter_open_path.argtypes = [
            ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p)]
        sf.spellfilter_last_error.restype = ctypes.c_char_p

        class Span(ctypes.Structure):
            _fields_ = [("offset", ctypes.c_size_t), ("length", ctypes.c_size_t)]
        self.Span = Span
        sf.spellfilter_check_text.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t,
            ctypes.POINTER(ctypes.POINTER(Span)), ctypes.POINTER(ctypes.c_size_t)]
        sf.spellfilter_free_spans.argtypes = [ctypes.POINTER(Span)]
        self.sf = sf
        self.dict = ctypes.c_void_p()
        if sf.spellfilter_open_path(sfd.encode(), 1, ctypes.byref(self.dict)):
            fail(f"{sfd}: " + sf.spellfilter_last_error().decode())

    def hunspell(self, word):
        v = self.cache.get(word)
        if v is None:
            try:
                b = word.encode(self.enc)
                v = self.hs.Hunspell_spell(self.handle, b) != 0
            except UnicodeEncodeError:
                v = False
            self.cache[word] = v
        return v

    def flags(self, line):
        """spellfilter's flagged spans of a line, in code points."""
        b = line.encode("utf-8")
        spans = ctypes.POINTER(self.Span)()
        count = ctypes.c_size_t()
        if self.sf.spellfilter_check_text(self.dict, b, len(b), ctypes.byref(spans),
                                          ctypes.byref(count)):
            fail("spellfilter_check_text: " +
                 self.sf.spellfilter_last_error().decode())
        out = []
        for k in range(count.value):
            o, n = spans[k].offset, spans[k].length
            cs = len(b[:o].decode("utf-8"))
            out.append((cs, cs + len(b[o:o + n].decode("utf-8"))))
        if count.value:
            self.sf.spellfilter_free_spans(spans)
        return out


def gather_lines(name, cap):
    lines, tokens = [], 0
    locale = chv.locales_for(name)
    for mo in chv.mo_files(locale):
        for line in chv.mo_text(mo).split("\n"):
            line = line.strip()
            if not line or not any(is_sa(c) for c in line):
                continue
            toks = icu_tokens(line, locale[-1])
            lines.append((line, toks))
            tokens += len(toks)
            if tokens >= cap:
                return lines, tokens
    return lines, tokens


def measure(name, args):
    dic = os.path.join(args.hunspell_dir, name + ".dic")
    aff = os.path.join(args.hunspell_dir, name + ".aff")
    if not os.path.exists(dic) or not os.path.exists(aff):
        fail(f"{dic}: no such Hunspell dictionary")
    sfd = os.path.join(args.sfd_dir, name + ".sfd")
    os.makedirs(args.sfd_dir, exist_ok=True)
    r = subprocess.run([args.spellfilter, "build", "--hunspell", dic, "-o", sfd],
                       capture_output=True, stdin=subprocess.DEVNULL)
    if r.returncode != 0:
        fail(f"{dic}: conversion failed: {r.stderr.decode().strip()}")
    enc = chv.codec(chv.aff_encoding(aff))
    c = Checkers(args.libspellfilter, sfd, aff, dic, enc)
    lines, tokens = gather_lines(name, args.tokens)
    if tokens == 0:
        return {"name": name, "tokens": 0}
    rng = random.Random(args.seed)
    false_flags = true_flags = missed = other_flags = 0
    examples = {"false": {}, "missed": {}}
    for line, toks in lines:
        covered = [True] * len(line)
        in_run = [False] * len(line)
        for b, e in sa_runs(line):
            cov = segment(line[b:e], c.hunspell)
            covered[b:e] = cov
            in_run[b:e] = [True] * (e - b)
        flags = c.flags(line)
        for b, e in flags:
            if not in_run[b]:
                other_flags += 1
            elif all(covered[b:e]):
                false_flags += 1
                w = line[b:e]
                examples["false"][w] = examples["false"].get(w, 0) + 1
            else:
                true_flags += 1
        flagged = [False] * len(line)
        for b, e in flags:
            flagged[b:e] = [True] * (e - b)
        for b, e in toks:
            if in_run[b] and not any(flagged[b:e]) and not all(covered[b:e]):
                missed += 1
                w = line[b:e]
                examples["missed"][w] = examples["missed"].get(w, 0) + 1
    # Typos: a covered word of >= 3 code points from the reference
    # segmentation, one consonant changed.
    typos = caught = ref_caught = 0
    letters = sorted({ch for line, _ in lines for ch in line
                      if is_sa(ch) and unicodedata.category(ch) == "Lo"})
    order = list(range(len(lines)))
    rng.shuffle(order)
    for li in order:
        if typos >= args.typos:
            break
        line = lines[li][0]
        runs = sa_runs(line)
        if not runs:
            continue
        b, e = runs[rng.randrange(len(runs))]
        run = line[b:e]
        words = [(i, j) for i, j, word in pieces(run, c.hunspell)
                 if word and j - i >= 3]
        if not words:
            continue
        i, j = words[rng.randrange(len(words))]
        spots = [k for k in range(i, j) if unicodedata.category(run[k]) == "Lo"]
        if not spots:
            continue
        k = spots[rng.randrange(len(spots))]
        new = rng.choice([ch for ch in letters if ch != run[k]])
        changed = line[:b + k] + new + line[b + k + 1:]
        typos += 1
        if any(fb < b + j and b + i < fe for fb, fe in c.flags(changed)):
            caught += 1
        cov = segment(changed[b:e], c.hunspell)
        if not all(cov[i:j]):
            ref_caught += 1
    top = lambda d: sorted(d.items(), key=lambda kv: -kv[1])[:15]
    per = lambda x: round(x * 10000 / tokens, 1)
    return {
        "name": name, "tokens": tokens, "lines": len(lines),
        "false_flags": false_flags, "false_flags_per_10k": per(false_flags),
        "true_flags": true_flags, "true_flags_per_10k": per(true_flags),
        "missed": missed, "missed_per_10k": per(missed),
        "flags_outside_runs": other_flags,
        "typos": typos, "typos_caught": caught, "typos_caught_reference": ref_caught,
        "false_flag_examples": top(examples["false"]),
        "missed_examples": top(examples["missed"]),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dictionaries", nargs="*", default=["th_TH", "lo_LA"])
    ap.add_argument("--build", default=os.path.join(os.path.dirname(HERE), "build"))
    ap.add_argument("--spellfilter", help="the CLI that converts (default "
                    "BUILD/app/cli/spellfilter)")
    ap.add_argument("--libspellfilter", help="the C library that checks "
                    "(default BUILD/app/capi/libspellfilter.so.0)")
    ap.add_argument("--sfd-dir", help="where the dictionaries are converted "
                    "to (default BUILD/languages/segmentation)")
    ap.add_argument("--hunspell-dir", default="/usr/share/hunspell")
    ap.add_argument("--tokens", type=int, default=20000)
    ap.add_argument("--typos", type=int, default=500)
    ap.add_argument("--seed", type=int, default=32)
    ap.add_argument("--json", help="also write the figures here")
    ap.add_argument("--max-false-flags", type=float,
                    help="fail (exit 1) when a dictionary has more false "
                    "flags per 10,000 tokens")
    args = ap.parse_args()
    args.spellfilter = args.spellfilter or os.path.join(args.build, "app/cli/spellfilter")
    args.libspellfilter = args.libspellfilter or os.path.join(
        args.build, "app/capi/libspellfilter.so.0")
    args.sfd_dir = args.sfd_dir or os.path.join(args.build, "languages/segmentation")
    for path in (args.spellfilter, args.libspellfilter):
        if not os.path.exists(path):
            fail(f"{path}: not found (build it, or pass --build)")
    rows = [measure(name, args) for name in args.dictionaries]
    print("| dictionary | tokens | false flags /10k | true flags /10k "
          "| missed /10k | typos caught (reference) |")
    print("|---|---:|---:|---:|---:|---:|")
    for r in rows:
        if not r["tokens"]:
            print(f"| {r['name']} | 0 | no text with SA characters | | | |")
            continue
        print(f"| {r['name']} | {r['tokens']:,} | {r['false_flags_per_10k']} "
              f"| {r['true_flags_per_10k']} | {r['missed_per_10k']} "
              f"| {r['typos_caught']}/{r['typos']} ({r['typos_caught_reference']}) |")
    for r in rows:
        if r.get("false_flag_examples"):
            print(f"{r['name']} false flags: " + ", ".join(
                f"{w} ({n})" for w, n in r["false_flag_examples"]))
        if r.get("missed_examples"):
            print(f"{r['name']} missed: " + ", ".join(
                f"{w} ({n})" for w, n in r["missed_examples"]))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, ensure_ascii=False, indent=1)
    if args.max_false_flags is not None:
        over = [r["name"] for r in rows if r["tokens"] and
                r["false_flags_per_10k"] > args.max_false_flags]
        if over:
            print("compare_segmentation.py: more than "
                  f"{args.max_false_flags} false flags per 10,000 tokens: "
                  + ", ".join(over), file=sys.stderr)
            sys.exit(1)


if __name__ == "__main__":
    main()
