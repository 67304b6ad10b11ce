import Glibc
import PanelUI
import Testing
@testable import panel

/// `panel run --stats`: each finger's kernel time against the moment the frame drawn after it
/// reached the screen (its page flip, or its present), as percentiles, bounded.
struct TouchToScreenTests {
    @Test func aTouchCountsToTheFlipOfTheFrameDrawnAfterIt() throws {
        let stats = TouchToScreen()
        stats.touched(atMicroseconds: 1_000)
        stats.presented(atMicroseconds: 1_500, flipQueued: true)
        #expect(stats.count == 0, "not on screen before its flip")
        stats.touched(atMicroseconds: 2_000)  // during the flip: in the next frame
        stats.flipped(atMicroseconds: 3_000)
        #expect(stats.count == 1 && stats.percentile(1) == 2)
        stats.presented(atMicroseconds: 4_000, flipQueued: false)
        #expect(stats.count == 2 && stats.percentile(0.5) == 2 && stats.percentile(1) == 2)
        stats.presented(atMicroseconds: 9_000, flipQueued: false)
        stats.flipped(atMicroseconds: 9_000)
        #expect(stats.count == 2, "frames without new touches count nothing")
        #expect(stats.summary(source: "the flip") == "touch to screen: 2 touches, p50 2.000 ms, p99 2.000 ms, max 2.000 ms (kernel event time to the flip)")
        #expect(TouchToScreen().summary(source: "x") == "touch to screen: no touches")
    }

    @Test func percentilesAreOfTheLastTouchesOnly() {
        let stats = TouchToScreen()
        for i in 0..<(TouchToScreen.keep + 1000) {
            stats.touched(atMicroseconds: 0)
            // The first thousand took 100 ms, the rest 1 ms.
            stats.presented(atMicroseconds: i < 1000 ? 100_000 : 1_000, flipQueued: false)
        }
        #expect(stats.count == TouchToScreen.keep + 1000)
        #expect(stats.percentile(1) == 1, "the old slow ones are forgotten")
        #expect(stats.summary(source: "s").contains("touches (the last \(TouchToScreen.keep))"))
        // Touches that never get a frame don't pile up without bound.
        let stuck = TouchToScreen()
        for _ in 0..<(3 * TouchToScreen.keep) { stuck.touched(atMicroseconds: 0) }
        stuck.presented(atMicroseconds: 1_000, flipQueued: false)
        #expect(stuck.count <= TouchToScreen.keep)
    }

    /// The built binary logs the line as it stops, and says what it timed to.
    @Test func runWithStatsLogsOnExit() throws {
        let folder = TemporaryFolder()
        let panel = try PanelProcess(["run", "--stats", "--input", "none", "--display", "headless:320x240", "--state", folder.file("state.json")],
                                     log: folder.file("log"))
        #expect(panel.waitForLog("stop with SIGTERM", seconds: 20))
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 20) == .exited(0))
        #expect(panel.log.contains("panel: touch to screen: no touches"), "\(panel.log)")
    }

    /// Through the running service: touches written into a descriptor the event loop watches,
    /// stamped with the real clock, are each counted once, to the frame that showed them.
    @Test func theServiceCountsEveryTouchOnce() throws {
        let folder = TemporaryFolder()
        let size = Size(width: 800, height: 480)
        let input = try EvdevSocketInput(screen: size)
        let clock = ManualClock(now: 1)
        let log = Log(write: { _ in })
        let loop = try EventLoop(clock: clock)
        let session = try PanelSession(description: Commands.loadDescription(nil), rotation: .r0, display: HeadlessDisplay(size: size),
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0, log: log)
        try session.renderFullFrame(at: 1)
        let keeper = ValueKeeper(session: session, actions: ActionRunner(loop: loop, log: log, environment: [:]), log: log,
                                 now: { clock.now })
        let service = try PanelService(loop: loop, keeper: keeper, log: log, notifier: ServiceNotifier(environment: [:])) { session }
        let stats = TouchToScreen()
        service.attach(stats: stats)
        try service.attach(input: input)
        let wifi = session.model.layout.targets[0].frame.center
        for tap in 0..<20 {
            clock.now += 1
            let sent = LibinputInput.monotonicMicroseconds()
            try input.send(.down(trackingID: tap, at: wifi), time: Double(sent) / 1e6)
            try loop.runOnce(timeout: 10)
            try input.send(.up, time: Double(sent) / 1e6 + 0.01)
            try loop.runOnce(timeout: 10)
        }
        #expect(stats.count == 20, "every down, once")
        #expect((stats.percentile(1) ?? .infinity) < 10_000, "against the same clock")
        #expect(service.touchToScreenSource == "the frame showing it handed to the display")
    }

    /// A touch stamped at 0 (a broken driver's clock) shown at the end of CLOCK_MONOTONIC's
    /// range is 1.8e16 ms: the summary says so instead of trapping on its thousandths.
    @Test func anAbsurdLatencyIsLoggedNotATrap() {
        let stats = TouchToScreen()
        stats.touched(atMicroseconds: 0)
        stats.presented(atMicroseconds: .max, flipQueued: false)
        stats.touched(atMicroseconds: 0)
        stats.presented(atMicroseconds: 9_223_372_036_854, flipQueued: false)
        let absurd = Double(UInt64.max) / 1000
        #expect(stats.summary(source: "s") == "touch to screen: 2 touches, p50 9223372036.854 ms, p99 \(absurd) ms, max \(absurd) ms "
                + "(kernel event time to s)")
        #expect("\(absurd)".hasSuffix("e+16"))
    }
}
