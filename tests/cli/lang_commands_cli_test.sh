#!/usr/bin/env bash
# --lang TAG on the commands other than check (issue 33, item 6): suggest,
# the ispell pipe and list modes (-a, -l, and -d with a tag), stats, add,
# words and remove resolve a tag as `check --lang` does (the test data's
# affixes.dic as de_DE, found through the fallback "de" -> de_DE); an
# unknown language is an error (exit 2) naming it, and --lang with a
# dictionary file is refused.
# Usage: lang_commands_cli_test.sh SPELLFILTER_EXE HUNSPELL_TEST_DATA
set -euo pipefail
exe="$1"
data="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/hunspell"
cp "$data/affixes.dic" "$tmp/hunspell/de_DE.dic"
cp "$data/affixes.aff" "$tmp/hunspell/de_DE.aff"
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"
export SPELLFILTER_HUNSPELL_PATH="$tmp/hunspell"
unset SPELLFILTER_DICTIONARY SPELLFILTER_LANG
fail() { echo "FAIL: $*"; exit 1; }

# suggest: the Hunspell dictionary's words ("tried"), not the bundled
# English one's ("tired", "tried", ...).
out=$("$exe" suggest --lang de --no-user tryed)
[ "${out%%,*}" = "tryed: tried" ] || fail "suggest --lang de: '$out'"
[ -f "$tmp/cache/spellfilter/hunspell/de_DE.sfd" ] || fail "no cached conversion"
out=$(printf 'fixs\n' | "$exe" suggest --lang de_DE --no-user)
case "$out" in "fixs: fix"*) ;; *) fail "suggest --lang de_DE from stdin: '$out'" ;; esac

# Pipe mode: --lang, and -d with a tag no installed dictionary has.
out=$(printf 'tryed\n' | "$exe" -a --lang de_DE)
echo "$out" | grep -q '^& tryed [0-9]* 0: tried' || fail "-a --lang: '$out'"
out=$(printf 'tryed\n' | "$exe" -a -d de_DE)
echo "$out" | grep -q '^& tryed [0-9]* 0: tried' || fail "-a -d de_DE: '$out'"
out=$(printf 'tried tryed helo\n' | "$exe" -l --lang de)
[ "$out" = "$(printf 'tryed\nhelo')" ] || fail "-l --lang: '$out'"

# stats names the converted dictionary and its language.
out=$("$exe" stats --lang de --no-user)
echo "$out" | grep -q "^language  *de-DE$" || fail "stats --lang: '$out'"

# add / words / remove: the list of the tag's language.
"$exe" add --lang de -q Grüße
[ "$("$exe" words --lang de_DE)" = "Grüße" ] || fail "words --lang"
[ "$(ls "$tmp/config/spellfilter/user")" = "$(printf 'de_DE.words\nde_DE.words.filter\nde_DE.words.lock')" ] ||
  fail "add --lang: the lists are $(ls "$tmp/config/spellfilter/user")"
"$exe" remove --lang de -q Grüße
[ -z "$("$exe" words --lang de)" ] || fail "remove --lang"

# Errors: an unknown language names the tag, exit 2, for every command.
for cmd in "suggest x" "stats" "words" "add x" "remove x" "-a" "-l"; do
  set +e
  # shellcheck disable=SC2086
  err=$("$exe" $cmd --lang xx_YY </dev/null 2>&1 >/dev/null)
  rc=$?
  set -e
  [ "$rc" = 2 ] || fail "$cmd --lang xx_YY: rc $rc"
  echo "$err" | grep -q 'no dictionary for language "xx_YY"' ||
    fail "$cmd --lang xx_YY: message '$err'"
done
for cmd in "suggest --dict x.sfd x" "stats x.sfd" "words -d x.sfd" "-a -d x.sfd"; do
  set +e
  # shellcheck disable=SC2086
  "$exe" $cmd --lang de </dev/null >/dev/null 2>&1
  rc=$?
  set -e
  [ "$rc" = 2 ] || fail "$cmd --lang de accepted (rc $rc)"
done
echo "lang_commands_cli: ok"
