#!/usr/bin/env python3
"""Suggestion quality per language: spellfilter against Hunspell on typing
errors made from real text in each language (issue 33, item 8).
docs/suggestions.md ("Other languages") has the model and the figures.

For each language:

* Text: the translated strings of the Debian .mo catalogues in
  /usr/share/locale/LL/LC_MESSAGES (the msgids, which are English, for
  en_US), read with a small .mo reader (the format is a table of offsets;
  one pass instead of a msgunfmt process per catalogue), plus, where the
  catalogues give fewer than --min-words distinct words, the man pages of
  manpages-LL (/usr/share/man/LL), troff requests and escapes dropped.
  Format directives (%s, %1$d, {name}), markup (<b>, &amp;) and menu
  accelerators (_File, &File) are removed before the text is split into
  words (runs of letters, with inner apostrophes).
* Words: the distinct words of 4 letters or more, not ALL UPPER or in mixed
  case, seen at least twice, that libhunspell (ctypes on
  libhunspell-1.7.so.0, the language's .aff/.dic) accepts; --words of them
  (1,000) drawn with a fixed seed.
* Errors: one typing error per word, by the keyboard model below; a result
  that Hunspell accepts (a real word) is drawn again (up to 50 times, then
  the word is left out).
* Compounds (German): a word Hunspell accepts only with compounding (a copy
  of the .aff without its COMPOUND* lines refuses it) is a compound; the
  table has them apart from the other words.
* Engines: `spellfilter suggest --dict X.sfd --max 10` (X.sfd converted by
  `spellfilter build --hunspell` from the same .dic/.aff, into --work; made
  again when the binary or the .dic is newer) and `hunspell -a -d X`, each
  one process fed every misspelling through a pipe, run in turns (Hunspell
  first) in one run; time = wall time of the whole batch / words, start-up
  included. Speed = Hunspell's time / spellfilter's.
* Scores: top-1 (the first suggestion is the word as it was), top-5 (among
  the first five), none (no suggestion). A misspelling the engine accepts
  counts as the list [misspelling], which matches nothing.

Keyboard model (docs/suggestions.md): the error kinds with these weights
(renormalised over the kinds a word allows): a neighbouring key for a
letter 35 %, a letter left out 20 %, a neighbouring key pressed too
(inserted before or after the intended key) 15 %, two adjacent letters
swapped 15 %, a letter doubled 5 %, an accent dropped (é -> e, ё -> е; only
words with such a letter) 10 %. Neighbours come from the language's layout:
QWERTZ (de), AZERTY (fr), Spanish, Italian and Portuguese QWERTY with
their ñ, ò/à/ù, ç keys, Swedish QWERTY (å ä ö), Polish programmer's QWERTY,
ЙЦУКЕН (ru), US QWERTY (en, nl). A key's neighbours are the keys left and
right of it in its row and the two touching it in the rows above and below
(rows staggered by half a key). A letter not on the layout (é on QWERTZ)
takes its base letter's neighbours. The shift key goes with the first
keystroke: the typo of a Capitalised word is Capitalised (`Straße` with its
first letter left out is `Traße`), of a lower-case word lower case.

Affix-aware conversions (docs/affix_dictionaries.md) are measured with
--langs pt_BR,ca,hu,eu,gl (Italian, in the default list, is one too):
Brazilian ABNT2, Spanish (ca with its ç key, eu, gl) and Hungarian QWERTZ
(ő ú é á ű on the letter rows; ö ü ó, on the digit row, take their base
letters' neighbours).

Usage: scripts/eval_suggestions_languages.py BUILD_DIR [--langs de,fr,...]
       [--words 1000] [--seed 33] [--work DIR] [--no-hunspell] [--show N]
       [--reuse-conversions] [--hunspell-store DIR]

--hunspell-store DIR keeps Hunspell's answers: a run that asks Hunspell
writes DIR/NAME-seedS.json (the typos, Hunspell's lists, its batch time,
and spellfilter's batch time in the same run); a later run whose typos are
the same reads Hunspell's lists from it instead of asking again (Hunspell
takes 0.3-3 s a word on these dictionaries, so a 1,000-word run is an hour
for French and Dutch). Such a row's Hunspell time and speed ratio are the
stored run's (Hunspell against that run's spellfilter, side by side), marked
"(stored)"; this run's spellfilter time is printed as measured.
"""

