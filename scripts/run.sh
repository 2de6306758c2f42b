#!/usr/bin/env bash
# Quick start: install what is missing, build, and check the sample text
# (from stdin) with the bundled English dictionary.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
echo "== misspellings in resources/sample.txt:"
status=0
"${BUILD_DIR:-build}/app/cli/spellfilter" check < resources/sample.txt || status=$?
# 1 means "misspellings found", which is what the sample is for.
[ "$status" -le 1 ] || exit "$status"
