#!/usr/bin/env bash
# Takes docs/editor-loading-in-chunks.png: a 5 MB file opened from the
# command line while its chunks are still being read and shown (issue 35
# item 6): the first pages are there, checked, and the status bar says
# "Loading… N%". The real spellfilter-editor on Xvfb; the screen is
# captured DELAY seconds after launch (0.6 by default; the window, 800×600 in the middle of a 1200×900 screen). Look at the
# result: on a quiet machine the load may be over by then (give a smaller
# DELAY), on a busy one the first page may not be in yet (a larger one).
#
#   scripts/editor_loading_screenshot.sh [OUTPUT_FOLDER]
#
# Needs Xvfb and imagemagick (scripts/setup.sh --editor-screenshot); builds
# the editor in ${BUILD_DIR:-build} and runs it with empty settings.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(realpath "${1:-docs}")"
build_dir="${BUILD_DIR:-build}"
for tool in Xvfb import python3; do
  command -v "$tool" >/dev/null || { echo "missing $tool (scripts/setup.sh --editor-screenshot)" >&2; exit 1; }
done
cmake --build "$build_dir" --parallel "${JOBS:-$(nproc)}" --target spellfilter-editor dictionaries >/dev/null
editor="$(realpath "$build_dir/app/editor/spellfilter-editor")"
work="$(mktemp -d)"
xvfb_pid=""
editor_pid=""
cleanup() {
  [ -n "$editor_pid" ] && kill "$editor_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/config/spellfilter" "$work/data/spellfilter/dictionaries" "$work/runtime"
chmod 700 "$work/runtime"
cp "$build_dir/dictionaries/en_US.sfd" "$work/data/spellfilter/dictionaries/"
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_RUNTIME_DIR="$work/runtime"
# 5 MB of numbered lines (the same every run).
python3 - "$work/big.txt" <<'EOF'
import random, sys
random.seed(1)
words = ("the quick brown fox jumps over lazy dog writer editor spelling "
         "chunk read file text line").split()
with open(sys.argv[1], "w", encoding="utf-8") as f:
    size, i = 0, 0
    while size < 5_000_000:
        line = f"{i:06d} " + " ".join(random.choice(words) for _ in range(12)) + " naïve café\n"
        f.write(line)
        size += len(line.encode())
        i += 1
EOF
display=90
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do
  display=$((display + 1))
done
Xvfb ":$display" -screen 0 1200x900x24 -br -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
export DISPLAY=":$display"
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.1; done
(cd "$work" && exec "$editor" --new-window big.txt) >"$work/editor.log" 2>&1 &
editor_pid=$!
sleep "${DELAY:-0.6}"
import -window root -crop 800x600+200+150 +repage "$out/editor-loading-in-chunks.png"
echo "wrote $out/editor-loading-in-chunks.png"
