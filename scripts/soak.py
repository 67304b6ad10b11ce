#!/usr/bin/python3
"""Control-socket soak: abusive clients against a running panel for a fixed time.

Usage: soak.py --binary PANEL [--seconds N] [--keep] [--roles NAME,…]

Three panels run for the whole time, each in its own folder under a fresh temporary one:
  A  a panel of 1,202 controls with long ids (a `get` reply of ~290 KB, more than a
     client's 256 KiB queue) attacked by: 4 MiB newline floods, lines that never end,
     bursts of 500 clients connecting at once, subscribers that never read, `get`s of
     the whole panel, and a client changing a value every 50 ms (so subscribers have
     change lines);
  B  a small panel with RLIMIT_NOFILE 64, attacked by bursts of 200 clients;
  C  a small panel SIGKILLed at random moments while three clients set values in
     lockstep, restarted each time; after each kill its state file must hold every value
     whose `ok` reply had arrived. Its folder is on /dev/shm when there is one.
A well-behaved client asks A and B for a value every 10 ms throughout.

Prints requests served, the panels' peak RSS, acknowledged values lost, the well-behaved
clients' latencies and how long the panels' loop threads waited for a CPU (schedstat: the
machine's share of a slow `get`), and exits 1 if a value was lost, the slowest `get` took
50 ms or more, or a panel died. --keep leaves the folders and logs; --roles runs only some of the
abusers (newlines, endless, burst, subscribers, large, churn, emfile, kills), to see what
each costs. Every client is a process of its own (python3 and its standard library
only), so one client's work never delays another's timing. The abusers are paced (a
burst or flood every half second, and so on) so that the harness itself doesn't take
the machine's CPUs from the panels it measures.
"""
import json
import os
import random
import resource
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time

LATENCY_LIMIT = 0.050


def connect(path, timeout=10.0):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.connect(path)
    return s


class Lines:
    """Reply lines from a socket, with a deadline for each."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""

    def next(self, timeout=10.0):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no reply within %.1f s" % timeout)
            self.sock.settimeout(left)
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise ConnectionError("closed by the panel")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line


def write_panel(folder, yaml):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "panel.yml"), "w") as f:
        f.write(yaml)


def start_panel(binary, folder, nofile=None):
    def limit():
        if nofile:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
    log = open(os.path.join(folder, "log"), "ab")
    return subprocess.Popen([binary, "run", "--config", os.path.join(folder, "panel.yml"),
                             "--state", os.path.join(folder, "state.json"), "--display", "headless:320x240",
                             "--input", "none", "--socket", os.path.join(folder, "panel.sock")],
                            stdout=subprocess.DEVNULL, stderr=log, preexec_fn=limit)


def wait_serving(path, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            s = connect(path, 2)
            s.sendall(b'{"cmd":"subscribe"}\n')
            Lines(s).next(2)
            s.close()
            return True
        except (OSError, TimeoutError, ConnectionError):
            time.sleep(0.05)
    return False


def cpu_seconds(pid):
    """User plus system CPU time of a process so far."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def read_values(state, strict=False):
    """The values of a state file ({"version": 1, "values": {...}}); {} when there is none yet."""
    try:
        with open(state) as f:
            return json.load(f)["values"]
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError):
        if strict:
            raise
        return {}


