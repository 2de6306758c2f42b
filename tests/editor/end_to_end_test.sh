#!/usr/bin/env bash
# The real spellfilter-editor on a real X server (Xvfb), driven with
# xdotool as a person would: open a file from the command line, type,
# save; another program changes the file, then Save asks before
# overwriting it; kill -9 after a recovery snapshot, then recover from
# another folder into the original file; right-click a misspelled word and
# take the first suggestion; open a 5 MB file from the command line and
# wait until it is checked whole, with the counts `spellfilter check` and
# `wc -w` give; two files and +N from the command line open as two tabs
# with the cursor on line N, and a second launch opens its file in the
# running window; a Windows-1252 file with a Cyrillic letter typed is
# saved as UTF-8 after the offer; a save on a full disk (a small tmpfs,
# where the test may mount one) names the cause and keeps the text; two
# tabs get different languages from the language chooser, and a restart
# reopens each in its own; the big file's first paint says it is loading;
# two languages in one document, either and per sentence.
#
#   end_to_end_test.sh EDITOR DICTIONARY CLI
#
# Needs Xvfb and xdotool (scripts/setup.sh installs them). ctest runs it
# as editor.end_to_end.
set -euo pipefail
editor="$(realpath "$1")"
dictionary="$(realpath "$2")"
cli="$(realpath "$3")"
for tool in Xvfb xdotool; do
  command -v "$tool" >/dev/null || { echo "missing $tool (scripts/setup.sh)"; exit 1; }
done

work="$(mktemp -d)"
xvfb_pid=""
editor_pid=""
cleanup() {
  local status=$?
  if [ "$status" -ne 0 ] && [ -f "$work/editor.log" ]; then
    echo "--- the editor's output"; tail -20 "$work/editor.log"
    echo "--- Xvfb (${DISPLAY:-no display}, $(kill -0 "$xvfb_pid" 2>/dev/null && echo running || echo gone))"
    tail -20 "$work/xvfb.log"
  fi
  [ -n "$editor_pid" ] && kill -9 "$editor_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  mountpoint -q "$work/small" 2>/dev/null && umount "$work/small"
  rm -rf "$work"
}
trap cleanup EXIT
trap 'echo "FAIL: line $LINENO: $BASH_COMMAND"' ERR

# start_x: starts Xvfb on a display no other server holds, neither as a
# lock file nor as an abstract socket (which a private /tmp does not
# hide), and checks that the server answering is ours by its screen size.
# -noreset: the server does not reset when its last client (the editor,
# killed below) goes.
x_size=1280x797
start_x() {
  local n tries
  for tries in $(seq 20); do
    n=$((300 + RANDOM % 600))
    [ -e "/tmp/.X$n-lock" ] && continue
    grep -aq "@/tmp/.X11-unix/X$n\b" /proc/net/unix 2>/dev/null && continue
    Xvfb ":$n" -screen 0 "${x_size}x24" -nolisten tcp -noreset >>"$work/xvfb.log" 2>&1 &
    xvfb_pid=$!
    export DISPLAY=":$n"
    for _ in $(seq 100); do
      kill -0 "$xvfb_pid" 2>/dev/null || break
      [ "$(xdotool getdisplaygeometry 2>/dev/null)" = "${x_size/x/ }" ] && return 0
      sleep 0.1
    done
    kill "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
    xvfb_pid=""
  done
  echo "FAIL: could not start Xvfb"; tail -20 "$work/xvfb.log"; exit 1
}
start_x

mkdir -p "$work/home" "$work/config" "$work/data" "$work/runtime" "$work/docs" "$work/elsewhere"
chmod 700 "$work/runtime"
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" \
  XDG_RUNTIME_DIR="$work/runtime" SPELLFILTER_DICTIONARY="$dictionary" QT_QPA_PLATFORM=xcb

