#!/bin/sh
# Builds panel for arm64 (aarch64) from Debian's archive alone, then its .deb:
#   1. a private apt root (its own sources list, lists and cache; the system's apt untouched)
#      for Debian's Swift packages, pinned to $swift_version from unstable, or trixie's
#      when that version has left unstable;
#   2. a toolchain root (amd64, mmdebstrap) with that swiftlang: Debian's own compiler, whose
#      glibc is newer than this Debian 12's, run inside it with unshare and chroot;
#   3. an arm64 Debian 13 sysroot (mmdebstrap, unpacked): the C libraries panel links, what
#      its tests run with, and the arm64 Swift runtime and modules of the same version, in
#      Debian's layout; and a small arm64 root installed under qemu-user-static (binfmt) where
#      the .deb's Depends is computed;
#   4. a Swift SDK bundle over both, a release build with the Swift runtime linked in, and
#      scripts/package.sh on the result.
# Everything is kept in $PANEL_ARM64_CACHE (default ~/.cache/panel-arm64) and made again only
# when what it was made from changes; a fresh machine takes about 15 minutes, later runs the
# build alone. Needs root (mmdebstrap --mode=root, chroot, binfmt), or sudo.
# Usage: scripts/build-arm64.sh [--no-deb]
#   --no-deb  stop after the binary
# The last three lines print the arm64 binary, the .deb and the arm64 root, so the binary runs
# anywhere with `qemu-aarch64 -L ROOT BINARY`.
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
make_deb=1
while [ $# -gt 0 ]; do
    case "$1" in
        --no-deb) make_deb=""; shift ;;
        *) echo "build-arm64.sh: unknown argument '$1' (see the comment at the top)" >&2; exit 2 ;;
    esac
done
if [ "$(id -u)" -ne 0 ]; then exec sudo -E "$0" "$@"; fi

# Debian's Swift: the version built against, and the suite to fall back to.
swift_version=6.2.3-1+b1
fallback_suite=trixie
mirror=http://deb.debian.org/debian
cache="${PANEL_ARM64_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/panel-arm64}"
mkdir -p "$cache"
say() { echo "build-arm64: $*" >&2; }
# Removes a root made before: mounts a killed mmdebstrap left inside are taken down first,
# and rm never crosses onto another file system (a root's proc, sys and dev are the host's).
remove_root() {
    awk -v root="$1/" 'index($2, root) == 1 { print $2 }' /proc/mounts | sort -r | while read -r mount; do
        umount "$mount" || umount -l "$mount"
    done
    rm -rf --one-file-system "$1"
}

# Host tools: mmdebstrap, and qemu-user-static (statically linked, so binfmt can start it
# inside a chroot: its F flag opens the interpreter when registered).
missing=""
for p in mmdebstrap qemu-user-static; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    say "installing:$missing"
    apt-get update -qq
    env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
[ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    cat /usr/lib/binfmt.d/qemu-aarch64.conf > /proc/sys/fs/binfmt_misc/register
fi
grep -q '^flags: .*F' /proc/sys/fs/binfmt_misc/qemu-aarch64 || {
    say "qemu-aarch64 is registered with binfmt without the F flag (not qemu-user-static's entry); remove it with: echo -1 > /proc/sys/fs/binfmt_misc/qemu-aarch64"; exit 1; }

# 1. The private apt root.
aptroot="$cache/apt"
mkdir -p "$aptroot/etc/apt/sources.list.d" "$aptroot/etc/apt/preferences.d" "$aptroot/var/lib/apt/lists/partial" \
    "$aptroot/var/cache/apt/archives/partial" "$aptroot/var/lib/dpkg"
[ -e "$aptroot/var/lib/dpkg/status" ] || : > "$aptroot/var/lib/dpkg/status"
cat > "$aptroot/etc/apt/sources.list" <<EOF
deb [arch=amd64,arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror unstable main
deb [arch=amd64,arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $fallback_suite main
EOF
apt_private() {
    "$@" -o Dir="$aptroot" -o Dir::State::status="$aptroot/var/lib/dpkg/status" -o APT::Architecture=amd64 \
        -o APT::Architectures::=amd64 -o APT::Architectures::=arm64 -o Acquire::Check-Valid-Until=false \
        -o APT::Sandbox::User=root -o Debug::NoLocking=1
}
# Lists at most a day old.
if [ -z "$(find "$aptroot/var/lib/apt/lists" -maxdepth 1 -name '*unstable*Packages*' -mtime -1 2>/dev/null)" ]; then
    apt_private apt-get update -qq >&2 || say "warning: apt-get update failed; using the lists already kept"
fi
versions=$(apt_private apt-cache madison swiftlang 2>/dev/null || true)
if printf '%s\n' "$versions" | grep -q "| $swift_version |.* unstable/main amd64"; then
    suite=unstable
else
    swift_version=$(printf '%s\n' "$versions" | awk -F'|' -v s="$fallback_suite/main amd64" 'index($3, s) { gsub(/ /, "", $2); print $2; exit }')
    [ -n "$swift_version" ] || { say "no swiftlang in unstable or $fallback_suite"; exit 1; }
    suite=$fallback_suite
    say "warning: the pinned swiftlang has left unstable; building with $fallback_suite's $swift_version"
fi
say "Swift $swift_version from $suite"

# 2. The toolchain root: Debian's swiftlang for amd64, git for the commit, pkg-config.
toolchain="$cache/toolchain-$swift_version"
if [ ! -e "$toolchain/.made" ]; then
    say "making the toolchain root (a few minutes, once)"
    remove_root "$toolchain"
    # Without the pin, apt would take unstable's newest swiftlang, not the one tested.
    mmdebstrap --mode=root --variant=apt --architectures=amd64 --aptopt='Acquire::Check-Valid-Until "false"' \
        --include="swiftlang=$swift_version,libswiftlang=$swift_version,pkg-config,git,binutils,libc6-dev" \
        "$suite" "$toolchain" "deb $mirror $suite main" >&2
    touch "$toolchain/.made"
fi

# 3. Two arm64 Debian 13 roots (what the package targets). The sysroot is unpacked only (no
#    maintainer scripts, a minute): the headers and libraries panel builds against, the arm64
#    Swift runtime and modules of the compiler's version in Debian's layout, and what the
#    binary and its tests run with under qemu-user (-L). The packaging root is installed for
#    real under qemu-user-static (a few minutes): the libraries panel links with their dpkg
#    records and symbols files, and dpkg-dev, so the .deb's Depends is computed for arm64.
libraries="libdrm2 libudev1 libfreetype6 libharfbuzz0b libfribidi0 libpng16-16t64 libyaml-0-2 libstdc++6 libgcc-s1 libinput10 libmosquitto1 libfontconfig1"
sysroot_packages="libc6-dev libstdc++-14-dev libgcc-14-dev libdrm-dev libinput-dev libudev-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libpng-dev libyaml-dev libmosquitto-dev $libraries mosquitto mosquitto-clients fonts-dejavu-core fonts-noto-core fonts-droid-fallback groff-base libharfbuzz-bin"
sysroot="$cache/arm64-sysroot"
stamp="$swift_version $sysroot_packages"
if [ "$(cat "$sysroot/.made" 2>/dev/null)" != "$stamp" ]; then
    say "making the arm64 sysroot (about two minutes, once)"
    remove_root "$sysroot"
    mmdebstrap --mode=root --variant=extract --architectures=arm64 --aptopt='Acquire::Check-Valid-Until "false"' \
        --include="$(echo "$sysroot_packages" | tr ' ' ',')" trixie "$sysroot" "deb $mirror trixie main" >&2
    # The extract variant leaves out the merged-/usr links a system gets at installation.
    for dir in bin sbin lib; do [ -e "$sysroot/$dir" ] || ln -s "usr/$dir" "$sysroot/$dir"; done
    # The arm64 Swift runtime, modules and static libraries of the compiler's version, where
    # Debian puts them (swiftlang's own files, without the compiler, its plugins and Embedded).
    debs="$cache/debs"
    mkdir -p "$debs"
    (cd "$debs" && rm -f ./*.deb && apt_private apt-get download -qq "swiftlang:arm64=$swift_version" "libswiftlang:arm64=$swift_version" >&2)
    for deb in "$debs"/*.deb; do
        dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$sysroot" --wildcards \
            --exclude='./usr/libexec/swift/lib/swift/embedded' --exclude='./usr/libexec/swift/lib/swift_static/embedded' \
            --exclude='./usr/libexec/swift/lib/swift/host' --exclude='./usr/libexec/swift/lib/swift/FrameworkABIBaseline' \
            './usr/libexec/swift/lib/swift/*' './usr/libexec/swift/lib/swift_static/*' './usr/libexec/swift/lib/clang/*' 2>/dev/null || true
    done
    rm -f "$debs"/*.deb
    # Where the driver looks for them in an SDK (swiftrt.o of a static link, among others).
    ln -s ../libexec/swift/lib/swift "$sysroot/usr/lib/swift"
    ln -s ../libexec/swift/lib/swift_static "$sysroot/usr/lib/swift_static"
    [ -e "$sysroot/usr/libexec/swift/lib/swift/linux/libswiftCore.so" ] && [ -e "$sysroot/usr/libexec/swift/lib/swift_static/linux/libswiftCore.a" ] || {
        say "the arm64 Swift runtime did not unpack into $sysroot"; exit 1; }
    echo "$stamp" > "$sysroot/.made"
fi
packaging="$cache/arm64-packaging"
if [ "$(cat "$packaging/.made" 2>/dev/null)" != "$libraries" ]; then
    say "making the arm64 packaging root (a few minutes under emulation, once)"
    remove_root "$packaging"
    mmdebstrap --mode=root --variant=apt --architectures=arm64 --aptopt='Acquire::Check-Valid-Until "false"' \
        --include="$(echo "dpkg-dev binutils $libraries" | tr ' ' ',')" trixie "$packaging" "deb $mirror trixie main" >&2
    echo "$libraries" > "$packaging/.made"
fi

# 4. The SDK bundle: paths as the toolchain root sees them (the cache is mounted at /cache).
sdks="$cache/sdks"
bundle="$sdks/panel-arm64.artifactbundle"
mkdir -p "$bundle/sdk"
cat > "$bundle/info.json" <<'EOF'
{ "schemaVersion": "1.0",
  "artifacts": { "panel-arm64": { "type": "swiftSDK", "version": "1",
    "variants": [ { "path": "sdk", "supportedTriples": ["x86_64-unknown-linux-gnu", "x86_64-pc-linux-gnu"] } ] } } }
EOF
cat > "$bundle/sdk/swift-sdk.json" <<'EOF'
{ "schemaVersion": "4.0",
  "targetTriples": { "aarch64-unknown-linux-gnu": {
    "sdkRootPath": "/cache/arm64-sysroot",
    "swiftResourcesPath": "/cache/arm64-sysroot/usr/libexec/swift/lib/swift",
    "swiftStaticResourcesPath": "/cache/arm64-sysroot/usr/libexec/swift/lib/swift_static",
    "toolsetPaths": ["toolset.json"] } } }
EOF
cat > "$bundle/sdk/toolset.json" <<'EOF'
{ "schemaVersion": "1.0", "rootPath": "/usr/libexec/swift/bin",
  "linker": { "path": "ld.lld" }, "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] } }
EOF

# Runs a command in the toolchain root with /proc, the cache at /cache and this checkout at
# its own path; the mounts go with the private mount namespace.
in_toolchain() {
    mkdir -p "$toolchain/cache" "$toolchain$repo"
    unshare --mount --propagation private sh -c '
        toolchain=$1 cache=$2 repo=$3; shift 3
        mount -t proc proc "$toolchain/proc"
        mount --bind "$cache" "$toolchain/cache"
        mount --bind "$repo" "$toolchain$repo"
        exec chroot "$toolchain" env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
            PKG_CONFIG_SYSROOT_DIR=/cache/arm64-sysroot \
            PKG_CONFIG_PATH=/cache/arm64-sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/cache/arm64-sysroot/usr/share/pkgconfig \
            sh -c "cd \"\$0\" && exec \"\$@\"" "$repo" "$@"' sh "$toolchain" "$cache" "$repo" "$@"
}

scratch=/cache/build
say "building panel for arm64"
# git (for the commit --version names) reads a checkout root owns, whoever owns this one.
in_toolchain sh -c 'git config --global --get-all safe.directory | grep -qxF "$0" || git config --global --add safe.directory "$0"' "$repo"
in_toolchain swift build -c release --static-swift-stdlib --disable-local-rpath \
    --swift-sdks-path /cache/sdks --swift-sdk panel-arm64 --scratch-path "$scratch" --product panel >&2
binary="$cache/build/aarch64-unknown-linux-gnu/release/panel"
file "$binary" | grep -q 'ARM aarch64' || { say "$binary is not an aarch64 program"; exit 1; }
deb=""
if [ -n "$make_deb" ]; then
    deb=$(scripts/package.sh --binary "$binary" --arm64-root "$packaging" --out "$cache/deb" | tail -n 1)
fi
echo "arm64 binary: $binary"
echo "arm64 package: ${deb:-(not built: --no-deb)}"
echo "arm64 root: $sysroot"
