import Glibc
import PanelUI
import Testing
@testable import panel

/// What any client of the broker can send the panel, at volume: a payload of 100 MB (never
/// copied: only its size is looked at).
struct MQTTAbuseTests {
    let folder = TemporaryFolder()

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