import argparse
import ctypes
import glob
import gzip
import json
import os
import random
import re
import struct
import subprocess
import sys
import tempfile
import time
import unicodedata

# Language: (Hunspell dictionary, locale directory, layout).
LANGUAGES = {
    "de": ("de_DE", "de", "de"),
    "fr": ("fr_FR", "fr", "fr"),
    "es": ("es_ES", "es", "es"),
    "ru": ("ru_RU", "ru", "ru"),
    "pl": ("pl_PL", "pl", "pl"),
    "it": ("it_IT", "it", "it"),
    "nl": ("nl_NL", "nl", "us"),
    "pt": ("pt_PT", "pt", "pt"),
    "sv": ("sv_SE", "sv", "sv"),
    "en": ("en_US", None, "us"),
    # Affix-aware conversions (docs/affix_dictionaries.md), not in the
    # default list: measured with --langs.
    "pt_BR": ("pt_BR", "pt_BR", "br"),
    "ca": ("ca", "ca", "ca"),
    "hu": ("hu_HU", "hu", "hu"),
    "eu": ("eu", "eu", "es"),
    "gl": ("gl_ES", "gl", "es"),
}
DEFAULT_LANGS = "de,fr,es,ru,pl,it,nl,pt,sv,en"
HUNSPELL_DIRS = ["/usr/share/hunspell", "/usr/share/myspell"]

# Letter rows of each layout, top to bottom (the digit row left out).
LAYOUTS = {
    "us": ["qwertyuiop", "asdfghjkl", "zxcvbnm"],
    "de": ["qwertzuiopü", "asdfghjklöä", "yxcvbnm"],
    "fr": ["azertyuiop", "qsdfghjklmù", "wxcvbn"],
    "es": ["qwertyuiop", "asdfghjklñ", "zxcvbnm"],
    "it": ["qwertyuiopè", "asdfghjklòàù", "zxcvbnm"],
    "pt": ["qwertyuiop", "asdfghjklç", "zxcvbnm"],
    "sv": ["qwertyuiopå", "asdfghjklöä", "zxcvbnm"],
    "pl": ["qwertyuiop", "asdfghjkl", "zxcvbnm"],
    "ru": ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"],
    "br": ["qwertyuiop", "asdfghjklç", "zxcvbnm"],  # ABNT2
    "ca": ["qwertyuiop", "asdfghjklñç", "zxcvbnm"],  # Spanish, ç right
    "hu": ["qwertzuiopőú", "asdfghjkléáű", "yxcvbnm"],  # ö ü ó: digits
}
KINDS = [("substitute", 35), ("delete", 20), ("insert", 15),
         ("transpose", 15), ("double", 5), ("unaccent", 10)]
WORD_RE = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
MIN_LETTERS = 4


# ---------------------------------------------------------------- text

