import Testing
@testable import PanelUI

/// A slider under a finger, through the panel model: tap-to-position, drags that follow the
/// finger on the step grid, the list's scroll taking a vertical move, and when changes are sent.
struct SliderTouchTests {
    /// Two sliders and enough rows below that the list scrolls at 800x480 (`scrolls`), or only
    /// the sliders (it doesn't).
    static func yaml(send: String = "release", scrolls: Bool = true) -> String {
        """
        title: Sliders
        sections:
          - title: Display
            controls:
              - {id: level, kind: slider, label: Brightness, min: 0, max: 100, step: 5, unit: "%", default: 50, send: \(send)}
              - {id: fine, kind: slider, label: Fine, min: 0, max: 1, step: 0.1, default: 0.3}
        """ + (scrolls ? (0..<8).map { "\n      - {id: c\($0), kind: checkbox}" }.joined() : "")
    }

    var model: PanelModel

    init(send: String = "release", scrolls: Bool = true) throws {
        let description = try PanelDescription.parse(Self.yaml(send: send, scrolls: scrolls), file: "s.yml", fileExists: { _ in true })
        model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: Size(width: 800, height: 480)))
    }

    init() throws { try self.init(send: "release") }

    var track: Rect { model.layout.targets[0].controlFrame }
    /// Where the value `v` of the 0...100 slider sits on its track, on screen.
    func x(_ v: Double) -> Double { Double(track.x) + Double(track.width) * v / 100 }
    var y: Double { track.center.y }
    var level: ControlValue { model.values[0] }

    mutating func send(_ phase: TouchPhase, _ x: Double, _ y: Double, slot: Int = 0, at t: Double) -> [PanelEvent] {
        model.handle(PanelTouch(phase: phase, slot: slot, position: Point(x: x, y: y)), at: t)
    }

    /// A horizontal drag from `a` to `b` in `steps` moves, 16 ms apart, then lifted.
    mutating func drag(from a: Double, to b: Double, steps: Int = 10, start: Double = 0, dy: Double = 0) -> [PanelEvent] {
        var events = send(.down, a, y, at: start)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            events += send(.motion, a + (b - a) * f, y + dy * f, at: start + 0.016 * Double(i))
        }
        return events + send(.up, b, y + dy, at: start + 0.016 * Double(steps + 1))
    }

    @Test mutating func aDragOnTheKnobEndsAtTheValueUnderTheFinger() {
        #expect(model.scroll.isScrollable)
        let events = drag(from: x(50), to: x(81))
        #expect(level == .number(80), "81 % of the track is 80 on the grid of 5")
        #expect(events.valueChanges == [ValueChange(controlIndex: 0, id: "level", value: .number(80), previous: .number(50))],
                "send: release reports once, at up")
        #expect(model.scrollOffset(at: 1) == 0, "a sideways drag never scrolls the list")
    }

    @Test mutating func grabbedOffTheKnobCentreTheKnobKeepsItsOffset() {
        // Down 8 px right of the knob's centre, moved by 20 % of the track.
        let grab = x(50) + 8
        _ = drag(from: grab, to: grab + Double(track.width) * 0.2)
        #expect(level == .number(70), "the knob moved as far as the finger, not to under it")
    }

    @Test mutating func aTapOnTheTrackPutsTheKnobThere() {
        var events = send(.down, x(12), y, at: 0)
        #expect(level == .number(50), "in a list that scrolls, nothing moves until the finger shows what it does")
        events += send(.up, x(12), y, at: 0.08)
        #expect(level == .number(10))
        #expect(events.valueChanges.map(\.value) == [.number(10)])
    }

    @Test mutating func aVerticalMoveScrollsAndLeavesTheValue() {
        let events = drag(from: x(90), to: x(92), dy: -120)
        #expect(level == .number(50))
        #expect(events.valueChanges.isEmpty)
        #expect(events.contains(.control(id: "level", option: nil, event: .cancel)))
        #expect(model.scrollOffset(at: 0.2) > 0, "the list scrolled")
    }

    @Test mutating func aSidewaysMoveFirstThenVerticalKeepsDragging() {
        _ = send(.down, x(50), y, at: 0)
        _ = send(.motion, x(50) + 6, y, at: 0.016)
        for i in 1...8 { _ = send(.motion, x(60), y - Double(i) * 20, at: 0.016 * Double(i + 1)) }
        _ = send(.up, x(60), y - 160, at: 0.2)
        #expect(level == .number(60))
        #expect(model.scrollOffset(at: 0.3) == 0)
    }

    @Test mutating func valuesStayOnTheGridAndInRange() {
        _ = drag(from: x(50), to: x(500))
        #expect(level == .number(100))
        _ = drag(from: x(100), to: -4000, start: 1)
        #expect(level == .number(0))
        let fine = model.layout.targets[1].controlFrame
        let at = Double(fine.x) + Double(fine.width) * 0.3
        _ = send(.down, at, fine.center.y, at: 2)
        _ = send(.motion, at + Double(fine.width) * 0.41, fine.center.y, at: 2.1)
        _ = send(.up, at + Double(fine.width) * 0.41, fine.center.y, at: 2.2)
        #expect(model.values[1] == .number(0.7), "0.3 + 0.4 is 0.7 exactly, not 0.7000000000000001")
    }

    @Test mutating func aCancelPutsBackTheValueLastReported() {
        _ = send(.down, x(50), y, at: 0)
        _ = send(.motion, x(70), y, at: 0.02)
        #expect(level == .number(70))
        let events = send(.cancel, x(70), y, at: 0.04)
        #expect(events.valueChanges.isEmpty)
        #expect(level == .number(50))
    }

    @Test func continuousSendsAtMostEveryIntervalAndTheLastAtUp() throws {
        var t = try SliderTouchTests(send: "continuous")
        var changes: [(Double, ControlValue)] = []
        func note(_ events: [PanelEvent], _ now: Double) { changes += events.valueChanges.map { (now, $0.value) } }
        note(t.send(.down, t.x(50), t.y, at: 0), 0)
        // Every 20 ms one more point of the range, 0.6 s long: 30 moves.
        for i in 1...30 {
            let now = 0.02 * Double(i)
            note(t.model.advance(to: now), now)
            note(t.send(.motion, t.x(50) + Double(i) * Double(t.track.width) / 100, t.y, at: now), now)
        }
        // The finger rests; the value not sent yet goes out when its interval is over.
        let due = try #require(t.model.nextDeadline)
        note(t.model.advance(to: due), due)
        #expect(t.model.nextDeadline == nil)
        note(t.send(.up, t.x(80), t.y, at: 1), 1)
        let times = changes.map(\.0)
        for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= 0.2 - 1e-9, "\(times)") }
        #expect(changes.count >= 3 && changes.count <= 5, "\(changes)")
        #expect(changes.last?.1 == .number(80))
        #expect(t.level == .number(80))
    }

    @Test func anUnscrollableListMovesTheKnobAtTheDown() throws {
        var t = try SliderTouchTests(send: "release", scrolls: false)
        #expect(!t.model.scroll.isScrollable)
        _ = t.send(.down, t.x(20), t.y, at: 0)
        #expect(t.level == .number(20))
        let events = t.send(.up, t.x(20), t.y, at: 0.05)
        #expect(events.valueChanges.map(\.value) == [.number(20)])
    }

    @Test mutating func theLabelIsNotTheSlider() {
        let label = model.layout.targets[0].labelFrame.center
        _ = send(.down, label.x, label.y, at: 0)
        let events = send(.up, label.x, label.y, at: 0.05)
        #expect(events.isEmpty && level == .number(50))
    }
}
