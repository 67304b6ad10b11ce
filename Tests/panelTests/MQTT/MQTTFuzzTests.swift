import Glibc
import PanelUI
import Testing
@testable import panel

/// Junk from the broker: seeded random payloads on every set topic (and one naming no
/// control), oversized payloads, retained junk on the discovery prefix and on Home
/// Assistant's status. The panel stays up, changes no value, warns once per topic (the rest
/// counted, `WarningLimiter`), and its memory stays bounded.
struct MQTTFuzzTests {
    let folder = TemporaryFolder()

    @Test func junkChangesNothingAndWarnsOnceEach() throws {
        let broker = try TestBroker(folder: folder)
        let panel = try MQTTNodeTests.startPanel(folder, broker: broker)
        _ = broker.waitForRetained("panel/hall/#") { $0["panel/hall/availability"] == "online" }
        let before = broker.retained("panel/hall/+/state")
        let rssBefore = try #require(Self.residentKilobytes(of: panel.child.pid))

        var generator = SeededBytes(seed: 0x6D717474)
        let valid: Set<[UInt8]> = Set(["ON", "OFF", "eco", "balanced", "max"].map { Array($0.utf8) })
        let perTopic = 40
        for id in ["wifi", "dark.mode", "locked", "mode", "nope"] {
            var lines: [UInt8] = []
            for _ in 0..<perTopic {
                var line: [UInt8]
                repeat {
                    line = (0..<(1 + generator.next() % 60)).map { _ in UInt8(1 + generator.next() % 255) }.filter { $0 != 0x0A }
                } while line.isEmpty || valid.contains(line)
                lines += line + [0x0A]
            }
            let file = folder.write(lines, to: "junk-\(id).txt")
            broker.publishLines("panel/hall/\(id)/set", file: file)
        }
        let huge = folder.write([UInt8](repeating: UInt8(ascii: "A"), count: 1 << 20), to: "huge.bin")
        broker.publishFile("panel/hall/wifi/set", file: huge)
        broker.publishFile("panel/hall/mode/set", file: huge)
        broker.publish("homeassistant/switch/hall/ghost/config", "{not json", retain: true)
        broker.publish("homeassistant/status", "maybe", retain: true)
        broker.publish("homeassistant/switch/other-panel/x/config", "junk", retain: true)  // not this panel's: never heard

        // Sent last, on a topic of its own: once it is warned about, everything before was read.
        broker.publish("panel/hall/sentinel/set", "x")
        #expect(panel.waitForLog("'sentinel'", seconds: 20), "\(panel.log.suffix(2000))")
        // One warning per topic (the rest of a topic's warnings are counted for a summary a
        // minute later): four controls, one unknown id, the ghost config, Home Assistant's status.
        let warnings = panel.log.split(separator: "\n").filter { $0.contains("warning: mqtt:") }
        #expect(warnings.count == 8, "one warning per junk topic:\n\(warnings.joined(separator: "\n"))")
        for topic in ["wifi", "dark.mode", "locked", "mode", "nope"] {
            #expect(warnings.filter { $0.contains("panel/hall/\(topic)/set") }.count == 1, "\(topic)")
        }
        #expect(panel.exitStatus == nil && kill(panel.child.pid, 0) == 0, "the panel died:\n\(panel.log.suffix(2000))")
        #expect(!panel.log.contains(" (mqtt)"), "a junk command changed a value")
        #expect(broker.retained("panel/hall/+/state") == before)
        let saved = parsedJSON(folder.readText("panel.json"))
        #expect(saved == nil || saved?["values"]?["wifi"] != .bool(true))
        #expect(broker.retained("homeassistant/switch/hall/ghost/config").isEmpty, "junk under this panel's node is emptied")
        let rssAfter = try #require(Self.residentKilobytes(of: panel.child.pid))
        #expect(rssAfter - rssBefore < 12 * 1024, "resident memory grew from \(rssBefore) to \(rssAfter) kB")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0))
    }

    static func residentKilobytes(of pid: pid_t) -> Int? {
        guard let status = try? readFile("/proc/\(pid)/status") else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }
}

/// xorshift64: the same junk on every run.
struct SeededBytes {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % 1_000_003)
    }
}
