#!/usr/bin/env bash
# Quick start: install what building and running need (not the tests' tools:
# scripts/test.sh installs those), build the command line tool and the
# bundled English dictionary, and check the sample text (from stdin).
# The rest (the editor, the C library, the Enchant provider, the Python
# module) is one `scripts/build.sh` away.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
build_dir="${BUILD_DIR:-build}"
# A new build directory without the tests and benchmarks (scripts/test.sh
# turns them on); an existing one keeps its settings.
options=()
[ -f "$build_dir/CMakeCache.txt" ] ||
  options=(-DSPELLFILTER_BUILD_TESTS=OFF -DSPELLFILTER_BUILD_BENCHMARKS=OFF)
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "${options[@]}" "$@" >/dev/null
cmake --build "$build_dir" -j "$(nproc)" --target spellfilter dictionaries
echo "== misspellings in resources/sample.txt:"
status=0
"$build_dir/app/cli/spellfilter" check < resources/sample.txt || status=$?
# 1 means "misspellings found", which is what the sample is for.
[ "$status" -le 1 ] || exit "$status"
echo "== next: scripts/build.sh builds everything (editor, library, Python" \
     "module); scripts/test.sh runs the tests; docs/guide.md"
