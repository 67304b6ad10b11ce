#!/bin/sh
# Installs the Debian 12 packages panel builds and tests with (only those missing);
# systemd for `systemd-analyze security` and the VM test that boots it; udev for `udevadm test`
# of the backlight rule (BacklightRuleTests); libcairo2-dev only
# builds panel-bench-cairo, the benchmark's comparison scene.
# groff-base and man-db render the manual pages in the tests; binutils (objdump, strip) and
# dpkg-deb make the Debian package (scripts/package.sh); dpkg-dev (dpkg-shlibdeps) computes its
# Depends, lintian checks it (scripts/lint-package.sh). libharfbuzz-dev and libfribidi-dev
# shape and order text; libharfbuzz-bin (hb-shape) checks panel's shaping in the tests, with
# fonts-noto-core (Arabic, Hebrew, Devanagari, Thai) and fonts-droid-fallback (CJK).
# Swift 6 itself must already be on PATH.
set -eu
packages="pkg-config groff-base man-db binutils dpkg-dev lintian libdrm-dev libinput-dev libudev-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libharfbuzz-bin fonts-noto-core fonts-droid-fallback libyaml-dev libpng-dev fonts-dejavu-core systemd udev libcairo2-dev libmosquitto-dev libmosquitto1 mosquitto mosquitto-clients"
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
