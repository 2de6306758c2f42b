#!/usr/bin/env python3
"""How often `--lang auto` picks the right language per sentence, and what
checking in several languages costs (docs/multilingual.md).

The text: translated sentences from the Debian system's message catalogs
(/usr/share/locale/LANG/LC_MESSAGES/*.mo, read with Python's gettext; the
English ones are the catalogs' msgids), kept when they look like prose: one
line, 4 to 30 words, a capital first letter, a full stop at the end, no
format codes, markup, paths or URLs, and not the same in two languages.
Sentences of the languages are then put in a random order, each followed by
a sentence of another language at the rate --switch, five to a paragraph,
so the language changes inside paragraphs and lines.

Accuracy: spellfilter.Dictionary("auto:en_US,de_DE,...").sentence_languages
(the Python module over the C library, which the command line uses too) on
the whole text; a sentence is picked right when the sentence range that
holds its first character has its language (language code: de_DE for de).
The candidates are the languages measured, named (auto:...), so the
installed-and-converted set of the machine does not matter.

Speed: `spellfilter check` on a larger mixed text built the same way
(--speed-per-language sentences of each language, another seed) and on
monolingual text (one language's sentences of it), never repeated (a
repeated text would measure caches), one language against the list and
auto, best of --runs, in one run.

    scripts/eval_auto_language.py --spellfilter build/app/cli/spellfilter \\
        --python build/python [--per-language 400] [--seed 1]

Hunspell dictionaries of the languages are converted on first use into
XDG_CACHE_HOME (a minute or more each for fr, it, pt, sv); set --cache to
keep them between runs.
"""
import argparse
import collections
import gettext
import glob
import os
import random
import re
import subprocess
import sys
import tempfile
import time

LANGUAGES = {  # catalog folder -> dictionary tag
    "en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES",
    "nl": "nl_NL", "it": "it_IT", "pt": "pt_PT", "sv": "sv_SE",
}
BAD = re.compile(r"[%{}<>\\_&@/|#$=*\[\]~^`\"]|https?:|\.\.|\s{2,}|\t")


def prose(s):
    s = s.strip()
    if "\n" in s or BAD.search(s):
        return None
    words = s.split()
    if not 4 <= len(words) <= 30 or not s[0].isupper() or not s.endswith("."):
        return None
    if s[-2:-1] in ".!?" or sum(c.isdigit() for c in s) > 2:
        return None
    return s


