#!/usr/bin/env bash
# Takes docs/editor-screenshot.png: the editor on a real X server (Xvfb)
# with resources/sample-document.txt, its misspellings underlined and the
# context menu of one of them open, captured from the X server's screen
# with ImageMagick's `import` (or xwd + convert). The light theme, line
# numbers on.
#
#   scripts/editor_screenshot.sh [OUTPUT.png]
#
# Installs xvfb, x11-apps and imagemagick when missing (needs root or sudo;
# scripts/setup.sh --editor-screenshot), builds the editor in
# ${BUILD_DIR:-build}, and runs it with empty temporary settings so the
# picture does not depend on yours. The window is posed by
# tests/editor/screenshot_driver.cpp (a real QContextMenuEvent; the menu is
# the one a right-click shows).
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-docs/editor-screenshot.png}"
build_dir="${BUILD_DIR:-build}"
width=860
height=540

scripts/setup.sh --editor-screenshot
if [ ! -f "$build_dir/build.ninja" ] && [ ! -f "$build_dir/Makefile" ]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$build_dir" --parallel "${JOBS:-$(nproc)}" --target editor_screenshot_driver dictionaries

work="$(mktemp -d)"
xvfb_pid=""
driver_pid=""
cleanup() {
  [ -n "$driver_pid" ] && kill "$driver_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# A free display number.
display=99
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do
  display=$((display + 1))
done
Xvfb ":$display" -screen 0 "${width}x${height}x24" -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do
  [ -e "/tmp/.X11-unix/X$display" ] && break
  sleep 0.1
done
[ -e "/tmp/.X11-unix/X$display" ] || { cat "$work/xvfb.log" >&2; exit 1; }

mkdir -p "$work/home" "$work/config" "$work/data" "$work/runtime"
chmod 700 "$work/runtime"
env -u SPELLFILTER_DICTIONARY \
  HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" \
  XDG_RUNTIME_DIR="$work/runtime" DISPLAY=":$display" QT_QPA_PLATFORM=xcb \
  "$build_dir/tests/editor/editor_screenshot_driver" \
    --file resources/sample-document.txt --done "$work/done" \
    --size "${width}x${height}" --theme light --line-numbers >"$work/driver.out" 2>"$work/driver.err" &
driver_pid=$!
for _ in $(seq 200); do
  grep -q READY "$work/driver.out" 2>/dev/null && break
  kill -0 "$driver_pid" 2>/dev/null || { cat "$work/driver.err" >&2; exit 1; }
  sleep 0.1
done
grep -q READY "$work/driver.out" || { echo "the editor did not get ready" >&2; cat "$work/driver.err" >&2; exit 1; }

mkdir -p "$(dirname "$output")"
if command -v import >/dev/null; then
  DISPLAY=":$display" import -window root "$output"
else
  DISPLAY=":$display" xwd -root -silent | convert xwd:- "$output"
fi
touch "$work/done"
wait "$driver_pid" || true
driver_pid=""
echo "wrote $output"
