#!/usr/bin/env python3
"""The pieces of scripts/eval_suggestions_languages.py that decide what is
measured: the keyboard layouts' neighbours, the error model (kinds in their
documented proportions, case kept, never the word itself), the .mo reader
and the text cleaning. Exit 1 with a message on the first failure."""
import collections
import os
import random
import struct
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "scripts"))
import eval_suggestions_languages as ev  # noqa: E402


def check(cond, what):
    if not cond:
        print("FAIL: " + what)
        sys.exit(1)


def main():
    de = ev.neighbours("de")
    check(de["z"] == ["g", "h", "t", "u"], "QWERTZ z: %s" % de["z"])
    check(de["y"] == ["a", "s", "x"], "QWERTZ y: %s" % de["y"])
    fr = ev.neighbours("fr")
    check(fr["a"] == ["q", "z"], "AZERTY a: %s" % fr["a"])
    check("m" in fr["l"] and "ù" in fr["m"], "AZERTY l/m")
    ru = ev.neighbours("ru")
    check(ru["й"] == ["ф", "ц"], "ЙЦУКЕН й: %s" % ru["й"])
    us = ev.neighbours("us")
    check(us["g"] == ["b", "f", "h", "t", "v", "y"], "QWERTY g: %s" % us["g"])
    # A letter off the layout takes its base letter's keys.
    check(ev.near_keys(de, "é") == de["e"], "é on QWERTZ")
    check(ev.base_letter("é") == "e" and ev.base_letter("ё") == "е" and
          ev.base_letter("ß") == "ß", "base letters")

    rnd = random.Random(1)
    kinds = collections.Counter()
    words = ["Straße", "Fehler", "café", "über", "Mädchen", "essayer",
             "работа", "naïve"]
    n = 0
    for _ in range(4000):
        for w in words:
            e = ev.make_error(w, ev.neighbours("ru" if w == "работа" else "de"), rnd)
            if e is None:
                continue
            kind, typo = e
            check(typo != w, "the word itself: %s" % w)
            check(abs(len(typo) - len(w)) <= 1, "one error: %s -> %s" % (w, typo))
            if w[0].isupper():
                check(typo[0].isupper(), "capital kept: %s -> %s" % (w, typo))
            if kind == "unaccent":
                check(len(typo) == len(w) and
                      sum(a != b for a, b in zip(w, typo)) == 1, "accent: " + typo)
            kinds[kind] += 1
            n += 1
    # Words with an accent: all six kinds by their weights (over the words
    # without one the accent's share goes to the others).
    weights = dict(ev.KINDS)
    total = sum(weights.values())
    for kind, weight in weights.items():
        share = kinds[kind] / n
        check(kind in kinds, "kind never drawn: " + kind)
        check(0.4 * weight / total < share < 1.6 * weight / total,
              "%s: %.3f of the errors for a weight of %d" % (kind, share, weight))

    # A .mo written by hand: the header and two messages.
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "t.mo")
        msgs = [(b"", b"Content-Type: text/plain; charset=UTF-8\n"),
                (b"File", "Datei".encode()), (b"Open", "Öffnen".encode())]
        ids = b"".join(m[0] + b"\0" for m in msgs)
        strs = b"".join(m[1] + b"\0" for m in msgs)
        head = 28 + 16 * len(msgs)
        table_ids, table_strs, off = b"", b"", head
        for m in msgs:
            table_ids += struct.pack("<2I", len(m[0]), off)
            off += len(m[0]) + 1
        for m in msgs:
            table_strs += struct.pack("<2I", len(m[1]), off)
            off += len(m[1]) + 1
        with open(path, "wb") as f:
            f.write(struct.pack("<7I", 0x950412DE, 0, len(msgs), 28,
                                28 + 8 * len(msgs), 0, 0))
            f.write(table_ids + table_strs + ids + strs)
        got = ev.read_mo(path)
        check(got[1:] == [("File", "Datei"), ("Open", "Öffnen")], "read_mo: %s" % got)
        with open(path, "wb") as f:
            f.write(b"not a catalogue at all, 28+ bytes long")
        check(ev.read_mo(path) == [], "read_mo of a non-.mo file")

    words = ev.WORD_RE.findall(ev.clean(
        "_Datei %s öffnen: <b>%1$d</b> {name} &amp; S&peichern l’homme"))
    check(words == ["Datei", "öffnen", "Speichern", "l’homme"], "clean: %s" % words)
    print("eval_suggestions_languages_test: ok")


if __name__ == "__main__":
    main()