def read_mo(path):
    """[(msgid, msgstr)] of a .mo file (GNU gettext's format), or []."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return []
    if len(data) < 28:
        return []
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">" if magic == 0xDE120495 else None
    if order is None:
        return []
    _, count, ids, strs = struct.unpack(order + "4I", data[4:20])
    out = []
    for i in range(count):
        try:
            il, io = struct.unpack(order + "2I", data[ids + 8 * i: ids + 8 * i + 8])
            sl, so = struct.unpack(order + "2I", data[strs + 8 * i: strs + 8 * i + 8])
            out.append((data[io:io + il].decode("utf-8", "replace"),
                        data[so:so + sl].decode("utf-8", "replace")))
        except struct.error:
            break
    return out


CLEAN = [
    (re.compile(r"%(\d+\$)?[-+ #0]*\d*(\.\d+)?[hlLqjzt]*[a-zA-Z%]"), " "),
    (re.compile(r"\{[^{}]*\}"), " "),
    (re.compile(r"<[^<>]*>"), " "),
    (re.compile(r"&[a-zA-Z]+;|&#\d+;"), " "),
    (re.compile(r"(?<=\w)[_&](?=\w)|(?<![\w])[_&](?=\w)"), ""),
]


def clean(text):
    for pattern, repl in CLEAN:
        text = pattern.sub(repl, text)
    return text


def man_text(path):
    try:
        with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
            raw = f.read()
    except (OSError, EOFError):
        return ""
    lines = []
    for line in raw.split("\n"):
        if line.startswith((".\\\"", "'\\\"")):
            continue
        if line.startswith("."):
            line = re.sub(r"^\.\S+\s*", "", line)  # the request, its text kept
        line = re.sub(r"\\f[BIRP]|\\f\(..|\\\(..|\\\*\(..|\\\*.|\\.", " ", line)
        lines.append(line)
    return "\n".join(lines)


def corpus_counts(locale, min_words):
    """{word: occurrences} from the locale's catalogues (and man pages)."""
    counts = {}
    strings = 0

    def add(text):
        for w in WORD_RE.findall(clean(text)):
            counts[w] = counts.get(w, 0) + 1

    pattern = "/usr/share/locale/%s/LC_MESSAGES/*.mo" % (locale or "*")
    for path in sorted(glob.glob(pattern)):
        for msgid, msgstr in read_mo(path):
            if not msgid:
                continue  # the header
            if locale is None:
                add(msgid.split("\0")[0])
            else:
                for s in msgstr.split("\0"):
                    add(s)
            strings += 1
    if locale is not None and len(counts) < min_words:
        for path in sorted(glob.glob("/usr/share/man/%s/man*/*.gz" % locale)):
            add(man_text(path))
    return counts, strings


# ---------------------------------------------------------------- hunspell

class Hunspell:
    """libhunspell through ctypes: spell() only."""

    def __init__(self, aff, dic):
        lib = ctypes.CDLL("libhunspell-1.7.so.0")
        lib.Hunspell_create.restype = ctypes.c_void_p
        lib.Hunspell_create.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        lib.Hunspell_spell.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        lib.Hunspell_get_dic_encoding.restype = ctypes.c_char_p
        lib.Hunspell_get_dic_encoding.argtypes = [ctypes.c_void_p]
        lib.Hunspell_destroy.argtypes = [ctypes.c_void_p]
        self.lib = lib
        self.h = lib.Hunspell_create(aff.encode(), dic.encode())
        enc = lib.Hunspell_get_dic_encoding(self.h).decode() or "ISO8859-1"
        self.encoding = {"ISO8859-1": "latin-1", "ISO8859-2": "iso8859-2",
                         "KOI8-R": "koi8-r", "microsoft-cp1251": "cp1251",
                         }.get(enc, enc)

    def spell(self, word):
        try:
            raw = word.encode(self.encoding)
        except (UnicodeEncodeError, LookupError):
            return False
        return self.lib.Hunspell_spell(self.h, raw) != 0

    def close(self):
        self.lib.Hunspell_destroy(self.h)


def find_hunspell(name):
    for d in HUNSPELL_DIRS:
        dic = os.path.join(d, name + ".dic")
        aff = os.path.join(d, name + ".aff")
        if os.path.exists(dic) and os.path.exists(aff):
            return aff, dic
    return None