fail() { echo "FAIL: $*"; exit 1; }
# wait_for SECONDS COMMAND...: polls COMMAND every 0.1 s.
wait_for() {
  local tries=$(($1 * 10)); shift
  for _ in $(seq "$tries"); do "$@" && return 0; sleep 0.1; done
  return 1
}
file_is() { [ "$(cat "$1")" = "$2" ]; }
# start FOLDER [ARGUMENT...]: runs the editor there; sets $window.
# An editor that exits at once is reported at once, not after 30 s. One
# that could not reach the X server is started once more (after a new
# Xvfb if ours is gone), and the test says so: that is the test bench
# failing, not the editor.
start() {
  local attempt logged
  for attempt in 1 2; do
    logged=$(stat -c %s "$work/editor.log" 2>/dev/null || echo 0)
    (cd "$1" && shift && exec "$editor" "$@") >>"$work/editor.log" 2>&1 &
    editor_pid=$!
    window=""
    wait_for 30 window_or_exit || true
    [ -n "$window" ] && return 0
    tail -c +"$((logged + 1))" "$work/editor.log" >"$work/this-start.log"
    grep -q "could not connect to display" "$work/this-start.log" && [ "$attempt" = 1 ] || break
    if kill -0 "$xvfb_pid" 2>/dev/null; then
      echo "note: the editor could not connect to $DISPLAY; starting it again"
    else
      echo "note: Xvfb on $DISPLAY had exited; starting a new one"
      start_x
    fi
    sleep 1
  done
  fail "no editor window"
}
window_or_exit() { find_window || ! kill -0 "$editor_pid" 2>/dev/null; }
# The main window: its title names the document ("letter.txt — ...",
# "untitled.txt — ..."); dialogs have the same class.
find_window() { window="$(xdotool search --onlyvisible --pid "$editor_pid" --name '\.txt' 2>/dev/null | head -1)"; [ -n "$window" ]; }
# No window manager: give the window the keyboard, and Qt its activation,
# with a click into the text.
focus() {
  xdotool windowmove --sync "$window" 0 0 >/dev/null 2>&1 || true
  xdotool windowfocus --sync "$window"
  xdotool mousemove --window "$window" 300 200 click 1
  sleep 0.3
}
# answer TITLE KEY: waits for the dialog titled TITLE and presses KEY in it.
answer() {
  local box=""
  find_box() { box="$(xdotool search --onlyvisible --pid "$editor_pid" --name "^$1" 2>/dev/null | tail -1)"; [ -n "$box" ]; }
  wait_for 10 find_box "$1" || fail "no \"$1\" dialog"
  xdotool windowfocus --sync "$box"
  sleep 0.3
  xdotool key "$2"
  sleep 0.5
}
stop() { kill -9 "$editor_pid"; wait "$editor_pid" 2>/dev/null || true; editor_pid=""; }

# 1. Open from the command line (a relative path), type at the end, save.
printf 'Dear Margaret,\n' >"$work/docs/letter.txt"
start "$work/docs" letter.txt
focus
xdotool key ctrl+End
xdotool type --delay 20 "The storm passed."
xdotool key ctrl+s
wait_for 10 file_is "$work/docs/letter.txt" $'Dear Margaret,\nThe storm passed.' ||
  fail "typed text not saved: $(cat "$work/docs/letter.txt")"
echo "ok 1 open from the command line, type, save"

# 2. Another program rewrites the file; the strip appears (not checked
# here: offscreen tests do); typing and Save ask first; Cancel keeps the
# other program's text.
printf 'Written by another program.\n' >"$work/docs/letter.txt"
sleep 0.5
xdotool type --delay 20 " Mine."
xdotool key ctrl+s
answer "Save" Escape   # Cancel
file_is "$work/docs/letter.txt" "Written by another program." ||
  fail "the other program's text was overwritten: $(cat "$work/docs/letter.txt")"
echo "ok 2 save asks before overwriting a file changed on disk"

