import Glibc
import PanelUI
import Testing
@testable import panel

/// The built panel against a broker where another client uses its client id: the storm of
/// reconnections (and of log lines) that a backoff started over by every CONNACK made.
struct MQTTStormTests {
    let folder = TemporaryFolder()

    /// Two panels with one client id on a real broker, for 15 s: each connection closes the
    /// other's. With a backoff that CONNACK started over they reconnected about once a second
    /// each; now each connects at most 5 times (waits of at least 0.5, 1, 2, 4 s), and logs 3 lines.
    @Test func twoPanelsWithOneClientIDDoNotStorm() throws {
        let broker = try TestBroker(folder: folder)
        let yaml = "mqtt: {host: 127.0.0.1, port: \(broker.port), client_id: hall}\n" + MQTTNodeTests.controls
        let started = MonotonicClock.monotonicSeconds()
        let a = try SocketPanel(yaml: yaml, in: folder, name: "a", socket: folder.file("a.sock"))
        let b = try SocketPanel(yaml: yaml, in: folder, name: "b", socket: folder.file("b.sock"))
        #expect(a.waitUntilServing() && b.waitUntilServing())
        usleep(UInt32(max(0, 15 - (MonotonicClock.monotonicSeconds() - started)) * 1_000_000))
        let connections = (folder.readText("mosquitto.log") ?? "").split(separator: "\n").filter { $0.contains(" as hall ") }.count
        #expect(connections >= 3, "they took the id from each other")
        #expect(connections <= 10, "\(connections) connections in 15 s")
        for panel in [a, b] {
            let mqtt = panel.log.split(separator: "\n").filter { $0.contains("mqtt:") }
            #expect(mqtt.count <= 3, "\(mqtt.joined(separator: "\n"))")
            panel.signal(SIGTERM)
            #expect(panel.wait(seconds: 5) == .exited(0))
        }
    }
}
