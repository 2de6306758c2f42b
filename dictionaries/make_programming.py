#!/usr/bin/env python3
"""Generates programming.txt, the programming word list (code mode),
cpp.txt, the C family's (C, C++, Objective-C, CUDA files only), and
python.txt, Python's (Python files only), from cspell's dictionaries
(MIT; django's: WTFPL), and PROGRAMMING-LICENSES beside them.

    dictionaries/make_programming.py [CSPELL_NODE_MODULES]

CSPELL_NODE_MODULES is a node_modules directory holding the @cspell/dict-*
packages listed below (default: that of a global `npm install -g cspell`,
`$(npm root -g)/cspell/node_modules`; without one, the packages are
installed with npm into a temporary directory, at the versions pinned
below). The output is committed, so building needs no network.

Each package's word lists (one entry per line in cspell's format) become
words: comment lines ('#'), forbidden words ('!word') and the prefix and
suffix markers of compounds ('+', '*', '~') are dropped; entries with
spaces give their words; only entries made of letters and inner
apostrophes, two letters or more, are kept (in code mode '_' and digits
break words, so other entries could never match). Case is kept: "GitLab"
accepts GitLab and GITLAB, not gitlab (docs/code_checking.md), except
that an entry in capitals (an acronym: RPATH, MSVC) is also written in
lower case, as code writes acronyms in identifiers (rpath, msvc) and as
cspell, which ignores case, accepts them.

python.txt takes the lists cspell adds for Python files beside its
python dictionaries (which are in programming.txt): django, and
data-science's three lists (PYTHON_PACKAGES), as programming.txt does.

cpp.txt takes the lists cspell uses for C and C++ files only (CPP_LISTS:
identifiers harvested from headers): entries are split where code mode
splits identifiers ('_', digits: `__cplusplus` gives `cplusplus`), words
en_US.txt or programming.txt already accept are left out, and so are
likely typos, since harvested lists hold them (`ahve`, `appropiate`):
  - a word of 4 to 6 letters one edit (a letter deleted, inserted,
    replaced, or two neighbours swapped) from a common English word
    (en_US.txt size <= 35), unless it is an en_US.txt word with one
    letter put before it or after it (`gsize`, `CAPI`: project prefixes
    and suffixes, not typos; a doubled first or last letter, `andd`, is
    a typo);
  - a word of 7 letters or more that becomes an en_US.txt word when one
    letter is deleted from each or either (one edit, or a letter moved),
    with no such exception: among long words a letter before or after a
    word is a typo as often as not (`unecessary`, `comitted`, `choosen`),
    so `pthread` is left out too.
Shorter words are not checked in code (--min-length 4) and are kept, and
so are words SCOWL lists beyond en_US.txt (SCOWL_WORDS: its size-80
English words and the variant and British, Canadian, Australian
spellings up to size 80, in $SCOWL_DIR, default /usr/share/dict/scowl, the
Debian package scowl): `cancellable`, `bindable`, `destructors` are words,
not typos of `cancelable`, `bendable`, `destructor`.
It also takes cspell's compounds with a one-letter prefix: in
cpp-compound-words, "u*" may begin a compound and "*col", "*config*" may
end one, so cspell accepts `ucol` and `UCONFIG` (ICU's u prefix) in C and
C++; each such compound is written out (lower case), unless the letter is
doubled at the joint (`tthe`) or it is a likely typo by the rules above,
deleting the prefix not counting as the edit (`uknown` is one letter from
`unknown`, so it is left out). Longer prefixes (`in*`, `no*`: `inthe`,
`noone`) are English words whose run-ons are typos, and are not taken
as listed words.

cpp_compounds.txt keeps cspell's compounds themselves (C family only, as
cspell uses cpp-compound-words): each part cpp-compound-words marks, with
the positions its markers allow it ("title*" begins a compound, "*case"
ends one, "*loc*" may stand anywhere, "+curr*" must follow a part), as
`part<TAB>roles` (b: begin, m: middle, e: end). Parts of one letter (the
`u` of ICU's names) are taken to begin a compound only, and middle and end
parts need three letters or more, so `in*` does not make `inthe` of
`*the`: `spellfilter build --compound-parts` compiles them into cpp.sfd,
and the checker accepts a word made of them (titlecase, subtags,
ulocdata) unless it is one edit from a language word (core/check).
"""
import gzip
import os
import re
import subprocess
import sys
import tempfile

