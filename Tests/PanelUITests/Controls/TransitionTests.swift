import Testing
@testable import PanelUI

struct TransitionTests {
    @Test func runsFromStartToEndEased() {
        let t = Transition(from: 0, to: 1, start: 10, duration: 0.5)
        #expect(t.value(at: 9) == 0)
        #expect(t.value(at: 10) == 0)
        #expect(abs(t.value(at: 10.25) - 0.5) < 1e-9)
        #expect(t.value(at: 10.1) < 0.1, "eases in")
        #expect(t.value(at: 10.5) == 1)
        #expect(t.isRunning(at: 10.49))
        #expect(!t.isRunning(at: 10.5))
    }

    @Test func settledNeverRuns() {
        let t = Transition.settled(at: 1)
        #expect(t.value(at: 0) == 1)
        #expect(!t.isRunning(at: 0))
        #expect(!t.moved(between: -1, and: 100))
    }

    @Test func retargetingStartsWhereItIs() {
        let t = Transition(from: 0, to: 1, start: 0, duration: 1)
        let back = t.retargeted(to: 0, at: 0.5, fullDuration: 1)
        #expect(abs(back.from - 0.5) < 1e-9)
        #expect(back.value(at: 0.5) == back.from)
        #expect(abs(back.duration - 0.5) < 1e-9, "half the distance left: half the time")
        #expect(back.value(at: 1.0) == 0)
    }

    @Test func linearCurveIsProportionalToTime() {
        let t = Transition(from: 0, to: 1, start: 0, duration: 2, curve: .linear)
        #expect(t.value(at: 0.5) == 0.25)
        #expect(t.isRising)
        let back = t.retargeted(to: 0, at: 1, fullDuration: 2)
        #expect(back.value(at: 1) == 0.5 && !back.isRising && back.curve == .linear)
    }

    @Test func stoppedFiresInTheFrameThatReachesTheEnd() {
        let t = Transition(from: 0, to: 1, start: 1, duration: 0.2)
        #expect(!t.stopped(between: 1.0, and: 1.1))
        #expect(t.stopped(between: 1.1, and: 1.2))
        #expect(!t.stopped(between: 1.2, and: 1.3))
        #expect(!Transition.settled(at: 1).stopped(between: -1, and: 1))
    }

    @Test func movedCoversFrameSpans() {
        let t = Transition(from: 0, to: 1, start: 1, duration: 0.2)
        #expect(!t.moved(between: 0, and: 1), "nothing moved before it started")
        #expect(t.moved(between: 1, and: 1.1))
        #expect(t.moved(between: 1.15, and: 1.3), "the frame after the end draws the final state")
        #expect(!t.moved(between: 1.2, and: 1.3))
    }
}
