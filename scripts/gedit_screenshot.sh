#!/usr/bin/env bash
# Takes docs/gedit-spellfilter.png: gedit (GTK, spell checking through gspell
# and Enchant) on Xvfb, with the build's Enchant provider first in the
# ordering, "teh" underlined and its context menu open. Nothing is
# installed: as in tests/enchant/enchant_test.sh, a private mount namespace
# binds a copy of Enchant's module directory, with the build's provider,
# over the real one. "Spellfilter" is added to spellfilter's user list
# first, so only a spellfilter answer leaves it unmarked. Needs gedit, xvfb, xdotool, imagemagick, dbus
# (scripts/setup.sh --desktop) and a built build/ (or BUILD_DIR).
#   scripts/gedit_screenshot.sh [OUTPUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
output=$(readlink -f "${1:-docs/gedit-spellfilter.png}")
build=$(readlink -f "${BUILD_DIR:-build}")
moddir=$(pkg-config --variable=libdir enchant-2)/enchant-2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/modules" "$tmp/home/.config/enchant" "$tmp/home/.config/glib-2.0/settings"
cp "$moddir"/*.so "$tmp/modules/"
ln -s "$build/app/enchant/enchant_spellfilter.so" "$tmp/modules/"
{ echo '*:spellfilter,hunspell'
  sed -n 's/^\([^*#][^:]*\):/\1:spellfilter,/p' /usr/share/enchant-2/enchant.ordering
} > "$tmp/home/.config/enchant/enchant.ordering"
# gedit's settings in a key file (no dconf): the spell plugin on, misspelled
# words highlighted.
cat > "$tmp/home/.config/glib-2.0/settings/keyfile" <<'KEYS'
[org/gnome/gedit/plugins]
active-plugins=['spell']

[org/gnome/gedit/plugins/spell]
highlight-misspelled=true
KEYS
printf 'Spellfilter underlines teh in gedit, through Enchant.\n' > "$tmp/note.txt"
# A word only spellfilter's user list has: not underlined shows that
# spellfilter, not Hunspell, is answering.
HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" \
  "$build/app/cli/spellfilter" add Spellfilter >/dev/null

cat > "$tmp/inside.sh" <<'INSIDE'
set -euo pipefail
mount --bind "$T/modules" "$MODDIR"
export HOME="$T/home" XDG_CONFIG_HOME="$T/home/.config" XDG_CACHE_HOME="$T/home/.cache"
export GSETTINGS_BACKEND=keyfile LANG=C.UTF-8 LANGUAGE=en_US DISPLAY=:57
export NO_AT_BRIDGE=1
Xvfb :57 -screen 0 900x420x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
dbus-run-session -- gedit --new-window "$T/note.txt" >"$T/gedit.log" 2>&1 &
sleep 6
# Right-click on "teh" (the window at 0,0: the text starts at x 31, 9
# pixels a character, its first line 62 pixels down), then open the
# menu's first item, Spelling Suggestions.
win=$(xdotool search --onlyvisible --class gedit | head -1)
xdotool windowmove "$win" 0 0 windowsize "$win" 900 420
sleep 1
xdotool mousemove 250 62 click 3 || true
sleep 1
xdotool mousemove 300 79 || true
sleep 1
xdotool click 1 || true
sleep 2
import -window root "$OUT"
kill $xvfb 2>/dev/null || true
INSIDE
T="$tmp" MODDIR="$moddir" OUT="$output" \
  unshare --user --map-root-user --mount bash "$tmp/inside.sh"
echo "wrote $output"
