#!/bin/sh
# Runs in the VM booted with systemd as PID 1 (panel-vm-check.service): waits until
# panel.service is active (Type=notify: only after READY=1), records what systemd says,
# asks the host for a screendump, changes a value over the control socket, stops the
# unit, and keeps the state file and the unit's final state for the host to check; then
# starts it again and removes the package with dpkg -r, which must stop it and keep the
# state folder.
out=/results/systemd
# The backlight rule as installed: udevadm reads every rules file for a device that exists
# (this udev has no `udevadm verify`) and names a line it can't parse. The VM has no
# backlight device, so the rule's RUN+= is not run here.
udevadm test --action=add /sys/class/drm/card0 > "$out.udev" 2>&1
show() { systemctl show -p ActiveState -p SubState -p StatusText -p Result -p ExecMainStatus panel.service; }
i=0
while [ "$(systemctl show -P ActiveState panel.service)" != active ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
show > "$out.ready"
echo "PANEL-READY systemd" > /dev/console
i=0
while [ ! -e "$out.shot-taken" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
/usr/bin/panel ctl get > "$out.ctl" 2>&1
/usr/bin/panel ctl set night true >> "$out.ctl" 2>&1
systemctl stop panel.service
show > "$out.stopped"
# ExecStopPost gives tty1 back to the console (--no-block: wait for the job a little).
i=0
while [ "$(systemctl show -P ActiveState getty@tty1.service)" = inactive ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
systemctl show -P ActiveState getty@tty1.service > "$out.getty"
cp /var/lib/panel/state.json "$out.state.json" 2>> "$out.ctl"
stat -c '%U %G %a' /var/lib/panel/state.json > "$out.state-owner" 2>&1
systemctl is-enabled panel.service > "$out.enabled" 2>&1
systemctl start panel.service
i=0
while [ "$(systemctl show -P ActiveState panel.service)" != active ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
# --no-triggers: man-db's index rebuild takes a minute under TCG.
dpkg -r --no-triggers panel > "$out.remove" 2>&1
echo "status $?" >> "$out.remove"
{
    echo "ActiveState=$(systemctl show -P ActiveState panel.service)"
    echo "Package=$(dpkg-query -W -f='${Status}' panel 2>&1)"
    echo "Binary=$(test -e /usr/bin/panel && echo kept || echo removed)"
    echo "State=$(test -s /var/lib/panel/state.json && echo kept || echo removed)"
} > "$out.removed"
echo "PANEL-DONE systemd" > /dev/console
sync
echo o > /proc/sysrq-trigger
