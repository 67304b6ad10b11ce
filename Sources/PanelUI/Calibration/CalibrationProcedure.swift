/// The steps of `panel calibrate` (see CalibrationProcedure.md): a press at each of the four
/// corner crosshairs, then one at the centre to check the fitted matrix. A press that
/// disagrees is asked for again at the same crosshair; two disagreeing presses in a row where
/// the others predict a place start the whole sequence over, since then an earlier press
/// may be the wrong one. Pure: presses in, outcomes out.
public struct CalibrationProcedure: Sendable {
    /// How much disagreement is a slipped finger, in screen pixels.
    public struct Limits: Equatable, Sendable {
        /// The samples of one press may spread this far at most (`Press.spread`).
        public var spread: Double
        /// A press may land at most this far from where the points known so far put it.
        public var disagreement: Double

        public init(spread: Double, disagreement: Double) {
            self.spread = spread
            self.disagreement = disagreement
        }

        /// 3 % and 5 % of the screen's shorter side (14 and 24 px at 800x480), at least 6 and 10 px.
        public static func forScreen(_ screen: Size) -> Limits {
            let side = Double(min(screen.width, screen.height))
            return Limits(spread: max(6, (side * 0.03).rounded()), disagreement: max(10, (side * 0.05).rounded()))
        }
    }

    /// Why a press was not taken.
    public enum Rejection: Equatable, Sendable {
        /// Its samples spread this many pixels (more than `Limits.spread`).
        case slipped(spread: Double)
        /// It landed this many pixels from where the other presses predict.
        case disagrees(by: Double)
        /// A second finger touched during it.
        case twoFingers
        /// The four corners lie along one line: the device reports no second axis.
        case degenerate
    }

    public enum Outcome: Equatable, Sendable {
        /// The press at `place` was taken; the next step is showing.
        case accepted(CalibrationTargets.Place)
        /// The press at `place` was refused; the same crosshair is asked for again.
        case rejected(CalibrationTargets.Place, Rejection)
        /// Two refusals in a row where the others predict: everything is asked for again.
        case restarted(CalibrationTargets.Place, Rejection)
        /// The centre checked out.
        case finished(Result)
    }

    public struct Result: Equatable, Sendable {
        public var matrix: CalibrationMatrix
        /// How far the matrix puts the centre press from the centre crosshair, in pixels.
        public var centreError: Double
        /// The largest distance the matrix leaves between a corner press and its crosshair.
        public var cornerResidual: Double
    }

    public let targets: CalibrationTargets
    public let limits: Limits
    /// The crosshair being asked for; nil once finished.
    public private(set) var place: CalibrationTargets.Place? = .topLeft
    /// The corners pressed so far (device points, normalised).
    private var pressed: [CalibrationFit.Pair] = []
    var pressedCount: Int { pressed.count }
    /// Refusals in a row at the current crosshair for disagreeing with the others.
    private var disagreements = 0
    /// How often the sequence started over.
    public private(set) var restarts = 0
    /// The last outcome, for the screen's message line.
    public private(set) var last: Outcome?

    public init(targets: CalibrationTargets, limits: Limits? = nil) {
        self.targets = targets
        self.limits = limits ?? .forScreen(targets.screen)
    }

    /// 1…4 while a corner is asked for, nil at the centre or when finished.
    public var cornerNumber: Int? {
        guard let place, place != .centre else { return nil }
        return place.rawValue + 1
    }

    /// Takes one press (in uncalibrated screen pixels) aimed at the crosshair showing.
    public mutating func take(_ press: Press) -> Outcome? {
        guard let place else { return nil }
        let outcome = judge(press, at: place)
        last = outcome
        return outcome
    }

    private mutating func judge(_ press: Press, at place: CalibrationTargets.Place) -> Outcome {
        if press.otherFinger { return .rejected(place, .twoFingers) }
        if press.spread > limits.spread { return .rejected(place, .slipped(spread: press.spread)) }
        let screen = targets.screen
        let pair = CalibrationFit.Pair(device: Point(x: press.position.x / Double(screen.width), y: press.position.y / Double(screen.height)),
                                       screen: targets.normalisedPoint(place))
        // From three corners on, the others predict where this press belongs.
        if pressed.count >= 3 {
            guard let matrix = CalibrationFit.fit(pressed) else { return restart(place, .degenerate) }
            let error = CalibrationFit.error(of: pair, through: matrix, screen: screen)
            if error > limits.disagreement {
                disagreements += 1
                if disagreements >= 2 { return restart(place, .disagrees(by: error)) }
                return .rejected(place, .disagrees(by: error))
            }
            if place == .centre {
                self.place = nil
                let residual = pressed.map { CalibrationFit.error(of: $0, through: matrix, screen: screen) }.max() ?? 0
                return .finished(Result(matrix: matrix, centreError: error, cornerResidual: residual))
            }
        }
        disagreements = 0
        pressed.append(pair)
        if pressed.count == 4, CalibrationFit.fit(pressed) == nil { return restart(place, .degenerate) }
        self.place = CalibrationTargets.Place(rawValue: place.rawValue + 1)
        return .accepted(place)
    }

    private mutating func restart(_ place: CalibrationTargets.Place, _ why: Rejection) -> Outcome {
        pressed = []
        disagreements = 0
        restarts += 1
        self.place = .topLeft
        return .restarted(place, why)
    }
}
