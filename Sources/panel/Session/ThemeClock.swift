import Glibc
import PanelUI

/// `theme: auto` on a running panel: which of the schedule's themes shows, and when to look
/// at the local time again. One deadline at the next start or end of the dark window, so an
/// idle panel still makes no other wake-ups; at the deadline the local time is read afresh,
/// so a clock set back or a daylight-saving change only moves the next deadline.
/// Pure apart from `localSecondOfDay`, which tests inject.
struct ThemeClock {
    let schedule: ThemeSchedule
    private var clock: DailyClock

    init(schedule: ThemeSchedule, now: Double, localSecondOfDay: @escaping () -> Double) {
        self.schedule = schedule
        clock = DailyClock(window: schedule.window, now: now, localSecondOfDay: localSecondOfDay)
    }

    var isDark: Bool { clock.isInside }
    /// The panel clock's time of the next look at the local time.
    var deadline: Double { clock.deadline }

    var theme: Theme { isDark ? schedule.dark : schedule.light }

    /// Time has passed up to `now`: the theme to switch to when the window was crossed, nil otherwise.
    mutating func tick(at now: Double) -> Theme? {
        guard clock.tick(at: now) != nil else { return nil }
        return theme
    }

    /// "dark until 07:00", for the log.
    var shown: String {
        isDark ? "dark until \(Self.clockTime(schedule.darkUntil))" : "light until \(Self.clockTime(schedule.darkFrom))"
    }

    static func clockTime(_ minutes: Int) -> String { DailyWindow.clockTime(minutes) }
}

/// The system's local time of day (TZ, /etc/localtime), through localtime_r.
enum LocalTime {
    static func secondOfDay() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return 0 }
        return Double(local.tm_hour * 3600 + local.tm_min * 60 + local.tm_sec) + Double(now.tv_nsec) / 1e9
    }
}
