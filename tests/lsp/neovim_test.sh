#!/bin/sh
# Neovim's built-in LSP client (0.7, Debian 12's) against `spellfilter lsp`:
# diagnostics read back, a suggestion applied, a word added.
#   neovim_test.sh SPELLFILTER EN_US_SFD PROGRAMMING_SFD
# Exit 77 (skipped) when nvim is missing.
set -eu
command -v nvim >/dev/null || { echo "nvim not installed: skipped"; exit 77; }
exe=$1 en_us=$2 programming=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '%s\n' '😀 recieve the data' 'int getUserNmae();' > "$dir/t.cpp"
HOME=$dir XDG_CONFIG_HOME=$dir/config XDG_DATA_HOME=$dir/data \
XDG_STATE_HOME=$dir/state timeout 60 nvim --headless --clean -n \
  -c "lua _G.spellfilter_args = {'$exe', '$en_us', '$programming', '$dir/user.words', '$dir/t.cpp'}" \
  -c "luafile $(dirname "$0")/neovim_test.lua"
grep -qx Nmae "$dir/user.words" || { echo "Nmae not in the user list"; exit 1; }
echo "neovim_test: ok"
