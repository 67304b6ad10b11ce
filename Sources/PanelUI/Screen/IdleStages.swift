/// What the idle stages show: the screen at its brightness, dimmed, or off.
public enum IdleState: String, Sendable, Equatable {
    case active, dimmed, off
}

/// The idle stages (`idle:`) as a pure state machine on the panel's clock: active → dimmed
/// (a fade over `fadeDuration`) → off, and back to active on a touch, which is swallowed
/// whole, down to its last finger lifting, whatever it lands on, so waking a panel never
/// presses what the finger could not see. Never dims or goes off under a finger. See
/// IdleStages.md for the diagram.
///
/// `canDim` is false without a backlight: the dim stage is skipped and `off` is DPMS or a
/// black frame. Time is passed in; `deadline` is the only moment anything is due, nil when
/// nothing is (no timer needed).
public struct IdleStages: Equatable, Sendable {
    enum Phase: Equatable {
        /// `fingers` are down now.
        case active(lastActivity: Double, fingers: Set<Int>)
        /// Dimming started at `since` (the fade runs for `fadeDuration`).
        case dimmed(lastActivity: Double, since: Double)
        case off
        /// Woken by these fingers; their events are swallowed until all are lifted.
        case waking(fingers: Set<Int>)
    }

    /// What to do with a touch event.
    public enum Verdict: Equatable, Sendable {
        case deliver
        /// Bring the screen back (brightness, power, a frame); the event itself is swallowed.
        case wake
        case swallow
    }

    public let settings: IdleSettings
    public let canDim: Bool
    private(set) var phase: Phase

    /// How long dimming takes, in seconds.
    public static let fadeDuration = 0.5
    /// The fade's steps: one brightness change per this many seconds (15 over a fade).
    public static let fadeStep = 1.0 / 30

    public init(settings: IdleSettings, canDim: Bool, now: Double) {
        self.settings = settings
        self.canDim = canDim
        phase = .active(lastActivity: now, fingers: [])
    }

    /// The stage shown: waking counts as active (the screen is back).
    public var state: IdleState {
        switch phase {
        case .active, .waking: .active
        case .dimmed: .dimmed
        case .off: .off
        }
    }

    /// The dim stage's delay when it applies (a backlight, and before `off_after`).
    private var dimAfter: Double? {
        guard canDim, let dim = settings.dimAfter, dim.isFinite else { return nil }
        if let off = settings.offAfter, off <= dim { return nil }
        return dim
    }

    private var offAfter: Double? { settings.offAfter.flatMap { $0.isFinite ? $0 : nil } }

    /// The next moment something is due: a stage, or the fade's next step; nil while a finger
    /// is down, while off or waking, and when no stage is set.
    public var deadline: Double? {
        switch phase {
        case .active(let last, let fingers):
            guard fingers.isEmpty else { return nil }
            if let dim = dimAfter { return last + dim }
            return offAfter.map { last + $0 }
        case .dimmed(let last, let since):
            return [nextFadeStep(since: since), offAfter.map { last + $0 }].compactMap { $0 }.min()
        case .off, .waking:
            return nil
        }
    }

    /// The latest time `tick` saw: the fade's steps after it are still due.
    private var lastTick = -Double.infinity

    /// The fade step after the last one taken, or nil once the fade is over.
    private func nextFadeStep(since: Double) -> Double? {
        let end = since + Self.fadeDuration
        guard lastTick < end else { return nil }
        // The small margin keeps a step reached exactly (k * step, rounded) from coming due again.
        let taken = ((lastTick - since) / Self.fadeStep + 1e-9).rounded(.down)
        let next = since + (max(taken, 0) + 1) * Self.fadeStep
        return min(next, end)
    }

    /// How far the fade has gone at `now`: 0 active or off, 0...1 while dimming, 1 dimmed.
    public func dimProgress(at now: Double) -> Double {
        guard case .dimmed(_, let since) = phase else { return 0 }
        return min(max((now - since) / Self.fadeDuration, 0), 1)
    }

    /// Time has passed without input up to `now`: the stages entered, in order (both when a
    /// long pause crosses the dim and the off time at once); empty when none was.
    public mutating func tick(at now: Double) -> [IdleState] {
        var entered: [IdleState] = []
        lastTick = max(lastTick, now)
        while let due = stageDeadline, now >= due {
            switch phase {
            case .active(let last, _) where dimAfter != nil:
                phase = .dimmed(lastActivity: last, since: due)
                entered.append(.dimmed)
            case .active, .dimmed:
                phase = .off
                entered.append(.off)
            case .off, .waking:
                return entered
            }
        }
        return entered
    }

    /// The next stage change (not a fade step).
    private var stageDeadline: Double? {
        switch phase {
        case .active(let last, let fingers):
            guard fingers.isEmpty else { return nil }
            if let dim = dimAfter { return last + dim }
            return offAfter.map { last + $0 }
        case .dimmed(let last, _):
            return offAfter.map { last + $0 }
        case .off, .waking:
            return nil
        }
    }

    /// A touch event at `now`: delivered while active; the first finger down while dimmed
    /// or off wakes, and the whole gesture it starts is swallowed.
    public mutating func touch(_ touch: TouchPhase, slot: Int, at now: Double) -> Verdict {
        switch phase {
        case .active(_, var fingers):
            Self.update(&fingers, touch, slot)
            phase = .active(lastActivity: now, fingers: fingers)
            return .deliver
        case .dimmed, .off:
            guard touch == .down else { return .swallow }
            phase = .waking(fingers: [slot])
            return .wake
        case .waking(var fingers):
            Self.update(&fingers, touch, slot)
            phase = fingers.isEmpty && touch != .down ? .active(lastActivity: now, fingers: []) : .waking(fingers: fingers)
            return .swallow
        }
    }

    private static func update(_ fingers: inout Set<Int>, _ phase: TouchPhase, _ slot: Int) {
        switch phase {
        case .down: fingers.insert(slot)
        case .up, .cancel: fingers.remove(slot)
        case .motion, .frame: break
        }
    }
}
