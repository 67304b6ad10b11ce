#!/bin/sh
# Installs panel as a systemd service: the release binary, the unit, the sysusers and
# tmpfiles snippets, the udev rule letting group video set the backlight
# (/etc/udev/rules.d/90-panel-backlight.rules), and a default description (kept if one is
# already there).
# Usage: scripts/install.sh [--mqtt HOST] [DESTDIR]   (as root; DESTDIR stages into a folder
# instead of /). --mqtt HOST installs the drop-in letting the panel reach that broker only
# (systemd/panel-mqtt.conf), with the password credential when /etc/panel/mqtt-password exists.
set -eu
cd "$(dirname "$0")/.."
mqtt=""
if [ "${1:-}" = "--mqtt" ]; then
    mqtt="${2:?--mqtt needs the broker's host name or address}"
    shift 2
fi
dest="${1:-}"
scripts/build-info.sh swift build -c release    # panel --version names the commit
install -D -m 0755 .build/release/panel "$dest/usr/local/bin/panel"
install -D -m 0644 systemd/panel.service "$dest/etc/systemd/system/panel.service"
install -D -m 0644 systemd/panel.sysusers "$dest/usr/lib/sysusers.d/panel.conf"
install -D -m 0644 systemd/panel.tmpfiles "$dest/usr/lib/tmpfiles.d/panel.conf"
install -D -m 0644 systemd/90-panel-backlight.rules "$dest/etc/udev/rules.d/90-panel-backlight.rules"
install -D -m 0644 README.md "$dest/usr/local/share/doc/panel/README.md"
for doc in docs/*.md; do install -D -m 0644 "$doc" "$dest/usr/local/share/doc/panel/$doc"; done
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
