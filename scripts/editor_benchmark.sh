#!/usr/bin/env bash
# The editor benchmark (tests/editor/editor_benchmark.cpp): opens a 5 MB
# document generated from the bundled word list (the same every run) and
# prints the time the window is blocked by opening, the time until it is
# fully checked, the longest event-loop stall meanwhile, and
# keystroke-to-repaint latencies while checking and after.
#
#   scripts/editor_benchmark.sh [--size MB] [--line-mb MB] [--keys N] [--jumps N] [--file DOC]
#                               [--spelling-off | --no-highlighter] [--no-wrap]
#
# Runs on a real X server (Xvfb, via xvfb-run) when one can be had, else on
# Qt's offscreen platform (PLATFORM=offscreen forces it). Builds in
# ${BUILD_DIR:-build} with ${JOBS:-$(nproc)} jobs.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${BUILD_DIR:-build}"
if [ ! -f "$build_dir/build.ninja" ] && [ ! -f "$build_dir/Makefile" ]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$build_dir" --parallel "${JOBS:-$(nproc)}" --target editor_benchmark >/dev/null
bench="$build_dir/tests/editor/editor_benchmark"

# Empty settings, so no remembered dictionary or font changes the figures.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/config" "$work/data" "$work/runtime"
chmod 700 "$work/runtime"
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_RUNTIME_DIR="$work/runtime"

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${PLATFORM:-}" != offscreen ] && command -v xvfb-run >/dev/null; then
  QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1280x1024x24" "$bench" "$@"
else
  QT_QPA_PLATFORM=offscreen "$bench" "$@"
fi
