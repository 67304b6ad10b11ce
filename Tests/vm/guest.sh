#!/bin/sh
# Runs inside the VM (see init): for each line "NAME<TAB>PANEL FLAGS[<TAB>PLAYER<TAB>RECORDING<TAB>LINES]"
# of /results/cases, runs `panel --display drm FLAGS` until it shows its final frame, tells
# the host (PANEL-READY on the serial console) to take a screendump, waits for the host's
# answer, stops panel with SIGTERM and keeps its log, exit status, state file and
# `panel outputs` before and after for the host to check.
# Touch cases (PLAYER evemu, record or unplug) also start udevd, run `panel touches` with the
# same flags beside panel, create a uinput touchscreen from Tests/vm/recordings/RECORDING
# once both have libinput running, and play it into the kernel (see touch_case).
# A calibrate case (PLAYER calibrate, RECORDING "PRESSES TAP") runs two commands in sequence:
# `panel calibrate --display drm --write` on a uinput touchscreen fed PRESSES, then panel with
# the description it wrote and TAP played into the same device (see calibrate_case).
set -u
. /results/env    # PANEL=… REPO=…
cd "$REPO"
# Debian's python3 (libinput replay's modules are Debian packages), not one earlier on PATH.
export PATH="/usr/bin:/usr/sbin:/bin:/sbin" PYTHONUNBUFFERED=1
# A player that died must fail its case, not kill this script through a write to its pipe.
trap '' PIPE
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
has_touchscreen() { grep -q "; touchscreen" "$1" && grep -q "; touchscreen" "$2"; }
hit_enter_twice() { [ "$(grep -o 'Hit enter' "$1" | wc -l)" -ge 2 ]; }

# udevd tags the uinput devices so libinput's udev backend takes them; only input and misc
# (/dev/uinput) are triggered: a full coldplug is slow under TCG.
start_udev() {
    [ -e /run/udev/control ] && return
    /lib/systemd/systemd-udevd --daemon --resolve-names=never 2> /results/udevd.log
    udevadm trigger --action=add --subsystem-match=input --subsystem-match=misc
    udevadm settle --timeout=30
}

# touch_case NAME PLAYER RECORDING LINES: panel runs; creates the device, plays, waits until
# `panel touches` (pid $touches_pid) printed LINES lines; the device stays until cleanup.
touch_case() {
    rec="$REPO/Tests/vm/recordings/$3"
    case "$2" in
    record)
        mkfifo "/tmp/$1/enter"
        libinput replay "$rec" < "/tmp/$1/enter" > "$out.device" 2>&1 &
        device_pid=$!
        exec 3> "/tmp/$1/enter"
        # libinput replay starts on Enter: only once libinput has opened the device.
        wait_for 30 has_touchscreen "$out.log" "$out.touches-log" || echo "guest: no device added" >> "$out.log"
        echo >&3
        wait_for 30 hit_enter_twice "$out.device" ;;
    *)
        evemu-device "$rec" > "$out.device" 2>&1 &
        device_pid=$!
        wait_for 30 has_touchscreen "$out.log" "$out.touches-log" || echo "guest: no device added" >> "$out.log"
        evemu-play "$(grep -o '/dev/input/event[0-9]*' "$out.device")" < "$rec" ;;
    esac
    if [ "$2" = unplug ]; then
        # The finger is still down: unplug the device once libinput has reported the touch.
        wait_for 10 grep -q '"down"' "$out.touches"
        sleep 0.3
        kill "$device_pid"
        wait "$device_pid"
    fi
    wait_for 20 test "$(wc -l < "$out.touches")" -ge "$4" || echo "guest: panel touches printed too little" >> "$out.log"
}

