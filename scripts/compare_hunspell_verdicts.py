#!/usr/bin/env python3
"""Compares spellfilter's verdicts with libhunspell's, for every installed
Hunspell dictionary, on real text in each language (issue 32).

For each dictionary in --hunspell-dir (real .dic files; a symlink to
another dictionary is a duplicate and skipped):

  1. converts it: `spellfilter build --hunspell X.dic -o X.sfd` under
     `/usr/bin/time -v`, with a time limit (--timeout) and an address-space
     limit (--memory-gb), recording wall time, peak RSS, the exit status and
     the one-line error when refused, the output size and its ratio to the
     .dic + .aff;
  2. gathers text in the dictionary's language from Debian packages:
     translated messages (msgstr of /usr/share/locale/LL/LC_MESSAGES/*.mo
     through `msgunfmt`; msgids dropped, format specifiers, markup and
     accelerators removed), manual pages (/usr/share/man/LL, manpages-LL,
     rendered with `man -l`; the untranslated pages for English) and the
     Debian Reference (debian-reference-LL) where it exists. A language with
     no such text is reported as such, never given another's;
  3. cuts it into tokens with ICU's word break iterator (python3-icu) and
     keeps those with a letter; a deterministic sample of --tokens running
     tokens (same seed, same sample) is checked whole by both checkers:
     libhunspell's Hunspell_spell (ctypes; the word encoded in the .aff's
     SET encoding, a token it cannot encode is counted apart) and
     libspellfilter's spellfilter_check_word on the converted .sfd, user
     words off (ctypes). Each runs in a child process, so a crash in one
     language is reported and the run goes on;
  4. counts disagreements per 10,000 running tokens in both directions:
     spellfilter accepts what Hunspell rejects ("false accepts") and
     spellfilter rejects what Hunspell accepts ("false flags"). Documented
     exceptions are counted apart, not in those figures: the token differs
     from one Hunspell answers as spellfilter did only by Unicode
     normalisation or by the apostrophe (U+2019 vs '): for a false flag,
     Hunspell rejects the token as spellfilter reads it (NFC, ’ folded to
     '), which differs from the token; for a false accept, Hunspell accepts
     an equivalent spelling (NFC, NFD, NFD with the composition exclusions
     such as Bengali U+09DF composed again; ' for ’ or ’ for '); and, for
     false accepts, tokens whose script the dictionary's letters do not
     cover, which spellfilter leaves unchecked by design (core/check/
     checker.h, the script rule). The most frequent examples of each kind
     go to WORK/examples/DICT.txt;
  5. times both checkers on the same running tokens in one process with
     tests/bench/hunspell_speed (built when libhunspell-dev is installed):
     the check speed ratio (spellfilter's tokens/s over Hunspell's).

Writes WORK/verdicts.json (every figure), a Markdown table to stdout, and
with --write-docs the table into docs/languages.md (between the markers
there). With --thresholds FILE (tests/data/languages/thresholds.json) it
exits 1 when a language disagrees more than its threshold allows or no
longer converts; see that file for its format.

The build to measure is given as a build directory (--build, with
app/cli/spellfilter, app/capi/libspellfilter.so.0 and
tests/bench/hunspell_speed), or file by file (--spellfilter,
--libspellfilter, --bench), so the same command measures another build.

Needs (scripts/setup.sh --languages): libhunspell-dev, python3-icu,
gettext, man-db, time, the hunspell-*/myspell-* dictionaries and the
manpages-LL / debian-reference-LL packages.

With --convert-only only step 1 runs (no text, verdicts or speed, so
neither libhunspell nor the C library is needed): a table of time, peak
memory, size ratio and how each dictionary was stored (expanded or
affix-aware), figures over issue 32's limits (10 s, 500 MB, 10 times the
.dic + .aff) marked with '!'. With --baseline OTHER_CLI as well, each
dictionary is converted by that CLI right after (the same load for both)
and the table shows both side by side and whether the two files are byte
for byte the same:

  scripts/compare_hunspell_verdicts.py --convert-only --build build \
      --baseline /path/to/main/build/app/cli/spellfilter

  scripts/compare_hunspell_verdicts.py --build build            # every dictionary
  scripts/compare_hunspell_verdicts.py --build build de_DE fr   # some
  scripts/compare_hunspell_verdicts.py --build build --write-docs

Exit status: 0 done; 1 a threshold exceeded (--thresholds); 2 bad
arguments or a missing tool, with a one-line message.
"""

import argparse
import collections
import concurrent.futures
import ctypes
import datetime
import filecmp
import html
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
import unicodedata

try:
    import icu  # python3-icu
except ImportError:
    # Debian's python3-icu is in the system Python; an interpreter of its
    # own (a virtualenv, pyenv) does not see it.
    if os.path.exists("/usr/bin/python3") and \
            os.path.realpath(sys.executable) != os.path.realpath(
                "/usr/bin/python3") and "SPELLFILTER_REEXEC" not in os.environ:
        os.environ["SPELLFILTER_REEXEC"] = "1"
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    sys.exit("compare_hunspell_verdicts.py: needs PyICU (apt-get install "
             "python3-icu, or scripts/setup.sh --languages)")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs", "languages.md")
BEGIN_MARK = "<!-- BEGIN compare_hunspell_verdicts.py -->"
END_MARK = "<!-- END compare_hunspell_verdicts.py -->"
APOSTROPHES = ("\u2019", "'")
EXAMPLES = 30  # per direction and class, in the examples file

