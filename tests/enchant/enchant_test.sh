#!/usr/bin/env bash
# The Enchant-2 provider driven by Enchant's own tools, with spellfilter
# first in the ordering:
#   1. enchant-lsmod-2 -list-dicts lists spellfilter's languages;
#   2. enchant-2 -a -d en_US answers like spellfilter -a, line by line, on
#      prose (one word per line, so that both see the same words: Enchant
#      splits words its own way before asking the provider);
#   3. a word added through Enchant (*word, #) is accepted by
#      `spellfilter check`, from the same user list.
# Debian's enchant loads providers only from its compiled-in module
# directory (no environment variable), so the test runs in a private mount
# namespace (unshare) where a scratch directory, holding the system's
# providers and the build's, is bound over that directory: nothing is
# installed. Where namespaces are not allowed the test is skipped (77).
# Usage: enchant_test.sh PROVIDER_SO SPELLFILTER_EXE PROSE_FILE...
set -euo pipefail
provider="$1"
spellfilter="$2"
shift 2
prose=("$@")
command -v enchant-2 >/dev/null || { echo "enchant-2 not installed"; exit 77; }
moddir=$(pkg-config --variable=libdir enchant-2)/enchant-2
[ -d "$moddir" ] || { echo "no enchant module dir $moddir"; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/modules" "$tmp/config/enchant" "$tmp/cache"
# Copies: links into the directory would point at itself once it is covered.
cp "$moddir"/*.so "$tmp/modules/"
ln -s "$(readlink -f "$provider")" "$tmp/modules/enchant_spellfilter.so"
# spellfilter first for every language: the system's ordering names some
# (en_US:aspell,...) explicitly, and those lines win over "*".
{ echo "*:spellfilter,hunspell"
  sed -n 's/^\([^*#][^:]*\):/\1:spellfilter,/p' /usr/share/enchant-2/enchant.ordering 2>/dev/null || true
} > "$tmp/config/enchant/enchant.ordering"
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"
export ENCHANT_CONFIG_DIR="$tmp/config/enchant" SPELLFILTER_HUNSPELL_PATH="$tmp/none"
unset SPELLFILTER_DICTIONARY SPELLFILTER_LANG

# Runs a command with the scratch module directory in Enchant's place.
in_ns() {
  unshare --user --map-root-user --mount sh -c \
    'mount --bind "$0" "$1" && shift && exec "$@"' \
    "$tmp/modules" "$moddir" "$@"
}
if ! in_ns true 2>/dev/null; then
  echo "cannot make a private mount namespace (unshare): skipped"; exit 77
fi

fail() { echo "FAIL: $*"; exit 1; }

# 1. The provider is loaded and lists its languages.
lsmod=$(in_ns enchant-lsmod-2 -list-dicts)
echo "$lsmod" | grep -q "^en_US (spellfilter)" ||
  fail "enchant-lsmod-2 -list-dicts does not list en_US (spellfilter): $lsmod"
# Languages only: code mode's programming.sfd, beside en_US.sfd, is not one.
if echo "$lsmod" | grep -q "^programming "; then
  fail "enchant-lsmod-2 -list-dicts lists programming as a language: $lsmod"
fi

# 2. Enchant through spellfilter answers like spellfilter -a. Words of the
# prose, one per line (letters and apostrophes), the first 20,000.
grep -ho "[[:alpha:]][[:alpha:]']*[[:alpha:]]\|[[:alpha:]]" "${prose[@]}" \
  > "$tmp/all-words.txt" || true
head -20000 "$tmp/all-words.txt" > "$tmp/words.txt"
words=$(wc -l < "$tmp/words.txt")
[ -s "$tmp/words.txt" ] || fail "no words in ${prose[*]}"
in_ns enchant-2 -a -d en_US < "$tmp/words.txt" > "$tmp/enchant.out"
"$spellfilter" -a -d en_US < "$tmp/words.txt" > "$tmp/spellfilter.out"
# The banners differ (version strings), and enchant-2 ends with one more
# empty line at the end of input; the answers must not differ.
strip_trailing_blank() { sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'; }
tail -n +2 "$tmp/enchant.out" | strip_trailing_blank > "$tmp/enchant.answers"
tail -n +2 "$tmp/spellfilter.out" | strip_trailing_blank > "$tmp/spellfilter.answers"
lines=$(wc -l < "$tmp/enchant.answers")
[ "$lines" -ge "$words" ] || fail "enchant answered $lines lines for $words words"
if ! cmp -s "$tmp/enchant.answers" "$tmp/spellfilter.answers"; then
  diff "$tmp/enchant.answers" "$tmp/spellfilter.answers" | head -20
  fail "enchant-2 -a and spellfilter -a differ"
fi
misspelled=$(grep -c '^[&#]' "$tmp/enchant.answers" || true)

# 3. A word added through Enchant is in spellfilter's user list.
echo "Zorblaxian" | "$spellfilter" check >/dev/null && fail "Zorblaxian already correct"
printf '*Zorblaxian\n#\nZorblaxian\n' | in_ns enchant-2 -a -d en_US > "$tmp/add.out"
grep -q '^\*$' "$tmp/add.out" || fail "enchant did not accept the added word: $(cat "$tmp/add.out")"
out=$(echo "Zorblaxian" | "$spellfilter" check) ||
  fail "spellfilter check rejects the word added through Enchant: $out"
"$spellfilter" words | grep -qx Zorblaxian || fail "not in spellfilter words"

# 4. Issue 34: words with U+200B (zero width space) or U+202E (right-to-left
# override) added through Enchant reach neither spellfilter's user list nor
# the provider's session (it added there what the list refused). Enchant's
# own personal list, outside the provider, still takes them.
printf '*zero\xe2\x80\x8bwidth\n*evil\xe2\x80\xaertl\n#\n' |
  in_ns enchant-2 -a -d en_US > "$tmp/add-invisible.out" || true
if "$spellfilter" words | grep -q 'zero\|evil'; then
  fail "a word with an invisible or bidirectional character reached the user list: $("$spellfilter" words)"
fi

echo "enchant: ok ($lines lines of answers identical for $words words, $misspelled misspelled)"
