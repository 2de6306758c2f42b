#!/usr/bin/env python3
"""Tests of scripts/compare_hunspell_verdicts.py's pieces that need no
dictionary: message cleaning, tokens, sampling, the classes of
disagreements, encodings, locales and the threshold check."""

import json
import os
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import compare_hunspell_verdicts as cv  # noqa: E402  (re-execs for PyICU)


class CleanMessage(unittest.TestCase):
    def test_format_specifiers_go(self):
        self.assertEqual(cv.clean_message("%s Dateien in %d Ordnern").split(),
                         ["Dateien", "in", "Ordnern"])
        self.assertEqual(cv.clean_message("%1$s von %2$lu, %(name)s, {0}, %1").split(),
                         ["von", ",", ",", ","])

    def test_accelerators_and_markup_go(self):
        self.assertEqual(cv.clean_message("_Datei").strip(), "Datei")
        self.assertEqual(cv.clean_message("Da_tei &Öffnen").split(),
                         ["Datei", "Öffnen"])
        self.assertEqual(cv.clean_message("<b>fett</b> &amp; gut").split(),
                         ["fett", "&", "gut"])


class Tokens(unittest.TestCase):
    def test_icu_words_with_a_letter(self):
        self.assertEqual(cv.tokenize("l’homme, aujourd'hui: 3,5 x86 €!", "fr"),
                         ["l’homme", "aujourd'hui", "x86"])

    def test_thai_is_segmented(self):
        self.assertEqual(cv.tokenize("ภาษาไทย", "th"), ["ภาษา", "ไทย"])

    def test_sample_is_deterministic_and_ordered(self):
        sources = {"mo": [f"m{i}" for i in range(100)],
                   "man": [f"p{i}" for i in range(100)]}
        a = cv.sample(sources, 50, 7)
        self.assertEqual(a, cv.sample(sources, 50, 7))
        self.assertEqual(len(a), 50)
        self.assertEqual(cv.sample(sources, 500, 7),
                         sources["man"] + sources["mo"])
        self.assertNotEqual(a, cv.sample(sources, 50, 8))


class Classes(unittest.TestCase):
    def test_normalisation_apostrophe_script_real(self):
        # Hunspell rejects the NFD form, accepts the NFC one; spellfilter
        # accepts: a normalisation difference.
        self.assertEqual(cv.classify("e\u0301t\u00e9", False, True,
                                     {"nfc": True}, {"Latn"}), "normalisation")
        self.assertEqual(cv.classify("l’homme", False, True,
                                     {"apos": True}, {"Latn"}), "apostrophe")
        self.assertEqual(cv.classify("test", False, True, {}, {"Thai"}),
                         "other_script")
        # A false flag is never excused by the script rule.
        self.assertEqual(cv.classify("test", True, False, {}, {"Thai"}), "real")
        self.assertEqual(cv.classify("Haus", False, True, {}, {"Latn"}), "real")


class Names(unittest.TestCase):
    def test_locales(self):
        self.assertEqual(cv.locales_for("de_AT"), ["de_AT", "de"])
        self.assertEqual(cv.locales_for("fr"), ["fr"])
        self.assertEqual(cv.locales_for("pt_BR"), ["pt_BR"])
        self.assertEqual(cv.locales_for("sr_Latn_RS"), ["sr@latin", "sr@Latn"])

    def test_codecs(self):
        self.assertEqual(cv.codec("ISO8859-1"), "latin-1")
        self.assertEqual(cv.codec("microsoft-cp1251"), "cp1251")
        self.assertIsNone(cv.codec("NO-SUCH-ENCODING"))

    def test_aff_encoding(self):
        with tempfile.NamedTemporaryFile("wb", suffix=".aff", delete=False) as f:
            f.write(b"\xef\xbb\xbfSET ISO8859-2\nTRY abc\n")
        try:
            self.assertEqual(cv.aff_encoding(f.name), "ISO8859-2")
            with open(f.name, "wb") as g:
                g.write(b"TRY abc\n")
            self.assertEqual(cv.aff_encoding(f.name), "ISO8859-1")
        finally:
            os.unlink(f.name)


class Thresholds(unittest.TestCase):
    def rows(self, builds=True, fa=1.0, ff=2.0):
        return [{"dictionary": "xx", "conversion": {"builds": builds,
                                                    "error": "refused"},
                 "verdicts": {"false_accepts_per_10k": fa,
                              "false_flags_per_10k": ff,
                              "false_accepts_examples": [["w", 3]],
                              "false_flags_examples": [["v", 2]]}}]

    def check(self, rows, limits):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump({"dictionaries": {"xx": limits}}, f)
        try:
            return cv.check_thresholds(rows, f.name)
        finally:
            os.unlink(f.name)

    def test_within_and_beyond(self):
        lim = {"builds": True, "false_accepts_per_10k": 1.0,
               "false_flags_per_10k": 2.0}
        self.assertEqual(self.check(self.rows(), lim), [])
        self.assertEqual(len(self.check(self.rows(ff=2.5), lim)), 1)
        self.assertEqual(len(self.check(self.rows(builds=False), lim)), 1)
        lim["builds"] = False
        self.assertEqual(self.check(self.rows(builds=False), lim), [])


class FromJson(unittest.TestCase):
    def row(self, name, builds, error=None):
        conv = {"builds": builds, "seconds": 1.0, "peak_mb": 10.0}
        if error:
            conv["error"] = error
        return {"dictionary": name, "locales": [name], "text": {},
                "conversion": conv}

    def test_later_file_replaces_a_dictionary(self):
        with tempfile.TemporaryDirectory() as d:
            first = os.path.join(d, "first.json")
            second = os.path.join(d, "second.json")
            with open(first, "w") as f:
                json.dump({"dictionaries": [self.row("aa", True),
                                            self.row("bb", False, "timed out")]}, f)
            with open(second, "w") as f:
                json.dump({"dictionaries": [self.row("bb", False, "too big")]}, f)
            import subprocess
            out = subprocess.run(
                [sys.executable, os.path.join(ROOT, "scripts",
                                              "compare_hunspell_verdicts.py"),
                 "--from-json", first, "--from-json", second],
                capture_output=True, text=True, check=True).stdout
            rows = [l for l in out.splitlines() if l.startswith("| aa") or
                    l.startswith("| bb")]
            self.assertEqual(len(rows), 2)
            self.assertIn("too big", rows[1])
            self.assertNotIn("timed out", out)


if __name__ == "__main__":
    unittest.main()