# package -> (version, word list files under dict/)
PACKAGES = {
    "software-terms": ("5.4.9", [
        "softwareTerms.txt.gz", "software-tools.txt", "computing-acronyms.txt",
        "coding-compound-terms.txt", "networkingTerms.txt", "webServices.txt",
        "posix-errno.txt", "posix-signals.txt"]),
    "cpp": ("7.2.0", ["cpp-refined.txt.gz", "cpp-legacy.txt.gz"]),
    "python": ("4.5.3", ["python.txt", "python-common.txt"]),
    "golang": ("6.0.29", ["go.txt"]),
    "rust": ("4.1.2", ["rust.txt.gz"]),
    "node": ("5.0.9", ["node.txt"]),
    "typescript": ("3.2.3", ["typescript.txt"]),
    "shell": ("1.2.0", ["bash-words.txt", "shell-all-words.txt"]),
    "companies": ("3.2.14", ["companies.txt"]),
    "fullstack": ("3.2.9", ["fullstack.txt"]),
    "npm": ("5.2.56", ["npm.txt"]),
    "git": ("3.1.1", ["git-terms.txt"]),
    "makefile": ("1.0.5", ["makefile.txt"]),
    "css": ("4.1.2", ["css.txt"]),
    "docker": ("1.1.17", ["docker-words.txt.gz"]),
}

# The lists cspell enables for Python files only, beyond its python ones:
# package -> (version, word list files under dict/).
PYTHON_PACKAGES = {
    "django": ("4.1.7", ["django.txt.gz"]),
    "data-science": ("2.0.17", ["data-science.txt", "data-science-models.txt",
                                "data-science-tools.txt"]),
}

# The C family's lists of @cspell/dict-cpp (cspell's cpp, cpp-refined,
# cpp-legacy and cpp-compound-words dictionaries, enabled for c, cpp and
# cuda-cpp; cuda for those and others).
CPP_LISTS = ["cpp.txt.gz", "cpp-refined.txt.gz", "cpp-legacy.txt.gz",
             "cpp-compound-words.txt.gz", "cuda.txt.gz"]
COMPOUND_LIST = "cpp-compound-words.txt.gz"
MAX_PREFIX = 1     # letters of a compound's prefix taken (u)
MIN_PART = 3       # letters of a compound part (cpp_compounds.txt) but a prefix
SCOWL_WORDS = [f"{kind}-words.{size}"
               for kind in ("english", "variant_1", "british", "canadian",
                            "australian")
               for size in (10, 20, 35, 40, 50, 55, 60, 70, 80)]
COMMON_SIZE = 35   # en_US.txt's commonness classes: 10 to 35 are common
LONG_WORD = 7      # letters from which a typo is looked for among all words

ALL_PACKAGES = {**PACKAGES, **PYTHON_PACKAGES}
ALL_PACKAGES_CPP_VERSION = PACKAGES["cpp"][0]

WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)*")


