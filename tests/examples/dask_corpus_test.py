"""examples/dask_corpus.py on a LocalCluster of two worker processes
(loopback only): its corpus-wide misspelling counts equal those of
`spellfilter check` on the same files, with the dictionary by path and
shipped as bytes; its rates agree with the module's."""
import collections
import os
import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples"))
import dask_corpus  # noqa: E402

import spellfilter  # noqa: E402

DICT = os.environ["SPELLFILTER_TEST_DICT"]
EXE = os.environ["SPELLFILTER_EXE"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Documents cut from the project's own docs (prose with names and
    words the dictionary lacks), a Unicode one and an empty one, in two
    folders."""
    root = tmp_path_factory.mktemp("corpus")
    (root / "sub").mkdir()
    texts = []
    for md in sorted((ROOT / "docs").glob("*.md"))[:8]:
        texts.append(md.read_text(encoding="utf-8")[:6000])
    texts.append("Ünïcödé café naïve wrod ☃ — teh Straße\n")
    texts.append("")
    for i, t in enumerate(texts):
        folder = root if i % 2 else root / "sub"
        (folder / f"doc{i:02}.txt").write_text(t, encoding="utf-8")
    (root / "ignored.md").write_text("not a txt file: qqqzzz\n")
    return root


@pytest.fixture(scope="module")
def client():
    os.environ["XDG_CONFIG_HOME"] = "/nonexistent-spellfilter-test"
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
        dashboard_address=":0")
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def cli_counts(files):
    env = dict(os.environ, XDG_CONFIG_HOME="/nonexistent-spellfilter-test")
    out = subprocess.run([EXE, "check", "--dict", DICT, "--mode", "text", *files],
                         capture_output=True, text=True, env=env)
    assert out.returncode in (0, 1), out.stderr
    return collections.Counter(out.stdout.split())


@pytest.mark.parametrize("ship", [False, True])
def test_counts_equal_the_cli(client, corpus, ship):
    assert len(client.scheduler_info()["workers"]) == 2
    r = dask_corpus.check_corpus(client, str(corpus), path=DICT, ship=ship,
                                 partition_size=2)
    files = dask_corpus.text_files(corpus)
    assert len(files) == 10
    assert sorted(r.rates) == files
    expected = cli_counts(files)
    assert sum(expected.values()) > 20  # the comparison means something
    assert r.counts == expected
    d = spellfilter.Dictionary(path=DICT, user_words=False)
    for f in files:
        assert r.rates[f] == pytest.approx(d.rate(pathlib.Path(f).read_text()))
    by_name = {pathlib.Path(f).name: r.rates[f] for f in files}
    assert by_name["doc09.txt"] == 1.0  # the empty document
    assert 0 < by_name["doc08.txt"] < 1  # the Unicode one


def test_both_workers_take_part(client, corpus):
    """Every worker checks some partitions: each opened a dictionary."""
    dask_corpus.check_corpus(client, str(corpus), path=DICT, partition_size=1)
    opened = client.run(dask_corpus.worker_dictionaries)
    assert len(opened) == 2
    assert all(len(sources) == 1 for sources in opened.values())


def test_a_bag_of_texts(client):
    import dask.bag as db

    texts = ["teh cat", "a wrod and teh dog", "all fine here"]
    r = dask_corpus.check_corpus(client, db.from_sequence(texts, npartitions=2),
                                 path=DICT)
    assert r.counts == collections.Counter({"teh": 2, "wrod": 1})
    assert sorted(r.rates.values()) == pytest.approx([0.5, 0.6, 1.0])
    pairs = db.from_sequence([("a", "teh"), ("b", "the")])
    r = dask_corpus.check_corpus(client, pairs, path=DICT)
    assert r.rates == {"a": 0.0, "b": 1.0}


def test_bad_input(client, tmp_path):
    (tmp_path / "latin1.txt").write_bytes("caf\xe9".encode("latin-1"))
    with pytest.raises(ValueError, match="latin1.txt: not UTF-8"):
        dask_corpus.check_corpus(client, str(tmp_path), path=DICT)
    with pytest.raises(NotADirectoryError):
        dask_corpus.check_corpus(client, str(tmp_path / "none"), path=DICT)
    with pytest.raises(FileNotFoundError):
        dask_corpus.check_corpus(client, str(tmp_path), path=str(tmp_path / "x.sfd"),
                                 ship=True)


def test_command_line(corpus, tmp_path):
    out = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "dask_corpus.py"), str(corpus),
         "--dict", DICT, "--workers", "2", "--ship", "--top", "3"],
        capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert len(out.stdout.splitlines()) == 10
    assert "# 10 documents" in out.stderr
    bad = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "dask_corpus.py"),
         str(tmp_path / "none")], capture_output=True, text=True)
    assert bad.returncode == 2
    assert "none: not a directory" in bad.stderr
