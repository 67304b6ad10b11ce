#!/usr/bin/env python3
"""Writes the VM tests' touch recordings (Tests/vm/recordings/*.evemu, *.yml).

Each is a real touchscreen's device description from ../shared/recordings (copies of
whot/evemu-devices, MIT; see SOURCES.md there) followed by short synthesised gestures on
the bundled demo panel at 800x480, so a VM case replays in a second or two. Every
recording starts with an empty frame (`libinput replay` drops the first one).
Usage: make-recordings.py SHARED_RECORDINGS_DIR   (writes next to this script)
"""
import os
import sys

shared = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
SYN, KEY, ABS = 0, 1, 3
SYN_REPORT, SYN_MT_REPORT = 0, 2
BTN_TOUCH = 0x14a
BTN_TOOL_DOUBLETAP = 0x14d
ABS_X, ABS_Y, MT_SLOT, MT_X, MT_Y, MT_ID = 0x00, 0x01, 0x2f, 0x35, 0x36, 0x39
MT_TOUCH_MAJOR, MT_TOUCH_MINOR, MT_ORIENTATION = 0x30, 0x31, 0x34


def description(name, replace=None):
    """The N/I/P/B/A lines of a shared recording, with `replace` {axis: (min, max)}."""
    lines = []
    for line in open(os.path.join(shared, name)):
        if line[:2] in ("N:", "I:", "P:", "B:"):
            lines.append(line.rstrip("\n"))
        elif line.startswith("A:"):
            fields = line.split()
            axis = int(fields[1], 16)
            if replace and axis in replace:
                fields[2:4] = [str(v) for v in replace[axis]]
            if len(fields) == 6:  # pre-1.1 evemu: no resolution; written as 0 for the 1.3 header
                fields.append("0")
            lines.append(" ".join(fields))
    return lines


class Gesture:
    def __init__(self):
        self.events = [(0.0, SYN, SYN_REPORT, 0)]  # the empty first frame
        self.tracking_id = 10

    def ev(self, t, typ, code, value):
        self.events.append((t, typ, code, value))

    def frame(self, t):
        self.ev(t, SYN, SYN_REPORT, 0)

    def slotted(self, t, fingers, btn_touch=True):
        """Protocol B: `fingers` is {slot: (x, y) or None (lifted)} for one frame."""
        for slot, position in sorted(fingers.items()):
            self.ev(t, ABS, MT_SLOT, slot)
            if position is None:
                self.ev(t, ABS, MT_ID, -1)
                continue
            if position[2]:  # new contact
                self.ev(t, ABS, MT_ID, self.tracking_id)
                self.tracking_id += 1
            self.ev(t, ABS, MT_X, position[0])
            self.ev(t, ABS, MT_Y, position[1])
        down = [p for p in fingers.values() if p is not None]
        if btn_touch and any(p[2] for p in down):
            self.ev(t, KEY, BTN_TOUCH, 1)
        if btn_touch and not down:
            self.ev(t, KEY, BTN_TOUCH, 0)
        if down:
            self.ev(t, ABS, ABS_X, down[0][0])
            self.ev(t, ABS, ABS_Y, down[0][1])
        self.frame(t)

    def stroke(self, t, points, step=0.012, lift=True, btn_touch=True):
        """One finger on slot 0 along `points`, a frame every `step` seconds."""
        self.slotted(t, {0: (*points[0], True)}, btn_touch)
        for x, y in points[1:]:
            t += step
            self.slotted(t, {0: (x, y, False)}, btn_touch)
        if lift:
            self.slotted(t + step, {0: None}, btn_touch)

    def protocol_a(self, t, frames):
        """Protocol A the way the real N-Trig sends it (its recordings in ../shared/recordings):
        every frame lists each contact's ABS_MT_POSITION_X/Y, ORIENTATION, TOUCH_MAJOR and
        TOUCH_MINOR, then SYN_MT_REPORT; ABS_X/ABS_Y follow the first contact listed, only when
        they changed (the kernel drops repeats); BTN_TOOL_DOUBLETAP and BTN_TOUCH in the first
        frame; the lift is BTN_TOOL_DOUBLETAP 0, BTN_TOUCH 0 and no SYN_MT_REPORT.
        TOUCH_MAJOR matters: mtdev (libinput's protocol A path) counts a contact as a touch
        only where it is not 0, and reads an uninitialised value where a contact has none.
        `frames` is [(dt, [(x, y, major, minor, orientation), …])], dt from the first frame."""
        last = (None, None)
        for i, (dt, contacts) in enumerate(frames):
            at = t + dt
            x, y = contacts[0][:2]
            if x != last[0]:
                self.ev(at, ABS, ABS_X, x)
            if y != last[1]:
                self.ev(at, ABS, ABS_Y, y)
            last = (x, y)
            for x, y, major, minor, orientation in contacts:
                for code, value in ((MT_X, x), (MT_Y, y), (MT_ORIENTATION, orientation), (MT_TOUCH_MAJOR, major),
                                    (MT_TOUCH_MINOR, minor)):
                    self.ev(at, ABS, code, value)
                self.ev(at, SYN, SYN_MT_REPORT, 0)
            if i == 0:
                self.ev(at, KEY, BTN_TOOL_DOUBLETAP, 1)
                self.ev(at, KEY, BTN_TOUCH, 1)
            self.frame(at)
        at = t + frames[-1][0] + 0.06
        self.ev(at, KEY, BTN_TOOL_DOUBLETAP, 0)
        self.ev(at, KEY, BTN_TOUCH, 0)
        self.frame(at)


