import Testing
@testable import PanelUI

/// The tracker as tables: a sequence of inputs → the events each produced and the phase after.
struct ControlTrackerTests {
    typealias Step = (input: ControlTracker.Input, events: [ControlTracker.Event], phase: ControlTracker.Phase)

    static let sequences: [(name: String, enabled: Bool, steps: [Step])] = [
        ("tap", true, [
            (.down(inside: true), [.touchDown], .trackingInside),
            (.up(inside: true), [.upInside], .idle),
        ]),
        ("press, wobble inside, release", true, [
            (.down(inside: true), [.touchDown], .trackingInside),
            (.move(inside: true), [.dragInside], .trackingInside),
            (.move(inside: true), [.dragInside], .trackingInside),
            (.up(inside: true), [.upInside], .idle),
        ]),
        ("drag off and release outside", true, [
            (.down(inside: true), [.touchDown], .trackingInside),
            (.move(inside: false), [.dragExit, .dragOutside], .trackingOutside),
            (.move(inside: false), [.dragOutside], .trackingOutside),
            (.up(inside: false), [.upOutside], .idle),
        ]),
        ("drag off, re-enter, release inside", true, [
            (.down(inside: true), [.touchDown], .trackingInside),
            (.move(inside: false), [.dragExit, .dragOutside], .trackingOutside),
            (.move(inside: true), [.dragEnter, .dragInside], .trackingInside),
            (.up(inside: true), [.upInside], .idle),
        ]),
        ("cancel while inside", true, [
            (.down(inside: true), [.touchDown], .trackingInside),
            (.cancel, [.cancel], .idle),
            (.up(inside: true), [], .idle),
        ]),
        ("cancel while outside", true, [
            (.down(inside: true), [.touchDown], .trackingInside),
            (.move(inside: false), [.dragExit, .dragOutside], .trackingOutside),
            (.cancel, [.cancel], .idle),
        ]),
        ("duplicate down is ignored", true, [
            (.down(inside: true), [.touchDown], .trackingInside),
            (.down(inside: true), [], .trackingInside),
            (.move(inside: false), [.dragExit, .dragOutside], .trackingOutside),
            (.down(inside: true), [], .trackingOutside),
            (.up(inside: false), [.upOutside], .idle),
        ]),
        ("strays without a down", true, [
            (.move(inside: true), [], .idle),
            (.up(inside: true), [], .idle),
            (.cancel, [], .idle),
            (.down(inside: false), [], .idle),
        ]),
        ("disabled ignores everything", false, [
            (.down(inside: true), [], .idle),
            (.move(inside: true), [], .idle),
            (.up(inside: true), [], .idle),
        ]),
    ]

    @Test(arguments: sequences.indices)
    func sequence(_ index: Int) {
        let sequence = Self.sequences[index]
        var tracker = ControlTracker(isEnabled: sequence.enabled)
        for (n, step) in sequence.steps.enumerated() {
            let events = tracker.handle(step.input)
            #expect(events == step.events, "\(sequence.name), step \(n): \(step.input)")
            #expect(tracker.phase == step.phase, "\(sequence.name), step \(n): \(step.input)")
        }
    }

    @Test func highlightedOnlyWhileInside() {
        var tracker = ControlTracker()
        #expect(!tracker.isHighlighted)
        _ = tracker.handle(.down(inside: true))
        #expect(tracker.isHighlighted && tracker.isTracking)
        _ = tracker.handle(.move(inside: false))
        #expect(!tracker.isHighlighted && tracker.isTracking)
    }

    @Test func disablingWhileTrackingCancels() {
        var tracker = ControlTracker()
        _ = tracker.handle(.down(inside: true))
        #expect(tracker.setEnabled(false) == [.cancel])
        #expect(tracker.phase == .idle)
        #expect(tracker.handle(.down(inside: true)) == [])
        #expect(tracker.setEnabled(true) == [])
        #expect(tracker.handle(.down(inside: true)) == [.touchDown])
    }
}
