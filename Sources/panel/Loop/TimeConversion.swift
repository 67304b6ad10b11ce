import Glibc

/// Seconds (Double) turned into the integer units of system calls, saturating instead of
/// trapping: whatever a description or a flag asks for (1e19 s, infinity, NaN), the
/// conversion gives a value the kernel accepts. Anything past what the unit can hold, and
/// NaN, means "never"; a time at or before 0 means "now".
enum TimeConversion {
    /// The largest count of seconds a timespec holds, as a Double: 2^63 (Int.max rounds up
    /// to it), so every finite value below it converts to Int exactly.
    static let timespecLimit = Double(Int.max)

    /// `seconds` as a timespec, rounded up to the nanosecond (a timer armed at it never fires
    /// before the time it stands for); nil for "never": NaN, +infinity, or 2^63 s and more.
    static func timespec(seconds: Double) -> Glibc.timespec? {
        guard !seconds.isNaN, seconds < timespecLimit else { return nil }
        guard seconds > 0 else { return Glibc.timespec(tv_sec: 0, tv_nsec: 0) }
        let whole = seconds.rounded(.down)
        var wholeSeconds = Int(whole)
        var nanoseconds = Int(((seconds - whole) * 1e9).rounded(.up))
        if nanoseconds >= 1_000_000_000 {
            // whole < 2^63 - 1024 here (the largest Double below 2^63), so one more second fits.
            wholeSeconds += 1
            nanoseconds = 0
        }
        return Glibc.timespec(tv_sec: wholeSeconds, tv_nsec: nanoseconds)
    }

    /// A poll(2)/epoll_wait(2) timeout in milliseconds, rounded up: nil, NaN, +infinity and
    /// anything past CInt.max ms (about 24.8 days) wait for ever (-1); 0 or less does not wait.
    static func pollMilliseconds(_ seconds: Double?) -> CInt {
        guard let seconds, !seconds.isNaN else { return -1 }
        guard seconds > 0 else { return 0 }
        let milliseconds = (seconds * 1000).rounded(.up)
        return milliseconds < Double(CInt.max) ? CInt(milliseconds) : -1
    }

    /// Seconds for people, never trapping: "5", "0.2", "1e+19", "inf".
    static func shown(_ seconds: Double) -> String {
        seconds.isFinite && seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}
