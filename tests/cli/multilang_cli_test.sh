#!/usr/bin/env bash
# Several languages at once (docs/multilingual.md): --lang en_US,de_DE on
# check, suggest, -a and -l (a word is right in any of them; suggestions
# from the sentence's language), --lang auto and auto:TAG,... (each sentence
# in its language), and the commands that take one dictionary refuse a list.
# The languages: the bundled en_US and two small ones built here into the
# user's dictionary directory.
# Usage: multilang_cli_test.sh SPELLFILTER_EXE
set -euo pipefail
exe="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"
export SPELLFILTER_HUNSPELL_PATH="$tmp/none" LC_ALL=C LANG=C
unset SPELLFILTER_DICTIONARY SPELLFILTER_LANG LC_MESSAGES
fail() { echo "FAIL: $*"; exit 1; }
dir="$XDG_CONFIG_HOME/spellfilter"
mkdir -p "$dir"
printf '%s\n' der die das Hund Katze bellt laut schläft ist gut Buch Haus \
  Wetter heute schön und nicht > "$tmp/de.txt"
printf '%s\n' le la les chat chien dort aboie maison est belle il fait beau \
  "aujourd'hui" et pas > "$tmp/fr.txt"
"$exe" build "$tmp/de.txt" -o "$dir/de_DE.sfd" --lang de-DE >/dev/null
"$exe" build "$tmp/fr.txt" -o "$dir/fr_FR.sfd" --lang fr-FR >/dev/null

# run WANT_RC ARGS... < input: the output; fails on another exit code.
run() {
  local want="$1"; shift
  set +e
  out=$("$@" 2>"$tmp/err")
  local rc=$?
  set -e
  [ "$rc" = "$want" ] || fail "$*: exit $rc, want $want; out '$out' err '$(cat "$tmp/err")'"
}

# A list: each word right in one of the languages.
echo 'The dog sleeps. Der Hund bellt laut. The Katze sleeps.' > "$tmp/ok.txt"
run 0 "$exe" check --lang en_US,de_DE --no-user "$tmp/ok.txt"
[ -z "$out" ] || fail "list: '$out'"
run 1 "$exe" check --lang de_DE --no-user "$tmp/ok.txt"
echo 'The dogg sleeps. Der Hnud bellt laut.' > "$tmp/typos.txt"
run 1 "$exe" check --lang en_US,de_DE --no-user "$tmp/typos.txt"
[ "$out" = "$(printf 'dogg\nHnud')" ] || fail "list typos: '$out'"
# Suggestions from the sentence's language: Hund for Hnud from German,
# dog for dogg from English.
run 1 "$exe" check -s --lang en_US,de_DE --no-user "$tmp/typos.txt"
echo "$out" | grep -q '^dogg: dog\b' || fail "suggest dogg: '$out'"
echo "$out" | grep -q '^Hnud: Hund\b' || fail "suggest Hnud: '$out'"

# auto among named languages: a German word in an English sentence is
# wrong there; each sentence in its own language.
echo 'The dog bellt. Der Hund bellt laut.' > "$tmp/auto.txt"
run 0 "$exe" check --lang en_US,de_DE --no-user "$tmp/auto.txt"
run 1 "$exe" check --lang auto:en_US,de_DE --no-user "$tmp/auto.txt"
[ "$out" = "bellt" ] || fail "auto: '$out'"
# auto over what is installed (en_US, de_DE, fr_FR here), with -j.
printf 'Le chat dort. Der Hund bellt laut. The dog sleeps.\nIl fait beau et le chein aboie.\n' > "$tmp/three.txt"
run 1 "$exe" check --lang auto --no-user -f lines "$tmp/three.txt"
[ "$out" = "$tmp/three.txt:2:20: chein" ] || fail "auto three: '$out'"
run 1 "$exe" check --lang auto --no-user -j 2 -s "$tmp/three.txt"
echo "$out" | grep -q '^chein: chien\b' || fail "auto suggest: '$out'"

# suggest: a lone word's suggestions from every language, by cost.
run 0 "$exe" suggest --lang en_US,de_DE --no-user Hnud dogg
echo "$out" | grep -q '^Hnud: Hund\b' || fail "suggest list: '$out'"
echo "$out" | grep -q '^dogg: dog\b' || fail "suggest list: '$out'"

# The ispell pipe: -a and -l.
run 0 "$exe" -a --lang en_US,de_DE <<<'Der Hnud bellt laut'
echo "$out" | grep -q '^& Hnud [0-9]* 4: Hund\b' || fail "-a: '$out'"
run 0 "$exe" -l --lang auto:en_US,de_DE <<<'The dog bellt. Der Hund bellt.'
[ "$out" = "bellt" ] || fail "-l: '$out'"
# The personal dictionary (the first language's) counts in every
# sentence, also one in the second language.
printf 'Frobnitz\n' > "$tmp/personal.txt"
run 0 "$exe" -l --lang auto:en_US,de_DE -p "$tmp/personal.txt" <<<'The dog sleeps. Der Frobnitz bellt laut. Der Hnud bellt.'
[ "$out" = "Hnud" ] || fail "-l personal: '$out'"
run 0 "$exe" -a --lang auto:en_US,de_DE -p "$tmp/personal.txt" <<<'The dog sleeps. Der Frobnitz bellt laut.'
echo "$out" | grep -q '^[&#]' && fail "-a personal: '$out'"
run 0 "$exe" -a --lang auto:en_US,de_DE -p "$tmp/personal.txt" <<<'Der Hund ist Frobnitx.'
echo "$out" | grep -q '^& Frobnitx [0-9]* [0-9]*:.*Frobnitz' || fail "-a personal suggestion: '$out'"

# Errors: exit 2 and a line naming --lang and the problem.
run 2 "$exe" check --lang en_US,,de_DE "$tmp/ok.txt"
grep -q -- '--lang en_US,,de_DE: .*empty item' "$tmp/err" || fail "empty item: $(cat "$tmp/err")"
run 2 "$exe" check --lang en_US,xx_YY "$tmp/ok.txt"
grep -q 'xx_YY' "$tmp/err" || fail "unknown: $(cat "$tmp/err")"
run 2 "$exe" check --lang en_US,auto "$tmp/ok.txt"
run 2 "$exe" stats --lang en_US,de_DE
grep -q 'takes one language' "$tmp/err" || fail "stats: $(cat "$tmp/err")"
run 2 "$exe" add --lang auto foo
grep -q 'takes one language' "$tmp/err" || fail "add: $(cat "$tmp/err")"
echo "multilang_cli: ok"
