#!/usr/bin/env bash
# Installs the .deb with apt as a user would (apt install ./spellfilter_*.deb)
# into a copy-on-write view of this system (an overlay over /, in a private
# mount namespace, chrooted; the real system is not changed), then uses it:
# spellfilter check finds the installed dictionary, enchant-lsmod-2 lists
# en_US from spellfilter once the user's ordering puts it first, enchant-2
# -a flags "Teh" and suggests "The", and a C program builds against the
# installed library with pkg-config and runs.
# Skipped (77) without root, overlayfs or the .deb's dependencies at hand.
# Usage: deb_install_test.sh DEB CONSUMER_C
set -euo pipefail
deb=$(readlink -f "$1")
consumer=$(readlink -f "$2")
[ "$(id -u)" = 0 ] || { echo "needs root (mount namespace, overlay, chroot)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/upper" "$tmp/work" "$tmp/root" "$tmp/stage"
cp "$deb" "$consumer" "$tmp/stage/"
cat > "$tmp/inside.sh" <<'INSIDE'
set -euo pipefail
mount -t overlay overlay -o "lowerdir=/,upperdir=$T/upper,workdir=$T/work" "$T/root" ||
  { echo "no overlayfs"; exit 77; }
mount -t proc proc "$T/root/proc"
mount --rbind /dev "$T/root/dev"
mkdir -p "$T/root/tmp/deb"
cp "$T/stage/"* "$T/root/tmp/deb/"
exec chroot "$T/root" /bin/bash -s <<'CHROOT'
set -euo pipefail
fail() { echo "FAIL: $*"; exit 1; }
export DEBIAN_FRONTEND=noninteractive HOME=/tmp/deb/home
mkdir -p "$HOME/.config/enchant"
apt-get install -y -q /tmp/deb/spellfilter_*.deb >/tmp/deb/apt.log 2>&1 ||
  { tail -5 /tmp/deb/apt.log; exit 77; }
cd /tmp/deb
out=$(echo "Teh installed package" | spellfilter check || true)
[ "$out" = Teh ] || fail "spellfilter check: $out"
spellfilter dicts | grep -q "^en_US  *spellfilter  */usr/share/spellfilter/en_US.sfd" ||
  fail "dicts: $(spellfilter dicts)"
{ echo '*:spellfilter,hunspell'
  sed -n 's/^\([^*#][^:]*\):/\1:spellfilter,/p' /usr/share/enchant-2/enchant.ordering
} > "$HOME/.config/enchant/enchant.ordering"
enchant-lsmod-2 -list-dicts | grep -q "^en_US (spellfilter)$" ||
  fail "enchant-lsmod-2: $(enchant-lsmod-2 -list-dicts | head -3)"
echo Teh | enchant-2 -a -d en_US | grep -q "^& Teh [0-9]* 0: The" ||
  fail "enchant-2 -a: $(echo Teh | enchant-2 -a -d en_US)"
cc -o consumer consumer.c $(pkg-config --cflags --libs spellfilter)
./consumer | grep -q "^Teh The" || fail "consumer: $(./consumer)"
./consumer | grep -q "^dictionary /usr/share/spellfilter/en_US.sfd$" ||
  fail "consumer's dictionary: $(./consumer)"
echo "deb install: ok"
CHROOT
INSIDE
T="$tmp" unshare --mount --propagation private bash "$tmp/inside.sh"
