#!/usr/bin/env python3
"""Writes the recordings `panel calibrate --input replay:FILE` is tested with (Tests/calibration/*.evemu).

Each is a real touchscreen's device description from ../shared/recordings (copies of
whot/evemu-devices, MIT; see SOURCES.md there) followed by a press at each crosshair that
`panel calibrate` draws on an 800x480 screen (top left, top right, bottom right, bottom left,
centre; 10 % in from the corners, at the given rotation), as a device mounted some wrong way
reports them: axes swapped, inverted, offset, scaled, turned 90 degrees, skewed. A press is a
finger down and six samples 12 ms apart, each off by up to a pixel (a real finger wobbles),
then up; presses are 0.8 s apart.
The test (Tests/panelTests/Calibrate) knows each model too: the names and matrices below.
It also writes the two recordings of the VM's calibrate case into Tests/vm/recordings.
Usage: make-recordings.py SHARED_RECORDINGS_DIR   (writes next to this script)
"""
import os
import random
import sys

shared = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
SYN, KEY, ABS = 0, 1, 3
BTN_TOUCH = 0x14a
ABS_X, ABS_Y, MT_SLOT, MT_X, MT_Y, MT_ID = 0x00, 0x01, 0x2f, 0x35, 0x36, 0x39
SCREEN = (800, 480)

# Each model: where the device puts a finger at screen point (x, y) (both normalised 0..1).
MODELS = {
    "swapped": lambda x, y: (y, x),
    "inverted": lambda x, y: (1 - x, y),
    "offset": lambda x, y: (x + 0.04, y - 0.03),
    "scaled": lambda x, y: (0.25 + 0.5 * x, 0.1 + 0.8 * y),
    "mount90": lambda x, y: (y, 1 - x),
    "skew": lambda x, y: (0.02 + 0.9 * x + 0.08 * y, 0.05 + 0.05 * x + 0.85 * y),
}

DEVICES = {
    "atmel": "atmel-maxtouch-i2c-1finger-fast-taps.evemu",
    "irtouch": "irtouch-infrared-no-btn-touch.desc.evemu",
    "wacom": "wacom-isdv4-e6-finger.desc.evemu",
    "elan": "elan-cando-win7.desc.evemu",
    "quanta": "quanta-opticaltouchscreen.desc.evemu",
    "ep0430": "ep0430m09-i2c-2finger-scroll-down.evemu",
}


def description(name):
    """The N/I/P/B/A lines of a shared recording, and its X/Y ranges."""
    lines, axes = [], {}
    for line in open(os.path.join(shared, name)):
        if line[:2] in ("N:", "I:", "P:", "B:"):
            lines.append(line.rstrip("\n"))
        elif line.startswith("A:"):
            fields = line.split()
            if len(fields) == 6:  # pre-1.1 evemu: no resolution; written as 0 for the 1.3 header
                fields.append("0")
            axes[int(fields[1], 16)] = (int(fields[2]), int(fields[3]))
            lines.append(" ".join(fields))
    return lines, axes[MT_X], axes[MT_Y]


