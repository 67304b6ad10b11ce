#!/bin/sh
# Builds panel_<version>_<arch>.deb from a staged tree with dpkg-deb (no debhelper): the
# release binary with the Swift runtime static (--static-swift-stdlib) at /usr/bin/panel,
# the unit, sysusers and tmpfiles snippets, every systemd/*.rules udev rule,
# /etc/panel/panel.yml as a conffile, panel(1) and panel.yml(5), copyright and changelog.
# Depends: is computed from the binary's NEEDED libraries (dpkg-shlibdeps: the symbols
# and shlibs files of the packages that own them), plus libinput10, which panel dlopens; Recommends: libmosquitto1 (dlopened
# for mqtt: only); Suggests: libfontconfig1 (dlopened for font family names) and the Noto and
# Droid fonts for other scripts.
# Usage: scripts/package.sh [--binary FILE [--arm64-root DIR]] [--fast] [--out DIR]
#   --binary FILE  package this build instead (the VM rig packages the binary under test;
#                  libraries no package owns, like a debug build's libswiftCore, are then
#                  left out of Depends with a warning instead of failing)
#   --arm64-root DIR  FILE is an arm64 build (scripts/build-arm64.sh): the package is arm64,
#                  and the binary, strip, ldconfig, dpkg and dpkg-shlibdeps run in that arm64
#                  Debian root (chroot, through qemu-user-static's binfmt entry), so Depends
#                  comes from the arm64 libraries' own symbols files
#   --fast         gzip -1 instead of xz (for tests)
#   --out DIR      where the .deb goes (default .build/deb)
# Prints the .deb's path on the last line.
set -eu
here=$(pwd)
cd "$(dirname "$0")/.."
binary="" fast="" out=.build/deb arm64_root=""
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="${2:?--binary needs a file}"; shift 2
                  case "$binary" in /*) ;; *) binary="$here/$binary" ;; esac ;;
        --arm64-root) arm64_root="${2:?--arm64-root needs a folder}"; shift 2
                      case "$arm64_root" in /*) ;; *) arm64_root="$here/$arm64_root" ;; esac ;;
        --fast) fast=1; shift ;;
        --out) out="${2:?--out needs a folder}"; shift 2
               case "$out" in /*) ;; *) out="$here/$out" ;; esac ;;
        *) echo "package.sh: unknown argument '$1' (see the comment at the top)" >&2; exit 2 ;;
    esac
done
if [ -z "$binary" ]; then
    # No RUNPATH ($ORIGIN): the package installs no libraries beside the binary.
    swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path .build/static --product panel >&2
    binary=.build/static/release/panel
fi
# Commands that read the binary or the libraries it runs with: in the arm64 root for an arm64
# build, whose files are then staged inside that root ($inside is the root's own path to them).
in_root() { if [ -n "$arm64_root" ]; then chroot "$arm64_root" "$@"; else "$@"; fi; }
if [ -n "$arm64_root" ]; then
    [ -x "$arm64_root/usr/bin/dpkg-shlibdeps" ] || { echo "package.sh: $arm64_root is not an arm64 root with dpkg-dev (scripts/build-arm64.sh makes one)" >&2; exit 2; }
    arch=arm64
    stage=$(mktemp -d "$arm64_root/tmp/panel-deb.XXXXXX")
    inside=${stage#"$arm64_root"}
else
    arch=$(dpkg --print-architecture)
    stage=$(mktemp -d "${TMPDIR:-/tmp}/panel-deb.XXXXXX")
    inside=$stage
fi
trap 'rm -rf "$stage"' EXIT INT TERM
cp "$binary" "$stage/panel.unstripped"
# The arm64 binary runs under qemu-user with the root as its library prefix, not through binfmt
# in the chroot: there qemu hands the program its own path as an extra first argument
# (Swift reads its arguments from /proc/self/cmdline).
run_panel() {
    if [ -n "$arm64_root" ]; then qemu-aarch64-static -L "$arm64_root" "$stage/panel.unstripped" "$@"; else "$stage/panel.unstripped" "$@"; fi
}
version=$(run_panel --version | awk '{print $2}')
commit=$(run_panel --version | sed -n 's/^panel [^ ]* (\(.*\))$/\1/p')
debversion="$version-1"
# The maintainer: PANEL_MAINTAINER, else the last commit's author.
maintainer="${PANEL_MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || echo "panel developers <panel@invalid>")}"
mkdir -p "$out"
root="$stage/root"
umask 022

# The files.
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/doc/panel" "$root/usr/share/man/man1" "$root/usr/share/man/man5"
in_root strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$inside/root/usr/bin/panel" "$inside/panel.unstripped"
chmod 0755 "$root/usr/bin/panel"
# The unit as install.sh installs it names /usr/local/bin/panel; the package's is /usr/bin.
install -d "$root/usr/lib/systemd/system"
sed -e 's|/usr/local/bin/panel|/usr/bin/panel|g' \
    -e 's|^Documentation=.*|Documentation=man:panel(1) man:panel.yml(5) file:///usr/share/doc/panel/README.md|' \
    -e 's|Installed by scripts/install.sh|Installed by the panel package|' \
    systemd/panel.service > "$root/usr/lib/systemd/system/panel.service"
install -D -m 0644 systemd/panel.sysusers "$root/usr/lib/sysusers.d/panel.conf"
install -D -m 0644 systemd/panel.tmpfiles "$root/usr/lib/tmpfiles.d/panel.conf"
for rule in systemd/*.rules; do
    [ -e "$rule" ] || continue
    install -D -m 0644 "$rule" "$root/usr/lib/udev/rules.d/$(basename "$rule")"
done
# Readable by the panel group only (tmpfiles.d gives it the group): it names programs actions run.
install -D -m 0640 etc/panel.yml "$root/etc/panel/panel.yml"
run_panel help --man 1 | gzip -9n > "$root/usr/share/man/man1/panel.1.gz"
run_panel help --man 5 | gzip -9n > "$root/usr/share/man/man5/panel.yml.5.gz"
install -m 0644 scripts/debian/copyright "$root/usr/share/doc/panel/copyright"
install -m 0644 README.md "$root/usr/share/doc/panel/README.md"
for doc in docs/*.md; do install -m 0644 "$doc" "$root/usr/share/doc/panel/$(basename "$doc")"; done
when=$(git log -1 --format=%at 2>/dev/null || date +%s)
{
    echo "panel ($debversion) unstable; urgency=medium"
    echo
    echo "  * Built by scripts/package.sh from $commit."
    echo
    echo " -- $maintainer  $(date -u -R -d "@$when")"
} | gzip -9n > "$root/usr/share/doc/panel/changelog.Debian.gz"

# The package and version a library needs: its shlibs entry, else the installed version.
# Used for the libraries panel dlopens (not NEEDED, so dpkg-shlibdeps does not see them)
# and to warn about linked ones no package owns. $1 library soname; prints "pkg (>= version)",
# or nothing when no package owns it.
dependency() {
    path=$(in_root ldconfig -p | awk -v lib="$1" '$1 == lib { print $NF; exit }')
    [ -n "$path" ] || return 0
    owner=""
    for candidate in "$path" "$(in_root readlink -f "$path")" "${path#/usr}" "/usr$path"; do
        owner=$(in_root dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1) && [ -n "$owner" ] && break
    done
    [ -n "$owner" ] || return 0
    name=${1%%.so.*} sover=${1#*.so.}
    shlibs=$(ls "$arm64_root"/var/lib/dpkg/info/"$owner".shlibs "$arm64_root"/var/lib/dpkg/info/"$owner":*.shlibs 2>/dev/null | head -n 1)
    entry=""
    [ -z "$shlibs" ] || entry=$(awk -v n="$name" -v v="$sover" '$1 == n && $2 == v { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' "$shlibs")
    if [ -n "$entry" ]; then echo "$entry"; else echo "$owner (>= $(in_root dpkg-query -W -f='${Version}' "$owner" | sed 's/-[^-]*$//'))"; fi
}
# The linked libraries' Depends from dpkg-shlibdeps: the lowest version of each package that
# has every symbol the binary uses (its symbols files), else the package's shlibs entry. It
# wants a source tree's debian/control, so it runs in a scratch one.
shlibdeps="$stage/shlibdeps"
mkdir -p "$shlibdeps/debian"
printf 'Source: panel\n\nPackage: panel\nArchitecture: any\n' > "$shlibdeps/debian/control"
# A release build (the arm64 one too) links only packaged libraries: every one must be known.
if [ "$binary" = .build/static/release/panel ] || [ -n "$arm64_root" ]; then missing=""; else
    missing="--ignore-missing-info"
    for lib in $(in_root objdump -p "$inside/root/usr/bin/panel" | awk '$1 == "NEEDED" { print $2 }'); do
        [ -n "$(dependency "$lib")" ] || echo "package.sh: warning: no package owns $lib; left out of Depends" >&2
    done
fi
depends=$(in_root sh -c 'cd "$1" && shift && exec dpkg-shlibdeps "$@"' sh "$inside/shlibdeps" -O $missing -e "$inside/root/usr/bin/panel" 2>"$stage/shlibdeps.log") || {
    cat "$stage/shlibdeps.log" >&2; echo "package.sh: dpkg-shlibdeps failed on $binary" >&2; exit 1; }
depends=$(printf '%s\n' "${depends#shlibs:Depends=}" | tr ',' '\n' | sed 's/^ *//')
# (deb-systemd-helper, which postinst uses, is in init-system-helpers: essential.)
# dlopened, so not NEEDED: libinput for touches (a panel without touch is no panel),
# libmosquitto only for mqtt:.
libinput=$(dependency libinput.so.10)
mosquitto=$(dependency libmosquitto.so.1)
depends=$(printf '%s\n%s\nsystemd\n' "$depends" "${libinput:-libinput10}" | sed '/^$/d' | sort -u | paste -sd, - | sed 's/,/, /g')
recommends="${mosquitto:-libmosquitto1}"
# dlopened only for font family names in fonts: (files need nothing): a suggestion.
fontconfig=$(dependency libfontconfig.so.1)
suggests="${fontconfig:-libfontconfig1}, fonts-noto-core, fonts-droid-fallback"

# DEBIAN/: control, conffiles, maintainer scripts, md5sums.
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s|@VERSION@|$debversion|" -e "s|@ARCH@|$arch|" -e "s|@MAINTAINER@|$maintainer|" -e "s|@SIZE@|$size|" \
    -e "s|@DEPENDS@|$depends|" -e "s|@RECOMMENDS@|$recommends|" -e "s|@SUGGESTS@|$suggests|" scripts/debian/control.in > "$root/DEBIAN/control"
echo /etc/panel/panel.yml > "$root/DEBIAN/conffiles"
for script in postinst prerm postrm; do install -m 0755 "scripts/debian/$script" "$root/DEBIAN/$script"; done
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | LC_ALL=C sort | xargs md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/md5sums" "$root/DEBIAN/control" "$root/DEBIAN/conffiles"
find "$root" -exec touch -h -d "@$when" {} +

deb="$out/panel_${debversion}_$arch.deb"
if [ -n "$fast" ]; then compression="-Zgzip -z1"; else compression="-Zxz"; fi
SOURCE_DATE_EPOCH=$when dpkg-deb --build --root-owner-group $compression "$root" "$deb" >&2
echo "$deb"
