#!/usr/bin/env python3
"""Checks the spelling of a corpus on a Dask `distributed` cluster: the
share of known words of every document (its rate, the usual measure of OCR
quality) and how often each misspelled word occurs in the whole corpus.

    python3 examples/dask_corpus.py DIR [--dict FILE.sfd | --lang TAG]
        [--scheduler tcp://host:8786 | --workers N] [--ship] [--top K]

The documents are the text files under DIR (*.txt, recursively), read by
the workers: on a real cluster DIR must be a path every worker can read (a
shared file system); from Python, check_corpus() also takes a Dask bag of
texts (read from anywhere: dask.bag.read_text, from_sequence...).

The dictionary reaches the workers one of two ways:
  * by path (the default): every worker opens the same .sfd file (--dict) or
    finds the language's dictionary (--lang) itself, so spellfilter and the
    dictionary must be installed on every worker;
  * by value (--ship): the client reads the .sfd file and sends its bytes
    once to every worker (Client.scatter(..., broadcast=True)); each worker
    process writes them to a file of its own and opens it once, for all the
    tasks it runs.
The user's word list of the machine is not used (each worker opens its
dictionary with user_words=False), so the result does not depend on which
worker checked what. See docs/python.md.
"""
from __future__ import annotations

import argparse
import atexit
import collections
import dataclasses
import hashlib
import os
import pathlib
import sys
import tempfile
import threading
import time
from typing import Iterable, Optional, Union

import spellfilter

Counter = collections.Counter


@dataclasses.dataclass(frozen=True)
class DictionarySource:
    """Where a worker gets its dictionary: a path, a language, or bytes
    shipped by check_corpus (`digest` names them)."""

    path: Optional[str] = None
    lang: Optional[str] = None
    digest: Optional[str] = None


@dataclasses.dataclass
class CorpusResult:
    """What check_corpus returns."""

    rates: dict[str, float]  # document name -> share of known words
    words: dict[str, int]  # document name -> words checked
    counts: Counter  # misspelled word -> occurrences in the corpus
    seconds: float  # wall time of the computation on the cluster
    bytes: int  # UTF-8 bytes checked

    @property
    def total_words(self) -> int:
        return sum(self.words.values())

    @property
    def total_misspelled(self) -> int:
        return sum(self.counts.values())


# One open dictionary per worker process and source, shared by its threads
# (a Dictionary is thread-safe, and its checks run without the GIL).
_open: dict[DictionarySource, spellfilter.Dictionary] = {}
_open_lock = threading.Lock()


def _dictionary(source: DictionarySource, data: Optional[bytes]) -> spellfilter.Dictionary:
    with _open_lock:
        d = _open.get(source)
        if d is not None:
            return d
        if source.digest is not None:
            # The shipped bytes, written once for this process: a
            # Dictionary maps its file, so the file stays until exit.
            fd, path = tempfile.mkstemp(prefix="spellfilter-", suffix=".sfd")
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            atexit.register(os.unlink, path)
            d = spellfilter.Dictionary(path=path, user_words=False)
        elif source.path is not None:
            d = spellfilter.Dictionary(path=source.path, user_words=False)
        else:
            d = spellfilter.Dictionary(source.lang, user_words=False)
        _open[source] = d
        return d


def worker_dictionaries() -> list[DictionarySource]:
    """The dictionaries open in this process (client.run(...) lists each
    worker's)."""
    with _open_lock:
        return list(_open)


def _read(path: str) -> tuple[str, str]:
    # errors="strict": a file that is not UTF-8 is an error naming it,
    # never a silently different text.
    try:
        return path, pathlib.Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise ValueError(f"{path}: not UTF-8 ({e.reason} at byte {e.start})") from None


def _check_partition(docs: Iterable, source: DictionarySource,
                     data: Optional[bytes], index: int) -> tuple[list, Counter]:
    """Partition `index`: per document (name, words, misspelled, UTF-8
    bytes), and the partition's misspelled words counted. A document is a
    (name, text) pair, or a text named "PARTITION:POSITION"."""
    d = _dictionary(source, data)
    per_doc = []
    counts = Counter()
    for position, doc in enumerate(docs):
        name, text = (f"{index}:{position}", doc) if isinstance(doc, str) else doc
        found = d.misspellings(text)
        counts.update(w for _, _, w in found)
        per_doc.append((name, d.count_words(text), len(found),
                        len(text.encode("utf-8"))))
    return per_doc, counts