def without_compounding(aff, dic, tmp):
    """Paths of a copy of the pair whose .aff has no COMPOUND* line."""
    base = os.path.join(tmp, "nocompound")
    with open(aff, "rb") as f:
        lines = f.read().split(b"\n")
    with open(base + ".aff", "wb") as f:
        f.write(b"\n".join(l for l in lines if not l.lstrip().startswith(b"COMPOUND")))
    if os.path.exists(base + ".dic"):
        os.remove(base + ".dic")
    os.symlink(os.path.realpath(dic), base + ".dic")
    return base + ".aff", base + ".dic"


# ---------------------------------------------------------------- errors

def neighbours(layout):
    rows = LAYOUTS[layout]
    near = {}
    for r, row in enumerate(rows):
        for i, c in enumerate(row):
            n = set()
            for j in (i - 1, i + 1):
                if 0 <= j < len(row):
                    n.add(row[j])
            if r > 0:  # the row above: keys i and i+1
                for j in (i, i + 1):
                    if j < len(rows[r - 1]):
                        n.add(rows[r - 1][j])
            if r + 1 < len(rows):  # the row below: keys i-1 and i
                for j in (i - 1, i):
                    if 0 <= j < len(rows[r + 1]):
                        n.add(rows[r + 1][j])
            near[c] = sorted(n)
    return near


def base_letter(c):
    d = unicodedata.normalize("NFD", c)
    b = d[0]
    if c in "ёЁ":
        return "е" if c == "ё" else "Е"
    if c in "йЙ":
        return "и" if c == "й" else "И"
    return b if b != c and len(d) > 1 else c


def keep_case(like, c):
    return c.upper() if like.isupper() else c


def near_keys(near, c):
    low = c.lower()
    if low in near:
        return near[low]
    return near.get(base_letter(low), [])


def make_error(word, near, rnd):
    """(kind, misspelling) or None if the word allows no error."""
    letters = list(word)
    n = len(letters)
    accented = [i for i, c in enumerate(letters) if base_letter(c) != c]
    kinds = []
    for kind, weight in KINDS:
        if kind == "unaccent" and not accented:
            continue
        if kind == "substitute" and not any(near_keys(near, c) for c in letters):
            continue
        kinds.append((kind, weight))
    kind = rnd.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
    if kind == "substitute":
        i = rnd.choice([i for i, c in enumerate(letters) if near_keys(near, c)])
        letters[i] = keep_case(letters[i], rnd.choice(near_keys(near, letters[i])))
    elif kind == "delete":
        del letters[rnd.randrange(n)]
    elif kind == "insert":
        i = rnd.randrange(n)
        keys = near_keys(near, letters[i]) or [letters[i].lower()]
        c = keep_case(letters[i], rnd.choice(keys)) if i else rnd.choice(keys)
        letters.insert(i + rnd.randrange(2), c if i else c.lower())
    elif kind == "transpose":
        pairs = [i for i in range(n - 1) if letters[i] != letters[i + 1]]
        if not pairs:
            return None
        i = rnd.choice(pairs)
        a, b = letters[i], letters[i + 1]
        if i == 0 and a.isupper():  # the capital stays first, as typed
            a, b = a.lower(), b.upper()
        letters[i], letters[i + 1] = b, a
    elif kind == "double":
        i = rnd.randrange(n)
        letters.insert(i + 1, letters[i].lower())
    elif kind == "unaccent":
        i = rnd.choice(accented)
        letters[i] = base_letter(letters[i])
    # The shift key goes with the first keystroke: a Capitalised word's
    # typo is Capitalised, a lower-case word's lower case.
    letters = [c.lower() for c in letters]
    if word[0].isupper() and len(letters[0].upper()) == 1:
        letters[0] = letters[0].upper()
    typo = "".join(letters)
    return (kind, typo) if typo != word else None


# ---------------------------------------------------------------- engines

def run_timed(cmd, data):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, input=data, capture_output=True, text=True)
    elapsed = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit("eval_suggestions_languages: %s failed (exit %d): %s" %
                 (" ".join(cmd), p.returncode, p.stderr.strip()[:300]))
    return p.stdout, elapsed


