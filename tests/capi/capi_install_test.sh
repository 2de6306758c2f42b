#!/usr/bin/env bash
# cmake --install into a scratch prefix; a C program (consumer/) is built
# against the installed package twice, with pkg-config and with CMake's
# find_package, and each build runs: it must find the installed
# dictionary by language and flag "Teh", suggesting "The".
# Usage: capi_install_test.sh BUILD_DIR CONSUMER_SOURCE_DIR
set -euo pipefail
build="$1"
consumer="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(dirname "$(find "$prefix" -name 'libspellfilter.so.0' | head -1)")
[ -n "$libdir" ] || { echo "libspellfilter.so.0 not installed"; exit 1; }
for f in "$prefix/include/spellfilter.h" "$libdir/libspellfilter.so" \
         "$libdir/pkgconfig/spellfilter.pc" \
         "$libdir/cmake/spellfilter/spellfilterConfig.cmake"; do
  [ -e "$f" ] || { echo "missing after install: $f"; exit 1; }
done
soname=$(objdump -p "$libdir/libspellfilter.so" | awk '/SONAME/ {print $2}')
[ "$soname" = "libspellfilter.so.0" ] || { echo "SONAME is '$soname'"; exit 1; }
# Only the C API is exported.
if nm -D --defined-only "$libdir/libspellfilter.so" | awk '{print $3}' |
   grep -v '^spellfilter_' | grep -v '^SPELLFILTER_0$' | grep .; then
  echo "symbols other than spellfilter_* exported"; exit 1
fi

export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" \
       XDG_CACHE_HOME="$tmp/home/.cache" SPELLFILTER_HUNSPELL_PATH="$tmp/none"
unset SPELLFILTER_DICTIONARY SPELLFILTER_LANG
expect() {
  local out
  out=$("$1")
  echo "$out" | grep -qx 'Teh The.*' || { echo "$1 printed: $out"; exit 1; }
  echo "$out" | grep -q "^dictionary $prefix/" ||
    { echo "$1 did not use the installed dictionary: $out"; exit 1; }
}

# pkg-config
export PKG_CONFIG_PATH="$libdir/pkgconfig"
cc -o "$tmp/consumer-pc" "$consumer/consumer.c" \
   $(pkg-config --cflags --libs spellfilter) -Wl,-rpath,"$libdir"
expect "$tmp/consumer-pc"

# CMake
cmake -S "$consumer" -B "$tmp/consumer-build" -G Ninja \
      -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$tmp/consumer-build" >/dev/null
expect "$tmp/consumer-build/consumer"
echo "capi_install: ok"
