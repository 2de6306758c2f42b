#!/usr/bin/env bash
# Makes the benchmark texts from the King James Bible (public domain; Debian
# package bible-kjv): DIR/prose-5mb.txt, DIR/prose-50mb.txt (the Bible
# repeated to size, ordinary lines) and DIR/prose-5mb-long-lines.txt (the
# 5 MB text with its line breaks replaced so that each line is ~1 MB).
#   scripts/make_prose.sh [DIR]      (default build/bench-data)
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-build/bench-data}"
mkdir -p "$dir"
command -v bible >/dev/null || scripts/setup.sh --peers
if [ ! -s "$dir/kjv.txt" ]; then
  # Verse references ("Ge1:1 ") are not prose: drop them.
  bible -f 'Gen1:1-Rev22:21' | sed -E 's/^[1-3]?[A-Za-z]+[0-9]+:[0-9]+ //' > "$dir/kjv.tmp"
  mv "$dir/kjv.tmp" "$dir/kjv.txt"
fi
repeat_to() {  # repeat_to BYTES OUT
  local want=$1 out=$2
  [ -s "$out" ] && [ "$(stat -c %s "$out")" -ge "$want" ] && return
  : > "$out.tmp"
  while [ "$(stat -c %s "$out.tmp")" -lt "$want" ]; do cat "$dir/kjv.txt" >> "$out.tmp"; done
  head -c "$want" "$out.tmp" > "$out"
  rm "$out.tmp"
}
repeat_to 5000000 "$dir/prose-5mb.txt"
repeat_to 50000000 "$dir/prose-50mb.txt"
# Long lines: join every ~1 MB of lines with spaces.
awk 'BEGIN{n=0} {printf "%s ", $0; n+=length($0)+1; if (n>=1000000) {printf "\n"; n=0}} END{printf "\n"}' \
  "$dir/prose-5mb.txt" > "$dir/prose-5mb-long-lines.txt"
ls -l "$dir"/prose-*.txt
