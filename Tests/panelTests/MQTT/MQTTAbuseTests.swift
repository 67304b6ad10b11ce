import Glibc
import PanelUI
import Testing
@testable import panel

/// What any client of the broker can send the panel, at volume: commands for ids it doesn't
/// have (each warning names a few close ids, not all; warnings are rate-limited per topic),
/// and a payload of 100 MB (never copied: only its size is looked at).
struct MQTTAbuseTests {
    let folder = TemporaryFolder()

    static func manyControls(_ count: Int) -> String {
        "sections:\n  - controls:\n" + (0..<count).map { "      - {id: c\($0), kind: switch}\n" }.joined()
    }

    /// 2,000 commands for ids a 300-control panel doesn't have (1,500 on one topic, 20 on each
    /// of 25 others): each warning lists no ids but a few close ones, a topic is warned about
    /// once a minute. Listing every id wrote 37.5 MB for this; now it is under 16 KB.
    @Test func floodOfUnknownIDsWritesABoundedLog() throws {
        let broker = try TestBroker(folder: folder)
        let panel = try MQTTNodeTests.startPanel(folder, broker: broker, controls: Self.manyControls(300))
        let online = broker.waitForRetained("panel/hall/availability") { $0["panel/hall/availability"] == "online" }
        try #require(online["panel/hall/availability"] == "online", "\(panel.log)")
        let ons = folder.write(String(repeating: "ON\n", count: 1500), to: "ons.txt")
        broker.publishLines("panel/hall/nope/set", file: ons)
        let twenty = folder.write(String(repeating: "ON\n", count: 20), to: "twenty.txt")
        for index in 0..<25 { broker.publishLines("panel/hall/c\(index + 10)x/set", file: twenty) }
        // Sent after the flood through the same broker: once it is applied, the flood was read.
        broker.publish("panel/hall/c1/set", "ON")
        #expect(panel.waitForLog("c1 = true (mqtt)", seconds: 30), "\(panel.log.suffix(2000))")

        let log = panel.log
        let lines = log.split(separator: "\n")
        #expect(log.utf8.count < 16 * 1024, "\(log.utf8.count) bytes of log")
        #expect(lines.allSatisfy { $0.utf8.count < 400 }, "a long line: \(lines.max { $0.utf8.count < $1.utf8.count } ?? "")")
        let warnings = lines.filter { $0.contains("warning: mqtt:") }
        #expect(warnings.count == 17, "16 topics named, one line for the rest:\n\(warnings.joined(separator: "\n"))")
        #expect(warnings.filter { $0.contains("panel/hall/nope/set") }.count == 1)
        #expect(warnings.contains { $0.contains("no control 'c12x' (did you mean 'c12', 'c120' or 'c121'?)") },
                "\(warnings.joined(separator: "\n"))")
        #expect(!warnings.contains { $0.contains("c299") }, "no list of every id")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0))
    }

    /// A 100 MB command: libmosquitto reads the packet whole and copies the payload out of it
    /// before its callback runs (two copies at its peak, which no client option avoids in
    /// MQTT 3.1.1: set the broker's message_size_limit); the panel copies none of it. Peak
    /// resident memory rises by libmosquitto's two copies, not the three it did.
    @Test func hundredMegabytePayloadIsNotCopied() throws {
        let broker = try TestBroker(folder: folder)
        let panel = try MQTTNodeTests.startPanel(folder, broker: broker)
        let online = broker.waitForRetained("panel/hall/availability") { $0["panel/hall/availability"] == "online" }
        try #require(online["panel/hall/availability"] == "online", "\(panel.log)")
        let before = try #require(Self.peakResidentBytes(of: panel.child.pid))
        let size = 100 << 20
        let payload = folder.write([UInt8](repeating: UInt8(ascii: "A"), count: size), to: "huge.bin")
        broker.publishFile("panel/hall/wifi/set", file: payload)
        #expect(panel.waitForLog("(\(size) bytes)", seconds: 60), "\(panel.log.suffix(2000))")
        let rise = try #require(Self.peakResidentBytes(of: panel.child.pid)) - before
        #expect(rise < 2 * size + size / 4, "peak resident memory rose by \(rise >> 20) MiB for a \(size >> 20) MiB payload")
        #expect(!panel.log.contains("wifi = true"))
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0))
    }

    /// VmHWM, the process's peak resident set, in bytes.
    static func peakResidentBytes(of pid: pid_t) -> Int? {
        guard let status = try? readFile("/proc/\(pid)/status") else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }.map { $0 * 1024 }
    }
}