def real_protocol_a_frames(name, first, count):
    """Frames `first` to `first + count - 1` of a real protocol-A recording, as
    [(seconds from the first of them, [(x, y, major, minor, orientation) of each contact
    in the order the device listed them])]."""
    frames, contacts, current = [], [], {}
    for line in open(os.path.join(shared, name)):
        if not line.startswith("E:"):
            continue
        _, t, typ, code, value = line.split()
        t, typ, code, value = float(t), int(typ, 16), int(code, 16), int(value)
        if (typ, code) == (SYN, SYN_MT_REPORT):
            contacts.append((current[MT_X], current[MT_Y], current[MT_TOUCH_MAJOR], current[MT_TOUCH_MINOR],
                             current[MT_ORIENTATION]))
            current = {}
        elif (typ, code) == (SYN, SYN_REPORT):
            if contacts:
                frames.append((t, contacts))
            contacts = []
        elif typ == ABS:
            current[code] = value
    frames = frames[first:first + count]
    return [(round(t - frames[0][0], 6), contacts) for t, contacts in frames]


def tap_points(x, y):
    return [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]


def write_evemu(name, source, comment, desc, gesture):
    with open(os.path.join(here, name), "w") as f:
        f.write("# EVEMU 1.3\n")
        f.write(f"# {comment}\n# Device description from ../shared/recordings/{source} (whot/evemu-devices, MIT).\n")
        f.write("\n".join(desc) + "\n")
        for t, typ, code, value in gesture.events:
            f.write(f"E: {int(t)}.{round((t % 1) * 1e6):06d} {typ:04x} {code:04x} {value}\n")


