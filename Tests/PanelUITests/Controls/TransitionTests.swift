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
        let back = t.retargeted(to: 0, at: 0.5, duration: 1)
        #expect(abs(back.from - 0.5) < 1e-9)
        #expect(back.value(at: 0.5) == back.from)
        #expect(back.value(at: 1.5) == 0)
    }

    @Test func movedCoversFrameSpans() {
        let t = Transition(from: 0, to: 1, start: 1, duration: 0.2)
        #expect(!t.moved(between: 0, and: 1), "nothing moved before it started")
        #expect(t.moved(between: 1, and: 1.1))
        #expect(t.moved(between: 1.15, and: 1.3), "the frame after the end draws the final state")
        #expect(!t.moved(between: 1.2, and: 1.3))
    }
}
