"""Host side of the VM tests (started by run.sh): boots one QEMU per display device,
takes a QMP screendump whenever the guest says panel shows its final frame, and checks
each case against `panel --display headless` run on the host with the same flags.

Touch cases run `panel --input libinput` while the guest plays a recording into a uinput
touchscreen through the real kernel, udev and libinput; their reference is the headless
replay of the same recording (`--input replay:FILE`), and `panel touches --input libinput`
in the guest must print the same events as `panel touches --input replay:FILE` here
(times aside): libinput's coordinate transform against PanelUI's TouchDecoder."""
import argparse
import json
import os
import select
import socket
import subprocess
import sys
import time

from PIL import Image

SCREEN = (800, 480)
DEMO = "--input replay:demo/taps.evemu"
TOUCH = "--input libinput --scale 1"

# One VM per display device; each runs its cases one after another.
VMS = [
    ("virtio-gpu", ["-device", "virtio-gpu-pci,xres=800,yres=480"], [
        ("replay", f"{DEMO} --hold"),
        ("still-r90", "--input none --rotate 90"),
        # One buffer written in place: virtio-gpu shows CPU writes only after DirtyFB.
        ("replay-one-buffer", f"{DEMO} --hold --display-options buffers=1"),
        # scale: auto from the description's physical_size, which DRM and headless both use.
        ("scale-auto", "--input none --config Tests/vm/scale-auto.yaml"),
    ]),
    # Touch cases: (name, flags, player, recording in Tests/vm/recordings). The player is
    # evemu (evemu-device + evemu-play), record (libinput replay) or unplug (evemu, then the
    # device is destroyed with the finger down). Each draws at --scale 1 (TOUCH), the layout
    # the recordings were made on, whatever millimetres the connector reports.
    ("touch", ["-device", "virtio-gpu-pci,xres=800,yres=480"], [
        ("tap", f"{TOUCH}", "evemu", "tap.evemu"),
        ("drag-off", f"{TOUCH}", "evemu", "drag-off.evemu"),
        ("two-finger-tap", f"{TOUCH}", "record", "two-finger-tap.yml"),
        ("protocol-a-drag-off", f"{TOUCH}", "evemu", "protocol-a-drag-off.evemu"),
        # Two protocol-A fingers whose paths cross: slots must follow mtdev's optimal matching.
        ("protocol-a-crossing", f"{TOUCH}", "evemu", "protocol-a-crossing.evemu"),
        ("full-range-r90", f"{TOUCH} --rotate 90", "evemu", "full-range-r90.evemu"),
        ("offset-range-calibrated", f"{TOUCH} --config Tests/vm/recordings/upside-down.yaml", "evemu",
         "offset-range-upside-down.evemu"),
        ("unplug", f"{TOUCH}", "unplug", "unplug.evemu"),
        # A sideways drag sets a slider (80); a vertical drag that starts on it scrolls and leaves it.
        ("slider", f"{TOUCH} --config Tests/vm/recordings/slider.yaml", "evemu", "slider.evemu"),
        # Pages through libinput: opens "Network ›", toggles there, goes back (the slides between).
        ("pages", f"{TOUCH} --config Tests/vm/recordings/pages.yaml", "evemu", "pages.evemu"),
        # --stats: touch to screen, from libinput's event time to the page flip's timestamp.
        ("tap-stats", f"{TOUCH} --stats", "evemu", "tap.evemu"),
    ]),
    # Two commands in sequence (player calibrate, recordings "PRESSES TAP"): `panel calibrate
    # --display drm --write` on a uinput touchscreen with swapped axes (and a udev matrix that
    # would turn it upside down), then panel with the written description and a tap on the
    # lamp row played into the same device.
    ("calibrate", ["-device", "virtio-gpu-pci,xres=800,yres=480"], [
        ("calibrate-swapped", f"{TOUCH}", "calibrate", "calibrate-presses.evemu calibrate-tap.evemu"),
    ]),
    ("bochs", ["-device", "VGA,xres=800,yres=480"], [
        ("replay-r270", f"{DEMO} --hold --rotate 270"),
        # bochs answers DirtyFB with ENOSYS: its writes show at once.
        ("replay-one-buffer-r180", f"{DEMO} --hold --rotate 180 --display-options buffers=1"),
    ]),
]
# systemd as PID 1 in the guest starting systemd/panel.service (Tests/vm/systemd-check.sh).
SYSTEMD_VM = ("systemd", ["-device", "virtio-gpu-pci,xres=800,yres=480"], [("systemd", "")])
VM_TIMEOUT = 240
# Cases drawn at a scale factor: the line both the guest's and the host's panel must log.
SCALED = {"scale-auto": "panel: scale: 1.5 (auto: 800x480 px on 100x60 mm (physical_size)"}
# A touch case's screendump is retaken until it equals the reference (animations settle in
# real time in the guest) for at most this long.
SETTLE_TIMEOUT = 10


