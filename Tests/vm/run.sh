#!/bin/sh
# VM tests: boots Debian's own kernel under QEMU (TCG) with virtio-gpu and bochs-drm
# displays, runs `panel --display drm` inside, and compares QEMU's screendumps with
# `panel --display headless` screenshots of the same description, recording and rotation.
# Usage: Tests/vm/run.sh [PANEL_BINARY]   (default .build/debug/panel, built first).
# The guest sees the host's / read-only (9p + tmpfs overlay), so it runs the host's panel.
# Skips (exit 0) only where QEMU cannot run at all; any other problem fails.
set -eu
repo="$(cd "$(dirname "$0")/../.." && pwd)"
panel="${1:-$repo/.build/debug/panel}"
# Absolute: the guest finds it under the host's / (and the systemd case copies it).
case "$panel" in /*) ;; *) panel="$(pwd)/$panel" ;; esac
cache="${PANEL_VM_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/panel-vm}"
skip() { echo "vm tests: SKIPPED: $*"; exit 0; }

# Packages: QEMU, a static busybox for the initramfs, module tools, Pillow to compare PNGs;
# for the touch cases (run in the guest from this root) udevd, evemu, libinput replay and its modules.
packages="qemu-system-x86 busybox-static cpio kmod xz-utils python3 python3-pil udev evemu-tools libinput-tools python3-libevdev python3-pyudev python3-yaml"
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "vm tests: installing:$missing"
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq || true
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null \
        || skip "cannot install$missing"
fi
[ "$(uname -m)" = x86_64 ] || skip "the rig boots an amd64 kernel; this machine is $(uname -m)"
command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 is not available"
qemu-system-x86_64 -machine help >/dev/null 2>&1 || skip "qemu-system-x86_64 does not start"

# Kernel: the version Debian's linux-image-amd64 points at, unpacked (not installed) once.
mkdir -p "$cache"
version="$(apt-cache depends linux-image-amd64 2>/dev/null | sed -n 's/.*Depends: linux-image-\(6\.[0-9.-]*-amd64\)$/\1/p' | head -n 1)"
[ -n "$version" ] || version="$(ls "$cache" | sed -n 's/^vmlinux-//p' | tail -n 1)"
[ -n "$version" ] || { echo "vm tests: FAILED: no linux-image-6.*-amd64 known to apt and none cached"; exit 1; }
tree="$cache/linux-$version"
if [ ! -f "$cache/vmlinux-$version" ]; then
    echo "vm tests: fetching linux-image-$version"
    rm -rf "$tree" "$cache"/*.deb
    (cd "$cache" && apt-get download -o APT::Sandbox::User=root "linux-image-$version" >/dev/null)
    dpkg -x "$cache"/linux-image-"$version"_*.deb "$tree"
    rm -f "$cache"/*.deb
    depmod -b "$tree" "$version"
    # vmlinuz is a bzImage around an xz stream; the bare ELF boots faster (no decompression under TCG).
    offset="$(LC_ALL=C grep -aboP '\xfd7zXZ\x00' "$tree/boot/vmlinuz-$version" | head -n 1 | cut -d: -f1)"
    tail -c +"$((offset + 1))" "$tree/boot/vmlinuz-$version" | xz -dc 2>/dev/null > "$cache/vmlinux-$version.part" || true
    [ -s "$cache/vmlinux-$version.part" ] || { echo "vm tests: FAILED: cannot extract vmlinux"; exit 1; }
    mv "$cache/vmlinux-$version.part" "$cache/vmlinux-$version"
fi

# Initramfs: busybox, the modules for virtio, 9p, overlay and both DRM drivers, and init.
work="$(mktemp -d /tmp/panel-vm.XXXXXX)"
[ -n "${PANEL_VM_KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
initramfs="$work/initramfs"
mkdir -p "$initramfs/bin" "$initramfs/modules" "$initramfs/proc" "$initramfs/sys" "$initramfs/dev"
cp /bin/busybox "$initramfs/bin/busybox"
# evdev and uinput: the touch cases create virtual touchscreens for libinput.
for module in virtio_pci 9pnet_virtio 9p overlay virtio_gpu bochs evdev uinput; do
    modprobe -d "$tree" -S "$version" --show-depends "$module" | sed -n 's/^insmod \([^ ]*\).*/\1/p'
done | awk '!seen[$0]++' | while read -r ko; do
    cp "$ko" "$initramfs/modules/"
    basename "$ko" >> "$initramfs/modules/order"
done
cp "$repo/Tests/vm/init" "$initramfs/init"
chmod +x "$initramfs/init"
(cd "$initramfs" && find . | cpio -o -H newc --quiet) > "$work/initramfs.cpio"

[ -x "$panel" ] || (cd "$repo" && swift build)
/usr/bin/python3 "$repo/Tests/vm/rig.py" --kernel "$cache/vmlinux-$version" --initrd "$work/initramfs.cpio" \
    --panel "$panel" --repo "$repo" --work "$work"