# calibrate_case NAME PRESSES: a uinput touchscreen from PRESSES' device, whose udev matrix
# turns it upside down (calibrate must set identity for its run, and the description's matrix
# must win in panel's); `panel calibrate --timeout 3` untouched must give up (status 3), then
# `panel calibrate --display drm --input libinput --write` reads its presses and writes
# /tmp/NAME/panel.yml. The device stays for the tap.
calibrate_case() {
    cp "$REPO/Tests/vm/recordings/calibrate.yaml" "/tmp/$1/panel.yml"
    mkdir -p /etc/udev/rules.d
    echo 'SUBSYSTEM=="input", KERNEL=="event[0-9]*", ENV{LIBINPUT_CALIBRATION_MATRIX}="-1 0 1 0 -1 1"' > /etc/udev/rules.d/99-panel-vm-bias.rules
    start_udev
    evemu-device "$REPO/Tests/vm/recordings/$2" > "$out.device" 2>&1 &
    device_pid=$!
    wait_for 30 grep -q '/dev/input/event' "$out.device"
    # Nobody touches: calibrate gives up after --timeout with status 3.
    "$PANEL" calibrate --display drm --input libinput --timeout 3 > /dev/null 2> "$out.timeout-log" < /dev/null
    echo $? > "$out.timeout-status"
    "$PANEL" calibrate --display drm --input libinput --write "/tmp/$1/panel.yml" --timeout 60 \
        > "$out.calibrate" 2> "$out.calibrate-log" < /dev/null &
    calibrate_pid=$!
    wait_for 60 grep -q "; touchscreen" "$out.calibrate-log" || echo "guest: calibrate saw no touchscreen" >> "$out.calibrate-log"
    udevadm info --query=property --name="$(grep -o '/dev/input/event[0-9]*' "$out.device")" > "$out.udev" 2>&1
    evemu-play "$(grep -o '/dev/input/event[0-9]*' "$out.device")" < "$REPO/Tests/vm/recordings/$2"
    wait "$calibrate_pid"
    echo $? > "$out.calibrate-status"
    cp "/tmp/$1/panel.yml" "$out.panel.yml"
}

tab="$(printf '\t')"
while IFS="$tab" read -r name flags player recording lines; do
    out="/results/$name"
    mkdir -p "/tmp/$name"
    display=drm
    case "$flags" in *--display-options*)  # "--display-options OPTS" becomes --display drm,OPTS
        display="drm,$(echo "$flags" | sed 's/.*--display-options \([^ ]*\).*/\1/')"
        flags="$(echo "$flags" | sed 's/--display-options [^ ]*//')" ;;
    esac
    "$PANEL" outputs > "$out.outputs-before" 2>&1
    touches_pid="" device_pid=""
    if [ "$player" = calibrate ]; then
        calibrate_case "$name" "${recording%% *}"
        flags="$flags --config /tmp/$name/panel.yml"
    elif [ -n "$player" ]; then
        start_udev
        # shellcheck disable=SC2086 # flags are words; `touches` has no --stats or --scale
        "$PANEL" touches $(echo "$flags" | sed 's/--stats//; s/--scale [^ ]*//') --count "$lines" --timeout 30 > "$out.touches" 2> "$out.touches-log" &
        touches_pid=$!
    fi
    # shellcheck disable=SC2086 # flags are words
    "$PANEL" run --display "$display" --state "/tmp/$name/state.json" $flags < /dev/null > "$out.stdout" 2> "$out.log" &
    pid=$!
    if wait_for 120 showing "$out.log" "$pid"; then
        if [ "$player" = calibrate ]; then
            evemu-play "$(grep -o '/dev/input/event[0-9]*' "$out.device")" < "$REPO/Tests/vm/recordings/${recording#* }"
        elif [ -n "$player" ]; then
            touch_case "$name" "$player" "$recording" "$lines"
        fi
        echo "PANEL-READY $name" > /dev/console
        wait_for 60 test -e "$out.shot-taken" || echo "guest: no screendump for $name" >> "$out.log"
    else
        echo "guest: panel did not show its frame within 120 s" >> "$out.log"
    fi
    if [ -n "$player" ]; then
        [ "$player" != record ] || exec 3>&-   # libinput replay ends at end of input
        # shellcheck disable=SC2086 # a calibrate case has no touches_pid: unquoted, it is no word
        kill $device_pid $touches_pid 2>/dev/null
        wait $device_pid $touches_pid 2>/dev/null
    fi
    kill -TERM "$pid" 2>/dev/null
    wait "$pid"
    echo $? > "$out.status"
    cp "/tmp/$name/state.json" "$out.state.json" 2>/dev/null
    "$PANEL" outputs > "$out.outputs-after" 2>&1
    echo "PANEL-DONE $name" > /dev/console
done < /results/cases
