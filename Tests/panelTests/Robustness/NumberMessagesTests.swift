import Glibc
import PanelUI
import Testing
@testable import panel

/// The extremes of a number (past Int and Int32, NaN and infinities where a format can spell
/// them, tiny, -0) in every message that sets a number: a control socket `set`, the state
/// file, MQTT commands for a number and for the backlight's light. Each is taken onto the
/// control's grid or refused with a reply or a log line; no value ever leaves its range and
/// the panel never traps.
struct NumberMessagesTests {
    let folder = TemporaryFolder()

    static let yaml = """
    sections:
      - controls:
          - {id: level, kind: slider, label: Level, min: 0, max: 100, step: 5, unit: "%", default: 50}
          - {id: temp, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, default: 21.5}
          - {id: ip, kind: value, label: Address}
    """

    /// JSON number texts a backend could send, and two that are not JSON.
    static let literals = ["1e300", "-1e300", "9223372036854775808", "-9223372036854775809", "9223372036854775807", "2147483648",
                           "-0.0", "-0", "1e-300", "4.9e-324", "1.7976931348623157e308", "-1.7976931348623157e308", "1e999", "NaN"]

    func makeSession() throws -> PanelSession {
        let description = try PanelDescription.parse(Self.yaml, file: folder.file("panel.yaml"), fileExists: { _ in true })
        let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: Size(width: 800, height: 480)),
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0, log: Log(write: { _ in }))
        try session.renderFullFrame(at: 0)
        return session
    }

    func expectInRange(_ session: PanelSession, _ context: String) {
        for (index, control) in session.model.description.controls.enumerated() {
            guard let setting = control.number else { continue }
            guard case .number(let value) = session.model.values[index] else {
                Issue.record("\(context): \(control.id) holds \(session.model.values[index])")
                continue
            }
            #expect(setting.onGrid(value) == value, "\(context): \(control.id) = \(value)")
        }
    }

    @Test func socketSetsOfAnyNumber() throws {
        let session = try makeSession()
        let loop = try EventLoop(clock: ManualClock())
        let keeper = ValueKeeper(session: session, actions: ActionRunner(loop: loop, log: Log(write: { _ in }), environment: [:]),
                                 log: Log(write: { _ in }), now: { 0 })
        let requests = ControlRequests(keeper: keeper, now: { 0 })
        /// The reply to `line`, now or after the save that follows its frame.
        func ask(_ line: String) -> JSONValue? {
            var later: [JSONValue] = []
            let now = requests.respond(to: Array(line.utf8), subscribe: {}, later: { later.append($0) })
            if now == nil { session.saveIfPending() }
            return now ?? later.first
        }
        for id in ["level", "temp", "ip"] {
            for literal in Self.literals {
                let line = #"{"cmd": "set", "id": "\#(id)", "value": \#(literal)}"#
                let reply = try #require(ask(line), "a reply to \(line)")
                #expect(reply["ok"] == .bool(true) || reply["error"] != nil, "\(line): \(reply.serialized())")
                expectInRange(session, line)
            }
        }
        let zero = try #require(ask(#"{"cmd": "set", "id": "level", "value": -0.0}"#))
        #expect(zero["ok"] == .bool(true) && session.model.values[0] == .number(0), "-0 is min on the grid: \(zero.serialized())")
        let shown = try #require(ask(#"{"cmd": "set", "id": "ip", "value": 1e300}"#))
        #expect(shown["ok"] == .bool(true) && session.model.values[2] == .text("1e+300"), "shown as JSON writes it: \(shown.serialized())")
        let refused = try #require(ask(#"{"cmd": "set", "id": "level", "value": 9223372036854775808}"#))
        #expect(refused["error"] != nil, "2^63 is off a 0 to 100 slider: \(refused.serialized())")
    }

    @Test(arguments: NumberMessagesTests.literals)
    func aStateFileHoldingAnyNumber(_ literal: String) throws {
        folder.write(#"{"version": 1, "values": {"level": \#(literal), "temp": \#(literal)}}"#, to: "state.json")
        let session = try makeSession()
        expectInRange(session, literal)
        if (try? JSONValue.parse(literal)) == nil {
            // Not JSON: the file is moved aside for a person to look at, and the defaults show.
            #expect(folder.readText("state.json") == nil && folder.readText("state.json.corrupt-0")?.contains(literal) == true)
            #expect(session.model.values[0] == .number(50) && session.model.values[1] == .number(21.5))
        } else {
            #expect(folder.readText("state.json")?.contains(literal) == true, "nothing saved over it at start")
        }
    }

    /// On a real broker: commands for a number and for the backlight's light, at the extremes,
    /// then a plain one, which must still be taken.
    @Test func mqttCommandsOfAnyNumber() throws {
        let sysfs = FakeSysfs()
        let bl = sysfs.addBacklight("bl", max: 1000, brightness: 1000)
        let controls = """
        sections:
          - controls:
              - {id: screen, kind: slider, label: Screen, unit: "%", default: 60, bind: backlight}
              - {id: level, kind: slider, label: Level, min: 0, max: 100, step: 5, default: 50}
        """
        let broker = try TestBroker(folder: folder)
        let panel = try MQTTNodeTests.startPanel(folder, broker: broker, controls: controls, extra: ["--backlight", bl])
        #expect(panel.waitForLog("mqtt: connected"), "\(panel.log)")
        _ = broker.waitForRetained("panel/hall/+/state") { $0.count >= 2 }
        for literal in Self.literals + ["inf", "-inf", "nan", "0x10"] where literal != "-0" && literal != "-0.0" {
            broker.publish("panel/hall/level/set", literal)
            broker.publish("panel/hall/screen/set", #"{"state": "ON", "brightness": \#(literal)}"#)
            broker.publish("panel/hall/screen/set", #"{"brightness": \#(literal)}"#)
        }
        broker.publish("panel/hall/level/set", "35")
        broker.publish("panel/hall/screen/set", #"{"state": "ON", "brightness": 25}"#)
        let after = broker.waitForRetained("panel/hall/+/state") {
            $0["panel/hall/level/state"] == "35" && parsedJSON($0["panel/hall/screen/state"])?["brightness"] == .number(25)
        }
        #expect(after["panel/hall/level/state"] == "35", "\(panel.log)")
        #expect(parsedJSON(after["panel/hall/screen/state"])?["brightness"] == .number(25), "\(panel.log)")
        #expect(sysfs.read(bl, "brightness") == "250")
        #expect(panel.exitStatus == nil, "\(panel.log)")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0), "\(panel.log)")
    }
}