def spellfilter_lists(exe, sfd, typos):
    out, elapsed = run_timed([exe, "suggest", "--dict", sfd, "--no-user",
                              "--max", "10", "-j", "1"],
                             "".join(t + "\n" for t in typos))
    lists = []
    for line in out.split("\n")[:len(typos)]:
        word, _, rest = line.partition(":")
        rest = rest.strip()
        lists.append([s.strip() for s in rest.split(", ")] if rest else [])
    return lists, elapsed


def hunspell_lists(name_path, typos):
    out, elapsed = run_timed(["hunspell", "-a", "-d", name_path, "-i", "utf-8"],
                             "".join("^" + t + "\n" for t in typos))
    lists = []
    cur = None
    for line in out.split("\n")[1:]:
        if line == "":
            if cur is not None:
                lists.append(cur)
            cur = None
            continue
        if cur is not None:
            continue  # only the first token's answer
        if line[0] in "*+-":
            cur = ["\0accepted"]
        elif line.startswith("&"):
            cur = [s.strip() for s in line.split(": ", 1)[1].split(", ")]
        elif line.startswith("#"):
            cur = []
    lists = lists[:len(typos)]
    while len(lists) < len(typos):
        lists.append([])
    return lists, elapsed


def ensure_sfd(exe, dic, work, name, reuse=False):
    sfd = os.path.join(work, name + ".sfd")
    if (not os.path.exists(sfd)
            or (not reuse and os.path.getmtime(sfd) < os.path.getmtime(exe))
            or os.path.getmtime(sfd) < os.path.getmtime(dic)):
        tmp = sfd + ".tmp"
        p = subprocess.run([exe, "build", "--hunspell", dic, "-o", tmp, "-q"],
                           capture_output=True, text=True)
        if p.returncode != 0:
            print("eval_suggestions_languages: converting %s failed, language "
                  "skipped: %s" % (dic, p.stderr.strip()), file=sys.stderr)
            return None
        os.replace(tmp, sfd)
    return sfd


def store_path(store, name, seed):
    return os.path.join(store, "%s-seed%d.json" % (name, seed))


def load_stored(store, name, seed, typos):
    """(lists, Hunspell time, spellfilter time) stored by a run with the same
    typos, or None."""
    path = store_path(store, name, seed)
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    answers = dict(zip(data["typos"], data["lists"]))
    if len(data["typos"]) < len(typos) or any(t not in answers for t in typos):
        return None
    n = len(data["typos"])
    # Times per word, scaled to this run's number of words.
    return ([answers[t] for t in typos], data["hunspell_s"] / n * len(typos),
            data["spellfilter_s"] / n * len(typos))


def save_stored(store, name, seed, typos, lists, h_time, f_time):
    os.makedirs(store, exist_ok=True)
    path = store_path(store, name, seed)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump({"typos": typos, "lists": lists, "hunspell_s": h_time,
                   "spellfilter_s": f_time,
                   "when": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
                   "loadavg": os.getloadavg()[0]}, f, ensure_ascii=False)
    os.replace(tmp, path)


def same(a, b):
    """Equal but for the apostrophe's form (Hunspell keeps U+2019, the
    checker folds it to ')."""
    return a.replace("’", "'") == b.replace("’", "'")


def score(items, lists):
    n = len(items)
    if n == 0:
        return None
    top1 = sum(1 for (w, _, _), l in zip(items, lists) if l and same(l[0], w))
    top5 = sum(1 for (w, _, _), l in zip(items, lists)
               if any(same(x, w) for x in l[:5]))
    none = sum(1 for l in lists if not l)
    return n, 100.0 * top1 / n, 100.0 * top5 / n, 100.0 * none / n


def list_faults(lists):
    """(lists with a piece, with a word in two case forms, with a split
    that has a one-letter word)."""
    pieces = sum(1 for l in lists
                 if any(x.startswith("-") or x.endswith("-") for x in l))
    pairs = sum(1 for l in lists
                if len({x[:1].lower() + x[1:] for x in l}) < len(l))
    letters = sum(1 for l in lists
                  if any(" " in x and min(len(p) for p in x.split(" ")) == 1
                         for x in l))
    return pieces, pairs, letters


