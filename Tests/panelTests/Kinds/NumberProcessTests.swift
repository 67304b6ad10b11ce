import Glibc
import PanelUI
import Testing
@testable import panel

/// Sliders and steppers through the built program: replayed drags and holds end in the state
/// file where the finger put them, a vertical drag on a slider scrolls instead, replays give
/// the same pixels twice; the socket sets and gets numbers on the grid and refuses others,
/// actions get `{value}`, and saved numbers that no longer fit are set aside with a warning.
struct NumberProcessTests {
    static let yaml = """
        title: Numbers
        sections:
          - title: Climate
            controls:
              - {id: temp, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, unit: "°C", default: 21.5}
              - {id: level, kind: slider, label: Brightness, min: 0, max: 100, step: 5, unit: "%", default: 50}
        """ + (0..<8).map { "\n      - {id: c\($0), kind: checkbox, label: Box \($0)}" }.joined()

    let folder = TemporaryFolder()

    /// `panel layout`'s frames of control `id` on the 800x480 screen the replays use.
    func frames(_ id: String, config: String) throws -> (control: Rect, button: Rect?) {
        let result = CommandRunner.run(["layout", "--config", config, "--display", "headless:800x480"])
        #expect(result.status == 0, "\(result.err)")
        guard case .array(let targets) = try JSONValue.parse(result.out),
              let target = targets.first(where: { $0["id"] == .string(id) }) else { throw LayoutMissing() }
        func rect(_ key: String) -> Rect? {
            guard let r = target[key], case .number(let x)? = r["x"], case .number(let y)? = r["y"],
                  case .number(let w)? = r["width"], case .number(let h)? = r["height"] else { return nil }
            return Rect(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
        }
        let control = try #require(rect("control_frame"))
        #expect(target["min"] == .number(id == "level" ? 0 : 16) && target["max"] == .number(id == "level" ? 100 : 28))
        // The + button: the stepper's right end, as wide as the space after its value.
        let value = rect("value_frame")
        let button = value.map { v in Rect(x: v.maxX, y: control.y, width: control.maxX - v.maxX, height: control.height) }
        return (control, button)
    }

    struct LayoutMissing: Error {}

    /// Runs the built panel on a recording and returns the state file and the screenshot's bytes.
    func replay(_ recording: SyntheticRecording, name: String, config: String) throws -> (StateDocument, String) {
        let path = folder.write(recording.text, to: "\(name).evemu")
        let panel = try PanelProcess(["run", "--config", config, "--state", folder.file("\(name).json"), "--display", "headless:800x480",
                                      "--input", "replay:" + path, "--screenshot", folder.file("\(name).png")],
                                     log: folder.file("\(name).log"))
        #expect(panel.wait(seconds: 60) == .exited(0), "\(panel.log)")
        let state = try StateDocument.parse(try #require(folder.readText("\(name).json")))
        return (state, try #require(folder.readText("\(name).png")))
    }

    @Test func replayedDragsAndHoldsEndWhereTheFingerPutThem() throws {
        let config = folder.write(Self.yaml, to: "numbers.yaml")
        let track = try frames("level", config: config).control
        let plus = try #require(try frames("temp", config: config).button)
        let y = track.center.y
        func x(_ value: Double) -> Double { Double(track.x) + Double(track.width) * value / 100 }
        let screen = Size(width: 800, height: 480)
        var r = try SyntheticRecording()
        // Hold + for 1.05 s: repeats at 0.5, 0.6 … 1.0 s, six steps of 0.5.
        r.touchDown(slot: 0, at: SyntheticRecording.device(plus.center, screen: screen), time: 1)
        r.touchUp(slot: 0, time: 2.05)
        // Drag the knob from 50 to the point 81 % along the track: 80 on the grid of 5.
        r.touchDown(slot: 0, at: SyntheticRecording.device(Point(x: x(50), y: y), screen: screen), time: 3)
        for i in 1...20 {
            let p = Point(x: x(50 + 31 * Double(i) / 20), y: y + Double(i % 3))
            r.touchMove(slot: 0, to: SyntheticRecording.device(p, screen: screen), time: 3 + 0.016 * Double(i))
        }
        r.touchUp(slot: 0, time: 3.4)
        let (state, screenshot) = try replay(r, name: "drag", config: config)
        #expect(state.value(for: "temp") == .number(24.5))
        #expect(state.value(for: "level") == .number(80))
        #expect((0..<8).allSatisfy { state.value(for: "c\($0)") == .bool(false) }, "no row under the fingers toggled")
        let (_, again) = try replay(r, name: "drag-again", config: config)
        #expect(again == screenshot, "a replay draws the same pixels every time")
    }

    @Test func aVerticalDragOnTheSliderScrollsAndLeavesIt() throws {
        let config = folder.write(Self.yaml, to: "numbers.yaml")
        let track = try frames("level", config: config).control
        let screen = Size(width: 800, height: 480)
        let start = Point(x: Double(track.x) + Double(track.width) * 0.9, y: track.center.y)
        var r = try SyntheticRecording()
        r.touchDown(slot: 0, at: SyntheticRecording.device(start, screen: screen), time: 1)
        for i in 1...15 {
            r.touchMove(slot: 0, to: SyntheticRecording.device(start + Point(x: Double(i % 2), y: Double(-10 * i)), screen: screen),
                        time: 1 + 0.016 * Double(i))
        }
        r.touchUp(slot: 0, time: 1.3)
        let (state, screenshot) = try replay(r, name: "scroll", config: config)
        #expect(state.value(for: "level") == .number(50), "the finger went down at 90 % and the value stayed")
        var still = try SyntheticRecording()
        still.touchDown(slot: 0, at: (799, 479), time: 1)
        still.touchUp(slot: 0, time: 1.1)
        let (_, untouched) = try replay(still, name: "still", config: config)
        #expect(screenshot != untouched, "the list scrolled")
    }

    @Test func theSocketSetsAndGetsNumbersOnTheGrid() throws {
        let out = folder.file("action.out")
        let yaml = """
            sections:
              - controls:
                  - {id: level, kind: slider, min: 0, max: 100, step: 5, default: 50, action: {exec: [/bin/sh, -c, 'echo "$0" > \(out)', "{value}"]}}
                  - {id: temp, kind: stepper, min: 16, max: 28, step: 0.5, default: 21.5}
            """
        let panel = try SocketPanel(yaml: yaml, in: folder)
        try #require(panel.waitUntilServing(), "\(panel.log)")
        let client = try #require(SocketClient(panel.socketPath))
        #expect(client.request(#"{"cmd":"get","id":"level"}"#)?.contains(#""value":50"#) == true)
        let set = client.request(#"{"cmd":"set","id":"level","value":55}"#)
        #expect(set?.hasPrefix(#"{"ok":true"#) == true, "\(set ?? "no reply")")
        #expect(folder.readText("action.out") == "55\n", "the action got {value}")
        #expect(try StateDocument.parse(try #require(folder.readText("state.json"))).value(for: "level") == .number(55))
        let offGrid = client.request(#"{"cmd":"set","id":"level","value":52}"#) ?? ""
        #expect(offGrid.contains("a number from 0 to 100 in steps of 5"), "\(offGrid)")
        let text = client.request(#"{"cmd":"set","id":"temp","value":"22"}"#) ?? ""
        #expect(text.contains("a number from 16.0 to 28.0 in steps of 0.5"), "\(text)")
        #expect(client.request(#"{"cmd":"set","id":"temp","value":22.5}"#)?.hasPrefix(#"{"ok":true"#) == true)
        #expect(client.request(#"{"cmd":"get","id":"temp"}"#)?.contains(#""value":22.5"#) == true)
        #expect(client.request(#"{"cmd":"get","id":"level"}"#)?.contains(#""value":55"#) == true)
    }

    @Test func savedNumbersThatNoLongerFitAreKeptAsideWithAWarning() throws {
        folder.write(#"{"version": 1, "values": {"level": 35, "temp": 21.3}}"#, to: "state.json")
        let config = folder.write(Self.yaml, to: "numbers.yaml")
        let result = CommandRunner.run(["run", "--config", config, "--state", folder.file("state.json"), "--input", "none",
                                        "--screenshot", folder.file("shot.png")])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("saved value 21.3 for 'temp' does not fit the stepper as described; using its default"), "\(result.err)")
        let saved = try StateDocument.parse(try #require(folder.readText("state.json")))
        #expect(saved.value(for: "level") == .number(35), "a value on the grid is taken")
        #expect(saved.value(for: "temp") == .number(21.3), "kept as it was until the control changes")
    }
}
