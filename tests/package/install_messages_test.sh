#!/usr/bin/env bash
# cmake --install into a scratch prefix, where Debian's Enchant (and Qt 5,
# and Python) do not look: the install says where the Enchant provider, the
# Sonnet plugin and the Python package went and how to make them found;
# and the installed Python package imports from there (PYTHONPATH, as the
# message says) and finds the installed libspellfilter through its RUNPATH.
# Usage: install_messages_test.sh BUILD_DIR PYTHON
set -euo pipefail
build=$(readlink -f "$1")
python=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
out=$(cmake --install "$build" --prefix "$prefix" 2>&1) || { echo "$out"; fail "cmake --install"; }
if [ -n "$(find "$build/app/enchant" -name enchant_spellfilter.so 2>/dev/null)" ]; then
  echo "$out" | grep -q "spellfilter: the Enchant provider is in $prefix/.*sudo ln -s $prefix/.*enchant_spellfilter.so" ||
    fail "no message on the Enchant provider: $out"
fi
if [ -n "$(find "$build/app/sonnet" -name sonnet_spellfilter.so 2>/dev/null)" ]; then
  echo "$out" | grep -q "spellfilter: the Sonnet plugin is in $prefix/.*QT_PLUGIN_PATH=$prefix" ||
    fail "no message on the Sonnet plugin: $out"
fi
if [ -d "$build/python/spellfilter" ]; then
  msg=$(echo "$out" | grep "spellfilter: the Python package is in") ||
    fail "no message on the Python package: $out"
  pythonpath=$(echo "$msg" | sed -n 's/.*export PYTHONPATH=\([^ ]*\) .*/\1/p')
  [ -f "$pythonpath/spellfilter/__init__.py" ] || fail "PYTHONPATH of the message: $msg"
  got=$(cd "$prefix" && env -u LD_LIBRARY_PATH PYTHONPATH="$pythonpath" XDG_CONFIG_HOME="$prefix" \
        "$python" -c "import spellfilter, sys
d = spellfilter.Dictionary(path='$prefix/share/spellfilter/en_US.sfd')
print(spellfilter.__file__.startswith('$prefix'), d.misspellings('Teh installed module'))")
  [ "$got" = "True [(0, 3, 'Teh')]" ] || fail "the installed module: $got"
fi
echo "install messages: ok"
