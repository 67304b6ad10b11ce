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

    /// FreeType opens the font while checking, at every size the panel draws it at: a text
    /// file, an empty file and fonts cut short passed the check and then stopped `run` with 1.
    @Test(arguments: ["text", "empty", "first 12 bytes", "first 1000 bytes", "first half"])
    func aFontFreeTypeCannotUseIsRefusedAtItsKey(_ kind: String) throws {
        let real = try readFileBytes("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let bytes: [UInt8] = switch kind {
        case "text": Array("not a font at all\n".utf8)
        case "empty": []
        case "first 12 bytes": Array(real.prefix(12))
        case "first 1000 bytes": Array(real.prefix(1000))
        default: Array(real.prefix(real.count / 2))
        }
        let font = folder.write(bytes, to: "Broken.ttf")
        let (status, log) = try check("""
            theme:
              font_size: 18
              font: Broken.ttf
            sections: [{controls: [{id: a, kind: switch, label_font_size: 30}]}]

            """)
        #expect(status == .exited(2))
        #expect(log.hasPrefix("\(folder.file("panel.yml")):3:9: cannot use font"), "\(log)")
        #expect(log.contains(font))
        #expect(!log.contains("\n"), "one line: \(log)")
        let (runStatus, runLog) = try panel(["run", "--config", folder.file("panel.yml"), "--state", folder.file("state.json"),
                                             "--display", "headless:320x240", "--input", "none", "--screenshot", folder.file("shot.png")])
        #expect(runStatus == .exited(2), "refused like a bad description, not a failure at run time: \(runLog)")
        #expect(!pathExists(folder.file("state.json")) && !pathExists(folder.file("shot.png")))
    }

    /// A NUL in an option ended the action's argument at the NUL; now `check` refuses it there.
    @Test func aControlCharacterInAnOptionIsRefusedAtTheCharacter() throws {
        let (status, log) = try check("""
            sections:
              - controls:
                  - id: mode
                    kind: radio
                    options: [eco, "fast\\0; rm -rf /"]
                    action: {exec: [/bin/echo, "{value}"]}

            """)
        #expect(status == .exited(2))
        #expect(log == "\(folder.file("panel.yml")):5:29: 'option' contains the control character U+0000 (NUL); write it as one line of text")
    }

    /// A 2 MB label (a 10 MB one cost 206 MiB to draw) is refused at its value.
    @Test func aLabelOfMegabytesIsRefused() throws {
        let (status, log) = try check("sections: [{controls: [{id: a, kind: switch, label: \(String(repeating: "x", count: 2_000_000))}]}]\n")
        #expect(status == .exited(2))
        #expect(log == "\(folder.file("panel.yml")):1:53: 'label' is 2000000 characters long; at most 1000 fit in a panel's text")
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