# Dictionaries whose text is not found by the default rule (the language
# code before "_", then the full name): locale names, in order of
# preference. Serbian is chosen by script; Norwegian by written standard.
LOCALES = {
    "sr_RS": ["sr_RS", "sr"],
    "sr_Latn_RS": ["sr@latin", "sr@Latn"],
    "pt_BR": ["pt_BR"],
    "pt_PT": ["pt_PT", "pt"],
    "nb_NO": ["nb_NO", "nb", "no"],
    "nn_NO": ["nn_NO", "nn"],
    "ca": ["ca"],
    "ca_ES-valencia": ["ca@valencia"],
    "kmr_Latn": ["kmr"],
    "gug_PY": ["gug", "gn"],
    "tl": ["tl", "fil"],
    "de_DE-1901": ["de"],
    "de_med": ["de"],
    "en_med_glut": ["en_US", "en"],
}
# debian-reference-LL file infix for a locale name.
DEBREF = {"pt_BR": "pt-br", "pt": "pt", "de": "de", "es": "es", "fr": "fr",
          "id": "id", "it": "it"}
# Python codecs for the .aff SET names Hunspell knows.
ENCODINGS = {
    "UTF-8": "utf-8", "ISO8859-1": "latin-1", "ISO8859-2": "iso8859-2",
    "ISO8859-3": "iso8859-3", "ISO8859-4": "iso8859-4",
    "ISO8859-5": "iso8859-5", "ISO8859-6": "iso8859-6",
    "ISO8859-7": "iso8859-7", "ISO8859-8": "iso8859-8",
    "ISO8859-9": "iso8859-9", "ISO8859-10": "iso8859-10",
    "ISO8859-13": "iso8859-13", "ISO8859-14": "iso8859-14",
    "ISO8859-15": "iso8859-15", "KOI8-R": "koi8-r", "KOI8-U": "koi8-u",
    "MICROSOFT-CP1251": "cp1251", "CP1251": "cp1251",
    "TIS620-2533": "tis-620", "TIS620": "tis-620",
}


def fail(message):
    print("compare_hunspell_verdicts.py: " + message, file=sys.stderr)
    sys.exit(2)


# ---------------------------------------------------------------- dictionaries

def dictionaries(hunspell_dir):
    """Names of the real .dic files with an .aff beside them (symlinks,
    Debian's aliases such as de_LU -> de_DE, are duplicates)."""
    names = []
    for entry in sorted(os.listdir(hunspell_dir)):
        path = os.path.join(hunspell_dir, entry)
        if not entry.endswith(".dic") or os.path.islink(path) or \
                not os.path.isfile(path):
            continue
        if os.path.isfile(path[:-4] + ".aff"):
            names.append(entry[:-4])
    return names


def aff_encoding(aff):
    """The .aff's SET (Hunspell's default ISO8859-1 without one)."""
    with open(aff, "rb") as f:
        for raw in f:
            line = raw.lstrip(b"\xef\xbb\xbf").strip()
            if line.startswith(b"SET") and len(line.split()) >= 2 and \
                    line.split()[0] == b"SET":
                return line.split()[1].decode("ascii", "replace")
    return "ISO8859-1"


def codec(set_name):
    name = ENCODINGS.get(set_name.upper())
    if name is None:
        try:
            import codecs
            name = codecs.lookup(set_name).name
        except LookupError:
            return None
    return name


def dictionary_scripts(dic, encoding):
    """ICU script codes of the letters in the .dic's words (before the
    flags)."""
    scripts = collections.Counter()
    with open(dic, "rb") as f:
        data = f.read()
    text = data.decode(encoding or "utf-8", "replace")
    for line in text.split("\n")[1:]:
        word = line.split("/", 1)[0].split("\t", 1)[0]
        for ch in word:
            if unicodedata.category(ch).startswith("L"):
                scripts[script_of(ch)] += 1
    return {s for s, n in scripts.items() if s not in ("Zyyy", "Zinh")}


def script_of(ch):
    return icu.Script.getScript(ch).getShortName()


def token_script(token):
    for ch in token:
        s = script_of(ch)
        if s not in ("Zyyy", "Zinh", "Zzzz"):
            return s
    return None


# ------------------------------------------------------------------ conversion

def convert(spellfilter, dic, sfd, timeout, memory_gb):
    """Runs the conversion under /usr/bin/time -v; its figures."""
    aff = dic[:-4] + ".aff"
    record = {"input_bytes": os.path.getsize(dic) + os.path.getsize(aff)}
    if os.path.exists(sfd):
        os.unlink(sfd)
    limit = int(memory_gb * 1024 ** 3)

    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    with tempfile.NamedTemporaryFile("r", suffix=".time") as timing:
        cmd = ["/usr/bin/time", "-v", "-o", timing.name, spellfilter, "build",
               "--hunspell", dic, "-o", sfd]
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                start_new_session=True, preexec_fn=limits)
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            record.update(builds=False, seconds=round(time.monotonic() - start, 1),
                          error=f"timed out after {timeout} s", exit=None)
            return record
        wall = time.monotonic() - start
        report = timing.read()
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report)
    status = re.search(r"Exit status: (\d+)", report)
    killed = re.search(r"Command terminated by signal (\d+)", report)
    elapsed = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)",
                        report)
    seconds = wall
    if elapsed:
        h, m, s = elapsed.groups()
        seconds = int(h or 0) * 3600 + int(m) * 60 + float(s)
    record["seconds"] = round(seconds, 2)
    # CPU time (user + sys): on a shared machine, the estimate of the time
    # on an idle one (the wall clock adds the waits for a core).
    user = re.search(r"User time \(seconds\): ([\d.]+)", report)
    system = re.search(r"System time \(seconds\): ([\d.]+)", report)
    if user and system:
        record["cpu_seconds"] = round(float(user.group(1)) +
                                      float(system.group(1)), 2)
    record["peak_mb"] = round(int(rss.group(1)) / 1024, 1) if rss else None
    code = int(status.group(1)) if status else None
    if killed:
        code = -int(killed.group(1))
    record["exit"] = code
    ok = code == 0 and os.path.exists(sfd)
    record["builds"] = ok
    if ok:
        # How it was stored, and the work the expansion took (the build's
        # summary; older builds print no steps).
        summary = out.decode("utf-8", "replace") + err.decode("utf-8", "replace")
        record["stored"] = "affix-aware" if "affix rules kept" in summary \
            else "expanded"
        steps = re.search(r"([\d,]+) affix applications tried", summary)
        if steps:
            record["steps"] = int(steps.group(1).replace(",", ""))
        record["output_bytes"] = os.path.getsize(sfd)
        record["size_ratio"] = round(record["output_bytes"] /
                                     record["input_bytes"], 2)
    else:
        lines = [l for l in err.decode("utf-8", "replace").splitlines()
                 if l.strip()]
        if lines:
            record["error"] = lines[-1].strip()[:300]
        elif killed:
            record["error"] = f"killed by signal {killed.group(1)}"
        else:
            record["error"] = f"exit status {code}"
        if code is not None and code < 0 or "bad_alloc" in record["error"] \
                or "memory" in record["error"].lower():
            record["error"] += f" (limit {memory_gb:g} GB of address space)"
    return record


