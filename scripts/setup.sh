#!/usr/bin/env bash
# Installs the Debian 12 packages spellfilter needs, when they are missing.
#   scripts/setup.sh            what building and running need (scripts/run.sh)
#   scripts/setup.sh --test     also the tests' libraries and the programs the
#                               tests drive (scripts/test.sh)
#   scripts/setup.sh --peers    also the peers the benchmark scripts compare
#                               against (hunspell, aspell, word lists, prose,
#                               codespell's list for the development sets,
#                               pyenchant and the Hunspell binding)
#   scripts/setup.sh --fuzz     also clang's libFuzzer runtime
#   scripts/setup.sh --bench    also gnuplot and time (bench_compare.py)
#   scripts/setup.sh --desktop  also what trying the desktop integrations by
#                               hand needs: Kate and KF5 Sonnet (the KDE
#                               side), gedit, Xvfb, a German dictionary
#   scripts/setup.sh --languages  also every Hunspell dictionary Debian ships
#                               (one package per language where packages
#                               conflict) and text in those languages, for
#                               scripts/compare_hunspell_verdicts.py and
#                               scripts/eval_suggestions_languages.py
#   scripts/setup.sh --languages-ci  the part of --languages the
#                               languages.verdicts test needs (de, fr, nl,
#                               hu, it, da, th)
# Needs root (or sudo) only when something is missing.
set -euo pipefail

# Building and running.
packages=(
  cmake ninja-build g++ pkg-config
  libicu-dev          # ICU 72: word breaks, case mapping, NFC
  libxxhash-dev       # XXH3: the filter's hash and the file checksums
  libcli11-dev        # the command line parser
  nlohmann-json3-dev  # JSON for the language server (spellfilter lsp)
  libtomlplusplus-dev # the project file .spellfilter.toml
  libre2-dev          # RE2: the project file's ignore patterns and globs (linear time)
  libgit2-dev         # libgit2: .gitignore as git reads it (check DIR)
  qt6-base-dev        # the desktop editor (Qt 6 Widgets)
  libenchant-2-dev    # the Enchant provider
  python3-dev pybind11-dev  # the Python module (python/)
)
# The tests: their libraries and the programs they drive.
test_packages=(
  libgtest-dev libgmock-dev libbenchmark-dev
  emacs-nox hunspell hunspell-en-us   # tests drive Emacs and compare with hunspell -a
  time                                # GNU time: a test measures peak memory
  neovim                              # a test drives the language server from Neovim
  elpa-eglot                          # ... and from Emacs's eglot
  enchant-2                           # the Enchant provider's test (enchant-2 -a)
  dpkg-dev                            # cpack -G DEB: dpkg-shlibdeps (deb_package test)
  python3                             # the cli_docs test (check_cli_docs.py)
  git                                 # a test runs check DIR in a git work tree (libgit2 ignores)
  python3-pytest                      # the Python module's tests
  python3-dask python3-distributed    # examples/dask_corpus.py's test
  vim                                 # a test reads -f lines into Vim's quickfix list
  xvfb xdotool                        # editor.end_to_end drives the real editor on Xvfb
  poppler-utils                       # pdftotext: main_window_test reads the exported PDF
)
for arg in "$@"; do
  case "$arg" in
    --test) packages+=("${test_packages[@]}") ;;
    --peers) packages+=(hunspell hunspell-en-us aspell aspell-en wamerican
                        wamerican-huge scowl hyperfine bible-kjv python3
                        codespell python3-enchant python3-hunspell) ;;
    --fuzz) packages+=(clang libclang-rt-14-dev) ;;
    --bench) packages+=(gnuplot-nox time) ;;
    --desktop) packages+=(libkf5sonnet-dev kate gedit xvfb x11-apps imagemagick xdotool dbus
                          hunspell-de-de) ;;
    --languages|--languages-ci)
      # compare_hunspell_verdicts.py: libhunspell (the oracle, and the
      # hunspell_speed benchmark), PyICU (ICU's word breaks in Python),
      # msgunfmt (translated messages), man (manual pages), GNU time.
      # iso-codes brings translated names in nearly every language.
      packages+=(libhunspell-dev python3-icu gettext man-db groff-base time
                 iso-codes
                 hunspell-de-de hunspell-fr hunspell-nl hunspell-hu hunspell-it
                 hunspell-da hunspell-th
                 manpages-de manpages-fr manpages-nl manpages-hu manpages-it
                 manpages-da debian-reference-de debian-reference-fr
                 debian-reference-it)
      if [ "$arg" = --languages ]; then
        # One package per language: hunspell-X over myspell-X,
        # hunspell-de-de (not -frami), hunspell-fr (its default variant);
        # no myspell-nn or myspell-pt (they conflict with hunspell-no and
        # hunspell-pt-*).
        packages+=(hunspell hunspell-af hunspell-an hunspell-ar hunspell-be hunspell-bg
                   hunspell-bn hunspell-bo hunspell-br hunspell-bs hunspell-ca
                   hunspell-cs hunspell-de-at hunspell-de-ch hunspell-de-med
                   hunspell-dz hunspell-el hunspell-en-au hunspell-en-ca
                   hunspell-en-gb hunspell-en-med hunspell-en-us hunspell-en-za
                   hunspell-es hunspell-eu hunspell-gd hunspell-gl hunspell-gu
                   hunspell-gug hunspell-he hunspell-hi hunspell-hr hunspell-id
                   hunspell-is hunspell-kk hunspell-kmr hunspell-ko hunspell-lo
                   hunspell-lt hunspell-lv hunspell-ml hunspell-mn hunspell-ne
                   hunspell-no hunspell-oc hunspell-pl hunspell-pt-br
                   hunspell-pt-pt hunspell-ro hunspell-ru hunspell-si
                   hunspell-sk hunspell-sl hunspell-sr hunspell-sv hunspell-sw
                   hunspell-te hunspell-tr hunspell-uk hunspell-uz hunspell-vi
                   myspell-de-de-1901 myspell-eo myspell-et myspell-fa
                   myspell-fo myspell-ga myspell-gv myspell-hy myspell-sq
                   myspell-tl
                   manpages-cs manpages-el manpages-es manpages-fi manpages-id
                   manpages-mk manpages-nb manpages-pl manpages-pt-br
                   manpages-ro manpages-ru manpages-sr manpages-sv manpages-tr
                   manpages-uk manpages-vi
                   debian-reference-es debian-reference-id debian-reference-pt
                   debian-reference-pt-br)
      fi ;;
    --editor-screenshot) packages+=(xvfb x11-apps imagemagick) ;;
    *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup.sh: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup.sh: need root to install ${missing[*]}" >&2; exit 2; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q >/dev/null
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
