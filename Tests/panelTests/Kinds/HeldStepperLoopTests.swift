import Glibc
import PanelUI
import Testing
@testable import panel

/// A held stepper button on the real event loop, with no input and nothing animating: the
/// service arms a timer at the model's next deadline, so the loop wakes for each repeat
/// (0.5 s after the down, then every 0.1 s) instead of sleeping until the next touch.
struct HeldStepperLoopTests {
    @Test func aHeldButtonWakesTheLoopForEachRepeat() throws {
        let folder = TemporaryFolder()
        let yaml = "sections:\n  - controls:\n      - {id: temp, kind: stepper, min: 0, max: 50, default: 10}\n"
        let description = try PanelDescription.parse(yaml, file: "t.yml", fileExists: { _ in true })
        let log = Log(write: { _ in })
        let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: Size(width: 800, height: 480)),
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0, log: log)
        let loop = try EventLoop(clock: MonotonicClock())
        let keeper = ValueKeeper(session: session, actions: ActionRunner(loop: loop, log: log, environment: [:]), log: log,
                                 now: { loop.clock.now })
        let service = try PanelService(loop: loop, keeper: keeper, log: log, notifier: ServiceNotifier(environment: [:])) { session }
        try session.renderFullFrame(at: loop.clock.now)
        var changes: [Double] = []
        keeper.observers.append { _, _ in changes.append(loop.clock.now) }

        // The + button: the stepper's right end.
        let stepper = session.model.layout.targets[0].controlFrame
        let plus = Point(x: Double(stepper.maxX - 8), y: stepper.center.y)
        let down = loop.clock.now
        try session.deliver(TouchEvent(phase: .down, slot: 0, position: plus, time: 0), at: down)
        // The wake-up that handled the down arms the timers.
        try loop.runOnce(timeout: 0)
        #expect(changes.isEmpty)
        for repeatIndex in 0..<3 {
            let before = changes.count
            let started = loop.clock.now
            // Without a timer at the deadline this would sleep the whole 5 s.
            try loop.runOnce(timeout: 5)
            #expect(loop.clock.now - started < 4, "repeat \(repeatIndex): the loop slept through the deadline")
            #expect(changes.count > before, "repeat \(repeatIndex): the wake-up stepped")
        }
        #expect(changes.first.map { $0 - down >= 0.5 } == true, "the first repeat comes half a second after the down")
        #expect(session.model.values[0] == .number(10 + Double(changes.count)))
        withExtendedLifetime(service) {}
    }
}
