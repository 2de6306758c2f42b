#!/usr/bin/env bash
# cmake --install into a scratch prefix: the CLI, the dictionary, the man
# page, bash completion (and the editor with its desktop entry and icon when
# built) land there, and the installed spellfilter finds the installed
# dictionary, and in code mode the programming words, without flags.
set -euo pipefail
build="$1"
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
for f in bin/spellfilter share/spellfilter/en_US.sfd share/man/man1/spellfilter.1 \
         share/bash-completion/completions/spellfilter \
         share/spellfilter/programming.sfd share/spellfilter/cpp.sfd share/spellfilter/python.sfd share/spellfilter/PROGRAMMING-LICENSES; do
  [ -e "$prefix/$f" ] || { echo "missing after install: $f"; exit 1; }
done
if [ -e "$build/app/editor/spellfilter-editor" ]; then
  for f in bin/spellfilter-editor share/applications/spellfilter-editor.desktop \
           share/icons/hicolor/scalable/apps/spellfilter-editor.svg; do
    [ -e "$prefix/$f" ] || { echo "missing after install: $f"; exit 1; }
  done
fi
export HOME="$prefix/home" XDG_CONFIG_HOME="$prefix/home/.config"
unset SPELLFILTER_DICTIONARY SPELLFILTER_LANG
used=$("$prefix/bin/spellfilter" stats | sed -n 's/^dictionary *//p')
case "$used" in
  "$prefix"/*) ;;
  *) echo "installed spellfilter used $used, not the installed dictionary"; exit 1 ;;
esac
out=$(echo "Teh installed checker works" | "$prefix/bin/spellfilter" check || true)
[ "$out" = "Teh" ] || { echo "unexpected output: $out"; exit 1; }
# Code mode finds the installed programming words (printf, stdin).
out=$(printf '// printf to stdin recieves\n' > "$prefix/t.c" &&
      "$prefix/bin/spellfilter" check "$prefix/t.c" || true)
[ "$out" = "recieves" ] || { echo "unexpected output in code mode: $out"; exit 1; }
echo "install: ok ($used)"
