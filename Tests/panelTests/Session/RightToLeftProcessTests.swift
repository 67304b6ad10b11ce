import Glibc
import PanelUI
import Testing
@testable import panel

/// A right-to-left panel through the program: `panel layout` prints the mirrored frames, taps
/// replayed through the built binary land on them, and the start log says which way it reads.
struct RightToLeftProcessTests {
    static let yaml = """
        title: הגדרות
        sections:
          - title: רשת
            controls:
              - {id: wifi, kind: switch, label: רשת אלחוטית}
              - {id: bt, kind: checkbox, label: בלוטות}
              - {id: level, kind: slider, label: בהירות, min: 0, max: 100, step: 5, default: 50}
              - {id: temp, kind: stepper, label: טמפרטורה, min: 16, max: 28, step: 0.5, default: 21}
              - {id: mode, kind: radio, label: מצב, options: [חסכוני, מאוזן], default: מאוזן}
              - {id: net, kind: page, label: מתקדם, sections: [{controls: [{id: dns, kind: switch, label: שמות}]}]}
        """

    let folder = TemporaryFolder()
    static let screen = Size(width: 800, height: 480)

    struct Target {
        var id: String
        var kind: String
        var frame: Rect
        var control: Rect
        var label: Rect
    }

    /// `panel layout`'s targets, with `flags` after the description.
    func targets(_ config: String, _ flags: [String] = []) throws -> [Target] {
        let result = CommandRunner.run(["layout", "--config", config, "--display", "headless:800x480"] + flags)
        #expect(result.status == 0, "\(result.err)")
        guard case .array(let items) = try JSONValue.parse(result.out) else { return [] }
        func rect(_ value: JSONValue?) -> Rect? {
            guard let r = value, case .number(let x)? = r["x"], case .number(let y)? = r["y"],
                  case .number(let w)? = r["width"], case .number(let h)? = r["height"] else { return nil }
            return Rect(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
        }
        return items.compactMap { item in
            guard case .string(let id)? = item["id"], case .string(let kind)? = item["kind"], let frame = rect(item["frame"]),
                  let control = rect(item["control_frame"]), let label = rect(item["label_frame"]) else { return nil }
            return Target(id: id, kind: kind, frame: frame, control: control, label: label)
        }
    }

    /// Trailing widgets (switch, slider, stepper, the page's chevron) stand at the left of the
    /// label; the boxes, which lead their labels, at the right of it; every frame is the
    /// left-to-right one mirrored.
    @Test func layoutPrintsTheMirroredFrames() throws {
        let config = folder.write(Self.yaml, to: "rtl.yml")
        let rtl = try targets(config), ltr = try targets(config, ["--direction", "ltr"])
        #expect(rtl.map(\.id) == ["wifi", "bt", "level", "temp", "mode", "mode", "net"])
        for target in rtl {
            switch target.kind {
            case "switch", "slider", "stepper", "page":
                #expect(target.control.minX < Self.screen.width / 4 && target.control.maxX <= target.label.minX,
                        "\(target.id): widget \(target.control) left of label \(target.label)")
            default:
                #expect(target.control.minX > Self.screen.width * 3 / 4 && target.control.minX >= target.label.maxX,
                        "\(target.id): box \(target.control) right of label \(target.label)")
            }
        }
        #expect(rtl.count == ltr.count)
        for (r, l) in zip(rtl, ltr) {
            #expect(r.frame == l.frame.mirrored(within: 800) && r.control == l.control.mirrored(within: 800)
                    && r.label == l.label.mirrored(within: 800), "\(r.id)")
        }
        let forced = try targets(folder.write("direction: rtl\n" + Self.yaml.replacingHebrew(), to: "forced.yml"))
        #expect(forced.first { $0.id == "wifi" }!.control.minX < 200, "direction: rtl mirrors a Latin panel too")
        let refused = CommandRunner.run(["layout", "--config", config, "--direction", "sideways"])
        #expect(refused.status == 2 && refused.err.contains("--direction must be auto, ltr or rtl, not 'sideways'"), "\(refused.err)")
    }

    /// `--direction` on `run` wins over the description and is logged as the reason, beside the scale.
    @Test func runsDirectionFlagIsLoggedAndDrawn() throws {
        let config = folder.write(Self.yaml, to: "rtl.yml")
        func shot(_ flags: [String], _ name: String) throws -> (String, String) {
            let result = CommandRunner.run(["run", "--config", config, "--state", folder.file("\(name).json"), "--input", "none",
                                            "--display", "headless:800x480", "--screenshot", folder.file("\(name).png")] + flags)
            #expect(result.status == 0, "\(result.err)")
            return (result.err, try #require(folder.readText("\(name).png")))
        }
        let (ltrLog, ltr) = try shot(["--direction", "ltr"], "ltr")
        let (autoLog, auto) = try shot([], "auto")
        let (_, rtl) = try shot(["--direction", "rtl"], "rtl")
        #expect(ltrLog.contains("direction: ltr (--direction)") && ltrLog.contains("scale: "), "\(ltrLog)")
        #expect(autoLog.contains("direction: rtl (auto: the first letter of the title and labels is right to left)"))
        #expect(ltr != auto && auto == rtl)
    }

    /// Runs the built panel on one tap at `point` and returns the saved state and its log.
    func replayTap(at point: Point, name: String, config: String) throws -> (StateDocument, String) {
        var r = try SyntheticRecording()
        r.touchDown(slot: 0, at: SyntheticRecording.device(point, screen: Self.screen), time: 1)
        r.touchUp(slot: 0, time: 1.1)
        let path = folder.write(r.text, to: "\(name).evemu")
        let panel = try PanelProcess(["run", "--config", config, "--state", folder.file("\(name).json"), "--display", "headless:800x480",
                                      "--input", "replay:" + path], log: folder.file("\(name).log"))
        #expect(panel.wait(seconds: 60) == .exited(0), "\(panel.log)")
        return (try StateDocument.parse(try #require(folder.readText("\(name).json"))), panel.log)
    }

    /// A tap on the switch where it is drawn, at the left, turns it on. A tap where a
    /// left-to-right panel has its switch is on the same row (its label's side now): the whole
    /// row is the target, so it turns it on too; a tap on the checkbox's row leaves the switch.
    @Test func replayedTapsLandOnTheMirroredSwitch() throws {
        let config = folder.write(Self.yaml, to: "rtl.yml")
        let wifi = try #require(try targets(config).first { $0.id == "wifi" })
        let ltrWifi = try #require(try targets(config, ["--direction", "ltr"]).first { $0.id == "wifi" })
        let bt = try #require(try targets(config).first { $0.id == "bt" })
        #expect(wifi.control.maxX < 200 && ltrWifi.control.minX > 600)

        let (onSwitch, log) = try replayTap(at: wifi.control.center, name: "switch", config: config)
        #expect(onSwitch.value(for: "wifi") == .bool(true))
        #expect(onSwitch.value(for: "bt") != .bool(true))
        #expect(log.contains("direction: rtl (auto: the first letter of the title and labels is right to left)"), "\(log)")

        let (whereLTRWas, _) = try replayTap(at: ltrWifi.control.center, name: "label-side", config: config)
        let there = Rect(x: Int(ltrWifi.control.center.x), y: Int(ltrWifi.control.center.y), width: 1, height: 1)
        #expect(wifi.frame.contains(there) && !wifi.control.intersects(there) && there.minX >= wifi.label.minX,
                "the left-to-right switch's place is the label's side of the row now, far from the switch")
        #expect(whereLTRWas.value(for: "wifi") == .bool(true), "the whole row is the target")

        let (onBox, _) = try replayTap(at: Point(x: 100, y: bt.frame.center.y), name: "box-row", config: config)
        #expect(onBox.value(for: "wifi") != .bool(true) && onBox.value(for: "bt") == .bool(true), "under the switch, the next row")
    }

    /// Where the whole row being the target can't tell the directions apart, the widgets can:
    /// the slider's minimum is at the right (a tap near the track's right end sets a low value),
    /// the stepper's + at the left, and the switch's knob dragged to the left turns it on.
    @Test func replayedTouchesRunTheWidgetsMirrored() throws {
        let config = folder.write(Self.yaml, to: "rtl.yml")
        let all = try targets(config)
        let level = try #require(all.first { $0.id == "level" }), temp = try #require(all.first { $0.id == "temp" })
        let point = Point(x: Double(level.control.maxX) - Double(level.control.width) * 0.2, y: level.control.center.y)
        #expect(try replayTap(at: point, name: "slider", config: config).0.value(for: "level") == .number(20))
        let plus = Point(x: Double(temp.control.minX) + 6, y: temp.control.center.y)
        #expect(try replayTap(at: plus, name: "stepper", config: config).0.value(for: "temp") == .number(21.5))

        let wifi = try #require(all.first { $0.id == "wifi" }).control
        let knob = Point(x: Double(wifi.maxX) - Double(wifi.height) / 2, y: wifi.center.y)
        var r = try SyntheticRecording()
        r.touchDown(slot: 0, at: SyntheticRecording.device(knob, screen: Self.screen), time: 1)
        for i in 1...10 {
            let p = knob + Point(x: -Double(wifi.width) * Double(i) / 10, y: 0)
            r.touchMove(slot: 0, to: SyntheticRecording.device(p, screen: Self.screen), time: 1 + 0.016 * Double(i))
        }
        r.touchUp(slot: 0, time: 1.3)
        let path = folder.write(r.text, to: "drag.evemu")
        let panel = try PanelProcess(["run", "--config", config, "--state", folder.file("drag.json"), "--display", "headless:800x480",
                                      "--input", "replay:" + path], log: folder.file("drag.log"))
        #expect(panel.wait(seconds: 60) == .exited(0), "\(panel.log)")
        #expect(try StateDocument.parse(try #require(folder.readText("drag.json"))).value(for: "wifi") == .bool(true),
                "the knob dragged from the right (off) to the left (on)")
    }
}

private extension String {
    /// The description with Latin labels: the Hebrew words replaced.
    func replacingHebrew() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { (0x0590...0x05FF).contains($0.value) ? "x" : $0 }))
    }
}
