#!/bin/sh
# The arm64 build, proven: scripts/build-arm64.sh builds the release binary and its .deb, then
# the arm64 binary runs under qemu-user (qemu-aarch64-static -L the arm64 root) beside the x86
# binary on the same descriptions, recordings, sizes and rotations, and each screenshot and
# state file must be byte-equal to x86's; `panel check` must say the same; lintian checks the
# arm64 .deb as it checks the amd64 one. Prints the arm64 binary's size and peak RSS.
# Usage: scripts/test-arm64.sh X86_PANEL   (part of scripts/test.sh)
set -eu
x86="${1:?usage: scripts/test-arm64.sh X86_PANEL}"
case "$x86" in /*) ;; *) x86="$(pwd)/$x86" ;; esac
cd "$(dirname "$0")/.."
command -v /usr/bin/time > /dev/null || {
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    ${sudo:-} env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends time > /dev/null; }
paths=$(scripts/build-arm64.sh | tail -n 3)
arm64_bin=$(printf '%s\n' "$paths" | sed -n 's/^arm64 binary: //p')
deb=$(printf '%s\n' "$paths" | sed -n 's/^arm64 package: //p')
root=$(printf '%s\n' "$paths" | sed -n 's/^arm64 root: //p')
arm64() { qemu-aarch64-static -L "$root" "$arm64_bin" "$@"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0 failed=0
fail() { echo "arm64: FAILED: $*"; failed=$((failed + 1)); }

# One run of one binary: its own state file, screenshot and output under $work/ARCH/NAME.*.
run_one() {
    arch=$1 name=$2; shift 2
    mkdir -p "$work/$arch"
    "$@" --state "$work/$arch/$name.json" --screenshot "$work/$arch/$name.png" > "$work/$arch/$name.out" 2>&1
}

# The same run on both binaries: screenshots and state files must be byte-equal.
compare() {
    name=$1; shift
    run_one x86 "$name" "$x86" "$@" || { fail "$name: x86 run failed: $(tail -n 3 "$work/x86/$name.out")"; return 0; }
    run_one arm64 "$name" arm64 "$@" \
        || { fail "$name: arm64 run failed: $(tail -n 3 "$work/arm64/$name.out")"; return 0; }
    cmp -s "$work/x86/$name.png" "$work/arm64/$name.png" || { fail "$name: the screenshots differ"; return 0; }
    if [ -e "$work/x86/$name.json" ] || [ -e "$work/arm64/$name.json" ]; then
        cmp -s "$work/x86/$name.json" "$work/arm64/$name.json" || { fail "$name: the state files differ"; return 0; }
    fi
    passed=$((passed + 1))
}

recordings="${PANEL_SHARED_DIR:-../shared}/recordings"
for size in 800x480 320x240 1920x1080; do
    compare "demo-taps-$size" run --display "headless:$size" --input replay:demo/taps.evemu
done
compare demo-r90 run --display headless:800x480 --rotate 90 --input replay:demo/taps.evemu
compare pages run --config Tests/vm/recordings/pages.yaml --display headless:800x480 --input replay:Tests/vm/recordings/pages.evemu
compare slider run --config Tests/vm/recordings/slider.yaml --display headless:800x480 --input replay:Tests/vm/recordings/slider.evemu
compare etc-panel run --config etc/panel.yml --display headless:1280x800 --input none
if [ -d "$recordings" ]; then
    for rec in "$recordings"/*.evemu; do
        case "$rec" in *.desc.evemu|*.events.evemu) continue ;; esac  # split recordings: the replay tests join them
        compare "shared-$(basename "$rec" .evemu)" run --display headless:800x480 --input "replay:$rec"
    done
fi
for config in etc/panel.yml Tests/vm/recordings/pages.yaml; do
    a=$("$x86" check --config "$config" 2>&1; echo "exit $?")
    b=$(arm64 check --config "$config" 2>&1; echo "exit $?")
    if [ "$a" = "$b" ]; then passed=$((passed + 1)); else fail "check $config: x86 said '$a', arm64 '$b'"; fi
done

# Every build names its commit (the BuildCommit plugin), the arm64 one too.
version=$(arm64 --version)
case "$version" in "panel "*" (unknown commit)"|"") fail "the arm64 binary names no commit: '$version'" ;; *) passed=$((passed + 1)) ;; esac

# The package: arm64, installable on Debian 13, lintian-clean.
if [ "$(dpkg-deb -f "$deb" Architecture)" != arm64 ]; then fail "$deb is not an arm64 package"; fi
lintian --fail-on error --tag-display-limit 0 "$deb" > "$work/lintian.txt" 2>&1 || fail "lintian on $deb: $(grep '^E:' "$work/lintian.txt" | head -n 5)"
sed 's/^/arm64: lintian: /' "$work/lintian.txt"
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/bin/panel > "$work/panel-deb"
file "$work/panel-deb" | grep -q 'ARM aarch64' || fail "the package's /usr/bin/panel is not an aarch64 program"

size=$(stat -c %s "$work/panel-deb")
# Peak RSS under qemu-user, beside qemu's own running the dynamic loader alone (--version).
/usr/bin/time -f %M -o "$work/rss" qemu-aarch64-static -L "$root" "$arm64_bin" run --display headless:1920x1080 \
    --input none --state "$work/rss.json" --screenshot "$work/rss.png" > /dev/null 2>&1 || fail "the 1080p demo did not run"
/usr/bin/time -f %M -o "$work/rss-alone" qemu-aarch64-static -L "$root" "$root/usr/lib/ld-linux-aarch64.so.1" --version > /dev/null 2>&1 || true
rss=$(tail -n 1 "$work/rss") qemu_rss=$(tail -n 1 "$work/rss-alone")
echo "arm64: $(basename "$deb"): $(du -k "$deb" | cut -f1) KB; Depends: $(dpkg-deb -f "$deb" Depends)"
echo "arm64: the packaged binary is $size bytes; peak RSS of the headless 1080p demo under qemu-user ${rss} KB (qemu and the loader alone: ${qemu_rss} KB)"
echo "arm64: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
