import PanelUI

/// One calibration on a display: touches in (uncalibrated screen pixels), presses averaged
/// and judged by `CalibrationProcedure`, the screen drawn again after each judgement, and
/// each refusal said on stderr as well as on the screen.
final class CalibrationRun {
    private(set) var procedure: CalibrationProcedure
    private var averager = PressAverager()
    private let display: any Display
    private let fonts = FontCache()
    private let log: Log

    init(targets: CalibrationTargets, display: any Display, log: Log) throws(CommandFailure) {
        procedure = CalibrationProcedure(targets: targets)
        self.display = display
        self.log = log
        fonts.report = { log.error($0) }
        try show()
    }

    var result: CalibrationProcedure.Result? {
        if case .finished(let result)? = procedure.last { return result }
        return nil
    }

    /// Whether a finger is down now (a press not yet judged).
    var isPressing: Bool { averager.isPressing }

    /// Takes one touch; true once the centre has checked out.
    func feed(_ touch: TouchEvent) throws(CommandFailure) -> Bool {
        guard let press = averager.feed(touch), let asked = procedure.place else { return false }
        guard let outcome = procedure.take(press) else { return false }
        let at = Self.name(asked)
        switch outcome {
        case .accepted:
            log.info("calibrate: \(at) taken: \(Self.shown(press.position)) px uncalibrated, \(press.samples) sample\(press.samples == 1 ? "" : "s") "
                + "within \(CalibrationProcedure.pixels(press.spread))")
        case .rejected(_, let why):
            log.warning("calibrate: \(at): \(why.sentence)\(Self.limit(why, procedure.limits)); asking for it again")
        case .restarted(_, let why):
            log.warning("calibrate: \(at): \(why.sentence)\(Self.limit(why, procedure.limits)) a second time; starting again at point 1 of 4 (top left)")
        case .finished(let result):
            log.info("calibrate: centre off by \(CalibrationProcedure.pixels(result.centreError)); "
                + "the matrix leaves the corners within \(CalibrationProcedure.pixels(result.cornerResidual))")
        }
        try show()
        return procedure.place == nil
    }

    /// Draws the screen for where the procedure stands and presents all of it.
    func show() throws(CommandFailure) {
        let screen = CalibrationScreen(procedure: procedure)
        let frame: PixelBuffer
        do {
            frame = try screen.paint(fonts: fonts)
        } catch {
            throw CommandFailure(message: "panel calibrate: \(error.message)", status: ExitStatus.failure)
        }
        do {
            try display.present(frame, damage: [frame.bounds], rotation: procedure.targets.rotation)
        } catch {
            throw CommandFailure(message: "panel calibrate: display: \(error)", status: ExitStatus.failure)
        }
    }

    /// "point 2 of 4 (top right)", "the centre check".
    static func name(_ place: CalibrationTargets.Place?) -> String {
        guard let place else { return "nothing (done)" }
        return place == .centre ? "the centre check" : "point \(place.rawValue + 1) of 4 (\(place.name))"
    }

    private static func limit(_ why: CalibrationProcedure.Rejection, _ limits: CalibrationProcedure.Limits) -> String {
        switch why {
        case .slipped: " (more than \(CalibrationProcedure.pixels(limits.spread)))"
        case .disagrees: " (more than \(CalibrationProcedure.pixels(limits.disagreement)))"
        case .twoFingers, .degenerate: ""
        }
    }

    private static func shown(_ p: Point) -> String {
        "\(CalibrationMatrix.shown((p.x * 10).rounded() / 10)),\(CalibrationMatrix.shown((p.y * 10).rounded() / 10))"
    }
}
