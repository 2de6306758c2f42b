#!/usr/bin/env bash
# Install what is missing (the build's and the tests' packages), build
# everything with the tests and benchmarks, and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test --languages-ci   # --languages-ci: the languages.verdicts test's dictionaries, texts, libhunspell
scripts/build.sh -DSPELLFILTER_BUILD_TESTS=ON -DSPELLFILTER_BUILD_BENCHMARKS=ON "$@"
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j "$(nproc)"