# ------------------------------------------------------------------------ text

def locales_for(name):
    if name in LOCALES:
        return LOCALES[name]
    code = re.split(r"[_\-@]", name)[0]
    out = [name] if name != code else []
    return out + [code]


def mo_files(locales):
    files = []
    for loc in locales:
        d = os.path.join("/usr/share/locale", loc, "LC_MESSAGES")
        if os.path.isdir(d):
            files += [os.path.join(d, f) for f in sorted(os.listdir(d))
                      if f.endswith(".mo")]
    return files


FORMAT = re.compile(
    r"%(?:\d+\$)?[-+ #0']*(?:\*|\d+)?(?:\.(?:\*|\d+))?"
    r"(?:hh|h|ll|l|L|q|j|z|t|I64|I32|I)?[diouxXeEfFgGaAcspnmSC%]"
    r"|%\([^)]*\)[-+ #0]*\d*(?:\.\d+)?[a-zA-Z]"  # Python %(name)s
    r"|%[1-9]\d*|%L\d"                           # Qt %1
    r"|\{[^{}\s]*\}"                             # {0} {name}
    r"|\$\{[^}]*\}|\$[A-Za-z_]\w*")              # shell-like variables
MARKUP = re.compile(r"<[^<>]{0,200}>")
ENTITY = re.compile(r"&(#\d+|#x[0-9a-fA-F]+|[A-Za-z]+);")


def clean_message(s):
    s = s.replace("\\n", "\n").replace("\\t", " ").replace('\\"', '"')
    s = MARKUP.sub(" ", s)
    s = ENTITY.sub(lambda m: html.unescape(m.group(0)), s)
    s = FORMAT.sub(" ", s)
    s = re.sub(r"&(?=\w)", "", s)     # Qt/KDE accelerators: &Datei
    s = re.sub(r"_(?=\w)", "", s)     # GTK accelerators: _Datei, Da_tei
    s = re.sub(r"\(_?\w\)", " ", s)   # CJK-style accelerators: (_F)
    return s


def unquote_po(s):
    s = s.strip()
    if s.startswith('"') and s.endswith('"'):
        s = s[1:-1]
    return s


def mo_text(path):
    """The msgstr strings of one .mo file, cleaned."""
    r = subprocess.run(["msgunfmt", "--no-wrap", path], capture_output=True)
    if r.returncode != 0:
        return ""
    out = []
    current = None
    for raw in r.stdout.decode("utf-8", "replace").split("\n"):
        if raw.startswith("msgstr"):
            current = [unquote_po(raw.split(" ", 1)[1]) if " " in raw else ""]
        elif raw.startswith('"') and current is not None:
            current.append(unquote_po(raw))
        else:
            if current is not None:
                out.append("".join(current))
            current = None
    if current is not None:
        out.append("".join(current))
    # The first msgstr is the header (Project-Id-Version...).
    return "\n".join(clean_message(s) for s in out
                     if s and "Content-Type:" not in s)


def man_pages(locales, english):
    dirs = []
    if english:
        dirs = [os.path.join("/usr/share/man", f"man{n}") for n in "158"]
    else:
        for loc in locales:
            for n in "158":
                dirs.append(os.path.join("/usr/share/man", loc, f"man{n}"))
    pages = []
    for d in dirs:
        if os.path.isdir(d):
            pages += [os.path.join(d, p) for p in sorted(os.listdir(d))
                      if not os.path.islink(os.path.join(d, p))]
    return pages


def render_man(page):
    env = dict(os.environ, MANWIDTH="1000", LC_ALL="C.UTF-8", MAN_KEEP_FORMATTING="")
    try:
        r = subprocess.run(["man", "--nh", "--nj", "-E", "UTF-8", "-l", page],
                           capture_output=True, env=env, timeout=60,
                           stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return ""
    text = r.stdout.decode("utf-8", "replace")
    text = re.sub(".\b", "", text)            # overstrike
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)  # SGR escapes
    return text


def debref_files(locales):
    d = "/usr/share/debian-reference"
    if not os.path.isdir(d):
        return []
    for loc in locales:
        infix = DEBREF.get(loc)
        if infix:
            files = sorted(f for f in os.listdir(d)
                           if f.endswith(f".{infix}.html"))
            if files:
                return [os.path.join(d, f) for f in files]
    return []


