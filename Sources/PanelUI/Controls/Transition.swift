/// A value moving from `from` to `to` over `duration` seconds from `start`, eased.
/// Time is passed in, never read, so a replay's virtual clock and a test's manual clock
/// drive animations exactly like the frame clock does on hardware.
public struct Transition: Equatable, Sendable {
    public var from: Double
    public var to: Double
    public var start: Double
    public var duration: Double

    public static func settled(at value: Double) -> Transition {
        Transition(from: value, to: value, start: 0, duration: 0)
    }

    public var end: Double { start + duration }

    public func value(at now: Double) -> Double {
        guard duration > 0, now < end else { return to }
        let t = max(0, (now - start) / duration)
        return from + (to - from) * Self.easeInOut(t)
    }

    /// True while the value still moves at `now`.
    public func isRunning(at now: Double) -> Bool {
        from != to && now < end
    }

    /// True when the value moved at any time in `(previous, now]`: that span's frame must redraw it.
    public func moved(between previous: Double, and now: Double) -> Bool {
        from != to && start < now && end > previous
    }

    /// A new transition to `target` starting from wherever this one is at `now`, so a quick
    /// second tap reverses an animation smoothly instead of jumping.
    public func retargeted(to target: Double, at now: Double, duration: Double) -> Transition {
        Transition(from: value(at: now), to: target, start: now, duration: duration)
    }

    /// Cubic ease-in-out: gentle start and stop, like UIKit's default curve.
    static func easeInOut(_ t: Double) -> Double {
        t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
    }

    private static func pow3(_ x: Double) -> Double { x * x * x }
}
