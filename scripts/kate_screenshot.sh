#!/usr/bin/env bash
# Takes docs/kate-spellfilter.png: Kate (KF5, spell checking through Sonnet)
# on Xvfb with the build's Sonnet plugin (QT_PLUGIN_PATH, nothing
# installed) as the backend, "teh" underlined and its context menu, with
# spellfilter's suggestions, open. "Spellfilter" is added to spellfilter's
# user list first, so only a spellfilter answer leaves it unmarked.
# Needs kate, xvfb, xdotool, imagemagick, dbus (scripts/setup.sh --desktop)
# and a build with the plugin (libkf5sonnet-dev installed).
#   scripts/kate_screenshot.sh [OUTPUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
output=$(readlink -f "${1:-docs/kate-spellfilter.png}")
build=$(readlink -f "${BUILD_DIR:-build}")
[ -f "$build/app/sonnet/plugins/kf5/sonnet/sonnet_spellfilter.so" ] ||
  { echo "no Sonnet plugin in $build (install libkf5sonnet-dev, configure again)"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home/.config/KDE"
# Sonnet's settings: spellfilter for en_US, checking on by default.
cat > "$tmp/home/.config/KDE/Sonnet.conf" <<'CONF'
[General]
defaultClient=spellfilter
defaultLanguage=en_US
checkerEnabledByDefault=true
autodetectLanguage=false
CONF
# Kate: on-the-fly spell checking.
cat > "$tmp/home/.config/katerc" <<'CONF'
[KTextEditor Document]
On-The-Fly Spellcheck=true
CONF
printf 'Spellfilter underlines teh in Kate, through Sonnet.\n' > "$tmp/note.txt"
HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" \
  "$build/app/cli/spellfilter" add Spellfilter >/dev/null

export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_CACHE_HOME="$tmp/home/.cache"
export XDG_RUNTIME_DIR="$tmp/run" QT_PLUGIN_PATH="$build/app/sonnet/plugins"
export QT_QPA_PLATFORM=xcb DISPLAY=:58 LANG=C.UTF-8 LANGUAGE=en_US
mkdir -p -m 700 "$XDG_RUNTIME_DIR"
Xvfb :58 -screen 0 900x420x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
dbus-run-session -- kate -n "$tmp/note.txt" >"$tmp/kate.log" 2>&1 &
kate_pid=$!
sleep 10
win=$(xdotool search --onlyvisible --class kate | tail -1)
xdotool windowmove "$win" 0 0 windowsize "$win" 900 420 || true
sleep 2
if [ -n "${KATE_PROBE:-}" ]; then import -window root "$output"; kill $kate_pid $xvfb; exit 0; fi
# "teh" in the first line (Kate 22.12 at 900x420: x 275, y 118; KATE_PROBE=1
# takes the picture before the click, to find it again).
xdotool mousemove "${TEH_X:-275}" "${TEH_Y:-118}" click 3 || true
sleep 2
import -window root "$output"
kill $kate_pid $xvfb 2>/dev/null || true
echo "wrote $output"
