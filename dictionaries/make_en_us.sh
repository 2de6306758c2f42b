#!/usr/bin/env bash
# make_en_us.sh - regenerate dictionaries/en_US.txt from SCOWL.
#
# Builds the American English word list bundled with spellfilter from the
# SCOWL ("Spell Checker Oriented Word Lists") files shipped by the Debian
# package "scowl" in /usr/share/dict/scowl/.
#
# Selection (see README.md for the reasoning): the same SCOWL lists Debian
# builds its hunspell-en-us en_US.dic from, i.e.
#   spelling categories: english, american   (no variant_N lists)
#   sub-categories:      words, upper, proper-names, contractions,
#                        abbreviations
#   special lists:       special-hacker, special-roman-numerals
#   sizes:               10 20 35 40 50 55 60 70
# plus an ASCII-folded form of each accented word ("cafe" for "café").
# Files of that grid that SCOWL does not have (e.g. american-contractions.*,
# american-abbreviations.10..60) are skipped silently.  Size 70 words are
# kept but tagged 70, so the SCOWL-60 list (what upstream's en_US uses) is
#   awk -F '\t' '!/^#/ && $2 <= 60' en_US.txt
#
# Output (UTF-8, LC_ALL=C sorted, no duplicates):
#   '#' header lines, then one "word<TAB>size" line per word, where size is
#   the smallest SCOWL size the word appears in (its commonness class).
#
# Usage: make_en_us.sh [OUTPUT]        (default: en_US.txt next to this script)
# Environment: SCOWL_DIR overrides /usr/share/dict/scowl.
#
# Needs only bash, coreutils, awk, iconv (libc-bin) and, for the version
# string, dpkg-query or the scowl README.  Deterministic: same SCOWL input,
# byte-identical output.

set -euo pipefail
export LC_ALL=C

SCOWL_DIR=${SCOWL_DIR:-/usr/share/dict/scowl}
SPELLINGS="english american"
SUBCATEGORIES="words upper proper-names contractions abbreviations"
SPECIALS="hacker roman-numerals"
SIZES="10 20 35 40 50 55 60 70"

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:-$here/en_US.txt}

die() { echo "make_en_us.sh: $*" >&2; exit 1; }

# --- make sure SCOWL is there ------------------------------------------------
if [ ! -d "$SCOWL_DIR" ]; then
    if [ "$SCOWL_DIR" = /usr/share/dict/scowl ] && [ "$(id -u)" -eq 0 ] \
        && command -v apt-get >/dev/null 2>&1; then
        echo "make_en_us.sh: $SCOWL_DIR missing, installing the Debian 'scowl' package" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y scowl >&2 \
            || { apt-get update >&2 && apt-get install -y scowl >&2; } \
            || die "apt-get install scowl failed"
    else
        die "$SCOWL_DIR not found; install it first: apt-get install scowl (as root)"
    fi
fi
[ -d "$SCOWL_DIR" ] || die "$SCOWL_DIR still missing"
for tool in awk sort iconv; do
    command -v "$tool" >/dev/null 2>&1 || die "'$tool' not found"
done

# --- SCOWL version (for the header) -----------------------------------------
version=
if [ "$SCOWL_DIR" = /usr/share/dict/scowl ] && command -v dpkg-query >/dev/null 2>&1; then
    version=$(dpkg-query -W -f='${Version}' scowl 2>/dev/null || true)
    [ -n "$version" ] && version="$version (Debian package scowl)"
fi
if [ -z "$version" ]; then
    for readme in "$SCOWL_DIR/../README" /usr/share/doc/scowl/README.gz; do
        [ -e "$readme" ] || continue
        version=$( { gzip -dc -f "$readme" 2>/dev/null || cat "$readme"; } \
                   | awk '/^Version /{print $2; exit}')
        [ -n "$version" ] && break
    done
fi
[ -n "$version" ] || version="(unknown version)"

# --- collect words ------------------------------------------------------------
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Emit "word<TAB>size" for every selected file, sizes in ascending order.
# Upstream SCOWL files are ISO-8859-1; Debian's are already UTF-8 (since
# scowl 2019.10.06-1).  Convert per file only when it is not valid UTF-8,
# so that already-UTF-8 input is never double-encoded.
nfiles=0
: >"$tmp/all"
for size in $SIZES; do
    files=
    for spelling in $SPELLINGS; do
        for sub in $SUBCATEGORIES; do
            files="$files $spelling-$sub.$size"
        done
    done
    for special in $SPECIALS; do
        files="$files special-$special.$size"
    done
    for name in $files; do
        f="$SCOWL_DIR/$name"
        [ -f "$f" ] || continue
        nfiles=$((nfiles + 1))
        if iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1; then
            cat "$f"
        else
            iconv -f ISO-8859-1 -t UTF-8 "$f"
        fi | awk -v size="$size" '
            { sub(/\r$/, ""); sub(/^[ \t]+/, ""); sub(/[ \t]+$/, "") }
            $0 != "" { print $0 "\t" size }' >>"$tmp/all"
    done