def html_text(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        s = f.read()
    s = re.sub(r"(?is)<(script|style|pre|code|tt)\b.*?</\1>", " ", s)
    s = re.sub(r"(?s)<[^>]*>", " ", s)
    return html.unescape(s)


def tokenize(text, locale):
    """ICU word-break tokens with at least one letter."""
    bi = icu.BreakIterator.createWordInstance(icu.Locale(locale))
    tokens = []
    for para in text.split("\n"):
        if not para.strip():
            continue
        us = icu.UnicodeString(para)
        bi.setText(us)
        start = bi.first()
        for end in bi:
            tok = str(us[start:end])
            start = end
            if any(unicodedata.category(c).startswith("L") for c in tok):
                tokens.append(tok)
    return tokens


def gather_tokens(name, budget, work):
    """{source: [tokens]} for the dictionary's language, each source up to
    `budget` tokens, cached in WORK/text/."""
    locales = locales_for(name)
    english = name.startswith("en")
    key = "+".join(locales) + ("+en-man" if english else "") + f"-{budget}"
    cache = os.path.join(work, "text", key.replace("/", "_") + ".json")
    if os.path.exists(cache):
        with open(cache, encoding="utf-8") as f:
            return json.load(f)
    icu_locale = locales[0].split("@")[0]
    sources = {}

    def collect(label, items, read, parallel=False):
        tokens = []
        batch = 8 if parallel else 1
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            for i in range(0, len(items), batch):
                chunk = items[i:i + batch]
                texts = pool.map(read, chunk) if parallel else map(read, chunk)
                for t in texts:
                    tokens += tokenize(t, icu_locale)
                if len(tokens) >= budget:
                    break
        if tokens:
            sources[label] = tokens[:budget]

    collect("mo", mo_files(locales), mo_text)
    collect("man", man_pages(locales, english), render_man, parallel=True)
    collect("debian-reference", debref_files(locales), html_text)
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    with open(cache + ".tmp", "w", encoding="utf-8") as f:
        json.dump(sources, f, ensure_ascii=False)
    os.replace(cache + ".tmp", cache)
    return sources


def sample(sources, cap, seed):
    """Up to `cap` running tokens: every source's tokens in order, and when
    there are more, a seeded random choice of positions (in order)."""
    tokens = [t for s in sorted(sources) for t in sources[s]]
    if len(tokens) <= cap:
        return tokens
    keep = sorted(random.Random(seed).sample(range(len(tokens)), cap))
    return [tokens[i] for i in keep]


# -------------------------------------------------------------------- verdicts

def verdicts_child(job_path):
    """In a child process: both checkers' answers on the job's distinct
    tokens; written to the job's result file."""
    with open(job_path, encoding="utf-8") as f:
        job = json.load(f)
    enc = job["codec"]
    hs_lib = ctypes.CDLL("libhunspell-1.7.so.0")
    hs_lib.Hunspell_create.restype = ctypes.c_void_p
    hs_lib.Hunspell_create.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    hs_lib.Hunspell_spell.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    hs_lib.Hunspell_spell.restype = ctypes.c_int
    hs_lib.Hunspell_destroy.argtypes = [ctypes.c_void_p]
    sf_lib = ctypes.CDLL(job["libspellfilter"])
    sf_lib.spellfilter_open_path.argtypes = [
        ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p)]
    sf_lib.spellfilter_open_path.restype = ctypes.c_int
    sf_lib.spellfilter_check_word.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
    sf_lib.spellfilter_check_word.restype = ctypes.c_int
    sf_lib.spellfilter_last_error.restype = ctypes.c_char_p
    sf_lib.spellfilter_close.argtypes = [ctypes.c_void_p]

    handle = hs_lib.Hunspell_create(job["aff"].encode(), job["dic"].encode())
    if not handle:
        raise SystemExit("Hunspell_create failed")
    sf = ctypes.c_void_p()
    SPELLFILTER_USER_NONE = 1
    if sf_lib.spellfilter_open_path(job["sfd"].encode(), SPELLFILTER_USER_NONE,
                                    ctypes.byref(sf)) != 0:
        raise SystemExit("spellfilter_open_path: " +
                         sf_lib.spellfilter_last_error().decode("utf-8", "replace"))

    def hunspell(word):
        try:
            b = word.encode(enc)
        except UnicodeEncodeError:
            return None
        if b"\0" in b:
            return None
        return hs_lib.Hunspell_spell(handle, b) != 0

    def spellfilter(word):
        b = word.encode("utf-8")
        r = sf_lib.spellfilter_check_word(sf, b, len(b))
        return None if r < 0 else r == 1

    result = {}
    for w in job["words"]:
        h = hunspell(w)
        s = spellfilter(w)
        variants = {}
        if h is not None and s is not None and h != s:
            # What Hunspell says of the token's other forms, to classify.
            for label, v in (("nfc", unicodedata.normalize("NFC", w)),
                             ("nfd", unicodedata.normalize("NFD", w)),
                             ("excluded", with_excluded_compositions(w)),
                             ("apos", w.replace("\u2019", "'")),
                             ("rsquo", w.replace("'", "\u2019"))):
                if v != w:
                    variants[label] = hunspell(v)
        result[w] = [h, s, variants]
    sf_lib.spellfilter_close(sf)
    hs_lib.Hunspell_destroy(handle)
    with open(job["result"], "w", encoding="utf-8") as f:
        json.dump(result, f, ensure_ascii=False)


_EXCLUDED = None


def with_excluded_compositions(word):
    """`word` in NFD with the composition exclusions composed again: the
    precomposed letters NFC never produces (Bengali U+09DF, Devanagari
    U+0958-U+095F...), which some .dic files spell words with. The same
    text to Unicode, another string to Hunspell."""
    global _EXCLUDED
    if _EXCLUDED is None:
        _EXCLUDED = {}
        for cp in range(0xA0, 0x30000):
            c = chr(cp)
            d = unicodedata.normalize("NFD", c)
            if len(d) >= 2 and unicodedata.normalize("NFC", c) != c:
                _EXCLUDED.setdefault(d, c)
    out = unicodedata.normalize("NFD", word)
    for d, c in sorted(_EXCLUDED.items(), key=lambda kv: -len(kv[0])):
        if d in out:
            out = out.replace(d, c)
    return out


def classify(token, h, s, variants, scripts):
    """The class of a disagreement: a documented exception or 'real'.

    spellfilter reads a token in NFC with U+2019 folded to ', and its
    dictionary the same way. A false flag is an exception only when
    Hunspell rejects that reading too (the token was not in it); a false
    accept only when Hunspell accepts a spelling of the token that is the
    same text to Unicode (NFC, NFD, the composition exclusions composed)
    or differs by the apostrophe alone (the dictionary has the other)."""
    if s:
        if any(variants.get(k) for k in ("nfc", "nfd", "excluded")):
            return "normalisation"
        if any(variants.get(k) for k in ("apos", "rsquo")):
            return "apostrophe"
    else:
        if variants.get("nfc") is False:
            return "normalisation"
        if variants.get("apos") is False:
            return "apostrophe"
    if s and not h:
        sc = token_script(token)
        if sc is not None and sc not in scripts:
            return "other_script"
    return "real"


