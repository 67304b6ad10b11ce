import Testing
import PanelUI
@testable import panel

/// The stable command-line surface: names, exit statuses and one-line errors.
struct CommandLineTests {
    @Test(arguments: [
        (["--frobnicate"], "unknown flag --frobnicate"),
        (["run", "--rotate", "45"], "--rotate must be 0, 90, 180 or 270, not '45'"),
        (["layout", "--display", "headless:800by480"], "needs a size like 800x480"),
        (["layout", "--display", "vnc"], "--display must be headless[:WxH[@DPI]] or drm[:DEVICE]"),
        (["run", "--input", "mouse"], "--input must be libinput[:SEAT], path:/dev/input/eventN[,…], replay:FILE or none, not 'mouse'"),
        (["check"], "--config FILE is required"),
        (["touches"], "--input libinput[:SEAT], path:DEVICE[,…] or replay:FILE is required"),
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["run", "--state"], "--state needs a value"),
        (["run", "stray"], "unexpected argument 'stray'"),
    ])
    func badArgumentsGiveOneLineAndExit2(_ args: [String], _ expected: String) {
        let result = CommandRunner.run(args)
        #expect(result.status == 2)
        #expect(result.err.contains(expected), "\(result.err)")
        #expect(!result.err.contains("\n"), "one line: \(result.err)")
    }

    @Test(arguments: [["--help"], ["run", "--help"], ["check", "--help"], ["layout", "--help"], ["touches", "--help"]])
    func helpPrintsUsage(_ args: [String]) {
        let result = CommandRunner.run(args)
        #expect(result.status == 0)
        #expect(result.out.contains("usage: panel"))
    }

    @Test func checkAcceptsAGoodDescription() {
        let dir = TemporaryFolder()
        let path = dir.write("sections:\n  - controls:\n      - {id: a, kind: switch}\n", to: "panel.yml")
        let result = CommandRunner.run(["check", "--config", path])
        #expect(result.status == 0)
        #expect(result.out == "\(path): ok, 1 controls")
    }

    @Test func checkNamesFileLineAndColumn() {
        let dir = TemporaryFolder()
        let path = dir.write("sections:\n  - controls:\n      - {id: a, kind: dial}\n", to: "panel.yml")
        let result = CommandRunner.run(["check", "--config", path])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("\(path):3:"), "\(result.err)")
        #expect(result.err.contains("dial"))
    }

    @Test func missingDescriptionFileIsNamed() {
        let result = CommandRunner.run(["check", "--config", "/nonexistent/panel.yml"])
        #expect(result.status == 2)
        #expect(result.err.contains("/nonexistent/panel.yml"))
    }

    @Test func runRefusesABadDescriptionBeforeTouchingState() {
        let dir = TemporaryFolder()
        let config = dir.write("sections: []\n", to: "panel.yml")
        let result = CommandRunner.run(["run", "--config", config, "--state", dir.file("state.json"),
                                        "--input", "none", "--screenshot", dir.file("shot.png")])
        #expect(result.status == 2)
        #expect(dir.entries() == ["panel.yml"], "no state file, no screenshot")
    }
}
