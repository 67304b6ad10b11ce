import Glibc
import PanelUI
import Testing
@testable import panel

/// Offline first: the broker away for 10 s changes nothing for the panel, which reconnects
/// and publishes what is now, once; a replay (no loop to hold) still publishes its taps.
struct MQTTOutageTests {
    let folder = TemporaryFolder()

    /// Values change while the broker is down (through the control socket: the same keeper
    /// path a touch takes; touches themselves are in `replayTapIsPublished`).
    @Test func brokerAwayTenSeconds() throws {
        let broker = try TestBroker(folder: folder)
        let socket = folder.file("panel.sock")
        let panel = try MQTTNodeTests.startPanel(folder, broker: broker, extra: ["--socket", socket])
        _ = broker.waitForRetained("panel/hall/#") { $0["panel/hall/availability"] == "online" }

        broker.stop()
        let down = MonotonicClock.monotonicSeconds()
        #expect(CommandRunner.run(["ctl", "--socket", socket, "set", "wifi", "true"]).status == 0)
        #expect(CommandRunner.run(["ctl", "--socket", socket, "set", "mode", "balanced"]).status == 0)
        #expect(CommandRunner.run(["ctl", "--socket", socket, "set", "mode", "max"]).status == 0)
        usleep(UInt32(max(0, 10 - (MonotonicClock.monotonicSeconds() - down)) * 1_000_000))
        // Drawn and saved as before, without the broker.
        let saved = try #require(parsedJSON(folder.readText("panel.json")))
        #expect(saved["values"]?["wifi"] == .bool(true))
        #expect(saved["values"]?["mode"] == .string("max"))
        let reported = panel.log.split(separator: "\n").filter { $0.contains("retries in the background") }
        #expect(reported.count == 1, "the outage is logged once, not per retry:\n\(panel.log)")

        try broker.start()
        let subscriber = try broker.subscriber("panel/hall/#", file: folder.file("after.txt"))
        defer { subscriber.signalGroup(SIGKILL); _ = subscriber.waitForExit() }
        let back = broker.waitForRetained("panel/hall/#", seconds: 30) { $0["panel/hall/availability"] == "online" }
        #expect(back["panel/hall/availability"] == "online", "\(panel.log)")
        #expect(back["panel/hall/wifi/state"] == "ON")
        #expect(back["panel/hall/mode/state"] == "max", "the current state, not a backlog")
        let configs = broker.waitForRetained("homeassistant/#") { $0.count == 4 }
        #expect(configs.count == 4, "discovery republished on reconnection: \(configs.keys.sorted())")
        usleep(500_000)
        let lines = (folder.readText("after.txt") ?? "").split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("panel/hall/mode/state ") }.count == 1, "published once, no backlog: \(lines)")
        #expect(!lines.contains("panel/hall/mode/state balanced"))

        // Home Assistant's birth message brings back a config it lost.
        _ = shell("mosquitto_pub -p \(broker.port) -q 1 -r -n -t homeassistant/switch/hall/wifi/config")
        broker.publish("homeassistant/status", "online")
        let reborn = broker.waitForRetained("homeassistant/#") { $0["homeassistant/switch/hall/wifi/config"] != nil }
        #expect(reborn["homeassistant/switch/hall/wifi/config"] != nil, "no discovery after the birth message")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0))
        #expect(panel.log.contains("mqtt: connected"))
    }

    /// A replay runs on its virtual clock and exits; its taps are still published: the run
    /// connects after the replay and sends the states it ended with before exiting.
    @Test func replayTapIsPublished() throws {
        let broker = try TestBroker(folder: folder)
        let text = "title: Hall\nmqtt: {host: 127.0.0.1, port: \(broker.port), client_id: hall}\n" + MQTTNodeTests.controls
        let config = folder.write(text, to: "panel.yaml")
        let description = try PanelDescription.parse(text, file: config, fileExists: { _ in true })
        let screen = Size(width: 800, height: 480)
        let layout = PanelLayout(description: description, logicalSize: screen)
        let wifiRow = try #require(layout.targets.first { if case .control(0, _) = $0.kind { true } else { false } })
        var recording = try SyntheticRecording()
        recording.touchDown(slot: 0, at: SyntheticRecording.device(wifiRow.frame.center, screen: screen), time: 0.1)
        recording.touchUp(slot: 0, time: 0.15)
        let path = folder.write(recording.text, to: "tap.evemu")
        let panel = try PanelProcess(["run", "--config", config, "--state", folder.file("panel.json"), "--display", "headless:800x480",
                                      "--input", "replay:\(path)"], log: folder.file("panel.log"))
        #expect(panel.wait(seconds: 20) == .exited(0), "\(panel.log)")
        let states = broker.retained("panel/hall/#")
        #expect(states["panel/hall/wifi/state"] == "ON", "\(states)\n\(panel.log)")
        #expect(states["panel/hall/availability"] == "offline", "a run that ends says so")
    }

    /// No broker at all: a replay waits a bounded time, says so, and exits as it would without MQTT.
    @Test func replayWithoutBrokerEndsWithAWarning() throws {
        let port = try TestBroker(folder: folder).port  // stopped when dropped: nothing listens there
        let config = folder.write("mqtt: {host: 127.0.0.1, port: \(port), client_id: lone}\n" + MQTTNodeTests.controls, to: "panel.yaml")
        var recording = try SyntheticRecording()
        recording.touchDown(slot: 0, at: (10, 10), time: 0.1)
        recording.touchUp(slot: 0, time: 0.15)
        let path = folder.write(recording.text, to: "tap.evemu")
        let started = MonotonicClock.monotonicSeconds()
        let panel = try PanelProcess(["run", "--config", config, "--state", folder.file("panel.json"), "--display", "headless:800x480",
                                      "--input", "replay:\(path)"], log: folder.file("panel.log"))
        #expect(panel.wait(seconds: 20) == .exited(0), "\(panel.log)")
        #expect(MonotonicClock.monotonicSeconds() - started < 15)
        #expect(panel.log.contains("were not published"), "\(panel.log)")
    }
}