def compare_verdicts(name, dic, sfd, tokens, lib, work, timeout):
    aff = dic[:-4] + ".aff"
    set_name = aff_encoding(aff)
    enc = codec(set_name)
    counts = collections.Counter(tokens)
    job_dir = os.path.join(work, "jobs")
    os.makedirs(job_dir, exist_ok=True)
    job_path = os.path.join(job_dir, name + ".job.json")
    result_path = os.path.join(job_dir, name + ".result.json")
    if os.path.exists(result_path):
        os.unlink(result_path)
    with open(job_path, "w", encoding="utf-8") as f:
        json.dump({"aff": aff, "dic": dic, "sfd": sfd, "libspellfilter": lib,
                   "codec": enc or "utf-8", "words": sorted(counts),
                   "result": result_path}, f, ensure_ascii=False)
    try:
        r = subprocess.run([sys.executable, os.path.abspath(__file__),
                            "--verdicts-child", job_path], capture_output=True,
                           timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return {"error": f"checking timed out after {timeout} s"}
    if r.returncode != 0 or not os.path.exists(result_path):
        lines = r.stderr.decode("utf-8", "replace").strip().splitlines()
        why = lines[-1] if lines else f"exit status {r.returncode}"
        if r.returncode < 0:
            why = f"killed by signal {-r.returncode}"
        return {"error": "checking failed: " + why}
    with open(result_path, encoding="utf-8") as f:
        answers = json.load(f)
    scripts = dictionary_scripts(dic, enc)

    unencodable = 0
    compared = 0
    hunspell_accepts = 0
    kinds = collections.defaultdict(collections.Counter)
    for w, n in counts.items():
        h, s, variants = answers[w]
        if h is None or s is None:
            unencodable += n
            continue
        compared += n
        hunspell_accepts += n if h else 0
        if h == s:
            continue
        direction = "false_accepts" if s else "false_flags"
        kinds[(direction, classify(w, h, s, variants, scripts))][w] += n

    def per10k(n):
        return round(10000.0 * n / compared, 2) if compared else None

    out = {
        "set": set_name, "tokens": len(tokens), "distinct": len(counts),
        "unencodable": unencodable, "compared": compared,
        "hunspell_accepts": hunspell_accepts,
        "scripts": sorted(scripts),
    }
    for direction in ("false_accepts", "false_flags"):
        for kind in ("real", "normalisation", "apostrophe", "other_script"):
            c = kinds.get((direction, kind), collections.Counter())
            key = direction if kind == "real" else f"{direction}_{kind}"
            out[key] = sum(c.values())
            out[key + "_per_10k"] = per10k(sum(c.values()))
            out[key + "_examples"] = c.most_common(EXAMPLES)
    out["_speed_tokens"] = [w for w in tokens if answers[w][0] is not None
                            and answers[w][1] is not None]
    return out


def write_examples(path, name, v):
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# {name}: disagreements with Hunspell_spell, most frequent "
                f"first (count of running tokens, then the token)\n")
        f.write(f"# {v['compared']} running tokens compared, "
                f"{v['distinct']} distinct, {v['unencodable']} not encodable "
                f"in {v['set']}\n")
        for direction, title in (("false_accepts", "spellfilter accepts, Hunspell rejects"),
                                 ("false_flags", "spellfilter rejects, Hunspell accepts")):
            for kind in ("", "_normalisation", "_apostrophe", "_other_script"):
                key = direction + kind
                if not v.get(key):
                    continue
                label = kind.lstrip("_") or "not a documented exception"
                f.write(f"\n## {title} ({label}): {v[key]} running, "
                        f"{v[key + '_per_10k']} per 10,000\n")
                for w, n in v[key + "_examples"]:
                    f.write(f"{n}\t{w}\n")


# ----------------------------------------------------------------------- speed

