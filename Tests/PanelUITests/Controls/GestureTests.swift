import Testing
@testable import PanelUI

/// Events, switch knob dragging and scrolling, through the panel model.
struct GestureTests {
    /// A title bar and twelve rows of 64 px in an 800x480 screen: the list scrolls.
    static let yaml = """
    title: Long
    sections:
      - title: Many
        controls:
          - {id: sw, kind: switch}
          - {id: off, kind: checkbox, enabled: false}
    """ + (0..<10).map { "\n      - {id: c\($0), kind: checkbox}" }.joined()

    var model: PanelModel

    init() throws {
        let description = try PanelDescription.parse(Self.yaml, file: "t.yml", fileExists: { _ in true })
        model = PanelModel(description: description,
                           layout: PanelLayout(description: description, logicalSize: Size(width: 800, height: 480)))
    }

    func target(_ id: String) -> Int {
        model.layout.targets.firstIndex { model.description.controls[model.controlIndex(ofTarget: model.layout.targets.firstIndex(of: $0)!)].id == id }!
    }

    /// Where a target shows on screen now.
    func screenCenter(_ id: String, at now: Double = 0) -> Point {
        model.onScreen(model.layout.targets[target(id)].frame, at: now).center
    }

    func value(_ id: String) -> ControlValue {
        model.values[model.description.controls.firstIndex { $0.id == id }!]
    }

    mutating func send(_ phase: TouchPhase, _ p: Point, slot: Int = 0, at t: Double) -> [PanelEvent] {
        model.handle(PanelTouch(phase: phase, slot: slot, position: p), at: t)
    }

