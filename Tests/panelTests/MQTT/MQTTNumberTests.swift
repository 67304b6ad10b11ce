import Glibc
import PanelUI
import Testing
@testable import panel

/// Sliders and steppers as Home Assistant `number` entities on a real mosquitto broker: the
/// discovery config with the range, step, unit and mode, the number as the state payload, and
/// commands on the grid taken, others refused with a warning.
struct MQTTNumberTests {
    let folder = TemporaryFolder()

    static let controls = """
    sections:
      - controls:
          - {id: level, kind: slider, label: Brightness, min: 0, max: 100, step: 5, unit: "%", default: 60}
          - {id: temp, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, unit: "°C", default: 21.5}
    """

    @Test func numbersAreDiscoveredAndCommanded() throws {
        let broker = try TestBroker(folder: folder)
        let panel = try MQTTNodeTests.startPanel(folder, broker: broker, controls: Self.controls)
        #expect(panel.waitForLog("mqtt: connected"), "\(panel.log)")
        let configs = broker.waitForRetained("homeassistant/#") { $0.count >= 2 }
        let level = try #require(parsedJSON(configs["homeassistant/number/hall/level/config"]), "\(configs.keys.sorted())")
        #expect(level["min"] == .number(0) && level["max"] == .number(100) && level["step"] == .number(5))
        #expect(level["unit_of_measurement"] == .string("%") && level["mode"] == .string("slider"))
        #expect(level["command_topic"] == .string("panel/hall/level/set"))
        let temp = try #require(parsedJSON(configs["homeassistant/number/hall/temp/config"]))
        #expect(temp["min"] == .number(16) && temp["max"] == .number(28) && temp["step"] == .number(0.5))
        #expect(temp["unit_of_measurement"] == .string("°C") && temp["mode"] == .string("box"))
        let states = broker.waitForRetained("panel/hall/+/state") { $0.count >= 2 }
        #expect(states["panel/hall/level/state"] == "60" && states["panel/hall/temp/state"] == "21.5")

        broker.publish("panel/hall/level/set", "35")
        broker.publish("panel/hall/temp/set", "21.3")
        broker.publish("panel/hall/temp/set", "0x10")
        broker.publish("panel/hall/temp/set", "23")
        let after = broker.waitForRetained("panel/hall/+/state") { $0["panel/hall/level/state"] == "35" && $0["panel/hall/temp/state"] == "23" }
        #expect(after["panel/hall/level/state"] == "35" && after["panel/hall/temp/state"] == "23")
        #expect(panel.waitForLog("refused: use a number from 16.0 to 28.0 in steps of 0.5"), "\(panel.log)")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0), "\(panel.log)")
        let saved = try #require(parsedJSON(folder.readText("panel.json")))
        #expect(saved["values"]?["level"] == .number(35) && saved["values"]?["temp"] == .number(23))
    }

    @Test func payloadsAreTheNumbersShortestForm() throws {
        let description = try PanelDescription.parse(Self.controls, file: "p.yml", fileExists: { _ in true })
        let temp = description.controls[1]
        let kind = MQTTKind.of(.stepper)!
        #expect(kind.statePayload(.number(22), temp) == Array("22".utf8))
        #expect(kind.statePayload(.number(21.5), temp) == Array("21.5".utf8))
        #expect(kind.command(Array("21.5".utf8), temp) == .number(21.5))
        #expect(kind.command(Array("2.15e1".utf8), temp) == .number(21.5))
        for junk in ["", " 21.5", "21.5 ", "inf", "nan", "0x15", "21,5", "29", "21.25", "\u{0}"] {
            #expect(kind.command(Array(junk.utf8), temp) == nil, "\(junk)")
        }
    }
}