# 3. Unsaved text, a recovery snapshot (every 5 s, once typing has paused
# for 0.7 s), kill -9; the editor started in another folder recovers it
# into docs/letter.txt.
focus
xdotool key ctrl+a
xdotool type --delay 20 "Recovered words."
snapshot_taken() {  # the text, then its .json (written second)
  local text
  text=$(grep -rls "Recovered words." "$work/data/spellfilter/recovery" --include='*.txt' | head -1)
  [ -n "$text" ] && [ -s "${text%.txt}.json" ]
}
wait_for 20 snapshot_taken || fail "no recovery snapshot 20 s after typing"
stop
start "$work/elsewhere"
answer "Recover Unsaved Text" Return   # Recover, the default button
focus
xdotool key ctrl+s
wait_for 10 file_is "$work/docs/letter.txt" "Recovered words." ||
  fail "recovered text not saved into the original: $(cat "$work/docs/letter.txt")"
[ ! -e "$work/elsewhere/letter.txt" ] || fail "recovery wrote a new letter.txt in the other folder"
echo "ok 3 kill -9, recover from another folder into the original file"
stop

# 4. Right-click a misspelled word, take the first suggestion, save: the
# word clicked (one of five "teh" lines) becomes "the", the others stay.
printf 'teh\nteh\nteh\nteh\nteh\n' >"$work/docs/typos.txt"
start "$work/docs" typos.txt
focus
sleep 1   # checked and underlined
xdotool mousemove --window "$window" 18 62 click 3
sleep 0.7
xdotool key Down Return
sleep 0.3
xdotool key ctrl+s
replaced() { [ "$(grep -c '^the$' "$work/docs/typos.txt")" = 1 ] &&
             [ "$(grep -c '^teh$' "$work/docs/typos.txt")" = 4 ]; }
wait_for 10 replaced ||
  fail "right-click, first suggestion, save: $(tr '\n' ' ' <"$work/docs/typos.txt")"
echo "ok 4 right-click a misspelling, take the first suggestion"
stop

