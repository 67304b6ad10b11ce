#!/bin/sh
# Runs inside the VM (see init): for each line "NAME<TAB>PANEL FLAGS" of /results/cases,
# runs `panel --display drm FLAGS` until it shows its final frame, tells the host
# (PANEL-READY on the serial console) to take a screendump, waits for the host's answer,
# stops panel with SIGTERM and keeps its log, exit status, state file and `panel outputs`
# before and after for the host to check.
set -u
. /results/env    # PANEL=… REPO=…
cd "$REPO"
echo "PANEL-BOOTED $(cut -d' ' -f1 /proc/uptime)" > /dev/console

wait_for() {  # wait_for SECONDS COMMAND…: polls every 0.1 s
    deadline=$(( $1 * 10 )); shift
    while ! "$@"; do
        deadline=$((deadline - 1))
        [ "$deadline" -gt 0 ] || return 1
        sleep 0.1
    done
}
showing() { grep -q "stop with SIGTERM" "$1" || ! kill -0 "$2" 2>/dev/null; }

tab="$(printf '\t')"
while IFS="$tab" read -r name flags; do
    out="/results/$name"
    mkdir -p "/tmp/$name"
    display=drm
    case "$flags" in *--display-options*)  # "--display-options OPTS" becomes --display drm,OPTS
        display="drm,$(echo "$flags" | sed 's/.*--display-options \([^ ]*\).*/\1/')"
        flags="$(echo "$flags" | sed 's/--display-options [^ ]*//')" ;;
    esac
    "$PANEL" outputs > "$out.outputs-before" 2>&1
    # shellcheck disable=SC2086 # flags are words
    "$PANEL" run --display "$display" --state "/tmp/$name/state.json" $flags < /dev/null > "$out.stdout" 2> "$out.log" &
    pid=$!
    if wait_for 120 showing "$out.log" "$pid"; then
        echo "PANEL-READY $name" > /dev/console
        wait_for 60 test -e "$out.shot-taken" || echo "guest: no screendump for $name" >> "$out.log"
    else
        echo "guest: panel did not show its frame within 120 s" >> "$out.log"
    fi
    kill -TERM "$pid" 2>/dev/null
    wait "$pid"
    echo $? > "$out.status"
    cp "/tmp/$name/state.json" "$out.state.json" 2>/dev/null
    "$PANEL" outputs > "$out.outputs-after" 2>&1
    echo "PANEL-DONE $name" > /dev/console
done < /results/cases