# ---------------------------------------------------------------- main

def sample(lang, args, tmp):
    name, locale, layout = LANGUAGES[lang]
    pair = find_hunspell(name)
    if pair is None:
        print("%s: no Hunspell %s (Debian hunspell-%s); skipped" % (lang, name, lang),
              file=sys.stderr)
        return None
    aff, dic = pair
    counts, strings = corpus_counts(locale, args.min_words)
    hs = Hunspell(aff, dic)
    plain = None
    if lang == "de":
        plain = Hunspell(*without_compounding(aff, dic, tmp))
    words = sorted(w for w, c in counts.items()
                   if c >= 2 and len(w) >= MIN_LETTERS and not w.isupper()
                   and (w.islower() or (w[0].isupper() and w[1:].islower()))
                   and hs.spell(w))
    rnd = random.Random("%s-%d" % (lang, args.seed))
    rnd.shuffle(words)
    near = neighbours(layout)
    items = []
    for w in words:
        if len(items) >= args.words:
            break
        for _ in range(50):
            e = make_error(w, near, rnd)
            if e and not hs.spell(e[1]):
                compound = plain is not None and not plain.spell(w)
                items.append((w, e[1], (e[0], compound)))
                break
    hs.close()
    if plain:
        plain.close()
    return {"lang": lang, "name": name, "aff": aff, "dic": dic, "items": items,
            "distinct": len(words), "strings": strings}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build_dir", help="build directory (its app/cli/spellfilter)")
    ap.add_argument("--langs", default=DEFAULT_LANGS)
    ap.add_argument("--words", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=33)
    ap.add_argument("--min-words", type=int, default=20000,
                    help="add man pages if the catalogues give fewer distinct words")
    ap.add_argument("--work", help="where converted dictionaries are kept "
                    "(default BUILD_DIR/eval-languages)")
    ap.add_argument("--baseline", metavar="BUILD_DIR",
                    help="also another build's spellfilter (its own "
                    "conversions), side by side in the same run")
    ap.add_argument("--no-hunspell", action="store_true")
    ap.add_argument("--reuse-conversions", action="store_true",
                    help="keep converted dictionaries older than the binary "
                    "(for suggestion work that does not change conversion)")
    ap.add_argument("--hunspell-store", metavar="DIR",
                    help="keep Hunspell's answers in DIR and reuse them when "
                    "the typos are the same (see above)")
    ap.add_argument("--show", type=int, default=0,
                    help="print N misses of spellfilter's per language")
    args = ap.parse_args()
    exe = os.path.join(args.build_dir, "app", "cli", "spellfilter")
    if not os.access(exe, os.X_OK):
        sys.exit("eval_suggestions_languages: %s: no spellfilter binary" % exe)
    work = args.work or os.path.join(args.build_dir, "eval-languages")
    os.makedirs(work, exist_ok=True)
    base_exe = None
    if args.baseline:
        base_exe = os.path.join(args.baseline, "app", "cli", "spellfilter")
        if not os.access(base_exe, os.X_OK):
            sys.exit("eval_suggestions_languages: %s: no spellfilter binary" % base_exe)
        base_work = os.path.join(args.baseline, "eval-languages")
        os.makedirs(base_work, exist_ok=True)
    print("| language | n | spellfilter top-1 / top-5 / none | %sHunspell top-1 / "
          "top-5 / none | spellfilter ms/word | Hunspell ms/word | speed ratio |"
          % ("baseline top-1 / top-5 / none | " if base_exe else ""))
    print("|---|---:|---:|---:|---:|---:|---:%s|" % ("|---:" if base_exe else ""),
          flush=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for lang in args.langs.split(","):
            if lang not in LANGUAGES:
                sys.exit("eval_suggestions_languages: unknown language %r (%s)"
                         % (lang, ", ".join(LANGUAGES)))
            s = sample(lang, args, tmp)
            if s is None:
                continue
            sfd = ensure_sfd(exe, s["dic"], work, s["name"],
                             args.reuse_conversions)
            if sfd is None:
                continue
            typos = [t for _, t, _ in s["items"]]
            h_lists, h_time = (None, None)
            stored = None
            if not args.no_hunspell and args.hunspell_store:
                stored = load_stored(args.hunspell_store, s["name"], args.seed,
                                     typos)
            if stored:
                h_lists, h_time, ratio_f_time = stored
            elif not args.no_hunspell:
                h_lists, h_time = hunspell_lists(s["dic"][:-4], typos)
            f_lists, f_time = spellfilter_lists(exe, sfd, typos)
            if h_lists and args.hunspell_store and not stored:
                save_stored(args.hunspell_store, s["name"], args.seed, typos,
                            h_lists, h_time, f_time)
            b_lists = None
            if base_exe:
                b_sfd = ensure_sfd(base_exe, s["dic"], base_work, s["name"],
                                   args.reuse_conversions)
                if b_sfd is not None:
                    b_lists, _ = spellfilter_lists(base_exe, b_sfd, typos)
            groups = [(s["name"] if lang != "en" else "en_US (converted)",
                       lambda it: True)]
            if lang == "de":
                groups += [("  de_DE, not compounds", lambda it: not it[2][1]),
                           ("  de_DE, compounds", lambda it: it[2][1])]
            for label, keep in groups:
                idx = [i for i, it in enumerate(s["items"]) if keep(it)]
                items = [s["items"][i] for i in idx]
                f = score(items, [f_lists[i] for i in idx])
                h = score(items, [h_lists[i] for i in idx]) if h_lists else None
                b = score(items, [b_lists[i] for i in idx]) if b_lists else None
                row = (label, f, b, h, f_time / len(typos) if typos else 0,
                       h_time / len(typos) if h_time else None)
                if stored:
                    # The ratio of the run that timed Hunspell.
                    row += (ratio_f_time / len(typos),)
                print_row(row, base_exe is not None)
                rows.append(row)
            if args.show:
                shown = 0
                for (w, t, (kind, _)), l in zip(s["items"], f_lists):
                    if not (l and same(l[0], w)) and shown < args.show:
                        print("%s: %s -> %s (%s): %s" % (lang, w, t, kind,
                                                         ", ".join(l[:5])))
                        shown += 1
            print("%s: %d words (%d distinct candidates from %d strings)" %
                  (s["name"], len(s["items"]), s["distinct"], s["strings"]),
                  file=sys.stderr)
            for label, lists in [("spellfilter", f_lists), ("baseline", b_lists)]:
                if lists:
                    print("%s: %s's lists with a compound piece (-x, x-) %d, "
                          "with two case forms of a word %d, with a one-letter "
                          "split %d" % ((s["name"], label) + list_faults(lists)),
                          file=sys.stderr)
    return rows


def print_row(row, baseline):
    label, f, b, h, ft, ht = row[:6]
    if f is None:
        return
    stored_ft = row[6] if len(row) > 6 else None
    triple = lambda x: "%.1f / %.1f / %.1f" % x[1:] if x else "-"
    ratio_ft = stored_ft if stored_ft else ft
    ratio = "%.0f×" % (ht / ratio_ft) if ht and ratio_ft else "-"
    mark = " (stored)" if stored_ft else ""
    print("| %s | %d | %s | %s%s | %.3f | %s | %s |" % (
        label, f[0], triple(f), (triple(b) + " | ") if baseline else "",
        triple(h), 1000 * ft,
        ("%.2f" % (1000 * ht) + mark) if ht else "-", ratio + mark),
        flush=True)


if __name__ == "__main__":
    main()
