#!/usr/bin/env python3
"""Writes demo/taps.evemu: taps on the bundled demo panel at 800x480.

The device description is the Atmel maXTouch touchscreen's from the shared evemu
recordings (whot/evemu-devices, MIT): its axes are 0..799 x 0..479, so device units
are screen pixels. The gestures are synthesised (protocol B, with the small jitter a
real finger has) so the demo shows each kind of outcome:
  hotspot tap -> on, Wi-Fi tap -> off, a tap on the disabled Bluetooth row -> nothing,
  a drag that starts on "eco" and leaves its row -> nothing, "performance" tap -> selected.
"""
import sys

HEADER = """# EVEMU 1.3
# Synthesised taps for panel's demo; device description from an Atmel maXTouch
# recording in whot/evemu-devices (MIT licence).
N: Atmel maXTouch Touchscreen
I: 0018 0000 0000 0000
P: 02 00 00 00 00 00 00 00
B: 00 0b 00 00 00 00 00 00 00
""" + "B: 01 00 00 00 00 00 00 00 00\n" * 5 + "B: 01 00 04 00 00 00 00 00 00\n" + \
    "B: 01 00 00 00 00 00 00 00 00\n" * 6 + """B: 02 00 00 00 00 00 00 00 00
B: 03 03 00 00 00 00 80 e0 0a
B: 04 00 00 00 00 00 00 00 00
B: 05 00 00 00 00 00 00 00 00
B: 11 00 00 00 00 00 00 00 00
B: 12 00 00 00 00 00 00 00 00
B: 14 00 00 00 00 00 00 00 00
B: 15 00 00 00 00 00 00 00 00
B: 15 00 00 00 00 00 00 00 00
A: 00 0 799 0 0 0
A: 01 0 479 0 0 0
A: 2f 0 9 0 0 0
A: 35 0 799 0 0 0
A: 36 0 479 0 0 0
A: 37 0 2 0 0 0
A: 39 0 65535 0 0 0
A: 3b 0 1 0 0 0
"""

lines = []
tracking_id = 10

def ev(t, typ, code, value):
    lines.append(f"E: {t:.6f} {typ:04x} {code:04x} {value}")

def frame(t):
    ev(t, 0, 0, 0)

def stroke(t, points, step=0.012):
    """One finger along `points`, a frame every `step` seconds, then lifted."""
    global tracking_id
    x, y = points[0]
    ev(t, 3, 0x39, tracking_id); ev(t, 3, 0x35, x); ev(t, 3, 0x36, y)
    ev(t, 1, 0x14a, 1); ev(t, 3, 0, x); ev(t, 3, 1, y); frame(t)
    for x, y in points[1:]:
        t += step
        ev(t, 3, 0x35, x); ev(t, 3, 0x36, y); ev(t, 3, 0, x); ev(t, 3, 1, y); frame(t)
    t += step
    ev(t, 3, 0x39, -1); ev(t, 1, 0x14a, 0); frame(t)
    tracking_id += 1

def tap(t, x, y):
    stroke(t, [(x, y), (x + 1, y), (x + 1, y + 1), (x + 1, y + 1), (x, y + 1)])

ev(0.0, 3, 0x2f, 0); frame(0.0)
tap(0.2, 400, 226)   # Personal hotspot: off -> on
tap(0.9, 700, 122)   # Wi-Fi: on -> off
tap(1.6, 400, 174)   # Bluetooth is disabled: no change
stroke(2.3, [(300, 334 + 8 * i) for i in range(16)])  # drag off "eco": no change
tap(3.2, 400, 438)   # Power mode: balanced -> performance

sys.stdout.write(HEADER + "\n".join(lines) + "\n")
