#!/usr/bin/env python3
"""Side-by-side whole-process comparison of spellfilter, `hunspell -l` and
`aspell list`, in one run, on the same texts (scripts/make_prose.sh).

Prints medians and ratios, writes docs/benchmark-results.md (the tables) and
docs/benchmark-throughput.png (gnuplot). Every figure is a ratio measured in
this run, so the machine's speed cancels out.

    scripts/bench_compare.py [--build DIR] [--quick]

--quick: fewer runs and no 50 MB hunspell run (minutes instead of ~10).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sh(cmd, **kw):
    return subprocess.run(cmd, shell=True, check=True, text=True,
                          capture_output=True, **kw).stdout


def hyperfine(commands, runs, warmup=1):
    """Median seconds for each shell command, via hyperfine in one run."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        args = ["hyperfine", "-i", "-w", str(warmup), "-r", str(runs),
                "--style", "none", "--export-json", out.name]
        args += [c for c in commands]
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        with open(out.name) as f:
            results = json.load(f)["results"]
    return [r["median"] for r in results]


def peak_kib(command):
    out = subprocess.run(["/usr/bin/time", "-f", "%M", "sh", "-c", command],
                         text=True, capture_output=True)
    return int(out.stderr.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    sf = os.path.join(a.build, "app", "cli", "spellfilter")
    data = os.path.join(a.build, "bench-data")
    if not os.path.exists(sf):
        sys.exit(f"bench_compare.py: {sf}: not built (run scripts/build.sh)")
    for tool in ("hyperfine", "hunspell", "aspell", "gnuplot", "bible"):
        if not shutil.which(tool):
            subprocess.run([os.path.join(ROOT, "scripts", "setup.sh"), "--peers", "--bench"], check=True)
            break
    subprocess.run([os.path.join(ROOT, "scripts", "make_prose.sh"), data],
                   check=True, stdout=subprocess.DEVNULL)
    t5 = os.path.join(data, "prose-5mb.txt")
    t50 = os.path.join(data, "prose-50mb.txt")
    tlong = os.path.join(data, "prose-5mb-long-lines.txt")
    mb5 = os.path.getsize(t5) / 1e6
    mb50 = os.path.getsize(t50) / 1e6
    runs = 3 if a.quick else 10
    has_jobs = "--jobs" in sh(f"{sf} check --help")

    sf_cmd = lambda f, j=1: (f"{sf} check -j {j} < {f} > /dev/null" if has_jobs
                             else f"{sf} check < {f} > /dev/null")
    asp_cmd = lambda f: f"aspell list --lang=en_US < {f} > /dev/null"
    hun_cmd = lambda f: f"hunspell -d en_US -l < {f} > /dev/null"
    lines = []
    say = lambda s="": (print(s), lines.append(s))

    # Throughput on 5 MB.
    t_sf, t_asp = hyperfine([sf_cmd(t5), asp_cmd(t5)], runs)
    (t_hun,) = hyperfine([hun_cmd(t5)], max(1, runs // 5), warmup=0)
    say("## Check throughput, 5 MB of KJV prose, one thread")
    say()
    say("| tool | median s | MB/s | spellfilter is faster by |")
    say("|---|---:|---:|---:|")
    for name, t in (("spellfilter check", t_sf), ("aspell list", t_asp),
                    ("hunspell -d en_US -l", t_hun)):
        say(f"| {name} | {t:.4f} | {mb5 / t:.1f} | {t / t_sf:.1f}x |")
    say()
    plot = [("spellfilter 5 MB", mb5 / t_sf), ("aspell 5 MB", mb5 / t_asp),
            ("hunspell 5 MB", mb5 / t_hun)]

    # 50 MB, with -j when available.
    cmds = [sf_cmd(t50, 1), asp_cmd(t50)]
    if has_jobs:
        cmds.append(sf_cmd(t50, 2))
    res = hyperfine(cmds, max(3, runs // 2))
    say("## 50 MB")
    say()
    say("| tool | median s | MB/s | ratio |")
    say("|---|---:|---:|---:|")
    say(f"| spellfilter check (1 thread) | {res[0]:.3f} | {mb50 / res[0]:.1f} | 1.00 |")
    plot.append(("spellfilter 50 MB", mb50 / res[0]))
    plot.append(("aspell 50 MB", mb50 / res[1]))
    if has_jobs:
        say(f"| spellfilter check -j 2 | {res[2]:.3f} | {mb50 / res[2]:.1f} | speed-up {res[0] / res[2]:.2f}x on 2 cores |")
        plot.append(("spellfilter -j2 50 MB", mb50 / res[2]))
    say(f"| aspell list | {res[1]:.3f} | {mb50 / res[1]:.1f} | spellfilter {res[1] / res[0]:.1f}x faster |")
    if not a.quick:
        (t_hun50,) = hyperfine([hun_cmd(t50)], 1, warmup=0)
        say(f"| hunspell -l | {t_hun50:.3f} | {mb50 / t_hun50:.1f} | spellfilter {t_hun50 / res[0]:.1f}x faster |")
    say()

    # Linearity in line length.
    t_short, t_long = hyperfine([sf_cmd(t5), sf_cmd(tlong)], runs)
    say("## Line length (same 5 MB, ~1 MB lines vs ordinary lines)")
    say()
    say(f"spellfilter: {mb5 / t_short:.1f} MB/s ordinary, {mb5 / t_long:.1f} MB/s "
        f"with 1 MB lines (ratio {t_short / t_long:.2f}).")
    # The same for -a (ispell pipe mode; '^' makes every line text to
    # check), whose column offsets were once counted from each line's start
    # for every misspelling (quadratic in line length).
    pipe = lambda f: f"sed 's/^/^/' {f} | {sf} -a > /dev/null"
    p_short, p_long = hyperfine([pipe(t5), pipe(tlong)], runs)
    say(f"spellfilter -a: {mb5 / p_short:.1f} MB/s ordinary, "
        f"{mb5 / p_long:.1f} MB/s with 1 MB lines "
        f"(ratio {p_short / p_long:.2f}).")
    say()

    # Start-up on empty input.
    st = hyperfine([f"{sf} check < /dev/null", "aspell list --lang=en_US < /dev/null",
                    "hunspell -d en_US -l < /dev/null"], 30, warmup=3)
    say("## Start-up, empty input, default dictionary")
    say()
    say("| tool | median ms |")
    say("|---|---:|")
    for name, t in zip(("spellfilter check", "aspell list", "hunspell -l"), st):
        say(f"| {name} | {t * 1000:.2f} |")
    say(f"\nspellfilter / aspell: {st[0] / st[1]:.2f}")
    say()

    # Peak memory on 50 MB.
    say("## Peak memory (max RSS) checking 50 MB")
    say()
    say("| tool | KiB |")
    say("|---|---:|")
    m_sf = peak_kib(sf_cmd(t50))
    m_asp = peak_kib(asp_cmd(t50))
    say(f"| spellfilter check | {m_sf} |")
    say(f"| aspell list | {m_asp} |")
    if has_jobs:
        say(f"| spellfilter check -j 2 | {peak_kib(sf_cmd(t50, 2))} |")
    say(f"\nspellfilter / aspell: {m_sf / m_asp:.2f}")
    say()

    # Build of the american-english-huge list.
    huge = "/usr/share/dict/american-english-huge"
    if os.path.exists(huge):
        with tempfile.TemporaryDirectory() as tmp:
            words = os.path.join(tmp, "huge.txt")
            # aspell refuses words with characters outside its alphabet;
            # give both tools the same list.
            sh(f"LC_ALL=C grep -v \"[^A-Za-z']\" {huge} > {words}")
            n = int(sh(f"wc -l < {words}"))
            sfd = os.path.join(tmp, "huge.sfd")
            sfd_en = os.path.join(tmp, "huge-en.sfd")
            sfd_check = os.path.join(tmp, "huge-check.sfd")
            rws = os.path.join(tmp, "huge.rws")
            # Default build (with the suggestion sections), the same on one
            # thread, an English one (which adds the by-ear search's
            # sections), and the check-only file (--no-suggestion-data).
            tb = hyperfine([f"{sf} build -q {words} -o {sfd}",
                            f"{sf} build -q -j 1 {words} -o {sfd}",
                            f"{sf} build -q --lang en-US {words} -o {sfd_en}",
                            f"{sf} build -q --no-suggestion-data {words} -o {sfd_check}",
                            f"aspell --lang=en create master {rws} < {words}"], max(3, runs // 2))
            s_sfd, s_en, s_check, s_rws = (os.path.getsize(f) for f in (sfd, sfd_en, sfd_check, rws))
        say(f"## Build, american-english-huge ({n} ASCII words)")
        say()
        say("| tool | median s | aspell / it | file bytes | file / aspell's |")
        say("|---|---:|---:|---:|---:|")
        for name, t, size in (("spellfilter build", tb[0], s_sfd),
                              ("spellfilter build -j 1", tb[1], s_sfd),
                              ("spellfilter build --lang en-US", tb[2], s_en),
                              ("spellfilter build --no-suggestion-data", tb[3], s_check),
                              ("aspell create master", tb[4], s_rws)):
            say(f"| {name} | {t:.3f} | {tb[4] / t:.1f}x | {size} | {size / s_rws:.2f} |")
        say()

    with open(os.path.join(ROOT, "docs", "benchmark-results.md"), "w") as f:
        f.write("# Benchmark results\n\nGenerated by `scripts/bench_compare.py`"
                f"{' --quick' if a.quick else ''}; method: docs/benchmarks.md.\n\n")
        f.write("\n".join(lines) + "\n")
    with tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False) as d:
        for i, (name, v) in enumerate(plot):
            d.write(f'{i} "{name}" {v:.2f}\n')
    png = os.path.join(ROOT, "docs", "benchmark-throughput.png")
    gp = f"""
set terminal pngcairo size 1000,480 font 'DejaVu Sans,11'
set output '{png}'
set title 'Check throughput on KJV prose (MB/s, higher is better)'
set style fill solid 0.8
set boxwidth 0.6
set logscale y
set ylabel 'MB/s (log scale)'
set yrange [0.5:*]
set grid ytics
unset key
plot '{d.name}' using 1:3:xtic(2) with boxes lc rgb '#3b6ea8', \
     '' using 1:($3*1.15):(sprintf('%.0f', $3)) with labels
"""
    subprocess.run(["gnuplot"], input=gp, text=True, check=True)
    os.unlink(d.name)
    print(f"\nwrote docs/benchmark-results.md and {png}")


if __name__ == "__main__":
    main()
