#!/usr/bin/env bash
# cpack -G DEB in the build directory, then the package checked with
# dpkg-deb: its files (the command, the dictionary, libspellfilter.so.0 with
# its header, pkg-config and CMake files, the Enchant provider), its
# declared dependencies (from dpkg-shlibdeps: ICU, Enchant, glib), its
# shlibs; and, for a build configured with -DCMAKE_INSTALL_PREFIX=/usr,
# that the provider lies in Debian's Enchant module directory and the
# library in the multiarch libdir, and then deb_install_test.sh installs it
# with apt into a copy-on-write view of the system and uses it (where that
# is possible: root, overlayfs; otherwise it says so and is left out).
# Usage: deb_test.sh BUILD_DIR CONSUMER_C
set -euo pipefail
build=$(readlink -f "$1")
consumer=$(readlink -f "$2")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
(cd "$build" && cpack -G DEB -B "$out" >"$out/cpack.log" 2>&1) ||
  { cat "$out/cpack.log"; fail "cpack"; }
deb=$(ls "$out"/spellfilter_*.deb)
contents=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|')
prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
# (A here-string, not echo into grep -q: with pipefail, grep's early exit
# may fail the pipeline.) On a miss, the package's files and cpack's log.
has() {
  grep -qE "$1" <<<"$contents" && return 0
  echo "--- the package's files"; echo "$contents"
  echo "--- cpack"; cat "$out/cpack.log"
  fail "no file matching $1 in the package"
}
has "^$prefix/bin/spellfilter$"
has "^$prefix/share/spellfilter/en_US.sfd$"
has "^$prefix/include/spellfilter.h$"
has "^$prefix/lib/(.*/)?libspellfilter\.so\.0\.[0-9.]+$"
has "^$prefix/lib/(.*/)?libspellfilter\.so\.0$"
has "^$prefix/lib/(.*/)?pkgconfig/spellfilter\.pc$"
has "^$prefix/lib/(.*/)?cmake/spellfilter/spellfilterConfig\.cmake$"
has "/enchant-2/enchant_spellfilter\.so$"
depends=$(dpkg-deb -f "$deb" Depends)
for d in libicu72 libenchant-2-2 libglib2.0-0 libc6 libstdc++6; do
  echo "$depends" | grep -q "$d" || fail "Depends lacks $d: $depends"
done
dpkg-deb -e "$deb" "$out/control"
grep -q "^libspellfilter 0 spellfilter" "$out/control/shlibs" ||
  fail "shlibs: $(cat "$out/control/shlibs" 2>/dev/null)"
if [ "$prefix" = /usr ]; then
  moddir=$(pkg-config --variable=libdir enchant-2)/enchant-2
  has "^$moddir/enchant_spellfilter\.so$"
  has "^/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)/libspellfilter\.so\.0$"
  set +e
  "$(dirname "$0")/deb_install_test.sh" "$deb" "$consumer"
  rc=$?
  set -e
  case $rc in
    0) ;;
    77) echo "deb: installing with apt not tried here (see above)" ;;
    *) fail "installing the package" ;;
  esac
fi
# The Python module's own package, when the build has the module.
if [ -d "$build/python/spellfilter" ]; then
  pydeb=$(ls "$out"/python3-spellfilter_*.deb) || fail "no python3-spellfilter package"
  pycontents=$(dpkg-deb -c "$pydeb" | awk '{print $6}' | sed 's|^\./|/|')
  for f in __init__.py _spellfilter.pyi py.typed '_spellfilter\.cpython-[^/]*\.so'; do
    echo "$pycontents" | grep -qE "^$prefix/lib/python3[^/]*/dist-packages/spellfilter/$f$" ||
      fail "python3-spellfilter lacks spellfilter/$f"
  done
  if [ "$prefix" = /usr ]; then
    echo "$pycontents" | grep -q "^/usr/lib/python3/dist-packages/spellfilter/__init__.py$" ||
      fail "python3-spellfilter: not in /usr/lib/python3/dist-packages"
  fi
  echo "$contents" | grep -q "dist-packages" && fail "the spellfilter package holds the Python module"
  pydepends=$(dpkg-deb -f "$pydeb" Depends)
  for d in "spellfilter (= " python3 libc6; do
    echo "$pydepends" | grep -qF "$d" || fail "python3-spellfilter Depends lacks $d: $pydepends"
  done
fi
echo "deb: ok ($(basename "$deb"), Depends: $depends)"
