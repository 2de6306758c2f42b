#!/usr/bin/env bash
# spellfilter dicts and check --lang: a Hunspell dictionary (the test data's
# affixes.dic as de_DE) is listed, converted into the cache on first use,
# found through the fallback "de" -> de_DE, and an unknown language is an
# error (exit 2) naming it.
# Usage: lang_cli_test.sh SPELLFILTER_EXE HUNSPELL_TEST_DATA
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

dicts=$("$exe" dicts)
echo "$dicts" | grep -q "^de_DE  *hunspell  *$tmp/hunspell/de_DE.dic (converted on first use)$" ||
  fail "dicts: $dicts"
echo "$dicts" | grep -q "^en_US  *spellfilter  *.*/en_US.sfd$" || fail "dicts: $dicts"

set +e
out=$(printf 'tried tryed\nfixing\n' | "$exe" check --lang de --no-user)
rc=$?
set -e
[ "$rc" = 1 ] && [ "$out" = "tryed" ] || fail "check --lang de: rc $rc, output '$out'"
[ -f "$tmp/cache/spellfilter/hunspell/de_DE.sfd" ] || fail "no cached conversion"
"$exe" dicts | grep -q "^de_DE .*(converted: $tmp/cache/spellfilter/hunspell/de_DE.sfd)$" ||
  fail "dicts after conversion: $("$exe" dicts)"
"$exe" dicts --tsv | grep -qx "de_DE	$tmp/hunspell/de_DE.dic" || fail "dicts --tsv"

set +e
err=$("$exe" check --lang xx_YY </dev/null 2>&1)
rc=$?
set -e
[ "$rc" = 2 ] || fail "unknown language: rc $rc"
echo "$err" | grep -q 'no dictionary for language "xx_YY"' || fail "message: $err"
set +e
"$exe" check --lang de --dict x.sfd </dev/null >/dev/null 2>&1
rc=$?
set -e
[ "$rc" = 2 ] || fail "--lang with --dict accepted"
echo "lang_cli: ok"
