/// `exercise_at: "03:00"`: once a day, at that local time, while the screen is on and nobody
/// has touched the panel for `quietSeconds`, the whole screen shows red, green, blue, white and
/// black for a second each, then the panel again. Every pixel is driven through its full range,
/// which evens out what a still picture wore in. A touch during it stops it and is swallowed,
/// down to its last finger lifting, so it changes nothing. The states are in BurnIn.md beside this file.
///
/// Pure: time and the local time of day are passed in. One deadline at a time, the next look
/// at the local time (as `theme: auto` does, from `ThemeSchedule.secondsUntil`), so a panel
/// makes no other wake-ups for it; a clock set back or forward only moves that deadline.
public struct BurnInExercise: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        /// Until the next `exercise_at`.
        case waiting
        /// Colour `shown` of `colours` is on screen; the cycle started at `since`.
        case showing(since: Double, shown: Int)
        /// Stopped by these fingers: their events are swallowed until all are lifted.
        case swallowing(fingers: Set<Int>)
    }

    /// What a touch event does.
    public enum Verdict: Equatable, Sendable {
        case deliver
        /// Stop the cycle and draw the panel again; the event itself is swallowed.
        case stop
        case swallow
    }

    /// What the panel must show after `tick`.
    public enum Step: Equatable, Sendable {
        case nothing
        /// The whole screen in this colour.
        case show(Color)
        /// The cycle is over: draw the panel again.
        case finish
    }

    public static let colours: [Color] = [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 255, b: 0), Color(r: 0, g: 0, b: 255), .white, .black]
    public static let stepSeconds = 1.0
    /// Nobody may have touched the panel for this long; until then the cycle waits.
    public static let quietSeconds = 60.0
    /// A cycle that could not start at its time (a finger on the panel, a late wake-up) starts
    /// up to this long after it, else on the next day.
    public static let latestStart = 3600.0

    /// Minutes after local midnight.
    public let minuteOfDay: Int
    public private(set) var state = State.waiting
    /// When to act next (a colour's end, the look at the local time), panel clock.
    public private(set) var deadline: Double
    /// The last touch event, panel clock.
    public private(set) var lastTouch: Double

    /// `secondOfDay`: seconds after local midnight now; the panel counts as touched at `now`.
    public init(minuteOfDay: Int, now: Double, secondOfDay: Double) {
        self.minuteOfDay = minuteOfDay
        lastTouch = now
        deadline = now + ThemeSchedule.secondsUntil(minuteOfDay, fromSecondOfDay: secondOfDay)
    }

    public var isShowing: Bool {
        if case .showing = state { return true }
        return false
    }

    /// Time has passed up to `now`. `secondOfDay` is read only at a deadline; `screenOn` false
    /// (blanked) skips the day's cycle; with `fingersDown` it waits.
    public mutating func tick(at now: Double, secondOfDay: () -> Double, screenOn: Bool, fingersDown: Bool) -> Step {
        guard now >= deadline else { return .nothing }
        switch state {
        case .swallowing:
            return .nothing
        case .showing(let since, let shown):
            let step = Int(clamping: ((now - since) / Self.stepSeconds).rounded(.down))
            guard step < Self.colours.count else {
                state = .waiting
                deadline = now + ThemeSchedule.secondsUntil(minuteOfDay, fromSecondOfDay: secondOfDay())
                return .finish
            }
            let next = max(step, shown)
            state = .showing(since: since, shown: next)
            deadline = since + Double(next + 1) * Self.stepSeconds
            return next == shown ? .nothing : .show(Self.colours[next])
        case .waiting:
            let local = secondOfDay()
            let wait = ThemeSchedule.secondsUntil(minuteOfDay, fromSecondOfDay: local)
            // Seconds since today's time: a deadline met a little early waits the rest.
            let late = DailyWindow.day - wait
            guard late < Self.latestStart, screenOn else {
                deadline = now + wait
                return .nothing
            }
            if fingersDown || now - lastTouch < Self.quietSeconds {
                deadline = (fingersDown ? now : lastTouch) + Self.quietSeconds
                return .nothing
            }
            state = .showing(since: now, shown: 0)
            deadline = now + Self.stepSeconds
            return .show(Self.colours[0])
        }
    }

    /// A touch event at `now`.
    public mutating func touch(_ phase: TouchPhase, slot: Int, at now: Double, secondOfDay: () -> Double) -> Verdict {
        lastTouch = now
        switch state {
        case .waiting:
            return .deliver
        case .showing:
            guard phase == .down else { return .swallow }
            state = .swallowing(fingers: [slot])
            return .stop
        case .swallowing(var fingers):
            switch phase {
            case .down: fingers.insert(slot)
            case .up, .cancel: fingers.remove(slot)
            case .motion, .frame: break
            }
            if fingers.isEmpty && phase != .down {
                state = .waiting
                deadline = now + ThemeSchedule.secondsUntil(minuteOfDay, fromSecondOfDay: secondOfDay())
            } else {
                state = .swallowing(fingers: fingers)
            }
            return .swallow
        }
    }

    /// A touch the panel took elsewhere (the one waking a blanked screen): the quiet starts again.
    public mutating func noteTouch(at now: Double) {
        lastTouch = max(lastTouch, now)
    }

    /// The screen was blanked: a cycle showing ends without drawing the panel (the wake does).
    /// Returns whether one was showing.
    public mutating func screenBlanked(at now: Double, secondOfDay: () -> Double) -> Bool {
        guard isShowing else { return false }
        state = .waiting
        deadline = now + ThemeSchedule.secondsUntil(minuteOfDay, fromSecondOfDay: secondOfDay())
        return true
    }

    /// When `tick` has work next; nil while swallowing a touch (its lifting ends that).
    public var nextDeadline: Double? {
        if case .swallowing = state { return nil }
        return deadline
    }
}
