import Glibc

/// The event loop's time source, in seconds. Injected so tests drive time by hand
/// (as NIO's EmbeddedEventLoop does) while the program follows CLOCK_MONOTONIC.
protocol LoopClock: AnyObject {
    var now: Double { get }
    /// The CLOCK_MONOTONIC instant of `time`, for arming a timerfd; nil when the timerfd must
    /// stay disarmed: `time` is "never" (NaN, infinity, past what a timespec holds), or the
    /// clock doesn't follow real time (its timers fire only when a test advances it).
    func monotonicInstant(of time: Double) -> timespec?
}

/// Real time: CLOCK_MONOTONIC, shifted so that it reads `start` when created (a session's
/// times start at 0, and a replay held afterwards continues from its virtual end).
final class MonotonicClock: LoopClock {
    private var origin: Double

    init(startingAt start: Double = 0) {
        origin = Self.monotonicSeconds() - start
    }

    /// Makes the clock read `time` now: a panel held after a replay goes on from the
    /// replay's virtual end, so its animations and blanking continue where they were.
    func `continue`(from time: Double) {
        origin = Self.monotonicSeconds() - time
    }

    var now: Double { Self.monotonicSeconds() - origin }

    func monotonicInstant(of time: Double) -> timespec? {
        TimeConversion.timespec(seconds: time + origin)
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// Time that moves only when told to: `EventLoop.advanceTime(by:)` fires the timers it passes.
final class ManualClock: LoopClock {
    var now: Double

    init(now: Double = 0) { self.now = now }

    func monotonicInstant(of time: Double) -> timespec? { nil }
}