    /// One finger from `a` to `b` in `steps` moves over `duration`, held still for `hold`, then lifted.
    mutating func stroke(_ a: Point, _ b: Point, start: Double, duration: Double, steps: Int = 10, hold: Double = 0) -> [PanelEvent] {
        var events = send(.down, a, at: start)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            events += send(.motion, a + (b - a) * f, at: start + duration * f)
        }
        if hold > 0 { events += send(.motion, b, at: start + duration + hold) }
        return events + send(.up, b, at: start + duration + hold)
    }

    @Test mutating func aTapReportsUIControlEventsThenTheValue() {
        let p = screenCenter("c0")
        let events = stroke(p, p + Point(x: 2, y: 1), start: 0, duration: 0.05, steps: 2)
        #expect(events == [
            .control(id: "c0", option: nil, event: .touchDown),
            .control(id: "c0", option: nil, event: .dragInside),
            .control(id: "c0", option: nil, event: .dragInside),
            .control(id: "c0", option: nil, event: .upInside),
            .valueChanged(ValueChange(controlIndex: 2, id: "c0", value: .bool(true), previous: .bool(false))),
        ])
        #expect(model.state(ofTarget: target("c0")) == [.selected])
        #expect(model.animationsStopped(between: 0.05, and: 0.2).isEmpty)
        #expect(model.animationsStopped(between: 0.5, and: 0.6) == [.animationDidStop(id: "c0", option: nil)])
    }

    @Test mutating func statesFollowUIControl() {
        #expect(model.state(ofTarget: target("off")) == [.disabled])
        #expect(model.state(ofTarget: target("c1")) == [])
        _ = send(.down, screenCenter("c1"), at: 0)
        #expect(model.state(ofTarget: target("c1")) == [.highlighted])
    }

    @Test mutating func aVerticalDragScrollsAndCancelsTheControl() {
        #expect(model.scroll.isScrollable)
        let events = stroke(screenCenter("c2"), screenCenter("c2") - Point(x: 0, y: 150), start: 0, duration: 0.5, hold: 0.2)
        #expect(events == [.control(id: "c2", option: nil, event: .touchDown), .control(id: "c2", option: nil, event: .cancel)])
        #expect(value("c2") == .bool(false))
        #expect(model.scrollOffset(at: 2) == 150, "held before lifting, no momentum: the content followed the finger")
    }

    @Test mutating func withinTheSlopItIsStillATap() {
        let p = screenCenter("c2")
        let events = stroke(p, p - Point(x: 0, y: PanelModel.slop - 1), start: 0, duration: 0.1)
        #expect(events.valueChanges.map(\.id) == ["c2"])
        #expect(model.scrollOffset(at: 1) == 0)
    }

    @Test mutating func aFlickScrollsOnAndAFingerCatchesIt() {
        _ = stroke(screenCenter("c2"), screenCenter("c2") - Point(x: 0, y: 120), start: 0, duration: 0.08)
        let animating = model.isAnimating(at: 0.2)
        #expect(animating)
        let moving = model.scrollOffset(at: 0.3)
        #expect(moving > 120)
        // A tap on the moving list only stops it.
        let p = screenCenter("c3", at: 0.3)
        let events = send(.down, p, at: 0.3) + send(.up, p, at: 0.35)
        #expect(events.isEmpty)
        let stillMoving = model.scroll.isMoving(at: 0.4)
        #expect(!stillMoving)
        #expect(model.scrollOffset(at: 5) == model.scrollOffset(at: 0.3))
        // Only the scroll indicator still fades, from the catch on; then no more frames.
        let fading = model.isAnimating(at: 0.4), done = model.isAnimating(at: 0.3 + ScrollPhysics.indicatorFade)
        #expect(fading && !done)
    }

    @Test mutating func afterScrollingTapsHitWhatIsShown() {
        _ = stroke(screenCenter("c2"), screenCenter("c2") - Point(x: 0, y: 200), start: 0, duration: 1, hold: 0.2)
        #expect(model.scrollOffset(at: 3) == 200)
        let p = screenCenter("c5", at: 3)
        #expect(model.layout.viewport.contains(p))
        let events = stroke(p, p, start: 3, duration: 0.05, steps: 1)
        #expect(events.valueChanges.map(\.id) == ["c5"])
    }

    @Test mutating func scrollingRepaintsTheViewportOnly() {
        _ = model.takeDamage(previousFrame: 0, now: 0)
        _ = stroke(screenCenter("c2"), screenCenter("c2") - Point(x: 0, y: 100), start: 0, duration: 0.5, hold: 0.1)
        #expect(model.takeDamage(previousFrame: 0, now: 0.6) == [model.layout.viewport])
        #expect(model.takeDamage(previousFrame: 2, now: 2.1).isEmpty, "at rest nothing repaints")
    }

    @Test mutating func theSwitchKnobFollowsTheFingerAndSnaps() throws {
        let sw = target("sw")
        let track = model.onScreen(model.layout.targets[sw].controlFrame, at: 0)
        let travel = SwitchPainter.knobCenterX(frame: track, position: 1) - SwitchPainter.knobCenterX(frame: track, position: 0)
        let start = Point(x: SwitchPainter.knobCenterX(frame: track, position: 0), y: track.center.y)  // on the knob (off)
        _ = send(.down, start, at: 0)
        _ = send(.motion, start + Point(x: travel * 0.3, y: 0), at: 0.05)
        #expect(abs(model.onness(ofTarget: sw, at: 0.05) - 0.3) < 1e-9, "follows the finger")
        #expect(model.takeDamage(previousFrame: 0, now: 0.05).contains { $0.contains(track) })
        let events = send(.motion, start + Point(x: travel * 0.8, y: 2), at: 0.1) + send(.up, start + Point(x: travel * 0.8, y: 2), at: 0.12)
        #expect(events.valueChanges.map(\.value) == [.bool(true)], "released past the middle: on")
        #expect(abs(model.onness(ofTarget: sw, at: 0.12) - 0.8) < 1e-9, "settles from where it was let go")
        #expect(model.onness(ofTarget: sw, at: 1) == 1)
    }

    @Test mutating func aKnobDraggedBackChangesNothing() {
        let sw = target("sw")
        let track = model.onScreen(model.layout.targets[sw].controlFrame, at: 0)
        let start = Point(x: Double(track.minX) + 10, y: track.center.y)
        var events = send(.down, start, at: 0)
        events += send(.motion, start + Point(x: Double(track.width) * 0.8, y: 0), at: 0.1)
        #expect(model.onness(ofTarget: sw, at: 0.1) == 1, "dragged all the way over")
        events += send(.motion, start + Point(x: 2, y: 0), at: 0.2)
        events += send(.up, start + Point(x: 2, y: 0), at: 0.2)
        #expect(events.valueChanges.isEmpty, "and back: no change")
        #expect(value("sw") == .bool(false))
        #expect(model.onness(ofTarget: sw, at: 2) == 0)
    }

    @Test mutating func aCancelledKnobDragReturns() {
        let sw = target("sw")
        let track = model.onScreen(model.layout.targets[sw].controlFrame, at: 0)
        let start = Point(x: Double(track.minX) + 10, y: track.center.y)
        _ = send(.down, start, at: 0)
        _ = send(.motion, start + Point(x: 40, y: 0), at: 0.1)
        let events = send(.cancel, start, at: 0.2)
        #expect(events == [.control(id: "sw", option: nil, event: .cancel)])
        #expect(model.onness(ofTarget: sw, at: 2) == 0)
    }

    @Test mutating func sidewaysOnTheLabelIsNotAKnobDrag() {
        let row = model.onScreen(model.layout.targets[target("sw")].frame, at: 0)
        let start = Point(x: Double(row.minX) + 30, y: row.center.y)
        let events = stroke(start, start + Point(x: 40, y: 0), start: 0, duration: 0.2)
        #expect(events.valueChanges.map(\.value) == [.bool(true)], "still a tap inside the row")
    }

    @Test mutating func setValueAndReloadMirrorTheSeeds() {
        let c0 = target("c0")
        #expect(model.setValue(.bool(true), ofControl: 2, animated: true, at: 0) != nil)
        #expect(model.onness(ofTarget: c0, at: 0.1) > 0 && model.onness(ofTarget: c0, at: 0.1) < 1)
        model.reload(control: 2)
        #expect(model.onness(ofTarget: c0, at: 0.1) == 1, "reload draws the current value at once")
        #expect(model.setValue(.bool(false), ofControl: 2, animated: false, at: 1) != nil)
        #expect(model.onness(ofTarget: c0, at: 1) == 0)
    }

    @Test mutating func scrollingWithTwoFingersOnlyOneScrolls() {
        let a = screenCenter("c2"), b = screenCenter("c3")
        _ = send(.down, a, slot: 0, at: 0)
        _ = send(.down, b, slot: 1, at: 0)
        _ = send(.motion, a - Point(x: 0, y: 50), slot: 0, at: 0.2)
        let second = send(.motion, b - Point(x: 0, y: 50), slot: 1, at: 0.2)
        #expect(second == [.control(id: "c3", option: nil, event: .dragInside)], "the second finger keeps tracking its control")
    }
}