def catalog_sentences(folder):
    """{lang: set(sentences)} from the .mo files of one locale folder,
    with the English msgids under 'en'."""
    out = collections.defaultdict(set)
    for mo in sorted(glob.glob("/usr/share/locale/%s/LC_MESSAGES/*.mo" % folder)):
        try:
            with open(mo, "rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog
        except Exception:  # damaged or foreign catalogs: skipped
            continue
        for msgid, msgstr in catalog.items():
            if isinstance(msgid, tuple) or not msgid:
                continue
            t, e = prose(msgstr), prose(msgid)
            if t and e and t != e:
                out[folder].add(t)
                out["en"].add(e)
    return out


def build_text(per_language, switch, seed):
    rnd = random.Random(seed)
    pool = collections.defaultdict(set)
    for folder in LANGUAGES:
        if folder == "en":
            continue
        for lang, sentences in catalog_sentences(folder).items():
            pool[lang] |= sentences
    # A sentence found in two languages' catalogs tells nothing: dropped.
    seen = collections.Counter(s for ss in pool.values() for s in ss)
    chosen = {}
    for lang in LANGUAGES:
        ss = sorted(s for s in pool[lang] if seen[s] == 1)
        rnd.shuffle(ss)
        chosen[lang] = ss[:per_language]
        if len(chosen[lang]) < per_language:
            print("note: %s has %d sentences" % (lang, len(chosen[lang])),
                  file=sys.stderr)
    queue = {lang: list(ss) for lang, ss in chosen.items()}
    order = []  # (lang, sentence)
    lang = rnd.choice(list(queue))
    while any(queue.values()):
        if not queue[lang] or rnd.random() < switch:
            others = [l for l in queue if queue[l] and l != lang]
            if others:
                lang = rnd.choice(others)
        if not queue[lang]:
            lang = next(l for l in queue if queue[l])
        order.append((lang, queue[lang].pop()))
    text, truth = [], []  # truth: (offset in code points, lang)
    pos = 0
    for i, (lang, s) in enumerate(order):
        sep = "\n\n" if i % 5 == 4 else " "
        truth.append((pos, lang, len(s.split())))
        text.append(s + sep)
        pos += len(s) + len(sep)
    return "".join(text), truth, chosen


def accuracy(python_path, spec, text, truth):
    sys.path.insert(0, python_path)
    import spellfilter  # noqa: E402 (from the build tree)
    with spellfilter.Dictionary(spec, user_words=False) as d:
        start = time.perf_counter()
        ranges = d.sentence_languages(text)
        seconds = time.perf_counter() - start
    starts = [r[0] for r in ranges]
    import bisect
    right = collections.Counter()
    total = collections.Counter()
    confusion = collections.Counter()
    by_length = collections.defaultdict(lambda: [0, 0])
    for offset, lang, words in truth:
        i = bisect.bisect_right(starts, offset) - 1
        picked = ranges[i][2].split("_")[0]
        ok = picked == lang
        total[lang] += 1
        right[lang] += ok
        bucket = "4-6" if words <= 6 else "7-12" if words <= 12 else "13-30"
        by_length[bucket][0] += ok
        by_length[bucket][1] += 1
        if not ok:
            confusion[(lang, picked)] += 1
    return right, total, confusion, by_length, seconds


def best_time(cmd, runs):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        t = time.perf_counter() - start
        if r.returncode not in (0, 1):
            sys.exit("failed: %s: %s" % (" ".join(cmd), r.stderr.decode()))
        best = t if best is None else min(best, t)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--spellfilter", required=True)
    ap.add_argument("--python", required=True, help="the build's python/ folder")
    ap.add_argument("--per-language", type=int, default=400)
    ap.add_argument("--switch", type=float, default=0.7,
                    help="chance that the next sentence changes language")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cache", help="XDG_CACHE_HOME for the converted dictionaries")
    ap.add_argument("--speed-per-language", type=int, default=3000,
                    help="sentences per language in the speed-test texts")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--keep", help="write the mixed text here")
    a = ap.parse_args()
    if a.cache:
        os.environ["XDG_CACHE_HOME"] = os.path.abspath(a.cache)
    os.environ["LC_ALL"] = "C"  # no locale preference: ties to the first listed
    text, truth, chosen = build_text(a.per_language, a.switch, a.seed)
    tags = [LANGUAGES[l] for l in LANGUAGES]
    spec = "auto:" + ",".join(tags)
    # Convert first (not timed).
    subprocess.run([a.spellfilter, "check", "--no-user", "--lang", ",".join(tags)],
                   input=b"x", stdout=subprocess.DEVNULL, check=False)
    right, total, confusion, by_length, seconds = accuracy(a.python, spec, text, truth)
    n = sum(total.values())
    print("## Sentence language, %s, %d sentences (%d per language, switch %.1f, seed %d)\n"
          % (spec, n, a.per_language, a.switch, a.seed))
    print("| language | sentences | picked right |")
    print("|---|---|---|")
    for lang in LANGUAGES:
        if total[lang]:
            print("| %s | %d | %.1f %% |" % (lang, total[lang], 100 * right[lang] / total[lang]))
    print("| all | %d | %.1f %% |" % (n, 100 * sum(right.values()) / n))
    print("\nBy sentence length (words):\n")
    print("| words | sentences | picked right |")
    print("|---|---|---|")
    for bucket in ("4-6", "7-12", "13-30"):
        ok, cnt = by_length[bucket]
        if cnt:
            print("| %s | %d | %.1f %% |" % (bucket, cnt, 100 * ok / cnt))
    print("\nMost frequent mistakes (true -> picked): " + ", ".join(
        "%s->%s %d" % (t, p, c) for (t, p), c in confusion.most_common(8)))
    print("\nsentence_languages on the whole text (%d bytes): %.1f ms"
          % (len(text.encode()), seconds * 1000))

    if a.keep:
        with open(a.keep, "w") as f:
            f.write(text)
    # Speed, one run: a larger mixed text, and each language's own text.
    big, _, big_chosen = build_text(a.speed_per_language, a.switch, a.seed + 1)
    with tempfile.TemporaryDirectory() as tmp:
        def written(name, body):
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(body)
            return path
        base = [a.spellfilter, "check", "--no-user"]
        print("\n## Check speed, best of %d runs\n" % a.runs)
        print("| text | size | one language | list of %d (x) | auto (x) |" % len(tags))
        print("|---|---|---|---|---|")
        rows = [("empty (start-up: opening the dictionaries)",
                 written("empty.txt", ""), "en_US"),
                ("mixed", written("mixed.txt", big), "en_US")]
        for lang in ("en", "de", "fr"):
            # Paragraphs of five sentences, as in the mixed text.
            ss = big_chosen[lang]
            body = "\n\n".join(" ".join(ss[i:i + 5]) for i in range(0, len(ss), 5))
            rows.append((lang, written(lang + ".txt", body + "\n"), LANGUAGES[lang]))
        for name, path, one in rows:
            t1 = best_time(base + ["--lang", one, path], a.runs)
            tl = best_time(base + ["--lang", ",".join(tags), path], a.runs)
            ta = best_time(base + ["--lang", spec, path], a.runs)
            size = os.path.getsize(path) / 1e6
            print("| %s (--lang %s) | %.1f MB | %.0f ms | %.0f ms (%.2f) | %.0f ms (%.2f) |"
                  % (name, one, size, t1 * 1000, tl * 1000, tl / t1, ta * 1000, ta / t1))


if __name__ == "__main__":
    main()