def targets(rotation):
    """The crosshairs' centres on the unrotated screen, as CalibrationTargets computes them."""
    sw, sh = SCREEN
    w, h = (sh, sw) if rotation in (90, 270) else (sw, sh)
    left, top = int(w * 0.1), int(h * 0.1)
    pixels = [(left, top), (w - 1 - left, top), (w - 1 - left, h - 1 - top), (left, h - 1 - top), (w // 2, h // 2)]
    out = []
    for px, py in pixels:
        x, y = px + 0.5, py + 0.5
        if rotation == 90:
            x, y = h - y, x
        elif rotation == 180:
            x, y = w - x, h - y
        elif rotation == 270:
            x, y = y, w - x
        out.append((x, y))
    return out


class Recording:
    def __init__(self, device, model, seed):
        self.desc, self.xr, self.yr = description(DEVICES[device])
        self.source = DEVICES[device]
        self.model = MODELS[model]
        self.random = random.Random(seed)
        self.events = [(0.0, SYN, 0, 0)]  # the empty first frame (libinput replay drops it)
        self.t = 0.5
        self.tracking = 100

    def raw(self, sx, sy):
        """Device units for screen pixel (sx, sy) through the model."""
        u, v = self.model(sx / SCREEN[0], sy / SCREEN[1])
        (x0, x1), (y0, y1) = self.xr, self.yr
        return round(x0 + u * (x1 - x0 + 1)), round(y0 + v * (y1 - y0 + 1))

    def ev(self, typ, code, value):
        self.events.append((self.t, typ, code, value))

    def sample(self, sx, sy, first=False):
        x, y = self.raw(sx + self.random.uniform(-1, 1), sy + self.random.uniform(-1, 1))
        self.ev(ABS, MT_SLOT, 0)
        if first:
            self.ev(ABS, MT_ID, self.tracking)
            self.tracking += 1
        self.ev(ABS, MT_X, x)
        self.ev(ABS, MT_Y, y)
        if first:
            self.ev(KEY, BTN_TOUCH, 1)
        self.ev(ABS, ABS_X, x)
        self.ev(ABS, ABS_Y, y)
        self.ev(SYN, 0, 0)

    def press(self, point, slide=(0, 0), samples=7):
        """Down at `point` (screen pixels), moving by `slide` pixels over the press, up."""
        for i in range(samples):
            f = i / (samples - 1)
            self.sample(point[0] + slide[0] * f, point[1] + slide[1] * f, first=(i == 0))
            self.t += 0.012
        self.ev(ABS, MT_SLOT, 0)
        self.ev(ABS, MT_ID, -1)
        self.ev(KEY, BTN_TOUCH, 0)
        self.ev(SYN, 0, 0)
        self.t = round(self.t + 0.8, 6)

    def write(self, name, comment, folder=here):
        with open(os.path.join(folder, name), "w") as f:
            f.write("# EVEMU 1.3\n")
            f.write(f"# {comment}\n# Device description from ../shared/recordings/{self.source} (whot/evemu-devices, MIT);\n")
            f.write("# presses written by Tests/calibration/make-recordings.py.\n")
            f.write("\n".join(self.desc) + "\n")
            for t, typ, code, value in self.events:
                f.write(f"E: {int(t)}.{round((t % 1) * 1e6):06d} {typ:04x} {code:04x} {value}\n")


def all_presses(device, model, rotation, seed):
    r = Recording(device, model, seed)
    for point in targets(rotation):
        r.press(point)
    return r


all_presses("irtouch", "swapped", 0, 1).write("swapped.evemu", "Axes swapped: the device's X runs down the screen.")
all_presses("atmel", "inverted", 0, 2).write("inverted.evemu", "X inverted: the device's X runs right to left.")
all_presses("wacom", "offset", 0, 3).write("offset.evemu", "Offset: 4 % right and 3 % up of where the finger is.")
all_presses("elan", "scaled", 0, 4).write("scaled.evemu", "Scaled: the screen covers half the device's X range and 80 % of its Y range.")
all_presses("atmel", "mount90", 0, 5).write("mount90.evemu", "The touch panel glued on turned 90 degrees.")
all_presses("atmel", "mount90", 90, 7).write("mount90-r90.evemu", "The touch panel glued on turned 90 degrees, calibrated at --rotate 90.")
for rotation in (0, 90, 180, 270):
    all_presses("quanta", "skew", rotation, 6 + rotation).write(
        f"skew-r{rotation}.evemu", f"Skewed and scaled, calibrated at --rotate {rotation}.")

# Point 2's first press slides 30 px (a slipped finger), then it is pressed again properly.
r = Recording("irtouch", "swapped", 20)
points = targets(0)
r.press(points[0])
r.press(points[1], slide=(-30, 12))
for point in points[1:]:
    r.press(point)
r.write("slipped.evemu", "Swapped axes; point 2's first press slides 32 px and is pressed again.")

# Point 4 is first pressed 60 px off its crosshair, steadily: it disagrees with the other three.
r = Recording("ep0430", "inverted", 21)
r.press(points[0])
r.press(points[1])
r.press(points[2])
r.press((points[3][0] + 60, points[3][1] - 20))
r.press(points[3])
r.press(points[4])
r.write("disagrees.evemu", "X inverted; point 4 is pressed 63 px off first, then on its crosshair.")

# Only the first two corners: a recording that ends too early.
r = Recording("atmel", "swapped", 22)
r.press(points[0])
r.press(points[1])
r.write("two-corners.evemu", "Swapped axes, but only the first two corners are pressed.")

# The VM's calibrate case (Tests/vm/rig.py): the Atmel with swapped axes pressed at the five
# crosshairs, then one tap on the lamp row of Tests/vm/recordings/calibrate.yaml (`panel layout
# --config Tests/vm/recordings/calibrate.yaml --scale 1`: y 144..207 at 800x480), both played
# into one uinput device, so the description's matrix must take the finger to the lamp.
vm = os.path.join(here, "..", "vm", "recordings")
r = Recording("atmel", "swapped", 30)
for point in points:
    r.press(point)
r.write("calibrate-presses.evemu", "Swapped axes: presses at panel calibrate's crosshairs at 800x480 (the VM's calibrate case).", vm)
r = Recording("atmel", "swapped", 31)
r.press((400.5, 176.5))
r.write("calibrate-tap.evemu", "Swapped axes: a tap on the lamp row of calibrate.yaml, once calibrated.", vm)
