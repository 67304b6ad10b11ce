#!/usr/bin/env python3
"""The fleet's other side, for scripts/mqtt-fleet.sh: a minimal MQTT 3.1.1 client on a raw
socket (no library), so the times it reports are the broker's and the panels', not a
client process's start-up.

  mqtt-fleet.py discovery PORT COUNT CONTROLS TIMEOUT   seconds until every config is retained
  mqtt-fleet.py fanout PORT COUNT ROUNDS                 command on every panel's set topic, latency to its state
"""
import socket, struct, sys, time

def encode_length(n):
    out = bytearray()
    while True:
        byte = n % 128
        n //= 128
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)

def string(s):
    b = s.encode()
    return struct.pack("!H", len(b)) + b

class Client:
    def __init__(self, port, client_id):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""
        body = string("MQTT") + bytes([4, 0x02]) + struct.pack("!H", 60) + string(client_id)
        self.sock.sendall(bytes([0x10]) + encode_length(len(body)) + body)
        kind, _ = self.packet()
        assert kind == 0x20, "no CONNACK"

    def subscribe(self, topic):
        body = struct.pack("!H", 1) + string(topic) + bytes([0])
        self.sock.sendall(bytes([0x82]) + encode_length(len(body)) + body)

    def publish(self, topic, payload):
        body = string(topic) + payload.encode()
        self.sock.sendall(bytes([0x30]) + encode_length(len(body)) + body)

    def packet(self, timeout=None):
        self.sock.settimeout(timeout)
        while True:
            if len(self.buffer) >= 2:
                length, shift, i = 0, 0, 1
                while i < len(self.buffer):
                    length |= (self.buffer[i] & 0x7F) << shift
                    shift += 7
                    i += 1
                    if not self.buffer[i - 1] & 0x80:
                        break
                else:
                    i = None
                if i is not None and len(self.buffer) >= i + length:
                    kind, body = self.buffer[0], self.buffer[i:i + length]
                    self.buffer = self.buffer[i + length:]
                    return kind & 0xF0, body
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.buffer += chunk

    def message(self, timeout):
        """(topic, payload) of the next PUBLISH, or None after timeout."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                kind, body = self.packet(left)
            except socket.timeout:
                return None
            if kind == 0x30:
                n = struct.unpack("!H", body[:2])[0]
                return body[2:2 + n].decode(), body[2 + n:].decode(errors="replace")

def discovery(port, count, controls, timeout):
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        c = Client(port, "fleet-discovery")
        c.subscribe("homeassistant/+/+/+/config")
        seen = set()
        while True:
            m = c.message(0.5)
            if m is None:
                break
            if m[1]:
                seen.add(m[0])
        c.sock.close()
        if len(seen) >= count * controls:
            print(f"discovery: {len(seen)} configs retained")
            return 0
    print(f"discovery: only {len(seen)} of {count * controls} configs after {timeout} s")
    return 1

def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]

def fanout(port, count, rounds):
    c = Client(port, "fleet-commander")
    c.subscribe("panel/+/wifi/state")
    while c.message(1.0) is not None:  # the retained states
        pass
    latencies, missing = [], 0
    for r in range(rounds):
        payload = "ON" if r % 2 == 0 else "OFF"
        sent = {}
        for i in range(count):
            sent[f"panel/fleet-{i:03d}/wifi/state"] = time.monotonic()
            c.publish(f"panel/fleet-{i:03d}/wifi/set", payload)
        deadline = time.monotonic() + 10
        while sent and time.monotonic() < deadline:
            m = c.message(deadline - time.monotonic())
            if m and m[0] in sent and m[1] == payload:
                latencies.append((time.monotonic() - sent.pop(m[0])) * 1000)
        missing += len(sent)
    print(f"fan-out: {len(latencies)} answers of {count * rounds} commands ({rounds} rounds), "
          f"latency p50 {percentile(latencies, 50):.1f} ms, p99 {percentile(latencies, 99):.1f} ms, max {max(latencies):.1f} ms")
    return 1 if missing else 0

if __name__ == "__main__":
    mode, port = sys.argv[1], int(sys.argv[2])
    if mode == "discovery":
        sys.exit(discovery(port, int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])))
    sys.exit(fanout(port, int(sys.argv[3]), int(sys.argv[4])))
