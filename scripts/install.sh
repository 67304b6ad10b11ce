#!/bin/sh
# Installs panel as a systemd service: the release binary, its manual pages, the unit, the sysusers and
# tmpfiles snippets, the udev rule letting group video set the backlight
# (/etc/udev/rules.d/90-panel-backlight.rules), and a default description (kept if one is
# already there).
# Usage: scripts/install.sh [--mqtt HOST] [--binary FILE] [DESTDIR]   (as root; DESTDIR stages
# into a folder instead of /; --binary installs that build instead of making a release one).
# --mqtt HOST installs the drop-in letting the panel reach that broker only
# (systemd/panel-mqtt.conf), with the password credential when /etc/panel/mqtt-password exists.
set -eu
here=$(pwd)
cd "$(dirname "$0")/.."
mqtt="" binary=""
while [ $# -gt 0 ]; do
    case "$1" in
        --mqtt) mqtt="${2:?--mqtt needs the broker's host name or address}"; shift 2 ;;
        --binary) binary="${2:?--binary needs a file}"; shift 2
                  case "$binary" in /*) ;; *) binary="$here/$binary" ;; esac ;;
        -*) echo "install.sh: unknown option '$1' (see the comment at the top)" >&2; exit 2 ;;
        *) break ;;
    esac
done
dest="${1:-}"
case "$dest" in ""|/*) ;; *) dest="$here/$dest" ;; esac
if [ -z "$binary" ]; then
    swift build -c release
    binary=.build/release/panel
fi
install -D -m 0755 "$binary" "$dest/usr/local/bin/panel"
install -D -m 0644 systemd/panel.service "$dest/etc/systemd/system/panel.service"
install -D -m 0644 systemd/panel.sysusers "$dest/usr/lib/sysusers.d/panel.conf"
install -D -m 0644 systemd/panel.tmpfiles "$dest/usr/lib/tmpfiles.d/panel.conf"
install -D -m 0644 systemd/90-panel-backlight.rules "$dest/etc/udev/rules.d/90-panel-backlight.rules"
install -D -m 0644 README.md "$dest/usr/local/share/doc/panel/README.md"
for doc in docs/*.md; do install -D -m 0644 "$doc" "$dest/usr/local/share/doc/panel/$doc"; done
# panel(1) and panel.yml(5), from the binary's own flag and key tables (man-db looks in
# /usr/local/share/man).
pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT INT TERM
"$binary" help --man 1 | gzip -9n > "$pages/panel.1.gz"
"$binary" help --man 5 | gzip -9n > "$pages/panel.yml.5.gz"
install -D -m 0644 "$pages/panel.1.gz" "$dest/usr/local/share/man/man1/panel.1.gz"
install -D -m 0644 "$pages/panel.yml.5.gz" "$dest/usr/local/share/man/man5/panel.yml.5.gz"
if [ -n "$mqtt" ]; then
    password=""
    if [ -e "$dest/etc/panel/mqtt-password" ]; then
        chmod 0600 "$dest/etc/panel/mqtt-password"
        password=/etc/panel/mqtt-password
    fi
    mkdir -p "$dest/etc/systemd/system/panel.service.d"
    scripts/mqtt-dropin.sh "$mqtt" $password > "$dest/etc/systemd/system/panel.service.d/mqtt.conf"
    chmod 0644 "$dest/etc/systemd/system/panel.service.d/mqtt.conf"
    echo "mqtt: the panel may reach $mqtt; give the same address as 'host:' under 'mqtt:' in /etc/panel/panel.yml"
fi
[ -e "$dest/etc/panel/panel.yml" ] || install -D -m 0640 etc/panel.yml "$dest/etc/panel/panel.yml"
if [ -z "$dest" ]; then
    systemd-sysusers panel.conf
    systemd-tmpfiles --create panel.conf
    # The rule applies to backlights already there too (udev runs it for each "add" again).
    if command -v udevadm > /dev/null; then
        udevadm control --reload-rules
        udevadm trigger --subsystem-match=backlight --action=add
    fi
    systemctl daemon-reload
    echo "installed; start it with: systemctl enable --now panel"
fi
