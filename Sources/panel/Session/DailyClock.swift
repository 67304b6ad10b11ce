import PanelUI

/// A daily window of local time on a running panel: whether the local time is inside it,
/// and one deadline at its next start or end, so an idle panel makes no other wake-ups. At
/// the deadline the local time is read afresh, so a clock set back or a daylight-saving
/// change only moves the next deadline. `theme: auto` (ThemeClock) and `night:` share it.
/// Pure apart from `localSecondOfDay`, which tests inject.
struct DailyClock {
    let window: DailyWindow
    /// Seconds after local midnight now (`LocalTime.secondOfDay` in the program).
    let localSecondOfDay: () -> Double
    private(set) var isInside: Bool
    /// The panel clock's time of the next look at the local time.
    private(set) var deadline: Double

    init(window: DailyWindow, now: Double, localSecondOfDay: @escaping () -> Double) {
        self.window = window
        self.localSecondOfDay = localSecondOfDay
        let local = localSecondOfDay()
        isInside = window.contains(secondOfDay: local)
        deadline = now + window.secondsToNextEdge(fromSecondOfDay: local)
    }

    /// Time has passed up to `now`: whether the window was entered (true) or left (false),
    /// nil when neither.
    mutating func tick(at now: Double) -> Bool? {
        guard now >= deadline else { return nil }
        let local = localSecondOfDay()
        deadline = now + window.secondsToNextEdge(fromSecondOfDay: local)
        let inside = window.contains(secondOfDay: local)
        guard inside != isInside else { return nil }
        isInside = inside
        return inside
    }
}
