#!/usr/bin/env bash
# Takes docs/editor-tabs.png (three documents from one command line, as
# tabs, the second launch's file added to the same window), and
# docs/editor-encoding-offer.png (a Windows-1252 file, detected without a
# question, with a Cyrillic letter typed: Ctrl+S offers UTF-8), from the
# real spellfilter-editor on Xvfb driven with xdotool; screenshots with
# ImageMagick's `import`.
#
#   scripts/editor_tabs_screenshot.sh [OUTPUT_FOLDER]
#
# Needs Xvfb, xdotool and imagemagick (scripts/setup.sh
# --editor-screenshot), builds the editor in ${BUILD_DIR:-build}, and runs
# it with empty temporary settings.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs}"
build_dir="${BUILD_DIR:-build}"
width=900
height=560
for tool in Xvfb xdotool import; do
  command -v "$tool" >/dev/null || { echo "missing $tool (scripts/setup.sh --editor-screenshot)" >&2; exit 1; }
done
cmake --build "$build_dir" --parallel "${JOBS:-$(nproc)}" --target spellfilter-editor dictionaries >/dev/null
editor="$(realpath "$build_dir/app/editor/spellfilter-editor")"

work="$(mktemp -d)"
xvfb_pid=""
editor_pid=""
cleanup() {
  [ -n "$editor_pid" ] && kill -9 "$editor_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
display=99
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do
  display=$((display + 1))
done
Xvfb ":$display" -screen 0 "${width}x${height}x24" -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
export DISPLAY=":$display"
for _ in $(seq 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done

mkdir -p "$work/home" "$work/config" "$work/data" "$work/runtime" "$work/docs"
chmod 700 "$work/runtime"
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" \
  XDG_RUNTIME_DIR="$work/runtime" QT_QPA_PLATFORM=xcb \
  SPELLFILTER_DICTIONARY="$PWD/$build_dir/dictionaries/en_US.sfd"
cp resources/sample-document.txt "$work/docs/letter.txt"
printf '# Notes\n\nThe meeting moved to Thursday. Bring the *drafts*.\n' >"$work/docs/notes.md"
printf 'Caf\xe9 cr\xe8me br\xfbl\xe9e, na\xefve fa\xe7ade, d\xe9j\xe0 vu.\n' >"$work/docs/western.txt"
printf 'Shopping: bread, milk, tomatos.\n' >"$work/docs/list.txt"

wait_window() {
  for _ in $(seq 100); do
    window="$(xdotool search --onlyvisible --pid "$editor_pid" --name "$1" 2>/dev/null | head -1 || true)"
    [ -n "$window" ] && return 0
    sleep 0.1
  done
  echo "no window named $1" >&2; exit 1
}
shoot() {
  sleep 1.5
  import -window root "$1"
  echo "wrote $1"
}

(cd "$work/docs" && exec "$editor" +3 letter.txt notes.md western.txt) >"$work/editor.log" 2>&1 &
editor_pid=$!
wait_window 'western\.txt'
xdotool windowsize --sync "$window" "$width" "$height"
xdotool windowmove --sync "$window" 0 0
(cd "$work/docs" && "$editor" list.txt) >>"$work/editor.log" 2>&1
wait_window 'list\.txt'
xdotool windowfocus --sync "$window"
xdotool mousemove --window "$window" 300 200 click 1
xdotool key ctrl+shift+Tab ctrl+shift+Tab ctrl+shift+Tab
mkdir -p "$out"
shoot "$out/editor-tabs.png"

xdotool key ctrl+Tab ctrl+Tab
wait_window 'western\.txt'
xdotool key ctrl+End
xdotool type --delay 50 " жук"
xdotool key ctrl+s
shoot "$out/editor-encoding-offer.png"
