"""The Python module spellfilter (python/module.cpp) over the bundled en_US
dictionary (SPELLFILTER_TEST_DICT), with the user's words in a temporary
XDG_CONFIG_HOME."""
import os
import pathlib
import shutil

import pytest

import spellfilter

DICT = os.environ["SPELLFILTER_TEST_DICT"]


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Each test with its own user word list and cache."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("HOME", str(tmp_path))


@pytest.fixture
def d():
    with spellfilter.Dictionary(path=DICT) as d:
        yield d


def test_check_and_contains(d):
    assert d.check("house") is True
    assert d.check("hosue") is False
    assert "house" in d
    assert "hosue" not in d
    assert d.check("House")  # a capitalised word at a sentence start


def test_misspellings_are_code_point_offsets(d):
    text = "Ünïcödé ☃ café: teh 😀 naïve wrod."
    found = d.misspellings(text)
    words = [w for _, _, w in found]
    assert "teh" in words and "wrod" in words
    for start, end, word in found:
        assert text[start:end] == word


def test_misspellings_ascii(d):
    assert d.misspellings("Teh cat sat on the mat, wrod.") == [
        (0, 3, "Teh"),
        (24, 28, "wrod"),
    ]
    assert d.misspellings("") == []


def test_misspellings_agree_with_the_cli(d, tmp_path):
    import subprocess

    text = (pathlib.Path(__file__).parent / "dictionary_test.py").read_text()
    out = subprocess.run(
        [os.environ["SPELLFILTER_EXE"], "check", "--dict", DICT],
        input=text, capture_output=True, text=True)
    assert out.returncode in (0, 1), out.stderr
    assert [w for _, _, w in d.misspellings(text)] == out.stdout.split()


def test_rate_and_count_words(d):
    assert d.count_words("The cat sat.") == 3
    assert d.rate("The cat sat.") == 1.0
    assert d.rate("Teh cat sat on the mat") == pytest.approx(5 / 6)
    assert d.rate("") == 1.0
    assert d.rate("1234 !!! ...") == 1.0  # no words


def test_suggest(d):
    s = d.suggest("hosue")
    assert s and s[0] == "house"
    assert len(d.suggest("hosue", n=2)) <= 2
    assert d.suggest("hosue", n=0) == []
    assert d.suggest("house")[0] == "house"
    with pytest.raises(ValueError):
        d.suggest("house", n=-1)


def test_add_writes_the_user_list(d, tmp_path):
    assert not d.check("spellfilterish")
    d.add("spellfilterish")
    assert d.check("spellfilterish")
    assert "spellfilterish" in d.user_words()
    # The list of `spellfilter add`, read by a new dictionary.
    assert spellfilter.Dictionary(path=DICT).check("spellfilterish")
    d.remove("spellfilterish")
    assert not d.check("spellfilterish")


def test_session_word(d):
    d.add("Zyxwvutsr", session=True)
    assert d.check("Zyxwvutsr")
    assert d.misspellings("Zyxwvutsr is here") == []
    assert d.user_words() == []
    assert not spellfilter.Dictionary(path=DICT).check("Zyxwvutsr")


def test_without_user_words():
    d = spellfilter.Dictionary(path=DICT, user_words=False)
    with pytest.raises(spellfilter.NotFoundError, match="no user word list"):
        d.add("spellfilterish")
    d.add("spellfilterish", session=True)
    assert d.check("spellfilterish")


def test_properties(d):
    assert d.language == "en-US"
    assert d.path == DICT
    assert d.user_words_problem is None
    assert "en-US" in repr(d)
    assert spellfilter.version() == spellfilter.__version__


def test_missing_file_is_file_not_found(tmp_path):
    missing = str(tmp_path / "none.sfd")
    with pytest.raises(FileNotFoundError) as e:
        spellfilter.Dictionary(path=missing)
    assert isinstance(e.value, spellfilter.Error)
    assert isinstance(e.value, spellfilter.NotFoundError)
    assert "none.sfd" in str(e.value)


def test_unknown_language():
    with pytest.raises(spellfilter.NotFoundError, match="xx_QQ|xx-QQ"):
        spellfilter.Dictionary("xx_QQ")


def test_damaged_file(tmp_path):
    bad = tmp_path / "bad.sfd"
    data = bytearray(pathlib.Path(DICT).read_bytes()[:4096])
    bad.write_bytes(bytes(data))
    with pytest.raises(spellfilter.Error) as e:
        spellfilter.Dictionary(path=str(bad))
    assert "bad.sfd" in str(e.value) or str(e.value)
    not_sfd = tmp_path / "text.sfd"
    not_sfd.write_text("hello\n")
    with pytest.raises((spellfilter.CorruptionError, spellfilter.UnsupportedError)):
        spellfilter.Dictionary(path=str(not_sfd))


def test_bad_arguments(d):
    with pytest.raises(ValueError):
        spellfilter.Dictionary("en_US", path=DICT)
    with pytest.raises(spellfilter.InvalidArgumentError):
        d.add("two words")
    with pytest.raises(TypeError):
        d.check(5)
    with pytest.raises(UnicodeEncodeError):  # a lone surrogate
        d.check("a\udc80b")
    with pytest.raises(TypeError):
        [] in d
    # check() is a plain C method: it refuses what is not an initialised
    # Dictionary instead of reading it.
    with pytest.raises(TypeError):
        spellfilter.Dictionary.check("house", "house")
    with pytest.raises(TypeError):
        spellfilter.Dictionary.__new__(spellfilter.Dictionary).check("house")
    with pytest.raises(TypeError):
        class Sub(spellfilter.Dictionary):  # final: no subclass
            pass


def test_closed(tmp_path):
    d = spellfilter.Dictionary(path=DICT)
    d.close()
    assert d.closed
    with pytest.raises(spellfilter.InvalidArgumentError, match="closed"):
        d.check("house")
    d.close()  # twice is fine
    assert "closed" in repr(d)


def test_language_from_hunspell(tmp_path, monkeypatch):
    """lang= finds a Hunspell dictionary of the system and converts it into
    the cache: a small one of tests/data/hunspell, installed as de_DE."""
    data = pathlib.Path(__file__).parents[1] / "data" / "hunspell"
    hun = tmp_path / "hunspell"
    hun.mkdir()
    shutil.copy(data / "affixes.dic", hun / "de_DE.dic")
    shutil.copy(data / "affixes.aff", hun / "de_DE.aff")
    monkeypatch.setenv("SPELLFILTER_HUNSPELL_PATH", str(hun))
    assert "de_DE" in spellfilter.languages()
    d = spellfilter.Dictionary("de")
    assert d.path.startswith(str(tmp_path / "cache"))
    good = (data / "affixes.good").read_text().split()
    assert all(d.check(w) for w in good)


def test_docstrings():
    assert "code points" in spellfilter.Dictionary.misspellings.__doc__
    assert spellfilter.Dictionary.rate.__doc__
    assert spellfilter.__doc__


def test_type_stubs_ship_with_the_package():
    pkg = pathlib.Path(spellfilter.__file__).parent
    assert (pkg / "py.typed").exists()
    stub = (pkg / "_spellfilter.pyi").read_text()
    for name in ("def misspellings", "def rate", "def suggest", "class Error",
                 "def check", "def add"):
        assert name in stub
