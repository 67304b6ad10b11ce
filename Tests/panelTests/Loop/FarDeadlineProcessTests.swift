import Glibc
import Testing
@testable import panel

/// The built binary given the farthest blanking time a description may hold (issue 11: a
/// `blank_after` of about 9.3e18 s killed every panel with SIGILL, exit 132). `panel check`
/// now refuses more than a year (CheckRefusalTests); the loop itself saturates anything
/// larger, infinity and NaN (TimeConversionTests, on the real clock).
struct FarDeadlineProcessTests {
    let folder = TemporaryFolder()

    @Test(arguments: ["31536000", "3.1536e7"])
    func aFarBlankingTimeNeverBlanksNorCrashes(blankAfter: String) throws {
        folder.write("""
        blank_after: \(blankAfter)
        sections:
          - controls:
              - {id: wifi, kind: switch, default: true}
        """, to: "panel.yml")
        let panel = try PanelProcess(["run", "--config", folder.file("panel.yml"), "--state", folder.file("state.json"),
                                      "--display", "headless:320x240", "--input", "none"], log: folder.file("log"))
        #expect(panel.waitForLog("stop with SIGTERM"), "panel did not start: \(panel.log)")
        usleep(200_000)  // past the first wake-up, where the blanking timer is armed
        #expect(panel.exitStatus == nil && panel.wait(seconds: 0.1) == nil, "panel ended: \(panel.log)")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0), "\(panel.log)")
        #expect(!panel.log.contains("blanked"))
    }
}
