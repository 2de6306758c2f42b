#!/usr/bin/env bash
# Takes docs/editor-long-line-wrapped.png: a 1 MB line (one line of words,
# no line end) in the real spellfilter-editor with word wrap on, opened at
# column 4,100, near where its first ~4,000-character piece ends
# (app/editor/soft_lines.h). Issue 35: a short visual line showed there;
# with continued_line_layout.h the rows run on as in one block. On Xvfb
# (1200×900; the window, 800×600, cropped from the middle of the screen).
#
#   scripts/editor_long_line_screenshot.sh [OUTPUT.png]
#
# EDITOR_BIN runs another build of the editor (to compare with an older
# one). Needs Xvfb and imagemagick (scripts/setup.sh --editor-screenshot);
# builds the editor in ${BUILD_DIR:-build} and runs it with empty settings.
set -euo pipefail
cd "$(dirname "$0")/.."
output="$(realpath -m "${1:-docs/editor-long-line-wrapped.png}")"
build_dir="${BUILD_DIR:-build}"
for tool in Xvfb import python3; do
  command -v "$tool" >/dev/null || { echo "missing $tool (scripts/setup.sh --editor-screenshot)" >&2; exit 1; }
done
if [ -z "${EDITOR_BIN:-}" ]; then
  cmake --build "$build_dir" --parallel "${JOBS:-$(nproc)}" --target spellfilter-editor dictionaries >/dev/null
fi
editor="$(realpath "${EDITOR_BIN:-$build_dir/app/editor/spellfilter-editor}")"
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
# One line of 1 MB (the same every run).
python3 - "$work/long.txt" <<'PY'
import random, sys
random.seed(3)
words = ("the quick brown fox jumps over a lazy dog while writers wrap very "
         "long lines of text in an editor").split()
out, size = [], 0
while size < 1_000_000:
    w = random.choice(words)
    out.append(w)
    size += len(w) + 1
open(sys.argv[1], "w").write(" ".join(out))
PY
display=90
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do
  display=$((display + 1))
done
Xvfb ":$display" -screen 0 1200x900x24 -br -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
export DISPLAY=":$display"
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.1; done
(cd "$work" && exec "$editor" --new-window long.txt:1:4100) >"$work/editor.log" 2>&1 &
editor_pid=$!
# Until the line is in and checked (the notice about pieces is shown).
sleep "${DELAY:-4}"
import -window root -crop 800x600+200+150 +repage "$output"
echo "wrote $output"
