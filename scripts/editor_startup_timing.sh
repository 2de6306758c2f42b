#!/usr/bin/env bash
# Issue 35, item 7: how soon the real spellfilter-editor shows a painted
# window with its title when started on a 5 MB file, under Xvfb. Prints,
# per run, the time from launch to the window's first paint (logged by the
# editor's spellfilter.editor.startup category, with its title and status
# message), and to the file being loaded and checked whole (the status
# category's "checked:" line).
#
#   scripts/editor_startup_timing.sh [RUNS]
#
# Needs Xvfb (scripts/setup.sh); builds the editor in ${BUILD_DIR:-build}.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
build_dir="${BUILD_DIR:-build}"
cmake --build "$build_dir" --parallel "${JOBS:-$(nproc)}" --target spellfilter-editor dictionaries >/dev/null
editor="$(realpath "$build_dir/app/editor/spellfilter-editor")"
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
Xvfb ":$display" -screen 0 1280x1024x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
sleep 1
for _ in $(seq 30); do cat /usr/share/common-licenses/*; done >"$work/big.txt"
truncate -s 5000000 "$work/big.txt"
mkdir -p "$work/config" "$work/data" "$work/runtime" "$work/home"
chmod 700 "$work/runtime"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq "$runs"); do
  rm -rf "$work/config"/* "$work/data"/*
  start=$(date +%s%3N)
  HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" \
    XDG_RUNTIME_DIR="$work/runtime" DISPLAY=":$display" QT_QPA_PLATFORM=xcb \
    SPELLFILTER_DICTIONARY="$PWD/$build_dir/dictionaries/en_US.sfd" \
    QT_LOGGING_RULES="spellfilter.editor.startup.debug=true;spellfilter.editor.status.debug=true" \
    "$editor" --new-window "$work/big.txt" >"$work/log" 2>&1 &
  pid=$!
  for _ in $(seq 600); do
    grep -q '^spellfilter.editor.status: checked' "$work/log" && break
    sleep 0.05
  done
  checked=$(date +%s%3N)
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  painted=$(sed -n 's/.*first paint at \([0-9]*\) ms.*/\1/p' "$work/log" | head -1)
  what=$(sed -n 's/.*first paint at [0-9]* ms, //p' "$work/log" | head -1)
  echo "run $run: first paint $((painted - start)) ms after launch ($what); checked whole by about $((checked - start)) ms"
done
