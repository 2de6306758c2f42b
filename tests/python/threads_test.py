"""The GIL is released while a text is checked: other threads run Python
code, and check, while one thread is inside the library. Judged by what
the other thread does during the call (not by timing against a
threshold), so a slow or busy machine does not change the outcome."""
import os
import threading
import time

import pytest

import spellfilter

DICT = os.environ["SPELLFILTER_TEST_DICT"]
TEXT = ("The quick brown fox jumps over the lazy dog; teh wrod is misspelled. "
        * 20 + "\n") * 400  # about 0.5 MB


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def test_other_threads_run_during_a_check():
    """While one thread checks 8 MB of correct text (no result to build,
    so the whole call is the library's), another runs Python code: it
    makes progress in the middle of the call, which it could not if the
    call held the GIL."""
    d = spellfilter.Dictionary(path=DICT)
    clean = "The quick brown fox jumps over the lazy dog. " * 180_000
    span = {}

    def check():
        span["start"] = time.perf_counter()
        span["found"] = d.misspellings(clean)
        span["end"] = time.perf_counter()

    ticks = []
    t = threading.Thread(target=check)
    t.start()
    while t.is_alive():
        ticks.append(time.perf_counter())
    t.join()
    assert span["found"] == []
    third = (span["end"] - span["start"]) / 3
    middle = [x for x in ticks
              if span["start"] + third < x < span["end"] - third]
    assert middle, (f"no progress during the middle of a "
                    f"{span['end'] - span['start']:.3f} s check")


def test_threads_share_one_dictionary():
    """Two threads checking with one Dictionary at the same time both get
    the single-threaded answer."""
    d = spellfilter.Dictionary(path=DICT)
    expected = d.misspellings(TEXT)
    assert len(expected) == 2 * 20 * 400
    results = []

    def work():
        for _ in range(4):
            results.append(d.misspellings(TEXT) == expected)
            results.append(d.rate(TEXT) == pytest.approx(11 / 13))

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 16


def test_add_while_threads_check():
    """add() waits for the checks under way; no check sees a half-made list."""
    d = spellfilter.Dictionary(path=DICT)
    stop = threading.Event()
    errors = []

    def check():
        while not stop.is_set():
            found = [w for _, _, w in d.misspellings("teh wrod qqzx")]
            if "teh" not in found:
                errors.append(found)

    threads = [threading.Thread(target=check) for _ in range(2)]
    for t in threads:
        t.start()
    for i in range(20):
        d.add(f"qqzx{i}", session=True)
    d.add("qqzx")
    stop.set()
    for t in threads:
        t.join()
    assert not errors
    assert d.misspellings("teh wrod qqzx") == [(0, 3, "teh"), (4, 8, "wrod")]


def test_close_refused_while_another_thread_checks():
    d = spellfilter.Dictionary(path=DICT)
    big = TEXT * 16  # 8 MB: its check outlasts the wait below
    started = threading.Event()
    outcome = []

    def check():
        started.set()
        outcome.append(len(d.misspellings(big)))

    t = threading.Thread(target=check)
    t.start()
    started.wait()
    time.sleep(0.02)
    refused = 0
    while True:
        try:
            d.close()
            break
        except spellfilter.InvalidArgumentError as e:
            assert "in use" in str(e)
            refused += 1
            time.sleep(0.001)
    t.join()
    assert refused >= 1
    assert outcome == [2 * 20 * 400 * 16]
    assert d.closed
