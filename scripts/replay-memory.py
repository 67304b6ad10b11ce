#!/usr/bin/env python3
"""Prints the peak memory of replaying large recordings (issue 11): writes a `libinput
record` YAML file and an evemu file of about SIZE MB each (default 100) of one-finger drags
on the device of Tests/PanelUITests/Fixtures/two-finger-tap.libinput-record.yml and
demo/taps.evemu, then runs `panel run --input replay:FILE` headless on each, REPEAT times
(default 3), and prints the peak RSS (ru_maxrss) and wall time of each run beside the
file's size and its number of events (24 bytes each once read).

    scripts/replay-memory.py [PANEL] [SIZE_MB] [REPEAT]   # PANEL: .build/release/panel
"""
import os, resource, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write_recording(kind, size, path):
    """One-finger drags of 200 frames until the file is `size` bytes; the count of events."""
    with open(path, "w") as out:
        if kind == "yaml":
            head = open(os.path.join(ROOT, "Tests/PanelUITests/Fixtures/two-finger-tap.libinput-record.yml")).read()
            out.write(head[:head.index("    events:\n")] + "    events:\n")
            event = lambda t, ty, code, value: "        - [%3d, %6d, %3d, %3d, %6d] # %s\n" % (t // 10**6, t % 10**6, ty, code, value, "event")
            frame = lambda lines: "      - evdev:\n" + "".join(lines)
        else:
            head = open(os.path.join(ROOT, "demo/taps.evemu")).read()
            out.write("".join(line + "\n" for line in head.split("\n") if line and not line.startswith("E:")))
            event = lambda t, ty, code, value: "E: %d.%06d %04x %04x %d # event\n" % (t // 10**6, t % 10**6, ty, code, value)
            frame = lambda lines: "".join(lines)
        t, written, track, events = 0, 0, 1, 0
        while written < size:
            chunk = frame([event(t, 3, 47, 0), event(t, 3, 57, track), event(t, 3, 53, 10), event(t, 3, 54, 10),
                           event(t, 1, 330, 1), event(t, 0, 0, 0)])
            for i in range(1, 200):
                t += 8000
                chunk += frame([event(t, 3, 53, 10 + i % 300), event(t, 3, 54, 10 + i % 200), event(t, 0, 0, 0)])
            t += 8000
            chunk += frame([event(t, 3, 57, -1), event(t, 1, 330, 0), event(t, 0, 0, 0)])
            t += 200000
            track += 1
            events += 6 + 199 * 3 + 3
            out.write(chunk)
            written += len(chunk)
    return events


def main():
    panel = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/panel")
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    with tempfile.TemporaryDirectory() as folder:
        for kind, name in (("yaml", "drags.libinput-record.yml"), ("evemu", "drags.evemu")):
            path = os.path.join(folder, name)
            events = write_recording(kind, size * 10**6, path)
            print("%s: %.1f MB, %d events (%.1f MB as 24-byte events)" % (name, os.path.getsize(path) / 1e6, events, events * 24 / 1e6))
            for _ in range(repeat):
                start = time.monotonic()
                child = subprocess.Popen([panel, "run", "--input", "replay:" + path, "--display", "headless:800x480",
                                          "--state", os.path.join(folder, "state.json")],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                _, status, usage = os.wait4(child.pid, 0)
                error = child.stderr.read().decode(errors="replace").strip().splitlines()
                outcome = "exit %d" % os.waitstatus_to_exitcode(status)
                if status != 0 and error:
                    outcome += " (%s)" % error[-1][:100]
                print("  peak RSS %6.1f MB  %5.2f s  %s" % (usage.ru_maxrss / 1024, time.monotonic() - start, outcome))


main()
