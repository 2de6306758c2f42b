#!/usr/bin/env bash
# The Sonnet plugin through KF5 Sonnet (sonnet_test), against the CLI:
#   1. Sonnet lists the spellfilter backend;
#   2. Speller::isCorrect rejects the same words as `spellfilter check`,
#      on 20,000 words of README and docs, one per line;
#   3. Speller::suggest gives spellfilter suggest's list;
#   4. a word added through Sonnet (addToPersonal) is accepted by
#      `spellfilter check` and listed by `spellfilter words`.
# Usage: sonnet_test.sh SONNET_TEST PLUGIN_DIR SPELLFILTER_EXE PROSE...
set -euo pipefail
sonnet_test="$1"
plugins="$2"
spellfilter="$3"
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export QT_PLUGIN_PATH="$plugins" QT_QPA_PLATFORM=offscreen
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"
export SPELLFILTER_HUNSPELL_PATH="$tmp/none"
unset SPELLFILTER_DICTIONARY SPELLFILTER_LANG
fail() { echo "FAIL: $*"; exit 1; }

"$sonnet_test" backends | grep -qx spellfilter ||
  fail "Sonnet's backends: $("$sonnet_test" backends | tr '\n' ' ')"

grep -ho "[[:alpha:]][[:alpha:]']*[[:alpha:]]\|[[:alpha:]]" "$@" > "$tmp/all.txt" || true
head -20000 "$tmp/all.txt" > "$tmp/words.txt"
"$sonnet_test" check en_US < "$tmp/words.txt" > "$tmp/sonnet.out"
"$spellfilter" check --no-user "$tmp/words.txt" > "$tmp/cli.out" || true
[ -s "$tmp/cli.out" ] || fail "spellfilter check flagged nothing"
cmp -s "$tmp/sonnet.out" "$tmp/cli.out" ||
  { diff "$tmp/sonnet.out" "$tmp/cli.out" | head; fail "Sonnet and spellfilter check differ"; }

for w in teh recieve Teh; do
  s=$("$sonnet_test" suggest en_US "$w")
  c=$("$spellfilter" suggest --no-user "$w")
  [ "$w: $s" = "$c" ] || fail "suggest $w: Sonnet '$s', spellfilter '$c'"
done

"$sonnet_test" add en_US Zorblaxian || fail "addToPersonal"
echo Zorblaxian | "$spellfilter" check >/dev/null || fail "spellfilter check rejects the word added through Sonnet"
"$spellfilter" words | grep -qx Zorblaxian || fail "not in spellfilter words"
echo "sonnet: ok ($(wc -l < "$tmp/words.txt") words, $(wc -l < "$tmp/cli.out") misspelled, same as the CLI)"