def prepare_touch_case(case, flags, player, recording, args):
    """Host-side expectations of a touch case: the recording the headless replay plays, the
    reference screenshot and state, and the `panel touches` lines libinput must match."""
    reference = f"{args.work}/reference-{case}"
    os.makedirs(reference)
    played = f"{args.repo}/Tests/vm/recordings/{recording}"
    if player == "unplug":
        # The replay's stand-in for the unplug: SYN_DROPPED after the last event cancels every
        # touch (TouchDecoder), as libinput's TOUCH_CANCEL does when the device goes away.
        with open(played) as f:
            text = f.read()
        last_time = text.strip().splitlines()[-1].split()[1]
        played = f"{reference}/{recording}"
        with open(played, "w") as f:
            f.write(text + f"E: {last_time} 0000 0003 0\n")
    words = flags.replace("--input libinput", f"--input replay:{played}").split()
    # `panel touches` draws nothing: it has no --scale.
    touch_words = [w for w in " ".join(words).replace("--scale 1", "").split() if w != "--stats"]
    subprocess.run([args.panel, "run", "--display", f"headless:{SCREEN[0]}x{SCREEN[1]}", "--state", f"{reference}/state.json",
                    "--screenshot", f"{reference}/screen.png"] + words,
                   cwd=args.repo, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    touches = subprocess.run([args.panel, "touches"] + touch_words, cwd=args.repo, check=True,
                             capture_output=True, text=True).stdout
    return {"reference": reference, "touches": touches_without_times(touches), "lines": len(touches.splitlines()),
            "pixels": Image.open(f"{reference}/screen.png").convert("RGB").tobytes()}


def prepare_calibrate_case(case, flags, player, recordings, args):
    """Host-side expectations of a calibrate case: `panel calibrate` on the presses replayed
    here, written into a copy of calibrate.yaml; the reference screenshot and state of the tap
    replayed with that copy."""
    reference = f"{args.work}/reference-{case}"
    os.makedirs(reference)
    presses, tap = (f"{args.repo}/Tests/vm/recordings/{name}" for name in recordings.split())
    with open(f"{args.repo}/Tests/vm/recordings/calibrate.yaml") as f, open(f"{reference}/panel.yml", "w") as g:
        g.write(f.read())
    out = subprocess.run([args.panel, "calibrate", "--input", f"replay:{presses}", "--display", f"headless:{SCREEN[0]}x{SCREEN[1]}",
                          "--write", f"{reference}/panel.yml"], cwd=args.repo, check=True, capture_output=True, text=True).stdout
    words = flags.replace("--input libinput", f"--input replay:{tap}").split()
    subprocess.run([args.panel, "run", "--display", f"headless:{SCREEN[0]}x{SCREEN[1]}", "--state", f"{reference}/state.json",
                    "--screenshot", f"{reference}/screen.png", "--config", f"{reference}/panel.yml"] + words,
                   cwd=args.repo, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return {"reference": reference, "calibrate": True, "lines": 0, "matrix": calibration_of(out),
            "pixels": Image.open(f"{reference}/screen.png").convert("RGB").tobytes()}


def calibration_of(text):
    """The six numbers of a `calibration: [a, b, c, d, e, f]` line, or None."""
    for line in text.splitlines():
        if line.startswith("calibration: [") and line.rstrip().endswith("]"):
            return [float(n) for n in line.split("[", 1)[1].rstrip().rstrip("]").split(",")]
    return None


def check_calibrate(base, expected, reference):
    """The guest's `panel calibrate` gave up untouched after --timeout with status 3, then exited
    0 and wrote the matrix the host's replay of the same presses fitted (libinput's float
    matrix aside); the lamp the tap aims at is on."""
    problems = []
    try:
        status = open(f"{base}.calibrate-status").read().strip()
        if status != "0":
            problems.append(f"panel calibrate exited with status {status}")
        matrix = calibration_of(open(f"{base}.panel.yml").read())
        if not matrix or not expected or any(abs(a - b) > 0.002 for a, b in zip(matrix, expected)):
            problems.append(f"panel calibrate wrote {matrix}, the replay fits {expected}")
        timeout_log = open(f"{base}.timeout-log").read()
        if open(f"{base}.timeout-status").read().strip() != "3" or \
                "no touch for 3 s while waiting for point 1 of 4 (top left)" not in timeout_log:
            problems.append(f"panel calibrate --timeout 3 without a touch did not give up with status 3: {timeout_log.strip()}")
        # The bias guest.sh gave the device through udev, which calibrate reads past.
        if "LIBINPUT_CALIBRATION_MATRIX=-1 0 1 0 -1 1" not in open(f"{base}.udev").read():
            problems.append("udev did not give the device guest.sh's upside-down matrix")
        if "ENV{LIBINPUT_CALIBRATION_MATRIX}=" not in open(f"{base}.calibrate").read():
            problems.append("panel calibrate printed no udev rule")
        if json.load(open(f"{reference}/state.json"))["values"].get("lamp") is not True:
            problems.append("the headless reference's tap did not turn the lamp on")
    except (OSError, ValueError) as error:
        problems.append(f"panel calibrate: {error}")
    return problems


def touches_without_times(text):
    events = []
    for line in text.splitlines():
        event = json.loads(line)
        event.pop("time", None)
        events.append(event)
    return events


def differing_pixels(a, b):
    return 0 if a == b else sum(1 for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3])


class QMP:
    def __init__(self, path, deadline):
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        self.file = self.sock.makefile("rw")
        self.file.readline()  # greeting
        self.call("qmp_capabilities")

    def call(self, command, **arguments):
        self.file.write(json.dumps({"execute": command, "arguments": arguments}) + "\n")
        self.file.flush()
        while True:
            reply = json.loads(self.file.readline())
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise RuntimeError(f"QMP {command}: {reply['error']}")


def run_vm(name, device, cases, args, folder, touch, boot=""):
    os.makedirs(folder)
    with open(f"{folder}/cases", "w") as f:
        for case, flags, *played in cases:
            extra = f"\t{played[0]}\t{played[1]}\t{touch[case]['lines']}" if played else ""
            f.write(f"{case}\t{flags}{extra}\n")
    with open(f"{folder}/env", "w") as f:
        f.write(f"PANEL='{args.panel}'\nREPO='{args.repo}'\n" + (f"DEB='{args.deb}'\n" if getattr(args, "deb", None) else ""))
    qmp_path = f"{folder}/qmp.sock"
    command = [
        "qemu-system-x86_64", "-accel", "tcg,thread=multi", "-cpu", "max", "-smp", "2", "-m", "1G",
        "-nodefaults", "-no-user-config", "-display", "none", "-serial", "stdio", "-no-reboot",
        "-bios", "/usr/share/qemu/qboot.rom", "-kernel", args.kernel, "-initrd", args.initrd,
        "-append", f"console=ttyS0 panic=-1 loglevel=4 panel.guest={args.repo}/Tests/vm/guest.sh {boot}".strip(),
        "-fsdev", "local,id=hostroot,path=/,readonly=on,security_model=none,multidevs=remap",
        "-device", "virtio-9p-pci,fsdev=hostroot,mount_tag=hostroot",
        "-fsdev", f"local,id=results,path={folder},security_model=none",
        "-device", "virtio-9p-pci,fsdev=results,mount_tag=results",
        "-qmp", f"unix:{qmp_path},server=on,wait=off",
    ] + device
    start = time.monotonic()
    deadline = start + VM_TIMEOUT
    console = open(f"{folder}/console.log", "w")
    qemu = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    timings = {"last": start}  # the systemd case prints no PANEL-BOOTED
    try:
        qmp = QMP(qmp_path, deadline)
        pending = b""
        while True:
            ready, _, _ = select.select([qemu.stdout], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError(f"{name}: VM still running after {VM_TIMEOUT} s")
            chunk = os.read(qemu.stdout.fileno(), 65536)
            if not chunk:
                break
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for raw in lines:
                line = raw.decode(errors="replace").rstrip("\r")
                console.write(line + "\n")
                console.flush()
                words = line.split()
                if line.startswith("PANEL-BOOTED"):
                    timings["boot"] = time.monotonic() - start
                    timings["last"] = time.monotonic()
                elif line.startswith("PANEL-READY") and len(words) == 2:
                    shot = f"{folder}/{words[1]}.screen.png"
                    qmp.call("screendump", filename=shot, format="png")
                    settle = time.monotonic() + SETTLE_TIMEOUT
                    while words[1] in touch and time.monotonic() < settle and \
                            Image.open(shot).convert("RGB").tobytes() != touch[words[1]]["pixels"]:
                        time.sleep(0.2)
                        qmp.call("screendump", filename=shot, format="png")
                    open(f"{folder}/{words[1]}.shot-taken", "w").close()
                elif line.startswith("PANEL-DONE") and len(words) == 2:
                    timings[words[1]] = time.monotonic() - timings["last"]
                    timings["last"] = time.monotonic()
        qemu.wait(timeout=max(1, deadline - time.monotonic()))
    finally:
        if qemu.poll() is None:
            qemu.kill()
            qemu.wait()
        console.close()
    timings["total"] = time.monotonic() - start
    return timings


def crtc_lines(path):
    """The `crtc …` lines of `panel outputs`: which framebuffer each CRTC scans out."""
    try:
        with open(path) as f:
            return [line.strip() for line in f if line.strip().startswith("crtc ")]
    except OSError:
        return None


def check_case(vm, case, flags, args, folder, touch):
    """Returns a list of problems (empty when the case passed)."""
    problems = []
    base = f"{folder}/{case}"
    try:
        with open(f"{base}.status") as f:
            status = f.read().strip()
    except OSError:
        return ["panel never finished in the guest"]
    if status != "0":
        problems.append(f"panel exited with status {status}")
    if "--stats" in flags.split():
        problems += check_stats(f"{base}.log")
    if case in touch and touch[case].get("calibrate"):
        reference = touch[case]["reference"]
        problems += check_calibrate(base, touch[case]["matrix"], reference)
    elif case in touch:
        reference = touch[case]["reference"]
        try:
            with open(f"{base}.touches") as f:
                seen = touches_without_times(f.read())
            if seen != touch[case]["touches"]:
                problems.append(f"libinput's touches differ from the replay's: {seen} != {touch[case]['touches']}")
        except (OSError, ValueError) as error:
            problems.append(f"panel touches: {error}")
    else:
        reference = f"{args.work}/{vm}-{case}"
        os.makedirs(reference)
        # The demo's `scale: auto` reads the connector's millimetres in the guest (virtio-gpu
        # says 200x120 mm: scale 0.75); the headless screen gets the same size as @DPI.
        display = f"headless:{SCREEN[0]}x{SCREEN[1]}"
        millimetres = connector_millimetres(f"{base}.outputs-before")
        if millimetres:
            display += f"@{SCREEN[0] * 25.4 / millimetres[0]:g}"
        host_flags = [w for w in flags.split() if w != "--hold"]
        if "--display-options" in host_flags:  # DRM-only options: the host draws headless
            at = host_flags.index("--display-options")
            del host_flags[at:at + 2]
        host = subprocess.run([args.panel, "run", "--display", display,
                               "--state", f"{reference}/state.json", "--screenshot", f"{reference}/screen.png"] + host_flags,
                              cwd=args.repo, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if case not in SCALED:
            problems += check_scale(f"{base}.log", f"{base}.outputs-before")
        if case in SCALED:
            guest_log = open(f"{base}.log", errors="replace").read() if os.path.exists(f"{base}.log") else ""
            for who, log in (("the guest's", guest_log), ("the host's", host.stderr)):
                if SCALED[case] not in log:
                    problems.append(f"{who} panel did not log '{SCALED[case]}'")
    try:
        shot = Image.open(f"{base}.screen.png").convert("RGB")
        expected = Image.open(f"{reference}/screen.png").convert("RGB")
        if shot.size != expected.size:
            problems.append(f"screendump is {shot.size}, headless screenshot is {expected.size}")
        else:
            differing = differing_pixels(shot.tobytes(), expected.tobytes())
            if differing:
                problems.append(f"{differing} pixels differ from the headless screenshot")
    except OSError as error:
        problems.append(f"no screendump: {error}")
    try:
        with open(f"{base}.state.json") as f, open(f"{reference}/state.json") as g:
            if json.load(f) != json.load(g):
                problems.append("saved state differs from the headless run's")
    except (OSError, ValueError) as error:
        problems.append(f"state file: {error}")
    before, after = crtc_lines(f"{base}.outputs-before"), crtc_lines(f"{base}.outputs-after")
    if not before:
        problems.append("`panel outputs` listed no CRTC before the run")
    elif before != after:
        problems.append(f"CRTC not restored: before {before}, after {after}")
    return problems


def check_scale(log, outputs):
    """`scale: auto` on DRM reads the connector's millimetres: the panel must have logged the
    scale it took from the connector, and `panel outputs` must name the same one."""
    try:
        with open(log, errors="replace") as f:
            chosen = [line for line in f if "scale: " in line and "(auto:" in line]
        with open(outputs, errors="replace") as f:
            listed = [line.split("scale auto:")[1].split()[0] for line in f if "scale auto:" in line]
    except OSError as error:
        return [f"scale: {error}"]
    if not chosen or "connector" not in chosen[0]:
        return [f"the panel did not take its scale from the connector: {chosen[:1]}"]
    factor = chosen[0].split("scale: ")[1].split()[0]
    if factor not in listed:
        return [f"scale {factor} is not the one `panel outputs` would choose ({listed})"]
    return []


def connector_millimetres(path):
    """The chosen connector's size in millimetres from `panel outputs`, or None (0 mm or no line)."""
    try:
        with open(path) as f:
            for line in f:
                words = line.split()
                if line.strip().startswith("connector ") and "<- chosen" in line and "mm" in words:
                    width, height = (int(n) for n in words[words.index("mm") - 1].split("x"))
                    return (width, height) if width > 0 and height > 0 else None
    except (OSError, ValueError):
        pass
    return None


def check_stats(log):
    """`--stats` logged on exit the touch it saw, timed to its frame's page flip: positive, and
    shorter than the VM ran."""
    try:
        lines = [line for line in open(log) if "touch to screen:" in line]
    except OSError:
        return ["no log"]
    if len(lines) != 1 or "page-flip event" not in lines[0]:
        return [f"--stats logged {lines or 'nothing'}, not one page-flip line"]
    words = lines[0].replace(",", "").split()
    try:
        touches = int(words[words.index("screen:") + 1])
        p50, p99 = float(words[words.index("p50") + 1]), float(words[words.index("p99") + 1])
    except (ValueError, IndexError):
        return [f"--stats line unreadable: {lines[0].strip()}"]
    if touches < 1 or not 0 < p50 <= p99 < VM_TIMEOUT * 1000:
        return [f"--stats figures make no sense: {lines[0].strip()}"]
    return []


def check_systemd(args, folder):
    """The unit under systemd: READY reached, the screen drawn, a value set over the socket,
    `systemctl stop` a clean exit, and the state file saved by the service's user."""
    problems = []
    base = f"{folder}/systemd"

    def properties(name):
        try:
            with open(f"{base}.{name}") as f:
                return dict(line.strip().split("=", 1) for line in f if "=" in line)
        except OSError:
            return {}

    ready, stopped = properties("ready"), properties("stopped")
    if ready.get("ActiveState") != "active" or not ready.get("StatusText", "").startswith("showing 3 controls"):
        problems.append(f"not READY: {ready or 'no systemctl show output'}")
    if stopped.get("ActiveState") != "inactive" or stopped.get("Result") != "success" or stopped.get("ExecMainStatus") != "0":
        problems.append(f"systemctl stop did not end cleanly: {stopped}")
    install = open(f"{base}.install").read() if os.path.exists(f"{base}.install") else ""
    if not install.rstrip().endswith("status 0"):
        problems.append(f"dpkg -i failed: {install.strip()[-300:] or 'no output'}")
    enabled = open(f"{base}.enabled").read().strip() if os.path.exists(f"{base}.enabled") else "not recorded"
    if enabled != "enabled":
        problems.append(f"postinst did not enable panel.service: is-enabled says {enabled}")
    removed = properties("removed")
    remove_log = open(f"{base}.remove").read() if os.path.exists(f"{base}.remove") else ""
    if not remove_log.rstrip().endswith("status 0"):
        problems.append(f"dpkg -r failed: {remove_log.strip()[-300:] or 'no output'}")
    expected = {"ActiveState": "inactive", "Package": "deinstall ok config-files", "Binary": "removed", "State": "kept"}
    if any(removed.get(key) != value for key, value in expected.items()):
        problems.append(f"after dpkg -r (the unit running): {removed or 'nothing recorded'}, expected {expected}")
    reference = f"{args.work}/systemd-reference"
    os.makedirs(reference)
    # QEMU's virtio-gpu connector reports 200x120 mm (`panel outputs` in the other VMs): the
    # unit's panel draws at the scale auto takes from it, 0.75, and so does this reference.
    subprocess.run([args.panel, "run", "--config", "etc/panel.yml", "--display", f"headless:{SCREEN[0]}x{SCREEN[1]}@{SCREEN[0] * 25.4 / 200:g}",
                    "--state", f"{reference}/state.json", "--screenshot", f"{reference}/screen.png"],
                   cwd=args.repo, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        shot = Image.open(f"{base}.screen.png").convert("RGB").tobytes()
        expected = Image.open(f"{reference}/screen.png").convert("RGB").tobytes()
        if shot != expected:
            problems.append("screendump differs from the headless screenshot")
    except OSError as error:
        problems.append(f"no screendump: {error}")
    try:
        with open(f"{base}.state.json") as f:
            values = json.load(f)["values"]
        if values != {"wifi": True, "night": True, "mode": "balanced"}:
            problems.append(f"state file holds {values}")
    except (OSError, ValueError, KeyError) as error:
        problems.append(f"state file: {error}")
    try:
        getty = open(f"{base}.getty").read().strip()
        if getty not in ("active", "activating"):
            problems.append(f"getty@tty1 is {getty} after panel stopped: tty1 not given back")
    except OSError:
        problems.append("getty@tty1's state after the stop not recorded")
    try:
        udev = open(f"{base}.udev").read()
        rule = "/usr/lib/udev/rules.d/90-panel-backlight.rules"  # where the package puts it
        if f"Reading rules file: {rule}" not in udev:
            problems.append("udevadm did not read the installed backlight rule")
        problems += [f"backlight rule: {line.strip()}" for line in udev.splitlines() if line.startswith(rule + ":")]
    except OSError:
        problems.append("no udevadm test output recorded")
    try:
        owner = open(f"{base}.state-owner").read().strip()
        if not owner.startswith("panel panel"):
            problems.append(f"state file owned by {owner}, not the panel user")
    except OSError:
        problems.append("no state file owner recorded")
    return problems


def run_systemd_case(args):
    """Boots the systemd VM and prints its PASS/FAIL line; returns True when it passed."""
    name, device, cases = SYSTEMD_VM
    folder = f"{args.work}/{name}"
    try:
        # The package of the tree and binary under test (gzip -1: the rig's time is the VM's).
        built = subprocess.run([f"{args.repo}/scripts/package.sh", "--binary", args.panel, "--fast", "--out", args.work],
                               capture_output=True, text=True)
        if built.returncode != 0:
            raise RuntimeError(f"scripts/package.sh failed: {built.stderr.strip()[-500:]}")
        args.deb = built.stdout.strip().split("\n")[-1]
        timings = run_vm(name, device, cases, args, folder, {}, boot="panel.systemd=1 systemd.unit=panel-vm.target")
        problems = check_systemd(args, folder)
    except Exception as error:
        timings, problems = {}, [str(error)]
    took = f"{timings['total']:.1f} s" if "total" in timings else "?"
    if problems:
        print(f"vm: FAIL systemd/panel.service ({took}): " + "; ".join(problems))
        for extra in ("panel.log", "check.log", "systemd.ctl", "systemd.install", "systemd.remove", "console.log"):
            if os.path.exists(f"{folder}/{extra}"):
                print(f"---- {folder}/{extra}")
                print("".join(open(f"{folder}/{extra}", errors="replace").readlines()[-40:]), end="")
        return False
    print(f"vm: PASS systemd/panel.service ({took} whole VM; READY, screen, ctl set, systemctl stop, tty1 back to getty, state saved, udev rule parsed; installed by dpkg -i, enabled, dpkg -r stopped it and kept the state)")
    return True


def main():
    parser = argparse.ArgumentParser()
    for option in ("kernel", "initrd", "panel", "repo", "work"):
        parser.add_argument(f"--{option}", required=True)
    args = parser.parse_args()
    started = time.monotonic()
    passed = failed = 0
    # PANEL_VM_ONLY=systemd runs just that VM (the others by their device names), for quick iterations.
    only = os.environ.get("PANEL_VM_ONLY")
    for vm, device, cases in VMS:
        if only and only != vm:
            continue
        folder = f"{args.work}/{vm}"
        touch = {case: (prepare_calibrate_case if played[0] == "calibrate" else prepare_touch_case)(case, flags, *played, args)
                 for case, flags, *played in cases if played}
        try:
            timings = run_vm(vm, device, cases, args, folder, touch)
        except Exception as error:  # a VM that never finished fails all its cases
            timings = {"error": str(error)}
        for case, flags, *_ in cases:
            problems = check_case(vm, case, flags, args, folder, touch)
            if "error" in timings:
                problems.insert(0, timings["error"])
            seconds = timings.get(case)
            took = f"{seconds:.1f} s" if seconds is not None else "?"
            log = f"{folder}/{case}.log"
            # The display path panel logged: page flips, or one buffer with or without DirtyFB.
            path = "; ".join(line.strip().removeprefix("panel: display: ") for line in open(log)
                             if "flip" in line or "DirtyFB" in line) if os.path.exists(log) else ""
            if problems:
                failed += 1
                print(f"vm: FAIL {vm}/{case} ({took}): " + "; ".join(problems))
                for extra in (log, f"{folder}/{case}.touches-log", f"{folder}/{case}.calibrate-log", f"{folder}/{case}.device",
                              f"{folder}/console.log"):
                    if os.path.exists(extra):
                        print(f"---- {extra}")
                        print("".join(open(extra).readlines()[-40:]), end="")
            else:
                passed += 1
                print(f"vm: PASS {vm}/{case} ({took}; {path})")
        if "boot" in timings:
            print(f"vm: {vm} booted to the guest script in {timings['boot']:.1f} s, whole VM {timings['total']:.1f} s")
    if not only or only == SYSTEMD_VM[0]:
        if run_systemd_case(args):
            passed += 1
        else:
            failed += 1
    print(f"vm tests took {time.monotonic() - started:.0f} s")
    # The plain closing line CI reads: cases of the real-kernel rig.
    print(f"vm: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
