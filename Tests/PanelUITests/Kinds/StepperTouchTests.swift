import Testing
@testable import PanelUI

/// A stepper under a finger: a tap steps once, a held button repeats after 0.5 s at 10 a
/// second on the clock the model is given, the ends hold, and each press repaints only the
/// pressed button and the value.
struct StepperTouchTests {
    static let yaml = """
        title: Climate
        sections:
          - title: Heating
            controls:
              - {id: setpoint, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, unit: "°C", default: 21.5}
        """ + (0..<8).map { "\n      - {id: c\($0), kind: checkbox}" }.joined()

    var model: PanelModel

    init() throws {
        let description = try PanelDescription.parse(Self.yaml, file: "s.yml", fileExists: { _ in true })
        model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: Size(width: 800, height: 480)))
    }

    var row: PanelLayout.Row { model.layout.targets[0] }
    func button(_ direction: Int) -> Point { StepperGeometry(row).button(direction).center }
    var value: ControlValue { model.values[0] }

    mutating func send(_ phase: TouchPhase, _ p: Point, at t: Double) -> [PanelEvent] {
        model.handle(PanelTouch(phase: phase, slot: 0, position: p), at: t)
    }

    @Test mutating func aTapStepsOnceAtUp() {
        #expect(send(.down, button(1), at: 0).valueChanges.isEmpty)
        #expect(model.nextDeadline == 0.5, "a held button's first repeat")
        let events = send(.up, button(1), at: 0.1)
        #expect(events.valueChanges == [ValueChange(controlIndex: 0, id: "setpoint", value: .number(22), previous: .number(21.5))])
        #expect(model.nextDeadline == nil)
        _ = send(.down, button(-1), at: 1)
        _ = send(.up, button(-1), at: 1.05)
        _ = send(.down, button(-1), at: 2)
        _ = send(.up, button(-1), at: 2.05)
        #expect(value == .number(21))
    }

    @Test mutating func holdingRepeatsAfterHalfASecondTenTimesASecond() {
        _ = send(.down, button(1), at: 0)
        var changes: [Double] = []
        // Frames at 60 Hz, as the loop draws while nothing else happens: advance at each.
        for frame in 1...59 {
            let now = Double(frame) / 60
            changes += model.advance(to: now).valueChanges.map { _ in now }
        }
        // Due at 0.5, 0.6, 0.7, 0.8 and 0.9; the frames go up to 59/60 s.
        #expect(changes.count == 5, "\(changes)")
        #expect(changes.first.map { $0 >= 0.5 && $0 < 0.52 } == true)
        #expect(value == .number(24))
        let up = send(.up, button(1), at: 1.01)
        #expect(up.valueChanges.isEmpty, "a hold that repeated does not step again at up")
    }

    @Test mutating func catchUpIsExactWhenTheClockJumps() {
        _ = send(.down, button(-1), at: 10)
        let events = model.advance(to: 10.95)
        #expect(events.valueChanges.map(\.value) == [.number(21), .number(20.5), .number(20), .number(19.5), .number(19)],
                "0.5, 0.6, 0.7, 0.8 and 0.9 s after the down")
        #expect(abs((model.nextDeadline ?? 0) - 11) < 1e-9, "the sixth repeat")
    }

    @Test mutating func theEndsHoldAndStopTheRepeats() {
        _ = send(.down, button(1), at: 0)
        let events = model.advance(to: 100)
        #expect(value == .number(28))
        #expect(events.valueChanges.count == 13, "21.5 to 28 by 0.5")
        #expect(model.nextDeadline == nil, "nothing more to do at max: no wake-ups")
        #expect(send(.up, button(1), at: 100.1).valueChanges.isEmpty)
        _ = send(.down, button(1), at: 101)
        #expect(send(.up, button(1), at: 101.05).valueChanges.isEmpty)
    }

    @Test mutating func aVerticalMoveScrollsAndCancelsTheButton() {
        let start = button(1)
        _ = send(.down, start, at: 0)
        for i in 1...6 { _ = send(.motion, start + Point(x: 0, y: Double(-20 * i)), at: 0.016 * Double(i)) }
        #expect(model.nextDeadline == nil)
        #expect(model.advance(to: 2).isEmpty)
        #expect(send(.up, start + Point(x: 0, y: -120), at: 2.1).valueChanges.isEmpty)
        #expect(value == .number(21.5))
        #expect(model.scrollOffset(at: 3) > 0)
    }

    @Test mutating func leavingTheButtonStopsIt() {
        _ = send(.down, button(-1), at: 0)
        _ = send(.motion, button(-1) + Point(x: -200, y: 0), at: 0.1)
        #expect(model.advance(to: 1).isEmpty)
        #expect(send(.up, button(-1), at: 1.1).valueChanges.isEmpty, "left once, the touch steps no more")
    }

    @Test mutating func theValueTextIsNotAButton() {
        _ = send(.down, row.valueFrame.center, at: 0)
        #expect(send(.up, row.valueFrame.center, at: 0.05).isEmpty)
        #expect(value == .number(21.5))
    }

    @Test mutating func aPressRepaintsThePressedButtonAndTheValueOnly() {
        _ = model.takeDamage(previousFrame: 0, now: 0)
        let plus = StepperGeometry(row).button(1)
        _ = send(.down, button(1), at: 1)
        #expect(model.takeDamage(previousFrame: 0, now: 1) == [plus])
        _ = send(.up, button(1), at: 1.1)
        #expect(Set(model.takeDamage(previousFrame: 1, now: 1.1)) == [plus, row.valueFrame])
        #expect(model.takeDamage(previousFrame: 1.1, now: 1.2).isEmpty, "no animation follows")
        #expect(!model.isAnimating(at: 1.1))
    }
}
