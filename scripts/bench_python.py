#!/usr/bin/env python3
"""The Python module against pyenchant (Debian python3-enchant, Enchant's
Hunspell provider) and the Hunspell binding (python3-hunspell), side by
side in one run on the same 5 MB of prose, and the Dask example's
throughput on 1 and 2 worker processes.

    scripts/bench_python.py [--build build] [--text FILE] [--words N]
                            [--repeat R] [--peer-repeat P] [--no-dask]

Measures, each the best of R runs (default 3; the peers P, default 1),
in CPU seconds of this
process for the single-threaded rows (a shared machine's wall clock also
counts other programs) and in wall seconds for threads and Dask:
  misspellings  the misspelled words of the whole text, with positions:
                spellfilter's Dictionary.misspellings(text); pyenchant's
                enchant.checker.SpellChecker over the text (its tokenizer
                and one check per word); the Hunspell binding on the words
                of a Unicode regular expression, one spell() per word
                (it has no tokenizer). In MB/s and as ratios.
  check         one call per word from a Python loop, on the first N
                words (default 200,000) of the text: d.check(w),
                enchant Dict.check(w), HunSpell.spell(w). In ns per word.
  threads       misspellings() on 1 and 2 threads sharing one Dictionary.
  dask          examples/dask_corpus.py on a LocalCluster of 1 and 2
                worker processes (one thread each) over the text cut into
                100 documents; the cluster's start and a first warm-up
                pass are not timed.
The text is build/bench-data/prose-5mb.txt (scripts/make_prose.sh makes
it). Missing packages are installed by scripts/setup.sh --peers --test.
"""
import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def best(fn, repeat, clock=time.process_time):
    """The least time of `repeat` runs of fn, and its result. The
    single-threaded rows count the process's CPU time: on a shared machine
    the wall clock also counts the time other programs had the CPU."""
    times = []
    result = None
    for _ in range(repeat):
        t = clock()
        result = fn()
        times.append(clock() - t)
    return min(times), result


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", default=str(ROOT / "build"))
    p.add_argument("--text", default=None)
    p.add_argument("--words", type=int, default=200_000)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--peer-repeat", type=int, default=1,
                   help="runs of pyenchant and Hunspell (1: each takes a "
                        "minute of CPU on the whole text)")
    p.add_argument("--no-dask", action="store_true")
    args = p.parse_args()
    build = pathlib.Path(args.build).resolve()
    sys.path.insert(0, str(build / "python"))
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        import enchant
        import enchant.checker
        import hunspell
    except ImportError:
        subprocess.run([str(ROOT / "scripts" / "setup.sh"), "--peers", "--test"],
                       check=True)
        import enchant
        import enchant.checker
        import hunspell
    import spellfilter

    text_path = pathlib.Path(args.text or build / "bench-data" / "prose-5mb.txt")
    if not text_path.exists():
        subprocess.run([str(ROOT / "scripts" / "make_prose.sh"),
                        str(text_path.parent)], check=True,
                       stdout=subprocess.DEVNULL)
    text = text_path.read_text(encoding="utf-8")
    mb = len(text.encode("utf-8")) / 1e6
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()  # no user words
    sfd = str(build / "dictionaries" / "en_US.sfd")
    d = spellfilter.Dictionary(path=sfd, user_words=False)
    broker = enchant.Broker()
    broker.set_ordering("en_US", "hunspell")
    ed = broker.request_dict("en_US")
    provider = ed.provider.name
    hs = hunspell.HunSpell("/usr/share/hunspell/en_US.dic",
                           "/usr/share/hunspell/en_US.aff")
    word_re = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")

    def sf_text():
        return len(d.misspellings(text))

    def enchant_text():
        checker = enchant.checker.SpellChecker(ed)
        checker.set_text(text)
        return sum(1 for _ in checker)

    def hunspell_text():
        return sum(1 for m in word_re.finditer(text) if not hs.spell(m.group()))

    print(f"text: {text_path} ({mb:.2f} MB); spellfilter {spellfilter.version()} "
          f"({sfd}); pyenchant {enchant.__version__} with Enchant's {provider} "
          f"provider; python3-hunspell on /usr/share/hunspell/en_US")
    print(f"best of {args.repeat} (pyenchant and Hunspell: {args.peer_repeat}); "
          f"CPU time for one thread, wall time for threads and Dask\n")
    rows = []
    for name, fn in (("spellfilter", sf_text), ("pyenchant", enchant_text),
                     ("hunspell", hunspell_text)):
        t, n = best(fn, args.repeat if name == "spellfilter" else args.peer_repeat)
        rows.append((name, t, n))
    base = rows[0][1]
    print("misspellings(text)     CPU seconds    MB/s   found   spellfilter is")
    for name, t, n in rows:
        ratio = "" if name == "spellfilter" else f"{t / base:8.1f}x faster"
        print(f"  {name:22} {t:9.3f} {mb / t:7.2f} {n:7d}   {ratio}")

    words = [m.group() for m in word_re.finditer(text)][: args.words]
    rows = []
    for name, check in (("spellfilter", d.check), ("pyenchant", ed.check),
                        ("hunspell", hs.spell)):
        t, n = best(lambda: sum(1 for w in words if not check(w)),
                    args.repeat if name == "spellfilter" else args.peer_repeat)
        rows.append((name, t, n))
    base = rows[0][1]
    print(f"\ncheck(word), {len(words)} words   ns/word  rejected   spellfilter is")
    for name, t, n in rows:
        ratio = "" if name == "spellfilter" else f"{t / base:8.1f}x faster"
        print(f"  {name:22} {t / len(words) * 1e9:9.0f} {n:9d}   {ratio}")

    print("\nmisspellings(text) on threads sharing one Dictionary")
    one = None
    for n in (1, 2):
        def run():
            ts = [threading.Thread(target=sf_text) for _ in range(n)]
            for th in ts:
                th.start()
            for th in ts:
                th.join()
        t, _ = best(run, args.repeat, clock=time.perf_counter)  # wall
        rate = n * mb / t
        one = one or rate
        print(f"  {n} thread{'s' if n > 1 else ' '}  {rate:7.2f} MB/s  ({rate / one:.2f}x)")

    if args.no_dask:
        return 0
    import dask_corpus
    from distributed import Client, LocalCluster

    corpus = pathlib.Path(tempfile.mkdtemp())
    lines = text.splitlines(keepends=True)
    per = (len(lines) + 99) // 100
    for i in range(100):
        (corpus / f"doc{i:03}.txt").write_text("".join(lines[i * per:(i + 1) * per]),
                                               encoding="utf-8")
    print(f"\nexamples/dask_corpus.py, {mb:.2f} MB in 100 documents, LocalCluster")
    one = None
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          host="127.0.0.1", dashboard_address=":0") as cluster, \
                Client(cluster) as client:
            dask_corpus.check_corpus(client, str(corpus), path=sfd)  # warm-up
            times = []
            for _ in range(args.repeat):
                r = dask_corpus.check_corpus(client, str(corpus), path=sfd)
                times.append(r.seconds)
            t = min(times)
            one = one or mb / t
            print(f"  {workers} worker{'s' if workers > 1 else ' '}  {t:7.3f} s "
                  f"{mb / t:7.2f} MB/s  ({mb / t / one:.2f}x)  "
                  f"{r.total_misspelled} misspelled of {r.total_words} words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
