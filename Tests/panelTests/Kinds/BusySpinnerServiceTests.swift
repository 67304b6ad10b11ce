import Glibc
import PanelUI
import Testing
@testable import panel

/// The busy spinner on a running service, on the manual clock, with real actions: no frame
/// and no timer before 0.3 s, the row repainted when the spinner shows, only its box at each
/// step (a timer for each, nothing at 60 Hz), and nothing due once the action has ended.
struct BusySpinnerServiceTests {
    let folder = TemporaryFolder()

    func service(action: String) throws -> (ValueKeeper, EventLoop, HeadlessDisplay, PanelService) {
        let yaml = """
        sections:
          - controls:
              - {id: flush, kind: button, label: Flush the lines, action: {exec: \(action)}}
        """
        let description = try PanelDescription.parse(yaml, file: "b.yml", fileExists: { _ in true })
        let running = try ManualService(description, state: folder.file("state.json"), environment: ["PATH": "/usr/bin:/bin"])
        return (running.keeper, running.loop, running.display, running.service)
    }

    /// Pixels of the spinner's box that are not the row's colour.
    func ink(_ keeper: ValueKeeper, _ display: HeadlessDisplay) -> Int {
        let model = keeper.session.model
        let box = model.layout.targets[0].badgeFrame(model.layout.metrics)
        let screen = display.screen, row = model.description.theme.rowBackground.xrgb
        var count = 0
        for y in box.minY..<box.maxY { for x in box.minX..<box.maxX where screen[x, y] & 0xFFFFFF != row { count += 1 } }
        return count
    }

    @Test func theSpinnerShowsAfterThreeTenthsAndStepsOnTimers() throws {
        let done = folder.file("done")
        let (keeper, loop, display, service) = try service(action: "[/bin/sh, -c, \"while [ ! -e \(done) ]; do sleep 0.01; done\"]")
        let session = keeper.session
        let row = session.model.layout.targets[0]
        keeper.press(0, source: .socket, at: loop.clock.now) { _ in }
        try loop.advanceTime(by: 0)
        #expect(loop.nextDeadline.map { abs($0 - 0.3) < 1e-9 } == true, "one timer, for the spinner: \(String(describing: loop.nextDeadline))")
        try loop.advanceTime(by: 0.29)
        #expect(ink(keeper, display) == 0, "no spinner before 0.3 s")
        #expect(session.lastFrame == 0, "and no frame")
        try loop.advanceTime(by: 0.01)
        #expect(ink(keeper, display) > 20, "the spinner shows at 0.3 s")
        #expect(session.lastFramePixels == row.frame.area, "its row repainted once")
        #expect(loop.nextDeadline.map { abs($0 - 0.425) < 1e-9 } == true)
        try loop.advanceTime(by: 0.125)
        #expect(session.lastFramePixels == row.badgeFrame(session.model.layout.metrics).area, "a step repaints only the spinner's box")
        #expect(ink(keeper, display) > 20 && session.lastFrame == 0.425)
        // The action ends: the spinner goes, and nothing is due any more.
        close(open(done, O_CREAT | O_WRONLY, 0o600))
        let deadline = MonotonicClock.monotonicSeconds() + 10
        try loop.run(until: { keeper.actions.isIdle || MonotonicClock.monotonicSeconds() > deadline })
        #expect(keeper.actions.isIdle)
        try loop.advanceTime(by: 0)
        #expect(ink(keeper, display) == 0, "gone once the action ended")
        #expect(loop.nextDeadline == nil, "no wake-ups left")
        withExtendedLifetime(service) {}
    }

    /// An action that ends before 0.3 s never draws the spinner: no frame at all.
    @Test func aFastActionDrawsNothing() throws {
        let (keeper, loop, display, service) = try service(action: "[/bin/true]")
        keeper.press(0, source: .socket, at: loop.clock.now) { _ in }
        let deadline = MonotonicClock.monotonicSeconds() + 10
        try loop.run(until: { keeper.actions.isIdle || MonotonicClock.monotonicSeconds() > deadline })
        try loop.advanceTime(by: 0.1)
        try loop.advanceTime(by: 1)
        #expect(keeper.session.lastFrame == 0, "not one frame")
        #expect(ink(keeper, display) == 0)
        #expect(loop.nextDeadline == nil)
        withExtendedLifetime(service) {}
    }
}