def text_files(directory: Union[str, os.PathLike]) -> list[str]:
    """The *.txt files under `directory`, sorted."""
    root = pathlib.Path(directory)
    if not root.is_dir():
        raise NotADirectoryError(f"{directory}: not a directory")
    return sorted(str(p) for p in root.rglob("*.txt") if p.is_file())


def check_corpus(client, corpus, *, path: Optional[str] = None,
                 lang: Optional[str] = None, ship: bool = False,
                 partition_size: int = 8) -> CorpusResult:
    """Checks `corpus` on the cluster of `client` (a distributed.Client).

    corpus: a directory (its *.txt files, read by the workers), or a Dask
    bag of texts (str, named by their position) or of (name, text) pairs.
    path/lang: the dictionary (a .sfd file, or a language tag; en_US when
    neither is given). ship=True sends the file at `path` to the workers
    once instead of letting each open it (for workers without the file).
    """
    import dask
    import dask.bag as db

    if path is not None and lang is not None:
        raise ValueError("give path or lang, not both")
    if ship and path is None:
        raise ValueError("ship=True needs path=")
    # The workers import this file (sent to them: they need spellfilter
    # only), so its functions travel by name and share one module, and
    # with it one open dictionary per worker process (_open).
    client.upload_file(os.path.abspath(__file__))

    data_future = None
    if ship:
        raw = pathlib.Path(path).read_bytes()
        source = DictionarySource(digest=hashlib.sha256(raw).hexdigest())
        data_future = client.scatter(raw, broadcast=True, hash=False)
    else:
        source = DictionarySource(path=os.path.abspath(path) if path else None,
                                  lang=None if path else (lang or "en_US"))

    if isinstance(corpus, (str, os.PathLike)):
        files = text_files(corpus)
        docs = db.from_sequence(files, partition_size=partition_size).map(_read)
    else:
        docs = corpus
    check = dask.delayed(_check_partition, pure=True)
    tasks = [check(part, source, data_future, i)
             for i, part in enumerate(docs.to_delayed())]
    start = time.perf_counter()
    parts = client.gather(client.compute(tasks))
    seconds = time.perf_counter() - start
    if data_future is not None:
        data_future.release()
    rates, words, counts, size = {}, {}, Counter(), 0
    for per_doc, partition_counts in parts:
        counts.update(partition_counts)
        for name, w, m, b in per_doc:
            if name in rates:
                raise ValueError(f"{name}: two documents of this name")
            rates[name] = (w - m) / w if w else 1.0
            words[name] = w
            size += b
    return CorpusResult(rates=rates, words=words, counts=counts,
                        seconds=seconds, bytes=size)


def main(argv: Optional[list[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("directory", help="the corpus: the *.txt files under it")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--dict", help="a .sfd dictionary file")
    g.add_argument("--lang", help="a language tag (default en_US)")
    c = p.add_mutually_exclusive_group()
    c.add_argument("--scheduler", help="a running scheduler, tcp://host:8786")
    c.add_argument("--workers", type=int, default=2,
                   help="else a local cluster of this many processes (2)")
    p.add_argument("--threads", type=int, default=1,
                   help="threads per local worker (1)")
    p.add_argument("--ship", action="store_true",
                   help="send the --dict file's bytes to the workers once")
    p.add_argument("--top", type=int, default=20,
                   help="print the K commonest misspellings (20)")
    args = p.parse_args(argv)
    if args.ship and not args.dict:
        p.error("--ship needs --dict")
    if not os.path.isdir(args.directory):
        print(f"dask_corpus.py: {args.directory}: not a directory", file=sys.stderr)
        return 2

    from distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers,
                               threads_per_worker=args.threads, processes=True,
                               host="127.0.0.1", dashboard_address=":0")
        client = Client(cluster)
    # This file as the module dask_corpus, not __main__, so that the
    # workers find its functions by name (check_corpus uploads it).
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import dask_corpus

    try:
        r = dask_corpus.check_corpus(client, args.directory, path=args.dict, lang=args.lang,
                         ship=args.ship)
    except (dask_corpus.spellfilter.Error, ValueError, OSError) as e:
        print(f"dask_corpus.py: {e}", file=sys.stderr)
        return 2
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    for name, rate in sorted(r.rates.items()):
        print(f"{rate:.4f}\t{r.words[name]}\t{name}")
    print(f"# {len(r.rates)} documents, {r.total_words} words, "
          f"{r.total_misspelled} misspelled, {r.bytes / 1e6:.1f} MB in "
          f"{r.seconds:.2f} s", file=sys.stderr)
    for word, n in r.counts.most_common(args.top):
        print(f"# {n}\t{word}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
