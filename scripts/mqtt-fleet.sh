#!/bin/sh
# A fleet of panels on one broker: N panel processes (headless, --input none, each its own
# client id and state file) join a mosquitto started here on a free port. Prints how long
# until every discovery config is retained, the latency from a command on each panel's
# wifi/set to its state message (p50/p99 over ROUNDS fan-outs to all N), and each panel's
# peak resident memory. Usage: scripts/mqtt-fleet.sh [N] [ROUNDS]   (default 100 panels, 5 rounds)
# Needs mosquitto (scripts/deps.sh) and a built panel (PANEL=path, default .build/release/panel).
set -eu
cd "$(dirname "$0")/.."
count="${1:-100}"
rounds="${2:-5}"
panel="${PANEL:-.build/release/panel}"
[ -x "$panel" ] || { echo "mqtt-fleet: no $panel; run swift build -c release (or give PANEL=)" >&2; exit 1; }
work=$(mktemp -d /tmp/panel-fleet-XXXXXX)
pids=""
broker=""
cleanup() {
    for pid in $pids; do kill "$pid" 2>/dev/null || true; done
    for pid in $pids; do wait "$pid" 2>/dev/null || true; done
    [ -n "$broker" ] && kill "$broker" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\nmax_connections -1\n' "$port" > "$work/mosquitto.conf"
/usr/sbin/mosquitto -c "$work/mosquitto.conf" > "$work/mosquitto.log" 2>&1 &
broker=$!
sleep 0.5
start=$(date +%s.%N)
i=0
while [ "$i" -lt "$count" ]; do
    id=$(printf 'fleet-%03d' "$i")
    cat > "$work/$id.yml" <<YAML
title: $id
mqtt: {host: 127.0.0.1, port: $port, client_id: $id}
sections:
  - controls:
      - {id: wifi, kind: switch}
      - {id: dark, kind: checkbox}
      - {id: mode, kind: radio, options: [eco, balanced, max], default: eco, must_have_selection: true}
YAML
    "$panel" run --config "$work/$id.yml" --state "$work/$id.json" --display headless:800x480 --input none \
        > "$work/$id.log" 2>&1 &
    pids="$pids $!"
    i=$((i + 1))
done
python3 scripts/mqtt-fleet.py discovery "$port" "$count" 3 60
echo "discovery: all configs retained $(echo "$(date +%s.%N) - $start" | bc) s after the first panel started"
python3 scripts/mqtt-fleet.py fanout "$port" "$count" "$rounds"
rss=$(for pid in $pids; do awk '/VmHWM/ {print $2}' "/proc/$pid/status"; done | sort -n)
echo "peak RSS per panel (VmHWM): median $(echo "$rss" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') kB, max $(echo "$rss" | tail -1) kB, min $(echo "$rss" | head -1) kB"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
