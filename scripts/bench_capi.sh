#!/usr/bin/env bash
# The C library and the Enchant provider, timed (docs/benchmarks.md):
#  1. checking through the C API one word at a time against `spellfilter
#     check` on the same prose, in one run (capi_word_bench);
#  2. Enchant through spellfilter against Enchant through Hunspell on the
#     same word list (enchant_bench), with the build's provider put in
#     Enchant's module directory in a private mount namespace (as
#     tests/enchant/enchant_test.sh does), nothing installed.
# Usage: scripts/bench_capi.sh [BUILD_DIR] [PROSE]
#   (defaults: build, build/bench-data/prose-5mb.txt from make_prose.sh)
set -euo pipefail
build=$(readlink -f "${1:-build}")
prose=$(readlink -f "${2:-$build/bench-data/prose-5mb.txt}")
dict="$build/dictionaries/en_US.sfd"
[ -f "$prose" ] || { echo "no $prose (scripts/make_prose.sh)"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== C API one word at a time vs spellfilter check ($prose)"
"$build/tests/capi/capi_word_bench" "$build/app/cli/spellfilter" "$dict" "$prose" 3

echo "== Enchant: spellfilter vs hunspell provider, en_US"
moddir=$(pkg-config --variable=libdir enchant-2)/enchant-2
mkdir -p "$tmp/modules" "$tmp/home"
cp "$moddir"/*.so "$tmp/modules/"
ln -s "$build/app/enchant/enchant_spellfilter.so" "$tmp/modules/"
# The prose's words, one per line, in order (with repeats, as typed).
grep -o "[[:alpha:]][[:alpha:]']*[[:alpha:]]\|[[:alpha:]]" "$prose" > "$tmp/words.txt" || true
echo "words: $(wc -l < "$tmp/words.txt") from $prose"
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_CACHE_HOME="$tmp/home/.cache"
for provider in spellfilter hunspell; do
  unshare --user --map-root-user --mount sh -c \
    'mount --bind "$0" "$1" && shift && exec "$@"' "$tmp/modules" "$moddir" \
    "$build/tests/enchant/enchant_bench" "$provider" en_US "$tmp/words.txt" 1000
done
