import Glibc
import PanelUI
import Testing
@testable import panel

/// A button as Home Assistant's `button`: discovery without a state topic, PRESS presses it.
struct ButtonMQTTTests {
    let folder = TemporaryFolder()

    @Test func aButtonMapsToHomeAssistantsButton() throws {
        let description = try MQTTMappingTests.description("{host: b, client_id: hall}", controls: """
        sections:
          - controls:
              - {id: restart, kind: button, label: Restart, confirm: Sure?}
        """)
        let press = try #require(MQTTKind.of(.button))
        let control = description.controls[0]
        #expect(press.component == "button" && !press.hasState)
        #expect(press.command(Array("PRESS".utf8), control) == ControlValue.none)
        for junk in ["press", "ON", "", "PRESS "] { #expect(press.command(Array(junk.utf8), control) == nil, "\(junk)") }
        let topics = MQTTTopics(base: "panel/hall", discoveryPrefix: "homeassistant", clientID: "hall")
        let config = try #require(MQTTDiscovery.configs(for: description, clientID: "hall", topics: topics).first)
        #expect(config.topic == "homeassistant/button/hall/restart/config")
        let json = try #require(parsedJSON(String(decoding: config.payload, as: UTF8.self)))
        #expect(json["payload_press"] == .string("PRESS"))
        #expect(json["command_topic"] == .string("panel/hall/restart/set"))
        #expect(json["state_topic"] == nil, "a button has no state")
    }

    /// PRESS on the command topic runs the action (no dialog: the backend asks), and no
    /// state is ever published for it.
    @Test func pressRunsTheAction() throws {
        let broker = try TestBroker(folder: folder)
        let out = folder.file("pressed")
        let controls = """
        sections:
          - controls:
              - {id: restart, kind: button, confirm: Sure?, action: {exec: [/bin/sh, -c, "echo yes >> \(out)"]}}
        """
        let panel = try MQTTNodeTests.startPanel(folder, broker: broker, controls: controls)
        #expect(panel.waitForLog("mqtt: connected"), "\(panel.log)")
        _ = broker.waitForRetained("panel/hall/#") { $0["panel/hall/availability"] == "online" }
        broker.publish("panel/hall/restart/set", "PRESS")
        broker.publish("panel/hall/restart/set", "press")
        #expect(panel.waitForLog("refused: use PRESS"), "\(panel.log)")
        #expect(panel.waitForLog("restart pressed (mqtt)"), "\(panel.log)")
        let deadline = MonotonicClock.monotonicSeconds() + 10
        while folder.readText("pressed") == nil, MonotonicClock.monotonicSeconds() < deadline { usleep(20_000) }
        #expect(folder.readText("pressed") == "yes\n")
        #expect(broker.retained("panel/hall/restart/state").isEmpty, "no state for a button")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0))
    }
}
