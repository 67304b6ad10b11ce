/// A value moving from `from` to `to` over `duration` seconds from `start`.
/// Time is passed in, never read, so a replay's virtual clock and a test's manual clock
/// drive animations exactly like the frame clock does on hardware.
public struct Transition: Equatable, Sendable {
    public enum Curve: Sendable {
        /// Proportional to time: for painters that shape the motion themselves (BEMCheckBox's animations).
        case linear
        /// Gentle start and stop, like UIKit's default curve (the switch knob).
        case easeInOut
    }

    public var from: Double
    public var to: Double
    public var start: Double
    public var duration: Double
    public var curve: Curve

    public init(from: Double, to: Double, start: Double, duration: Double, curve: Curve = .easeInOut) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    public static func settled(at value: Double, curve: Curve = .easeInOut) -> Transition {
        Transition(from: value, to: value, start: 0, duration: 0, curve: curve)
    }

    public var end: Double { start + duration }

    /// Whether it moves up (a control turning on).
    public var isRising: Bool { to > from }

    /// The way it last went: up or down while it moves, and once settled without moving,
    /// up when it rests on. A box's animation picks its pose by it.
    public var wentUp: Bool { from == to ? to >= 1 : isRising }

    public func value(at now: Double) -> Double {
        guard duration > 0, now < end else { return to }
        let t = max(0, (now - start) / duration)
        switch curve {
        case .linear: return from + (to - from) * t
        case .easeInOut: return from + (to - from) * Self.easeInOut(t)
        }
    }

    /// True while the value still moves at `now`.
    public func isRunning(at now: Double) -> Bool {
        from != to && now < end
    }

    /// True when the value moved at any time in `(previous, now]`: that span's frame must redraw it.
    public func moved(between previous: Double, and now: Double) -> Bool {
        from != to && start < now && end > previous
    }

    /// True when it came to rest in `(previous, now]`: "animation did stop".
    public func stopped(between previous: Double, and now: Double) -> Bool {
        from != to && end > previous && end <= now
    }

    /// A new transition to `target` from wherever this one is at `now`, taking the share of
    /// `fullDuration` that the remaining distance needs, so a quick second tap reverses an
    /// animation smoothly instead of jumping, and at the same speed.
    public func retargeted(to target: Double, at now: Double, fullDuration: Double) -> Transition {
        let here = value(at: now)
        return Transition(from: here, to: target, start: now, duration: fullDuration * min(1, abs(target - here)), curve: curve)
    }

    /// Cubic ease-in-out.
    static func easeInOut(_ t: Double) -> Double {
        t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
    }

    private static func pow3(_ x: Double) -> Double { x * x * x }
}
