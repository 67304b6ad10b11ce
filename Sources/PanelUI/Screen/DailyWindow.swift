/// A daily window of local time, `from` to `until` (across midnight when `from` is later),
/// shared by `theme: auto`'s dark window and `night:`'s brightness cap. Pure: the time of day
/// is passed in.
public struct DailyWindow: Equatable, Sendable {
    /// Minutes after local midnight, 0..<1440.
    public var from: Int
    public var until: Int

    static let day = 24 * 60 * 60.0

    public init(from: Int, until: Int) {
        self.from = from
        self.until = until
    }

    /// Whether `secondOfDay` (seconds after local midnight) falls inside the window.
    public func contains(secondOfDay: Double) -> Bool {
        let s = Self.wrapped(secondOfDay), start = Double(from * 60), end = Double(until * 60)
        return start <= end ? (start <= s && s < end) : (s >= start || s < end)
    }

    /// Seconds from `secondOfDay` to the window's next start or end (more than 0, at most a
    /// day): when a panel must look at the clock again.
    public func secondsToNextEdge(fromSecondOfDay secondOfDay: Double) -> Double {
        let s = Self.wrapped(secondOfDay)
        return [from, until].map { boundary -> Double in
            let wait = Double(boundary * 60) - s
            return wait > 0 ? wait : wait + Self.day
        }.min()!
    }

    /// "07:00" for 420 minutes.
    public static func clockTime(_ minutes: Int) -> String {
        let h = minutes / 60, m = minutes % 60
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }

    private static func wrapped(_ s: Double) -> Double {
        guard s.isFinite else { return 0 }
        let r = s.truncatingRemainder(dividingBy: day)
        return r < 0 ? r + day : r
    }
}