# 5. A 5 MB file (Debian's licence texts, over and over) opened from the
# command line is checked whole: the counts the editor shows (logged by
# its spellfilter.editor.status category as they change) end at the
# misspellings `spellfilter check` finds and the words `wc -w` counts.
for _ in $(seq 30); do cat /usr/share/common-licenses/*; done >"$work/docs/big.txt"
truncate -s 5000000 "$work/docs/big.txt"
# (exit 1: misspellings found)
"$cli" check --no-user -d "$dictionary" -f lines "$work/docs/big.txt" >"$work/found" ||
  [ $? = 1 ] || fail "spellfilter check failed on the 5 MB file"
expected_misspellings=$(wc -l <"$work/found")
expected_words=$(wc -w <"$work/docs/big.txt")
[ "$expected_misspellings" -gt 1000 ] || fail "the 5 MB file has only $expected_misspellings misspellings"
expected="checked: $expected_misspellings misspellings, $expected_words words"
# First the window is painted titled big.txt and saying "Loading big.txt…"
# (the editor's spellfilter.editor.startup category logs its first paint
# with the title and the status message); then the text streams in: the
# status bar's "Loading big.txt… N%" while it comes, logged as "loading".
export QT_LOGGING_RULES="spellfilter.editor.status.debug=true;spellfilter.editor.startup.debug=true"
: >"$work/editor.log"
start "$work/docs" big.txt
painted_loading() { grep -q 'first paint at [0-9]* ms, title "big.txt\[\*\]", Loading big.txt' "$work/editor.log"; }
wait_for 10 painted_loading || fail "the first paint was not the loading state: $(grep 'first paint' "$work/editor.log")"
checked_whole() { grep -qF "$expected" "$work/editor.log"; }
wait_for 60 checked_whole ||
  fail "5 MB not checked whole: expected \"$expected\", the editor's last: $(grep -o 'check\(ed\|ing\): .*' "$work/editor.log" | tail -1)"
unset QT_LOGGING_RULES
grep -q '^spellfilter.editor.status: loading' "$work/editor.log" ||
  fail "the 5 MB file did not stream in (no \"loading\" status)"
echo "ok 5 a 5 MB file from the command line: painted saying Loading first, streamed in, checked whole ($expected)"
stop

title() { xdotool getwindowname "$window"; }
title_starts() { [[ "$(title)" == "$1"* ]]; }
# 6. Two files and +3 from the command line: two tabs, the first on line 3
# (typing there and saving shows where the cursor was); Ctrl+Tab switches.
printf 'one\ntwo\nthree\nfour\n' >"$work/docs/lines.txt"
printf 'other\n' >"$work/docs/other.txt"
start "$work/docs" +3 lines.txt other.txt
wait_for 10 title_starts "other.txt" || fail "the last file is not current: $(title)"
focus
xdotool key ctrl+Tab
wait_for 5 title_starts "lines.txt" || fail "Ctrl+Tab did not switch tabs: $(title)"
xdotool type --delay 20 "3:"
xdotool key ctrl+s
wait_for 10 file_is "$work/docs/lines.txt" $'one\ntwo\n3:three\nfour' ||
  fail "+3 did not land on line 3: $(tr '\n' '|' <"$work/docs/lines.txt")"
xdotool key ctrl+Tab
wait_for 5 title_starts "other.txt" || fail "the second tab is gone: $(title)"
echo "ok 6 two files and +N from the command line: two tabs, line N"

# 7. A second launch hands its file (with FILE:N) to the running editor
# and exits; the file opens in a third tab of the same window.
printf 'alpha\nbeta\n' >"$work/docs/third.txt"
(cd "$work/docs" && timeout 20 "$editor" third.txt:2) >>"$work/editor.log" 2>&1 ||
  fail "the second launch did not hand over its file and exit"
wait_for 10 title_starts "third.txt" || fail "the running window did not open third.txt: $(title)"
xdotool type --delay 20 "2:"
xdotool key ctrl+s
wait_for 10 file_is "$work/docs/third.txt" $'alpha\n2:beta' ||
  fail "FILE:2 did not land on line 2: $(tr '\n' '|' <"$work/docs/third.txt")"
echo "ok 7 a second launch opens its file in the running window"
stop

# 8. A Windows-1252 file (detected, no question on open), a Cyrillic
# letter typed, Ctrl+S: the offer to save as UTF-8 (its default button)
# saves it as UTF-8.
printf 'Caf\xe9 cr\xe8me br\xfbl\xe9e, na\xefve fa\xe7ade, d\xe9j\xe0 vu.\n' >"$work/docs/western.txt"
start "$work/docs" western.txt
focus
xdotool key ctrl+End
xdotool type --delay 50 "ж"
xdotool key ctrl+s
answer "Save" Return   # Save as UTF-8
expected_utf8=$'Caf\u00e9 cr\u00e8me br\u00fbl\u00e9e, na\u00efve fa\u00e7ade, d\u00e9j\u00e0 vu.\n\u0436'
wait_for 10 file_is "$work/docs/western.txt" "$expected_utf8" ||
  fail "not saved as UTF-8: $(od -c "$work/docs/western.txt" | head -5)"
echo "ok 8 a Windows-1252 file with ж typed is saved as UTF-8 after the offer"
stop

# 9. A full disk: a 256 KiB tmpfs holding the document (about 100 KB) and a
# file that fills the rest; Save cannot write the new version, says "No
# space left on device" naming the file, and keeps the text: with room
# made, the next Save writes it.
small="$work/small"
mkdir -p "$small"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=256k tmpfs "$small" 2>/dev/null; then
  # 2222 lines of 45 bytes and 10 more: 100,000 bytes.
  { for _ in $(seq 2222); do echo "The quick brown fox jumps over the lazy dog."; done
    printf '0123456789'; } >"$small/full.txt"
  dd if=/dev/zero of="$small/filler" bs=4k 2>/dev/null || true
  start "$small" full.txt
  focus
  xdotool key ctrl+End
  xdotool type --delay 20 "Last words."
  xdotool key ctrl+s
  answer "Save" Escape   # OK
  no_space() { grep -q "cannot save $small/full.txt: No space left on device" "$work/editor.log"; }
  wait_for 10 no_space || fail "the full disk was not named: $(grep 'cannot save' "$work/editor.log" | tail -1)"
  [ "$(tail -c 11 "$small/full.txt")" != "Last words." ] || fail "written on a full disk?"
  [ "$(stat -c %s "$small/full.txt")" = 100000 ] || fail "the file was damaged by the failed save"
  rm "$small/filler"
  focus
  xdotool key ctrl+s
  saved_last() { [ "$(tail -c 11 "$small/full.txt")" = "Last words." ]; }
  wait_for 10 saved_last || fail "the text was not kept for the next save"
  echo "ok 9 a save on a full disk names the cause and keeps the text"
  stop
  umount "$small"
else
  echo "ok 9 # SKIP a full-disk save needs root and a tmpfs mount (not allowed here)"
fi
# 10. A language per document: two files from the command line; the
# second gets German from the language chooser (Ctrl+Shift+L, type
# "german", Enter), the first keeps English; each tab's count is what
# `spellfilter check` gives with its dictionary. Quit, start again with no
# file: the session reopens both, each in its language.
german_dir="$work/data/spellfilter/dictionaries"
mkdir -p "$german_dir"
printf 'der\ndie\ndas\nBrief\nist\ngut\nund\nich\nHaus\nalt\n' >"$work/german.txt"
"$cli" build --lang de-DE -o "$german_dir/de_DE.sfd" "$work/german.txt" >/dev/null
printf 'The letter is good.\nDer Brief ist gut und das Haus ist alt.\n' >"$work/docs/en.txt"
cp "$work/docs/en.txt" "$work/docs/de.txt"
count_with() { "$cli" check --no-user -d "$1" -f lines "$2" | wc -l || true; }
en_count=$(count_with "$dictionary" "$work/docs/en.txt")
de_count=$(count_with "$german_dir/de_DE.sfd" "$work/docs/de.txt")
[ "$en_count" != "$de_count" ] || fail "the two languages should count differently ($en_count)"
words=$(wc -w <"$work/docs/en.txt")
export QT_LOGGING_RULES="spellfilter.editor.status.debug=true"
: >"$work/editor.log"
last_status() { grep -o 'checked: .*' "$work/editor.log" | tail -1; }
shows() { [ "$(last_status)" = "checked: $1 misspellings, $words words" ]; }
start "$work/docs" en.txt de.txt
wait_for 10 title_starts "de.txt" || fail "de.txt is not current: $(title)"
focus
wait_for 10 shows "$en_count" || fail "de.txt before choosing: $(last_status), expected $en_count"
xdotool key ctrl+shift+l
# The chooser, found and given the keyboard (as answer() does for a
# message box): on a busy machine keys typed the moment it maps were lost.
chooser=""
find_chooser() { chooser="$(xdotool search --onlyvisible --pid "$editor_pid" --name '^Document Language' 2>/dev/null | tail -1)"; [ -n "$chooser" ]; }
open_chooser() {
  wait_for 10 find_chooser || fail "no language chooser"
  xdotool windowfocus --sync "$chooser"
  sleep 0.3
}
# pick TEXT KEY: types TEXT into the open chooser and, once its list has
# followed (a loaded machine is slow to filter), presses KEY.
pick() {
  xdotool type --delay 30 "$1"
  sleep 0.5
  xdotool key "$2"
}
# chooser_again: the chooser opened again from the text (Ctrl+Shift+L).
chooser_again() {
  focus
  xdotool key ctrl+shift+l
  open_chooser
}
open_chooser
xdotool type --delay 30 "german"
xdotool key Return
wait_for 10 shows "$de_count" || fail "German for de.txt: $(last_status), expected $de_count"
xdotool key ctrl+Tab
wait_for 5 title_starts "en.txt" || fail "Ctrl+Tab: $(title)"
wait_for 10 shows "$en_count" || fail "en.txt kept English: $(last_status), expected $en_count"
xdotool key ctrl+Tab
wait_for 10 shows "$de_count" || fail "de.txt is German still: $(last_status)"
echo "ok 10 a language per tab from the chooser ($en_count and $de_count misspellings)"
focus
xdotool key ctrl+q
# (The process stays a zombie until waited for: it is gone when its state
# says so.)
exited() { [ "$(awk '{print $3}' "/proc/$editor_pid/stat" 2>/dev/null || echo gone)" != R ] &&
           ! xdotool search --onlyvisible --pid "$editor_pid" --name . >/dev/null 2>&1; }
wait_for 10 exited || fail "Ctrl+Q did not quit: state $(awk '{print $3}' /proc/$editor_pid/stat), windows: $(xdotool search --onlyvisible --pid "$editor_pid" --name . getwindowname %@ 2>&1 | tr "\n" "|")"
wait "$editor_pid" 2>/dev/null || true
editor_pid=""
: >"$work/editor.log"
start "$work/elsewhere"
wait_for 10 title_starts "de.txt" || fail "the session did not reopen de.txt: $(title)"
focus
wait_for 10 shows "$de_count" || fail "restored de.txt: $(last_status), expected $de_count"
xdotool key ctrl+Tab
wait_for 5 title_starts "en.txt" || fail "the session did not reopen en.txt: $(title)"
wait_for 10 shows "$en_count" || fail "restored en.txt: $(last_status), expected $en_count"
unset QT_LOGGING_RULES
echo "ok 11 restarted: the session reopens each document in its language"
stop

# 12. Two languages in one document: German added as a second language
# to English from the chooser (type "german", Alt+S: Add as Second
# Language), then
# Automatic (per sentence); the counts are `spellfilter check`'s with
# --lang en_US,de_DE and --lang auto:en_US,de_DE. A restart reopens the
# document in Automatic.
printf 'The letter is good.\nDer Brief ist gut und das Haus ist alt.\nThe house is Haus and good.\n' >"$work/docs/mixed.txt"
lang_count() {
  XDG_DATA_HOME="$work/data" "$cli" check --no-user --lang "$1" -f lines "$work/docs/mixed.txt" | wc -l || true
}
any_count=$(lang_count en_US,de_DE)
auto_count=$(lang_count auto:en_US,de_DE)
en_only=$(count_with "$dictionary" "$work/docs/mixed.txt")
[ "$auto_count" != "$any_count" ] && [ "$en_only" != "$auto_count" ] ||
  fail "the modes should count differently: English $en_only, both $any_count, auto $auto_count"
words=$(wc -w <"$work/docs/mixed.txt")
# English for new documents again (German, chosen in step 10, became the
# default; English here is $SPELLFILTER_DICTIONARY, in no dictionary
# folder, so the chooser lists only the system's English to convert).
sed -i '/^dictionary=/d' "$work/config/spellfilter/spellfilter-editor.conf"
export QT_LOGGING_RULES="spellfilter.editor.status.debug=true"
: >"$work/editor.log"
start "$work/docs" mixed.txt
wait_for 10 title_starts "mixed.txt" || fail "mixed.txt is not current: $(title)"
focus
wait_for 10 shows "$en_only" || fail "mixed.txt in English: $(last_status), expected $en_only"
chooser_again
pick "german" alt+s
wait_for 10 shows "$any_count" || fail "English and German: $(last_status), expected $any_count"
chooser_again
pick "automatic" Return
wait_for 10 shows "$auto_count" || fail "Automatic: $(last_status), expected $auto_count"
echo "ok 12 two languages in one document: $any_count misspellings in either, $auto_count per sentence, as spellfilter check --lang counts"
focus
xdotool key ctrl+q
wait_for 10 exited || fail "Ctrl+Q did not quit"
wait "$editor_pid" 2>/dev/null || true
editor_pid=""
: >"$work/editor.log"
start "$work/elsewhere"
wait_for 10 title_starts "mixed.txt" || fail "the session did not reopen mixed.txt: $(title)"
focus
wait_for 10 shows "$auto_count" || fail "restored mixed.txt: $(last_status), expected $auto_count"
unset QT_LOGGING_RULES
echo "ok 13 restarted: the document is checked per sentence again"
stop

echo "all passed"
