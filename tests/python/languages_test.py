"""Several languages in the Python module (docs/multilingual.md):
Dictionary(lang="en_US,de_DE") or a list, "auto", sentence_languages and
suggest_in, with the bundled en_US (SPELLFILTER_TEST_DICT) and a small
German dictionary built by the command line tool (SPELLFILTER_EXE) in a
temporary XDG_CONFIG_HOME."""
import os
import shutil
import subprocess

import pytest

import spellfilter

DICT = os.environ["SPELLFILTER_TEST_DICT"]
EXE = os.environ["SPELLFILTER_EXE"]


@pytest.fixture(autouse=True)
def languages_home(tmp_path, monkeypatch):
    """en_US and de_DE in the user's dictionary directory, nothing else."""
    config = tmp_path / "config" / "spellfilter"
    config.mkdir(parents=True)
    shutil.copy(DICT, config / "en_US.sfd")
    words = tmp_path / "de.txt"
    words.write_text("der\ndie\nHund\nKatze\nbellt\nlaut\nist\nschön\n")
    subprocess.run([EXE, "build", str(words), "-o", str(config / "de_DE.sfd"),
                    "--lang", "de-DE"], check=True, capture_output=True)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("SPELLFILTER_HUNSPELL_PATH", str(tmp_path / "none"))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("LC_ALL", "C")


@pytest.mark.parametrize("lang", ["en_US,de_DE", ["en_US", "de_DE"]])
def test_a_word_is_right_in_any_language(lang):
    with spellfilter.Dictionary(lang, user_words=False) as d:
        assert d.languages == ["en_US", "de_DE"]
        assert d.language == "en_US,de_DE"
        assert d.check("Hund") and d.check("house")
        assert not d.check("Hnud")
        text = "The dogg sleeps. Der Hnud ist schön."
        assert d.misspellings(text) == [(4, 8, "dogg"), (21, 25, "Hnud")]


def test_sentence_languages_and_suggestions_from_them():
    with spellfilter.Dictionary(["en_US", "de_DE"], user_words=False) as d:
        text = "Schön. The dogg sleeps. Der Hnud bellt."
        assert [tag for _, _, tag in d.sentence_languages(text)] == [
            "de_DE", "en_US", "de_DE"]
        start, end, _ = d.sentence_languages(text)[1]
        assert text[start:end] == "The dogg sleeps. "
        assert d.suggest_in(text, 28, 32)[0] == "Hund"
        assert d.suggest_in(text, 11, 15)[0] == "dog"
        assert d.suggest("Hnud")[0] == "Hund"  # merged over the languages
        with pytest.raises(spellfilter.InvalidArgumentError):
            d.suggest_in(text, 30, 100)


def test_auto_checks_each_sentence_in_its_language():
    with spellfilter.Dictionary("auto", user_words=False) as d:
        assert sorted(d.languages) == ["de_DE", "en_US"]
        assert d.language.startswith("auto:")
        assert d.misspellings("The dog bellt. Der Hund bellt laut.") == [
            (8, 13, "bellt")]


def test_bad_lists_are_errors():
    with pytest.raises(spellfilter.InvalidArgumentError, match="empty item"):
        spellfilter.Dictionary("en_US,,de_DE")
    with pytest.raises(spellfilter.InvalidArgumentError):
        spellfilter.Dictionary([])
    with pytest.raises(spellfilter.NotFoundError, match="xx_YY"):
        spellfilter.Dictionary(["en_US", "xx_YY"])
