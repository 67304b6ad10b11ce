#!/bin/sh
# Prints panel.service's MQTT drop-in (systemd/panel-mqtt.conf) for broker HOST: its
# addresses in IPAddressAllow=, and LoadCredential= when a password file is given.
# Usage: scripts/mqtt-dropin.sh HOST [PASSWORD_FILE]   (used by scripts/install.sh --mqtt)
set -eu
cd "$(dirname "$0")/.."
host="${1:?usage: scripts/mqtt-dropin.sh HOST [PASSWORD_FILE]}"
case "$host" in
    *[!0-9A-Za-z.:-]*) echo "mqtt-dropin: '$host' is not a host name or address" >&2; exit 2 ;;
esac
# An address is taken as written; a name is looked up now (the sandboxed panel can't).
if printf '%s' "$host" | grep -Eq '^[0-9.]+$|:'; then
    addresses="$host"
else
    addresses=$(getent ahosts "$host" | awk '{print $1}' | sort -u | tr '\n' ' ' | sed 's/ $//')
    [ -n "$addresses" ] || { echo "mqtt-dropin: cannot resolve '$host'" >&2; exit 1; }
fi
sed "s|@BROKER@|$addresses|" systemd/panel-mqtt.conf
if [ -n "${2:-}" ]; then
    echo "LoadCredential=mqtt-password:$2"
fi