def speed(bench, dic, sfd, tokens, enc, work, name, rounds):
    if not bench or not os.path.exists(bench) or not tokens:
        return None
    d = os.path.join(work, "jobs")
    utf8 = os.path.join(d, name + ".tokens.utf8")
    encoded = os.path.join(d, name + ".tokens.dict")
    with open(utf8, "wb") as f:
        f.write(b"".join(t.encode("utf-8") + b"\n" for t in tokens))
    with open(encoded, "wb") as f:
        f.write(b"".join(t.encode(enc) + b"\n" for t in tokens))
    try:
        r = subprocess.run([bench, dic[:-4] + ".aff", dic, sfd, utf8, encoded,
                            str(rounds)], capture_output=True, text=True,
                           timeout=600, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return {"error": "timed out after 600 s"}
    if r.returncode != 0:
        return {"error": (r.stderr.strip().splitlines() or ["failed"])[-1]}
    fields = dict(kv.split("=", 1) for kv in r.stdout.split())
    return {k: float(v) for k, v in fields.items()}


# ------------------------------------------------------------------------ main

def measure(name, args, paths):
    dic = os.path.join(args.hunspell_dir, name + ".dic")
    sfd = os.path.join(args.work, "sfd", name + ".sfd")
    os.makedirs(os.path.dirname(sfd), exist_ok=True)
    row = {"dictionary": name, "locales": locales_for(name)}
    row["conversion"] = convert(paths["spellfilter"], dic, sfd, args.timeout,
                                args.memory_gb)
    if args.convert_only:
        row["text"] = {}
        if args.baseline:
            # The same conversion by another build right after, under the
            # same load: its figures, and whether the two files are equal.
            base = sfd[:-4] + ".baseline.sfd"
            row["baseline"] = convert(args.baseline, dic, base, args.timeout,
                                      args.memory_gb)
            if row["conversion"]["builds"] and row["baseline"]["builds"]:
                row["baseline"]["same_file"] = filecmp.cmp(sfd, base,
                                                           shallow=False)
            if os.path.exists(base) and not args.keep_sfd:
                os.unlink(base)
        if os.path.exists(sfd) and not args.keep_sfd:
            os.unlink(sfd)
        return row
    sources = gather_tokens(name, args.tokens, args.work)
    row["text"] = {s: len(t) for s, t in sources.items()}
    tokens = sample(sources, args.tokens, args.seed)
    if not tokens:
        row["verdicts"] = {"error": "no text in this language installed "
                                    f"(looked for {', '.join(row['locales'])})"}
    elif row["conversion"]["builds"]:
        v = compare_verdicts(name, dic, sfd, tokens, paths["libspellfilter"],
                             args.work, args.check_timeout)
        speed_tokens = v.pop("_speed_tokens", None)
        row["verdicts"] = v
        if "error" not in v:
            os.makedirs(os.path.join(args.work, "examples"), exist_ok=True)
            write_examples(os.path.join(args.work, "examples", name + ".txt"),
                           name, v)
            if not args.no_speed:
                enc = codec(v["set"]) or "utf-8"
                row["speed"] = speed(paths["bench"], dic, sfd, speed_tokens,
                                     enc, args.work, name, args.rounds)
    if os.path.exists(sfd) and not args.keep_sfd:
        os.unlink(sfd)
    return row


def fmt(x, digits=1):
    if x is None:
        return "–"
    return f"{x:,.{digits}f}"


def table(rows):
    lines = [
        "| dictionary | builds | time s | peak MB | size MB | size ratio | "
        "tokens | false accepts /10k | false flags /10k | exceptions /10k "
        "(NFC/NFD, ’, other script) | check speed × Hunspell | notes |",
        "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|"]
    for r in rows:
        c = r["conversion"]
        v = r.get("verdicts") or {}
        sp = r.get("speed") or {}
        notes = []
        if not c["builds"]:
            notes.append(c.get("error", ""))
        if "error" in v:
            notes.append(v["error"])
        if "error" in sp:
            notes.append("speed: " + sp["error"])
        if v.get("unencodable"):
            notes.append(f"{v['unencodable']} tokens not in {v['set']}")
        texts = ", ".join(f"{k} {n:,}" for k, n in sorted(r["text"].items()))
        if texts:
            notes.append("text: " + texts)
        if "compared" in v:
            exc = " / ".join(fmt(sum(v.get(f"{d}_{k}_per_10k") or 0
                                     for d in ("false_accepts", "false_flags")), 1)
                             for k in ("normalisation", "apostrophe", "other_script"))
            fa, ff, tok = fmt(v["false_accepts_per_10k"], 1), \
                fmt(v["false_flags_per_10k"], 1), f"{v['compared']:,}"
        else:
            exc = fa = ff = "–"
            tok = "0" if not r["text"] else "–"
        size = c.get("output_bytes")
        lines.append(
            f"| {r['dictionary']} | {'yes' if c['builds'] else '**no**'} | "
            f"{fmt(c.get('seconds'))} | {fmt(c.get('peak_mb'), 0)} | "
            f"{fmt(size / 1e6 if size else None)} | "
            f"{fmt(c.get('size_ratio'))} | {tok} | {fa} | {ff} | {exc} | "
            f"{fmt(sp.get('ratio'), 1) if 'ratio' in sp else '–'} | "
            f"{'; '.join(n.replace('|', '/') for n in notes if n)} |")
    return "\n".join(lines)


def worst(rows, n=3):
    """Per dictionary, the n most frequent real disagreements each way."""
    out = []
    for r in rows:
        v = r.get("verdicts") or {}
        if "compared" not in v:
            continue
        fa = ", ".join(f"{w} ({c})" for w, c in v["false_accepts_examples"][:n])
        ff = ", ".join(f"{w} ({c})" for w, c in v["false_flags_examples"][:n])
        if fa or ff:
            out.append(f"| {r['dictionary']} | {fa or '–'} | {ff or '–'} |")
    if not out:
        return ""
    return "\n".join(["| dictionary | spellfilter accepts, Hunspell rejects | "
                      "spellfilter rejects, Hunspell accepts |",
                      "|---|---|---|"] + out)


def git_commit(build):
    src = ROOT
    cache = os.path.join(build, "CMakeCache.txt") if build else None
    if cache and os.path.exists(cache):
        with open(cache, encoding="utf-8", errors="replace") as f:
            m = re.search(r"^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$", f.read(), re.M)
            if m:
                src = m.group(1)
    r = subprocess.run(["git", "-C", src, "log", "-1", "--format=%h %s"],
                       capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else "unknown"


def write_docs(markdown, rows, args, commit):
    if not os.path.exists(DOCS):
        fail(f"{DOCS}: missing (it holds the markers the table goes between)")
    with open(DOCS, encoding="utf-8") as f:
        doc = f.read()
    if BEGIN_MARK not in doc or END_MARK not in doc:
        fail(f"{DOCS}: no {BEGIN_MARK} ... {END_MARK} markers")
    built = sum(1 for r in rows if r["conversion"]["builds"])
    body = (f"{BEGIN_MARK}\n### Measured on commit {commit}\n\n"
            f"{datetime.date.today().isoformat()}, {len(rows)} dictionaries, "
            f"{built} convert; up to {args.tokens:,} running tokens each "
            f"(seed {args.seed}); conversion limits {args.timeout} s and "
            f"{args.memory_gb:g} GB of address space.\n\n{markdown}\n\n"
            f"The three most frequent disagreements each way (running "
            f"count):\n\n{worst(rows)}\n{END_MARK}")
    head, rest = doc.split(BEGIN_MARK, 1)
    tail = rest.split(END_MARK, 1)[1]
    tmp = DOCS + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(head + body + tail)
    os.replace(tmp, DOCS)


def check_thresholds(rows, path):
    """Failures against the committed thresholds (thresholds.json):
    {"DICT": {"builds": bool, "false_accepts_per_10k": x,
    "false_flags_per_10k": y}}. A dictionary with builds true must convert;
    one with builds false may fail (it is reported) but, if it converts,
    is held to its figures when they are given."""
    with open(path, encoding="utf-8") as f:
        limits = json.load(f)["dictionaries"]
    failures = []
    for r in rows:
        lim = limits.get(r["dictionary"])
        if lim is None:
            continue
        name = r["dictionary"]
        if not r["conversion"]["builds"]:
            if lim.get("builds"):
                failures.append(f"{name}: no longer converts: "
                                f"{r['conversion'].get('error')}")
            continue
        v = r.get("verdicts") or {}
        if "error" in v:
            failures.append(f"{name}: {v['error']}")
            continue
        for key in ("false_accepts_per_10k", "false_flags_per_10k"):
            if key in lim and v.get(key) is not None and v[key] > lim[key]:
                failures.append(f"{name}: {key.replace('_', ' ')} "
                                f"{v[key]} > threshold {lim[key]} (examples: "
                                + ", ".join(w for w, _ in v[key[:-len('_per_10k')] +
                                                             '_examples'][:5]) + ")")
    return failures


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--verdicts-child":
        verdicts_child(sys.argv[2])
        return
    p = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build", help="build directory to measure (default: "
                   "build/ of this checkout)")
    p.add_argument("--spellfilter", help="the spellfilter CLI "
                   "(default BUILD/app/cli/spellfilter)")
    p.add_argument("--libspellfilter", help="the C library "
                   "(default BUILD/app/capi/libspellfilter.so.0)")
    p.add_argument("--bench", help="the speed benchmark (default "
                   "BUILD/tests/bench/hunspell_speed; skipped if missing)")
    p.add_argument("--hunspell-dir", default="/usr/share/hunspell")
    p.add_argument("--work", help="where .sfd files, texts, examples and "
                   "verdicts.json go (default BUILD/languages)")
    p.add_argument("--tokens", type=int, default=50000,
                   help="running tokens per dictionary (default 50000)")
    p.add_argument("--seed", type=int, default=32)
    p.add_argument("--timeout", type=int, default=120,
                   help="seconds a conversion may take (default 120)")
    p.add_argument("--memory-gb", type=float, default=6,
                   help="address space a conversion may use (default 6)")
    p.add_argument("--check-timeout", type=int, default=600,
                   help="seconds the verdicts of one dictionary may take")
    p.add_argument("--rounds", type=int, default=5,
                   help="speed benchmark rounds (the best counts)")
    p.add_argument("--no-speed", action="store_true")
    p.add_argument("--convert-only", action="store_true",
                   help="only step 1: convert each dictionary and report "
                        "time, peak memory and size (no text, verdicts or "
                        "speed; needs neither libhunspell nor the C library)")
    p.add_argument("--baseline", metavar="SPELLFILTER",
                   help="with --convert-only: also convert each dictionary "
                        "with this other CLI (e.g. main's) right after, and "
                        "report both side by side and whether the files "
                        "are byte for byte the same")
    p.add_argument("--jobs", type=int, default=1,
                   help="dictionaries measured at once (default 1: the "
                        "conversion figures are then not disturbed by "
                        "another conversion)")
    p.add_argument("--keep-sfd", action="store_true",
                   help="keep the converted dictionaries in WORK/sfd")
    p.add_argument("--json", help="where the figures go (default "
                   "WORK/verdicts.json; with --from-json, the merged ones)")
    p.add_argument("--write-docs", action="store_true",
                   help="replace the table in docs/languages.md")
    p.add_argument("--thresholds", help="fail (exit 1) beyond these limits")
    p.add_argument("--from-json", metavar="FILE", action="append",
                   help="measure nothing: the table, docs and thresholds "
                        "from the figures of an earlier run (its --json); "
                        "given again, a later file's dictionaries replace "
                        "the earlier ones' (a language measured again)")
    p.add_argument("--label", help="what the docs heading says was measured "
                   "(default: the build's source commit)")
    p.add_argument("dictionaries", nargs="*",
                   help="dictionary names (de_DE) or language codes (de: "
                        "every dictionary of it); default all")
    args = p.parse_args()
    if args.from_json:
        saved = None
        rows = []
        for path in args.from_json:
            try:
                with open(path, encoding="utf-8") as f:
                    loaded = json.load(f)
                more = loaded["dictionaries"]
            except (OSError, ValueError, KeyError, TypeError) as e:
                fail(f"{path}: not the figures of a run ({e})")
            saved = saved if rows else loaded
            names = {r["dictionary"] for r in more}
            rows = [r for r in rows if r["dictionary"] not in names] + more
        rows.sort(key=lambda r: r["dictionary"])
        if args.json:  # the merged figures
            saved = dict(saved, dictionaries=rows,
                         commit=args.label or saved.get("commit", "unknown"))
            with open(args.json + ".tmp", "w", encoding="utf-8") as f:
                json.dump(saved, f, ensure_ascii=False, indent=1)
            os.replace(args.json + ".tmp", args.json)
        for key, attr in (("tokens_cap", "tokens"), ("seed", "seed"),
                          ("timeout_s", "timeout"), ("memory_gb", "memory_gb")):
            setattr(args, attr, saved.get(key, getattr(args, attr)))
        report(rows, args, args.label or saved.get("commit", "unknown"), None)
        return

    build = args.build or os.path.join(ROOT, "build")
    paths = {
        "spellfilter": args.spellfilter or os.path.join(build, "app", "cli", "spellfilter"),
        "libspellfilter": args.libspellfilter or os.path.join(
            build, "app", "capi", "libspellfilter.so.0"),
        "bench": args.bench or os.path.join(build, "tests", "bench", "hunspell_speed"),
    }
    for key in ("spellfilter",) if args.convert_only else \
            ("spellfilter", "libspellfilter"):
        if not os.path.isfile(paths[key]):
            fail(f"{paths[key]}: no such file (build it, or give --{key})")
        paths[key] = os.path.abspath(paths[key])
    if args.baseline:
        if not args.convert_only:
            fail("--baseline needs --convert-only")
        if not os.path.isfile(args.baseline):
            fail(f"{args.baseline}: no such file")
        args.baseline = os.path.abspath(args.baseline)
    if args.bench and not os.path.isfile(args.bench):
        fail(f"{args.bench}: no such file")
    for tool in ("/usr/bin/time",) if args.convert_only else \
            ("/usr/bin/time", "msgunfmt", "man"):
        if not (os.path.exists(tool) or any(
                os.path.exists(os.path.join(d, tool))
                for d in os.environ.get("PATH", "").split(":"))):
            fail(f"{tool}: not installed (scripts/setup.sh --languages)")
    try:
        if not args.convert_only:
            ctypes.CDLL("libhunspell-1.7.so.0")
    except OSError:
        fail("libhunspell-1.7.so.0: not installed (apt-get install "
             "libhunspell-dev)")
    if args.tokens < 1:
        fail("--tokens must be at least 1")
    if not os.path.isdir(args.hunspell_dir):
        fail(f"{args.hunspell_dir}: no such directory")
    args.work = os.path.abspath(args.work or os.path.join(build, "languages"))
    os.makedirs(args.work, exist_ok=True)

    available = dictionaries(args.hunspell_dir)
    names = []
    for want in args.dictionaries or available:
        match = [d for d in available if d == want] or \
            [d for d in available if re.split(r"[_\-]", d)[0] == want]
        if not match:
            fail(f"{want}: no such dictionary in {args.hunspell_dir}")
        names += [m for m in match if m not in names]

    def one(name):
        t0 = time.monotonic()
        row = measure(name, args, paths)
        c, v = row["conversion"], row.get("verdicts") or {}
        print(f"{name}: " + (f"built in {c['seconds']} s, {c['peak_mb']} MB"
                             if c["builds"] else f"refused: {c.get('error')}") +
              (f"; {v['compared']} tokens, false accepts "
               f"{v['false_accepts_per_10k']}/10k, false flags "
               f"{v['false_flags_per_10k']}/10k" if "compared" in v else
               f"; {v.get('error', 'not checked')}") +
              (f"; speed ×{row['speed']['ratio']}" if row.get("speed") and
               "ratio" in row["speed"] else "") +
              f" ({time.monotonic() - t0:.0f} s)", file=sys.stderr, flush=True)
        return row

    if args.jobs < 1:
        fail("--jobs must be at least 1")
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(one, names))

    commit = args.label or git_commit(args.build or build)
    out = args.json or os.path.join(args.work, "verdicts.json")
    with open(out + ".tmp", "w", encoding="utf-8") as f:
        json.dump({"commit": commit, "tokens_cap": args.tokens,
                   "seed": args.seed, "timeout_s": args.timeout,
                   "memory_gb": args.memory_gb, "dictionaries": rows}, f,
                  ensure_ascii=False, indent=1)
    os.replace(out + ".tmp", out)
    report(rows, args, commit, out)


LIMITS = {"seconds": 10, "peak_mb": 500, "size_ratio": 10}  # issue 32


def conversion_table(rows):
    """--convert-only: time, peak memory and size ratio per dictionary (and
    the baseline's, side by side), marking each figure over issue 32's
    limits with '!'."""
    def cell(c, key, digits):
        v = c.get(key)
        if v is None:
            return "–"
        return fmt(v, digits) + (" !" if v > LIMITS[key] else "")

    def cpu(c):
        v = c.get("cpu_seconds")
        return "–" if v is None else fmt(v, 1) + (" !" if v > 10 else "")

    base = any("baseline" in r for r in rows)
    head = "| dictionary | stored | time s | CPU s | peak MB | size ratio |"
    rule = "|---|---|--:|--:|--:|--:|"
    if base:
        head += " baseline time s | baseline CPU s | baseline peak MB |" \
                " baseline size ratio | same file |"
        rule += "--:|--:|--:|--:|---|"
    lines = [head, rule]
    over = collections.Counter()
    for r in rows:
        c = r["conversion"]
        stored = c.get("stored", "–") if c["builds"] else \
            "**refused**: " + c.get("error", "").replace("|", "/")
        line = (f"| {r['dictionary']} | {stored} | {cell(c, 'seconds', 1)} | "
                f"{cpu(c)} | {cell(c, 'peak_mb', 0)} | "
                f"{cell(c, 'size_ratio', 1)} |")
        for key, limit in LIMITS.items():
            if not c["builds"] or (c.get(key) or 0) > limit:
                over[key] += 1
        if base:
            b = r.get("baseline") or {}
            same = b.get("same_file")
            line += (f" {cell(b, 'seconds', 1)} | {cpu(b)} | "
                     f"{cell(b, 'peak_mb', 0)} | {cell(b, 'size_ratio', 1)} | "
                     f"{'–' if same is None else 'yes' if same else '**no**'} |")
        lines.append(line)
    lines.append("")
    lines.append(f"{len(rows)} dictionaries; over {LIMITS['seconds']} s: "
                 f"{over['seconds']}, over {LIMITS['peak_mb']} MB: "
                 f"{over['peak_mb']}, over {LIMITS['size_ratio']}x the "
                 f".dic + .aff: {over['size_ratio']} ('!' marks them)")
    return "\n".join(lines)


def report(rows, args, commit, out):
    if getattr(args, "convert_only", False):
        print(conversion_table(rows))
        if out:
            print(f"\nfigures: {out}")
        return
    markdown = table(rows)
    print(markdown)
    print()
    print(worst(rows))
    if out:
        print(f"\nfigures: {out}; examples: "
              f"{os.path.join(os.path.dirname(out), 'examples')}")
    if args.write_docs:
        write_docs(markdown, rows, args, commit)
    if args.thresholds:
        failures = check_thresholds(rows, args.thresholds)
        for f in failures:
            print("THRESHOLD " + f, file=sys.stderr)
        if failures:
            sys.exit(1)


if __name__ == "__main__":
    main()