done
[ "$nfiles" -gt 0 ] || die "no SCOWL files found in $SCOWL_DIR"

# ASCII-folded spellings: SCOWL only has "café", "cliché", "Gödel", but
# text (and Debian's hunspell-en-us, which strips accents) uses "cafe",
# "cliche", "Godel" too.  Add the folded form of every accented word, with
# the accented word's size, unless SCOWL has that spelling itself (then its
# own entry, which comes first below, wins).  Explicit byte-string table, so
# the result does not depend on the locale or iconv's transliteration.
awk -F '\t' -v OFS='\t' '
    BEGIN {
        n = split("À A Á A Â A Ã A Ä A Å A Æ AE Ç C È E É E Ê E Ë E Ì I Í I Î I Ï I " \
                  "Ñ N Ò O Ó O Ô O Õ O Ö O Ø O Ù U Ú U Û U Ü U Ý Y " \
                  "à a á a â a ã a ä a å a æ ae ç c è e é e ê e ë e ì i í i î i ï i " \
                  "ñ n ò o ó o ô o õ o ö o ø o ù u ú u û u ü u ý y ÿ y", t, " ")
        for (i = 1; i < n; i += 2) { from[++m] = t[i]; to[m] = t[i + 1] }
    }
    /[\200-\377]/ {
        w = $1
        for (i = 1; i <= m; i++) gsub(from[i], to[i], w)
        if (w !~ /[\200-\377]/) print w, $2
    }' "$tmp/all" | sort -t "$(printf '\t')" -s -n -k2,2 >"$tmp/folded"

# Keep the first (= smallest) size seen for each word, then sort bytewise.
cat "$tmp/all" "$tmp/folded" | awk -F '\t' '!seen[$1]++' \
    | sort -t "$(printf '\t')" -k1,1 >"$tmp/body"

# Sanity checks: one tab per line, size is a known class, no duplicate words.
awk -F '\t' -v sizes="$SIZES" '
    BEGIN { n = split(sizes, s, " "); for (i = 1; i <= n; i++) ok[s[i]] = 1 }
    NF != 2 || !($2 in ok) || $1 == "" { print "bad line " NR ": " $0; bad = 1 }
    $1 == prev { print "duplicate: " $1; bad = 1 }
    { prev = $1 }
    END { exit bad }' "$tmp/body" >&2 || die "sanity check failed"
iconv -f UTF-8 -t UTF-8 "$tmp/body" >/dev/null 2>&1 || die "output is not valid UTF-8"

total=$(wc -l <"$tmp/body")
nfolded=$(awk -F '\t' 'NR == FNR { in_scowl[$1]; next } !($1 in in_scowl)' \
          "$tmp/all" "$tmp/body" | wc -l)
{
    echo "# en_US.txt - American English word list for spellfilter."
    echo "# Generated by dictionaries/make_en_us.sh from SCOWL $version;"
    echo "# see SCOWL-COPYRIGHT for SCOWL's copyright and licence. Do not edit by hand."
    echo "# Lists: {$(echo "$SPELLINGS" | tr ' ' ',')}-{$(echo "$SUBCATEGORIES" | tr ' ' ',')}.{$(echo "$SIZES" | tr ' ' ',')}"
    echo "#   and special-{$(echo "$SPECIALS" | tr ' ' ',')}.*, no variant_N lists (as Debian's hunspell-en-us),"
    echo "#   plus ASCII-folded forms of accented words (cafe for café; $nfolded entries)."
    echo "# Format: UTF-8, one entry per line, word<TAB>size, sorted with LC_ALL=C, no duplicates;"
    echo "# size = smallest SCOWL size containing the word (10 = most common ... 70);"
    echo "# 70 = beyond SCOWL's recommended size 60 (upstream Hunspell en_US stops at 60)."
    echo "# Words: $total"
    cat "$tmp/body"
} >"$tmp/out"

mv "$tmp/out" "$out"
chmod 644 "$out"
echo "make_en_us.sh: wrote $total words ($nfolded ASCII-folded) from $nfiles SCOWL files to $out" >&2
