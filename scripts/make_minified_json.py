#!/usr/bin/env python3
"""Writes a document of one long minified JSON line, for the editor benchmark.

    scripts/make_minified_json.py OUTPUT [--mb 1]

The line is an array of objects such as
{"id":7,"title":["word","word"],"tags":["word","word"],"ok":true}, with no
white space anywhere, about --mb megabytes long. The words are drawn (seed
7, so the file is the same on every run) from dictionaries/en_US.txt's
entries of SCOWL size 35 or less; every tenth record's first word has an
"x" appended, a misspelling. docs/editor.md ("long lines in pieces") times
the editor on it:

    scripts/editor_benchmark.sh --dict build/dictionaries/en_US.sfd \\
        --file OUTPUT --keys 40 --jumps 5
"""
import argparse
import json
import pathlib
import random
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=pathlib.Path)
    parser.add_argument("--mb", type=float, default=1.0)
    args = parser.parse_args()
    word_list = pathlib.Path(__file__).resolve().parent.parent / "dictionaries/en_US.txt"
    words = []
    with open(word_list, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            word, size = line.rstrip("\n").split("\t")
            if word.isalpha() and word.islower() and int(size) <= 35:
                words.append(word)
    rng = random.Random(7)
    records, size, i = [], 0, 0
    while size < args.mb * 1_000_000:
        chosen = rng.sample(words, 4)
        if i % 10 == 0:
            chosen[0] += "x"
        record = {"id": i, "title": chosen[:2], "tags": chosen[2:], "ok": True}
        text = json.dumps(record, separators=(",", ":"))
        records.append(text)
        size += len(text) + 1
        i += 1
    if args.output.exists() and not args.output.is_file():
        print(f"make_minified_json.py: {args.output}: not a regular file", file=sys.stderr)
        return 2
    try:
        args.output.write_text("[" + ",".join(records) + "]\n", encoding="utf-8")
    except OSError as e:
        print(f"make_minified_json.py: {args.output}: {e.strerror}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
