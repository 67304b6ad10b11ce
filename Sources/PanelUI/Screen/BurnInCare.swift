/// A panel's burn-in care as it runs: where the drawing is on its orbit at a time, when it
/// moves next, and the daily colour cycle. Pure: times and the local time of day are passed in.
public struct BurnInCare: Equatable, Sendable {
    public let settings: BurnInSettings
    /// Over the room the pages leave, at most `max_shift` (scaled) each way.
    public let orbit: BurnInOrbit
    /// nil without `exercise_at`.
    public var exercise: BurnInExercise?

    /// The orbit's step the drawing is at (`advance(to:)`).
    public private(set) var step: Int

    /// `room`: what the panel's pages leave (`PanelModel.shiftRoom`); `secondOfDay` is read
    /// only with `exercise_at`. The drawing starts at the orbit's place for `now`.
    public init(settings: BurnInSettings, room: ShiftRoom, scale: Double, now: Double, secondOfDay: () -> Double) {
        self.settings = settings
        orbit = BurnInOrbit(room: room.limited(to: settings.maxShiftPixels(scale: scale)))
        exercise = settings.exerciseAt.map { BurnInExercise(minuteOfDay: $0, now: now, secondOfDay: secondOfDay()) }
        step = BurnInOrbit.step(at: now, every: settings.shiftEvery)
    }

    /// Where the drawing is.
    public var offset: ShiftOffset { orbit.offset(atStep: step) }

    /// Time has passed up to `time`: the new offset when the drawing must move, else nil.
    public mutating func advance(to time: Double) -> ShiftOffset? {
        let now = BurnInOrbit.step(at: time, every: settings.shiftEvery)
        guard now > step else { return nil }
        let before = offset
        step = now
        return offset == before ? nil : offset
    }

    /// When the drawing moves next: one step every `shift_every` seconds of the panel's clock;
    /// nil when the orbit is one offset (no room, or `max_shift: 0`), so such a panel arms no timer.
    public var nextShift: Double? {
        guard orbit.period > 1 else { return nil }
        return Double(step + 1) * settings.shiftEvery
    }
}
