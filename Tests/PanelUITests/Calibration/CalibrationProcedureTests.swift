import PanelUI
import Testing

/// The steps of a calibration (CalibrationProcedure.md), fed presses directly.
struct CalibrationProcedureTests {
    static let screen = Size(width: 800, height: 480)
    /// The device of these tests: axes swapped.
    static let swapped = CalibrationMatrix([0, 1, 0, 1, 0, 0])

    /// A steady press at `place` as the swapped device reports it (uncalibrated screen pixels),
    /// `off` screen pixels away from the crosshair.
    static func press(_ place: CalibrationTargets.Place, _ targets: CalibrationTargets, off: Point = .zero, spread: Double = 1) -> Press {
        let p = targets.normalisedPoint(place)
        let aimed = Point(x: p.x + off.x / 800, y: p.y + off.y / 480)
        // Swapped: the device's x is the screen's y.
        return Press(position: Point(x: aimed.y * 800, y: aimed.x * 480), spread: spread, samples: 6)
    }

    @Test(arguments: Rotation.allCases)
    func fivePressesFinishWithTheMatrix(_ rotation: Rotation) throws {
        let targets = CalibrationTargets(screen: Self.screen, rotation: rotation)
        var procedure = CalibrationProcedure(targets: targets)
        var outcomes: [CalibrationProcedure.Outcome?] = []
        for place in CalibrationTargets.Place.allCases {
            #expect(procedure.place == place)
            outcomes.append(procedure.take(Self.press(place, targets)))
        }
        #expect(Array(outcomes.prefix(4)) == CalibrationTargets.Place.allCases.prefix(4).map { .accepted($0) })
        guard case .finished(let result)? = outcomes.last else {
            Issue.record("not finished: \(outcomes)")
            return
        }
        for (got, want) in zip(result.matrix.values, Self.swapped.values) { #expect(abs(got - want) < 1e-9) }
        #expect(result.centreError < 1e-6 && result.cornerResidual < 1e-6)
        #expect(procedure.place == nil)
        #expect(procedure.take(Self.press(.centre, targets)) == nil, "nothing is taken once finished")
    }

    @Test func aSlippedPressIsAskedForAgainAtTheSamePlace() {
        let targets = CalibrationTargets(screen: Self.screen, rotation: .r0)
        var procedure = CalibrationProcedure(targets: targets)
        #expect(procedure.limits == CalibrationProcedure.Limits(spread: 14, disagreement: 24))
        _ = procedure.take(Self.press(.topLeft, targets))
        #expect(procedure.take(Self.press(.topRight, targets, spread: 14.5)) == .rejected(.topRight, .slipped(spread: 14.5)))
        #expect(procedure.place == .topRight)
        #expect(procedure.cornersTaken == 1)
        #expect(procedure.take(Self.press(.topRight, targets, spread: 14)) == .accepted(.topRight))
    }

    @Test func twoFingersAreRefused() {
        let targets = CalibrationTargets(screen: Self.screen, rotation: .r0)
        var procedure = CalibrationProcedure(targets: targets)
        var press = Self.press(.topLeft, targets)
        press.otherFinger = true
        #expect(procedure.take(press) == .rejected(.topLeft, .twoFingers))
        #expect(procedure.place == .topLeft)
    }

    @Test func theFourthCornerMustAgreeWithTheFirstThree() throws {
        let targets = CalibrationTargets(screen: Self.screen, rotation: .r0)
        var procedure = CalibrationProcedure(targets: targets)
        for place in CalibrationTargets.Place.allCases.prefix(3) { _ = procedure.take(Self.press(place, targets)) }
        // 30 px off: rejected once.
        guard case .rejected(.bottomLeft, .disagrees(let by))? = procedure.take(Self.press(.bottomLeft, targets, off: Point(x: 30, y: 0))) else {
            Issue.record("not rejected")
            return
        }
        #expect(abs(by - 30) < 1e-6)
        // 20 px off is within 24: taken.
        #expect(procedure.take(Self.press(.bottomLeft, targets, off: Point(x: 20, y: 0))) == .accepted(.bottomLeft))
        #expect(procedure.place == .centre)
    }

    @Test func twoDisagreementsInARowStartOver() {
        let targets = CalibrationTargets(screen: Self.screen, rotation: .r0)
        var procedure = CalibrationProcedure(targets: targets)
        // The first corner slipped in a way its samples don't show: 40 px off.
        _ = procedure.take(Self.press(.topLeft, targets, off: Point(x: 40, y: 40)))
        _ = procedure.take(Self.press(.topRight, targets))
        _ = procedure.take(Self.press(.bottomRight, targets))
        if case .rejected(.bottomLeft, .disagrees)? = procedure.take(Self.press(.bottomLeft, targets)) {} else { Issue.record("first not rejected") }
        if case .restarted(.bottomLeft, .disagrees)? = procedure.take(Self.press(.bottomLeft, targets)) {} else { Issue.record("not restarted") }
        #expect(procedure.place == .topLeft)
        #expect(procedure.cornersTaken == 0)
        #expect(procedure.restarts == 1)
        // Done properly the second time.
        for place in CalibrationTargets.Place.allCases { _ = procedure.take(Self.press(place, targets)) }
        #expect(procedure.place == nil)
    }

    @Test func aCentreFarFromTheFitIsAskedForAgain() {
        let targets = CalibrationTargets(screen: Self.screen, rotation: .r0)
        var procedure = CalibrationProcedure(targets: targets)
        for place in CalibrationTargets.Place.allCases.prefix(4) { _ = procedure.take(Self.press(place, targets)) }
        if case .rejected(.centre, .disagrees)? = procedure.take(Self.press(.centre, targets, off: Point(x: 0, y: 50))) {} else { Issue.record("not rejected") }
        #expect(procedure.place == .centre)
        if case .finished(let result)? = procedure.take(Self.press(.centre, targets, off: Point(x: 3, y: 4))) {
            #expect(abs(result.centreError - 5) < 1e-6)
        } else {
            Issue.record("not finished")
        }
    }

    @Test func cornersAlongOneLineStartOver() {
        let targets = CalibrationTargets(screen: Self.screen, rotation: .r0)
        var procedure = CalibrationProcedure(targets: targets)
        // A device that reports only one axis: every press at the same y.
        let flat = { (x: Double) in Press(position: Point(x: x, y: 240), spread: 1, samples: 5) }
        _ = procedure.take(flat(80))
        _ = procedure.take(flat(720))
        #expect(procedure.take(flat(720)) == .accepted(.bottomRight))
        #expect(procedure.take(flat(80)) == .restarted(.bottomLeft, .degenerate))
        #expect(procedure.place == .topLeft)
    }
}
