import Glibc
import PanelUI
import Testing
@testable import panel

/// The scale factor through the built binary: what `panel run` logs it chose and why, and
/// what `panel layout` lays out with it.
struct ScaleCommandTests {
    let folder = TemporaryFolder()

    func run(_ arguments: [String]) throws -> (ChildProcess.Termination?, String) {
        let process = try PanelProcess(["run", "--state", folder.file("state.json"), "--screenshot", folder.file("shot.png")] + arguments,
                                       log: folder.file("panel.log"))
        let termination = process.wait(seconds: 20)
        return (termination, process.log)
    }

    /// 3840x2160 at 282 dpi is a 15.6" panel: 11.1 px/mm, so a 48 px row is 9 mm at 2.
    @Test func runLogsTheFactorAutoChoseAndWhy() throws {
        let (done, log) = try run(["--display", "headless:3840x2160@282"])
        #expect(done == .exited(0), "\(log)")
        #expect(log.contains("scale: 2 (auto: 3840x2160 px on 345.87x194.55 mm (headless at 282 dpi) is 11.1 px/mm"), "\(log)")
        let shot = try PNG.readPixels(path: folder.file("shot.png"))
        #expect(shot.size == Size(width: 3840, height: 2160))
    }

    @Test func givenFactorsWinAndUnknownSizesAreOne() throws {
        let (_, given) = try run(["--display", "headless:3840x2160@282", "--scale", "1.5"])
        #expect(given.contains("scale: 1.5 (--scale 1.5)"), "\(given)")
        let (_, unknown) = try run(["--display", "headless:3840x2160"])
        #expect(unknown.contains("scale: 1 (auto: the screen's physical size is unknown"), "\(unknown)")
        let (status, bad) = try run(["--display", "headless:800x480", "--scale", "7"])
        #expect(status == .exited(2))
        #expect(bad.contains("--scale must be auto or a number from 0.5 to 4, not '7'"), "\(bad)")
    }

    /// `physical_size:` in the description stands in for the connector's millimetres.
    @Test func layoutFollowsTheDescriptionsPhysicalSize() throws {
        let yaml = "physical_size: [344, 194]\nsections: [{controls: [{id: a, kind: switch}, {id: b, kind: checkbox}]}]\n"
        let path = folder.write(yaml, to: "panel.yml")
        let result = CommandRunner.run(["layout", "--config", path, "--display", "headless:3840x2160"])
        #expect(result.status == 0, "\(result.err)")
        guard case .array(let targets) = try JSONValue.parse(result.out) else { Issue.record("a JSON list"); return }
        #expect(targets.first?["frame"]?["height"] == .number(128), "64 px rows at scale 2")
        #expect(targets.last?["control_frame"]?["width"] == .number(80), "40 px boxes at scale 2")
    }

    /// The issue's check at 3840x2160 with `physical_size: [344, 194]`: checkbox, radio and
    /// switch frames all scaled by one factor (within 1 px) and one label x per group.
    @Test func fourKLayoutScalesEveryWidgetAndAlignsLabels() throws {
        let yaml = """
        sections:
          - controls:
              - {id: s, kind: switch, label: Switch}
              - {id: c, kind: checkbox, label: Checkbox}
              - {id: r, kind: radio, label: Radio, options: [one, two]}
        """
        func targets(_ extra: String, _ display: String) throws -> [JSONValue] {
            let path = folder.write(extra + yaml, to: "panel.yml")
            let result = CommandRunner.run(["layout", "--config", path, "--display", display])
            #expect(result.status == 0, "\(result.err)")
            guard case .array(let targets) = try JSONValue.parse(result.out) else { return [] }
            return targets
        }
        func number(_ v: JSONValue?, _ key: String) -> Double {
            if case .number(let n)? = v?[key] { return n }
            return -1
        }
        let small = try targets("", "headless:800x480"), big = try targets("physical_size: [344, 194]\n", "headless:3840x2160")
        #expect(small.count == 4 && big.count == 4)
        for (a, b) in zip(small, big) {
            for key in ["width", "height"] {
                #expect(abs(number(b["control_frame"], key) - 2 * number(a["control_frame"], key)) <= 1, "\(a["id"]!) \(key)")
            }
        }
        #expect(Set(big.map { number($0["label_frame"], "x") }).count == 1, "one label x: \(big.map { number($0["label_frame"], "x") })")
    }
}
