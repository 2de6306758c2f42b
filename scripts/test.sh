#!/usr/bin/env bash
# Install what is missing, build, and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/setup.sh --languages-ci   # the languages.verdicts test: dictionaries, texts, libhunspell
scripts/build.sh
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j "$(nproc)"
