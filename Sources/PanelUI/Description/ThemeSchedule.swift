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

    public init(light: Theme, dark: Theme, darkFrom: Int = defaultDarkFrom, darkUntil: Int = defaultDarkUntil) {
        self.light = light
        self.dark = dark
        self.darkFrom = darkFrom
        self.darkUntil = darkUntil
    }

    /// The dark window as a daily window of local time.
    public var window: DailyWindow { DailyWindow(from: darkFrom, until: darkUntil) }

    /// Whether `secondOfDay` (seconds after local midnight) falls in the dark window.
    public func isDark(atSecondOfDay secondOfDay: Double) -> Bool {
        window.contains(secondOfDay: secondOfDay)
    }

    /// The theme to show at `secondOfDay`.
    public func theme(atSecondOfDay secondOfDay: Double) -> Theme {
        isDark(atSecondOfDay: secondOfDay) ? dark : light
    }

    /// Seconds from `secondOfDay` to the next start or end of the window (more than 0, at
    /// most a day): when a panel must look at the clock again.
    public func secondsToNextSwitch(fromSecondOfDay secondOfDay: Double) -> Double {
        window.secondsToNextEdge(fromSecondOfDay: secondOfDay)
    }

    /// Seconds from `secondOfDay` to the next `minuteOfDay` (minutes after local midnight):
    /// more than 0, at most a day. Burn-in care's `exercise_at` waits with it too.
    public static func secondsUntil(_ minuteOfDay: Int, fromSecondOfDay secondOfDay: Double) -> Double {
        DailyWindow(from: minuteOfDay, until: minuteOfDay).secondsToNextEdge(fromSecondOfDay: secondOfDay)
    }
}