def write_libinput_record(name, source, comment, desc, gesture):
    """The same description as `libinput record` YAML (for `libinput replay`)."""
    dev_name = next(l[3:] for l in desc if l.startswith("N:"))
    ids = [int(v, 16) for v in next(l for l in desc if l.startswith("I:")).split()[1:]]
    masks = {}
    for line in desc:
        if line.startswith("B:"):
            fields = line.split()
            masks.setdefault(int(fields[1], 16), []).extend(int(b, 16) for b in fields[2:])
    codes = {}
    for typ in (t for t in range(32) if masks[0][t // 8] >> (t % 8) & 1):
        bits = masks.get(typ, [])
        codes[typ] = [c for c in range(len(bits) * 8) if bits[c // 8] >> (c % 8) & 1]
    codes[0] = [0, 1, 2, 3]
    absinfo = {int(l.split()[1], 16): [int(v) for v in l.split()[2:]] + [0] * (7 - len(l.split())) for l in desc if l.startswith("A:")}
    props = [int(v, 16) for v in next(l for l in desc if l.startswith("P:")).split()[1:]]
    properties = [p for p in range(len(props) * 8) if props[p // 8] >> (p % 8) & 1]
    out = [f"# {comment}", f"# Device description from ../shared/recordings/{source} (whot/evemu-devices, MIT).",
           "version: 1", "ndevices: 1", "libinput:", "  version: 1.22.1", "system:", '  kernel: "6.1.0"', '  dmi: ""',
           "devices:", "  - node: /dev/input/event0", "    evdev:", f"      name: {dev_name}", f"      id: {ids}", "      codes:"]
    out += [f"        {t}: {c}" for t, c in sorted(codes.items())]
    out += ["      absinfo:"] + [f"        {a}: {v}" for a, v in sorted(absinfo.items())]
    # libinput replay compares these with what udev says of the device it created.
    out += [f"      properties: {properties}", "    udev:", "      properties:", "      - ID_INPUT=1",
            "      - ID_INPUT_TOUCHSCREEN=1", "    events:"]
    frame = []
    for t, typ, code, value in gesture.events:
        frame.append(f"        - [{int(t)}, {round((t % 1) * 1e6)}, {typ}, {code}, {value}]")
        if typ == SYN and code == SYN_REPORT:
            out += ["      - evdev:"] + frame
            frame = []
    with open(os.path.join(here, name), "w") as f:
        f.write("\n".join(out) + "\n")


ATMEL = "atmel-maxtouch-i2c-1finger-fast-taps.evemu"      # protocol B, 0..799 x 0..479
NTRIG = "ntrig-multitouch-protocolA.desc.evemu"           # protocol A, 0..9600 x 0..7200
NTRIG_DRAG = "ntrig-multitouch-protocolA-1finger-drag-nw-se.events.evemu"
NTRIG_TWO = "ntrig-multitouch-protocolA-2fingers-touch-release.events.evemu"
IRTOUCH = "irtouch-infrared-no-btn-touch.desc.evemu"      # protocol B, 0..32767, no BTN_TOUCH

g = Gesture()
g.stroke(0.1, tap_points(700, 122))
write_evemu("tap.evemu", ATMEL, "A single tap on the Wi-Fi switch (turns it off).", description(ATMEL), g)

g = Gesture()
g.stroke(0.1, [(300, 226 + 8 * i) for i in range(16)])
write_evemu("drag-off.evemu", ATMEL, "A finger down on 'Personal hotspot' dragged down off its row and lifted there (no change).",
            description(ATMEL), g)

g = Gesture()
g.slotted(0.1, {0: (400, 226, True), 1: (700, 122, True)})
g.slotted(0.112, {0: (401, 226, False), 1: (701, 123, False)})
g.slotted(0.18, {0: None, 1: None})
write_libinput_record("two-finger-tap.yml", ATMEL,
                      "Two fingers tap 'Personal hotspot' and the Wi-Fi switch together (both change).", description(ATMEL), g)

# The real N-Trig's drag (its first 26 frames: every frame's contact, sizes and timing)
# moved to start on 'Personal hotspot' (400, 226) = device (4800, 3390) and lifted 118 x 74
# px down-right, off the row: nothing changes. mtdev's fuzz filter shapes the motion.
g = Gesture()
real = real_protocol_a_frames(NTRIG_DRAG, 0, 26)
x0, y0 = real[0][1][0][:2]
g.protocol_a(0.1, [(dt, [(x - x0 + 4800, y - y0 + 3390, *rest) for x, y, *rest in contacts]) for dt, contacts in real])
write_evemu("protocol-a-drag-off.evemu", NTRIG, "Protocol A (SYN_MT_REPORT, through mtdev): the real N-Trig's drag, started on "
            "'Personal hotspot' and lifted off its row (no change).", description(NTRIG), g)

# Two fingers whose paths cross: the real N-Trig's frames 89-112 of its two-finger
# recording (timing, sizes, and its order of contacts, the newest first: 4 frames of one
# finger, then 20 of two) with each finger moved onto a straight stroke at an even speed
# (screen px to device units: x 12, y 15). B goes down on 'Personal hotspot' (100, 238) and
# slides right and down to (700, 430), lifted on 'performance'; from the fifth frame A slides
# along 'eco' from (100, 334) to (700, 334) and lifts there: 'eco' is selected. B crosses
# A's row just ahead of A; one frame later (a 20 ms gap) A is 17 px from where B was while B
# has moved 44 px. mtdev's optimal matching keeps each finger in its slot; a nearest-first
# match hands B's slot to A from there on, so nothing would be selected.
g = Gesture()
real = real_protocol_a_frames(NTRIG_TWO, 89, 24)
a_start = real[4][0]


def along(start, end, fraction):
    return round((start[0] + (end[0] - start[0]) * fraction) * 12), round((start[1] + (end[1] - start[1]) * fraction) * 15)


frames = []
for dt, contacts in real:
    b = along((100, 238), (700, 430), dt / real[-1][0])
    sizes = [c[2:] for c in contacts]
    if len(contacts) == 1:
        frames.append((dt, [(*b, *sizes[0])]))
    else:
        a = along((100, 334), (700, 334), (dt - a_start) / (real[-1][0] - a_start))
        frames.append((dt, [(*a, *sizes[0]), (*b, *sizes[1])]))
g.protocol_a(0.1, frames)
write_evemu("protocol-a-crossing.evemu", NTRIG, "Protocol A (SYN_MT_REPORT, through mtdev): two fingers whose paths cross, "
            "the real N-Trig's two-finger timing and sizes; 'eco' is selected.", description(NTRIG), g)

g = Gesture()
g.stroke(0.1, tap_points(14828, 16384), btn_touch=False)  # screen (362, 240): "performance" at --rotate 90
write_evemu("full-range-r90.evemu", IRTOUCH, "0..32767 axes, no BTN_TOUCH; with --rotate 90 a tap on 'performance'.",
            description(IRTOUCH), g)

# Axes moved off 0 (a variant made for this test: no shared recording has min != 0) on a
# touchscreen glued upside down: upside-down.yaml's calibration flips it back. Device
# (18384, 10967) normalises to (0.5, 0.3042), flipped to screen (400, 334): "eco".
g = Gesture()
g.stroke(0.1, tap_points(18384, 10967), btn_touch=False)
write_evemu("offset-range-upside-down.evemu", IRTOUCH,
            "VARIANT: X 2000..34767, Y 1000..33767 (min != 0); glued upside down; a tap on 'eco' after calibration.",
            description(IRTOUCH, {ABS_X: (2000, 34767), ABS_Y: (1000, 33767), MT_X: (2000, 34767), MT_Y: (1000, 33767)}), g)

g = Gesture()
g.stroke(0.1, [(400, 226), (401, 226), (401, 227)], lift=False)
write_evemu("unplug.evemu", ATMEL, "A finger down on 'Personal hotspot' and never lifted: the VM test unplugs the device.",
            description(ATMEL), g)

# slider.yaml at 800x480, scale 1: the slider's track is x 338..671 at y 122 (panel layout's
# control_frame). The knob at 50 (x 504) dragged to 81 % of the track (x 608): 80 on the
# grid of 5. Then a finger down on the track at 20 % (x 405) moves up 48 px with a pixel of
# sideways wobble and rests 0.25 s before it lifts (no flick: the offset is the drag's, not
# the replay's timing): the list scrolls, the slider keeps 80 and still shows.
g = Gesture()
g.stroke(0.1, [(504 + round(104 * i / 20), 122 + i % 2) for i in range(21)])
t = 1.0
g.stroke(t, [(405 + i % 2, 122 - 8 * i) for i in range(7)], lift=False)
g.slotted(t + 6 * 0.012 + 0.25, {0: None})
write_evemu("slider.evemu", ATMEL, "With slider.yaml: a sideways drag sets the slider to 80; a vertical drag that starts "
            "on it scrolls the list and leaves it.", description(ATMEL), g)

# pages.yaml at 800x480, scale 1: a tap on "Network ›" (row y 108..171) opens the page; after
# its 0.35 s slide a tap on the Wi-Fi switch (x 715..767, y 124..155) turns it off and one on
# "Roaming" (row y 172..235) checks it; a tap on the back control (x 0..265, y 0..63) returns,
# where the row's summary now reads "Off".
g = Gesture()
g.stroke(0.1, tap_points(400, 140))
g.stroke(1.0, tap_points(741, 140))
g.stroke(1.5, tap_points(400, 204))
g.stroke(2.2, tap_points(60, 32))
write_evemu("pages.evemu", ATMEL, "With pages.yaml: opens Network, turns Wi-Fi off and Roaming on there, goes back.",
            description(ATMEL), g)
