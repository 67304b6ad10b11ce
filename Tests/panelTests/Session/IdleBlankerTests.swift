import Testing
import PanelUI
@testable import panel

/// Idle blanking on a manual clock, and through a whole replay.
struct IdleBlankerTests {
    @Test func blanksAfterTheIdleTimeButNeverUnderAFinger() {
        var blanker = IdleBlanker(blankAfter: 10, now: 0)
        let r1 = blanker.tick(at: 9.9)
        #expect(!r1)
        let r2 = blanker.touch(.down, slot: 0, at: 5)
        #expect(r2 == .deliver)
        let r3 = blanker.tick(at: 100)
        #expect(blanker.deadline == nil && !r3, "a finger is resting on the screen")
        let r4 = blanker.touch(.up, slot: 0, at: 100)
        #expect(r4 == .deliver)
        #expect(blanker.deadline == 110)
        let r5 = blanker.tick(at: 109)
        let r6 = blanker.tick(at: 110)
        #expect(!r5 && r6)
        let r7 = blanker.tick(at: 200)
        #expect(blanker.state == .blanked && !r7)
    }

    @Test func theWakingGestureIsSwallowedToItsLastFinger() {
        var blanker = IdleBlanker(blankAfter: 1, now: 0)
        let r8 = blanker.tick(at: 2)
        #expect(r8)
        let r9 = blanker.touch(.frame, slot: 0, at: 2.5)
        #expect(r9 == .swallow)
        let r10 = blanker.touch(.down, slot: 0, at: 3)
        #expect(r10 == .wake)
        let r11 = blanker.touch(.down, slot: 1, at: 3.1)
        #expect(r11 == .swallow)
        let r12 = blanker.touch(.motion, slot: 0, at: 3.2)
        #expect(r12 == .swallow)
        let r13 = blanker.touch(.up, slot: 0, at: 3.3)
        #expect(r13 == .swallow)
        let r14 = blanker.touch(.up, slot: 1, at: 3.4)
        #expect(r14 == .swallow)
        #expect(blanker.state == .awake(lastActivity: 3.4, fingers: []))
        let r15 = blanker.touch(.down, slot: 0, at: 3.5)
        #expect(r15 == .deliver, "the next touch counts")
    }

    @Test func replayWithPausesLongerThanBlankAfterTogglesNothing() throws {
        let dir = TemporaryFolder()
        dir.write(DemoPanel.yaml + "\nblank_after: 0.5\n", to: "panel.yaml")
        let result = CommandRunner.run(["run", "--config", dir.file("panel.yaml"), "--display", "headless:800x480",
                                        "--input", "replay:" + RepositoryFile.path("demo/taps.evemu"), "--state", dir.file("state.json")])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("screen blanked after 0.5 s without a touch"))
        #expect(result.err.contains("screen woken by a touch"))
        let saved = try StateDocument.parse(#require(dir.readText("state.json")))
        #expect(saved.value(for: "wifi") == .bool(true), "the tap that woke the screen did not toggle Wi-Fi")
    }
}
