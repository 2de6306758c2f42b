#!/usr/bin/env bash
# Issue 35, item 6: how soon a big file's window is painted, titled after
# the file, from launch: spellfilter-editor against gedit, side by side in
# one run on one Xvfb (the runs alternate, so both see the same machine
# load). scripts/first_paint.py watches the X server from outside: the
# first sight of a mapped window whose title names the file, and the first
# sight of it painted (mostly light pixels: on an Xvfb started with -br an
# unpainted window shows black). The same test for both programs.
#
#   scripts/editor_startup_timing.sh [RUNS] [SCREENSHOT_DIR]
#
# Prints each run, the medians and their ratio (gedit / spellfilter), and
# the CPU time each program had used when first painted (its threads'
# time on a CPU, which the machine's load changes far less). With
# SCREENSHOT_DIR, the
# screen at each first paint is saved there (to look for a black window).
# Needs Xvfb, gedit and ImageMagick (scripts/setup.sh --desktop); builds
# the editor in ${BUILD_DIR:-build}. The file: 5,000,000 bytes of Debian's
# licence texts, as in tests/editor/end_to_end_test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
shots="${2:-}"
build_dir="${BUILD_DIR:-build}"
cmake --build "$build_dir" --parallel "${JOBS:-$(nproc)}" --target spellfilter-editor dictionaries >/dev/null
editor="$(realpath "$build_dir/app/editor/spellfilter-editor")"
dictionary="$(realpath "$build_dir/dictionaries/en_US.sfd")"
first_paint="$(realpath scripts/first_paint.py)"
command -v gedit >/dev/null || { echo "gedit is not installed (scripts/setup.sh --desktop)" >&2; exit 1; }
[ -n "$shots" ] && mkdir -p "$shots" && shots="$(realpath "$shots")"
work="$(mktemp -d)"
xvfb_pid=""
cleanup() {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
display=99
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do
  display=$((display + 1))
done
Xvfb ":$display" -screen 0 1280x1024x24 -br -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do
  [ -e "/tmp/.X11-unix/X$display" ] && break
  sleep 0.1
done
for _ in $(seq 30); do cat /usr/share/common-licenses/*; done >"$work/big.txt"
truncate -s 5000000 "$work/big.txt"
mkdir -p "$work/runtime" && chmod 700 "$work/runtime"
median() { sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "nan"; else if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
field() { python3 -c 'import json,sys; v=json.loads(sys.stdin.read())[sys.argv[1]]; print("" if v is None else v)' "$1"; }

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
: >"$work/ours" && : >"$work/gedit" && : >"$work/ours_cpu" && : >"$work/gedit_cpu"
for run in $(seq "$runs"); do
  # spellfilter-editor, fresh settings each run.
  rm -rf "$work/home" && mkdir -p "$work/home/.config" "$work/home/.local/share"
  shot=""; [ -n "$shots" ] && shot="$shots/spellfilter-$run.png"
  HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" \
    XDG_DATA_HOME="$work/home/.local/share" XDG_RUNTIME_DIR="$work/runtime" \
    DISPLAY=":$display" QT_QPA_PLATFORM=xcb SPELLFILTER_DICTIONARY="$dictionary" \
    python3 "$first_paint" --title big.txt ${shot:+--screenshot "$shot"} \
      -- "$editor" --new-window "$work/big.txt" >"$work/result" 2>/dev/null || true
  ours=$(field painted_ms <"$work/result")
  ours_cpu=$(field painted_cpu_ms <"$work/result")
  title=$(field title <"$work/result")
  # gedit, its own fresh settings (in memory: no D-Bus session here).
  rm -rf "$work/home" && mkdir -p "$work/home/.config"
  shot=""; [ -n "$shots" ] && shot="$shots/gedit-$run.png"
  HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" GSETTINGS_BACKEND=memory \
    NO_AT_BRIDGE=1 XDG_RUNTIME_DIR="$work/runtime" DISPLAY=":$display" \
    python3 "$first_paint" --title big.txt ${shot:+--screenshot "$shot"} \
      -- gedit --standalone "$work/big.txt" >"$work/result" 2>/dev/null || true
  theirs=$(field painted_ms <"$work/result")
  theirs_cpu=$(field painted_cpu_ms <"$work/result")
  gtitle=$(field title <"$work/result")
  echo "run $run: spellfilter-editor painted at ${ours:-never} ms, ${ours_cpu:-?} ms CPU (\"$title\"); gedit at ${theirs:-never} ms, ${theirs_cpu:-?} ms CPU (\"$gtitle\")"
  [ -n "$ours" ] && echo "$ours" >>"$work/ours"
  [ -n "$theirs" ] && echo "$theirs" >>"$work/gedit"
  [ -n "$ours_cpu" ] && echo "$ours_cpu" >>"$work/ours_cpu"
  [ -n "$theirs_cpu" ] && echo "$theirs_cpu" >>"$work/gedit_cpu"
done
ours=$(median <"$work/ours")
theirs=$(median <"$work/gedit")
echo "median first paint, titled: spellfilter-editor $ours ms, gedit $theirs ms"
echo "median CPU time until then: spellfilter-editor $(median <"$work/ours_cpu") ms, gedit $(median <"$work/gedit_cpu") ms"
python3 -c 'import sys; o, g = float(sys.argv[1]), float(sys.argv[2]); print("ratio gedit / spellfilter-editor: %.1fx" % (g / o))' "$ours" "$theirs" 2>/dev/null || true
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