def read_lines(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8", errors="replace") as f:
        return f.read().splitlines()


def words_of(line):
    line = line.strip()
    if not line or line.startswith("#") or line.startswith("!"):
        return []
    out = []
    for entry in line.split():
        entry = entry.strip("+*~")
        if len(entry) >= 2 and WORD.fullmatch(entry):
            out.append(entry)
    return out


def parts_of(line):
    """The parts of a C-family list's entry code mode would check."""
    line = line.strip()
    if not line or line.startswith("#") or line.startswith("!"):
        return []
    out = []
    for entry in line.split():
        for part in re.split(r"[^A-Za-z']+", entry.strip("+*~")):
            part = part.strip("'")
            if len(part) >= 2 and WORD.fullmatch(part):
                out.append(part)
    return out


def deletions(w):
    return {w[:i] + w[i + 1:] for i in range(len(w))}


def edits(w):
    """The strings one edit from w: a letter deleted, swapped with the
    next, replaced or inserted."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = deletions(w)
    out |= {w[:i] + w[i + 1] + w[i] + w[i + 2:] for i in range(len(w) - 1)}
    out |= {w[:i] + c + w[i + 1:] for i in range(len(w)) for c in letters}
    out |= {w[:i] + c + w[i:] for i in range(len(w) + 1) for c in letters}
    out.discard(w)
    return out


def read_scowl_words():
    """The lower-cased words of SCOWL_WORDS (files missing are skipped)."""
    directory = os.environ.get("SCOWL_DIR", "/usr/share/dict/scowl")
    if not os.path.isdir(directory):
        sys.exit(f"make_programming.py: {directory}: no SCOWL word lists "
                 "(apt-get install scowl, or set SCOWL_DIR)")
    out = set()
    for name in SCOWL_WORDS:
        path = os.path.join(directory, name)
        if os.path.exists(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                out.update(line.strip().lower() for line in f)
    return out


def c_family_words(modules, known, en_us, scowl):
    """cpp.txt's words, and the likely typos left out: CPP_LISTS' parts and
    the short-prefix compounds not accepted anyway (`known`: the words of
    en_US.txt and programming.txt as listed; a lower-case entry accepts
    every case form, `timeval` accepts TIMEVAL, not the reverse) nor
    likely typos of en_US.txt words (`en_us`: lower-cased word -> smallest
    size), unless `scowl` (lower-cased words) has them."""
    common = {w for w, size in en_us.items() if size <= COMMON_SIZE}
    # Every en_US.txt word and each with one letter deleted.
    near = set()
    for w in en_us:
        near.add(w)
        near |= deletions(w)

    def likely_typo(w, part=None):
        """Whether w is one edit from an English word (see the module's
        docstring); for a compound, deleting its prefix (which gives its
        end `part`) does not count."""
        lw = w.lower()
        if part is None and lw in scowl:
            return False
        if len(lw) >= LONG_WORD:
            return lw in near or bool((deletions(lw) - {part}) & near)
        if len(lw) >= 4:
            if part is None and ((lw[0] != lw[1] and lw[1:] in en_us) or
                                 (lw[-1] != lw[-2] and lw[:-1] in en_us)):
                return False
            return any(e in common for e in edits(lw) if e != part)
        return False

    words, typos = set(), set()
    base = os.path.join(modules, "@cspell", "dict-cpp", "dict")
    for name in CPP_LISTS:
        for line in read_lines(os.path.join(base, name)):
            for w in parts_of(line):
                if w in known or w.lower() in known or w in words or w in typos:
                    continue
                (typos if likely_typo(w) else words).add(w)
    # cspell's compounds with a short prefix: cpp-compound-words marks the
    # entries that may begin a compound ("u*") and those that may end one
    # ("*col", "*config*"); "ucol", "UCONFIG" are such compounds.
    begins, ends = set(), set()
    for line in read_lines(os.path.join(base, COMPOUND_LIST)):
        for entry in line.split():
            if entry.startswith("#") or entry.startswith("!"):
                break
            bare = entry.strip("+*~")
            if not WORD.fullmatch(bare):
                continue
            if entry.endswith("*") and len(bare) <= MAX_PREFIX:
                begins.add(bare.lower())
            if entry.startswith("*") and len(bare) >= 2:
                ends.add(bare.lower())
    for b in begins:
        for e in ends:
            w = b + e
            # A letter doubled at the joint (tthe, aadd) is a typo's shape.
            if b[-1] == e[0] or w in known or w in words or w in typos:
                continue
            (typos if likely_typo(w, e) else words).add(w)
    return words, typos


def compound_parts(modules):
    """cpp_compounds.txt's parts: lower-cased part -> its roles (a subset
    of "bme"), by cpp-compound-words' markers ('*' optional, '+' required
    joins before or after the part)."""
    roles = {}
    path = os.path.join(modules, "@cspell", "dict-cpp", "dict", COMPOUND_LIST)
    for line in read_lines(path):
        for entry in line.split():
            if entry.startswith("#") or entry.startswith("!"):
                break
            bare = entry.strip("+*~")
            if not WORD.fullmatch(bare) or "'" in bare:
                continue
            before = entry[0] in "*+"      # may follow a part
            after = entry[-1] in "*+"      # may be followed by a part
            must_follow = entry[0] == "+"
            must_lead = entry[-1] == "+"
            part = bare.lower()
            got = set()
            if after and not must_follow and (len(part) <= MAX_PREFIX or
                                              len(part) >= MIN_PART):
                got.add("b")
            if len(part) >= MIN_PART:
                if before and after:
                    got.add("m")
                if before and not must_lead:
                    got.add("e")
            if got:
                roles.setdefault(part, set()).update(got)
    return roles


def write_compounds(path, roles):
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# {os.path.basename(path)} - cspell's C and C++ compound parts "
                "for spellfilter's code mode.\n"
                "# Generated by dictionaries/make_programming.py from @cspell/dict-cpp "
                f"{ALL_PACKAGES_CPP_VERSION}\n# (licence in PROGRAMMING-LICENSES). "
                "Do not edit by hand.\n"
                "# part<TAB>roles: b begins a compound, m stands inside, e ends it.\n")
        f.write(f"# {len(roles)} parts\n")
        for part in sorted(roles, key=lambda w: w.encode()):
            f.write(part + "\t" + "".join(r for r in "bme" if r in roles[part]) + "\n")


def read_en_us(path):
    """en_US.txt as lower-cased word -> smallest size (apostrophes left out)."""
    out = {}
    for line in read_lines(path):
        if line.startswith("#"):
            continue
        word, size = line.split("\t")
        if "'" in word:
            continue
        w = word.lower()
        out[w] = min(out.get(w, 100), int(size))
    return out


def with_lower_acronyms(words):
    """`words` and the lower case of each in capitals (RPATH: rpath)."""
    return set(words) | {w.lower() for w in words if w.isupper() and len(w) >= 2}


def write_list(path, what, words, packages):
    words = with_lower_acronyms(words)
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# {os.path.basename(path)} - {what} for spellfilter's code mode.\n")
        f.write("# Generated by dictionaries/make_programming.py from cspell's "
                "dictionaries\n# (licences in PROGRAMMING-LICENSES): "
                + ", ".join(f"@cspell/dict-{p} {ALL_PACKAGES[p][0]}" for p in packages)
                + ".\n# Do not edit by hand.\n")
        f.write(f"# {len(words)} words\n")
        for w in sorted(words, key=lambda w: w.encode()):
            f.write(w + "\n")


def find_modules(argv):
    if len(argv) > 1:
        return argv[1], None
    try:
        root = subprocess.run(["npm", "root", "-g"], capture_output=True,
                              text=True, check=True).stdout.strip()
        modules = os.path.join(root, "cspell", "node_modules")
        if all(os.path.isdir(os.path.join(modules, "@cspell", "dict-" + p))
               for p in ALL_PACKAGES):
            return modules, None
    except (OSError, subprocess.CalledProcessError):
        pass
    tmp = tempfile.TemporaryDirectory()
    specs = [f"@cspell/dict-{p}@{v}" for p, (v, _) in ALL_PACKAGES.items()]
    subprocess.run(["npm", "install", "--no-save", "--prefix", tmp.name] + specs,
                   check=True)
    return os.path.join(tmp.name, "node_modules"), tmp


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    modules, tmp = find_modules(argv)
    licences = []

    def words_of_packages(packages):
        out = set()
        for package, (want, files) in packages.items():
            base = os.path.join(modules, "@cspell", "dict-" + package)
            version = re.search(r'"version":\s*"([^"]+)"',
                                open(os.path.join(base, "package.json")).read())[1]
            if version != want:
                print(f"make_programming.py: @cspell/dict-{package} is {version}, "
                      f"pinned {want}", file=sys.stderr)
            for name in files:
                for line in read_lines(os.path.join(base, "dict", name)):
                    out.update(words_of(line))
            licence = open(os.path.join(base, "LICENSE"), encoding="utf-8").read()
            licences.append(f"==> @cspell/dict-{package} {version} <==\n{licence.strip()}\n")
        return out

    words = words_of_packages(PACKAGES)
    write_list(os.path.join(here, "programming.txt"), "programming words",
               words, PACKAGES)
    python_words = words_of_packages(PYTHON_PACKAGES) - words
    write_list(os.path.join(here, "python.txt"), "Python words",
               python_words, PYTHON_PACKAGES)
    en_us = read_en_us(os.path.join(here, "en_US.txt"))
    known = set(words)
    for line in read_lines(os.path.join(here, "en_US.txt")):
        if not line.startswith("#"):
            known.add(line.split("\t")[0])
    c_words, typos = c_family_words(modules, known, en_us, read_scowl_words())
    write_list(os.path.join(here, "cpp.txt"),
               "C, C++, Objective-C and CUDA words", c_words, ["cpp"])
    parts = compound_parts(modules)
    write_compounds(os.path.join(here, "cpp_compounds.txt"), parts)
    with open(os.path.join(here, "PROGRAMMING-LICENSES"), "w", encoding="utf-8") as f:
        f.write("The word lists programming.txt, cpp.txt and python.txt are "
                "generated from these\npackages of cspell's dictionaries "
                "(https://github.com/streetsidesoftware/cspell-dicts),\n"
                "each under the licence below.\n\n")
        f.write("\n".join(licences))
    if tmp is not None:
        tmp.cleanup()
    print(f"programming.txt: {len(with_lower_acronyms(words))} words; "
          f"cpp.txt: {len(with_lower_acronyms(c_words))} words "
          f"({len(typos)} likely typos left out); "
          f"python.txt: {len(with_lower_acronyms(python_words))} words; "
          f"cpp_compounds.txt: {len(parts)} parts",
          file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)
