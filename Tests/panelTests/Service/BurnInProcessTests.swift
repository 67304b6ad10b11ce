import Glibc
import PanelUI
import Testing
@testable import panel

/// Burn-in shift in the built binary: between shifts the event loop's thread never wakes; at
/// the shift it does, and the screen it leaves is the panel moved by the orbit's first step.
@Suite(.serialized)
struct BurnInProcessTests {
    let folder = TemporaryFolder()

    static let yaml = """
    title: Hallway
    burn_in: {shift_every: 10, max_shift: 4}
    sections:
      - controls:
          - {id: porch, kind: switch, label: Porch light, default: true}
    """

    @Test func noWakeUpsBetweenShiftsAndOneForTheShift() throws {
        folder.write(Self.yaml, to: "panel.yml")
        let common = ["--config", folder.file("panel.yml"), "--display", "headless:800x480", "--input", "none"]
        let atRest = CommandRunner.run(["run"] + common + ["--state", folder.file("rest.json"), "--screenshot", folder.file("rest.png")])
        #expect(atRest.status == 0, "\(atRest.err)")
        let panel = try PanelProcess(["run"] + common + ["--state", folder.file("state.json"), "--socket", folder.file("panel.sock"),
                                                         "--hold", "--screenshot", folder.file("shifted.png")],
                                     log: folder.file("log"))
        #expect(panel.waitForLog("stop with SIGTERM"), "panel did not start: \(panel.log)")
        let started = MonotonicClock.monotonicSeconds()
        usleep(300_000)  // let start-up finish
        let before = try #require(panel.voluntarySwitches)
        usleep(7_000_000)
        let between = try #require(panel.voluntarySwitches)
        #expect(between - before == 0, "the event loop woke \(between - before) times between shifts")
        // The shift is due 10 s after the clock started, a little before the log line.
        let waited = MonotonicClock.monotonicSeconds() - started
        usleep(UInt32(max(0, 11.5 - waited) * 1_000_000))
        let after = try #require(panel.voluntarySwitches)
        // One wake-up measured (3 shifts, 32 s); a few allowed for page faults, not a frame timer left running.
        #expect((1...3).contains(after - between), "the shift wakes the loop \(after - between) times")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0), "\(panel.log)")

        let rest = try PNG.readPixels(path: folder.file("rest.png"))
        let shifted = try PNG.readPixels(path: folder.file("shifted.png"))
        let offset = BurnInOrbit(room: ShiftRoom(left: 4, right: 4, up: 4, down: 4)).offset(atStep: 1)
        var wrong = 0
        for y in 0..<rest.height {
            for x in 0..<rest.width {
                let sx = x - offset.dx, sy = y - offset.dy
                let expected = sx >= 0 && sy >= 0 && sx < rest.width && sy < rest.height ? rest[sx, sy] : Theme.light.background.xrgb
                if shifted[x, y] & 0xFFFFFF != expected & 0xFFFFFF { wrong += 1 }
            }
        }
        #expect(wrong == 0, "the screen after 10 s is the panel moved by \(offset)")
    }
}
