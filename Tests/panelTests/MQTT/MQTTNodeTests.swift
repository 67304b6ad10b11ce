import Glibc
import PanelUI
import Testing
@testable import panel

/// The built panel as an MQTT node on a real mosquitto broker: discovery, availability and
/// its last will, commands, state messages, retained commands, a failing action's revert.
struct MQTTNodeTests {
    let folder = TemporaryFolder()

    static let controls = """
    sections:
      - controls:
          - {id: wifi, kind: switch, label: Wi-Fi}
          - {id: dark.mode, kind: checkbox}
          - {id: locked, kind: switch, enabled: false}
          - {id: mode, kind: radio, options: [eco, balanced, max], default: eco, must_have_selection: true}
    """

    /// Writes the description (with `mqtt:` for `broker`) and starts `panel run` headless, holding.
    static func startPanel(_ folder: TemporaryFolder, broker: TestBroker, controls: String = controls, clientID: String = "hall",
                           extra: [String] = [], name: String = "panel") throws -> PanelProcess {
        let config = folder.write("title: Hall\nmqtt: {host: 127.0.0.1, port: \(broker.port), client_id: \(clientID)}\n" + controls,
                                  to: "\(name).yaml")
        return try PanelProcess(["run", "--config", config, "--state", folder.file("\(name).json"), "--display", "headless:800x480",
                                 "--input", "none", "--hold"] + extra, log: folder.file("\(name).log"))
    }

    @Test func discoveryConfigsThenLastWill() throws {
        let broker = try TestBroker(folder: folder)
        let panel = try Self.startPanel(folder, broker: broker)
        #expect(panel.waitForLog("mqtt: connected"), "\(panel.log)")
        let configs = broker.waitForRetained("homeassistant/#") { $0.count >= 4 }
        let wifi = try #require(parsedJSON(configs["homeassistant/switch/hall/wifi/config"]), "\(configs.keys.sorted())")
        #expect(wifi["unique_id"] == .string("panel-hall-wifi"))
        #expect(wifi["name"] == .string("Wi-Fi"))
        #expect(wifi["command_topic"] == .string("panel/hall/wifi/set"))
        #expect(wifi["state_topic"] == .string("panel/hall/wifi/state"))
        #expect(wifi["availability_topic"] == .string("panel/hall/availability"))
        #expect(wifi["device"]?["identifiers"] == .array([.string("panel-hall")]))
        #expect(wifi["origin"]?["name"] == .string("panel"))
        let dark = try #require(parsedJSON(configs["homeassistant/switch/hall/dark_mode/config"]))
        #expect(dark["unique_id"] == .string("panel-hall-dark.mode"))
        #expect(parsedJSON(configs["homeassistant/switch/hall/locked/config"]) != nil)
        let mode = try #require(parsedJSON(configs["homeassistant/select/hall/mode/config"]))
        #expect(mode["options"] == .array([.string("eco"), .string("balanced"), .string("max")]))
        #expect(mode["unique_id"] == .string("panel-hall-mode"))
        let states = broker.waitForRetained("panel/hall/#") { $0["panel/hall/availability"] == "online" }
        #expect(states["panel/hall/availability"] == "online")
        #expect(states["panel/hall/wifi/state"] == "OFF")
        #expect(states["panel/hall/mode/state"] == "eco")

        panel.child.signalGroup(SIGKILL)
        _ = panel.wait(seconds: 10)
        let after = broker.waitForRetained("panel/hall/availability") { $0["panel/hall/availability"] == "offline" }
        #expect(after["panel/hall/availability"] == "offline", "the last will was not published")
    }

    @Test func commandsToggleAndPublishStates() throws {
        let broker = try TestBroker(folder: folder)
        // A retained command left on the broker from before must not flip the control.
        broker.publish("panel/hall/dark.mode/set", "ON", retain: true)
        let panel = try Self.startPanel(folder, broker: broker, extra: ["--screenshot", folder.file("after.png")])
        #expect(panel.waitForLog("mqtt: connected"), "\(panel.log)")
        #expect(panel.waitForLog("ignored because it is retained"), "\(panel.log)")
        _ = broker.waitForRetained("panel/hall/#") { $0["panel/hall/availability"] == "online" }

        broker.publish("panel/hall/wifi/set", "ON")
        broker.publish("panel/hall/mode/set", "max")
        broker.publish("panel/hall/locked/set", "ON")
        broker.publish("panel/hall/mode/set", "turbo")
        let states = broker.waitForRetained("panel/hall/+/state") { $0["panel/hall/wifi/state"] == "ON" && $0["panel/hall/mode/state"] == "max" }
        #expect(states["panel/hall/wifi/state"] == "ON")
        #expect(states["panel/hall/mode/state"] == "max")
        #expect(states["panel/hall/locked/state"] == "OFF", "a disabled control took a command")
        #expect(states["panel/hall/dark.mode/state"] == "OFF", "a retained command flipped the control")
        #expect(panel.waitForLog("'locked' is disabled"))
        #expect(panel.waitForLog("refused: use one of 'eco', 'balanced', 'max'"))
        usleep(500_000)  // the switch's animation ends before the screenshot
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0), "\(panel.log)")
        let saved = try #require(parsedJSON(folder.readText("panel.json")))
        #expect(saved["values"]?["wifi"] == .bool(true))
        #expect(saved["values"]?["mode"] == .string("max"))
        #expect(saved["values"]?["dark.mode"] == .bool(false))
        // Going away on purpose says so: offline, not the will.
        #expect(broker.retained("panel/hall/availability")["panel/hall/availability"] == "offline")

        // The screenshot is the panel drawn with those values, as a run without MQTT draws it.
        folder.write("title: Hall\n" + Self.controls, to: "plain.yaml")
        folder.write("{\"version\": 1, \"values\": {\"wifi\": true, \"mode\": \"max\"}}", to: "plain.json")
        let reference = CommandRunner.run(["run", "--config", folder.file("plain.yaml"), "--state", folder.file("plain.json"),
                                           "--display", "headless:800x480", "--screenshot", folder.file("expected.png")])
        #expect(reference.status == 0, "\(reference.err)")
        let same = folder.read("after.png") == folder.read("expected.png")
        #expect(same, "the screenshot does not show wifi on and mode max")
    }

    @Test func failingActionPublishesTheRevert() throws {
        let broker = try TestBroker(folder: folder)
        let controls = """
        sections:
          - controls:
              - {id: pump, kind: switch, action: {exec: [/bin/false]}}
        """
        let panel = try Self.startPanel(folder, broker: broker, controls: controls)
        #expect(panel.waitForLog("mqtt: connected"), "\(panel.log)")
        _ = broker.waitForRetained("panel/hall/#") { $0["panel/hall/availability"] == "online" }
        let log = folder.file("states.txt")
        let subscriber = try broker.subscriber("panel/hall/pump/state", file: log)
        defer { subscriber.signalGroup(SIGKILL); _ = subscriber.waitForExit() }
        broker.publish("panel/hall/pump/set", "ON")
        #expect(panel.waitForLog("failed"), "\(panel.log)")
        let deadline = MonotonicClock.monotonicSeconds() + 10
        var lines: [Substring] = []
        while MonotonicClock.monotonicSeconds() < deadline {
            lines = (folder.readText("states.txt") ?? "").split(separator: "\n")
            if lines.count >= 3 { break }
            usleep(50_000)
        }
        #expect(lines == ["panel/hall/pump/state OFF", "panel/hall/pump/state ON", "panel/hall/pump/state OFF"])
        #expect(broker.retained("panel/hall/pump/state")["panel/hall/pump/state"] == "OFF")
    }
}
