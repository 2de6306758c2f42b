#!/bin/sh
# Emacs's eglot (Debian 12: emacs-nox 28 and elpa-eglot) against
# `spellfilter lsp`, configured as docs/code_checking.md shows: the
# diagnostics of a text file read back through flymake.
#   emacs_eglot_test.sh SPELLFILTER EN_US_SFD PROGRAMMING_SFD
# Exit 77 (skipped) when emacs or eglot is missing.
set -eu
command -v emacs >/dev/null || { echo "emacs not installed: skipped"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# No -Q: Debian's site-start puts elpa-eglot on the load path.
HOME=$dir emacs --batch --eval "(require 'eglot)" >/dev/null 2>&1 ||
  { echo "eglot not installed: skipped"; exit 77; }
printf '%s\n' '😀 recieve the data' 'hello wrold' > "$dir/t.txt"
HOME=$dir timeout 60 emacs --batch -l "$(dirname "$0")/emacs_eglot_test.el" \
  "$1" "$2" "$3" "$dir/t.txt"
echo "emacs_eglot_test: ok"
