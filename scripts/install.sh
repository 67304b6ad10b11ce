#!/bin/sh
# Installs panel as a systemd service: the release binary, the unit, the sysusers and
# tmpfiles snippets, and a default description (kept if one is already there).
# Usage: scripts/install.sh [DESTDIR]   (as root; DESTDIR stages into a folder instead of /).
set -eu
cd "$(dirname "$0")/.."
dest="${1:-}"
swift build -c release
install -D -m 0755 .build/release/panel "$dest/usr/local/bin/panel"
install -D -m 0644 systemd/panel.service "$dest/etc/systemd/system/panel.service"
install -D -m 0644 systemd/panel.sysusers "$dest/usr/lib/sysusers.d/panel.conf"
install -D -m 0644 systemd/panel.tmpfiles "$dest/usr/lib/tmpfiles.d/panel.conf"
install -D -m 0644 README.md "$dest/usr/local/share/doc/panel/README.md"
[ -e "$dest/etc/panel/panel.yml" ] || install -D -m 0640 etc/panel.yml "$dest/etc/panel/panel.yml"
if [ -z "$dest" ]; then
    systemd-sysusers panel.conf
    systemd-tmpfiles --create panel.conf
    systemctl daemon-reload
    echo "installed; start it with: systemctl enable --now panel"
fi
