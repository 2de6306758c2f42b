#!/usr/bin/env bash
# Takes docs/editor-language-chooser.png, docs/editor-two-languages.png and
# docs/editor-automatic-chooser.png.
# The first: the status bar's language
# chooser (Dictionary > Document Language..., Ctrl+Shift+L) over a German
# letter, with "ger" typed: the installed German dictionary first, the
# system's Hunspell dictionaries that match grouped under "Convert on first
# use" (with Debian's hunspell-* packages, about 150 languages). From the
# real spellfilter-editor on Xvfb driven with xdotool; the screenshot with
# ImageMagick's `import`. The second: a letter in English with a German
# paragraph, German added as a second language (Alt+S in the chooser),
# then Automatic (per sentence): the German word in an English sentence
# is flagged, the German sentences are not. The third: the chooser open
# again, "Automatic (per sentence)" in use under "Several languages".
#
#   scripts/editor_language_screenshot.sh [OUTPUT_FOLDER]
#
# Needs Xvfb, xdotool and imagemagick (scripts/setup.sh
# --editor-screenshot), builds the editor and the CLI in
# ${BUILD_DIR:-build}, and runs them with empty temporary settings.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs}"
build_dir="${BUILD_DIR:-build}"
width=900
height=560
for tool in Xvfb xdotool import; do
  command -v "$tool" >/dev/null || { echo "missing $tool (scripts/setup.sh --editor-screenshot)" >&2; exit 1; }
done
cmake --build "$build_dir" --parallel "${JOBS:-$(nproc)}" --target spellfilter-editor spellfilter dictionaries >/dev/null
editor="$(realpath "$build_dir/app/editor/spellfilter-editor")"
cli="$(realpath "$build_dir/app/cli/spellfilter")"

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

mkdir -p "$work/home" "$work/config" "$work/data/spellfilter/dictionaries" "$work/runtime" "$work/docs"
chmod 700 "$work/runtime"
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" \
  XDG_CACHE_HOME="$work/cache" XDG_RUNTIME_DIR="$work/runtime" QT_QPA_PLATFORM=xcb \
  SPELLFILTER_DICTIONARY="$PWD/$build_dir/dictionaries/en_US.sfd"
# A small German dictionary, installed (a spellfilter build of its own).
printf 'Liebe\nMargarete\nder\nBrief\nist\nangekommen\nvielen\nDank\nund\nherzliche\nGr\xc3\xbc\xc3\x9fe\n' \
  >"$work/german.txt"
"$cli" build --lang de-DE -o "$work/data/spellfilter/dictionaries/de_DE.sfd" "$work/german.txt" >/dev/null
printf 'Liebe Margarete,\n\nder Brief ist angekommen, vielen Dank!\n\nHerzliche Gr\xc3\xbc\xc3\x9fe\n' \
  >"$work/docs/brief.txt"

wait_window() {
  for _ in $(seq 100); do
    window="$(xdotool search --onlyvisible --pid "$editor_pid" --name "$1" 2>/dev/null | head -1 || true)"
    [ -n "$window" ] && return 0
    sleep 0.1
  done
  echo "no window named $1" >&2; exit 1
}

(cd "$work/docs" && exec "$editor" brief.txt) >"$work/editor.log" 2>&1 &
editor_pid=$!
wait_window 'brief\.txt'
main="$window"
xdotool windowsize --sync "$main" "$width" "$height"
xdotool windowmove --sync "$main" 0 0
xdotool windowfocus --sync "$main"
xdotool mousemove --window "$main" 300 200 click 1
sleep 0.5
xdotool key ctrl+shift+l
wait_window 'Document Language'
# No window manager: a click into its search field gives it the keyboard
# (at the field's place in the dialog, from the dialog's geometry).
eval "$(xdotool getwindowgeometry --shell "$window")"
xdotool mousemove "$((X + 200))" "$((Y + 42))" click 1
sleep 0.3
xdotool type --delay 60 "ger"
sleep 1.5
mkdir -p "$out"
import -window root "$out/editor-language-chooser.png"
echo "wrote $out/editor-language-chooser.png"
stop_editor() { kill -9 "$editor_pid" 2>/dev/null || true; wait "$editor_pid" 2>/dev/null || true; }
stop_editor

printf 'Dear Margaret,\n\nthe letter arrived, many thanks! My neighbor wrote in German:\n\nder Brief ist angekommen, vielen Dank und herzliche Gr\xc3\xbc\xc3\x9fe.\n\nShe wrote angekommen on the card.\n' \
  >"$work/docs/letter.txt"
(cd "$work/docs" && exec "$editor" --new-window letter.txt) >"$work/editor.log" 2>&1 &
editor_pid=$!
wait_window 'letter\.txt'
main="$window"
xdotool windowsize --sync "$main" "$width" "$height"
xdotool windowmove --sync "$main" 0 0
xdotool windowfocus --sync "$main"
xdotool mousemove --window "$main" 300 200 click 1
sleep 0.5
choose() {  # choose TEXT KEY: types TEXT in the chooser, presses KEY
  xdotool key ctrl+shift+l
  wait_window 'Document Language'
  eval "$(xdotool getwindowgeometry --shell "$window")"
  xdotool mousemove "$((X + 200))" "$((Y + 42))" click 1
  sleep 0.3
  xdotool type --delay 60 "$1"
  sleep 0.3
  xdotool key "$2"
  sleep 1
  xdotool windowfocus --sync "$main"
  xdotool mousemove --window "$main" 300 200 click 1
  sleep 0.3
}
choose ger alt+s
choose automatic Return
sleep 1.5
import -window root "$out/editor-two-languages.png"
echo "wrote $out/editor-two-languages.png"
xdotool key ctrl+shift+l
wait_window 'Document Language'
sleep 1.5
import -window root "$out/editor-automatic-chooser.png"
echo "wrote $out/editor-automatic-chooser.png"
