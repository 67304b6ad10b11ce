import Glibc
import PanelUI
import Testing
@testable import panel

/// What `panel check` refuses, through the built binary: each of these descriptions used to
/// pass the check and then fail (or kill) a running panel, or hang or bloat the check itself.
/// Every refusal is one line naming the file, line and column, with exit status 2.
struct CheckRefusalTests {
    let folder = TemporaryFolder()

    /// `panel ARGS…` as a child, stderr in a log; the termination (nil when it is still running
    /// after `seconds`, and then it is killed) and the log.
    func panel(_ arguments: [String], seconds: Double = 20) throws -> (ChildProcess.Termination?, String) {
        let process = try PanelProcess(arguments, log: folder.file("panel.log"))
        let termination = process.wait(seconds: seconds)
        return (termination, process.log.trimmingTrailingNewlines)
    }

    func check(_ yaml: String) throws -> (ChildProcess.Termination?, String) {
        let path = folder.write(yaml, to: "panel.yml")
        return try panel(["check", "--config", path])
    }

    @Test func aBlankingTimePastAYearIsRefusedBeforeItCanKillThePanel() throws {
        let yaml = "blank_after: 9.3e18\nsections: [{controls: [{id: a, kind: switch}]}]\n"
        let (status, log) = try check(yaml)
        #expect(status == .exited(2))
        #expect(log == "\(folder.file("panel.yml")):1:14: 'blank_after' must be a number of seconds above 0 and at most 31536000 (a year), not '9.3e18'")
        let (runStatus, runLog) = try panel(["run", "--config", folder.file("panel.yml"), "--state", folder.file("state.json"),
                                             "--display", "headless:320x240", "--input", "none", "--screenshot", folder.file("shot.png")])
        #expect(runStatus == .exited(2), "\(runLog)")
        #expect(runLog.hasPrefix("\(folder.file("panel.yml")):1:14: "))
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
