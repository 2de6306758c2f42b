#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for
# SECONDS (default 60) from its seed corpus, then replays the regression
# inputs (crashers found earlier, kept in tests/fuzz/regressions/NAME).
# The build is core, the C library and the language server's library only
# (SPELLFILTER_BUILD_APP=OFF; app/ adds app/lsp for the fuzz build): the
# C API's fuzzer calls libspellfilter.so as a C program does.
#   scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
scripts/setup.sh --fuzz
build=build-fuzz
CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSPELLFILTER_BUILD_APP=OFF -DSPELLFILTER_BUILD_EDITOR=OFF \
  -DSPELLFILTER_BUILD_BENCHMARKS=OFF -DSPELLFILTER_FUZZ=ON \
  -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=all -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION" \
  >/dev/null
targets=(dictionary_loader check tokenizer suggest capi markdown lsp)
cmake --build "$build" -j "$(nproc)" --target "${targets[@]/%/_fuzzer}"
for t in "${targets[@]}"; do
  work="$build/corpus-$t"
  mkdir -p "$work"
  seeds=()
  [ -d "tests/fuzz/corpus/$t" ] && seeds+=("tests/fuzz/corpus/$t")
  [ -d "tests/fuzz/regressions/$t" ] && seeds+=("tests/fuzz/regressions/$t")
  echo "== fuzzing $t for ${seconds}s"
  "$build/tests/fuzz/${t}_fuzzer" -max_total_time="$seconds" -max_len=8192 \
    -print_final_stats=1 -artifact_prefix="$build/crash-$t-" \
    "$work" "${seeds[@]}" 2>&1 | grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY)" || true
  if ls "$build"/crash-"$t"-* >/dev/null 2>&1; then
    echo "fuzz.sh: $t crashed; inputs in $build/crash-$t-*" >&2
    exit 1
  fi
done
