/// `theme: auto`: the light theme by day and the dark one inside a daily window of local
/// time, `dark_from` to `dark_until` (20:00 to 07:00 by default, across midnight when the
/// start is later than the end), for panels on bedroom walls. Pure: the time of day is passed in.
public struct ThemeSchedule: Equatable, Sendable {
    public var light: Theme
    public var dark: Theme
    /// Minutes after local midnight, 0..<1440.
    public var darkFrom: Int
    public var darkUntil: Int

    public static let defaultDarkFrom = 20 * 60
    public static let defaultDarkUntil = 7 * 60
    static let day = 24 * 60 * 60.0

    public init(light: Theme, dark: Theme, darkFrom: Int = defaultDarkFrom, darkUntil: Int = defaultDarkUntil) {
        self.light = light
        self.dark = dark
        self.darkFrom = darkFrom
        self.darkUntil = darkUntil
    }

    /// Whether `secondOfDay` (seconds after local midnight) falls in the dark window.
    public func isDark(atSecondOfDay secondOfDay: Double) -> Bool {
        let s = Self.wrapped(secondOfDay), from = Double(darkFrom * 60), until = Double(darkUntil * 60)
        return from <= until ? (from <= s && s < until) : (s >= from || s < until)
    }

    /// The theme to show at `secondOfDay`.
    public func theme(atSecondOfDay secondOfDay: Double) -> Theme {
        isDark(atSecondOfDay: secondOfDay) ? dark : light
    }

    /// Seconds from `secondOfDay` to the next start or end of the window (more than 0, at
    /// most a day): when a panel must look at the clock again.
    public func secondsToNextSwitch(fromSecondOfDay secondOfDay: Double) -> Double {
        min(Self.secondsUntil(darkFrom, fromSecondOfDay: secondOfDay), Self.secondsUntil(darkUntil, fromSecondOfDay: secondOfDay))
    }

    /// Seconds from `secondOfDay` to the next `minuteOfDay` (minutes after local midnight):
    /// more than 0, at most a day. Burn-in care's `exercise_at` waits with it too.
    public static func secondsUntil(_ minuteOfDay: Int, fromSecondOfDay secondOfDay: Double) -> Double {
        let wait = Double(minuteOfDay * 60) - wrapped(secondOfDay)
        return wait > 0 ? wait : wait + day
    }

    private static func wrapped(_ s: Double) -> Double {
        guard s.isFinite else { return 0 }
        let r = s.truncatingRemainder(dividingBy: day)
        return r < 0 ? r + day : r
    }
}