def peak_rss(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def run_queue_wait(pid):
    """Seconds the panel's loop thread (its main thread) has spent runnable but waiting for a CPU
    (/proc/PID/task/PID/schedstat, second field), or None."""
    try:
        with open("/proc/%d/task/%d/schedstat" % (pid, pid)) as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


class WaitWindow:
    """The most a thread waited for a CPU within any WINDOW seconds, from samples of its total."""
    WINDOW = 0.1

    def __init__(self):
        self.samples, self.most, self.first, self.last = [], 0.0, None, 0.0

    def sample(self, now, total):
        if total is None:
            return
        if self.first is None:
            self.first = total
        self.samples = [(t, w) for t, w in self.samples if t >= now - self.WINDOW] + [(now, total)]
        self.most = max(self.most, total - self.samples[0][1])
        self.last = total

    @property
    def total(self):
        return self.last - self.first if self.first is not None else 0.0


# ---------------------------------------------------------------- roles (one process each)

def role_good(path, end, out):
    """`get` every 10 ms, each answer timed; also how late its own sleeps end, which is the
    machine's scheduling delay and no doing of the panel."""
    latencies, failures, late = [], 0, 0.0
    sock, lines = None, None
    tick = time.monotonic()
    while time.monotonic() < end:
        try:
            if sock is None:
                sock = connect(path)
                lines = Lines(sock)
            asked = time.monotonic()
            sock.sendall(b'{"cmd":"get","id":"wifi"}\n')
            reply = lines.next(10)
            latencies.append(time.monotonic() - asked)
            if not reply.startswith(b'{"ok":true'):
                failures += 1
        except (OSError, TimeoutError, ConnectionError):
            failures += 1
            sock = None
        tick += 0.010
        pause = tick - time.monotonic()
        if pause > 0:
            time.sleep(pause)
            late = max(late, time.monotonic() - tick)
    slow = sum(1 for latency in latencies if latency >= LATENCY_LIMIT)
    latencies.sort()
    json.dump({"served": len(latencies), "failures": failures, "max": latencies[-1] if latencies else None,
               "p99": latencies[int(len(latencies) * 0.99)] if latencies else None, "slow": slow, "late": late}, out)


def role_newlines(path, end, out):
    """4 MiB of empty lines at once, then a request that must be the only one answered;
    a flood every half second (the panel takes one in a few milliseconds)."""
    served = wrong = floods = 0
    flood = b"\n" * (4 << 20)
    next_flood = time.monotonic()
    while time.monotonic() < end:
        time.sleep(max(0.0, next_flood - time.monotonic()))
        next_flood += 0.5
        try:
            sock = connect(path, 30)
            sock.sendall(flood)
            floods += 1
            sock.sendall(b'{"cmd":"get","id":"wifi"}\n')
            reply = Lines(sock).next(30)
            served += 1
            wrong += not reply.startswith(b'{"ok":true')
            sock.close()
        except (OSError, TimeoutError, ConnectionError):
            wrong += 1
    json.dump({"served": served, "failures": wrong, "floods": floods}, out)


def role_endless(path, end, out):
    """A request, then bytes without a newline until the panel hangs up."""
    served = failures = taken_max = 0
    chunk = b"x" * 65536
    while time.monotonic() < end:
        try:
            sock = connect(path, 30)
            sock.sendall(b'{"cmd":"get","id":"wifi"}\n')
            taken = 0
            try:
                while taken < (256 << 20) and time.monotonic() < end + 10:
                    taken += sock.send(chunk)
            except OSError:
                pass
            taken_max = max(taken_max, taken)
            lines = Lines(sock)
            first, second = lines.next(30), lines.next(30)
            served += first.startswith(b'{"ok":true') and second.startswith(b'{"error":"request line longer')
            sock.close()
            time.sleep(0.1)
        except (OSError, TimeoutError, ConnectionError):
            failures += 1
    json.dump({"served": served, "failures": failures, "most_taken": taken_max}, out)


def role_burst(path, end, out, count=500, request=b'{"cmd":"get","id":"wifi"}\n', accept_refusal=False, every=0.5):
    """`count` clients connecting at once (non-blocking: a full backlog is a failure), each
    asking once; a burst every `every` seconds."""
    served = refused = failures = bursts = 0
    next_burst = time.monotonic()
    while time.monotonic() < end:
        time.sleep(max(0.0, next_burst - time.monotonic()))
        next_burst += every
        socks = []
        try:
            for _ in range(count):
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.setblocking(False)
                try:
                    s.connect(path)
                except BlockingIOError:
                    failures += 1
                    s.close()
                    continue
                socks.append(s)
            for s in socks:
                try:
                    s.send(request)
                except OSError:
                    pass  # a refused client may be closed already; its error line is still there
            pending = {s: b"" for s in socks}
            deadline = time.monotonic() + 30
            while pending and time.monotonic() < deadline:
                ready, _, _ = select.select(list(pending)[:1000], [], [], 0.5)
                for s in ready:
                    try:
                        data = s.recv(65536)
                    except OSError:
                        data = b""
                    pending[s] += data
                    if b"\n" in pending[s] or not data:
                        line = pending.pop(s).split(b"\n")[0]
                        if line.startswith(b'{"ok":true'):
                            served += 1
                        elif accept_refusal and line.startswith(b'{"error":"too many clients'):
                            refused += 1
                        else:
                            failures += 1
            failures += len(pending)
            bursts += 1
        finally:
            for s in socks:
                s.close()
    json.dump({"served": served, "refused": refused, "failures": failures, "bursts": bursts}, out)


def role_emfile(path, end, out):
    role_burst(path, end, out, count=200, accept_refusal=True, every=0.25)


def role_subscribers(path, end, out):
    """Twenty clients that subscribe, ask for the whole panel and never read; opened again
    when the panel drops one."""
    socks, opened = [], 0
    while time.monotonic() < end:
        while len(socks) < 20:
            try:
                s = connect(path)
                s.sendall(b'{"cmd":"subscribe"}\n{"cmd":"get"}\n{"cmd":"get"}\n')
                s.setblocking(False)
                socks.append(s)
                opened += 1
            except OSError:
                break
        time.sleep(0.5)
        alive = []
        for s in socks:
            try:
                # Peek only: a dropped client reads as closed once what was sent before is read.
                gone = s.recv(1, socket.MSG_PEEK) == b""
            except BlockingIOError:
                gone = False
            except OSError:
                gone = True
            if gone:
                s.close()
            else:
                alive.append(s)
        socks = alive
    json.dump({"served": 0, "failures": 0, "opened": opened}, out)


def role_large(path, end, out):
    """Whole-panel `get`s, each read to its end."""
    served = failures = 0
    size = 0
    while time.monotonic() < end:
        try:
            sock = connect(path, 30)
            sock.sendall(b'{"cmd":"get"}\n')
            reply = Lines(sock).next(30)
            size = len(reply)
            served += reply.startswith(b'{"ok":true,"values":')
            sock.close()
            time.sleep(0.05)
        except (OSError, TimeoutError, ConnectionError):
            failures += 1
    json.dump({"served": served, "failures": failures, "reply_bytes": size}, out)


def role_churn(path, end, out):
    """Changes `mode` every 50 ms (each answered once saved), so subscribers get change lines."""
    served = failures = 0
    value = 0
    sock, lines = None, None
    while time.monotonic() < end:
        try:
            if sock is None:
                sock = connect(path)
                lines = Lines(sock)
            value ^= 1
            sock.sendall(b'{"cmd":"set","id":"mode","value":"%s"}\n' % (b"fast" if value else b"eco"))
            served += lines.next(30).startswith(b'{"ok":true')
        except (OSError, TimeoutError, ConnectionError):
            failures += 1
            sock = None
        time.sleep(0.05)
    json.dump({"served": served, "failures": failures}, out)


def role_kills(binary, folder, end, out):
    """Panel C: sets in lockstep, SIGKILL at a random moment, check the state file, again."""
    rng = random.Random(0x5E7)
    tally = {"served": 0, "failures": 0, "kills": 0, "acknowledged": 0, "lost": []}
    while time.monotonic() < end and kill_once(binary, folder, rng, tally):
        time.sleep(0.1)
    json.dump(tally, out)


def kill_once(binary, folder, rng, tally):
    """One run of panel C; false when it did not start."""
    ids, options = ["r0", "r1", "r2"], ["o%d" % i for i in range(10)]
    state, path = os.path.join(folder, "state.json"), os.path.join(folder, "panel.sock")
    acked, in_flight = [None] * 3, [None] * 3
    panel = start_panel(binary, folder)
    try:
        if not wait_serving(path):
            tally["lost"].append("panel C did not start")
            return False
        saved = read_values(state)
        shown = [options.index(saved[i]) if saved.get(i) in options else 0 for i in ids]
        clients = [connect(path) for _ in ids]
        for c in clients:
            c.setblocking(False)
        buffers = [b""] * 3
        answered = [0.0] * 3
        kill_at = time.monotonic() + 0.02 + rng.random() * 0.3
        while time.monotonic() < kill_at:
            for n, c in enumerate(clients):
                # 2 ms between a reply and the next set: hundreds a second, and CPU left for A.
                if in_flight[n] is None and time.monotonic() >= answered[n] + 0.002:
                    nxt = (shown[n] + 1) % len(options)
                    c.send(b'{"cmd":"set","id":"%s","value":"%s"}\n' % (ids[n].encode(), options[nxt].encode()))
                    in_flight[n] = nxt
            ready, _, _ = select.select(clients, [], [], 0.002)
            for c in ready:
                n = clients.index(c)
                try:
                    buffers[n] += c.recv(4096)
                except BlockingIOError:
                    continue
                while b"\n" in buffers[n]:
                    line, buffers[n] = buffers[n].split(b"\n", 1)
                    tally["served"] += 1
                    if line.startswith(b'{"ok":true'):
                        acked[n] = shown[n] = in_flight[n]
                        tally["acknowledged"] += 1
                    in_flight[n] = None
                    answered[n] = time.monotonic()
    finally:
        panel.send_signal(signal.SIGKILL)
        panel.wait()
    tally["kills"] += 1
    for c in clients:
        c.close()
    try:
        saved = read_values(state, strict=True)
    except (OSError, ValueError) as error:
        saved = {}
        if any(a is not None for a in acked):
            tally["lost"].append("kill %d: state file unreadable: %s" % (tally["kills"], error))
    for n, i in enumerate(ids):
        if acked[n] is None:
            continue
        allowed = {options[acked[n]]} | ({options[in_flight[n]]} if in_flight[n] is not None else set())
        if saved.get(i) not in allowed:
            tally["lost"].append("kill %d: %s acknowledged %s, file has %s" % (tally["kills"], i, options[acked[n]], saved.get(i)))
    return True


ROLES = {"good": role_good, "newlines": role_newlines, "endless": role_endless, "burst": role_burst,
         "emfile": role_emfile, "subscribers": role_subscribers, "large": role_large, "churn": role_churn}


# ---------------------------------------------------------------- the run

def main():
    args = sys.argv[1:]
    if args and args[0] == "role":
        name, end = args[1], float(args[3])
        if name == "kills":
            role_kills(args[2], args[4], end, sys.stdout)
        else:
            ROLES[name](args[2], end, sys.stdout)
        return 0
    seconds, binary, only, keep = 60.0, None, None, False
    while args:
        flag = args.pop(0)
        if flag == "--seconds":
            seconds = float(args.pop(0))
        elif flag == "--binary":
            binary = os.path.abspath(args.pop(0))
        elif flag == "--keep":  # leave the panels' folders and logs
            keep = True
        elif flag == "--roles":  # a comma-separated subset of the abusers, to find which one costs what
            only = set(args.pop(0).split(","))
        else:
            print("usage: soak.py --binary PANEL [--seconds N] [--roles newlines,endless,burst,subscribers,large,churn,emfile,kills]",
                  file=sys.stderr)
            return 2
    if not binary:
        print("soak.py: --binary PANEL is required", file=sys.stderr)
        return 2

    work = tempfile.mkdtemp(prefix="panel-soak-")
    # C saves hundreds of times a second: on tmpfs its fsyncs don't queue A's behind them on
    # the disk (a SIGKILL, unlike a power cut, leaves the page cache, so the check holds there).
    shm = tempfile.mkdtemp(prefix="panel-soak-c-", dir="/dev/shm") if os.path.isdir("/dev/shm") else work
    a, b, c = os.path.join(work, "a"), os.path.join(work, "b"), os.path.join(shm, "c")
    small = "sections:\n  - controls:\n      - {id: wifi, kind: switch, default: true}\n"
    write_panel(a, "sections:\n  - controls:\n      - {id: wifi, kind: switch, default: true}\n"
                   "      - {id: mode, kind: radio, options: [eco, fast], default: eco, must_have_selection: true}\n"
                + "".join("      - {id: s%04d-%s, kind: checkbox}\n" % (n, "x" * 230) for n in range(1200)))
    write_panel(b, small)
    write_panel(c, "sections:\n  - controls:\n" + "".join(
        "      - {id: r%d, kind: radio, options: [%s], default: o0, must_have_selection: true}\n"
        % (n, ", ".join("o%d" % i for i in range(10))) for n in range(3)))
    panel_a = start_panel(binary, a)
    panel_b = start_panel(binary, b, nofile=64)
    try:
        return run(binary, seconds, only, keep, work, shm, panel_a, panel_b, a, b, c)
    finally:
        for panel in (panel_a, panel_b):
            if panel.poll() is None:
                panel.kill()
                panel.wait()


def run(binary, seconds, only, keep, work, shm, panel_a, panel_b, a, b, c):
    """Starts the clients, waits `seconds`, gathers and prints what they saw; the exit status."""
    if not (wait_serving(os.path.join(a, "panel.sock")) and wait_serving(os.path.join(b, "panel.sock"))):
        print("soak: a panel did not start; logs in %s" % work, file=sys.stderr)
        return 1

    end = time.monotonic() + seconds
    me = os.path.abspath(__file__)

    def role(name, folder, extra=()):
        return name, subprocess.Popen([sys.executable, me, "role", name, os.path.join(folder, "panel.sock"), repr(end)] + list(extra),
                                      stdout=subprocess.PIPE)
    # The well-behaved clients connect first (on B, abusers would take every place).
    good_roles = [role("good", a), role("good", b)]
    time.sleep(0.5)
    roles = good_roles + [role("newlines", a), role("endless", a), role("endless", a), role("burst", a),
             role("subscribers", a), role("large", a), role("churn", a), role("emfile", b),
             ("kills", subprocess.Popen([sys.executable, me, "role", "kills", binary, repr(end), c], stdout=subprocess.PIPE))]
    if only is not None:
        for name, process in roles:
            if name != "good" and name not in only:
                process.kill()
        roles = [(name, process) for name, process in roles if name == "good" or name in only]
    rss = {"A": 0, "B": 0}
    # How long the panels' loop threads wait for a CPU: a slow get during such a wait is the
    # machine's load (other processes on the CPUs), not the panel's work.
    waits = {"A": WaitWindow(), "B": WaitWindow()}
    next_rss = 0.0
    while time.monotonic() < end:
        now = time.monotonic()
        waits["A"].sample(now, run_queue_wait(panel_a.pid))
        waits["B"].sample(now, run_queue_wait(panel_b.pid))
        if now >= next_rss:
            rss["A"] = max(rss["A"], peak_rss(panel_a.pid))
            rss["B"] = max(rss["B"], peak_rss(panel_b.pid))
            next_rss = now + 0.5
        time.sleep(0.02)
    results = []
    for name, process in roles:
        text, _ = process.communicate(timeout=120)
        try:
            results.append((name, json.loads(text)))
        except ValueError:
            results.append((name, {"served": 0, "failures": 1, "error": "no result (exit %s)" % process.returncode}))
    rss["A"] = max(rss["A"], peak_rss(panel_a.pid))
    rss["B"] = max(rss["B"], peak_rss(panel_b.pid))
    alive = panel_a.poll() is None and panel_b.poll() is None
    cpu = {"A": cpu_seconds(panel_a.pid), "B": cpu_seconds(panel_b.pid)}
    for panel in (panel_a, panel_b):
        panel.send_signal(signal.SIGTERM)
    stopped = [panel.wait(timeout=30) for panel in (panel_a, panel_b)]

    served = sum(r.get("served", 0) for _, r in results)
    goods = [dict({"max": None, "p99": None, "slow": 0, "served": 0, "failures": 1}, **r) for name, r in results if name == "good"]
    kills = {"kills": 0, "acknowledged": 0, "lost": []}
    kills.update(next((r for name, r in results if name == "kills"), {}))
    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    print("soak: %.0f s, load average %s (a shared machine: figures vary with its load)" % (seconds, " ".join(load)))
    print("  requests served:            %d" % served)
    for name, r in results:
        print("    %-12s %s" % (name, json.dumps({k: v for k, v in r.items() if k != "lost"})))
    print("  peak RSS:                   A (1,202 controls) %.1f MB, B (64 descriptors) %.1f MB" % (rss["A"] / 1e6, rss["B"] / 1e6))
    print("  panel CPU time:             A %.1f s, B %.1f s in %.0f s (of %d CPUs)" % (cpu["A"], cpu["B"], seconds, os.cpu_count()))
    print("  SIGKILLs during sets:       %d, %d values acknowledged" % (kills["kills"], kills["acknowledged"]))
    print("  acknowledged values lost:   %d" % len(kills["lost"]))
    for line in kills["lost"][:10]:
        print("    " + line)
    worst = max((g["max"] or 99) for g in goods)
    print("  well-behaved get, every 10 ms: max %.1f ms (A %.1f, B %.1f), p99 A %.1f ms, B %.1f ms, %d of %d at %.0f ms or more, %d failures"
          % (worst * 1000, (goods[0]["max"] or 99) * 1000, (goods[1]["max"] or 99) * 1000,
             (goods[0]["p99"] or 99) * 1000, (goods[1]["p99"] or 99) * 1000, sum(g["slow"] for g in goods),
             sum(g["served"] for g in goods), LATENCY_LIMIT * 1000, sum(g["failures"] for g in goods)))
    print("  the client's own sleeps ended up to %.1f ms late (the machine's scheduling delay)"
          % (max(g.get("late", 0) for g in goods) * 1000))
    print("  the panels' loop threads waited for a CPU up to %.1f ms (A) and %.1f ms (B) of some %.0f ms, %.1f s and %.1f s in all"
          % (waits["A"].most * 1000, waits["B"].most * 1000, WaitWindow.WINDOW * 1000, waits["A"].total, waits["B"].total))
    problems = []
    if kills["lost"]:
        problems.append("acknowledged values were lost")
    if worst >= LATENCY_LIMIT:
        problems.append("a well-behaved get took %.1f ms (limit %.0f ms)" % (worst * 1000, LATENCY_LIMIT * 1000))
    if any(g["failures"] for g in goods):
        problems.append("the well-behaved client had failures")
    if not alive or stopped != [0, 0]:
        problems.append("a panel died or did not stop cleanly (%s); logs in %s" % (stopped, work))
    if kills["kills"] == 0 and only is None:
        problems.append("no kill happened")
    for p in problems:
        print("soak: FAILED: " + p)
    if not problems and not keep:
        subprocess.run(["rm", "-rf", work, shm])
    else:
        print("soak: the panels' folders and logs are in %s and %s" % (work, shm))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
